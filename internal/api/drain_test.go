package api

import (
	"context"
	"strings"
	"testing"

	"hvlb/internal/model"
	"hvlb/internal/pb/ctlpb"
)

// TestForwarderDrainAPI: PUT drains, DELETE undrains, both idempotent and answering with
// the forwarder (its state, its drain, its agent's BGP sessions); 404 naming an unknown
// forwarder, 400 naming the field for an id that cannot be one.
func TestForwarderDrainAPI(t *testing.T) {
	e := newEnv(t, "")
	ctx := context.Background()
	if _, err := e.c.Register(ctx, model.Forwarder{ID: "fwd-a"}); err != nil {
		t.Fatal(err)
	}
	err := e.c.RecordReport(ctx, &ctlpb.AgentReport{ForwarderId: "fwd-a", State: "ready",
		Bgp:       []*ctlpb.BgpPeer{{Address: "10.8.0.1", RemoteAs: 65000, State: "established", PrefixesAnnounced: 1, Port: 179}},
		Announced: []string{"10.0.0.1/32"}})
	if err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		method, path string
		want         int
		state        string
		draining     bool
	}{
		{"GET", "/v1/forwarders/fwd-a", 200, "ready", false},
		{"PUT", "/v1/forwarders/fwd-a/drain", 200, "draining", true},
		{"PUT", "/v1/forwarders/fwd-a/drain", 200, "draining", true},
		{"GET", "/v1/forwarders/fwd-a", 200, "draining", true},
		{"DELETE", "/v1/forwarders/fwd-a/drain", 200, "ready", false},
		{"DELETE", "/v1/forwarders/fwd-a/drain", 200, "ready", false},
	}
	for _, s := range steps {
		m := e.mustDo(s.method, s.path, "", s.want)
		if m["state"] != s.state || m["draining"] != s.draining {
			t.Fatalf("%s %s: state %v draining %v, want %s %v", s.method, s.path, m["state"], m["draining"], s.state, s.draining)
		}
		bgp, _ := m["bgp"].([]any)
		if len(bgp) != 1 || bgp[0].(map[string]any)["state"] != "established" ||
			bgp[0].(map[string]any)["remote_as"] != float64(65000) {
			t.Fatalf("%s %s: bgp %v", s.method, s.path, m["bgp"])
		}
		if ann, _ := m["announced"].([]any); len(ann) != 1 || ann[0] != "10.0.0.1/32" {
			t.Fatalf("%s %s: announced %v", s.method, s.path, m["announced"])
		}
	}
	for _, tc := range []struct {
		method, path string
		want         int
		field, msg   string
	}{
		{"PUT", "/v1/forwarders/fwd-z/drain", 404, "", "fwd-z"},
		{"DELETE", "/v1/forwarders/fwd-z/drain", 404, "", "fwd-z"},
		{"PUT", "/v1/forwarders/-x/drain", 400, "id", ""},
		{"POST", "/v1/forwarders/fwd-a/drain", 405, "", ""},
	} {
		st, m, raw := e.do(tc.method, tc.path, "")
		if st != tc.want {
			t.Errorf("%s %s: %d, want %d: %s", tc.method, tc.path, st, tc.want, raw)
			continue
		}
		if tc.field != "" && m["field"] != tc.field {
			t.Errorf("%s %s: field %v, want %s", tc.method, tc.path, m["field"], tc.field)
		}
		if msg, _ := m["error"].(string); !strings.Contains(msg, tc.msg) {
			t.Errorf("%s %s: error %q does not name %q", tc.method, tc.path, msg, tc.msg)
		}
	}
	// One change per effective drain and undrain: the idempotent repeats wrote nothing.
	_, _, raw := e.do("GET", "/v1/changes", "")
	if n := strings.Count(string(raw), "drain forwarder fwd-a"); n != 2 {
		t.Errorf("change log has %d drain/undrain entries, want 2: %s", n, raw)
	}
}
