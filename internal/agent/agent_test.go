package agent

import (
	"context"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"google.golang.org/protobuf/proto"

	"hvlb/internal/fwdclient/fwdtest"
	"hvlb/internal/health"
	"hvlb/internal/pb/ctlpb"
	"hvlb/internal/pb/fwdpb"
)

// The agent's life with a working controller, step by step: empty forwarder to desired,
// a weight change, a real removed (softly), a service removed, the forwarder restarted
// with nothing (restored without anyone asking), and reports all along.
func TestAgentApplies(t *testing.T) {
	dir := pki(t)
	f := fwdtest.New(t)
	f.SetConnections([]*fwdpb.Connection{{Protocol: "tcp", Client: "10.9.0.5:40000", Vip: "10.100.0.1:80"}})
	ctl := newFakeCtl()
	addr := freeAddr(t)
	serveCtl(t, dir, addr, ctl)
	startAgent(t, dir, addr, f.Path)

	web := func(reals ...string) *fwdpb.VirtualService {
		return svc("tcp", "10.100.0.1", 80, "nat", "maglev", reals...)
	}
	dns := svc("udp", "10.100.0.53", 53, "nat", "sh", "10.1.0.53:0/100/1")
	dnsTunnel := svc("udp", "10.100.0.53", 53, "tunnel", "sh", "10.1.0.53:0/100/1")
	dnsTunnel.Encap = "gue"
	steps := []struct {
		name     string
		desired  []*fwdpb.VirtualService
		restart  bool // wipe the forwarder instead of publishing
		wantOps  []string
		noneLike string // no op may contain this
	}{
		{name: "empty to desired", desired: []*fwdpb.VirtualService{web("10.1.0.11:8080/100/1", "10.1.0.12:8080/100/1"), dns}},
		{name: "weight change", desired: []*fwdpb.VirtualService{web("10.1.0.11:8080/100/1", "10.1.0.12:8080/700/1"), dns},
			wantOps: []string{"update_real tcp/10.100.0.1/80 10.1.0.12:8080 weight=700"}},
		{name: "real removed", desired: []*fwdpb.VirtualService{web("10.1.0.11:8080/100/1"), dns},
			wantOps: []string{"remove_real tcp/10.100.0.1/80 10.1.0.12:8080 hard=false"}},
		{name: "service removed", desired: []*fwdpb.VirtualService{dns},
			wantOps: []string{"remove_service tcp/10.100.0.1/80"}},
		{name: "forwarder restarted", restart: true, desired: []*fwdpb.VirtualService{dns},
			wantOps: []string{"add_service udp/10.100.0.53/53 reals=1"}},
		{name: "to tunnel mode", desired: []*fwdpb.VirtualService{dnsTunnel},
			wantOps: []string{"update_service udp/10.100.0.53/53 mode=tunnel scheduler=sh encap=gue"}},
	}
	var version uint64
	for _, s := range steps {
		f.ResetOps()
		if s.restart {
			if err := f.Restart(); err != nil {
				t.Fatal(err)
			}
		} else {
			version++
			ctl.publish(&ctlpb.DesiredState{Version: version, Services: s.desired})
		}
		eventually(t, 5*time.Second, s.name, runs(f, s.desired))
		eventually(t, 5*time.Second, s.name+": report", reportedVersion(ctl, version))
		if s.wantOps != nil {
			if got := f.Ops(); !slices.Equal(got, s.wantOps) {
				t.Errorf("%s: ops %q, want %q", s.name, got, s.wantOps)
			}
		}
	}

	r := ctl.lastReport()
	if r.GetForwarderId() != "fwd-a" || r.GetState() != "ready" || len(r.GetConnections()) != 1 ||
		len(r.GetStats().GetWorkers()) != 2 {
		t.Errorf("report %v", r)
	}
	reg := ctl.registered()
	if len(reg) == 0 {
		t.Fatal("never registered")
	}
	if got := reg[0]; got.GetId() != "fwd-a" || got.GetHostname() != "host-a" || got.GetQueues() != 2 ||
		got.GetCores() != 3 || !slices.Equal(got.GetPorts(), []string{"net_af_packet0", "net_af_packet1"}) {
		t.Errorf("registered %v", got)
	}
}

// A zero of a service's counters in the desired state reaches the forwarder once: not again
// at the next change, again after the forwarder restarts (its counters and baselines gone).
func TestAgentZeroesCounters(t *testing.T) {
	dir := pki(t)
	f := fwdtest.New(t)
	ctl := newFakeCtl()
	addr := freeAddr(t)
	serveCtl(t, dir, addr, ctl)
	startAgent(t, dir, addr, f.Path)

	dns := svc("udp", "10.100.0.53", 53, "nat", "sh", "10.1.0.53:0/100/1")
	dns2 := svc("udp", "10.100.0.53", 53, "nat", "sh", "10.1.0.53:0/200/1")
	zero := []*ctlpb.CounterZero{{Service: dns.GetId(), AtMs: uint64(time.Now().UnixMilli())}}
	zeroed := func() (bool, string) {
		ops := f.Ops()
		return slices.Contains(ops, "zero_counters udp/10.100.0.53/53"), fmt.Sprintf("%q", ops)
	}
	ctl.publish(&ctlpb.DesiredState{Version: 1, Services: []*fwdpb.VirtualService{dns}})
	eventually(t, 5*time.Second, "service", runs(f, []*fwdpb.VirtualService{dns}))
	f.ResetOps()
	ctl.publish(&ctlpb.DesiredState{Version: 2, Services: []*fwdpb.VirtualService{dns}, CounterZeros: zero})
	eventually(t, 5*time.Second, "zeroed", zeroed)
	eventually(t, 5*time.Second, "report", reportedVersion(ctl, 2))
	f.ResetOps()
	ctl.publish(&ctlpb.DesiredState{Version: 3, Services: []*fwdpb.VirtualService{dns2}, CounterZeros: zero})
	eventually(t, 5*time.Second, "weight", runs(f, []*fwdpb.VirtualService{dns2}))
	eventually(t, 5*time.Second, "report 3", reportedVersion(ctl, 3))
	if ops := f.Ops(); slices.Contains(ops, "zero_counters udp/10.100.0.53/53") {
		t.Errorf("zeroed again at the next change: %q", ops)
	}
	f.ResetOps()
	if err := f.Restart(); err != nil {
		t.Fatal(err)
	}
	eventually(t, 5*time.Second, "zeroed after the forwarder's restart", zeroed)
}

// A real whose checks fail gets health 0 at the forwarder within fall × interval, with the
// controller gone, and 1 again after rise successes; the controller hears of both.
func TestAgentHealthOverlay(t *testing.T) {
	dir := pki(t)
	f := fwdtest.New(t)
	ctl := newFakeCtl()
	addr := freeAddr(t)
	stopCtl := serveCtl(t, dir, addr, ctl)
	startAgent(t, dir, addr, f.Path)

	nf, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		for {
			c, err := nf.Accept()
			if err != nil {
				return
			}
			c.Close()
		}
	}()
	nfAddr := nf.Addr().(*net.TCPAddr)
	port := uint32(nfAddr.Port)
	id := &fwdpb.ServiceId{Protocol: "tcp", Vip: "10.100.0.1", Vport: 80}
	desired := func(h uint32) []*fwdpb.VirtualService {
		return []*fwdpb.VirtualService{svc("tcp", "10.100.0.1", 80, "nat", "maglev",
			fmt.Sprintf("127.0.0.1:%d/100/%d", port, h), "10.1.0.12:8080/100/1")}
	}
	interval, fall := 50*time.Millisecond, 3
	ctl.publish(&ctlpb.DesiredState{Version: 1, Services: desired(1), Checks: []*ctlpb.HealthCheck{{
		Service: id, Address: "127.0.0.1", Port: port, Kind: "tcp",
		IntervalMs: uint32(interval / time.Millisecond), TimeoutMs: 40, Rise: 2, Fall: uint32(fall),
	}}})
	eventually(t, 5*time.Second, "applied", runs(f, desired(1)))
	eventually(t, 5*time.Second, "reported up", func() (bool, string) {
		h := ctl.healthChanges()
		return len(h) > 0 && h[len(h)-1].GetUp(), fmt.Sprint(h)
	})

	// The controller goes away, then the NF: the agent alone takes the NF out.
	stopCtl()
	time.Sleep(100 * time.Millisecond)
	nf.Close()
	start := time.Now()
	eventually(t, 5*time.Second, "health 0", runs(f, desired(0)))
	if d := time.Since(start); d > time.Duration(fall)*interval+300*time.Millisecond {
		t.Errorf("health 0 after %v, want within fall × interval = %v (+ slack)", d, time.Duration(fall)*interval)
	}

	// The NF comes back; so does the controller, which hears the whole story.
	nf2, err := net.Listen("tcp", nfAddr.String())
	if err != nil {
		t.Skipf("cannot listen on %s again: %v", nfAddr, err)
	}
	defer nf2.Close()
	go func() {
		for {
			c, err := nf2.Accept()
			if err != nil {
				return
			}
			c.Close()
		}
	}()
	eventually(t, 5*time.Second, "health 1 again", runs(f, desired(1)))
	ctl2 := newFakeCtl()
	ctl2.publish(&ctlpb.DesiredState{Version: 1, Services: desired(1), Checks: ctl.desired.GetChecks()})
	serveCtl(t, dir, addr, ctl2)
	eventually(t, 10*time.Second, "new controller told the verdict", func() (bool, string) {
		h := ctl2.healthChanges()
		return len(h) > 0 && h[0].GetUp() && h[0].GetPort() == port, fmt.Sprint(h)
	})
	downs := 0
	for _, h := range ctl.healthChanges() {
		if !h.GetUp() {
			downs++
		}
	}
	if downs != 0 {
		t.Errorf("the stopped controller got %d down changes", downs)
	}
}

// With no controller, the agent changes nothing at the forwarder (fail static) and keeps
// trying; a controller that comes up late gets a registration, and its state is applied.
// Losing it again changes nothing; the agent reconnects to the next one.
func TestAgentLateController(t *testing.T) {
	dir := pki(t)
	f := fwdtest.New(t)
	boot := []*fwdpb.VirtualService{svc("tcp", "10.100.0.9", 443, "nat", "maglev", "10.1.0.90:443/100/1")}
	f.Load(boot)
	addr := freeAddr(t)
	startAgent(t, dir, addr, f.Path)

	time.Sleep(600 * time.Millisecond) // several back-off rounds with nothing listening
	if ops := f.Ops(); len(ops) != 0 {
		t.Fatalf("changes without a controller: %q", ops)
	}
	if got := summary(f.Services()); !slices.Equal(got, summary(boot)) {
		t.Fatalf("forwarder changed without a controller: %q", got)
	}

	ctl := newFakeCtl()
	want := []*fwdpb.VirtualService{svc("tcp", "10.100.0.1", 80, "nat", "maglev", "10.1.0.11:8080/100/1")}
	ctl.publish(&ctlpb.DesiredState{Version: 4, Services: want})
	stop := serveCtl(t, dir, addr, ctl)
	eventually(t, 5*time.Second, "applied after the controller came up", runs(f, want))
	eventually(t, 5*time.Second, "reported", reportedVersion(ctl, 4))

	stop()
	f.ResetOps()
	time.Sleep(500 * time.Millisecond)
	if ops := f.Ops(); len(ops) != 0 {
		t.Fatalf("changes after losing the controller: %q", ops)
	}
	ctl2 := newFakeCtl()
	want2 := []*fwdpb.VirtualService{svc("tcp", "10.100.0.1", 80, "nat", "maglev", "10.1.0.11:8080/100/1",
		"10.1.0.12:8080/100/1")}
	ctl2.publish(&ctlpb.DesiredState{Version: 5, Services: want2})
	serveCtl(t, dir, addr, ctl2)
	eventually(t, 5*time.Second, "applied from the next controller", runs(f, want2))
}

// A forwarder restarted while the controller is away still gets its configuration back,
// from the last desired state the agent holds.
func TestAgentRestoresWithoutController(t *testing.T) {
	dir := pki(t)
	f := fwdtest.New(t)
	ctl := newFakeCtl()
	addr := freeAddr(t)
	stop := serveCtl(t, dir, addr, ctl)
	startAgent(t, dir, addr, f.Path)
	want := []*fwdpb.VirtualService{svc("udp", "10.100.0.53", 53, "nat", "maglev", "10.1.0.53:53/100/1")}
	ctl.publish(&ctlpb.DesiredState{Version: 1, Services: want})
	eventually(t, 5*time.Second, "applied", runs(f, want))
	stop()
	if err := f.Restart(); err != nil {
		t.Fatal(err)
	}
	eventually(t, 5*time.Second, "restored", runs(f, want))
}

// A forwarder that starts after the agent, or restarts, is configured as soon as the agent
// reconnects to its socket, without waiting for the periodic reconcile.
func TestAgentForwarderStartsLate(t *testing.T) {
	dir := pki(t)
	f := fwdtest.New(t)
	f.Stop()
	ctl := newFakeCtl()
	addr := freeAddr(t)
	serveCtl(t, dir, addr, ctl)
	want := []*fwdpb.VirtualService{svc("tcp", "10.100.0.1", 80, "nat", "rr", "10.1.0.11:80/1/1")}
	ctl.publish(&ctlpb.DesiredState{Version: 2, Services: want})
	startAgent(t, dir, addr, f.Path, func(c *Config) { c.ResyncInterval = time.Hour })
	eventually(t, 5*time.Second, "reported failed", func() (bool, string) {
		r := ctl.lastReport()
		return r.GetState() == "failed" && r.GetAppliedVersion() == 0, fmt.Sprint(r)
	})
	if err := f.Start(); err != nil {
		t.Fatal(err)
	}
	eventually(t, 5*time.Second, "configured once up", runs(f, want))
	eventually(t, 5*time.Second, "reported", reportedVersion(ctl, 2))
	if err := f.Restart(); err != nil {
		t.Fatal(err)
	}
	eventually(t, 5*time.Second, "configured after a restart", runs(f, want))
}

// The health a checked real first gets at the forwarder, and how the checks move it. A
// new real is down until its first success; an agent restarted with the real already at
// the forwarder keeps what the forwarder runs (down until the checks rise, up until they
// fail); a real without a check, or with one this agent cannot run, keeps the desired
// health. No checker probes here: the interval is an hour and the test sends transitions.
func TestCheckedRealFirstHealth(t *testing.T) {
	const key = "tcp/10.100.0.1/80 10.1.0.11:8080"
	other := "10.1.0.12:8080/100/1"
	tests := []struct {
		name      string
		runs      string // the real as the forwarder runs it at the start ("": not there)
		desired   uint32 // desired health
		kind      string // check kind ("": no check)
		wantFirst uint32 // health at the forwarder after the first apply
		wantState health.State
		next      *health.Transition // then this transition...
		wantNext  uint32             // ...gives this health
	}{
		{name: "new real: down until the first success", desired: 1, kind: "tcp",
			wantFirst: 0, wantState: health.Unknown,
			next: &health.Transition{Key: key, Up: true, Reason: "tcp ok (1/1 successes)"}, wantNext: 1},
		{name: "new real whose checks fail stays down", desired: 1, kind: "tcp",
			wantFirst: 0, wantState: health.Unknown,
			next: &health.Transition{Key: key, Up: false, Reason: "connect: connection refused (3/3 failures)"}, wantNext: 0},
		{name: "restarted agent, down at the forwarder: down until the checks rise", runs: "10.1.0.11:8080/100/0",
			desired: 1, kind: "tcp", wantFirst: 0, wantState: health.Down,
			next: &health.Transition{Key: key, Up: true, Reason: "tcp ok (2/2 successes)"}, wantNext: 1},
		{name: "restarted agent, up at the forwarder: up until the checks fail", runs: "10.1.0.11:8080/100/1",
			desired: 1, kind: "tcp", wantFirst: 1, wantState: health.Up,
			next: &health.Transition{Key: key, Up: false, Reason: "connect: connection refused (3/3 failures)"}, wantNext: 0},
		{name: "desired down: nothing taken from the forwarder", runs: "10.1.0.11:8080/100/1",
			desired: 0, kind: "tcp", wantFirst: 0, wantState: health.Unknown},
		{name: "no check: the desired health", desired: 1, wantFirst: 1, wantState: health.Unknown},
		{name: "a check this agent cannot run: the desired health", desired: 1, kind: "icmp",
			wantFirst: 1, wantState: health.Unknown},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := fwdtest.New(t)
			boot := []string{other}
			if tt.runs != "" {
				boot = append(boot, tt.runs)
			}
			f.Load([]*fwdpb.VirtualService{svc("tcp", "10.100.0.1", 80, "nat", "maglev", boot...)})
			a := newTestAgent(t, f)
			id := &fwdpb.ServiceId{Protocol: "tcp", Vip: "10.100.0.1", Vport: 80}
			ds := &ctlpb.DesiredState{Version: 1, Services: []*fwdpb.VirtualService{svc("tcp", "10.100.0.1", 80,
				"nat", "maglev", other, fmt.Sprintf("10.1.0.11:8080/100/%d", tt.desired))}}
			if tt.kind != "" {
				ds.Checks = []*ctlpb.HealthCheck{{Service: id, Address: "10.1.0.11", Port: 8080, Kind: tt.kind,
					IntervalMs: 3600000, TimeoutMs: 1}}
			}
			a.setDesired(ds)
			ctx := context.Background()
			want := func(h uint32) []string {
				return summary([]*fwdpb.VirtualService{svc("tcp", "10.100.0.1", 80, "nat", "maglev", other,
					fmt.Sprintf("10.1.0.11:8080/100/%d", h))})
			}
			a.apply(ctx, "test")
			if got := summary(f.Services()); !slices.Equal(got, want(tt.wantFirst)) {
				t.Fatalf("first apply: forwarder runs %q, want %q", got, want(tt.wantFirst))
			}
			if v := a.verdicts[key]; v.state != tt.wantState || (v.state != health.Unknown && v.reason == "") {
				t.Fatalf("verdict %+v, want state %v with a reason", v, tt.wantState)
			}
			if st := a.checks.State(key); tt.kind == "tcp" && st != tt.wantState {
				t.Errorf("checker state %v, want %v (seeded like the verdict)", st, tt.wantState)
			}
			if tt.next == nil {
				return
			}
			a.onTransition(*tt.next)
			a.apply(ctx, "test")
			if got := summary(f.Services()); !slices.Equal(got, want(tt.wantNext)) {
				t.Fatalf("after %q: forwarder runs %q, want %q", tt.next.Reason, got, want(tt.wantNext))
			}
			if a.applyErr != "" || len(a.pending) != 1 {
				t.Errorf("apply error %q, pending %v", a.applyErr, a.pending)
			}
		})
	}
}

// A restarted agent whose first check of a real passes before it has read the forwarder
// (a probe on a LAN is quicker than the forwarder's reply) still leaves that real up: the
// forwarder sees no change at all.
func TestRestartedAgentEarlyFirstCheck(t *testing.T) {
	nf, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer nf.Close()
	go func() {
		for {
			c, err := nf.Accept()
			if err != nil {
				return
			}
			c.Close()
		}
	}()
	port := uint32(nf.Addr().(*net.TCPAddr).Port)
	real := fmt.Sprintf("127.0.0.1:%d/100/1", port)
	f := fwdtest.New(t)
	f.Load([]*fwdpb.VirtualService{svc("tcp", "10.100.0.1", 80, "nat", "maglev", real)})
	a := newTestAgent(t, f)
	id := &fwdpb.ServiceId{Protocol: "tcp", Vip: "10.100.0.1", Vport: 80}
	key := checkKey(id, "127.0.0.1", port)
	a.setDesired(&ctlpb.DesiredState{Version: 1,
		Services: []*fwdpb.VirtualService{svc("tcp", "10.100.0.1", 80, "nat", "maglev", real)},
		Checks: []*ctlpb.HealthCheck{{Service: id, Address: "127.0.0.1", Port: port, Kind: "tcp",
			IntervalMs: 20, TimeoutMs: 20}}})
	eventually(t, 5*time.Second, "the first check passed", func() (bool, string) {
		st := a.checks.State(key)
		return st == health.Up, st.String()
	})
	f.ResetOps()
	a.apply(context.Background(), "test")
	tr := <-a.transitions
	if a.onTransition(tr) {
		a.apply(context.Background(), "test")
	}
	if ops := f.Ops(); len(ops) != 0 {
		t.Errorf("the forwarder was changed: %q", ops)
	}
	if v := a.verdicts[key]; v.state != health.Up {
		t.Errorf("verdict %+v", v)
	}
}

// A real added to a running service with a real check: it reaches the forwarder with
// health 0 and gets 1 only once its NF answers, never before (the forwarder's log of
// changes is the whole history); a real whose NF is dead stays at 0 while its checks fail.
func TestAgentNewRealStartsDown(t *testing.T) {
	dir := pki(t)
	f := fwdtest.New(t)
	ctl := newFakeCtl()
	addr := freeAddr(t)
	serveCtl(t, dir, addr, ctl)
	startAgent(t, dir, addr, f.Path)
	id := &fwdpb.ServiceId{Protocol: "tcp", Vip: "10.100.0.1", Vport: 80}
	web := func(reals ...string) []*fwdpb.VirtualService {
		return []*fwdpb.VirtualService{svc("tcp", "10.100.0.1", 80, "nat", "maglev",
			append([]string{"10.1.0.12:8080/100/1"}, reals...)...)}
	}
	check := func(port uint16) *ctlpb.HealthCheck {
		return &ctlpb.HealthCheck{Service: id, Address: "127.0.0.1", Port: uint32(port), Kind: "tcp",
			IntervalMs: 50, TimeoutMs: 50, Rise: 2, Fall: 3}
	}
	ctl.publish(&ctlpb.DesiredState{Version: 1, Services: web()})
	eventually(t, 5*time.Second, "applied", runs(f, web()))

	// serve accepts and closes connections on ln until the test ends.
	serve := func(ln net.Listener) net.Listener {
		t.Cleanup(func() { ln.Close() })
		go func() {
			for {
				c, err := ln.Accept()
				if err != nil {
					return
				}
				c.Close()
			}
		}()
		return ln
	}
	live, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	serve(live)
	livePort := uint16(live.Addr().(*net.TCPAddr).Port)
	deadAddr := freeAddr(t) // nothing listens there until the test says so
	_, p, _ := net.SplitHostPort(deadAddr)
	deadPort64, _ := strconv.ParseUint(p, 10, 16)
	deadPort := uint16(deadPort64)
	liveReal, deadReal := fmt.Sprintf("127.0.0.1:%d", livePort), fmt.Sprintf("127.0.0.1:%d", deadPort)

	f.ResetOps()
	ctl.publish(&ctlpb.DesiredState{Version: 2, Services: web(liveReal+"/100/1", deadReal+"/100/1"),
		Checks: []*ctlpb.HealthCheck{check(livePort), check(deadPort)}})
	eventually(t, 5*time.Second, "the live NF up, the dead one down", runs(f, web(liveReal+"/100/1", deadReal+"/100/0")))
	eventually(t, 5*time.Second, "the dead NF's checks failed", func() (bool, string) {
		h := ctl.healthChanges()
		return slices.ContainsFunc(h, func(c *ctlpb.HealthChange) bool {
			return c.GetPort() == uint32(deadPort) && !c.GetUp()
		}), fmt.Sprint(h)
	})
	svcName := "tcp/10.100.0.1/80 "
	wantOps := []string{
		"add_real " + svcName + liveReal + " weight=100 health=0",
		"add_real " + svcName + deadReal + " weight=100 health=0",
		"update_real " + svcName + liveReal + " health=1",
	}
	if got := f.Ops(); !slices.Equal(got, wantOps) {
		t.Fatalf("ops %q, want %q", got, wantOps)
	}

	// The dead NF comes to life: up after rise successes.
	ln, err := net.Listen("tcp", deadAddr)
	if err != nil {
		t.Skipf("cannot listen on %s again: %v", deadAddr, err)
	}
	serve(ln)
	eventually(t, 5*time.Second, "the revived NF up", runs(f, web(liveReal+"/100/1", deadReal+"/100/1")))
}

func TestForwarderInfo(t *testing.T) {
	root := t.TempDir()
	for _, p := range []string{"cpu1/node0", "cpu2/node0", "cpu9/node1"} {
		if err := os.MkdirAll(filepath.Join(root, p), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	old := sysCPU
	sysCPU = root
	defer func() { sysCPU = old }()
	a := &Agent{cfg: Config{ID: "fwd-b", Hostname: "h", CapacityPPS: 5e6}}
	tests := []struct {
		name  string
		stats *fwdpb.Stats
		want  *ctlpb.ForwarderInfo
	}{
		{"no forwarder", nil, &ctlpb.ForwarderInfo{Id: "fwd-b", Hostname: "h", CapacityPps: 5e6}},
		{"two NUMA nodes", &fwdpb.Stats{
			Workers: []*fwdpb.WorkerStats{{Worker: 0, Lcore: 1}, {Worker: 1, Lcore: 2}, {Worker: 2, Lcore: 9}},
			Ports:   []*fwdpb.PortStats{{Port: 0, Name: "0000:3b:00.0"}},
		}, &ctlpb.ForwarderInfo{Id: "fwd-b", Hostname: "h", CapacityPps: 5e6, Ports: []string{"0000:3b:00.0"},
			Queues: 3, Cores: 4, NumaNodes: []uint32{0, 1}}},
	}
	for _, tt := range tests {
		if got := a.forwarderInfo(tt.stats); !proto.Equal(got, tt.want) {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
}

// A desired state of version 0 (a controller with nothing yet) does not empty the forwarder.
func TestAgentIgnoresVersionZero(t *testing.T) {
	dir := pki(t)
	f := fwdtest.New(t)
	boot := []*fwdpb.VirtualService{svc("tcp", "10.100.0.9", 443, "nat", "maglev", "10.1.0.90:443/100/1")}
	f.Load(boot)
	ctl := newFakeCtl()
	addr := freeAddr(t)
	serveCtl(t, dir, addr, ctl)
	ctl.mu.Lock()
	ctl.desired = &ctlpb.DesiredState{Version: 0}
	ctl.mu.Unlock()
	startAgent(t, dir, addr, f.Path)
	eventually(t, 5*time.Second, "reporting", func() (bool, string) { return ctl.lastReport() != nil, "" })
	time.Sleep(300 * time.Millisecond)
	if got := summary(f.Services()); !slices.Equal(got, summary(boot)) {
		t.Fatalf("forwarder changed: %q", got)
	}
	want := []*fwdpb.VirtualService{}
	ctl.publish(&ctlpb.DesiredState{Version: 1, Services: want})
	eventually(t, 5*time.Second, "emptied by version 1", runs(f, want))
}

// The desired state's FullNAT local pool reaches the forwarder when it differs from what
// GetLocalPool reports, once; a change the forwarder refuses (its FullNAT connections forbid
// it) is the agent's reported error and holds no service change back; appending is taken.
func TestAgentAppliesLocalPool(t *testing.T) {
	dir := pki(t)
	f := fwdtest.New(t)
	ctl := newFakeCtl()
	addr := freeAddr(t)
	serveCtl(t, dir, addr, ctl)
	startAgent(t, dir, addr, f.Path)

	dns := func(w int) []*fwdpb.VirtualService {
		return []*fwdpb.VirtualService{svc("udp", "10.100.0.53", 53, "fullnat", "sh", fmt.Sprintf("10.1.0.53:0/%d/1", w))}
	}
	pool := func(ports uint32, addrs ...string) *fwdpb.SetLocalPool {
		p := &fwdpb.SetLocalPool{Addresses: addrs}
		if ports != 0 {
			p.PortMin, p.PortMax = ports, ports+9999
		}
		return p
	}
	poolIs := func(want string) func() (bool, string) {
		return func() (bool, string) {
			p := f.LocalPool()
			got := fmt.Sprintf("%s %d-%d", strings.Join(p.GetAddresses(), ","), p.GetPortMin(), p.GetPortMax())
			return got == want, got
		}
	}
	sets := func() []string {
		var out []string
		for _, op := range f.Ops() {
			if strings.HasPrefix(op, "set_local_pool") {
				out = append(out, op)
			}
		}
		return out
	}

	ctl.publish(&ctlpb.DesiredState{Version: 1, Services: dns(100), LocalPool: pool(20000, "10.1.0.100")})
	eventually(t, 5*time.Second, "pool set", poolIs("10.1.0.100 20000-29999"))
	eventually(t, 5*time.Second, "v1 report", reportedVersion(ctl, 1))
	// Unchanged pool, another change: not set again.
	ctl.publish(&ctlpb.DesiredState{Version: 2, Services: dns(200), LocalPool: pool(20000, "10.1.0.100")})
	eventually(t, 5*time.Second, "v2 report", reportedVersion(ctl, 2))
	if got := sets(); len(got) != 1 {
		t.Errorf("set_local_pool ops %q, want one", got)
	}
	// Replacing the address while connections hold it: refused, reported; the service
	// change still applied.
	f.SetFullNATConns(true)
	ctl.publish(&ctlpb.DesiredState{Version: 3, Services: dns(300), LocalPool: pool(0, "10.1.0.101")})
	eventually(t, 5*time.Second, "v3 services", runs(f, dns(300)))
	eventually(t, 5*time.Second, "v3 refusal reported", func() (bool, string) {
		r := ctl.lastReport()
		return strings.Contains(r.GetError(), "local_pool.addrs") && r.GetAppliedVersion() == 2, fmt.Sprintf("%v", r)
	})
	// Appending (the range left as it is): taken.
	ctl.publish(&ctlpb.DesiredState{Version: 4, Services: dns(300), LocalPool: pool(0, "10.1.0.100", "10.1.0.101")})
	eventually(t, 5*time.Second, "pool appended", poolIs("10.1.0.100,10.1.0.101 20000-29999"))
	eventually(t, 5*time.Second, "v4 report", func() (bool, string) {
		r := ctl.lastReport()
		return r.GetAppliedVersion() == 4 && r.GetError() == "", fmt.Sprintf("%v", r)
	})
	// No pool in the desired state: the forwarder's own is left alone.
	ctl.publish(&ctlpb.DesiredState{Version: 5, Services: dns(300)})
	eventually(t, 5*time.Second, "v5 report", reportedVersion(ctl, 5))
	if got := sets(); len(got) != 2 {
		t.Errorf("set_local_pool ops %q, want two", got)
	}
}
