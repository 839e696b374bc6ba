package api

import (
	"context"
	"math"
	"net/http"
	"strings"
	"testing"

	"hvlb/internal/model"
	"hvlb/internal/pb/ctlpb"
	"hvlb/internal/pb/fwdpb"
)

// TestSteeringAPI: GET /v1/forwarders/{id}/steering gives the latest read-out a report
// carried, in snake_case, the dispatch stages included (off for a forwarder that predates
// them, one for a forwarder that predates dispatch = N); 404 naming the forwarder when it is unknown or reported none, 400 naming the field for an
// id that cannot be one.
func TestSteeringAPI(t *testing.T) {
	e := newEnv(t, "")
	ctx := context.Background()
	for _, id := range []string{"fwd-a", "fwd-b", "fwd-c", "fwd-d"} {
		if _, err := e.c.Register(ctx, model.Forwarder{ID: id}); err != nil {
			t.Fatal(err)
		}
	}
	rep := &ctlpb.AgentReport{ForwarderId: "fwd-a", State: "ready", Stats: &fwdpb.Stats{},
		Steering: &fwdpb.Steering{
			Ports: []*fwdpb.PortSteering{{Port: 0, Name: "net_af_packet0", Mechanism: "driver spread over 2 queues + handoff", Socket: -1}},
			Rssa:  &fwdpb.RssaConfig{Enabled: true, Q: 1, Epsilon: 0.95, ThetaH: 0.5, PeriodMs: 1000, NSam: 20, Cooldown: 5, MaxMoves: 32},
			Workers: []*fwdpb.WorkerLoad{{Worker: 0, Lcore: 1, Load: 0.97, LoadPeriod: 0.9, OverloadFreq: 0.6, Overloaded: true, FlowsMovedOut: 4},
				{Worker: 1, Lcore: 2, Load: math.NaN(), FlowsMovedIn: 4, Overrides: 1}},
			Overrides: []*fwdpb.SteerOverride{{Protocol: "tcp", Client: "10.9.0.5:40000", Vip: "10.100.0.1:80",
				Worker: 1, FromWorker: 0, DefaultWorker: 0, AgeS: 3, Priority: 2}},
			OverridesTotal: 150, Periods: 42, FlowsMoved: 4, RssaMoves: 5, MovesFailed: 1, MovesInProgress: 0, Publications: 6,
			MovesVanished: 2, Placed: 3, OverridesGone: 8,
			Dispatch: &fwdpb.DispatchStage{Enabled: true, Stages: 2, Lcore: 1, Socket: 0, RxQueues: 4, RxPackets: 1000,
				RawPackets: 7, SteeredPackets: 30, FullDrops: 2, BusySeconds: 1.5, Fences: 3, FenceHeld: 40, FenceEarly: 1,
				RxBytes: 64000, IdleSleeps: 9},
		}}
	rep2 := &ctlpb.AgentReport{ForwarderId: "fwd-b", State: "ready", Stats: &fwdpb.Stats{}} // an older forwarder
	// A forwarder from before the dispatch stage: its read-out has no dispatch field.
	rep3 := &ctlpb.AgentReport{ForwarderId: "fwd-c", State: "ready", Stats: &fwdpb.Stats{}, Steering: &fwdpb.Steering{}}
	// A forwarder from before dispatch = N: its one stage is on, and it does not say how many.
	rep4 := &ctlpb.AgentReport{ForwarderId: "fwd-d", State: "ready", Stats: &fwdpb.Stats{},
		Steering: &fwdpb.Steering{Dispatch: &fwdpb.DispatchStage{Enabled: true, Lcore: 1, RxQueues: 2}}}
	for _, r := range []*ctlpb.AgentReport{rep, rep2, rep3, rep4} {
		if err := e.c.RecordReport(ctx, r); err != nil {
			t.Fatal(err)
		}
	}

	m := e.mustDo("GET", "/v1/forwarders/fwd-a/steering", "", http.StatusOK)
	rssa := m["rssa"].(map[string]any)
	ws := m["workers"].([]any)
	w0, w1 := ws[0].(map[string]any), ws[1].(map[string]any)
	ovr := m["overrides"].([]any)[0].(map[string]any)
	port := m["ports"].([]any)[0].(map[string]any)
	disp := m["dispatch"].(map[string]any)
	older := e.mustDo("GET", "/v1/forwarders/fwd-c/steering", "", http.StatusOK)["dispatch"].(map[string]any)
	single := e.mustDo("GET", "/v1/forwarders/fwd-d/steering", "", http.StatusOK)["dispatch"].(map[string]any)
	for _, c := range []struct {
		what      string
		got, want any
	}{
		{"forwarder", m["forwarder"], "fwd-a"},
		{"overrides_total", m["overrides_total"], 150.0},
		{"periods", m["periods"], 42.0},
		{"flows_moved", m["flows_moved"], 4.0},
		{"rssa_moves", m["rssa_moves"], 5.0},
		{"moves_failed", m["moves_failed"], 1.0},
		{"moves_in_progress", m["moves_in_progress"], 0.0},
		{"publications", m["publications"], 6.0},
		{"moves_vanished", m["moves_vanished"], 2.0},
		{"placed", m["placed"], 3.0},
		{"overrides_gone", m["overrides_gone"], 8.0},
		{"ports[0].mechanism", port["mechanism"], "driver spread over 2 queues + handoff"},
		{"ports[0].socket", port["socket"], -1.0},
		{"rssa.enabled", rssa["enabled"], true},
		{"rssa.theta_h", rssa["theta_h"], 0.5},
		{"rssa.max_moves", rssa["max_moves"], 32.0},
		{"workers[0].overload_freq", w0["overload_freq"], 0.6},
		{"workers[0].overloaded", w0["overloaded"], true},
		{"workers[0].flows_moved_out", w0["flows_moved_out"], 4.0},
		{"workers[1].load (NaN)", w1["load"], 0.0},
		{"workers[1].overrides", w1["overrides"], 1.0},
		{"overrides[0].client", ovr["client"], "10.9.0.5:40000"},
		{"overrides[0].from_worker", ovr["from_worker"], 0.0},
		{"overrides[0].priority", ovr["priority"], 2.0},
		{"overrides[0].manual", ovr["manual"], false},
		{"dispatch.enabled", disp["enabled"], true},
		{"dispatch.stages", disp["stages"], 2.0},
		{"dispatch.lcore", disp["lcore"], 1.0},
		{"dispatch.rx_queues", disp["rx_queues"], 4.0},
		{"dispatch.rx_packets", disp["rx_packets"], 1000.0},
		{"dispatch.raw_packets", disp["raw_packets"], 7.0},
		{"dispatch.steered_packets", disp["steered_packets"], 30.0},
		{"dispatch.full_drops", disp["full_drops"], 2.0},
		{"dispatch.busy_seconds", disp["busy_seconds"], 1.5},
		{"dispatch.fences", disp["fences"], 3.0},
		{"dispatch.fence_held", disp["fence_held"], 40.0},
		{"dispatch.fence_early", disp["fence_early"], 1.0},
		{"dispatch.rx_bytes", disp["rx_bytes"], 64000.0},
		{"dispatch.idle_sleeps", disp["idle_sleeps"], 9.0},
		{"dispatch.enabled (older forwarder)", older["enabled"], false},
		{"dispatch.rx_packets (older forwarder)", older["rx_packets"], 0.0},
		{"dispatch.stages (older forwarder)", older["stages"], 0.0},
		{"dispatch.fences (older forwarder)", older["fences"], 0.0},
		{"dispatch.stages (before dispatch = N)", single["stages"], 1.0},
	} {
		if c.got != c.want {
			t.Errorf("%s = %v, want %v", c.what, c.got, c.want)
		}
	}
	if at, _ := m["at"].(string); at == "" || !strings.HasSuffix(at, "Z") {
		t.Errorf("at = %v, want a UTC time", m["at"])
	}

	for _, tc := range []struct {
		path   string
		status int
		msg    string // in the error
		field  string
	}{
		{"/v1/forwarders/fwd-z/steering", http.StatusNotFound, `forwarder "fwd-z"`, ""},
		{"/v1/forwarders/fwd-b/steering", http.StatusNotFound, `forwarder "fwd-b": steering read-out not found`, ""},
		{"/v1/forwarders/-fwd/steering", http.StatusBadRequest, `"-fwd"`, "id"},
	} {
		status, body, raw := e.do("GET", tc.path, "")
		if status != tc.status || !strings.Contains(body["error"].(string), tc.msg) || body["field"] != nilIfEmpty(tc.field) {
			t.Errorf("GET %s: %d %s, want %d naming %s (field %q)", tc.path, status, raw, tc.status, tc.msg, tc.field)
		}
	}
}

func nilIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}
