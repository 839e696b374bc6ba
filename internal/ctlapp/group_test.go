package ctlapp

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"hvlb/internal/apitypes"
	"hvlb/internal/certs"
	"hvlb/internal/etcdtest"
	"hvlb/internal/store"
)

// startInGroup runs a controller of a group on srv (plain HTTP: --insecure-dev) until stop
// or the test's end.
func startInGroup(t *testing.T, srv *etcdtest.Server, name string) (stop func(), c *restClient) {
	t.Helper()
	stop, c, _ = startMember(t, srv, name)
	return stop, c
}

// startMember is startInGroup that also gives the controller's gRPC address (agents).
func startMember(t *testing.T, srv *etcdtest.Server, name string) (stop func(), c *restClient, grpcAddr string) {
	t.Helper()
	r := start(t, Config{InsecureDev: true, Etcd: EtcdConfig{Endpoints: srv.Endpoint, Name: name,
		LeaderTTL: 2 * time.Second, ShareInterval: 200 * time.Millisecond}})
	var once sync.Once
	stop = func() { once.Do(func() { r.stop(t) }) }
	t.Cleanup(stop)
	base := strings.Replace(r.rest, "https://", "http://", 1)
	return stop, &restClient{t: t, base: base, hc: &http.Client{Timeout: 10 * time.Second}}, r.grpc
}

func health(c *restClient) (int, map[string]string) {
	var h map[string]string
	code := c.do("GET", "/healthz", "", &h)
	return code, h
}

func waitCond(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within 15 s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestGroup: two controllers on one etcd. One leads, the other says so and names it; a write
// taken by either is read back at once by the other; a follower sends lb-requests to the
// leader (503 naming it); when the leader stops, the other leads.
func TestGroup(t *testing.T) {
	srv := etcdtest.Start(t)
	stopA, ca := startInGroup(t, srv, "ctl-a")
	waitCond(t, "a leads", func() bool { _, h := health(ca); return h["role"] == "leader" })
	_, cb := startInGroup(t, srv, "ctl-b")
	waitCond(t, "b follows a", func() bool { _, h := health(cb); return h["role"] == "follower" && h["leader"] == "ctl-a" })

	svc := `{"protocol": "tcp", "vip": "10.100.0.%d", "port": 80, "reals": [{"address": "10.1.0.1", "port": 80}]}`
	for i, c := range []*restClient{ca, cb, ca} {
		if code := c.do("POST", "/v1/services", fmt.Sprintf(svc, i+1), nil); code != http.StatusCreated {
			t.Fatalf("create on controller %d: %d", i, code)
		}
		other := cb
		if c == cb {
			other = ca
		}
		var v struct{ Version uint64 }
		if other.do("GET", "/v1/version", "", &v); v.Version != uint64(i+1) {
			t.Fatalf("the other controller reads version %d after write %d", v.Version, i+1)
		}
	}
	var e struct{ Error string }
	code := cb.do("POST", "/v1/lb-requests", `{"protocol": "tcp", "vip": "10.100.0.9", "port": 80, "nfs": [{"address": "10.1.0.1", "port": 80}]}`, &e)
	if code != http.StatusServiceUnavailable || !strings.Contains(e.Error, "ctl-a") {
		t.Fatalf("lb-request at a follower: %d %q, want 503 naming the leader", code, e.Error)
	}

	// GET /v1/controllers at the follower: both campaign, a leads.
	var g apitypes.ControllerGroup
	waitCond(t, "b lists a and b", func() bool {
		return cb.do("GET", "/v1/controllers", "", &g) == http.StatusOK && len(g.Members) == 2
	})
	if g.Name != "ctl-b" || g.Role != "follower" || g.Leader != "ctl-a" || g.Members[0].Name != "ctl-b" ||
		!g.Members[0].Self || g.Members[1].Name != "ctl-a" || !g.Members[1].Leader || !g.Members[1].Campaigning {
		t.Errorf("the group at b: %+v", g)
	}

	stopA()
	waitCond(t, "b leads once a stopped", func() bool { _, h := health(cb); return h["role"] == "leader" })
	waitCond(t, "b alone in the election, leading", func() bool {
		return cb.do("GET", "/v1/controllers", "", &g) == http.StatusOK && g.Leader == "ctl-b" && len(g.Members) == 1 &&
			g.Members[0].Leader && g.Members[0].Campaigning
	})
}

// TestGroupStoreRefusesWrites: etcd out of space; a write gets a 503 naming the cause, and
// nothing of it is stored.
func TestGroupStoreRefusesWrites(t *testing.T) {
	srv := etcdtest.Start(t, "--quota-backend-bytes=4194304")
	_, c := startInGroup(t, srv, "ctl-a")
	svc := `{"protocol": "tcp", "vip": "10.100.0.%d", "port": 80, "reals": [{"address": "10.1.0.1", "port": 80}]}`
	if code := c.do("POST", "/v1/services", fmt.Sprintf(svc, 1), nil); code != http.StatusCreated {
		t.Fatalf("create: %d", code)
	}
	cli, err := srv.Client()
	if err != nil {
		t.Fatal(err)
	}
	defer cli.Close()
	blob := strings.Repeat("x", 1<<20)
	for i := 0; i < 64; i++ {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		_, err := cli.Put(ctx, fmt.Sprintf("/filler/%d", i), blob)
		cancel()
		if err != nil {
			break
		}
	}
	var e struct{ Error string }
	code := c.do("POST", "/v1/services", fmt.Sprintf(svc, 2), &e)
	if code != http.StatusServiceUnavailable || !strings.Contains(e.Error, "database space exceeded") {
		t.Fatalf("create on a full etcd: %d %q, want 503 naming the quota", code, e.Error)
	}
	var v struct{ Version uint64 }
	var list []map[string]any
	c.do("GET", "/v1/version", "", &v)
	c.do("GET", "/v1/services", "", &list)
	if v.Version != 1 || len(list) != 1 {
		t.Fatalf("after the refused write: version %d, %d services", v.Version, len(list))
	}
}

// TestGroupStoreWithoutWritePermission: etcd's auth is on and the controller's user (its
// client certificate's CN, hvlbctl) may only read the group's prefix. A write gets a 503
// naming etcd's reason; nothing of it is stored, and reads still answer.
func TestGroupStoreWithoutWritePermission(t *testing.T) {
	dir := t.TempDir()
	if err := certs.Generate(dir, certs.Options{}); err != nil {
		t.Fatal(err)
	}
	p := func(f string) string { return filepath.Join(dir, f) }
	srv := etcdtest.StartTLS(t, etcdtest.TLSFiles{Cert: p(certs.ControllerFile), Key: p(certs.ControllerKeyFile), CA: p(certs.CAFile)})
	r := start(t, Config{InsecureDev: true, Log: slog.New(slog.DiscardHandler), Etcd: EtcdConfig{Endpoints: srv.Endpoint,
		CertFile: p(certs.CtlFile), KeyFile: p(certs.CtlKeyFile), CAFile: p(certs.CAFile), Name: "ctl-a",
		LeaderTTL: 2 * time.Second, ShareInterval: 200 * time.Millisecond}})
	t.Cleanup(func() { r.stop(t) })
	c := &restClient{t: t, base: strings.Replace(r.rest, "https://", "http://", 1), hc: &http.Client{Timeout: 10 * time.Second}}
	svc := `{"protocol": "tcp", "vip": "10.100.0.%d", "port": 80, "reals": [{"address": "10.1.0.1", "port": 80}]}`
	if code := c.do("POST", "/v1/services", fmt.Sprintf(svc, 1), nil); code != http.StatusCreated {
		t.Fatalf("create: %d", code)
	}

	// etcd wants a root user before auth goes on; the test's own client (the controller
	// certificate's CN) gets the root role too, so that it needs no password (etcd checks
	// passwords with bcrypt, seconds on a busy machine).
	srv.Etcdctl(t, "user", "add", "root:root-secret")
	srv.Etcdctl(t, "user", "grant-role", "root", "root")
	srv.Etcdctl(t, "user", "add", "hvlb-controller:unused")
	srv.Etcdctl(t, "user", "grant-role", "hvlb-controller", "root")
	srv.Etcdctl(t, "role", "add", "hvlb-reader")
	srv.Etcdctl(t, "role", "grant-permission", "hvlb-reader", "--prefix=true", "read", store.DefaultEtcdPrefix)
	srv.Etcdctl(t, "user", "add", "hvlbctl:unused") // etcd 3.4 wants a password; the certificate authenticates
	srv.Etcdctl(t, "user", "grant-role", "hvlbctl", "hvlb-reader")
	srv.Etcdctl(t, "auth", "enable")
	storeKeys := func() string { // the store's records: not the election's nor the shared reports'
		var keep []string
		for _, k := range strings.Fields(srv.Etcdctl(t, "get", "--prefix", "--keys-only", store.DefaultEtcdPrefix)) {
			if !strings.Contains(k, "/leader/") && !strings.Contains(k, "/reports/") && !strings.Contains(k, "/report-sessions/") {
				keep = append(keep, k)
			}
		}
		return strings.Join(keep, " ")
	}
	before := storeKeys()

	var e struct{ Error string }
	code := c.do("POST", "/v1/services", fmt.Sprintf(svc, 2), &e)
	if code != http.StatusServiceUnavailable || !strings.Contains(e.Error, "permission denied") {
		t.Fatalf("create without write permission: %d %q, want 503 naming etcd's reason", code, e.Error)
	}
	t.Logf("the refused write: %d %s", code, e.Error)
	var v struct{ Version uint64 }
	var list []map[string]any
	var changes []map[string]any
	c.do("GET", "/v1/version", "", &v)
	c.do("GET", "/v1/services", "", &list)
	c.do("GET", "/v1/changes?since=0", "", &changes)
	if v.Version != 1 || len(list) != 1 || len(changes) != 1 {
		t.Fatalf("after the refused write: version %d, %d services, %d changes", v.Version, len(list), len(changes))
	}
	if after := storeKeys(); after != before {
		t.Fatalf("the store's keys changed:\n before %s\n after  %s", before, after)
	}
}
