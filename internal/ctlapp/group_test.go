package ctlapp

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"hvlb/internal/etcdtest"
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

	stopA()
	waitCond(t, "b leads once a stopped", func() bool { _, h := health(cb); return h["role"] == "leader" })
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
