package cli

import (
	"context"
	"encoding/json"
	"io"
	"log"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"hvlb/internal/api"
	"hvlb/internal/certs"
	"hvlb/internal/controller"
	"hvlb/internal/store"
)

// startController starts the real controller (a bbolt store, its REST API behind TLS and a
// token), as hvlbctl talks to it; it returns hvlbctl's environment for it.
func startController(t *testing.T) map[string]string {
	t.Helper()
	dir := t.TempDir()
	if err := certs.Init(dir, nil); err != nil {
		t.Fatal(err)
	}
	toks, err := api.LoadTokens(filepath.Join(dir, certs.TokensFile))
	if err != nil {
		t.Fatal(err)
	}
	st, err := store.Open(filepath.Join(dir, "c.db"))
	if err != nil {
		t.Fatal(err)
	}
	c, err := controller.New(controller.Config{Store: st})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { c.Run(ctx); close(done) }()
	cfg, err := certs.ServerTLS(filepath.Join(dir, certs.ControllerFile), filepath.Join(dir, certs.ControllerKeyFile), "")
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewUnstartedServer(api.New(api.Config{Controller: c, Tokens: toks}))
	srv.TLS = cfg
	srv.Config.ErrorLog = log.New(io.Discard, "", 0)
	srv.StartTLS()
	t.Cleanup(func() { srv.Close(); cancel(); <-done; st.Close() })
	return map[string]string{"HVLB_SERVER": srv.URL, "HVLB_CERTS": dir}
}

// applyStep changes a file's service (set; nil: leave the field out) or one of its reals
// (real, by index), applies it, and expects each field it names to read back so from the
// controller. on is the service: 0 the tcp one, 1 the udp one (what only udp may have).
type applyStep struct {
	set  map[string]any
	real map[int]map[string]any
	on   int
}

// TestApplyChangesEveryField applies, against the real controller, a file whose service
// changes one field at a time, and reads each change back; a second apply of the same file
// must find nothing to do. Every field that PUT replaces and PATCH changes must be changed
// by some step: a field added to apitypes without a step here fails the test, so a new
// field cannot be one that apply forgets.
func TestApplyChangesEveryField(t *testing.T) {
	env := startController(t)
	svc := map[string]any{"protocol": "tcp", "vip": "10.100.0.1", "port": 80,
		"reals": []map[string]any{{"address": "10.1.0.11", "weight": 1}, {"address": "10.1.0.12", "weight": 2},
			{"address": "10.1.0.13", "weight": 3}}}
	sip := map[string]any{"protocol": "udp", "vip": "10.100.0.2", "port": 5060,
		"reals": []map[string]any{{"address": "10.1.0.11"}, {"address": "10.1.0.12"}}}
	services := []map[string]any{svc, sip}
	steps := []applyStep{
		{set: map[string]any{"scheduler": "wrr"}},
		{set: map[string]any{"down_conns": "reschedule"}},
		{set: map[string]any{"all_down": "keep_last"}},
		{set: map[string]any{"forwarders": []string{"fwd-a", "fwd-b"}}},
		{set: map[string]any{"health_check": map[string]any{"kind": "http", "http_path": "/h", "rise": 3}}},
		{set: map[string]any{"policy": map[string]any{"kind": "comprehensive", "gamma": 0.25}}},
		{set: map[string]any{"conn_rate_limit": 300}},
		{set: map[string]any{"persistence_timeout": 300, "persistence_prefix": 24}},
		{set: map[string]any{"timeouts": map[string]any{"tcp_established": 100, "udp": 20}}},
		{set: map[string]any{"synproxy": "auto"}},
		{set: map[string]any{"synproxy_threshold": 50}},
		{set: map[string]any{"priority": 3}},
		{set: map[string]any{"synproxy": "off", "mode": "fullnat"}},
		{set: map[string]any{"client_addr": "on"}},
		{set: map[string]any{"client_addr": "off"}},
		{set: map[string]any{"client_addr": nil, "mode": "tunnel", "encap": "gue"}},
		{set: map[string]any{"encap": "ipip"}},
		{set: map[string]any{"mode": "dr", "encap": nil}},
		{set: map[string]any{"down_conns": "keep", "all_down": "drop", "priority": 0, "conn_rate_limit": 0,
			"persistence_timeout": 0, "persistence_prefix": 0}},
		{real: map[int]map[string]any{0: {"weight": 7}}},
		{real: map[int]map[string]any{1: {"health_override": "down"}}},
		{real: map[int]map[string]any{2: {"drain": true}}},
		{real: map[int]map[string]any{0: {"metrics_url": "http://10.1.0.11:9100/metrics"}}},
		{real: map[int]map[string]any{1: {"capacity_mbps": 2500.0}}},
		{real: map[int]map[string]any{2: {"conn_limit": 40}}},
		{set: map[string]any{"hash": "sip_call_id"}, on: 1},
		{set: map[string]any{"hash": "5tuple", "scheduler": "rr"}, on: 1},
	}
	changed := map[string]bool{}
	realChanged := map[string]bool{}
	tmp := t.TempDir()
	file := filepath.Join(tmp, "lb.yaml")
	write := func() {
		b, err := json.Marshal(map[string]any{"services": services}) // JSON is YAML
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, tmp, "lb.yaml", string(b))
	}
	write()
	if code, _, errOut := run(env, "apply", "-f", file); code != 0 {
		t.Fatalf("create: exit %d: %s", code, errOut)
	}
	for i, st := range steps {
		svc := services[st.on]
		for k, v := range st.set {
			svc[k] = v
			if v == nil {
				delete(svc, k) // left out of the file: none
			}
			changed[k] = true
		}
		reals := svc["reals"].([]map[string]any)
		for j, set := range st.real {
			for k, v := range set {
				reals[j][k] = v
				realChanged[k] = true
			}
		}
		write()
		code, out, errOut := run(env, "apply", "-f", file)
		if code != 0 {
			t.Fatalf("step %d %v%v: exit %d: %s%s", i, st.set, st.real, code, out, errOut)
		}
		code, out, errOut = run(env, "get", "-o", "json")
		if code != 0 {
			t.Fatalf("get: %s", errOut)
		}
		var all []map[string]any
		if err := json.Unmarshal([]byte(out), &all); err != nil || len(all) != len(services) {
			t.Fatalf("get: %v %s", err, out)
		}
		got := all[:1]
		for _, s := range all {
			if s["vip"] == svc["vip"] {
				got[0] = s
			}
		}
		df, err := parseDecl(file, mustRead(t, file))
		if err != nil {
			t.Fatal(err)
		}
		norm := asMap(df.services[st.on].want) // as the controller writes what the file says
		for k, v := range st.set {
			if !holds(v, got[0][k]) && !holds(norm[k], got[0][k]) {
				t.Errorf("step %d: %s = %v in the file, %v on the controller", i, k, v, got[0][k])
			}
		}
		gotReals, _ := got[0]["reals"].([]any)
		for j, set := range st.real {
			for k, v := range set {
				r, _ := gotReals[j].(map[string]any)
				if !holds(v, r[k]) {
					t.Errorf("step %d: reals[%d].%s = %v in the file, %v on the controller", i, j, k, v, r[k])
				}
			}
		}
		if code, out, errOut = run(env, "apply", "-f", file); code != 0 || out != "no changes\n" {
			t.Errorf("step %d: apply again: exit %d, %q %q; want no changes", i, code, out, errOut)
		}
	}
	for _, k := range serviceFields() {
		if !changed[k] {
			t.Errorf("no step changes the service's %s: add one (apply must change every field)", k)
		}
	}
	for _, k := range realFields() {
		if !realChanged[k] {
			t.Errorf("no step changes a real's %s: add one (apply must change every field)", k)
		}
	}
	if fs := serviceFields(); !slices.Contains(fs, "down_conns") || !strings.Contains(strings.Join(fs, " "), "all_down") {
		t.Errorf("serviceFields %v", fs)
	}
}

func mustRead(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// holds reports whether JSON value have holds want: equal, or for an object, every field
// want gives equal in have (the controller fills defaults in); an absent value holds a zero.
func holds(want, have any) bool {
	var w any
	b, _ := json.Marshal(want)
	json.Unmarshal(b, &w)
	if isZero(w) && isZero(have) {
		return true
	}
	wm, ok := w.(map[string]any)
	if !ok {
		return same(w, have)
	}
	hm, _ := have.(map[string]any)
	for k, v := range wm {
		if !holds(v, hm[k]) {
			return false
		}
	}
	return true
}
