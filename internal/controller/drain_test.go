package controller

import (
	"errors"
	"slices"
	"testing"

	"hvlb/internal/model"
	"hvlb/internal/pb/ctlpb"
	"hvlb/internal/store"
)

// A forwarder's drain, step by step: the desired state carries it, the state shows it,
// registration keeps it, a failed forwarder is failed whatever its drain, and the agent's
// BGP sessions show in the view and the metrics.
func TestForwarderDrain(t *testing.T) {
	clk := newClock()
	c := newCtl(t, clk, "")
	_, err := c.CreateService(ctx(), service("10.0.0.1", 80, nil, model.Real{Address: "10.1.0.1", Port: 80, Weight: 7}))
	mustNil(t, err)
	_, err = c.Register(ctx(), model.Forwarder{ID: "fwd-a"})
	mustNil(t, err)
	bgpReport := report("fwd-a", 0, func(r *ctlpb.AgentReport) {
		r.Bgp = []*ctlpb.BgpPeer{
			{Address: "10.8.0.1", RemoteAs: 65000, State: "established", UptimeS: 12.5, PrefixesAnnounced: 1, Port: 179},
			{Address: "10.8.1.1", RemoteAs: 65000, State: "active", Port: 179},
		}
		r.Announced = []string{"10.0.0.1/32"}
	})
	mustNil(t, c.RecordReport(ctx(), bgpReport))

	check := func(step, wantState string, wantDraining bool) {
		t.Helper()
		f, err := c.Forwarder(ctx(), "fwd-a")
		mustNil(t, err)
		ds, _, err := c.DesiredState("fwd-a")
		mustNil(t, err)
		if f.State != wantState || f.Draining != wantDraining || ds.GetDraining() != wantDraining {
			t.Fatalf("%s: state %s, draining %v, desired draining %v; want %s, %v", step, f.State, f.Draining,
				ds.GetDraining(), wantState, wantDraining)
		}
	}
	check("reporting", StateReady, false)

	// Connected is watching the desired state: an agent whose stream ends is failed at once.
	mustNil(t, c.WatchStarted(ctx(), "fwd-a"))
	check("watching", StateReady, false)
	c.WatchEnded("fwd-a")
	check("stream ended", StateFailed, false)
	mustNil(t, c.WatchStarted(ctx(), "fwd-a"))
	check("watching again", StateReady, false)
	v0, _ := c.Version()

	f, err := c.SetDraining(ctx(), "fwd-a", true)
	mustNil(t, err)
	if f.State != StateDraining || !f.Draining {
		t.Fatalf("SetDraining returned %+v", f)
	}
	check("drained", StateDraining, true)
	if v, _ := c.Version(); v != v0+1 {
		t.Errorf("version %d after the drain, want %d: the agents need a new desired state", v, v0+1)
	}
	_, err = c.SetDraining(ctx(), "fwd-a", true)
	mustNil(t, err)
	if v, _ := c.Version(); v != v0+1 {
		t.Errorf("draining again bumped the version to %d", v)
	}

	// The agent registers again (it restarted): still drained.
	_, err = c.Register(ctx(), model.Forwarder{ID: "fwd-a", Queues: 2})
	mustNil(t, err)
	check("registered again", StateDraining, true)

	// The agent says its forwarder does not answer: failed beats draining.
	mustNil(t, c.RecordReport(ctx(), report("fwd-a", 0, func(r *ctlpb.AgentReport) { r.State = "failed" })))
	check("agent reports failed", StateFailed, true)
	mustNil(t, c.RecordReport(ctx(), bgpReport))

	f, err = c.SetDraining(ctx(), "fwd-a", false)
	mustNil(t, err)
	check("undrained", StateReady, false)
	if len(f.BGP) != 2 || f.BGP[0].Address != "10.8.0.1" || f.BGP[0].State != "established" || f.BGP[0].UptimeS != 12.5 ||
		f.BGP[0].RemoteAS != 65000 || f.BGP[0].PrefixesAnnounced != 1 || f.BGP[1].State != "active" ||
		!slices.Equal(f.Announced, []string{"10.0.0.1/32"}) {
		t.Errorf("view: bgp %+v, announced %v", f.BGP, f.Announced)
	}
	got := gather(t, c)
	for key, want := range map[string]float64{
		"hvlb_forwarder_bgp_sessions_established,forwarder=fwd-a": 1,
		"hvlb_forwarder_bgp_sessions,forwarder=fwd-a":             2,
		"hvlb_forwarder_bgp_vips_announced,forwarder=fwd-a":       1,
	} {
		if v, ok := got[key]; !ok || v != want {
			t.Errorf("%s = %v (present %v), want %v", key, v, ok, want)
		}
	}

	for _, tc := range []struct {
		id        string
		wantErr   error
		wantField string
	}{
		{"fwd-z", store.ErrNotFound, ""},
		{"a b", nil, "id"},
	} {
		_, err := c.SetDraining(ctx(), tc.id, true)
		var fe *model.FieldError
		switch {
		case tc.wantErr != nil && !errors.Is(err, tc.wantErr):
			t.Errorf("drain %q: %v, want %v", tc.id, err, tc.wantErr)
		case tc.wantField != "" && (!errors.As(err, &fe) || fe.Field != tc.wantField):
			t.Errorf("drain %q: %v, want a field error on %q", tc.id, err, tc.wantField)
		}
	}
}

// A forwarder without any BGP session still has the gauges, at 0.
func TestBGPMetricsWithoutBGP(t *testing.T) {
	c := newCtl(t, newClock(), "")
	_, err := c.Register(ctx(), model.Forwarder{ID: "fwd-a"})
	mustNil(t, err)
	mustNil(t, c.RecordReport(ctx(), report("fwd-a", 0)))
	got := gather(t, c)
	if v, ok := got["hvlb_forwarder_bgp_sessions_established,forwarder=fwd-a"]; !ok || v != 0 {
		t.Errorf("hvlb_forwarder_bgp_sessions_established = %v (present %v)", v, ok)
	}
	f, err := c.Forwarder(ctx(), "fwd-a")
	mustNil(t, err)
	if f.BGP == nil || len(f.BGP) != 0 || f.Announced == nil {
		t.Errorf("view without BGP: bgp %#v announced %#v (want empty lists, not null)", f.BGP, f.Announced)
	}
}
