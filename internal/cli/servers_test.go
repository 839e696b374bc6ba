package cli

import (
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
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

// vanishedServer: an address whose SYNs go unanswered, as a host that vanished without
// resetting its connections: a listener with a backlog of 0 whose one queued connection is
// never accepted (Linux drops a SYN to a full accept queue). Closed at the test's end.
func vanishedServer(t *testing.T) string {
	t.Helper()
	fd, err := syscall.Socket(syscall.AF_INET, syscall.SOCK_STREAM, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { syscall.Close(fd) })
	if err := syscall.Bind(fd, &syscall.SockaddrInet4{Addr: [4]byte{127, 0, 0, 1}}); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Listen(fd, 0); err != nil {
		t.Fatal(err)
	}
	sa, err := syscall.Getsockname(fd)
	if err != nil {
		t.Fatal(err)
	}
	addr := net.JoinHostPort("127.0.0.1", strconv.Itoa(sa.(*syscall.SockaddrInet4).Port))
	// Fill the accept queue; then a connect must hang (or the kernel here behaves otherwise
	// and the test has nothing to show).
	for i := 0; i < 4; i++ {
		c, err := net.DialTimeout("tcp", addr, 300*time.Millisecond)
		if err != nil {
			return "http://" + addr
		}
		t.Cleanup(func() { c.Close() })
	}
	t.Skip("this kernel accepts connections past a full accept queue: no address here loses SYNs")
	return ""
}

// TestSeveralServersPastAVanishedOne: the first of a group's controllers answers no SYN
// (its host vanished): each command reaches the next within the connect bound
// (groupDialTimeout), not after the whole --timeout; a write too, since it never reached
// the vanished one.
func TestSeveralServersPastAVanishedOne(t *testing.T) {
	gone := vanishedServer(t)
	var hits atomic.Int32
	live := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		if r.URL.Path == "/v1/version" {
			w.Write([]byte(`{"version": 7}`))
			return
		}
		w.WriteHeader(http.StatusCreated)
		w.Write([]byte(`{"id": "lbr-1", "state": "accepted", "service_id": "tcp-10.100.0.9-80", "forwarder": "fwd-a"}`))
	}))
	defer live.Close()
	env := map[string]string{"HVLB_SERVER": gone + "," + live.URL}
	for _, args := range [][]string{{"--timeout", "20s", "version"},
		{"--timeout", "20s", "lb-request", "--vip", "10.100.0.9:80", "--nf", "10.1.0.1:80"}} {
		start := time.Now()
		code, out, errOut := run(env, args...)
		took := time.Since(start)
		if code != 0 || out == "" {
			t.Fatalf("%v past a vanished server: exit %d, %q, %q", args, code, out, errOut)
		}
		if took > groupDialTimeout+5*time.Second {
			t.Fatalf("%v took %v past a vanished server (connect bound %v)", args, took, groupDialTimeout)
		}
	}
	if hits.Load() != 2 {
		t.Fatalf("the live server was asked %d times", hits.Load())
	}
}
