package apitypes

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"hvlb/internal/model"
)

// TestPolicyInputMatchesParams: PolicyInput's parameters are model.PolicyParams's fields,
// by name, JSON name and order, each a pointer to the same type, which the helpers rely on.
func TestPolicyInputMatchesParams(t *testing.T) {
	pt := reflect.TypeFor[model.PolicyParams]()
	if got, want := policyInputType.NumField()-firstParam, pt.NumField(); got != want {
		t.Fatalf("PolicyInput has %d parameters, model.PolicyParams %d fields", got, want)
	}
	for i := 0; i < pt.NumField(); i++ {
		in, p := policyInputType.Field(firstParam+i), pt.Field(i)
		if in.Name != p.Name || jsonName(in) != jsonName(p) || in.Type != reflect.PointerTo(p.Type) {
			t.Errorf("parameter %d: PolicyInput has %s %s %q, model.PolicyParams %s %s %q",
				i, in.Name, in.Type, jsonName(in), p.Name, p.Type, jsonName(p))
		}
	}
	if got := strings.Join(PolicyParamNames(), ","); got != "gamma,max_rtt_ms,min_avail_mbps,cpu_high,"+
		"cpu_hysteresis,smoothing,smoothing_tau_ms,rtt_jump_ratio,change_threshold,stale_after_ms,scale,default_capacity_mbps,rtt_floor_ms" {
		t.Errorf("PolicyParamNames %s", got)
	}
}

// TestPolicyInputHelpers: a policy goes to a request body and back onto parameters whole,
// and parameters are read and set by their JSON names.
func TestPolicyInputHelpers(t *testing.T) {
	pp := model.PolicyParams{Gamma: 0.25, MaxRTTMs: 40, CPUHigh: 0.8, StaleAfterMS: 9000, Scale: 500, RTTFloorMS: 2}
	in := PolicyInputOf(Policy{Kind: model.PolicyComprehensive, PolicyParams: &pp})
	var back model.PolicyParams
	if first := in.ApplyTo(&back); first != "gamma" || back != pp {
		t.Errorf("ApplyTo: first %q, %+v, want gamma, %+v", first, back, pp)
	}
	if in := PolicyInputOf(Policy{Kind: model.PolicyStatic}); !reflect.DeepEqual(in, &PolicyInput{Kind: "static"}) {
		t.Errorf("static: %+v", in)
	}
	if first := (&PolicyInput{}).ApplyTo(&back); first != "" || back != pp {
		t.Errorf("ApplyTo of no parameter: first %q, %+v", first, back)
	}

	tests := []struct {
		name    string
		param   string
		v       float64
		wantErr string
		wantSet string // the body's JSON after the set
	}{
		{"float", "gamma", 0.5, "", `{"kind":"","gamma":0.5}`},
		{"integer", "stale_after_ms", 1500, "", `{"kind":"","stale_after_ms":1500}`},
		{"int", "scale", 1e4, "", `{"kind":"","scale":10000}`},
		{"not whole", "scale", 1.5, "1.5: want a whole number", ""},
		{"too big to be whole", "stale_after_ms", 1e300, "want a whole number", ""},
		{"unknown", "alpha", 1, `policy parameter "alpha": no such parameter`, ""},
	}
	for _, tt := range tests {
		var in PolicyInput
		err := in.SetParam(tt.param, tt.v)
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("%s: error %v, want %q", tt.name, err, tt.wantErr)
			}
			continue
		}
		b, _ := json.Marshal(in)
		if err != nil || string(b) != tt.wantSet {
			t.Errorf("%s: %v, %s, want %s", tt.name, err, b, tt.wantSet)
		}
		if v, ok := in.Param(tt.param); !ok || v != tt.v {
			t.Errorf("%s: Param %v %v, want %v", tt.name, v, ok, tt.v)
		}
		given := slices.DeleteFunc(PolicyParamNames(), func(n string) bool { _, ok := in.Param(n); return !ok })
		if !slices.Equal(given, []string{tt.param}) {
			t.Errorf("%s: given %v", tt.name, given)
		}
	}
}
