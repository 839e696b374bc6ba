package api

import (
	"net/http"
	"testing"

	"hvlb/internal/apitypes"
	"hvlb/internal/model"
	"hvlb/internal/policy"
)

// TestPolicyAPI: the policy object on create, replace and read, the reals' policy inputs,
// and GET .../policy; errors name the field.
func TestPolicyAPI(t *testing.T) {
	e := newEnv(t, "")
	svc := e.mustDo("POST", "/v1/services", `{"protocol": "tcp", "vip": "10.0.0.1", "port": 80,
		"policy": {"kind": "comprehensive", "gamma": 0, "cpu_high": 0.7},
		"reals": [{"address": "10.1.0.1", "metrics_url": "http://10.1.0.1:9100/metrics", "capacity_mbps": 1000},
		          {"address": "10.1.0.2"}]}`, http.StatusCreated)
	pol := svc["policy"].(map[string]any)
	if pol["kind"] != "comprehensive" || pol["gamma"] != 0.0 || pol["cpu_high"] != 0.7 ||
		pol["smoothing"] != float64(policy.DefaultSmoothing) ||
		pol["smoothing_tau_ms"] != float64(policy.DefaultSmoothingTauMS) || pol["scale"] != float64(policy.DefaultScale) {
		t.Fatalf("policy %v", pol)
	}
	r0 := svc["reals"].([]any)[0].(map[string]any)
	if r0["metrics_url"] != "http://10.1.0.1:9100/metrics" || r0["capacity_mbps"] != 1000.0 {
		t.Fatalf("real %v", r0)
	}
	id := "/v1/services/tcp-10.0.0.1-80"

	// A PUT without a policy keeps it; with one, replaces it (defaults for the rest).
	got := e.mustDo("PUT", id, `{"mode": "nat", "scheduler": "random"}`, http.StatusOK)
	if got["policy"].(map[string]any)["cpu_high"] != 0.7 {
		t.Fatalf("PUT without a policy: %v", got["policy"])
	}
	got = e.mustDo("PUT", id, `{"policy": {"kind": "comprehensive", "gamma": 0.9}}`, http.StatusOK)
	if p := got["policy"].(map[string]any); p["gamma"] != 0.9 || p["cpu_high"] != policy.DefaultCPUHigh {
		t.Fatalf("PUT with a policy: %v", p)
	}

	// Of the two kinds of smoothing, the one given alone is in force: a body written
	// before smoothing_tau_ms keeps its per-sample weight.
	for _, tt := range []struct {
		body      string
		smoothing float64
		tau       float64
	}{
		{`{"policy": {"kind": "comprehensive", "smoothing": 0.3}}`, 0.3, 0},
		{`{"policy": {"kind": "comprehensive", "smoothing_tau_ms": 400}}`, 0, 400},
		{`{"policy": {"kind": "comprehensive", "smoothing": 0, "smoothing_tau_ms": 0}}`, 0, 0},
		{`{"policy": {"kind": "comprehensive"}}`, 0, policy.DefaultSmoothingTauMS},
	} {
		p := e.mustDo("PUT", id, tt.body, http.StatusOK)["policy"].(map[string]any)
		if p["smoothing"] != tt.smoothing || p["smoothing_tau_ms"] != tt.tau {
			t.Errorf("PUT %s: smoothing %v, smoothing_tau_ms %v; want %v, %v", tt.body, p["smoothing"],
				p["smoothing_tau_ms"], tt.smoothing, tt.tau)
		}
	}
	e.mustDo("PUT", id, `{"policy": {"kind": "comprehensive", "gamma": 0.9}}`, http.StatusOK)

	for _, tt := range []struct{ method, path, body, field string }{
		{"PUT", id, `{"policy": {"kind": "comprehensive", "gamma": 1.5}}`, "policy.gamma"},
		{"PUT", id, `{"policy": {"kind": "comprehensive", "smoothing": 1.5}}`, "policy.smoothing"},
		{"PUT", id, `{"policy": {"kind": "comprehensive", "smoothing": 0.3, "smoothing_tau_ms": 500}}`, "policy.smoothing"},
		{"PUT", id, `{"policy": {"kind": "comprehensive", "smoothing_tau_ms": -1}}`, "policy.smoothing_tau_ms"},
		{"PUT", id, `{"policy": {"kind": "comprehensive", "smoothing_tau_ms": 0.5}}`, "policy.smoothing_tau_ms"},
		{"PUT", id, `{"policy": {"kind": "comprehensive", "stale_after_ms": 0}}`, "policy.stale_after_ms"},
		{"PUT", id, `{"policy": {"kind": "static", "gamma": 0.5}}`, "policy.gamma"},
		{"PUT", id, `{"policy": {"kind": "smart"}}`, "policy.kind"},
		{"PUT", id, `{"policy": {"kind": "comprehensive", "gamma": "high"}}`, "policy.gamma"},
		{"PUT", id, `{"policy": {"kind": "comprehensive", "omega": 1}}`, "policy.omega"},
		{"PATCH", id + "/reals/10.1.0.2:80", `{"metrics_url": "file:///etc/passwd"}`, "metrics_url"},
		{"PATCH", id + "/reals/10.1.0.2:80", `{"capacity_mbps": -5}`, "capacity_mbps"},
		{"PATCH", id + "/reals/10.1.0.2:80", `{"capacity_mbps": "fast"}`, "capacity_mbps"},
		{"POST", id + "/reals", `{"address": "10.1.0.3", "metrics_url": "http://"}`, "metrics_url"},
		{"GET", id + "/policy?history=-1", "", "history"},
	} {
		status, body, raw := e.do(tt.method, tt.path, tt.body)
		if status != http.StatusBadRequest || body["field"] != tt.field {
			t.Errorf("%s %s %s: %d %s, want 400 on %s", tt.method, tt.path, tt.body, status, raw, tt.field)
		}
	}

	r := e.mustDo("PATCH", id+"/reals/10.1.0.2:80", `{"metrics_url": "https://10.1.0.2:9100/metrics", "capacity_mbps": 2500}`, http.StatusOK)
	if r["metrics_url"] != "https://10.1.0.2:9100/metrics" || r["capacity_mbps"] != 2500.0 {
		t.Fatalf("patched real %v", r)
	}

	// The view before the first round: the operator's weights, no reasoning yet.
	v := e.mustDo("GET", id+"/policy", "", http.StatusOK)
	if v["source"] != "operator" || v["weights"].(map[string]any)["10.1.0.1:80"] != float64(model.DefaultWeight) ||
		v["policy"].(map[string]any)["kind"] != "comprehensive" || len(v["history"].([]any)) != 0 {
		t.Fatalf("view %v", v)
	}
	e.mustDo("PUT", id, `{"policy": {"kind": "static"}}`, http.StatusOK)
	v = e.mustDo("GET", id+"/policy", "", http.StatusOK)
	if p := v["policy"].(map[string]any); len(p) != 1 || p["kind"] != "static" {
		t.Fatalf("static view %v", v)
	}
	e.mustDo("GET", "/v1/services/nope/policy", "", http.StatusNotFound)
}

// TestPolicyInDefaults: policyOf copies every parameter given onto the defaults.
func TestPolicyInDefaults(t *testing.T) {
	g, sc, stale := 0.1, 77, int64(999)
	p, err := policyOf(&apitypes.PolicyInput{Kind: "comprehensive", Gamma: &g, Scale: &sc, StaleAfterMS: &stale})
	if err != nil {
		t.Fatal(err)
	}
	want := policy.DefaultParams()
	want.Gamma, want.Scale, want.StaleAfterMS = 0.1, 77, 999
	if policy.FromModel(*p.PolicyParams) != want {
		t.Fatalf("%+v, want %+v", *p.PolicyParams, want)
	}
	if p, err := policyOf(nil); p != nil || err != nil {
		t.Fatalf("nil: %v %v", p, err)
	}
	if p, err := policyOf(&apitypes.PolicyInput{}); err != nil || p.Kind != "static" || p.PolicyParams != nil {
		t.Fatalf("empty: %+v %v", p, err)
	}
}
