package leader

import (
	"context"
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
