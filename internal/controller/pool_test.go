package controller

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"hvlb/internal/model"
	"hvlb/internal/pb/ctlpb"
	"hvlb/internal/pb/fwdpb"
	"hvlb/internal/store"
)

// poolBed is a controller with forwarders whose agents report the packet rates a test sets,
// and an NFV manager that records what it is asked.
type poolBed struct {
	t   *testing.T
	clk *clock
	c   *Controller
	rx  map[string]uint64

	mu   sync.Mutex
	asks []poolAsk
}

func newPoolBed(t *testing.T, pool PoolConfig, fwds ...model.Forwarder) *poolBed {
	t.Helper()
	b := &poolBed{t: t, clk: newClock(), rx: map[string]uint64{}}
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var a poolAsk
		raw, _ := io.ReadAll(r.Body)
		json.Unmarshal(raw, &a)
		b.mu.Lock()
		b.asks = append(b.asks, a)
		b.mu.Unlock()
	}))
	t.Cleanup(hook.Close)
	st, err := store.Open(filepath.Join(t.TempDir(), "c.db"))
	mustNil(t, err)
	c, err := New(Config{Store: st, Now: b.clk.Now, Webhook: hook.URL, Log: quiet(), Pool: pool})
	mustNil(t, err)
	b.c = c
	done := make(chan struct{})
	cctx, cancel := context.WithCancel(context.Background())
	go func() { c.Run(cctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done; st.Close() })
	for _, f := range fwds {
		b.register(f)
	}
	return b
}

func (b *poolBed) register(f model.Forwarder) {
	b.t.Helper()
	_, err := b.c.Register(ctx(), f)
	mustNil(b.t, err)
	mustNil(b.t, b.c.RecordReport(ctx(), report(f.ID, b.rx[f.ID])))
}

// step moves the clock on by d while each forwarder in pps reports that rate (the others
// stay silent), then runs one round of the pool.
func (b *poolBed) step(d time.Duration, pps map[string]float64) {
	b.t.Helper()
	b.clk.Add(d)
	for id, r := range pps {
		b.rx[id] += uint64(r * d.Seconds())
		mustNil(b.t, b.c.RecordReport(ctx(), report(id, b.rx[id])))
	}
	mustNil(b.t, b.c.do(ctx(), func(s *state) { b.c.runPool(s) }))
}

// run steps second by second for d.
func (b *poolBed) run(d time.Duration, pps map[string]float64) {
	b.t.Helper()
	for i := time.Duration(0); i < d; i += time.Second {
		b.step(time.Second, pps)
	}
}

func (b *poolBed) fwd(id string) model.Forwarder {
	b.t.Helper()
	f, err := b.c.Forwarder(ctx(), id)
	mustNil(b.t, err)
	return f.Forwarder
}

func (b *poolBed) drained(id string) bool {
	b.t.Helper()
	ds, _, err := b.c.DesiredState(id)
	mustNil(b.t, err)
	return b.fwd(id).AutoDrain != nil && ds.GetDraining()
}

// waitAsks waits for the NFV manager to have been asked n times (the request leaves
// Run's goroutine for its own).
func (b *poolBed) waitAsks(n int) []poolAsk {
	b.t.Helper()
	if sent := b.c.poolCounts.asks.Load(); sent != uint64(n) {
		b.t.Fatalf("the pool sent %d requests for a forwarder, want %d", sent, n)
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		b.mu.Lock()
		got := slices.Clone(b.asks)
		b.mu.Unlock()
		if len(got) >= n || time.Now().After(deadline) {
			if len(got) != n {
				b.t.Fatalf("NFV manager asked %d times, want %d: %+v", len(got), n, got)
			}
			return got
		}
		time.Sleep(5 * time.Millisecond)
	}
}

var poolTest = PoolConfig{For: 5 * time.Second, Hold: 20 * time.Second, AskEvery: time.Minute}

// An overloaded forwarder whose peers have room is drained after the overload lasted For,
// stays out for the hold, and comes back when its share fits under Resume.
func TestPoolDrainsOverloadedForwarder(t *testing.T) {
	b := newPoolBed(t, poolTest, model.Forwarder{ID: "a", CapacityPPS: 1000},
		model.Forwarder{ID: "b", CapacityPPS: 1000}, model.Forwarder{ID: "c", CapacityPPS: 1000})
	_, err := b.c.CreateService(ctx(), service("10.0.0.1", 80, nil, model.Real{Address: "10.1.0.1", Port: 80, Weight: 1}))
	mustNil(t, err)
	hot := map[string]float64{"a": 950, "b": 100, "c": 100}

	b.run(4*time.Second, hot)
	if b.drained("a") {
		t.Fatal("drained before the overload lasted For")
	}
	b.run(2*time.Second, hot)
	if !b.drained("a") {
		t.Fatalf("not drained after the overload lasted For: %+v", b.fwd("a"))
	}
	f, err := b.c.Forwarder(ctx(), "a")
	mustNil(t, err)
	if f.State != StateDraining || !strings.Contains(f.AutoDrain.Reason, "overloaded") || f.Draining {
		t.Fatalf("view: state %s, auto drain %+v, operator drain %v", f.State, f.AutoDrain, f.Draining)
	}
	if f.Load.Utilisation == nil || *f.Load.Utilisation < 0.9 {
		t.Errorf("utilisation %v", f.Load.Utilisation)
	}

	// Its traffic moved to b and c: its share (1150/3) fits, but not before the hold.
	moved := map[string]float64{"a": 0, "b": 575, "c": 575}
	b.run(15*time.Second, moved)
	if !b.drained("a") {
		t.Fatal("back before its hold was over")
	}
	b.run(6*time.Second, moved)
	if b.drained("a") {
		t.Fatalf("still drained after its hold with room: %+v", b.fwd("a"))
	}
	m := gather(t, b.c)
	if m["hvlb_pool_drains_total"] != 1 || m["hvlb_pool_resumes_total"] != 1 {
		t.Errorf("metrics: drains %v, resumes %v", m["hvlb_pool_drains_total"], m["hvlb_pool_resumes_total"])
	}
	b.waitAsks(0)

	// Overloaded again within the hour: drained for twice the hold.
	b.run(6*time.Second, hot)
	if f := b.fwd("a"); f.AutoDrain == nil || f.AutoDrain.Until.Sub(f.AutoDrain.Since) != 2*poolTest.Hold {
		t.Fatalf("second drain: %+v, want a hold of %s", f.AutoDrain, 2*poolTest.Hold)
	}
}

// When the others have no room for an overloaded forwarder's traffic, the pool asks the
// NFV manager for a forwarder instead of draining; the forwarder that registers next takes
// the services that name the overloaded one, and then the overloaded one is drained.
func TestPoolAsksForAForwarder(t *testing.T) {
	b := newPoolBed(t, poolTest, model.Forwarder{ID: "a", CapacityPPS: 1000}, model.Forwarder{ID: "b", CapacityPPS: 1000})
	_, err := b.c.CreateService(ctx(), service("10.0.0.1", 80, []string{"a", "b"}, model.Real{Address: "10.1.0.1", Port: 80, Weight: 1}))
	mustNil(t, err)
	_, err = b.c.CreateService(ctx(), service("10.0.0.2", 80, []string{"b"}, model.Real{Address: "10.1.0.1", Port: 80, Weight: 1}))
	mustNil(t, err)
	hot := map[string]float64{"a": 1200, "b": 500}
	b.run(6*time.Second, hot)
	if b.drained("a") {
		t.Fatal("drained although b has room for 400 pps only")
	}
	asks := b.waitAsks(1)
	if asks[0].Kind != "forwarder" || asks[0].Forwarder != "a" || !strings.Contains(asks[0].Reason, "overloaded") {
		t.Fatalf("ask: %+v", asks[0])
	}
	b.run(10*time.Second, hot)
	b.waitAsks(1) // at most one per AskEvery

	b.register(model.Forwarder{ID: "n", CapacityPPS: 1000})
	s1, err := b.c.Service(ctx(), "tcp-10.0.0.1-80")
	mustNil(t, err)
	s2, err := b.c.Service(ctx(), "tcp-10.0.0.2-80")
	mustNil(t, err)
	if !slices.Equal(s1.Forwarders, []string{"a", "b", "n"}) || !slices.Equal(s2.Forwarders, []string{"b"}) {
		t.Fatalf("new forwarder's services: %v and %v", s1.Forwarders, s2.Forwarders)
	}
	hot["n"] = 0
	b.step(time.Second, hot)
	if !b.drained("a") {
		t.Fatalf("not drained once n had room: %+v", b.fwd("a"))
	}
}

// A forwarder alone in one of its services is never drained; the operator's drain is not
// the pool's to undo, and the operator's undrain ends the pool's.
func TestPoolRespectsOperatorAndLastForwarder(t *testing.T) {
	b := newPoolBed(t, poolTest, model.Forwarder{ID: "a", CapacityPPS: 1000}, model.Forwarder{ID: "b", CapacityPPS: 2000})
	_, err := b.c.CreateService(ctx(), service("10.0.0.1", 80, nil, model.Real{Address: "10.1.0.1", Port: 80, Weight: 1}))
	mustNil(t, err)
	_, err = b.c.CreateService(ctx(), service("10.0.0.2", 80, []string{"a"}, model.Real{Address: "10.1.0.1", Port: 80, Weight: 1}))
	mustNil(t, err)
	hot := map[string]float64{"a": 990, "b": 0}
	b.run(7*time.Second, hot)
	if b.drained("a") {
		t.Fatal("drained the only forwarder of tcp-10.0.0.2-80")
	}
	if a := b.waitAsks(1); a[0].Forwarder != "a" {
		t.Fatalf("ask: %+v", a)
	}

	mustNil(t, b.c.DeleteService(ctx(), "tcp-10.0.0.2-80", true))
	b.step(time.Second, hot)
	if !b.drained("a") {
		t.Fatal("not drained once b shares all its services")
	}
	_, err = b.c.SetDraining(ctx(), "a", true)
	mustNil(t, err)
	_, err = b.c.SetDraining(ctx(), "a", false)
	mustNil(t, err)
	if f := b.fwd("a"); f.AutoDrain != nil || f.Draining {
		t.Fatalf("after the operator's undrain: %+v", f)
	}

	// Operator-drained b overloads: the pool leaves it be.
	_, err = b.c.SetDraining(ctx(), "b", true)
	mustNil(t, err)
	b.run(7*time.Second, map[string]float64{"a": 0, "b": 3000})
	if f := b.fwd("b"); f.AutoDrain != nil || !f.Draining {
		t.Fatalf("operator-drained forwarder: %+v", f)
	}
}

// A forwarder that carried traffic and is lost, when the rest have no room for it, makes
// the pool ask for a replacement; with room, nothing is asked.
func TestPoolReplacesALostForwarder(t *testing.T) {
	b := newPoolBed(t, poolTest, model.Forwarder{ID: "a", CapacityPPS: 1000}, model.Forwarder{ID: "b", CapacityPPS: 1000},
		model.Forwarder{ID: "c", CapacityPPS: 1000})
	_, err := b.c.CreateService(ctx(), service("10.0.0.1", 80, nil, model.Real{Address: "10.1.0.1", Port: 80, Weight: 1}))
	mustNil(t, err)
	b.run(3*time.Second, map[string]float64{"a": 300, "b": 300, "c": 300})
	b.run(DefaultReportTimeout+2*time.Second, map[string]float64{"b": 450, "c": 450})
	if f, _ := b.c.Forwarder(ctx(), "a"); f.State != StateFailed {
		t.Fatalf("a: %s", f.State)
	}
	b.waitAsks(0) // b and c have room for its 300 pps

	b.run(3*time.Second, map[string]float64{"a": 300, "b": 500, "c": 500})
	b.run(DefaultReportTimeout+2*time.Second, map[string]float64{"b": 800, "c": 800})
	if a := b.waitAsks(1); !strings.Contains(a[0].Reason, "unreachable") || a[0].Forwarder != "a" {
		t.Fatalf("ask: %+v", a)
	}
}

// The floor: fewer ready forwarders than MinReady makes the pool ask.
func TestPoolMinReady(t *testing.T) {
	cfg := poolTest
	cfg.MinReady = 3
	b := newPoolBed(t, cfg, model.Forwarder{ID: "a"}, model.Forwarder{ID: "b"})
	b.step(time.Second, map[string]float64{"a": 0, "b": 0})
	if a := b.waitAsks(1); !strings.Contains(a[0].Reason, "at least 3") {
		t.Fatalf("ask: %+v", a)
	}
}

// Settings that cannot work are refused with the flag's name; utilisation takes the busy
// share when no capacity is known.
func TestPoolConfigAndUtilisation(t *testing.T) {
	st, err := store.Open(filepath.Join(t.TempDir(), "c.db"))
	mustNil(t, err)
	defer st.Close()
	for _, tc := range []struct {
		cfg  PoolConfig
		want string
	}{
		{PoolConfig{Overload: 0.5, Resume: 0.6}, "pool-resume"},
		{PoolConfig{MinReady: -1}, "pool-min-ready"},
	} {
		if _, err := New(Config{Store: st, Log: quiet(), Pool: tc.cfg}); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: %v, want an error naming %s", tc.cfg, err, tc.want)
		}
	}
	if _, err := New(Config{Store: st, Log: quiet(), Pool: PoolConfig{Overload: -1, Resume: 5}}); err != nil {
		t.Errorf("automation off: %v", err)
	}

	r := &fwdRuntime{}
	if u := utilisation(model.Forwarder{}, r); u != -1 {
		t.Errorf("no report: %v", u)
	}
	rep := report("a", 0, func(r *ctlpb.AgentReport) {
		r.Stats.Workers[0].LoadPeriod = 0.5
		r.Stats.Workers = append(r.Stats.Workers, &fwdpb.WorkerStats{Worker: 1, LoadPeriod: 0.9})
	})
	r.setStats(rep.GetStats(), time.Now())
	r.pps = 100
	if u := utilisation(model.Forwarder{}, r); u != 0.7 {
		t.Errorf("busy share: %v, want 0.7", u)
	}
	if u := utilisation(model.Forwarder{CapacityPPS: 50}, r); u != 2 {
		t.Errorf("over capacity: %v, want 2", u)
	}
}
