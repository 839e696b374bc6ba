package cli

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
)

// TestSeveralServers: with a group's controllers in --server, hvlbctl goes past one that
// cannot be reached and one that is not the leader for a leader-only request, and stops at
// a real refusal (it would be the same on every controller).
func TestSeveralServers(t *testing.T) {
	var followerHits, leaderHits atomic.Int32
	follower := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		followerHits.Add(1)
		if r.URL.Path == "/v1/version" {
			w.Write([]byte(`{"version": 7}`))
			return
		}
		w.WriteHeader(http.StatusServiceUnavailable)
		w.Write([]byte(`{"error": "not the leader of the controller group: ask the leader, ctl-b:8443"}`))
	}))
	defer follower.Close()
	leader := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		leaderHits.Add(1)
		if r.URL.Path == "/v1/version" {
			w.WriteHeader(http.StatusConflict)
			w.Write([]byte(`{"error": "a refusal of its own"}`))
			return
		}
		w.WriteHeader(http.StatusCreated)
		w.Write([]byte(`{"id": "lbr-1", "state": "accepted", "service_id": "tcp-10.100.0.9-80", "forwarder": "fwd-a"}`))
	}))
	defer leader.Close()
	dead := "http://127.0.0.1:1"

	env := map[string]string{"HVLB_SERVER": dead + "," + follower.URL + "," + leader.URL}
	code, out, errOut := run(env, "version")
	if code != 0 || out != "version 7\n" {
		t.Fatalf("past an unreachable server: exit %d, %q, %q", code, out, errOut)
	}
	code, out, errOut = run(env, "lb-request", "--vip", "10.100.0.9:80", "--nf", "10.1.0.1:80")
	if code != 0 || !strings.Contains(out, "lbr-1") {
		t.Fatalf("past a follower: exit %d, %q, %q", code, out, errOut)
	}
	if leaderHits.Load() != 1 {
		t.Fatalf("leader asked %d times", leaderHits.Load())
	}
	env["HVLB_SERVER"] = leader.URL + "," + follower.URL
	code, _, errOut = run(env, "version")
	if code != 1 || !strings.Contains(errOut, "a refusal of its own") {
		t.Fatalf("a refusal went on to the next server: exit %d, %q", code, errOut)
	}
	if code, _, errOut = run(map[string]string{"HVLB_SERVER": follower.URL + ",ftp://x"}, "version"); code != 2 ||
		!strings.Contains(errOut, "ftp://x") {
		t.Fatalf("a bad URL in the list: exit %d, %q", code, errOut)
	}
}
