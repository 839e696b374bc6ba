package controller

import (
	"fmt"
	"testing"
	"time"

	"hvlb/internal/model"
	"hvlb/internal/pb/ctlpb"
)

// pathsFrom reports RTTs (ms) towards the three reals of the policy bed from forwarder fwd.
func (b *policyBed) pathsFrom(fwd string, rtts ...float64) {
	b.t.Helper()
	mustNil(b.t, b.c.RecordReport(ctx(), report(fwd, 1, func(r *ctlpb.AgentReport) {
		for i, rtt := range rtts {
			r.Paths = append(r.Paths, &ctlpb.PathMeasurement{Address: fmt.Sprintf("10.1.0.%d", i+1), Port: 80,
				RttMs: rtt, ThroughputMbps: 100, RttSource: "probe-http"})
		}
	})))
}

// desiredOf returns the weights forwarder fwd's desired state gives the three reals.
func (b *policyBed) desiredOf(fwd string) []int {
	b.t.Helper()
	ds, _, err := b.c.DesiredState(fwd)
	mustNil(b.t, err)
	var out []int
	for _, vs := range ds.GetServices() {
		for _, rs := range vs.GetRealServices() {
			out = append(out, int(rs.GetWeight()))
		}
	}
	return out
}

// TestPolicyWeightsPerForwarder: the forwarders of a sync pool each get the weights of their
// own paths (a near NF for one is far for the other), a forwarder outside sync the pool's,
// and the view shows each set; a path that changes moves only its forwarder's weights, in
// one round.
func TestPolicyWeightsPerForwarder(t *testing.T) {
	b := newPolicyBed(t, t.TempDir(), params(func(p *model.PolicyParams) { p.Gamma = 0.5 }), 0)
	for _, f := range []model.Forwarder{{ID: "fwd-a", SyncAddr: "10.9.0.1:8300"}, {ID: "fwd-b", SyncAddr: "10.9.0.2:8300"},
		{ID: "fwd-c"}} {
		_, err := b.c.Register(ctx(), f)
		mustNil(t, err)
	}
	// fwd-a is near real 1 and 20 ms from the others; fwd-b near real 3; fwd-c (no sync)
	// sees every real at 20 ms.
	b.pathsFrom("fwd-a", 0.3, 20, 20)
	b.pathsFrom("fwd-b", 20, 20, 0.3)
	b.pathsFrom("fwd-c", 20, 20, 20)
	b.round(true)
	a, bw, cw := b.desiredOf("fwd-a"), b.desiredOf("fwd-b"), b.desiredOf("fwd-c")
	// Alone, a forwarder 20 ms from two NFs and under 1 ms from one: a = 1, 1/20, 1/20
	// over γ 0.5: 1, 0.525, 0.525 (as TestPolicyLoop's arithmetic).
	if want := []int{4878, 2561, 2561}; !eqInts(a, want) {
		t.Errorf("fwd-a's weights %v, want %v (its own paths: real 1 near)", a, want)
	}
	if want := []int{2561, 2561, 4878}; !eqInts(bw, want) {
		t.Errorf("fwd-b's weights %v, want %v (its own paths: real 3 near)", bw, want)
	}
	// The pool's set takes each NF's best path over every forwarder: reals 1 and 3 near.
	v := b.view()
	pool := []int{v.Weights["10.1.0.1:80"], v.Weights["10.1.0.2:80"], v.Weights["10.1.0.3:80"]}
	if want := []int{3961, 2079, 3960}; !eqInts(cw, want) || !eqInts(pool, want) {
		t.Errorf("fwd-c (no sync) %v, the pool's %v: want both %v", cw, pool, want)
	}
	if got := v.PerForwarder["fwd-b"]["10.1.0.3:80"]; got != 4878 {
		t.Errorf("view: fwd-b's weight of real 3 %d (per_forwarder %v)", got, v.PerForwarder)
	}
	if _, ok := v.PerForwarder["fwd-c"]; ok {
		t.Errorf("view: fwd-c has a set of its own: %v", v.PerForwarder)
	}
	m := gather(t, b.c)
	if got := m["hvlb_policy_forwarder_weight,forwarder=fwd-b,real=10.1.0.3:80,service=tcp-10.0.0.1-80"]; got != 4878 {
		t.Errorf("hvlb_policy_forwarder_weight of fwd-b, real 3: %v", got)
	}
	// fwd-b's path to real 3 degrades: only fwd-b's weights move, at the next round.
	b.pathsFrom("fwd-a", 0.3, 20, 20)
	b.pathsFrom("fwd-b", 20, 20, 20)
	b.pathsFrom("fwd-c", 20, 20, 20)
	b.round(true)
	if got := b.desiredOf("fwd-b"); !eqInts(got, []int{3334, 3333, 3333}) {
		t.Errorf("fwd-b after its path to real 3 degraded: %v", got)
	}
	if got := b.desiredOf("fwd-a"); !eqInts(got, a) {
		t.Errorf("fwd-a moved with fwd-b's path: %v, was %v", got, a)
	}
}

// TestPolicyWeightsPerForwarderAlone: one forwarder's path slows while another forwarder
// still reaches the NF fast, so the pool's weights (each NF by its best path) stay; that
// forwarder's own set moves all the same (the store once kept a publication whose pool
// weights were unchanged from being written).
func TestPolicyWeightsPerForwarderAlone(t *testing.T) {
	b := newPolicyBed(t, t.TempDir(), params(func(p *model.PolicyParams) {
		p.Gamma, p.Smoothing, p.ChangeThreshold = 0.5, 0.6, 0.02
	}), 0)
	for _, f := range []model.Forwarder{{ID: "fwd-a", SyncAddr: "10.9.0.1:8300"}, {ID: "fwd-b", SyncAddr: "10.9.0.2:8300"}} {
		_, err := b.c.Register(ctx(), f)
		mustNil(t, err)
	}
	for i := range 8 {
		rtt := 0.3
		if i >= 3 {
			rtt = 20 // fwd-a's path to real 1, from the fourth round on
		}
		time.Sleep(2 * time.Millisecond) // a newer arrival than the last report
		b.pathsFrom("fwd-a", rtt, 0.3, 0.3)
		b.pathsFrom("fwd-b", 0.3, 0.3, 0.3)
		b.round(i == 0)
	}
	v := b.view()
	if a := v.PerForwarder["fwd-a"]; a["10.1.0.1:80"] >= a["10.1.0.2:80"]*3/4 {
		t.Errorf("fwd-a's own weights %v: real 1 should be well below the others", a)
	}
	if !eqInts(b.desiredOf("fwd-b"), []int{3334, 3333, 3333}) || v.Weights["10.1.0.1:80"] != 3334 {
		t.Errorf("fwd-b %v and the pool %v should not move", b.desiredOf("fwd-b"), v.Weights)
	}
	if got := b.desiredOf("fwd-a"); got[0] != v.PerForwarder["fwd-a"]["10.1.0.1:80"] {
		t.Errorf("fwd-a runs %v, its set is %v", got, v.PerForwarder["fwd-a"])
	}
}
