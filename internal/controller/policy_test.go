package controller

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"hvlb/internal/apitypes"
	"hvlb/internal/model"
	"hvlb/internal/pb/ctlpb"
	"hvlb/internal/policy"
	"hvlb/internal/store"
)

// cpuEndpoint is an NF's metrics endpoint serving a settable gauge.
type cpuEndpoint struct {
	srv  *httptest.Server
	util atomic.Value // float64
}

func newCPUEndpoint(t *testing.T, util float64) *cpuEndpoint {
	e := &cpuEndpoint{}
	e.util.Store(util)
	e.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "# TYPE hvlb_nf_cpu_utilization gauge\nhvlb_nf_cpu_utilization %v\n", e.util.Load())
	}))
	t.Cleanup(e.srv.Close)
	return e
}

func (e *cpuEndpoint) url() string { return e.srv.URL + "/metrics" }

// policyBed is a controller on the real clock (the poller's samples carry it) whose policy
// rounds the test runs itself.
type policyBed struct {
	t    *testing.T
	c    *Controller
	st   *store.Store
	cpu  []*cpuEndpoint
	svc  string
	stop func()
}

func params(edit func(*model.PolicyParams)) *model.PolicyParams {
	p := policy.DefaultParams().Model()
	p.Smoothing, p.SmoothingTauMS = 1, 0 // no smoothing: one round is the arithmetic
	if edit != nil {
		edit(&p)
	}
	return &p
}

func newPolicyBed(t *testing.T, dir string, pp *model.PolicyParams, warmup time.Duration) *policyBed {
	t.Helper()
	st, err := store.Open(filepath.Join(dir, "c.db"))
	mustNil(t, err)
	c, err := New(Config{Store: st, Log: quiet(), Policy: PolicyConfig{Interval: time.Hour, Warmup: warmup,
		HistoryEvery: time.Hour, HistorySize: 4}})
	mustNil(t, err)
	cctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { c.Run(cctx); close(done) }()
	b := &policyBed{t: t, c: c, st: st, svc: "tcp-10.0.0.1-80"}
	b.stop = func() { cancel(); <-done; st.Close() }
	t.Cleanup(func() {
		if b.stop != nil {
			b.stop()
		}
	})
	_, err = c.Register(ctx(), model.Forwarder{ID: "fwd-a"})
	mustNil(t, err)
	if pp == nil {
		return b
	}
	s := model.Service{Protocol: "tcp", VIP: "10.0.0.1", Port: 80,
		Policy: model.Policy{Kind: model.PolicyComprehensive, PolicyParams: pp}}
	for i := range 3 {
		e := newCPUEndpoint(t, 0.1)
		b.cpu = append(b.cpu, e)
		s.Reals = append(s.Reals, model.Real{Address: fmt.Sprintf("10.1.0.%d", i+1), Port: 80, Weight: 100 * (i + 1),
			MetricsURL: e.url(), CapacityMbps: 1000})
	}
	_, err = c.CreateService(ctx(), s)
	mustNil(t, err)
	return b
}

// round scrapes the NFs' endpoints (when scrape) and runs one policy round.
func (b *policyBed) round(scrape bool) {
	b.t.Helper()
	if scrape {
		mustNil(b.t, b.c.do(ctx(), func(s *state) {
			svcs := []model.Service{}
			b.st.View(func(t *store.ReadTx) (err error) { svcs, err = t.Services(); return })
			b.c.setScrapeTargets(svcs)
		}))
		b.c.pr.poller.ScrapeOnce(ctx())
	}
	mustNil(b.t, b.c.do(ctx(), b.c.runPolicies))
}

// paths reports RTTs (ms) towards the three reals from fwd-a.
func (b *policyBed) paths(rtts ...float64) {
	b.t.Helper()
	time.Sleep(2 * time.Millisecond) // a newer arrival time than the last report
	mustNil(b.t, b.c.RecordReport(ctx(), report("fwd-a", 1, func(r *ctlpb.AgentReport) {
		for i, rtt := range rtts {
			r.Paths = append(r.Paths, &ctlpb.PathMeasurement{Address: fmt.Sprintf("10.1.0.%d", i+1), Port: 80,
				RttMs: rtt, ThroughputMbps: 100, RttSource: "probe-http"})
		}
	})))
}

// desired returns the weights fwd-a's desired state gives the three reals.
func (b *policyBed) desired() []int {
	b.t.Helper()
	return b.desiredOf("fwd-a")
}

func (b *policyBed) view() apitypes.PolicyView {
	b.t.Helper()
	v, err := b.c.ServicePolicy(ctx(), b.svc, -1)
	mustNil(b.t, err)
	return v
}

func eqInts(a, b []int) bool { return fmt.Sprint(a) == fmt.Sprint(b) }

// TestPolicyLoop: the weights follow path RTT and NF CPU, reach the desired state, and
// go back to the operator's when the service turns static.
func TestPolicyLoop(t *testing.T) {
	b := newPolicyBed(t, t.TempDir(), params(func(p *model.PolicyParams) { p.Gamma, p.CPUHigh = 0.5, 0.8 }), 0)

	// No measurement yet: every input neutral, equal weights.
	b.round(false)
	if got := b.desired(); !eqInts(got, []int{3334, 3333, 3333}) {
		t.Fatalf("first round: desired weights %v", got)
	}
	v := b.view()
	if v.Source != "policy" || v.Current == nil || !v.Current.Publish || len(v.History) != 1 || v.Published == nil {
		t.Fatalf("view after the first round: %+v", v)
	}

	// Real 2 is 20 ms away (the others under the 1 ms floor): φ2 = 1/20, a = 1, 0.525, 1.
	b.paths(0.3, 20, 0.5)
	b.round(true)
	want := []int{3961, 2079, 3960} // λ = a/Σa, Σa = 2.525 (η = 1: equal CPU)
	if got := b.desired(); !eqInts(got, want) {
		t.Fatalf("real 2 delayed: desired %v, want %v (explanations %+v)", got, want, b.view().Current.NFs)
	}
	e := b.view().Current.NFs[1]
	if e.ID != "10.1.0.2:80" || e.Paths[0].RTTMs != 20 || e.CPUData != policy.DataFresh || e.CPU != 0.1 {
		t.Fatalf("explanation of real 2: %+v", e)
	}

	// Real 3 busy: filtered out above cpu_high 0.8.
	b.cpu[2].util.Store(0.95)
	b.paths(0.3, 20, 0.5)
	b.round(true)
	want = []int{6557, 3443, 0} // a = 1, 0.525; Σ 1.525
	if got := b.desired(); !eqInts(got, want) {
		t.Fatalf("real 3 busy: desired %v, want %v", got, want)
	}
	v = b.view()
	if f := v.Current.NFs[2].Filtered; !strings.Contains(f, "cpu 0.950 > cpu_high 0.800") {
		t.Fatalf("real 3 filtered %q", f)
	}
	if len(v.Scrapes) != 3 || v.Scrapes[2].Error != "" {
		t.Fatalf("scrapes %+v", v.Scrapes)
	}
	m := gather(t, b.c)
	for key, want := range map[string]float64{
		"hvlb_policy_weight,real=10.1.0.1:80,service=tcp-10.0.0.1-80":                    6557,
		"hvlb_policy_input_rtt_ms,real=10.1.0.2:80,service=tcp-10.0.0.1-80":              20,
		"hvlb_policy_input_avail_mbps,real=10.1.0.2:80,service=tcp-10.0.0.1-80":          900,
		"hvlb_policy_input_cpu,real=10.1.0.3:80,service=tcp-10.0.0.1-80":                 0.95,
		"hvlb_policy_filtered,real=10.1.0.3:80,reason=cpu,service=tcp-10.0.0.1-80":       1,
		"hvlb_policy_filtered,real=10.1.0.3:80,reason=path,service=tcp-10.0.0.1-80":      0,
		"hvlb_policy_filtered,real=10.1.0.1:80,reason=cpu,service=tcp-10.0.0.1-80":       0,
		"hvlb_policy_fallback,service=tcp-10.0.0.1-80":                                   0,
		"hvlb_policy_fallbacks_total,service=tcp-10.0.0.1-80":                            0,
		"hvlb_policy_publishes_total,service=tcp-10.0.0.1-80":                            3,
		"hvlb_real_weight,real=10.1.0.3:80,service=tcp-10.0.0.1-80":                      300, // the operator's
		"hvlb_path_throughput_mbps,forwarder=fwd-a,real=10.1.0.2:80":                     100,
		"hvlb_policy_lambda,real=10.1.0.3:80,service=tcp-10.0.0.1-80":                    0,
		"hvlb_policy_filtered,real=10.1.0.2:80,reason=unhealthy,service=tcp-10.0.0.1-80": 0,
	} {
		if got, ok := m[key]; !ok || got != want {
			t.Errorf("%s = %v (present %v), want %v", key, got, ok, want)
		}
	}

	// Every NF busy: the fall-back gives all equal weights, once alerted.
	for _, e := range b.cpu {
		e.util.Store(0.97)
	}
	b.paths(0.3, 20, 0.5)
	b.round(true)
	b.round(false)
	v = b.view()
	if got := b.desired(); !eqInts(got, []int{3334, 3333, 3333}) || !v.Current.Fallback || v.Fallbacks != 1 {
		t.Fatalf("fall-back: desired %v, view %+v", got, v.Current)
	}
	if m := gather(t, b.c); m["hvlb_policy_fallbacks_total,service=tcp-10.0.0.1-80"] != 1 ||
		m["hvlb_policy_fallback,service=tcp-10.0.0.1-80"] != 1 {
		t.Errorf("fall-back metrics %v", m)
	}
	if len(v.History) != 4 { // bounded: 5 recorded rounds, HistorySize 4
		t.Errorf("history of %d entries", len(v.History))
	}

	// Drained: weight 0 whatever the policy says, and explained.
	for _, e := range b.cpu {
		e.util.Store(0.1)
	}
	_, err := b.c.PatchReal(ctx(), b.svc, "10.1.0.1", 80, RealPatch{Drain: ptrTo(true)})
	mustNil(t, err)
	b.paths(0.3, 0.3, 0.3)
	b.round(true)
	if got := b.desired(); !eqInts(got, []int{0, 5000, 5000}) || b.view().Current.NFs[0].Filtered != "drained" {
		t.Fatalf("drained: desired %v, %+v", got, b.view().Current.NFs[0])
	}

	// Back to static: the operator's weights, the stored ones dropped.
	static := model.Policy{Kind: model.PolicyStatic}
	_, err = b.c.ReplaceService(ctx(), b.svc, ServiceUpdate{Policy: &static})
	mustNil(t, err)
	b.round(false)
	if got := b.desired(); !eqInts(got, []int{0, 200, 300}) {
		t.Fatalf("static again: desired %v", got)
	}
	v = b.view()
	if v.Source != "operator" || v.Current != nil || len(v.History) != 0 || len(v.Scrapes) != 0 {
		t.Fatalf("static view %+v", v)
	}
	mustNil(t, b.st.View(func(tx *store.ReadTx) error {
		pws, err := tx.PolicyWeights()
		if len(pws) != 0 {
			t.Errorf("stored weights left: %v", pws)
		}
		return err
	}))
}

func ptrTo[T any](v T) *T { return &v }

// TestPolicyWarmup: a controller restarted on the same store serves the stored weights
// until the warm-up has passed, then computes again.
func TestPolicyWarmup(t *testing.T) {
	dir := t.TempDir()
	b := newPolicyBed(t, dir, params(nil), 0)
	b.paths(0.3, 20, 0.5)
	b.round(true)
	before := b.desired()
	if eqInts(before, []int{3334, 3333, 3333}) {
		t.Fatalf("weights did not move: %v", before)
	}
	b.stop()
	b.stop = nil

	b2 := newPolicyBed(t, dir, nil, time.Hour)
	b2.round(false)
	if got := b2.desired(); !eqInts(got, before) {
		t.Fatalf("restarted: desired %v, want the stored %v", got, before)
	}
	if v := b2.view(); v.Source != "policy" || v.Current != nil {
		t.Fatalf("restarted view %+v", v)
	}
	b2.c.pr.started = b2.c.pr.started.Add(-2 * time.Hour) // the warm-up is over
	b2.round(false)
	if got := b2.desired(); !eqInts(got, []int{3334, 3333, 3333}) {
		t.Fatalf("after the warm-up (no measurements): %v", got)
	}
}

// TestPolicyValidation: parameters out of range are refused naming the field; a static
// service has no parameters.
func TestPolicyValidation(t *testing.T) {
	c := newCtl(t, newClock(), "")
	s := service("10.0.0.1", 80, nil, model.Real{Address: "10.1.0.1", Port: 80, Weight: 1})
	s.Policy = model.Policy{Kind: model.PolicyComprehensive, PolicyParams: params(func(p *model.PolicyParams) { p.Gamma = 2 })}
	_, err := c.CreateService(ctx(), s)
	var fe *model.FieldError
	if !errors.As(err, &fe) || fe.Field != "policy.gamma" {
		t.Fatalf("gamma 2: %v", err)
	}
	s.Policy.PolicyParams.Gamma = 0.5
	out, err := c.CreateService(ctx(), s)
	mustNil(t, err)
	bad := model.Policy{Kind: model.PolicyComprehensive, PolicyParams: params(func(p *model.PolicyParams) { p.CPUHigh = 0 })}
	if _, err := c.ReplaceService(ctx(), out.ID, ServiceUpdate{Policy: &bad}); !errors.As(err, &fe) || fe.Field != "policy.cpu_high" {
		t.Fatalf("cpu_high 0: %v", err)
	}
	// PUT without a policy keeps it.
	got, err := c.ReplaceService(ctx(), out.ID, ServiceUpdate{Input: apitypes.ServiceInput{Mode: "nat", Scheduler: "random"}})
	mustNil(t, err)
	if !got.Comprehensive() || got.Policy.Gamma != 0.5 {
		t.Fatalf("policy after a PUT without one: %+v", got.Policy)
	}
	_, err = c.PatchReal(ctx(), out.ID, "10.1.0.1", 80, RealPatch{MetricsURL: strp("gopher://x")})
	if !errors.As(err, &fe) || fe.Field != "metrics_url" {
		t.Fatalf("bad metrics_url: %v", err)
	}
	r, err := c.PatchReal(ctx(), out.ID, "10.1.0.1", 80, RealPatch{MetricsURL: strp("http://10.1.0.1:9100/metrics"),
		CapacityMbps: ptrTo(2500.0)})
	mustNil(t, err)
	if r.MetricsURL != "http://10.1.0.1:9100/metrics" || r.CapacityMbps != 2500 {
		t.Fatalf("patched %+v", r)
	}
}

// TestEffectiveWeight: what the forwarders get for a real.
func TestEffectiveWeight(t *testing.T) {
	comp := service("10.0.0.1", 80, nil)
	comp.Policy = model.Policy{Kind: model.PolicyComprehensive, PolicyParams: params(nil)}
	static := service("10.0.0.1", 80, nil)
	pw := &model.PolicyWeights{Weights: map[string]int{"10.1.0.1:80": 6000, "10.1.0.2:80": 4000, "10.1.0.3:80": 0}}
	tests := []struct {
		name string
		svc  *model.Service
		r    model.Real
		pw   *model.PolicyWeights
		want int
	}{
		{"static", &static, model.Real{Address: "10.1.0.1", Port: 80, Weight: 7}, pw, 7},
		{"policy", &comp, model.Real{Address: "10.1.0.1", Port: 80, Weight: 7}, pw, 6000},
		{"policy 0", &comp, model.Real{Address: "10.1.0.3", Port: 80, Weight: 7}, pw, 0},
		{"drained", &comp, model.Real{Address: "10.1.0.1", Port: 80, Weight: 7, Drain: true}, pw, 0},
		{"drained, static", &static, model.Real{Address: "10.1.0.1", Port: 80, Weight: 7, Drain: true}, nil, 0},
		{"drained, nothing published", &comp, model.Real{Address: "10.1.0.1", Port: 80, Weight: 7, Drain: true}, nil, 0},
		{"drained new real", &comp, model.Real{Address: "10.1.0.9", Port: 80, Weight: 7, Drain: true}, pw, 0},
		{"nothing published", &comp, model.Real{Address: "10.1.0.1", Port: 80, Weight: 7}, nil, 7},
		{"new real: mean of the others", &comp, model.Real{Address: "10.1.0.9", Port: 80, Weight: 7}, pw, 5000},
		{"new real of weight 0", &comp, model.Real{Address: "10.1.0.9", Port: 80}, pw, 0},
		{"new real, all others 0", &comp, model.Real{Address: "10.1.0.9", Port: 80, Weight: 7},
			&model.PolicyWeights{Weights: map[string]int{"10.1.0.3:80": 0}}, 7},
	}
	for _, tt := range tests {
		if got := effectiveWeight(tt.svc, &tt.r, tt.pw); got != tt.want {
			t.Errorf("%s: %d, want %d", tt.name, got, tt.want)
		}
	}
}

// TestRecordPaths: measurements are kept by real key and canonical address; each report
// with measurements replaces the set.
func TestRecordPaths(t *testing.T) {
	var r fwdRuntime
	now := time.Unix(100, 0)
	r.recordPaths([]*ctlpb.PathMeasurement{{Address: "fd00:0::11", Port: 80, RttMs: 1}, {Address: "10.1.0.1", Port: 70000}}, now)
	r.recordPaths([]*ctlpb.PathMeasurement{{Address: "fd00::11", Port: 80, RttMs: 2}}, now.Add(time.Second))
	if len(r.paths) != 1 || r.paths["[fd00::11]:80"].m.GetRttMs() != 2 || !r.paths["[fd00::11]:80"].at.Equal(now.Add(time.Second)) {
		t.Fatalf("paths %v", r.paths)
	}
	r.recordPaths(nil, now.Add(2*time.Second)) // a report without measurements keeps them
	r.recordPaths([]*ctlpb.PathMeasurement{{Address: "10.1.0.2", Port: 80, RttMs: 1}}, now.Add(3*time.Second))
	if len(r.paths) != 1 || r.paths["10.1.0.2:80"].m == nil {
		t.Fatalf("paths after the NF set changed: %v", r.paths)
	}
}
