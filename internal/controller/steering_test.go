package controller

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"hvlb/internal/model"
	"hvlb/internal/pb/ctlpb"
	"hvlb/internal/pb/fwdpb"
	"hvlb/internal/store"
)

// TestSteering: the latest steering read-out per forwarder, step by step: unknown and
// silent forwarders are not found, a report replaces it, a forwarder that stops answering
// keeps its last, one that answers without steering (an older forwarder) has none, and the
// controller keeps at most MaxOverrides overrides.
func TestSteering(t *testing.T) {
	clk := newClock()
	c := newCtl(t, clk, "")
	_, err := c.Register(ctx(), model.Forwarder{ID: "fwd-a"})
	mustNil(t, err)
	withSteering := func(moved uint64, overrides int) func(*ctlpb.AgentReport) {
		return func(r *ctlpb.AgentReport) {
			r.Steering = &fwdpb.Steering{FlowsMoved: moved, OverridesTotal: uint32(overrides)}
			for i := 0; i < overrides; i++ {
				r.Steering.Overrides = append(r.Steering.Overrides, &fwdpb.SteerOverride{Protocol: "tcp",
					Client: fmt.Sprintf("10.9.0.5:%d", 1024+i), Worker: 1})
			}
		}
	}
	steps := []struct {
		name      string
		fwd       string
		report    *ctlpb.AgentReport // recorded first, unless nil
		wantErr   bool
		wantMoved uint64
		wantOvr   int
		kept      bool // At is the earlier report's, not this one's
	}{
		{name: "unknown forwarder", fwd: "fwd-z", wantErr: true},
		{name: "registered, not reported", fwd: "fwd-a", wantErr: true},
		{name: "reported", fwd: "fwd-a", report: report("fwd-a", 10, withSteering(3, 2)),
			wantMoved: 3, wantOvr: 2},
		{name: "replaced", fwd: "fwd-a", report: report("fwd-a", 20, withSteering(5, 1)),
			wantMoved: 5, wantOvr: 1},
		{name: "forwarder not answering keeps the last", fwd: "fwd-a",
			report:    report("fwd-a", 0, func(r *ctlpb.AgentReport) { r.Stats, r.State = nil, "failed" }),
			wantMoved: 5, wantOvr: 1, kept: true},
		{name: "answering without steering has none", fwd: "fwd-a", report: report("fwd-a", 30), wantErr: true},
		{name: "overrides capped", fwd: "fwd-a", report: report("fwd-a", 40, withSteering(7, MaxOverrides+5)),
			wantMoved: 7, wantOvr: MaxOverrides},
	}
	var at time.Time // of the report that carried the steering read-out
	for _, st := range steps {
		clk.Add(time.Second)
		if !st.kept {
			at = clk.Now()
		}
		if st.report != nil {
			mustNil(t, c.RecordReport(ctx(), st.report))
		}
		got, err := c.Steering(ctx(), st.fwd)
		if st.wantErr {
			if !errors.Is(err, store.ErrNotFound) {
				t.Errorf("%s: error %v, want not found", st.name, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		if got.Forwarder != st.fwd || !got.At.Equal(at) || got.Steering.GetFlowsMoved() != st.wantMoved ||
			len(got.Steering.GetOverrides()) != st.wantOvr {
			t.Errorf("%s: %s at %v, %d moved, %d overrides; want %s at %v, %d, %d", st.name, got.Forwarder, got.At,
				got.Steering.GetFlowsMoved(), len(got.Steering.GetOverrides()), st.fwd, at, st.wantMoved, st.wantOvr)
		}
	}
}

// TestDispatchMetrics: the dispatch stage's gauge for each forwarder with a steering
// read-out (0 for one without the stage, or too old to say), the number of stages (1 from a
// forwarder that predates dispatch = N) and the counters only while it is on, and nothing for
// a forwarder that reported no steering.
func TestDispatchMetrics(t *testing.T) {
	c := newCtl(t, newClock(), "")
	on := &fwdpb.DispatchStage{Enabled: true, Stages: 2, Lcore: 1, RxQueues: 4, RxPackets: 1000, RawPackets: 7,
		SteeredPackets: 30, FullDrops: 2, BusySeconds: 1.5, Fences: 3, FenceHeld: 40, FenceEarly: 1,
		RxBytes: 64000, IdleSleeps: 9}
	for id, sg := range map[string]*fwdpb.Steering{
		"fwd-on":    {Dispatch: on},
		"fwd-one":   {Dispatch: &fwdpb.DispatchStage{Enabled: true, Lcore: 1, RxQueues: 2}}, // before dispatch = N
		"fwd-off":   {Dispatch: &fwdpb.DispatchStage{}},
		"fwd-older": {},  // no dispatch field: a forwarder from before the stage
		"fwd-none":  nil, // answered GetStats, not GetSteering
	} {
		_, err := c.Register(ctx(), model.Forwarder{ID: id})
		mustNil(t, err)
		mustNil(t, c.RecordReport(ctx(), report(id, 10, func(r *ctlpb.AgentReport) { r.Steering = sg })))
	}
	got := gather(t, c)
	want := map[string]float64{
		"hvlb_forwarder_dispatch_stage,forwarder=fwd-on":                     1,
		"hvlb_forwarder_dispatch_stages,forwarder=fwd-on":                    2,
		"hvlb_forwarder_dispatch_rx_packets_total,forwarder=fwd-on":          1000,
		"hvlb_forwarder_dispatch_raw_packets_total,forwarder=fwd-on":         7,
		"hvlb_forwarder_dispatch_steered_packets_total,forwarder=fwd-on":     30,
		"hvlb_forwarder_dispatch_full_drops_total,forwarder=fwd-on":          2,
		"hvlb_forwarder_dispatch_busy_seconds_total,forwarder=fwd-on":        1.5,
		"hvlb_forwarder_dispatch_fences_total,forwarder=fwd-on":              3,
		"hvlb_forwarder_dispatch_fence_held_packets_total,forwarder=fwd-on":  40,
		"hvlb_forwarder_dispatch_fence_early_total,forwarder=fwd-on":         1,
		"hvlb_forwarder_dispatch_rx_bytes_total,forwarder=fwd-on":            64000,
		"hvlb_forwarder_dispatch_idle_sleeps_total,forwarder=fwd-on":         9,
		"hvlb_forwarder_dispatch_stage,forwarder=fwd-one":                    1,
		"hvlb_forwarder_dispatch_stages,forwarder=fwd-one":                   1,
		"hvlb_forwarder_dispatch_rx_packets_total,forwarder=fwd-one":         0,
		"hvlb_forwarder_dispatch_raw_packets_total,forwarder=fwd-one":        0,
		"hvlb_forwarder_dispatch_steered_packets_total,forwarder=fwd-one":    0,
		"hvlb_forwarder_dispatch_full_drops_total,forwarder=fwd-one":         0,
		"hvlb_forwarder_dispatch_busy_seconds_total,forwarder=fwd-one":       0,
		"hvlb_forwarder_dispatch_fences_total,forwarder=fwd-one":             0,
		"hvlb_forwarder_dispatch_fence_held_packets_total,forwarder=fwd-one": 0,
		"hvlb_forwarder_dispatch_fence_early_total,forwarder=fwd-one":        0,
		"hvlb_forwarder_dispatch_rx_bytes_total,forwarder=fwd-one":           0,
		"hvlb_forwarder_dispatch_idle_sleeps_total,forwarder=fwd-one":        0,
		"hvlb_forwarder_dispatch_stage,forwarder=fwd-off":                    0,
		"hvlb_forwarder_dispatch_stage,forwarder=fwd-older":                  0,
	}
	for key, v := range got {
		if strings.HasPrefix(key, "hvlb_forwarder_dispatch_") {
			if w, ok := want[key]; !ok || v != w {
				t.Errorf("%s = %v, want %v (present %v)", key, v, w, ok)
			}
			delete(want, key)
		}
	}
	for key, v := range want {
		t.Errorf("%s missing, want %v", key, v)
	}
}
