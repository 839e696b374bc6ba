package controller

import (
	"errors"
	"fmt"
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
