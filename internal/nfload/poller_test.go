package nfload

import (
	"context"
	"errors"
	"math"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"hvlb/internal/model"
	"hvlb/internal/nfsim"
)

// exporter serves the given expositions in turn, the last one from then on.
func exporter(t *testing.T, texts ...string) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var n atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		i := int(n.Add(1)) - 1
		w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
		w.Write([]byte(texts[min(i, len(texts)-1)]))
	}))
	t.Cleanup(srv.Close)
	return srv, &n
}

// fakeClock is a settable clock for the poller and the store.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *fakeClock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

func newTestPoller(t *testing.T, cfg PollerConfig, targets ...Target) (*Poller, *Store, *fakeClock) {
	t.Helper()
	clk := &fakeClock{t: t0}
	st := NewStore()
	st.now = clk.now
	p := NewPoller(st, cfg)
	p.now = clk.now
	if err := p.SetTargets(targets); err != nil {
		t.Fatalf("SetTargets: %v", err)
	}
	return p, st, clk
}

// TestPollerFormats scrapes each fixed exporter twice, 2 s apart by the fake clock.
func TestPollerFormats(t *testing.T) {
	tests := []struct {
		name      string
		texts     []string
		target    Target
		wantFirst bool // a sample after the first scrape (gauge)
		want      float64
		format    Format
	}{
		{"gauge, auto", []string{gaugeText}, Target{}, true, 0.42, FormatGauge},
		{"named gauge with labels", []string{labelledGauge},
			Target{Format: FormatGauge, Metric: "nf_cpu", Labels: map[string]string{"nf": "b"}}, true, 0.6, FormatGauge},
		{"node", []string{node1, node2}, Target{Format: FormatNode}, false, 0.5, FormatNode},
		{"node, auto", []string{node1, node2}, Target{}, false, 0.5, FormatNode},
		{"libvirt", []string{libvirt1, libvirt2},
			Target{Format: FormatLibvirt, Labels: map[string]string{"domain": "nf-1"}}, false, 0.75, FormatLibvirt},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv, _ := exporter(t, tt.texts...)
			tt.target.NF, tt.target.URL = "10.1.0.11:80", srv.URL+"/metrics"
			p, st, clk := newTestPoller(t, PollerConfig{}, tt.target)
			p.ScrapeOnce(context.Background())
			if _, ok := st.Get("10.1.0.11:80"); ok != tt.wantFirst {
				t.Fatalf("sample after one scrape: %v, want %v (status %+v)", ok, tt.wantFirst, p.Status())
			}
			if !tt.wantFirst && !strings.Contains(p.Status()[0].Error, "second scrape") {
				t.Fatalf("status after one scrape: %+v", p.Status()[0])
			}
			clk.add(2 * time.Second)
			p.ScrapeOnce(context.Background())
			smp, ok := st.Get("10.1.0.11:80")
			if !ok || math.Abs(smp.Utilization-tt.want) > 1e-9 || !smp.At.Equal(t0.Add(2*time.Second)) ||
				smp.Source != tt.target.URL {
				t.Fatalf("sample %+v (%v), want %v at t0+2s from %s", smp, ok, tt.want, tt.target.URL)
			}
			s := p.Status()[0]
			if s.Format != tt.format || s.Error != "" || !s.LastSample.Equal(smp.At) {
				t.Fatalf("status %+v, want format %s and no error", s, tt.format)
			}
		})
	}
}

func TestPollerErrors(t *testing.T) {
	garbage := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("this is { not an exposition\n"))
	}))
	defer garbage.Close()
	failing := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "boom", http.StatusInternalServerError)
	}))
	defer failing.Close()
	release := make(chan struct{})
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	defer slow.Close()
	defer close(release)
	unknown, _ := exporter(t, "up 1\n")
	tests := []struct {
		name    string
		url     string
		wantErr string
	}{
		{"bad body", garbage.URL, "parse"},
		{"status", failing.URL, "500"},
		{"timeout", slow.URL, "deadline exceeded"},
		{"no known metric", unknown.URL, "none of"},
		{"nothing listening", "http://127.0.0.1:1/metrics", "connect"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, st, _ := newTestPoller(t, PollerConfig{Timeout: 200 * time.Millisecond}, Target{NF: "nf", URL: tt.url})
			start := time.Now()
			p.ScrapeOnce(context.Background())
			if d := time.Since(start); d > 2*time.Second {
				t.Fatalf("scrape took %v", d)
			}
			if _, ok := st.Get("nf"); ok {
				t.Fatal("a failed scrape stored a sample")
			}
			s := p.Status()[0]
			if !strings.Contains(s.Error, tt.wantErr) || !s.LastScrape.Equal(t0) {
				t.Fatalf("status %+v, want error with %q", s, tt.wantErr)
			}
		})
	}
}

// TestPollerCounterReset: a counter that goes back restarts the pair; no sample until the
// next scrape.
func TestPollerCounterReset(t *testing.T) {
	srv, _ := exporter(t, node2, node1, node2)
	p, st, clk := newTestPoller(t, PollerConfig{}, Target{NF: "nf", URL: srv.URL, Format: FormatNode})
	for range 2 {
		p.ScrapeOnce(context.Background())
		clk.add(2 * time.Second)
	}
	if _, ok := st.Get("nf"); ok {
		t.Fatal("sample across a counter reset")
	}
	p.ScrapeOnce(context.Background())
	if smp, ok := st.Get("nf"); !ok || math.Abs(smp.Utilization-0.5) > 1e-9 {
		t.Fatalf("after the reset: %+v %v, want 0.5", smp, ok)
	}
}

// TestSetTargetsKeepsState: re-setting an unchanged target keeps its last scrape; a changed
// one starts again.
func TestSetTargetsKeepsState(t *testing.T) {
	srv, _ := exporter(t, node1, node2, node1, node2)
	tg := Target{NF: "nf", URL: srv.URL, Format: FormatNode, Labels: map[string]string{"cpu": "0"}}
	p, st, clk := newTestPoller(t, PollerConfig{}, tg)
	p.ScrapeOnce(context.Background())
	same := tg
	same.Labels = map[string]string{"cpu": "0"}
	if err := p.SetTargets([]Target{same}); err != nil {
		t.Fatal(err)
	}
	clk.add(2 * time.Second)
	p.ScrapeOnce(context.Background())
	if smp, ok := st.Get("nf"); !ok || math.Abs(smp.Utilization-0.25) > 1e-9 {
		t.Fatalf("kept state: %+v %v, want 0.25 (cpu 0)", smp, ok)
	}
	changed := tg
	changed.Labels = map[string]string{"cpu": "1"}
	if err := p.SetTargets([]Target{changed}); err != nil {
		t.Fatal(err)
	}
	p.ScrapeOnce(context.Background())
	if s := p.Status()[0]; !strings.Contains(s.Error, "second scrape") {
		t.Fatalf("changed target: status %+v, want a fresh start", s)
	}
	if err := p.SetTargets(nil); err != nil || len(p.Status()) != 0 {
		t.Fatalf("no targets: %v %v", err, p.Status())
	}
}

func TestSetTargetsValidation(t *testing.T) {
	ok := Target{NF: "a", URL: "http://10.1.0.11:9100/metrics"}
	tests := []struct {
		name  string
		ts    []Target
		field string
	}{
		{"fine", []Target{ok, {NF: "b", URL: "https://x/metrics", Format: FormatLibvirt}}, ""},
		{"no nf", []Target{{URL: ok.URL}}, "targets[0].nf"},
		{"bad url", []Target{ok, {NF: "b", URL: "ftp://x"}}, "targets[1].url"},
		{"no host", []Target{{NF: "b", URL: "http:///metrics"}}, "targets[0].url"},
		{"bad format", []Target{{NF: "b", URL: ok.URL, Format: "snmp"}}, "targets[0].format"},
		{"metric on node", []Target{{NF: "b", URL: ok.URL, Format: FormatNode, Metric: "x"}}, "targets[0].metric"},
		{"two for one NF", []Target{ok, ok}, "targets[1].nf"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := NewPoller(NewStore(), PollerConfig{}).SetTargets(tt.ts)
			var fe *model.FieldError
			switch {
			case tt.field == "" && err != nil:
				t.Fatalf("SetTargets = %v", err)
			case tt.field != "" && (!errors.As(err, &fe) || fe.Field != tt.field):
				t.Fatalf("SetTargets = %v, want a FieldError on %s", err, tt.field)
			}
		})
	}
}

func TestPush(t *testing.T) {
	tests := []struct {
		name    string
		nf      string
		util    float64
		at      time.Time
		wantErr string
	}{
		{"fine", "nf", 0.3, t0, ""},
		{"no nf", "", 0.3, t0, "nf: required"},
		{"negative", "nf", -0.1, t0, "want 0..1"},
		{"above 1", "nf", 1.2, t0, "want 0..1"},
		{"NaN", "nf", math.NaN(), t0, "want 0..1"},
		{"no time", "nf", 0.3, time.Time{}, "at: required"},
		{"future", "nf", 0.3, t0.Add(2 * time.Minute), "in the future"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := NewStore()
			st.now = func() time.Time { return t0 }
			err := st.Push(tt.nf, tt.util, tt.at)
			if tt.wantErr == "" {
				smp, ok := st.Get(tt.nf)
				if err != nil || !ok || smp.Utilization != tt.util || smp.Source != SourcePush {
					t.Fatalf("Push = %v, sample %+v %v", err, smp, ok)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) || !errors.Is(err, ErrInvalidSample) {
				t.Fatalf("Push = %v, want ErrInvalidSample with %q", err, tt.wantErr)
			}
		})
	}
}

// TestNewestWins: pushed and scraped samples of one NF, the newer one is kept.
func TestNewestWins(t *testing.T) {
	srv, _ := exporter(t, gaugeText)
	p, st, clk := newTestPoller(t, PollerConfig{}, Target{NF: "nf", URL: srv.URL})
	if err := st.Push("nf", 0.9, t0.Add(5*time.Second)); err != nil {
		t.Fatal(err)
	}
	clk.add(3 * time.Second)
	p.ScrapeOnce(context.Background()) // at t0+3s: older than the push
	if smp, _ := st.Get("nf"); smp.Source != SourcePush || smp.Utilization != 0.9 {
		t.Fatalf("after an older scrape: %+v", smp)
	}
	if err := st.Push("nf", 0.1, t0.Add(4*time.Second)); err != nil { // older push: ignored
		t.Fatal(err)
	}
	clk.add(7 * time.Second)
	p.ScrapeOnce(context.Background()) // at t0+10s
	if smp, _ := st.Get("nf"); smp.Source != srv.URL || smp.Utilization != 0.42 {
		t.Fatalf("after a newer scrape: %+v", smp)
	}
	if all := st.All(); len(all) != 1 {
		t.Fatalf("All = %v", all)
	}
	st.Forget("nf")
	if _, ok := st.Get("nf"); ok {
		t.Fatal("Forget kept the sample")
	}
}

// TestRun: Run scrapes on its own every interval and stops with its context.
func TestRun(t *testing.T) {
	srv, n := exporter(t, gaugeText)
	st := NewStore()
	p := NewPoller(st, PollerConfig{Interval: 20 * time.Millisecond})
	if err := p.SetTargets([]Target{{NF: "nf", URL: srv.URL}}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { p.Run(ctx); close(done) }()
	deadline := time.Now().Add(5 * time.Second)
	for n.Load() < 3 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	cancel()
	<-done
	if n.Load() < 3 {
		t.Fatalf("%d scrapes in 5 s at a 20 ms interval", n.Load())
	}
	if smp, ok := st.Get("nf"); !ok || smp.Utilization != 0.42 {
		t.Fatalf("sample %+v %v", smp, ok)
	}
}

// TestNFSim scrapes a real hvlb-nfsim started in-process: its gauge follows its CPU-load
// knob, and its node_cpu_seconds_total gives a utilisation from two scrapes.
func TestNFSim(t *testing.T) {
	s, err := nfsim.New(nfsim.Config{Name: "nf-a", AdminAddr: "127.0.0.1:0", CPUWindow: 400 * time.Millisecond})
	if err != nil {
		t.Fatalf("nfsim.New: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx) }()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("nfsim Run: %v", err)
		}
	}()
	url := "http://" + s.Addrs().Admin.String() + "/metrics"
	st := NewStore()
	p := NewPoller(st, PollerConfig{Timeout: 2 * time.Second})
	if err := p.SetTargets([]Target{{NF: "gauge", URL: url}, {NF: "node", URL: url, Format: FormatNode}}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Update(ctx, nfsim.Patch{CPULoadPct: ptr(60)}); err != nil {
		t.Fatalf("nfsim Update: %v", err)
	}
	p.ScrapeOnce(ctx) // the node target needs two
	deadline := time.Now().Add(10 * time.Second)
	for {
		time.Sleep(200 * time.Millisecond)
		p.ScrapeOnce(ctx)
		smp, ok := st.Get("gauge")
		if ok && smp.Utilization >= 0.35 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("gauge %+v %v after 10 s at 60%% load; status %+v", smp, ok, p.Status())
		}
	}
	if _, err := s.Update(ctx, nfsim.Patch{CPULoadPct: ptr(0)}); err != nil {
		t.Fatalf("nfsim Update: %v", err)
	}
	smp, ok := st.Get("node")
	if !ok || smp.Utilization < 0 || smp.Utilization > 1 {
		t.Fatalf("node sample %+v %v; status %+v", smp, ok, p.Status())
	}
	for _, s := range p.Status() {
		if s.Error != "" {
			t.Errorf("status %+v", s)
		}
	}
	if f := p.Status()[0].Format; f != FormatGauge {
		t.Errorf("auto resolved to %q, want gauge", f)
	}
}

func ptr(v float64) *float64 { return &v }
