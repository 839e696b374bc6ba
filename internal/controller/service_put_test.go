package controller

import (
	"encoding/json"
	"testing"

	"hvlb/internal/apitypes"
	"hvlb/internal/model"
)

// TestPutFields: a PUT's body replaces the service's fields by name: the replaced ones whole
// (absent: the default), the others when given ("" and null keep them), never the identity,
// reals or policy.
func TestPutFields(t *testing.T) {
	cur := model.Service{ID: "udp-10.0.0.1-53", Protocol: "udp", VIP: "10.0.0.1", Port: 53, Mode: "tunnel",
		Encap: "gue", Scheduler: "wrr", DownConns: "keep", AllDown: "keep_last", Forwarders: []string{"fwd-a"},
		HealthCheck: &model.HealthCheck{Kind: "udp"}, ServiceSettings: model.ServiceSettings{ConnRateLimit: 10}, Timeouts: &model.Timeouts{UDP: 9},
		Priority: 3, Reals: []model.Real{{Address: "10.1.0.1"}}, Version: 7,
		Policy: model.Policy{Kind: model.PolicyStatic}}
	zero, seven := 0, 7
	s := cur.Clone()
	if err := putFields(&s, apitypes.ServiceInput{Scheduler: "rr", AllDown: "drop", SettingsInput: apitypes.SettingsInput{ConnRateLimit: &zero},
		SynproxyThreshold: &seven, Timeouts: &model.Timeouts{}, ID: new(string), Port: new(int)}); err != nil {
		t.Fatal(err)
	}
	want := cur.Clone()
	want.Mode, want.Encap, want.Forwarders, want.HealthCheck = "", "", nil, nil // replaced: absent
	want.Scheduler, want.AllDown, want.ConnRateLimit, want.SynproxyThreshold = "rr", "drop", 0, 7
	want.Timeouts = &model.Timeouts{}
	if got, w := mustJSON(t, s), mustJSON(t, want); got != w {
		t.Errorf("after the PUT:\n got %s\nwant %s", got, w)
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
