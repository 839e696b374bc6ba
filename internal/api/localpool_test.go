package api

import (
	"context"
	"strings"
	"testing"

	"hvlb/internal/model"
)

// TestForwarderLocalPoolAPI: PUT sets the forwarder's FullNAT local pool (written once, shown
// in GET, kept across the agent's registrations, carried in its desired state); 400 naming
// the field for a bad address or range, 404 for an unknown forwarder.
func TestForwarderLocalPoolAPI(t *testing.T) {
	e := newEnv(t, "")
	ctx := context.Background()
	if _, err := e.c.Register(ctx, model.Forwarder{ID: "fwd-a"}); err != nil {
		t.Fatal(err)
	}
	if m := e.mustDo("GET", "/v1/forwarders/fwd-a", "", 200); m["local_pool"] != nil {
		t.Fatalf("no pool set: local_pool %v", m["local_pool"])
	}
	body := `{"addrs": ["10.1.0.100", "FD01::100"], "ports": "20000-29999"}`
	for range 2 {
		m := e.mustDo("PUT", "/v1/forwarders/fwd-a/local-pool", body, 200)
		lp, _ := m["local_pool"].(map[string]any)
		if addrs, _ := lp["addrs"].([]any); len(addrs) != 2 || addrs[1] != "fd01::100" || lp["ports"] != "20000-29999" {
			t.Fatalf("PUT: local_pool %v", m["local_pool"])
		}
	}
	// Registration keeps the operator's pool.
	if _, err := e.c.Register(ctx, model.Forwarder{ID: "fwd-a", Hostname: "h"}); err != nil {
		t.Fatal(err)
	}
	if m := e.mustDo("GET", "/v1/forwarders/fwd-a", "", 200); m["local_pool"] == nil {
		t.Fatal("registration dropped the local pool")
	}
	ds, _, err := e.c.DesiredState("fwd-a")
	if err != nil {
		t.Fatal(err)
	}
	lp := ds.GetLocalPool()
	if lp == nil || strings.Join(lp.GetAddresses(), ",") != "10.1.0.100,fd01::100" ||
		lp.GetPortMin() != 20000 || lp.GetPortMax() != 29999 {
		t.Fatalf("desired state's local pool: %v", lp)
	}
	for _, tc := range []struct {
		path, body string
		want       int
		field      string
	}{
		{"/v1/forwarders/fwd-a/local-pool", `{"addrs": ["10.1.0.100", "nope"]}`, 400, "local_pool.addrs[1]"},
		{"/v1/forwarders/fwd-a/local-pool", `{"addrs": ["10.1.0.100", "10.1.0.100"]}`, 400, "local_pool.addrs[1]"},
		{"/v1/forwarders/fwd-a/local-pool", `{"addrs": ["10.1.0.100"], "ports": "30000-20000"}`, 400, "local_pool.ports"},
		{"/v1/forwarders/fwd-a/local-pool", `{"addrs": ["10.1.0.100"], "port": "1-2"}`, 400, "port"},
		{"/v1/forwarders/-x/local-pool", `{"addrs": []}`, 400, "id"},
		{"/v1/forwarders/fwd-z/local-pool", `{"addrs": []}`, 404, ""},
	} {
		st, m, raw := e.do("PUT", tc.path, tc.body)
		if st != tc.want {
			t.Errorf("PUT %s %s: %d, want %d: %s", tc.path, tc.body, st, tc.want, raw)
			continue
		}
		if tc.field != "" && m["field"] != tc.field {
			t.Errorf("PUT %s %s: field %v, want %s", tc.path, tc.body, m["field"], tc.field)
		}
	}
	// The refused ones changed nothing; the repeated PUT wrote once.
	if m := e.mustDo("GET", "/v1/forwarders/fwd-a", "", 200); m["local_pool"].(map[string]any)["ports"] != "20000-29999" {
		t.Errorf("a refused PUT changed the pool: %v", m["local_pool"])
	}
	_, _, raw := e.do("GET", "/v1/changes", "")
	if n := strings.Count(string(raw), "set the local pool of forwarder fwd-a"); n != 1 {
		t.Errorf("change log has %d local pool entries, want 1: %s", n, raw)
	}
}
