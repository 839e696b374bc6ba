// Package nfload measures the CPU utilisation ω of NFs for the comprehensive-ability policy
// (internal/policy): a Poller scrapes each NF's Prometheus endpoint every interval, and the
// NFV manager can push values through the controller's API; a Store keeps the newest value
// and its time per NF from either.
//
// Exposition formats (Target.Format):
//   - gauge: a gauge in 0..1, by default hvlb_nf_cpu_utilization (the lab's NF emulator,
//     internal/nfsim); the mean over the series that match Target.Labels. One scrape.
//   - node: node_exporter's node_cpu_seconds_total{cpu, mode}. Per CPU,
//     u = 1 − Δidle / Δtotal between two scrapes, where total is the sum over every mode
//     (so the exporter's own clock is the time base, whatever the scrape latency); ω is the
//     mean over the CPUs that match Target.Labels. Needs two scrapes; a counter that goes
//     back (a reboot) restarts the pair.
//   - libvirt: the libvirt exporter's libvirt_domain_info_cpu_time_seconds_total{domain}
//     and libvirt_domain_info_virtual_cpus{domain}: ω = Δcpu_time / (Δt × vcpus), Δt
//     between the two scrapes by the poller's clock. Target.Labels picks the domain
//     ({"domain": "nf-1"}) when the host runs several.
//   - auto: gauge if its metric is there, else node, else libvirt.
//
// Utilisations are clamped to [0, 1].
package nfload

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"time"

	dto "github.com/prometheus/client_model/go"

	"hvlb/internal/apitypes"
)

// Format is the kind of exporter a target is (declared with the API's types, which show
// it).
type Format = apitypes.ScrapeFormat

const (
	FormatAuto    Format = "auto"
	FormatGauge   Format = "gauge"
	FormatNode    Format = "node"
	FormatLibvirt Format = "libvirt"
)

// Metric names.
const (
	DefaultGauge      = "hvlb_nf_cpu_utilization"
	NodeCPUSeconds    = "node_cpu_seconds_total"
	LibvirtCPUTime    = "libvirt_domain_info_cpu_time_seconds_total"
	LibvirtVirtualCPU = "libvirt_domain_info_virtual_cpus"
)

// ErrNeedAnotherScrape says that a counter format has no earlier scrape to compare with
// (the first one, or after a counter reset).
var ErrNeedAnotherScrape = errors.New("waiting for a second scrape")

// errNoProgress: the counters did not move since the last scrape, which stays the base.
var errNoProgress = fmt.Errorf("no CPU time passed since the last scrape: %w", ErrNeedAnotherScrape)

// families is a parsed exposition, by metric name.
type families map[string]*dto.MetricFamily

// counters is what a counter format keeps of one scrape for the next.
type counters struct {
	at     time.Time
	format Format
	idle   map[string]float64 // node: by cpu
	total  map[string]float64 // node: by cpu, the sum over modes
	cpu    float64            // libvirt: cpu time, s
	vcpus  float64            // libvirt
}

// resolve picks the format of an exposition for a target set to auto.
func resolve(f Format, gauge string, fams families) (Format, error) {
	if f != FormatAuto && f != "" {
		return f, nil
	}
	switch {
	case fams[gauge] != nil:
		return FormatGauge, nil
	case fams[NodeCPUSeconds] != nil:
		return FormatNode, nil
	case fams[LibvirtCPUTime] != nil:
		return FormatLibvirt, nil
	}
	return "", fmt.Errorf("none of %s, %s, %s in the exposition", gauge, NodeCPUSeconds, LibvirtCPUTime)
}

// matches says whether a series carries every label of want.
func matches(m *dto.Metric, want map[string]string) bool {
	n := 0
	for _, lp := range m.GetLabel() {
		if v, ok := want[lp.GetName()]; ok {
			if v != lp.GetValue() {
				return false
			}
			n++
		}
	}
	return n == len(want)
}

// value is a series' value whatever its type (gauge, counter, untyped).
func value(m *dto.Metric) float64 {
	switch {
	case m.GetGauge() != nil:
		return m.GetGauge().GetValue()
	case m.GetCounter() != nil:
		return m.GetCounter().GetValue()
	case m.GetUntyped() != nil:
		return m.GetUntyped().GetValue()
	}
	return math.NaN()
}

func label(m *dto.Metric, name string) string {
	for _, lp := range m.GetLabel() {
		if lp.GetName() == name {
			return lp.GetValue()
		}
	}
	return ""
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

func clamp01(v float64) float64 { return math.Min(1, math.Max(0, v)) }

// gaugeUtil is the mean of the matching series of a 0..1 gauge.
func gaugeUtil(fams families, name string, want map[string]string) (float64, error) {
	mf := fams[name]
	if mf == nil {
		return 0, fmt.Errorf("no metric %s", name)
	}
	sum, n := 0.0, 0
	for _, m := range mf.GetMetric() {
		if !matches(m, want) {
			continue
		}
		v := value(m)
		if !finite(v) || v < 0 || v > 1.05 {
			return 0, fmt.Errorf("%s = %v: want 0..1", name, v)
		}
		sum += v
		n++
	}
	if n == 0 {
		return 0, fmt.Errorf("no series of %s matches labels %v", name, want)
	}
	return clamp01(sum / float64(n)), nil
}

// readCounters takes what a counter format needs from one scrape.
func readCounters(f Format, fams families, want map[string]string, at time.Time) (*counters, error) {
	c := &counters{at: at, format: f}
	switch f {
	case FormatNode:
		mf := fams[NodeCPUSeconds]
		if mf == nil {
			return nil, fmt.Errorf("no metric %s", NodeCPUSeconds)
		}
		c.idle, c.total = map[string]float64{}, map[string]float64{}
		for _, m := range mf.GetMetric() {
			if !matches(m, want) {
				continue
			}
			v := value(m)
			if !finite(v) || v < 0 {
				return nil, fmt.Errorf("%s{cpu=%q,mode=%q} = %v", NodeCPUSeconds, label(m, "cpu"), label(m, "mode"), v)
			}
			cpu := label(m, "cpu")
			c.total[cpu] += v
			if label(m, "mode") == "idle" {
				c.idle[cpu] += v
			}
		}
		if len(c.total) == 0 {
			return nil, fmt.Errorf("no series of %s matches labels %v", NodeCPUSeconds, want)
		}
	case FormatLibvirt:
		cpu, dom, err := oneSeries(fams, LibvirtCPUTime, want)
		if err != nil {
			return nil, err
		}
		vm := map[string]string{"domain": dom}
		for k, v := range want {
			vm[k] = v
		}
		vcpus, _, err := oneSeries(fams, LibvirtVirtualCPU, vm)
		if err != nil {
			return nil, err
		}
		if vcpus < 1 {
			return nil, fmt.Errorf("%s{domain=%q} = %v", LibvirtVirtualCPU, dom, vcpus)
		}
		c.cpu, c.vcpus = cpu, vcpus
	default:
		return nil, fmt.Errorf("format %q has no counters", f)
	}
	return c, nil
}

// oneSeries is the value and domain of the one series of name that matches want.
func oneSeries(fams families, name string, want map[string]string) (float64, string, error) {
	mf := fams[name]
	if mf == nil {
		return 0, "", fmt.Errorf("no metric %s", name)
	}
	var found []*dto.Metric
	for _, m := range mf.GetMetric() {
		if matches(m, want) {
			found = append(found, m)
		}
	}
	switch len(found) {
	case 0:
		return 0, "", fmt.Errorf("no series of %s matches labels %v", name, want)
	case 1:
		v := value(found[0])
		if !finite(v) || v < 0 {
			return 0, "", fmt.Errorf("%s = %v", name, v)
		}
		return v, label(found[0], "domain"), nil
	}
	var doms []string
	for _, m := range found {
		doms = append(doms, label(m, "domain"))
	}
	sort.Strings(doms)
	return 0, "", fmt.Errorf("%d series of %s match labels %v (domains %v): set labels.domain",
		len(found), name, want, doms)
}

// counterUtil is the utilisation between two scrapes of a counter format.
func counterUtil(prev, cur *counters) (float64, error) {
	if prev == nil || prev.format != cur.format || !cur.at.After(prev.at) {
		return 0, ErrNeedAnotherScrape
	}
	switch cur.format {
	case FormatNode:
		sum, n := 0.0, 0
		for cpu, tot := range cur.total {
			pt, ok := prev.total[cpu]
			if !ok {
				continue
			}
			dTotal, dIdle := tot-pt, cur.idle[cpu]-prev.idle[cpu]
			if dTotal < 0 || dIdle < 0 {
				return 0, ErrNeedAnotherScrape // the counters restarted
			}
			if dTotal == 0 {
				continue
			}
			sum += clamp01(1 - dIdle/dTotal)
			n++
		}
		if n == 0 {
			return 0, errNoProgress
		}
		return sum / float64(n), nil
	case FormatLibvirt:
		d := cur.cpu - prev.cpu
		if d < 0 {
			return 0, ErrNeedAnotherScrape
		}
		return clamp01(d / (cur.at.Sub(prev.at).Seconds() * cur.vcpus)), nil
	}
	return 0, fmt.Errorf("format %q has no counters", cur.format)
}
