package leader

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"

	"hvlb/internal/etcdtest"
	"hvlb/internal/store"
)

func elector(t *testing.T, srv *etcdtest.Server, name string) (*Elector, context.CancelFunc, chan struct{}) {
	t.Helper()
	cli, err := store.DialEtcd(store.EtcdConfig{Endpoints: []string{srv.Endpoint}, DialTimeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cli.Close() })
	return start(t, cli, name)
}

func start(t *testing.T, cli *clientv3.Client, name string) (*Elector, context.CancelFunc, chan struct{}) {
	e := New(Config{Client: cli, Prefix: "/t/", Name: name, TTL: 2 * time.Second})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { e.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	return e, cancel, done
}

func waitFor(t *testing.T, what string, limit time.Duration, cond func() bool) time.Duration {
	t.Helper()
	begin := time.Now()
	for !cond() {
		if time.Since(begin) > limit {
			t.Fatalf("%s: not within %s", what, limit)
		}
		time.Sleep(20 * time.Millisecond)
	}
	return time.Since(begin)
}

// TestOneLeaderThenHandOver: of two controllers one leads and the other names it; when the
// leader stops (it resigns), the other leads at once.
func TestOneLeaderThenHandOver(t *testing.T) {
	srv := etcdtest.Start(t)
	a, stopA, doneA := elector(t, srv, "a")
	waitFor(t, "a leads", 10*time.Second, a.IsLeader)
	b, _, _ := elector(t, srv, "b")
	waitFor(t, "b sees a as the leader", 10*time.Second, func() bool { return b.Leader() == "a" })
	if b.IsLeader() {
		t.Fatal("two leaders")
	}
	// Both campaign, the leader first.
	var names []string
	waitFor(t, "a and b campaigning", 10*time.Second, func() bool {
		n, err := b.Candidates(context.Background())
		names = n
		return err == nil && len(n) == 2
	})
	if names[0] != "a" || names[1] != "b" {
		t.Errorf("candidates %v: want [a b]", names)
	}
	stopA()
	<-doneA
	took := waitFor(t, "b leads after a resigned", 3*time.Second, b.IsLeader)
	t.Logf("hand-over after a resignation: %s", took)
	if st := b.Status(); st.Elections != 1 || st.LeaderName != "b" || !st.EtcdUp {
		t.Errorf("b's status: %+v", st)
	}
}

// TestLeaderWithoutEtcdStepsDown: the leader stops acting as leader within half a lease TTL
// (plus a tick) of etcd going away, and says why.
func TestLeaderWithoutEtcdStepsDown(t *testing.T) {
	srv := etcdtest.Start(t)
	a, _, _ := elector(t, srv, "a")
	waitFor(t, "a leads", 10*time.Second, a.IsLeader)
	srv.Stop()
	took := waitFor(t, "a steps down", 1500*time.Millisecond, func() bool { return !a.IsLeader() })
	t.Logf("stepped down %s after etcd stopped", took)
	waitFor(t, "a says etcd is down", 5*time.Second, func() bool { st := a.Status(); return !st.EtcdUp && st.Err != "" })
}

// TestWokenLeaderNeverNamesItself: a leader whose process stood still past its lease (SIGSTOP,
// a suspended machine) answers a request that was waiting, before its loop has run, as a
// follower that knows no leader: never as the leader, and never naming itself. The clock
// jumps forward, as it does for a process that wakes.
func TestWokenLeaderNeverNamesItself(t *testing.T) {
	srv := etcdtest.Start(t)
	cli, err := store.DialEtcd(store.EtcdConfig{Endpoints: []string{srv.Endpoint}, DialTimeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cli.Close() })
	var jump atomic.Int64
	e := New(Config{Client: cli, Prefix: "/t/", Name: "a", TTL: 2 * time.Second,
		Now: func() time.Time { return time.Now().Add(time.Duration(jump.Load())) }})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { e.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	waitFor(t, "a leads", 10*time.Second, e.IsLeader)
	if st := e.Status(); st.LeaderName != "a" {
		t.Fatalf("leading: %+v", st)
	}
	// Asked at once, before the loop's next tick (as a woken process's first request is),
	// or just after it stepped down: either way it neither leads nor names itself.
	jump.Store(int64(3 * time.Second)) // more than the TTL: the lease has expired
	if st := e.Status(); st.Leader || st.LeaderName == "a" {
		t.Fatalf("woken after its lease: %+v; want a follower that does not name itself", st)
	}
	// Once its loop runs it steps down for good, and still does not name itself.
	waitFor(t, "a steps down", 5*time.Second, func() bool { return !e.IsLeader() && e.Leader() != "a" })
	// It takes the lease again (it is alone) and leads again.
	waitFor(t, "a leads again", 10*time.Second, func() bool { return e.IsLeader() && e.Leader() == "a" })
}
