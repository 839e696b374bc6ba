package nfload

import (
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/common/expfmt"
)

var t0 = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

// Fixed expositions. Node, two scrapes:
//
//	cpu 0: idle 100 → 101.5, user 80 → 80.4, system 20 → 20.1: Δidle 1.5 of Δtotal 2: u = 0.25
//	cpu 1: idle 50 → 50.5, user 40 → 41.2, system 10 → 10.3: Δidle 0.5 of Δtotal 2: u = 0.75
//	ω = (0.25 + 0.75) / 2 = 0.5
const (
	gaugeText = `# HELP hvlb_nf_cpu_utilization Share (0..1) of the NF's cores.
# TYPE hvlb_nf_cpu_utilization gauge
hvlb_nf_cpu_utilization 0.42
`
	labelledGauge = `# TYPE nf_cpu gauge
nf_cpu{nf="a",site="x"} 0.2
nf_cpu{nf="b",site="x"} 0.6
`
	node1 = `# HELP node_cpu_seconds_total Seconds the CPUs spent in each mode.
# TYPE node_cpu_seconds_total counter
node_cpu_seconds_total{cpu="0",mode="idle"} 100
node_cpu_seconds_total{cpu="0",mode="user"} 80
node_cpu_seconds_total{cpu="0",mode="system"} 20
node_cpu_seconds_total{cpu="1",mode="idle"} 50
node_cpu_seconds_total{cpu="1",mode="user"} 40
node_cpu_seconds_total{cpu="1",mode="system"} 10
`
	node2 = `# TYPE node_cpu_seconds_total counter
node_cpu_seconds_total{cpu="0",mode="idle"} 101.5
node_cpu_seconds_total{cpu="0",mode="user"} 80.4
node_cpu_seconds_total{cpu="0",mode="system"} 20.1
node_cpu_seconds_total{cpu="1",mode="idle"} 50.5
node_cpu_seconds_total{cpu="1",mode="user"} 41.2
node_cpu_seconds_total{cpu="1",mode="system"} 10.3
`
	// libvirt, two scrapes 2 s apart: nf-1 uses 3 s of CPU on 2 vCPUs: 3 / (2 × 2) = 0.75;
	// nf-2 2 s on 4 vCPUs: 2 / (2 × 4) = 0.25.
	libvirt1 = `# TYPE libvirt_domain_info_cpu_time_seconds_total counter
libvirt_domain_info_cpu_time_seconds_total{domain="nf-1"} 1000
libvirt_domain_info_cpu_time_seconds_total{domain="nf-2"} 500
# TYPE libvirt_domain_info_virtual_cpus gauge
libvirt_domain_info_virtual_cpus{domain="nf-1"} 2
libvirt_domain_info_virtual_cpus{domain="nf-2"} 4
`
	libvirt2 = `# TYPE libvirt_domain_info_cpu_time_seconds_total counter
libvirt_domain_info_cpu_time_seconds_total{domain="nf-1"} 1003
libvirt_domain_info_cpu_time_seconds_total{domain="nf-2"} 502
# TYPE libvirt_domain_info_virtual_cpus gauge
libvirt_domain_info_virtual_cpus{domain="nf-1"} 2
libvirt_domain_info_virtual_cpus{domain="nf-2"} 4
`
)

func parse(t *testing.T, text string) families {
	t.Helper()
	var p expfmt.TextParser
	fams, err := p.TextToMetricFamilies(strings.NewReader(text))
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	return fams
}

func TestGaugeUtil(t *testing.T) {
	tests := []struct {
		name    string
		text    string
		metric  string
		labels  map[string]string
		want    float64
		wantErr string
	}{
		{"nfsim gauge", gaugeText, DefaultGauge, nil, 0.42, ""},
		{"mean of the series", labelledGauge, "nf_cpu", nil, 0.4, ""},
		{"one series by label", labelledGauge, "nf_cpu", map[string]string{"nf": "b"}, 0.6, ""},
		{"two labels", labelledGauge, "nf_cpu", map[string]string{"nf": "a", "site": "x"}, 0.2, ""},
		{"no series matches", labelledGauge, "nf_cpu", map[string]string{"nf": "c"}, 0, "no series"},
		{"label absent", labelledGauge, "nf_cpu", map[string]string{"zone": "x"}, 0, "no series"},
		{"no metric", gaugeText, "nf_cpu", nil, 0, "no metric nf_cpu"},
		{"out of range", "x 1.5\n", "x", nil, 0, "want 0..1"},
		{"slightly above 1 is clamped", "x 1.01\n", "x", nil, 1, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := gaugeUtil(parse(t, tt.text), tt.metric, tt.labels)
			checkUtil(t, got, err, tt.want, tt.wantErr)
		})
	}
}

func TestCounterUtil(t *testing.T) {
	tests := []struct {
		name         string
		format       Format
		first, later string
		gap          time.Duration
		labels       map[string]string
		want         float64
		wantErr      string
	}{
		{"node, every cpu", FormatNode, node1, node2, 2 * time.Second, nil, 0.5, ""},
		{"node, cpu 1", FormatNode, node1, node2, 2 * time.Second, map[string]string{"cpu": "1"}, 0.75, ""},
		{"node, counters went back", FormatNode, node2, node1, 2 * time.Second, nil, 0, "second scrape"},
		{"node, no time passed", FormatNode, node1, node1, 2 * time.Second, nil, 0, "no CPU time passed"},
		{"libvirt nf-1", FormatLibvirt, libvirt1, libvirt2, 2 * time.Second, map[string]string{"domain": "nf-1"}, 0.75, ""},
		{"libvirt nf-2", FormatLibvirt, libvirt1, libvirt2, 2 * time.Second, map[string]string{"domain": "nf-2"}, 0.25, ""},
		{"libvirt, which domain", FormatLibvirt, libvirt1, libvirt2, 2 * time.Second, nil, 0, "set labels.domain"},
		{"libvirt, no such domain", FormatLibvirt, libvirt1, libvirt2, 2 * time.Second, map[string]string{"domain": "x"}, 0, "no series"},
		{"libvirt, counter went back", FormatLibvirt, libvirt2, libvirt1, 2 * time.Second, map[string]string{"domain": "nf-1"}, 0, "second scrape"},
		{"node metric missing", FormatNode, gaugeText, gaugeText, time.Second, nil, 0, "no metric node_cpu_seconds_total"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			prev, err := readCounters(tt.format, parse(t, tt.first), tt.labels, t0)
			if err != nil {
				checkUtil(t, 0, err, tt.want, tt.wantErr)
				return
			}
			if _, err := counterUtil(nil, prev); !errors.Is(err, ErrNeedAnotherScrape) {
				t.Fatalf("first scrape: err %v, want ErrNeedAnotherScrape", err)
			}
			cur, err := readCounters(tt.format, parse(t, tt.later), tt.labels, t0.Add(tt.gap))
			if err != nil {
				t.Fatalf("second scrape: %v", err)
			}
			got, err := counterUtil(prev, cur)
			checkUtil(t, got, err, tt.want, tt.wantErr)
		})
	}
}

func TestResolve(t *testing.T) {
	both := gaugeText + node1
	tests := []struct {
		name    string
		format  Format
		text    string
		want    Format
		wantErr bool
	}{
		{"gauge first", FormatAuto, both, FormatGauge, false},
		{"empty is auto", "", node1, FormatNode, false},
		{"libvirt", FormatAuto, libvirt1, FormatLibvirt, false},
		{"explicit wins", FormatNode, both, FormatNode, false},
		{"nothing known", FormatAuto, "up 1\n", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := resolve(tt.format, DefaultGauge, parse(t, tt.text))
			if got != tt.want || (err != nil) != tt.wantErr {
				t.Fatalf("resolve = %q, %v; want %q (error %v)", got, err, tt.want, tt.wantErr)
			}
		})
	}
}

func checkUtil(t *testing.T, got float64, err error, want float64, wantErr string) {
	t.Helper()
	if wantErr != "" {
		if err == nil || !strings.Contains(err.Error(), wantErr) {
			t.Fatalf("err = %v, want one with %q", err, wantErr)
		}
		return
	}
	if err != nil {
		t.Fatalf("err = %v", err)
	}
	if math.Abs(got-want) > 1e-9 {
		t.Fatalf("utilisation = %v, want %v", got, want)
	}
}
