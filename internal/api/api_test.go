package api

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"hvlb/internal/controller"
	"hvlb/internal/model"
	"hvlb/internal/store"
)

const testToken = "s3cret-token"

type env struct {
	t   *testing.T
	srv *httptest.Server
	c   *controller.Controller
	st  *store.Store
	log *syncBuffer // the API's log lines (text)
}

// syncBuffer is a log destination the handlers write and a test reads at once.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// newEnv starts a controller on a fresh store and its API behind a token.
func newEnv(t *testing.T, webhook string) *env {
	t.Helper()
	dir := t.TempDir()
	st, err := store.Open(filepath.Join(dir, "c.db"))
	if err != nil {
		t.Fatal(err)
	}
	c, err := controller.New(controller.Config{Store: st, Webhook: webhook})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { c.Run(ctx); close(done) }()
	tokFile := filepath.Join(dir, "tokens")
	os.WriteFile(tokFile, []byte("# comment\n\n"+testToken+"\nother\n"), 0o600)
	toks, err := LoadTokens(tokFile)
	if err != nil {
		t.Fatal(err)
	}
	logs := &syncBuffer{}
	srv := httptest.NewServer(New(Config{Controller: c, Tokens: toks, Log: slog.New(slog.NewTextHandler(logs, nil)),
		Metrics: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "# metrics\n") })}))
	t.Cleanup(func() { srv.Close(); cancel(); <-done; st.Close() })
	return &env{t: t, srv: srv, c: c, st: st, log: logs}
}

// do sends a request with the token and returns the status and the decoded body.
func (e *env) do(method, path, body string) (int, map[string]any, []byte) {
	e.t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, _ := http.NewRequest(method, e.srv.URL+path, rd)
	req.Header.Set("Authorization", "Bearer "+testToken)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var m map[string]any
	json.Unmarshal(raw, &m)
	return resp.StatusCode, m, raw
}

func (e *env) mustDo(method, path, body string, want int) map[string]any {
	e.t.Helper()
	st, m, raw := e.do(method, path, body)
	if st != want {
		e.t.Fatalf("%s %s: status %d, want %d: %s", method, path, st, want, raw)
	}
	return m
}

const svcBody = `{"protocol":"tcp","vip":"10.0.0.1","port":80,"reals":[{"address":"10.1.0.1","port":80}]}`
const svcID = "tcp-10.0.0.1-80"

func TestAuth(t *testing.T) {
	e := newEnv(t, "")
	for _, tc := range []struct {
		name, path, header string
		want               int
	}{
		{"no header", "/v1/services", "", 401},
		{"wrong token", "/v1/services", "Bearer nope", 401},
		{"basic scheme", "/v1/services", "Basic " + testToken, 401},
		{"empty bearer", "/v1/services", "Bearer ", 401},
		{"good", "/v1/services", "Bearer " + testToken, 200},
		{"second token", "/v1/version", "Bearer other", 200},
		{"lower-case scheme", "/v1/version", "bearer " + testToken, 200},
		{"comment is no token", "/v1/version", "Bearer # comment", 401},
		{"unknown path", "/v1/nothing", "", 404},
		{"unknown path with a token", "/v1/nothing", "Bearer " + testToken, 404},
		{"healthz public", "/healthz", "", 200},
		{"metrics public", "/metrics", "", 200},
		{"openapi public", "/openapi.json", "", 200},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req, _ := http.NewRequest("GET", e.srv.URL+tc.path, nil)
			if tc.header != "" {
				req.Header.Set("Authorization", tc.header)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != tc.want {
				t.Fatalf("status %d, want %d", resp.StatusCode, tc.want)
			}
			if tc.want == 401 && resp.Header.Get("WWW-Authenticate") == "" {
				t.Error("401 without WWW-Authenticate")
			}
		})
	}
}

// TestValidation sends one bad field at a time: each gets a 4xx whose message and
// "field" name it.
func TestValidation(t *testing.T) {
	e := newEnv(t, "")
	e.mustDo("POST", "/v1/services", svcBody, 201)
	e.mustDo("POST", "/v1/services", `{"protocol":"udp","vip":"10.0.0.9","port":53,"mode":"dr","reals":[{"address":"10.1.0.9"}]}`, 201)
	svc := func(extra string) string {
		return `{"protocol":"tcp","vip":"10.0.0.2","port":80` + extra + `}`
	}
	tests := []struct {
		name, method, path, body string
		wantStatus               int
		wantField                string // "" with a 404/409/422: the message is checked for wantMsg
		wantMsg                  string
	}{
		{"empty body", "POST", "/v1/services", "", 400, "body", ""},
		{"bad json", "POST", "/v1/services", "{", 400, "body", ""},
		{"array body", "POST", "/v1/services", "[]", 400, "body", ""},
		{"trailing data", "POST", "/v1/services", svc("") + "{}", 400, "body", ""},
		{"unknown field", "POST", "/v1/services", svc(`,"colour":"red"`), 400, "colour", ""},
		{"protocol", "POST", "/v1/services", `{"protocol":"dccp","vip":"10.0.0.2","port":80}`, 400, "protocol", ""},
		{"protocol type", "POST", "/v1/services", `{"protocol":6,"vip":"10.0.0.2","port":80}`, 400, "protocol", ""},
		{"vip missing", "POST", "/v1/services", `{"protocol":"tcp","port":80}`, 400, "vip", ""},
		{"vip garbage", "POST", "/v1/services", `{"protocol":"tcp","vip":"10.0.0.256","port":80}`, 400, "vip", ""},
		{"vip unspecified", "POST", "/v1/services", `{"protocol":"tcp","vip":"::","port":80}`, 400, "vip", ""},
		{"vip multicast", "POST", "/v1/services", `{"protocol":"tcp","vip":"224.0.0.1","port":80}`, 400, "vip", ""},
		{"vip zone", "POST", "/v1/services", `{"protocol":"tcp","vip":"fe80::1%eth0","port":80}`, 400, "vip", ""},
		{"port missing", "POST", "/v1/services", `{"protocol":"tcp","vip":"10.0.0.2"}`, 400, "port", ""},
		{"port negative", "POST", "/v1/services", `{"protocol":"tcp","vip":"10.0.0.2","port":-1}`, 400, "port", ""},
		{"port big", "POST", "/v1/services", `{"protocol":"tcp","vip":"10.0.0.2","port":65536}`, 400, "port", ""},
		{"port string", "POST", "/v1/services", `{"protocol":"tcp","vip":"10.0.0.2","port":"80"}`, 400, "port", ""},
		{"port fraction", "POST", "/v1/services", `{"protocol":"tcp","vip":"10.0.0.2","port":80.5}`, 400, "port", ""},
		{"mode", "POST", "/v1/services", svc(`,"mode":"ipvs"`), 400, "mode", ""},
		{"tunnel without encap", "POST", "/v1/services", svc(`,"mode":"tunnel"`), 400, "encap", ""},
		{"tunnel bad encap", "POST", "/v1/services", svc(`,"mode":"tunnel","encap":"gre"`), 400, "encap", ""},
		{"encap without tunnel", "POST", "/v1/services", svc(`,"encap":"gue"`), 400, "encap", ""},
		{"tunnel real port", "POST", "/v1/services", svc(`,"mode":"tunnel","encap":"ipip","reals":[{"address":"10.1.0.1","port":8080}]`), 400, "reals[0].port", ""},
		{"scheduler", "POST", "/v1/services", svc(`,"scheduler":"fastest"`), 400, "scheduler", ""},
		{"down_conns", "POST", "/v1/services", svc(`,"down_conns":"expire"`), 400, "down_conns", ""},
		{"all_down", "POST", "/v1/services", svc(`,"all_down":"keep"`), 400, "all_down", ""},
		{"forwarders type", "POST", "/v1/services", svc(`,"forwarders":"fwd-a"`), 400, "forwarders", ""},
		{"forwarder id", "POST", "/v1/services", svc(`,"forwarders":["fwd a"]`), 400, "forwarders[0]", ""},
		{"forwarder twice", "POST", "/v1/services", svc(`,"forwarders":["a","a"]`), 400, "forwarders[1]", ""},
		{"check kind", "POST", "/v1/services", svc(`,"health_check":{"kind":"icmp"}`), 400, "health_check.kind", ""},
		{"check unknown field", "POST", "/v1/services", svc(`,"health_check":{"knd":"tcp"}`), 400, "health_check.knd", ""},
		{"check interval", "POST", "/v1/services", svc(`,"health_check":{"interval_ms":50}`), 400, "health_check.interval_ms", ""},
		{"check timeout", "POST", "/v1/services", svc(`,"health_check":{"interval_ms":1000,"timeout_ms":2000}`), 400, "health_check.timeout_ms", ""},
		{"check rise", "POST", "/v1/services", svc(`,"health_check":{"rise":101}`), 400, "health_check.rise", ""},
		{"check fall", "POST", "/v1/services", svc(`,"health_check":{"fall":-1}`), 400, "health_check.fall", ""},
		{"check port", "POST", "/v1/services", svc(`,"health_check":{"port":70000}`), 400, "health_check.port", ""},
		{"check path", "POST", "/v1/services", svc(`,"health_check":{"kind":"http","http_path":"status"}`), 400, "health_check.http_path", ""},
		{"check path for tcp", "POST", "/v1/services", svc(`,"health_check":{"kind":"tcp","http_path":"/"}`), 400, "health_check.http_path", ""},
		{"check send_hex", "POST", "/v1/services", svc(`,"health_check":{"kind":"udp","send_hex":"0g"}`), 400, "health_check.send_hex", ""},
		{"check expect for tcp", "POST", "/v1/services", svc(`,"health_check":{"kind":"tcp","expect":"OK"}`), 400, "health_check.expect", ""},
		{"check udp fast without expect", "POST", "/v1/services", svc(`,"health_check":{"kind":"udp","interval_ms":300}`), 400, "health_check.interval_ms", ""},
		{"vip loopback", "POST", "/v1/services", `{"protocol":"udp","vip":"127.0.0.1","port":5060}`, 400, "vip", ""},
		{"vip loopback ipv6", "POST", "/v1/services", `{"protocol":"udp","vip":"::1","port":5060}`, 400, "vip", ""},
		{"real loopback", "POST", "/v1/services", svc(`,"reals":[{"address":"127.0.0.53"}]`), 400, "reals[0].address", ""},
		{"real is the vip", "POST", "/v1/services", svc(`,"reals":[{"address":"10.1.0.1"},{"address":"10.0.0.2","port":8080}]`), 400, "reals[1].address", ""},
		{"real address", "POST", "/v1/services", svc(`,"reals":[{"address":"nf1"}]`), 400, "reals[0].address", ""},
		{"real family", "POST", "/v1/services", svc(`,"reals":[{"address":"fd00::1"}]`), 400, "reals[0].address", ""},
		{"real port", "POST", "/v1/services", svc(`,"reals":[{"address":"10.1.0.1","port":65536}]`), 400, "reals[0].port", ""},
		{"real port type", "POST", "/v1/services", svc(`,"reals":[{"address":"10.1.0.1"},{"address":"10.1.0.2","port":"x"}]`), 400, "reals[1].port", ""},
		{"real weight", "POST", "/v1/services", svc(`,"reals":[{"address":"10.1.0.1","weight":1000001}]`), 400, "reals[0].weight", ""},
		{"conn rate limit", "POST", "/v1/services", svc(`,"conn_rate_limit":-1`), 400, "conn_rate_limit", ""},
		{"conn rate limit big", "POST", "/v1/services", svc(`,"conn_rate_limit":4294967296`), 400, "conn_rate_limit", ""},
		{"conn rate limit type", "POST", "/v1/services", svc(`,"conn_rate_limit":"fast"`), 400, "conn_rate_limit", ""},
		{"synproxy in dr", "POST", "/v1/services", svc(`,"mode":"dr","synproxy":"on"`), 400, "synproxy", ""},
		{"synproxy unknown", "POST", "/v1/services", svc(`,"synproxy":"maybe"`), 400, "synproxy", ""},
		{"synproxy threshold big", "POST", "/v1/services", svc(`,"synproxy":"auto","synproxy_threshold":4294967296`), 400, "synproxy_threshold", ""},
		{"real conn limit", "POST", "/v1/services", svc(`,"reals":[{"address":"10.1.0.1","conn_limit":-2}]`), 400, "reals[0].conn_limit", ""},
		{"real conn limit big", "POST", "/v1/services", svc(`,"reals":[{"address":"10.1.0.1"},{"address":"10.1.0.2","conn_limit":4294967296}]`), 400, "reals[1].conn_limit", ""},
		{"real override", "POST", "/v1/services", svc(`,"reals":[{"address":"10.1.0.1","health_override":"maybe"}]`), 400, "reals[0].health_override", ""},
		{"real unknown field", "POST", "/v1/services", svc(`,"reals":[{"address":"10.1.0.1","wieght":1}]`), 400, "reals[0].wieght", ""},
		{"real twice", "POST", "/v1/services", svc(`,"reals":[{"address":"10.1.0.1"},{"address":"10.1.0.1"}]`), 400, "reals[1]", ""},
		{"dr real port", "POST", "/v1/services", svc(`,"mode":"dr","reals":[{"address":"10.1.0.1","port":8080}]`), 400, "reals[0].port", ""},
		{"port 0 everywhere", "POST", "/v1/services", `{"protocol":"tcp","vip":"10.0.0.2","port":0,"reals":[{"address":"10.1.0.1"}]}`, 400, "reals[0].port", ""},
		{"id mismatch", "POST", "/v1/services", svc(`,"id":"tcp-10.0.0.3-80"`), 400, "id", ""},
		{"exists", "POST", "/v1/services", svcBody, 409, "", svcID},
		{"not json", "POST", "/v1/services", "protocol=tcp", 400, "body", ""},

		{"put missing", "PUT", "/v1/services/tcp-10.9.9.9-80", `{}`, 404, "", "tcp-10.9.9.9-80"},
		{"put vip", "PUT", "/v1/services/" + svcID, `{"vip":"10.0.0.5"}`, 400, "vip", ""},
		{"put port", "PUT", "/v1/services/" + svcID, `{"port":81}`, 400, "port", ""},
		{"put protocol", "PUT", "/v1/services/" + svcID, `{"protocol":"udp"}`, 400, "protocol", ""},
		{"put mode", "PUT", "/v1/services/" + svcID, `{"mode":"nat2"}`, 400, "mode", ""},
		{"put down_conns", "PUT", "/v1/services/" + svcID, `{"down_conns":"drop"}`, 400, "down_conns", ""},
		{"put all_down", "PUT", "/v1/services/" + svcID, `{"all_down":"all"}`, 400, "all_down", ""},
		{"put forwarders", "PUT", "/v1/services/" + svcID, `{"forwarders":[""]}`, 400, "forwarders[0]", ""},
		{"put stale version", "PUT", "/v1/services/" + svcID, `{"version":999}`, 409, "", "version"},
		{"put conn rate limit", "PUT", "/v1/services/" + svcID, `{"conn_rate_limit":-1}`, 400, "conn_rate_limit", ""},
		{"put dr breaks reals", "PUT", "/v1/services/udp-10.0.0.9-53", `{"mode":"dr","health_check":{"kind":"none"}}`, 200, "", ""},

		{"add real address", "POST", "/v1/services/" + svcID + "/reals", `{"address":"10.1.0.300"}`, 400, "address", ""},
		{"add real missing address", "POST", "/v1/services/" + svcID + "/reals", `{"port":80}`, 400, "address", ""},
		{"add real weight", "POST", "/v1/services/" + svcID + "/reals", `{"address":"10.1.0.3","weight":-1}`, 400, "weight", ""},
		{"add real conn limit", "POST", "/v1/services/" + svcID + "/reals", `{"address":"10.1.0.3","conn_limit":-1}`, 400, "conn_limit", ""},
		{"add real override", "POST", "/v1/services/" + svcID + "/reals", `{"address":"10.1.0.3","health_override":"UP"}`, 400, "health_override", ""},
		{"add real drain type", "POST", "/v1/services/" + svcID + "/reals", `{"address":"10.1.0.3","drain":"yes"}`, 400, "drain", ""},
		{"add real loopback", "POST", "/v1/services/" + svcID + "/reals", `{"address":"::ffff:127.0.0.1"}`, 400, "address", ""},
		{"add real is the vip", "POST", "/v1/services/" + svcID + "/reals", `{"address":"10.0.0.1","port":81}`, 400, "address", ""},
		{"add real exists", "POST", "/v1/services/" + svcID + "/reals", `{"address":"10.1.0.1"}`, 409, "", "10.1.0.1:80"},
		{"add real no service", "POST", "/v1/services/tcp-10.9.9.9-80/reals", `{"address":"10.1.0.1"}`, 404, "", "tcp-10.9.9.9-80"},

		{"patch bad key", "PATCH", "/v1/services/" + svcID + "/reals/10.1.0.1", `{}`, 400, "real", ""},
		{"patch v6 unbracketed", "PATCH", "/v1/services/" + svcID + "/reals/fd00::1:80", `{}`, 400, "real", ""},
		{"patch weight", "PATCH", "/v1/services/" + svcID + "/reals/10.1.0.1:80", `{"weight":-5}`, 400, "weight", ""},
		{"patch conn limit", "PATCH", "/v1/services/" + svcID + "/reals/10.1.0.1:80", `{"conn_limit":4294967296}`, 400, "conn_limit", ""},
		{"patch override", "PATCH", "/v1/services/" + svcID + "/reals/10.1.0.1:80", `{"health_override":"sick"}`, 400, "health_override", ""},
		{"patch drain type", "PATCH", "/v1/services/" + svcID + "/reals/10.1.0.1:80", `{"drain":1}`, 400, "drain", ""},
		{"patch unknown", "PATCH", "/v1/services/" + svcID + "/reals/10.1.0.1:80", `{"address":"10.1.0.2"}`, 400, "address", ""},
		{"patch missing real", "PATCH", "/v1/services/" + svcID + "/reals/10.1.0.2:80", `{"weight":1}`, 404, "", "10.1.0.2:80"},
		{"drain missing real", "POST", "/v1/services/" + svcID + "/reals/10.1.0.2:80/drain", ``, 404, "", "10.1.0.2:80"},
		{"get real bad key", "GET", "/v1/services/" + svcID + "/reals/x:y", ``, 400, "real", ""},
		{"delete real hard", "DELETE", "/v1/services/" + svcID + "/reals/10.1.0.1:80?hard=maybe", ``, 400, "hard", ""},
		{"delete missing service", "DELETE", "/v1/services/tcp-10.9.9.9-80", ``, 404, "", "tcp-10.9.9.9-80"},
		{"delete service hard", "DELETE", "/v1/services/" + svcID + "?hard=si", ``, 400, "hard", ""},

		{"conns limit", "GET", "/v1/connections?limit=0", ``, 400, "limit", ""},
		{"conns limit big", "GET", "/v1/connections?limit=1001", ``, 400, "limit", ""},
		{"conns forwarder", "GET", "/v1/connections?forwarder=-x", ``, 400, "forwarder", ""},
		{"stats forwarder", "GET", "/v1/stats?forwarder=a%20b", ``, 400, "forwarder", ""},
		{"changes since", "GET", "/v1/changes?since=-1", ``, 400, "since", ""},
		{"changes limit", "GET", "/v1/changes?limit=x", ``, 400, "limit", ""},
		{"forwarder missing", "GET", "/v1/forwarders/fwd-z", ``, 404, "", "fwd-z"},

		{"lb nfs missing", "POST", "/v1/lb-requests", `{"protocol":"tcp","vip":"10.0.0.7","port":80}`, 400, "nfs", ""},
		{"lb nf address", "POST", "/v1/lb-requests", `{"protocol":"tcp","vip":"10.0.0.7","port":80,"nfs":[{"address":"x"}]}`, 400, "nfs[0].address", ""},
		{"lb nf weight", "POST", "/v1/lb-requests", `{"protocol":"tcp","vip":"10.0.0.7","port":80,"nfs":[{"address":"10.1.0.1"},{"address":"10.1.0.2","weight":-1}]}`, 400, "nfs[1].weight", ""},
		{"lb nf unknown", "POST", "/v1/lb-requests", `{"protocol":"tcp","vip":"10.0.0.7","port":80,"nfs":[{"addr":"10.1.0.1"}]}`, 400, "nfs[0].addr", ""},
		{"lb nf is the vip", "POST", "/v1/lb-requests", `{"protocol":"udp","vip":"10.0.0.7","port":5060,"nfs":[{"address":"10.0.0.7"}]}`, 400, "nfs[0].address", ""},
		{"lb port", "POST", "/v1/lb-requests", `{"protocol":"tcp","vip":"10.0.0.7","nfs":[{"address":"10.1.0.1"}]}`, 400, "port", ""},
		{"lb vip", "POST", "/v1/lb-requests", `{"protocol":"tcp","vip":"","port":80,"nfs":[{"address":"10.1.0.1"}]}`, 400, "vip", ""},
		{"lb upstream", "POST", "/v1/lb-requests", `{"protocol":"tcp","vip":"10.0.0.7","port":80,"nfs":[{"address":"10.1.0.1"}],"upstream":"` + strings.Repeat("x", 300) + `"}`, 400, "upstream", ""},
		{"lb no room, no webhook", "POST", "/v1/lb-requests", `{"protocol":"tcp","vip":"10.0.0.7","port":80,"nfs":[{"address":"10.1.0.1"}]}`, 422, "", "webhook"},
		{"lb missing", "GET", "/v1/lb-requests/lbr-77", ``, 404, "", "lbr-77"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st, m, raw := e.do(tc.method, tc.path, tc.body)
			if st != tc.wantStatus {
				t.Fatalf("status %d, want %d: %s", st, tc.wantStatus, raw)
			}
			if st < 400 {
				return
			}
			msg, _ := m["error"].(string)
			if field, _ := m["field"].(string); field != tc.wantField {
				t.Errorf("field %q, want %q (%s)", field, tc.wantField, msg)
			}
			want := tc.wantField
			if want == "" {
				want = tc.wantMsg
			}
			if !strings.Contains(msg, want) {
				t.Errorf("message %q does not name %q", msg, want)
			}
		})
	}
}

// down_conns and all_down: the protocol's defaults, as given, kept by a PUT without them,
// replaced by one with them; a hard DELETE is logged as one.
func TestDownSettingsAndHardDelete(t *testing.T) {
	e := newEnv(t, "")
	m := e.mustDo("POST", "/v1/services", svcBody, 201)
	if m["down_conns"] != "keep" || m["all_down"] != "drop" {
		t.Fatalf("tcp defaults: %v", m)
	}
	m = e.mustDo("POST", "/v1/services", `{"protocol":"udp","vip":"10.0.0.5","port":5060,"all_down":"keep_last"}`, 201)
	if m["down_conns"] != "reschedule" || m["all_down"] != "keep_last" {
		t.Fatalf("udp: %v", m)
	}
	m = e.mustDo("PUT", "/v1/services/"+svcID, `{"scheduler":"rr"}`, 200)
	if m["down_conns"] != "keep" || m["all_down"] != "drop" {
		t.Errorf("a PUT without them changed them: %v", m)
	}
	m = e.mustDo("PUT", "/v1/services/"+svcID, `{"down_conns":"reschedule","all_down":"keep_last"}`, 200)
	if m["down_conns"] != "reschedule" || m["all_down"] != "keep_last" || m["scheduler"] != "maglev" {
		t.Errorf("put: %v", m)
	}
	e.mustDo("DELETE", "/v1/services/"+svcID+"?hard=true", "", 204)
	e.mustDo("GET", "/v1/services/"+svcID, "", 404)
	_, _, raw := e.do("GET", "/v1/changes?since=4", "")
	var changes []model.Change
	json.Unmarshal(raw, &changes)
	if len(changes) != 1 || changes[0].What != "hard delete service "+svcID {
		t.Errorf("changes: %s", raw)
	}
}

// The udp and sip check settings go in and come back as given; a PUT replaces them.
func TestHealthCheckSettings(t *testing.T) {
	e := newEnv(t, "")
	check := func(m map[string]any) map[string]any {
		hc, _ := m["health_check"].(map[string]any)
		return hc
	}
	m := e.mustDo("POST", "/v1/services", `{"protocol":"udp","vip":"10.0.0.5","port":5060,
		"health_check":{"kind":"udp","send_hex":"0d0a0d0a","expect":"SIP/2.0","interval_ms":200},
		"reals":[{"address":"10.1.0.5"}]}`, 201)
	hc := check(m)
	if hc["kind"] != "udp" || hc["send_hex"] != "0d0a0d0a" || hc["expect"] != "SIP/2.0" || hc["interval_ms"] != 200.0 {
		t.Fatalf("created with %v", hc)
	}
	if got := check(e.mustDo("GET", "/v1/services/udp-10.0.0.5-5060", "", 200)); !reflect.DeepEqual(got, hc) {
		t.Errorf("read back %v, want %v", got, hc)
	}
	hc = check(e.mustDo("PUT", "/v1/services/udp-10.0.0.5-5060", `{"health_check":{"kind":"sip"}}`, 200))
	if hc["kind"] != "sip" || hc["send_hex"] != nil || hc["expect"] != nil || hc["interval_ms"] != 1000.0 {
		t.Errorf("replaced with %v", hc)
	}
}

func TestMethodNotAllowed(t *testing.T) {
	e := newEnv(t, "")
	st, m, _ := e.do("TRACE", "/v1/services", "")
	if st != 405 || !strings.Contains(m["error"].(string), "GET") {
		t.Fatalf("TRACE /v1/services: %d %v", st, m)
	}
	st, _, _ = e.do("DELETE", "/v1/forwarders", "")
	if st != 405 {
		t.Fatalf("DELETE /v1/forwarders: %d", st)
	}
}

func TestContentTypeAndSize(t *testing.T) {
	e := newEnv(t, "")
	req, _ := http.NewRequest("POST", e.srv.URL+"/v1/services", strings.NewReader(svcBody))
	req.Header.Set("Authorization", "Bearer "+testToken)
	req.Header.Set("Content-Type", "text/plain")
	resp, _ := http.DefaultClient.Do(req)
	resp.Body.Close()
	if resp.StatusCode != 415 {
		t.Errorf("text/plain: status %d, want 415", resp.StatusCode)
	}
	big := `{"protocol":"tcp","vip":"10.0.0.1","port":80,"reals":[` + strings.Repeat(`{"address":"10.1.0.1"},`, 60000) + `{}]}`
	req, _ = http.NewRequest("POST", e.srv.URL+"/v1/services", bytes.NewReader([]byte(big)))
	req.Header.Set("Authorization", "Bearer "+testToken)
	resp, _ = http.DefaultClient.Do(req)
	resp.Body.Close()
	if resp.StatusCode != 413 {
		t.Errorf("big body: status %d, want 413", resp.StatusCode)
	}
}

// TestServiceLifecycle walks the CRUD endpoints in order, checking bodies and versions.
func TestServiceLifecycle(t *testing.T) {
	e := newEnv(t, "")
	m := e.mustDo("POST", "/v1/services", `{"protocol":"tcp","vip":"fd00::0:1","port":443,
		"reals":[{"address":"fd00:0::11","weight":5},{"address":"fd00::12","port":8443,"health_override":"down"}]}`, 201)
	id := "tcp-fd00::1-443"
	if m["id"] != id || m["mode"] != "nat" || m["scheduler"] != "maglev" || m["version"] != 1.0 {
		t.Fatalf("created: %v", m)
	}
	if _, ok := m["forwarders"].([]any); !ok {
		t.Fatalf("forwarders is not a list: %v", m)
	}
	reals := m["reals"].([]any)
	r0, r1 := reals[0].(map[string]any), reals[1].(map[string]any)
	if r0["address"] != "fd00::11" || r0["port"] != 443.0 || r0["weight"] != 5.0 || r0["health"] != "up" {
		t.Errorf("real 0: %v", r0)
	}
	if r1["health"] != "down" || r1["health_reason"] != "health_override" || r1["weight"] != 100.0 {
		t.Errorf("real 1: %v", r1)
	}
	esc := "/v1/services/" + id + "/reals/%5Bfd00::11%5D:443"
	if m := e.mustDo("GET", esc, "", 200); m["weight"] != 5.0 {
		t.Errorf("get real: %v", m)
	}
	if m := e.mustDo("PATCH", esc, `{"weight":7,"health_override":"up"}`, 200); m["weight"] != 7.0 || m["version"] != 2.0 {
		t.Errorf("patch: %v", m)
	}
	if m := e.mustDo("PATCH", esc, `{}`, 200); m["version"] != 2.0 {
		t.Errorf("empty patch bumped the version: %v", m)
	}
	if m := e.mustDo("POST", esc+"/drain", "", 200); m["drain"] != true || m["version"] != 3.0 {
		t.Errorf("drain: %v", m)
	}
	if m := e.mustDo("POST", "/v1/services/"+id+"/reals", `{"address":"fd00::13"}`, 201); m["port"] != 443.0 || m["weight"] != 100.0 {
		t.Errorf("add real: %v", m)
	}
	got := e.mustDo("GET", "/v1/services/"+id, "", 200)
	got["scheduler"] = "rr"
	body, _ := json.Marshal(got) // a GET reply sent back as is
	if m := e.mustDo("PUT", "/v1/services/"+id, string(body), 200); m["scheduler"] != "rr" || len(m["reals"].([]any)) != 3 {
		t.Errorf("put: %v", m)
	} else if _, ok := m["forwarders"].([]any); !ok {
		t.Errorf("forwarders after PUT is not a list: %v", m)
	}
	e.mustDo("PUT", "/v1/services/"+id, `{"version":4,"scheduler":"wrr"}`, 409)
	e.mustDo("PUT", "/v1/services/"+id, `{"version":5,"scheduler":"wrr"}`, 200)
	e.mustDo("DELETE", esc+"?hard=true", "", 204)
	e.mustDo("GET", esc, "", 404)
	if m := e.mustDo("GET", "/v1/version", "", 200); m["version"] != 7.0 {
		t.Errorf("version: %v", m)
	}
	_, _, raw := e.do("GET", "/v1/changes?since=5", "")
	var changes []model.Change
	json.Unmarshal(raw, &changes)
	if len(changes) != 2 || changes[1].What != "hard remove real [fd00::11]:443 of service "+id {
		t.Errorf("changes: %s", raw)
	}
	_, _, raw = e.do("GET", "/v1/services", "")
	var list []model.Service
	if json.Unmarshal(raw, &list); len(list) != 1 || list[0].ID != id {
		t.Errorf("list: %s", raw)
	}
	e.mustDo("DELETE", "/v1/services/"+id, "", 204)
	_, _, raw = e.do("GET", "/v1/services", "")
	if strings.TrimSpace(string(raw)) != "[]" {
		t.Errorf("list after delete: %s", raw)
	}
}

// The connection limits go in with a service and its reals, come back, and travel in the
// desired state; a PUT without conn_rate_limit keeps it, one with 0 clears it, and PATCH
// changes a real's.
func TestConnLimits(t *testing.T) {
	e := newEnv(t, "")
	m := e.mustDo("POST", "/v1/services", `{"protocol":"tcp","vip":"10.0.0.1","port":80,"conn_rate_limit":500,
		"reals":[{"address":"10.1.0.1","conn_limit":10},{"address":"10.1.0.2"}]}`, 201)
	reals := m["reals"].([]any)
	if m["conn_rate_limit"] != 500.0 || reals[0].(map[string]any)["conn_limit"] != 10.0 ||
		reals[1].(map[string]any)["conn_limit"] != 0.0 {
		t.Fatalf("created: %v", m)
	}
	if m := e.mustDo("PUT", "/v1/services/"+svcID, `{"scheduler":"rr"}`, 200); m["conn_rate_limit"] != 500.0 {
		t.Errorf("PUT without conn_rate_limit: %v", m)
	}
	if m := e.mustDo("PATCH", "/v1/services/"+svcID+"/reals/10.1.0.2:80", `{"conn_limit":20}`, 200); m["conn_limit"] != 20.0 {
		t.Errorf("patch: %v", m)
	}
	if m := e.mustDo("POST", "/v1/services/"+svcID+"/reals", `{"address":"10.1.0.3","conn_limit":30}`, 201); m["conn_limit"] != 30.0 {
		t.Errorf("add real: %v", m)
	}
	svcs, err := e.c.Services(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	ds := controller.BuildDesired(1, "fwd-a", svcs, nil)
	vs := ds.GetServices()[0]
	if vs.GetConnRateLimit() != 500 || vs.GetRealServices()[0].GetConnLimit() != 10 ||
		vs.GetRealServices()[1].GetConnLimit() != 20 || vs.GetRealServices()[2].GetConnLimit() != 30 {
		t.Errorf("desired state: %v", vs)
	}
	if m := e.mustDo("PUT", "/v1/services/"+svcID, `{"conn_rate_limit":0}`, 200); m["conn_rate_limit"] != 0.0 {
		t.Errorf("PUT conn_rate_limit 0: %v", m)
	}
}

// TestLBRequests runs the NFV-manager workflow over HTTP with an httptest webhook.
func TestLBRequests(t *testing.T) {
	var hookStatus atomic.Int32
	hookStatus.Store(200)
	var calls atomic.Int32
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		var b map[string]string
		json.NewDecoder(r.Body).Decode(&b)
		if b["request_id"] == "" || b["reason"] != "no forwarder has room" {
			t.Errorf("webhook body: %v", b)
		}
		w.WriteHeader(int(hookStatus.Load()))
	}))
	defer hook.Close()
	e := newEnv(t, hook.URL)
	req := `{"protocol":"tcp","vip":"10.100.0.1","port":80,"upstream":"vFW-1","nfs":[{"address":"10.1.0.11"},{"address":"10.1.0.12","port":8080,"weight":5}]}`
	m := e.mustDo("POST", "/v1/lb-requests", req, 202)
	if m["state"] != "pending" || m["id"] != "lbr-1" || calls.Load() != 1 {
		t.Fatalf("pending: %v (webhook calls %d)", m, calls.Load())
	}
	e.mustDo("POST", "/v1/lb-requests", req, 409) // one pending request per service
	if _, err := e.c.Register(context.Background(), model.Forwarder{ID: "fwd-new", CapacityPPS: 1000000}); err != nil {
		t.Fatal(err)
	}
	m = e.mustDo("GET", "/v1/lb-requests/lbr-1", "", 200)
	svc, _ := m["service"].(map[string]any)
	if m["state"] != "accepted" || m["forwarder"] != "fwd-new" || svc == nil || svc["id"] != "tcp-10.100.0.1-80" {
		t.Fatalf("after a forwarder registered: %v", m)
	}
	reals := svc["reals"].([]any)
	if r := reals[1].(map[string]any); r["port"] != 8080.0 || r["weight"] != 5.0 {
		t.Errorf("second NF: %v", r)
	}
	if f := svc["forwarders"].([]any); len(f) != 1 || f[0] != "fwd-new" {
		t.Errorf("service forwarders: %v", f)
	}
	m = e.mustDo("POST", "/v1/lb-requests", strings.Replace(req, "10.100.0.1", "10.100.0.2", 1), 201)
	if m["state"] != "accepted" || m["forwarder"] != "fwd-new" || m["service"] == nil || calls.Load() != 1 {
		t.Fatalf("with room: %v", m)
	}
	e.mustDo("POST", "/v1/lb-requests", strings.Replace(req, "10.100.0.1", "10.100.0.2", 1), 409) // service exists
	_, _, raw := e.do("GET", "/v1/lb-requests", "")
	var list []map[string]any
	if json.Unmarshal(raw, &list); len(list) != 2 {
		t.Fatalf("list: %s", raw)
	}
}

func TestLBRequestWebhookFails(t *testing.T) {
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "no capacity left", http.StatusServiceUnavailable)
	}))
	defer hook.Close()
	e := newEnv(t, hook.URL)
	st, m, _ := e.do("POST", "/v1/lb-requests", `{"protocol":"udp","vip":"10.100.0.1","port":53,"nfs":[{"address":"10.1.0.11"}]}`)
	if st != 502 || !strings.Contains(m["error"].(string), "no capacity left") {
		t.Fatalf("failing webhook: %d %v", st, m)
	}
	if m := e.mustDo("GET", "/v1/lb-requests/lbr-1", "", 200); m["state"] != "failed" || m["error"] == "" {
		t.Fatalf("request after a failed webhook: %v", m)
	}
}

// Timeouts of a service go in, are validated by name, and a PUT replaces or clears them; a
// zero records its time in the service (one or every one), which the desired state carries.
func TestTimeoutsAndZero(t *testing.T) {
	e := newEnv(t, "")
	m := e.mustDo("POST", "/v1/services", `{"protocol":"udp","vip":"10.0.0.5","port":53,"timeouts":{"udp":2}}`, 201)
	if to, _ := m["timeouts"].(map[string]any); to["udp"] != 2.0 {
		t.Fatalf("timeouts: %v", m)
	}
	id := m["id"].(string)
	_, body, _ := e.do("PUT", "/v1/services/"+id, `{"timeouts":{"tcp_fin":604801}}`)
	if body["field"] != "timeouts.tcp_fin" {
		t.Errorf("a week and a second: %v", body)
	}
	m = e.mustDo("PUT", "/v1/services/"+id, `{"scheduler":"rr"}`, 200)
	if to, _ := m["timeouts"].(map[string]any); to["udp"] != 2.0 {
		t.Errorf("a PUT without timeouts changed them: %v", m)
	}
	m = e.mustDo("PUT", "/v1/services/"+id, `{"timeouts":{}}`, 200)
	if _, ok := m["timeouts"]; ok {
		t.Errorf("{} did not clear them: %v", m)
	}
	e.mustDo("POST", "/v1/services", svcBody, 201)
	m = e.mustDo("POST", "/v1/services/"+id+"/zero", "", 200)
	if got := fmt.Sprint(m["services"]); got != "["+id+"]" {
		t.Errorf("zero one: %v", m)
	}
	e.mustDo("POST", "/v1/services/nope/zero", "", 404)
	m = e.mustDo("GET", "/v1/services/"+id, "", 200)
	if _, ok := m["counters_zeroed_at"].(string); !ok {
		t.Errorf("no counters_zeroed_at: %v", m)
	}
	if m2 := e.mustDo("GET", "/v1/services/"+svcID, "", 200); m2["counters_zeroed_at"] != nil {
		t.Errorf("the other service was zeroed: %v", m2)
	}
	m = e.mustDo("POST", "/v1/zero", "", 200)
	if s, _ := m["services"].([]any); len(s) != 2 {
		t.Errorf("zero all: %v", m)
	}
	svcs, err := e.c.Services(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	ds := controller.BuildDesired(1, "fwd-a", svcs, nil)
	if len(ds.GetCounterZeros()) != 2 || ds.GetCounterZeros()[0].GetAtMs() == 0 {
		t.Errorf("desired counter zeros: %v", ds.GetCounterZeros())
	}
}
