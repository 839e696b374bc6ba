package cli

import (
	"slices"
	"testing"

	"hvlb/internal/apitypes"
)

const fakePolicy = `{"service": "tcp-10.100.0.1-80",
 "policy": {"kind": "comprehensive", "gamma": 0.5, "max_rtt_ms": 50, "min_avail_mbps": 0, "cpu_high": 0.7,
            "smoothing": 0.6, "change_threshold": 0.05, "stale_after_ms": 15000, "scale": 10000,
            "default_capacity_mbps": 10000, "rtt_floor_ms": 1},
 "weights": {"10.1.0.11:80": 2059, "10.1.0.12:80": 7941, "10.1.0.13:80": 0},
 "source": "policy",
 "published": {"at": "2026-01-02T03:04:05Z", "reason": "weights moved 20.00% > change_threshold 5.00%", "version": 42},
 "current": {"at": "2026-01-02T03:04:05Z", "weights": {"10.1.0.11:80": 2059, "10.1.0.12:80": 7941, "10.1.0.13:80": 0},
   "publish": true, "reason": "weights moved 20.00% > change_threshold 5.00%", "change": 0.2, "fallback": false,
   "nfs": [
    {"id": "10.1.0.11:80", "healthy": true, "paths": [{"forwarder": "fwd-a", "rtt_ms": 20.4, "throughput_mbps": 1,
      "capacity_mbps": 10000, "avail_mbps": 9999, "t": 490.1, "data": "fresh", "age_ms": 300}], "best_path": "fwd-a",
     "path_data": "fresh", "cpu": 0.05, "cpu_data": "fresh", "cpu_age_ms": 100, "t": 490.1, "phi": 0.049, "eta": 1,
     "a": 0.5245, "lambda": 0.2059, "weight": 2059, "published": 2059, "range": {"lo": 0, "hi": 0.2059}},
    {"id": "10.1.0.12:80", "healthy": true, "paths": [{"forwarder": "fwd-a", "rtt_ms": 0.3, "throughput_mbps": 1,
      "capacity_mbps": 10000, "avail_mbps": 9999, "t": 9999, "data": "fresh", "age_ms": 300}], "best_path": "fwd-a",
     "path_data": "fresh", "cpu": 0.04, "cpu_data": "fresh", "cpu_age_ms": 100, "t": 9999, "phi": 1, "eta": 1,
     "a": 1, "lambda": 0.7941, "weight": 7941, "published": 7941, "range": {"lo": 0.2059, "hi": 1}},
    {"id": "10.1.0.13:80", "healthy": true, "paths": [], "path_data": "missing", "cpu": 0.9, "cpu_data": "fresh",
     "cpu_age_ms": 100, "t": 0, "phi": 0, "eta": 0, "a": 0, "lambda": 0, "weight": 0, "published": 0,
     "range": {"lo": 1, "hi": 1}, "filtered": "cpu 0.900 > cpu_high 0.700"}]},
 "history": [{"at": "2026-01-02T03:04:00Z", "weights": {"10.1.0.11:80": 3334, "10.1.0.12:80": 3333, "10.1.0.13:80": 3333},
   "publish": true, "reason": "first update", "change": 1, "fallback": false,
   "nfs": [{"id": "10.1.0.11:80"}, {"id": "10.1.0.12:80"}, {"id": "10.1.0.13:80"}]}],
 "fallbacks": 0, "publishes": 2,
 "scrapes": [{"target": {"nf": "http://10.1.0.13:9100/metrics", "url": "http://10.1.0.13:9100/metrics"},
   "last_scrape": "2026-01-02T03:04:05Z", "last_sample": "2026-01-02T03:04:05Z"}]}`

// TestPolicyCommands: the policy flags of vs add and vs set, the policy inputs of rs add
// and rs set, and vs policy.
func TestPolicyCommands(t *testing.T) {
	f, url, dir := startFake(t, false)
	f.policy = fakePolicy
	env := map[string]string{"HVLB_SERVER": url, "HVLB_CERTS": dir}
	path := "/v1/services/" + svcID
	steps := []cmdStep{
		{name: "add, comprehensive", args: []string{"vs", "add", "tcp", "10.100.0.1:80", "--policy", "comprehensive",
			"--gamma", "0.5", "--cpu-high", "0.7"},
			wantReqs: []fakeReq{{Method: "POST", Path: "/v1/services",
				Body: `{"protocol":"tcp","vip":"10.100.0.1","port":80,"forwarders":[],"policy":{"kind":"comprehensive","gamma":0.5,"cpu_high":0.7}}`}},
			wantOut: []string{"POLICY        comprehensive (gamma 0.5, cpu_high 0.7)"}},
		{name: "a parameter changes, the others stay", args: []string{"vs", "set", svcID, "--smoothing", "0.6"},
			wantReqs: []fakeReq{{Method: "GET", Path: path}, {Method: "PUT", Path: path,
				Body: `{"mode":"nat","scheduler":"maglev","forwarders":[],"policy":{"kind":"comprehensive","gamma":0.5,"cpu_high":0.7,"smoothing":0.6}}`}},
			wantOut: []string{"comprehensive (gamma 0.5, cpu_high 0.7, smoothing 0.6)"}},
		// Of the two kinds of smoothing, the one given alone replaces the one in force.
		{name: "a time constant over a per-sample weight", args: []string{"vs", "set", svcID, "--smoothing-tau-ms", "500"},
			wantReqs: []fakeReq{{Method: "GET", Path: path}, {Method: "PUT", Path: path,
				Body: `{"mode":"nat","scheduler":"maglev","forwarders":[],"policy":{"kind":"comprehensive","gamma":0.5,"cpu_high":0.7,"smoothing":0,"smoothing_tau_ms":500}}`}},
			wantOut: []string{"comprehensive (gamma 0.5, cpu_high 0.7, smoothing 0, smoothing_tau_ms 500)"}},
		{name: "and back", args: []string{"vs", "set", svcID, "--smoothing", "0.6"},
			wantReqs: []fakeReq{{Method: "GET", Path: path}, {Method: "PUT", Path: path,
				Body: `{"mode":"nat","scheduler":"maglev","forwarders":[],"policy":{"kind":"comprehensive","gamma":0.5,"cpu_high":0.7,"smoothing":0.6,"smoothing_tau_ms":0}}`}},
			wantOut: []string{"comprehensive (gamma 0.5, cpu_high 0.7, smoothing 0.6, smoothing_tau_ms 0)"}},
		{name: "a time constant not whole", args: []string{"vs", "set", svcID, "--smoothing-tau-ms", "0.5"},
			wantCode: 2, wantReqs: []fakeReq{{Method: "GET", Path: path}}, wantErr: "--smoothing-tau-ms: 0.5: want a whole number"},
		{name: "parameters with static", args: []string{"vs", "set", svcID, "--policy", "static", "--gamma", "0.3"},
			wantCode: 2, wantReqs: []fakeReq{{Method: "GET", Path: path}}, wantErr: "--gamma: only with --policy comprehensive"},
		{name: "unknown kind", args: []string{"vs", "add", "tcp", "10.100.0.2:80", "--policy", "smart"},
			wantCode: 2, wantErr: `--policy "smart": want static or comprehensive`},
		{name: "back to static", args: []string{"vs", "set", svcID, "--policy", "static"},
			wantReqs: []fakeReq{{Method: "GET", Path: path}, {Method: "PUT", Path: path,
				Body: `{"mode":"nat","scheduler":"maglev","forwarders":[],"policy":{"kind":"static"}}`}},
			wantOut: []string{"POLICY        static"}},
		{name: "a parameter of a static service", args: []string{"vs", "set", svcID, "--gamma", "0.2"},
			wantCode: 2, wantReqs: []fakeReq{{Method: "GET", Path: path}}, wantErr: "--gamma: only with --policy comprehensive"},
		{name: "a real with its inputs", args: []string{"rs", "add", svcID, "10.1.0.11:80", "--metrics-url",
			"http://10.1.0.11:9100/metrics", "--capacity-mbps", "1000"},
			wantReqs: []fakeReq{{Method: "POST", Path: path + "/reals",
				Body: `{"address":"10.1.0.11","port":80,"weight":100,"metrics_url":"http://10.1.0.11:9100/metrics","capacity_mbps":1000}`}},
			wantOut: []string{"CAPACITY_MBPS  METRICS_URL", "1000           http://10.1.0.11:9100/metrics"}},
		{name: "no more metrics", args: []string{"rs", "set", svcID, "10.1.0.11:80", "--metrics-url", ""},
			wantReqs: []fakeReq{{Method: "PATCH", Path: path + "/reals/10.1.0.11:80", Body: `{"metrics_url":""}`}}},
		{name: "policy view", args: []string{"vs", "policy", svcID},
			wantReqs: []fakeReq{{Method: "GET", Path: path + "/policy", Query: "history=10"}},
			wantOut: []string{
				"POLICY        comprehensive (gamma 0.5, max_rtt_ms 50, min_avail_mbps 0, cpu_high 0.7, smoothing 0.6,",
				"WEIGHTS FROM  the policy, published ", "at version 42: weights moved 20.00%",
				"CPU SCRAPE    http://10.1.0.13:9100/metrics: ok",
				"REAL          WEIGHT  COMPUTED  LAMBDA  RTT_MS  AVAIL_MBPS  CPU   T       PHI    ETA    A      FILTERED / NOTES\n" +
					"10.1.0.11:80  2059    2059      0.2059  20.40   9999.0      0.05  490.1   0.049  1.000  0.524  -\n",
				"10.1.0.13:80  0       0         0.0000  -       -           0.90  0.0     0.000  0.000  0.000  filtered: cpu 0.900 > cpu_high 0.700\n",
				"history (oldest first):", "10.1.0.11:80=3334 10.1.0.12:80=3333 10.1.0.13:80=3333  first update"}},
		{name: "policy view, json, all history", args: []string{"vs", "policy", svcID, "-o", "json", "--history", "-1"},
			wantReqs: []fakeReq{{Method: "GET", Path: path + "/policy"}},
			wantOut:  []string{`"source": "policy"`, `"filtered": "cpu 0.900 > cpu_high 0.700"`}},
		{name: "policy of no service", args: []string{"vs", "policy", "tcp-10.9.9.9-80"}, wantCode: 1,
			wantReqs: []fakeReq{{Method: "GET", Path: "/v1/services/tcp-10.9.9.9-80/policy", Query: "history=10"}},
			wantErr:  "not found [HTTP 404]"},
	}
	runSteps(t, f, env, steps)
}

// TestPolicyFlagsCoverParams: vs add and vs set have a flag for every parameter of the
// policy, in the API's order.
func TestPolicyFlagsCoverParams(t *testing.T) {
	var names []string
	for _, p := range policyParams {
		names = append(names, p.json)
	}
	if want := apitypes.PolicyParamNames(); !slices.Equal(names, want) {
		t.Errorf("policy flags for %v, want %v", names, want)
	}
}
