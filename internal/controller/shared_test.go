package controller

import (
	"testing"
	"time"

	"hvlb/internal/pb/ctlpb"
)

// TestSharedRecords: the order of another controller's records of a forwarder, in steps.
// A record applies only if its (session, seq) is newer; it makes the forwarder seen now;
// a path measurement already taken keeps its arrival time (no new sample for the policy);
// the record's leaving etcd fails the forwarder only if it was the newest known.
func TestSharedRecords(t *testing.T) {
	clk := newClock()
	c := newCtl(t, clk, "")
	rec := func(session int64, seq uint64, applied uint64, pathAt int64) *ctlpb.SharedReport {
		return &ctlpb.SharedReport{Controller: "ctl-b", Session: session, Seq: seq, Connected: true,
			Report: &ctlpb.AgentReport{ForwarderId: "fwd-a", AppliedVersion: applied, State: StateReady,
				Paths: []*ctlpb.PathMeasurement{{Address: "10.1.0.1", Port: 80, RttMs: 1, AtUnixMs: pathAt}}}}
	}
	pathAt := func() (at time.Time) {
		c.do(ctx(), func(s *state) { at = s.fwd["fwd-a"].paths["10.1.0.1:80"].at })
		return
	}
	view := func() (applied uint64, st string) {
		c.do(ctx(), func(s *state) {
			r := s.fwd["fwd-a"]
			applied, st = r.applied, StateReady
			if c.failed(r, c.cfg.Now()) {
				st = StateFailed
			}
		})
		return
	}
	t0 := clk.Now()
	for i, step := range []struct {
		what        string
		apply, gone *ctlpb.SharedReport
		advance     time.Duration
		wantApplied uint64
		wantState   string
		wantPathAt  time.Time
	}{
		{what: "first record", apply: rec(10, 1, 1, 1000), wantApplied: 1, wantState: StateReady, wantPathAt: t0},
		{what: "the same measurement again", advance: time.Second, apply: rec(10, 2, 2, 1000),
			wantApplied: 2, wantState: StateReady, wantPathAt: t0},
		{what: "a new measurement", advance: time.Second, apply: rec(10, 3, 3, 2000),
			wantApplied: 3, wantState: StateReady, wantPathAt: t0.Add(2 * time.Second)},
		{what: "an older record of the session", apply: rec(10, 2, 9, 3000),
			wantApplied: 3, wantState: StateReady, wantPathAt: t0.Add(2 * time.Second)},
		{what: "an older session", apply: rec(9, 50, 9, 3000),
			wantApplied: 3, wantState: StateReady, wantPathAt: t0.Add(2 * time.Second)},
		{what: "a newer session", apply: rec(11, 1, 4, 2000),
			wantApplied: 4, wantState: StateReady, wantPathAt: t0.Add(2 * time.Second)},
		{what: "the older session's record leaves etcd", gone: rec(10, 3, 3, 2000),
			wantApplied: 4, wantState: StateReady, wantPathAt: t0.Add(2 * time.Second)},
		{what: "the newest leaves etcd: its controller died", gone: rec(11, 1, 4, 2000),
			wantApplied: 4, wantState: StateFailed, wantPathAt: t0.Add(2 * time.Second)},
		{what: "the agent with another controller", apply: rec(12, 1, 5, 2000),
			wantApplied: 5, wantState: StateReady, wantPathAt: t0.Add(2 * time.Second)},
		{what: "no record for the report timeout", advance: DefaultReportTimeout + time.Second,
			wantApplied: 5, wantState: StateFailed, wantPathAt: t0.Add(2 * time.Second)},
	} {
		clk.Add(step.advance)
		if step.apply != nil {
			mustNil(t, c.ApplyShared(ctx(), step.apply))
		}
		if step.gone != nil {
			mustNil(t, c.SharedGone(ctx(), step.gone))
		}
		applied, state := view()
		if applied != step.wantApplied || state != step.wantState || !pathAt().Equal(step.wantPathAt) {
			t.Fatalf("step %d (%s): applied %d, %s, path sample at %s; want %d, %s, %s", i, step.what,
				applied, state, pathAt().Sub(t0), step.wantApplied, step.wantState, step.wantPathAt.Sub(t0))
		}
	}
}
