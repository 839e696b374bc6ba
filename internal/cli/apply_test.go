package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const applyFile = `services:
- protocol: tcp
  vip: 10.100.0.1
  port: 80
  scheduler: maglev
  forwarders: [fwd-a]
  reals:
  - {address: 10.1.0.11, weight: 50}
  - {address: 10.1.0.12, port: 8080}
- protocol: udp
  vip: 10.100.0.2
  port: 53
`

// The first service with its scheduler changed, one real's weight changed, the other
// removed and a third added; the second service left out.
const applyChanged = `services:
- protocol: tcp
  vip: 10.100.0.1
  port: 80
  scheduler: rr
  forwarders: [fwd-a]
  reals:
  - {address: 10.1.0.11, weight: 70}
  - {address: 10.1.0.13}
`

func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestApply runs apply against the fake controller: creation, no change, a dry run,
// updates, pruning, and mistakes in the file that are refused before anything is sent.
func TestApply(t *testing.T) {
	f, url, dir := startFake(t, false)
	env := map[string]string{"HVLB_SERVER": url, "HVLB_CERTS": dir}
	tmp := t.TempDir()
	first := writeFile(t, tmp, "lb.yaml", applyFile)
	changed := writeFile(t, tmp, "changed.yaml", applyChanged)
	bad := func(name, text string) string { return writeFile(t, tmp, name, text) }
	list := fakeReq{Method: "GET", Path: "/v1/services"}
	steps := []cmdStep{
		{name: "create from the file", args: []string{"apply", "-f", first},
			wantReqs: []fakeReq{list,
				{Method: "POST", Path: "/v1/services", Body: `{"protocol":"tcp","vip":"10.100.0.1","port":80,"scheduler":"maglev",
					"forwarders":["fwd-a"],"reals":[{"address":"10.1.0.11","port":80,"weight":50},{"address":"10.1.0.12","port":8080}]}`},
				{Method: "POST", Path: "/v1/services", Body: `{"protocol":"udp","vip":"10.100.0.2","port":53,"forwarders":null}`}},
			wantOut: []string{"create service tcp-10.100.0.1-80 (2 reals)\ncreate service udp-10.100.0.2-53 (0 reals)\n"}},
		{name: "again: no change", args: []string{"apply", "-f", first},
			wantReqs: []fakeReq{list}, wantOut: []string{"no changes"}},
		{name: "dry run shows the changes and sends none", args: []string{"apply", "-f", changed, "--dry-run", "--prune"},
			wantReqs: []fakeReq{list},
			wantOut: []string{"update service tcp-10.100.0.1-80: scheduler maglev -> rr\n" +
				"update real tcp-10.100.0.1-80 10.1.0.11:80: weight 50 -> 70\n" +
				"add real tcp-10.100.0.1-80 10.1.0.13:80 weight 100\n" +
				"delete real tcp-10.100.0.1-80 10.1.0.12:8080\n" +
				"delete service udp-10.100.0.2-53\n", "dry run: nothing changed"}},
		{name: "without --prune the other service stays", args: []string{"apply", "-f", changed},
			wantReqs: []fakeReq{list,
				{Method: "PUT", Path: "/v1/services/tcp-10.100.0.1-80",
					Body: `{"all_down":"drop","conn_rate_limit":0,"down_conns":"keep","forwarders":["fwd-a"],"mode":"nat","persistence_prefix":0,"persistence_timeout":0,"scheduler":"rr","synproxy":"off","synproxy_threshold":0,"version":1}`},
				{Method: "PATCH", Path: "/v1/services/tcp-10.100.0.1-80/reals/10.1.0.11:80", Body: `{"weight":70}`},
				{Method: "POST", Path: "/v1/services/tcp-10.100.0.1-80/reals", Body: `{"address":"10.1.0.13","port":80}`},
				{Method: "DELETE", Path: "/v1/services/tcp-10.100.0.1-80/reals/10.1.0.12:8080"}},
			wantOut: []string{"scheduler maglev -> rr", "1 service(s) not in " + changed + " kept (--prune deletes them): udp-10.100.0.2-53"}},
		{name: "prune", args: []string{"apply", "-f", changed, "--prune"},
			wantReqs: []fakeReq{list, {Method: "DELETE", Path: "/v1/services/udp-10.100.0.2-53"}},
			wantOut:  []string{"delete service udp-10.100.0.2-53\n"}},
		{name: "limits: the service's rate and a real's connections",
			args: []string{"apply", "-f", bad("l.yaml", strings.Replace(strings.Replace(applyChanged,
				"weight: 70}", "weight: 70, conn_limit: 5}", 1), "  reals:", "  conn_rate_limit: 300\n  reals:", 1))},
			wantReqs: []fakeReq{list,
				{Method: "PUT", Path: "/v1/services/tcp-10.100.0.1-80",
					Body: `{"all_down":"drop","conn_rate_limit":300,"down_conns":"keep","forwarders":["fwd-a"],"mode":"nat","persistence_prefix":0,"persistence_timeout":0,"scheduler":"rr","synproxy":"off","synproxy_threshold":0,"version":3}`},
				{Method: "PATCH", Path: "/v1/services/tcp-10.100.0.1-80/reals/10.1.0.11:80", Body: `{"conn_limit":5}`}},
			wantOut: []string{"conn_rate_limit 0 -> 300", "conn_limit 0 -> 5"}},
		{name: "a service's own timeouts",
			args: []string{"apply", "-f", bad("t.yaml", strings.Replace(applyChanged, "  reals:", "  timeouts: {udp: 2}\n  reals:", 1))},
			wantReqs: []fakeReq{list,
				{Method: "PUT", Path: "/v1/services/tcp-10.100.0.1-80",
					Body: `{"all_down":"drop","conn_rate_limit":300,"down_conns":"keep","forwarders":["fwd-a"],"mode":"nat","persistence_prefix":0,"persistence_timeout":0,"scheduler":"rr","synproxy":"off","synproxy_threshold":0,"timeouts":{"udp":2},"version":7}`}},
			wantOut: []string{`timeouts none -> {"udp":2}`}},
		{name: "a timeout past a week names the field",
			args:     []string{"apply", "-f", bad("t2.yaml", strings.Replace(applyChanged, "  reals:", "  timeouts: {udp: 604801}\n  reals:", 1))},
			wantCode: 2, wantErr: "timeouts.udp"},
		{name: "a bad weight names the service, the field and the line",
			args:     []string{"apply", "-f", bad("w.yaml", strings.Replace(applyChanged, "weight: 70", "weight: 7000000", 1))},
			wantCode: 2, wantErr: "w.yaml:8: services[0] (tcp-10.100.0.1-80): reals[0].weight"},
		{name: "an unknown field is refused",
			args:     []string{"apply", "-f", bad("u.yaml", strings.Replace(applyChanged, "scheduler:", "schedular:", 1))},
			wantCode: 2, wantErr: `u.yaml:2: services[0]: unknown field "schedular"`},
		{name: "a wrong type names its field's line",
			args:     []string{"apply", "-f", bad("p.yaml", strings.Replace(applyChanged, "port: 80", "port: eighty", 1))},
			wantCode: 2, wantErr: `p.yaml:4: services[0]: port: cannot unmarshal string`},
		{name: "the same service twice",
			args:     []string{"apply", "-f", bad("d.yaml", applyChanged+strings.TrimPrefix(applyChanged, "services:\n"))},
			wantCode: 2, wantErr: "services[1] (tcp-10.100.0.1-80): the same service as services[0]"},
		{name: "a wrong id", args: []string{"apply", "-f", bad("i.yaml", strings.Replace(applyChanged, "- protocol: tcp", "- id: x\n  protocol: tcp", 1))},
			wantCode: 2, wantErr: `i.yaml:2: services[0] (tcp-10.100.0.1-80): id: "x": this service's id is "tcp-10.100.0.1-80"`},
		{name: "no -f", args: []string{"apply"}, wantCode: 2, wantErr: "-f FILE is required"},
		{name: "-o yaml is only for get", args: []string{"vs", "list", "-o", "yaml"}, wantCode: 2, wantErr: `-o "yaml"`},
	}
	runSteps(t, f, env, steps)
}

// TestGetApplyRoundTrip: what get -o yaml writes, apply reads back without a change.
func TestGetApplyRoundTrip(t *testing.T) {
	f, url, dir := startFake(t, false)
	env := map[string]string{"HVLB_SERVER": url, "HVLB_CERTS": dir}
	tmp := t.TempDir()
	hc := "  health_check: {kind: http, http_path: /h, interval_ms: 2000, timeout_ms: 500, rise: 2, fall: 3, port: 0}\n" +
		"  policy: {kind: comprehensive, gamma: 0.5}\n"
	src := writeFile(t, tmp, "src.yaml", strings.Replace(applyFile, "  forwarders: [fwd-a]\n", "  forwarders: [fwd-a]\n"+hc, 1))
	if code, _, errOut := run(env, "apply", "-f", src); code != 0 {
		t.Fatalf("apply: %d %s", code, errOut)
	}
	code, out, errOut := run(env, "get", "-o", "yaml")
	if code != 0 {
		t.Fatalf("get: %d %s", code, errOut)
	}
	for _, w := range []string{"services:\n  - id: tcp-10.100.0.1-80\n    protocol: tcp\n    vip: 10.100.0.1\n    port: 80\n",
		"http_path: /h", "gamma: 0.5", "address: 10.1.0.12\n        port: 8080\n"} {
		if !strings.Contains(out, w) {
			t.Errorf("get -o yaml lacks %q:\n%s", w, out)
		}
	}
	for _, no := range []string{"version:", "health:", "health_reason:"} {
		if strings.Contains(out, no) {
			t.Errorf("get -o yaml holds the read-only %q:\n%s", no, out)
		}
	}
	f.takeReqs()
	back := writeFile(t, tmp, "back.yaml", out)
	code, out, errOut = run(env, "apply", "-f", back, "--prune")
	if code != 0 || out != "no changes\n" {
		t.Errorf("apply of get's output: exit %d, stdout %q, stderr %q; want no changes", code, out, errOut)
	}
	if reqs := f.takeReqs(); len(reqs) != 1 {
		t.Errorf("apply of get's output sent %+v, want one GET", reqs)
	}
	code, out, _ = run(env, "get", "udp-10.100.0.2-53")
	if code != 0 || strings.Contains(out, "tcp-") || !strings.Contains(out, "udp-10.100.0.2-53") {
		t.Errorf("get ID: exit %d:\n%s", code, out)
	}
	if code, _, errOut = run(env, "get", "tcp-10.9.9.9-1"); code != 1 || !strings.Contains(errOut, "not found") {
		t.Errorf("get of a missing service: exit %d, %q", code, errOut)
	}
}

// TestApplyConcurrentChange: a service changed between apply's read and its PUT is not
// overwritten.
func TestApplyConcurrentChange(t *testing.T) {
	f, url, dir := startFake(t, false)
	env := map[string]string{"HVLB_SERVER": url, "HVLB_CERTS": dir}
	tmp := t.TempDir()
	if code, _, errOut := run(env, "apply", "-f", writeFile(t, tmp, "a.yaml", applyFile)); code != 0 {
		t.Fatalf("apply: %d %s", code, errOut)
	}
	f.beforePut = func(s *service) { s.Version += 10; f.beforePut = nil }
	code, out, errOut := run(env, "apply", "-f", writeFile(t, tmp, "b.yaml", applyChanged))
	if code != 1 || !strings.Contains(errOut, "the service changed on the controller since it was read (version 1); apply again") {
		t.Errorf("apply over a concurrent change: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	if s := f.svcs["tcp-10.100.0.1-80"]; s.Scheduler != "maglev" {
		t.Errorf("the service was overwritten: scheduler %q", s.Scheduler)
	}
}

// A service's synproxy "off" survives get -o yaml and apply -f: written quoted (a YAML 1.1
// reader takes a plain off for false), and read as the word when written plain by hand.
func TestDeclSynproxyWords(t *testing.T) {
	var out bytes.Buffer
	body := []byte(`[{"id":"tcp-10.100.0.1-80","protocol":"tcp","vip":"10.100.0.1","port":80,"synproxy":"off","reals":[]}]`)
	if err := exportYAML(&out, body, nil); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), `synproxy: "off"`) {
		t.Fatalf("export:\n%s", out.String())
	}
	for _, doc := range []string{out.String(),
		"services:\n  - protocol: tcp\n    vip: 10.100.0.1\n    port: 80\n    synproxy: off\n"} {
		f, err := parseDecl("site.yaml", []byte(doc))
		if err != nil {
			t.Fatalf("%v\n%s", err, doc)
		}
		if len(f.services) != 1 || f.services[0].want.Synproxy != "off" {
			t.Fatalf("synproxy %+v\n%s", f.services, doc)
		}
	}
}

// TestVXLANRoundTrip: two tenants' services with the same protocol, vip and port, told apart
// by their vni (part of the id), one with a priority, survive get -o yaml / apply -f.
func TestVXLANRoundTrip(t *testing.T) {
	_, url, dir := startFake(t, false)
	env := map[string]string{"HVLB_SERVER": url, "HVLB_CERTS": dir}
	tmp := t.TempDir()
	src := writeFile(t, tmp, "vx.yaml", `services:
- {protocol: tcp, vip: 192.168.0.100, port: 80, mode: vxlan, vni: 100, reals: [{address: 10.1.0.11}]}
- {protocol: tcp, vip: 192.168.0.100, port: 80, mode: vxlan, vni: 200, priority: 7, reals: [{address: 10.1.0.12}]}
`)
	if code, _, errOut := run(env, "apply", "-f", src); code != 0 {
		t.Fatalf("apply: %d %s", code, errOut)
	}
	code, out, errOut := run(env, "get", "-o", "yaml")
	if code != 0 {
		t.Fatalf("get: %d %s", code, errOut)
	}
	for _, w := range []string{"id: tcp-192.168.0.100-80-vni100\n", "id: tcp-192.168.0.100-80-vni200\n",
		"vni: 200\n", "priority: 7\n", "address: 10.1.0.12\n        port: 0\n"} {
		if !strings.Contains(out, w) {
			t.Errorf("get -o yaml lacks %q:\n%s", w, out)
		}
	}
	back := writeFile(t, tmp, "back.yaml", out)
	if code, out, errOut = run(env, "apply", "-f", back, "--prune"); code != 0 || out != "no changes\n" {
		t.Errorf("apply of get's output: exit %d, stdout %q, stderr %q; want no changes", code, out, errOut)
	}
	bad := writeFile(t, tmp, "bad.yaml", "services:\n- {protocol: tcp, vip: 192.168.0.100, port: 80, mode: vxlan, reals: [{address: 10.1.0.11}]}\n")
	if code, _, errOut = run(env, "apply", "-f", bad); code == 0 || !strings.Contains(errOut, "vni") {
		t.Errorf("a vxlan service without vni: exit %d, %q", code, errOut)
	}
}

// TestTunnelRoundTrip: a tunnel service's mode and encap survive get -o yaml and apply -f,
// and a changed encap is one PUT that keeps the mode.
func TestTunnelRoundTrip(t *testing.T) {
	f, url, dir := startFake(t, false)
	env := map[string]string{"HVLB_SERVER": url, "HVLB_CERTS": dir}
	tmp := t.TempDir()
	file := "services:\n- protocol: udp\n  vip: 10.100.0.3\n  port: 53\n  mode: tunnel\n  encap: gue\n" +
		"  reals:\n  - {address: 10.1.0.21}\n"
	if code, _, errOut := run(env, "apply", "-f", writeFile(t, tmp, "t.yaml", file)); code != 0 {
		t.Fatalf("apply: %d %s", code, errOut)
	}
	code, out, errOut := run(env, "get", "-o", "yaml")
	if code != 0 || !strings.Contains(out, "mode: tunnel\n") || !strings.Contains(out, "encap: gue\n") {
		t.Fatalf("get: %d %s\n%s", code, errOut, out)
	}
	if code, out, errOut = run(env, "apply", "-f", writeFile(t, tmp, "back.yaml", out)); code != 0 || out != "no changes\n" {
		t.Errorf("apply of get's output: exit %d, %q %q; want no changes", code, out, errOut)
	}
	ipip := strings.Replace(file, "encap: gue", "encap: ipip", 1)
	if code, out, errOut = run(env, "apply", "-f", writeFile(t, tmp, "ipip.yaml", ipip)); code != 0 ||
		!strings.Contains(out, "encap gue -> ipip") {
		t.Errorf("apply of a new encap: exit %d, %q %q", code, out, errOut)
	}
	if s := f.svcs["udp-10.100.0.3-53"]; s.Mode != "tunnel" || s.Encap != "ipip" {
		t.Errorf("after apply: mode %q encap %q, want tunnel ipip", s.Mode, s.Encap)
	}
	if code, out, _ = run(env, "vs", "show", "udp-10.100.0.3-53"); code != 0 || !strings.Contains(out, "tunnel/ipip") {
		t.Errorf("vs get: exit %d:\n%s", code, out)
	}
}
