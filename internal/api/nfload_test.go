package api

import (
	"net/http"
	"testing"
)

// TestNFLoadAPI: POST /v1/nf-load takes the NFV manager's CPU samples for reals' addresses
// and answers 400 naming the field at fault for anything else, taking none of that push.
func TestNFLoadAPI(t *testing.T) {
	e := newEnv(t, "")
	e.mustDo("POST", "/v1/services", `{"protocol":"tcp","vip":"10.0.0.1","port":80,
		"policy":{"kind":"comprehensive"},
		"reals":[{"address":"10.1.0.1","port":80,"weight":1}]}`, http.StatusCreated)
	e.mustDo("POST", "/v1/services", `{"protocol":"tcp","vip":"fd00::1","port":80,
		"reals":[{"address":"fd00::11","port":80,"weight":1}]}`, http.StatusCreated)
	m := e.mustDo("POST", "/v1/nf-load", `{"samples":[{"address":"10.1.0.1","cpu_utilization":0.4},
		{"address":"fd00:0::11","cpu_utilization":0.9,"at":"2026-01-02T15:04:05Z"}]}`, http.StatusOK)
	if m["accepted"] != 2.0 {
		t.Fatalf("accepted %v", m["accepted"])
	}
	for _, tc := range []struct{ body, field string }{
		{`{}`, "samples"},
		{`{"samples":[]}`, "samples"},
		{`{"samples":[{"address":"10.1.0.1"}]}`, "samples[0].cpu_utilization"},
		{`{"samples":[{"address":"10.1.0.1","cpu_utilization":1.2}]}`, "samples[0].cpu_utilization"},
		{`{"samples":[{"address":"10.1.0.1","cpu_utilization":"high"}]}`, "samples[0].cpu_utilization"},
		{`{"samples":[{"address":"10.1.0.1","cpu_utilization":0.1},{"address":"10.7.7.7","cpu_utilization":0.1}]}`,
			"samples[1].address"},
		{`{"samples":[{"address":"","cpu_utilization":0.1}]}`, "samples[0].address"},
		{`{"samples":[{"address":"10.1.0.1","cpu_utilization":0.1,"at":"yesterday"}]}`, "samples[0].at"},
		{`{"samples":[{"address":"10.1.0.1","cpu_utilization":0.1,"at":"2999-01-01T00:00:00Z"}]}`, "samples[0].at"},
		{`{"samples":[{"address":"10.1.0.1","cpu_utilization":0.1,"extra":1}]}`, "samples[0].extra"},
	} {
		st, m, raw := e.do("POST", "/v1/nf-load", tc.body)
		if field, _ := m["field"].(string); st != http.StatusBadRequest || field != tc.field {
			t.Errorf("%s: status %d field %q, want 400 %q: %s", tc.body, st, field, tc.field, raw)
		}
	}
}
