package reportshare

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"
	clientv3 "go.etcd.io/etcd/client/v3"

	"hvlb/internal/apitypes"
	"hvlb/internal/controller"
	"hvlb/internal/etcdtest"
	"hvlb/internal/model"
	"hvlb/internal/pb/ctlpb"
	"hvlb/internal/pb/fwdpb"
	"hvlb/internal/store"
)

const prefix = "/group/"

// member is one controller of a group, in process: the store on etcd, the runtime and its
// sharer, over a client of its own (closing it is the controller's death: no more
// keep-alives, no revoke).
type member struct {
	cli  *clientv3.Client
	ctl  *controller.Controller
	sh   *Sharer
	stop context.CancelFunc
	done chan struct{}
}

func newMember(t *testing.T, srv *etcdtest.Server, name string) *member {
	return newMemberTimeout(t, srv, name, 3*time.Second)
}

func newMemberTimeout(t *testing.T, srv *etcdtest.Server, name string, reportTimeout time.Duration) *member {
	t.Helper()
	return newMemberWith(t, srv, name, reportTimeout, 100*time.Millisecond)
}

func newMemberWith(t *testing.T, srv *etcdtest.Server, name string, reportTimeout, interval time.Duration) *member {
	t.Helper()
	cli, err := srv.Client()
	if err != nil {
		t.Fatal(err)
	}
	st, err := store.OpenEtcd(cli, prefix)
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.DiscardHandler)
	sh := New(Config{Client: cli, Prefix: prefix, Name: name, TTL: 2 * time.Second, Interval: interval, Log: log})
	ctl, err := controller.New(controller.Config{Store: st, Sharing: sh, Name: name, ReportTimeout: reportTimeout, Log: log})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	m := &member{cli: cli, ctl: ctl, sh: sh, stop: cancel, done: make(chan struct{})}
	go func() {
		shDone := make(chan struct{})
		go func() { sh.Run(ctx, ctl); close(shDone) }()
		ctl.Run(ctx)
		<-shDone
		st.Close()
		close(m.done)
	}()
	t.Cleanup(m.kill)
	return m
}

// kill ends the member as SIGKILL would: its client closes first, so its lease is not
// given back and expires.
func (m *member) kill() {
	m.cli.Close()
	m.stop()
	<-m.done
}

// connect is the agent's session start with m: registration, desired-state stream, report.
func (m *member) connect(t *testing.T, id string, applied uint64) {
	t.Helper()
	ctx := context.Background()
	if _, err := m.ctl.Register(ctx, model.Forwarder{ID: id, Hostname: "h", Ports: []string{"p0"}, Queues: 1}); err != nil {
		t.Fatal(err)
	}
	if err := m.ctl.WatchStarted(ctx, id); err != nil {
		t.Fatal(err)
	}
	m.report(t, id, applied)
}

func (m *member) report(t *testing.T, id string, applied uint64) {
	t.Helper()
	if err := m.ctl.RecordReport(context.Background(), &ctlpb.AgentReport{ForwarderId: id, AppliedVersion: applied,
		State: "ready", Stats: &fwdpb.Stats{Workers: []*fwdpb.WorkerStats{{RxPackets: 10 * applied}}}}); err != nil {
		t.Fatal(err)
	}
}

func (m *member) forwarder(id string) apitypes.Forwarder {
	f, _ := m.ctl.Forwarder(context.Background(), id)
	return f
}

func waitFor(t *testing.T, what string, limit time.Duration, cond func() bool) time.Duration {
	t.Helper()
	start := time.Now()
	for !cond() {
		if time.Since(start) > limit {
			t.Fatalf("%s: not within %s", what, limit)
		}
		time.Sleep(20 * time.Millisecond)
	}
	return time.Since(start)
}

func counter(c prometheus.Counter) float64 {
	var m dto.Metric
	c.Write(&m)
	return m.GetCounter().GetValue()
}

// stored reads forwarder id's record from etcd.
func stored(t *testing.T, srv *etcdtest.Server, id string) *ctlpb.SharedReport {
	t.Helper()
	cli, err := srv.Client()
	if err != nil {
		t.Fatal(err)
	}
	defer cli.Close()
	resp, err := cli.Get(context.Background(), prefix+"reports/"+id)
	if err != nil || len(resp.Kvs) != 1 {
		t.Fatalf("record of %s: %v, %d keys", id, err, len(resp.Kvs))
	}
	rec, err := decode(resp.Kvs[0].Value)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// TestNewerSessionWins: the agent reports to a, and b shows it; it moves to b. A record of
// a's older session, however late and however large its number, neither replaces b's in
// etcd nor changes what either controller shows.
func TestNewerSessionWins(t *testing.T) {
	srv := etcdtest.Start(t)
	a, b := newMember(t, srv, "ctl-a"), newMember(t, srv, "ctl-b")
	a.connect(t, "fwd-a", 1)
	waitFor(t, "b shows fwd-a through a", 10*time.Second, func() bool {
		f := b.forwarder("fwd-a")
		return f.State == controller.StateReady && f.Controller == "ctl-a" && f.Connected && f.AppliedVersion == 1
	})
	old := stored(t, srv, "fwd-a")

	b.connect(t, "fwd-a", 2)
	for _, m := range []*member{a, b} {
		waitFor(t, "the newer session everywhere", 10*time.Second, func() bool {
			f := m.forwarder("fwd-a")
			return f.State == controller.StateReady && f.Controller == "ctl-b" && f.AppliedVersion == 2
		})
	}
	cur := stored(t, srv, "fwd-a")
	if cur.GetSession() <= old.GetSession() || cur.GetController() != "ctl-b" {
		t.Fatalf("record after the move: %v (before: session %d)", cur, old.GetSession())
	}

	late := &ctlpb.SharedReport{Controller: "ctl-a", Session: old.GetSession(), Seq: 1 << 40, Connected: true,
		Report: &ctlpb.AgentReport{ForwarderId: "fwd-a", AppliedVersion: 9, State: "ready"}}
	a.sh.Publish(late)
	waitFor(t, "a's late record superseded", 10*time.Second, func() bool { return counter(a.sh.m.superseded) == 1 })
	if got := stored(t, srv, "fwd-a"); got.GetSession() != cur.GetSession() || got.GetController() != "ctl-b" {
		t.Fatalf("a late record of the old session replaced the newer one: %v", got)
	}
	if err := b.ctl.ApplyShared(context.Background(), late); err != nil {
		t.Fatal(err)
	}
	for _, m := range []*member{a, b} {
		if f := m.forwarder("fwd-a"); f.AppliedVersion != 2 || f.Controller != "ctl-b" {
			t.Fatalf("after the late record: %+v", f)
		}
	}
	if err := a.ctl.RecordReport(context.Background(), &ctlpb.AgentReport{ForwarderId: "fwd-a", State: "ready"}); err == nil {
		t.Fatal("a took a report on the replaced session")
	}
}

// TestDeadControllersRecordsGo: the agent reports to a; a dies (its lease is not given
// back). Within about the lease's TTL (long before the report timeout), b shows the
// forwarder failed; when the agent comes to b, it is ready again.
func TestDeadControllersRecordsGo(t *testing.T) {
	srv := etcdtest.Start(t)
	a, b := newMemberTimeout(t, srv, "ctl-a", time.Minute), newMemberTimeout(t, srv, "ctl-b", time.Minute)
	a.connect(t, "fwd-a", 1)
	waitFor(t, "b shows fwd-a ready", 10*time.Second, func() bool {
		return b.forwarder("fwd-a").State == controller.StateReady
	})
	a.kill()
	took := waitFor(t, "b shows fwd-a failed", 10*time.Second, func() bool { // the report timeout is 1 min
		return b.forwarder("fwd-a").State == controller.StateFailed
	})
	t.Logf("a killed: b shows fwd-a failed after %s (lease TTL 2 s)", took.Round(10*time.Millisecond))
	b.connect(t, "fwd-a", 2)
	if f := b.forwarder("fwd-a"); f.State != controller.StateReady || f.Controller != "ctl-b" {
		t.Fatalf("after the agent came to b: %+v", f)
	}
}

// TestStaleRecordFails: a controller that holds the agent but stops hearing from it (its
// stream open, no report) stops refreshing the record; the others show the forwarder
// failed after the report timeout, as the holder does.
func TestStaleRecordFails(t *testing.T) {
	srv := etcdtest.Start(t)
	a, b := newMember(t, srv, "ctl-a"), newMember(t, srv, "ctl-b")
	a.connect(t, "fwd-a", 1)
	waitFor(t, "b shows fwd-a ready", 10*time.Second, func() bool {
		return b.forwarder("fwd-a").State == controller.StateReady
	})
	took := waitFor(t, "b shows fwd-a failed", 10*time.Second, func() bool {
		return b.forwarder("fwd-a").State == controller.StateFailed
	})
	if took < 2*time.Second {
		t.Errorf("failed after %s, before the report timeout (3 s)", took)
	}
	if a.forwarder("fwd-a").State != controller.StateFailed {
		t.Errorf("the holder does not show it failed")
	}
}

// TestStoppedControllersAgentReadyAtOnce: a stops gracefully (its lease given back: its
// record goes at once, and b and c show the forwarder failed); the agent registers with b.
// c shows it ready through b at once, not a write interval later: the record that says its
// stream is open again skips the interval (standingChanged), while counters wait for it.
func TestStoppedControllersAgentReadyAtOnce(t *testing.T) {
	srv := etcdtest.Start(t)
	const interval = time.Minute
	a := newMemberWith(t, srv, "ctl-a", time.Minute, interval)
	b := newMemberWith(t, srv, "ctl-b", time.Minute, interval)
	c := newMemberWith(t, srv, "ctl-c", time.Minute, interval)
	a.connect(t, "fwd-a", 1)
	waitFor(t, "c shows fwd-a ready through a", 10*time.Second, func() bool {
		f := c.forwarder("fwd-a")
		return f.State == controller.StateReady && f.Controller == "ctl-a"
	})
	a.stop() // graceful: the lease is given back
	<-a.done
	waitFor(t, "c shows fwd-a failed", 10*time.Second, func() bool {
		return c.forwarder("fwd-a").State == controller.StateFailed
	})
	b.connect(t, "fwd-a", 2)
	took := waitFor(t, "c shows fwd-a ready through b", 5*time.Second, func() bool {
		f := c.forwarder("fwd-a")
		return f.State == controller.StateReady && f.Controller == "ctl-b" && f.AppliedVersion == 2
	})
	t.Logf("ready through b on c %s after the agent registered (write interval %s)", took.Round(time.Millisecond), interval)
	// Counters alone wait for the interval. Asked of c rather than of b's write counter: c
	// sees a write before b counts it, so the counter could still move from the last
	// standing-change write.
	b.report(t, "fwd-a", 3)
	time.Sleep(500 * time.Millisecond)
	if f := c.forwarder("fwd-a"); f.AppliedVersion != 2 {
		t.Errorf("a counters-only record reached c within the interval (applied %d, want 2 still)", f.AppliedVersion)
	}
}
