package model

import (
	"encoding/json"
	"errors"
	"math"
	"testing"
)

func TestNormalizePolicyAndRealInputs(t *testing.T) {
	params := func() *PolicyParams { return &PolicyParams{Gamma: 0.5, CPUHigh: 0.85, Smoothing: 0.3} }
	base := func() Service {
		return Service{Protocol: "tcp", VIP: "10.0.0.1", Port: 80,
			Reals: []Real{{Address: "10.1.0.1", Port: 80, Weight: 1}}}
	}
	tests := []struct {
		name      string
		mod       func(*Service)
		wantField string
		wantKind  string
	}{
		{"no policy is static", func(*Service) {}, "", PolicyStatic},
		{"static", func(s *Service) { s.Policy.Kind = "static" }, "", PolicyStatic},
		{"comprehensive", func(s *Service) { s.Policy = Policy{Kind: "comprehensive", PolicyParams: params()} }, "", PolicyComprehensive},
		{"unknown kind", func(s *Service) { s.Policy.Kind = "adaptive" }, "policy.kind", ""},
		{"comprehensive without params", func(s *Service) { s.Policy.Kind = "comprehensive" }, "policy", ""},
		{"static with params", func(s *Service) { s.Policy = Policy{Kind: "static", PolicyParams: params()} }, "policy", ""},
		{"metrics url", func(s *Service) { s.Reals[0].MetricsURL = "http://10.1.0.1:9100/metrics" }, "", PolicyStatic},
		{"metrics url https", func(s *Service) { s.Reals[0].MetricsURL = "https://nf.example:9100/metrics" }, "", PolicyStatic},
		{"metrics url scheme", func(s *Service) { s.Reals[0].MetricsURL = "ftp://10.1.0.1/metrics" }, "reals[0].metrics_url", ""},
		{"metrics url no host", func(s *Service) { s.Reals[0].MetricsURL = "http:///metrics" }, "reals[0].metrics_url", ""},
		{"metrics url credentials", func(s *Service) { s.Reals[0].MetricsURL = "http://u:p@10.1.0.1/" }, "reals[0].metrics_url", ""},
		{"metrics url control char", func(s *Service) { s.Reals[0].MetricsURL = "http://a/\x7f" }, "reals[0].metrics_url", ""},
		{"capacity", func(s *Service) { s.Reals[0].CapacityMbps = 1000 }, "", PolicyStatic},
		{"capacity negative", func(s *Service) { s.Reals[0].CapacityMbps = -1 }, "reals[0].capacity_mbps", ""},
		{"capacity NaN", func(s *Service) { s.Reals[0].CapacityMbps = math.NaN() }, "reals[0].capacity_mbps", ""},
		{"capacity huge", func(s *Service) { s.Reals[0].CapacityMbps = 2e7 }, "reals[0].capacity_mbps", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := base()
			tt.mod(&s)
			err := NormalizeService(&s)
			var fe *FieldError
			switch {
			case tt.wantField == "" && err != nil:
				t.Fatalf("NormalizeService: %v", err)
			case tt.wantField != "" && (!errors.As(err, &fe) || fe.Field != tt.wantField):
				t.Fatalf("NormalizeService = %v, want an error on %s", err, tt.wantField)
			case tt.wantField == "" && s.Policy.Kind != tt.wantKind:
				t.Fatalf("kind %q, want %q", s.Policy.Kind, tt.wantKind)
			}
		})
	}
}

// TestPolicyJSON: the parameters are flattened into the policy object, and a static
// policy is just its kind.
func TestPolicyJSON(t *testing.T) {
	b, _ := json.Marshal(Policy{Kind: PolicyStatic})
	if string(b) != `{"kind":"static"}` {
		t.Errorf("static: %s", b)
	}
	p := Policy{Kind: PolicyComprehensive, PolicyParams: &PolicyParams{Gamma: 0.25, Scale: 100}}
	b, _ = json.Marshal(p)
	var m map[string]any
	json.Unmarshal(b, &m)
	if m["kind"] != "comprehensive" || m["gamma"] != 0.25 || m["scale"] != float64(100) || m["cpu_high"] != float64(0) {
		t.Errorf("comprehensive: %s", b)
	}
	var back Policy
	if err := json.Unmarshal(b, &back); err != nil || back.PolicyParams == nil || *back.PolicyParams != *p.PolicyParams {
		t.Errorf("round trip: %+v %v", back, err)
	}
	c := p.Clone()
	c.Gamma = 1
	if p.Gamma != 0.25 {
		t.Error("Clone shares the parameters")
	}
}
