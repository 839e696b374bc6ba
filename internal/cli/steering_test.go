package cli

import (
	"encoding/json"
	"strings"
	"testing"

	"hvlb/internal/apitypes"
)

const fakeSteering = `{"forwarder": "fwd-a", "at": "2026-01-02T03:04:05Z",
 "ports": [{"port": 0, "name": "net_af_packet0", "mechanism": "driver spread over 2 queues + handoff", "socket": 0},
           {"port": 1, "name": "net_af_packet1", "mechanism": "single queue + handoff", "socket": -1}],
 "rssa": {"enabled": true, "q": 1, "epsilon": 0.95, "theta_h": 0.5, "period_ms": 1000, "n_sam": 20, "cooldown": 5, "max_moves": 32},
 "workers": [{"worker": 0, "lcore": 1, "socket": 0, "load": 0.973, "load_period": 0.91, "overload_freq": 0.6, "overloaded": true,
              "flows_moved_in": 0, "flows_moved_out": 4, "overrides": 0},
             {"worker": 1, "lcore": 2, "socket": 0, "load": 0.41, "load_period": 0.38, "overload_freq": 0, "overloaded": false,
              "flows_moved_in": 4, "flows_moved_out": 0, "overrides": 2}],
 "overrides": [{"protocol": "tcp", "client": "10.9.0.5:40000", "vip": "10.100.0.1:80", "worker": 1, "from_worker": 0,
                "default_worker": 0, "age_s": 3, "priority": 2, "manual": false},
               {"protocol": "udp", "client": "[fd00::5]:5353", "vip": "[fd00::1]:53", "worker": 1, "from_worker": 0,
                "default_worker": 0, "age_s": 12, "priority": 0, "manual": true}],
 "overrides_total": 150, "periods": 42, "flows_moved": 4, "rssa_moves": 5, "moves_failed": 1, "moves_in_progress": 0,
 "publications": 6,
 "dispatch": {"enabled": true, "stages": 2, "lcore": 1, "socket": 0, "rx_queues": 4, "rx_packets": 1000,
              "raw_packets": 7, "steered_packets": 30, "full_drops": 2, "busy_seconds": 1.5, "fences": 3,
              "fence_held": 40, "fence_early": 1}}`

// TestSteeringCommand: fr steering as tables and as the server's JSON, and the errors of
// a forwarder that is unknown or reported no steering.
func TestSteeringCommand(t *testing.T) {
	f, url, dir := startFake(t, false)
	f.steer = fakeSteering
	env := map[string]string{"HVLB_SERVER": url, "HVLB_CERTS": dir}
	steps := []cmdStep{
		{name: "tables", args: []string{"fr", "steering", "fwd-a"},
			wantReqs: []fakeReq{{Method: "GET", Path: "/v1/forwarders/fwd-a/steering"}},
			wantOut: []string{
				"FORWARDER     fwd-a\n",
				"PORT 0        net_af_packet0 (socket 0): driver spread over 2 queues + handoff\n",
				"PORT 1        net_af_packet1 (socket unknown): single queue + handoff\n",
				"RSS-A         on: Q 1, epsilon 0.95, theta_h 0.5, 20 samples per 1000 ms period, cooldown 5 periods, at most 32 moves a period\n",
				"DISPATCH      2 stages from lcore 1 (socket 0), 4 RX queues: 1000 packets (30 steered), 7 raw, 2 dropped with a full inbox, busy 1.50 s; 3 moves fenced (40 packets held, 1 released early)\n",
				"PERIODS       42\n", "FLOWS MOVED   4 completed (RSS-A asked for 5)\n",
				"MOVES FAILED  1\n",
				"WORKER  LCORE  SOCKET  LOAD   PERIOD_LOAD  OVERLOAD_FREQ  OVERLOADED  OVERRIDES  MOVED_IN  MOVED_OUT\n" +
					"0       1      0       0.973  0.910        0.60           yes         0          0         4\n" +
					"1       2      0       0.410  0.380        0.00           no          2          4         0\n",
				"overrides: 2 of 150 shown\n" +
					"PROTO  CLIENT          VIP            WORKER  FROM  DEFAULT  AGE_S  PRIORITY  BY\n" +
					"tcp    10.9.0.5:40000  10.100.0.1:80  1       0     0        3      2         rss-a\n" +
					"udp    [fd00::5]:5353  [fd00::1]:53   1       0     0        12     0         operator\n"}},
		{name: "json", args: []string{"-o", "json", "fr", "steering", "fwd-a"},
			wantReqs: []fakeReq{{Method: "GET", Path: "/v1/forwarders/fwd-a/steering"}},
			wantOut: []string{"{\n  \"forwarder\": \"fwd-a\",\n", `"overrides_total": 150,`, `"theta_h": 0.5,`,
				"\"dispatch\": {\n    \"enabled\": true,", `"steered_packets": 30,`, `"busy_seconds": 1.5,`,
				`"stages": 2,`, `"fence_early": 1`}},
		{name: "no steering reported", args: []string{"fr", "steering", "fwd-b"}, wantCode: 1,
			wantReqs: []fakeReq{{Method: "GET", Path: "/v1/forwarders/fwd-b/steering"}},
			wantErr:  `hvlbctl: forwarder "fwd-b": steering read-out not found`},
		{name: "unknown forwarder", args: []string{"fr", "steering", "fwd-z"}, wantCode: 1,
			wantReqs: []fakeReq{{Method: "GET", Path: "/v1/forwarders/fwd-z/steering"}},
			wantErr:  `hvlbctl: forwarder "fwd-z": not found [HTTP 404]`},
		{name: "no id", args: []string{"fr", "steering"}, wantCode: 2, wantErr: "missing argument: ID"},
	}
	runSteps(t, f, env, steps)
}

// A forwarder without the dispatch stage gets no DISPATCH line: on most it is off, and a
// line saying so would be noise.
func TestSteeringDispatchOff(t *testing.T) {
	var v apitypes.Steering
	if err := json.Unmarshal([]byte(fakeSteering), &v); err != nil {
		t.Fatal(err)
	}
	v.Dispatch.Enabled = false
	var b strings.Builder
	writeSteering(&b, &v)
	if out := b.String(); strings.Contains(out, "DISPATCH") || !strings.Contains(out, "RSS-A") {
		t.Errorf("dispatch off:\n%s", out)
	}
}

// One stage reads "1 stage", and so does a controller from before dispatch = N, which sends
// no stages: the stage is on, so there is one.
func TestSteeringDispatchOneStage(t *testing.T) {
	for _, stages := range []uint32{1, 0} {
		var v apitypes.Steering
		if err := json.Unmarshal([]byte(fakeSteering), &v); err != nil {
			t.Fatal(err)
		}
		v.Dispatch.Stages = stages
		var b strings.Builder
		writeSteering(&b, &v)
		if out := b.String(); !strings.Contains(out, "DISPATCH      1 stage from lcore 1 (socket 0), 4 RX queues:") {
			t.Errorf("stages %d:\n%s", stages, out)
		}
	}
}
