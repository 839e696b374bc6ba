package agent

import (
	"net"
	"sync"
	"testing"
	"time"

	"hvlb/internal/fwdclient/fwdtest"
	"hvlb/internal/pb/ctlpb"
	"hvlb/internal/pb/fwdpb"
)

// TestAgentFailsOverNeverBack: with two controllers, the agent moves to the second when the
// first stops; a desired state older than the one it took is refused (the forwarder keeps
// the newer one), and a newer one is applied.
func TestAgentFailsOverNeverBack(t *testing.T) {
	dir := pki(t)
	f := fwdtest.New(t)
	first, second := newFakeCtl(), newFakeCtl()
	addrA, addrB := freeAddr(t), freeAddr(t)
	stopA := serveCtl(t, dir, addrA, first)
	serveCtl(t, dir, addrB, second)
	v5 := []*fwdpb.VirtualService{svc("tcp", "10.100.0.1", 80, "nat", "maglev", "10.1.0.11:80/100/1")}
	first.publish(&ctlpb.DesiredState{Version: 5, Services: v5})
	a := startAgent(t, dir, addrA+","+addrB, f.Path)
	eventually(t, 5*time.Second, "version 5 from the first controller", runs(f, v5))

	second.publish(&ctlpb.DesiredState{Version: 3}) // behind: it would empty the forwarder
	stopA()
	eventually(t, 10*time.Second, "registered with the second controller", func() (bool, string) {
		return len(second.registered()) > 0 && second.lastReport() != nil, ""
	})
	eventually(t, 5*time.Second, "the stale state counted", func() (bool, string) {
		var n uint64
		a.call(t.Context(), func() { n = a.staleDesired })
		return n > 0, ""
	})
	if got := summary(f.Services()); len(got) != 1 {
		t.Fatalf("the forwarder went back to an older state: %q", got)
	}
	v6 := []*fwdpb.VirtualService{svc("tcp", "10.100.0.2", 80, "nat", "maglev", "10.1.0.12:80/100/1")}
	second.publish(&ctlpb.DesiredState{Version: 6, Services: v6})
	eventually(t, 5*time.Second, "version 6 from the second controller", runs(f, v6))
}

// TestAgentTakesANewStore: a controller whose store was made again from scratch (a later
// epoch) is followed although its version is lower; a state of the older store, whatever
// its version, is then refused.
func TestAgentTakesANewStore(t *testing.T) {
	dir := pki(t)
	f := fwdtest.New(t)
	old, remade, oldAgain := newFakeCtl(), newFakeCtl(), newFakeCtl()
	addrA, addrB, addrC := freeAddr(t), freeAddr(t), freeAddr(t)
	stopA := serveCtl(t, dir, addrA, old)
	stopB := serveCtl(t, dir, addrB, remade)
	serveCtl(t, dir, addrC, oldAgain)
	v5 := []*fwdpb.VirtualService{svc("tcp", "10.100.0.1", 80, "nat", "maglev", "10.1.0.11:80/100/1")}
	old.publish(&ctlpb.DesiredState{Version: 5, StoreEpoch: 100, Services: v5})
	a := startAgent(t, dir, addrA+","+addrB+","+addrC, f.Path)
	eventually(t, 5*time.Second, "version 5 of the old store", runs(f, v5))

	v2 := []*fwdpb.VirtualService{svc("tcp", "10.100.0.2", 80, "nat", "maglev", "10.1.0.12:80/100/1")}
	remade.publish(&ctlpb.DesiredState{Version: 2, StoreEpoch: 200, Services: v2})
	stopA()
	eventually(t, 5*time.Second, "version 2 of the store made again", runs(f, v2))

	oldAgain.publish(&ctlpb.DesiredState{Version: 9, StoreEpoch: 100, Services: v5})
	stopB()
	eventually(t, 5*time.Second, "the old store's state counted as stale", func() (bool, string) {
		var n uint64
		a.call(t.Context(), func() { n = a.staleDesired })
		return n > 0, ""
	})
	if ok, got := runs(f, v2)(); !ok {
		t.Fatalf("the forwarder went back to the old store's state: %s", got)
	}
}

// TestAgentLeavesAHungController: a controller that stops answering without closing its
// connections (SIGSTOP, a host gone without resetting them: here a proxy that stops moving
// bytes) is left for the next one within 1.5 ControllerTimeouts, by the liveness probe; TCP
// and HTTP/2 flow control would otherwise take the reports for many seconds.
func TestAgentLeavesAHungController(t *testing.T) {
	dir := pki(t)
	f := fwdtest.New(t)
	first, second := newFakeCtl(), newFakeCtl()
	addrA, addrB := freeAddr(t), freeAddr(t)
	serveCtl(t, dir, addrA, first)
	serveCtl(t, dir, addrB, second)
	p := newFreezer(t, addrA)
	v5 := []*fwdpb.VirtualService{svc("tcp", "10.100.0.1", 80, "nat", "maglev", "10.1.0.11:80/100/1")}
	first.publish(&ctlpb.DesiredState{Version: 5, Services: v5})
	second.publish(&ctlpb.DesiredState{Version: 5, Services: v5})
	// Long enough that a starved machine (go test -race beside other packages) does not
	// make a live controller look hung; the bound below still tells a probe from a TCP timeout.
	const timeout = time.Second
	startAgent(t, dir, p.addr+","+addrB, f.Path, func(c *Config) { c.ControllerTimeout = timeout })
	eventually(t, 10*time.Second, "reports to the first controller", func() (bool, string) {
		return first.lastReport() != nil, ""
	})
	// Stays while the controller answers (several timeouts).
	time.Sleep(4 * timeout)
	if len(second.registered()) != 0 {
		t.Fatal("left a controller that answers")
	}
	p.freeze()
	frozen := time.Now()
	eventually(t, 10*time.Second, "registered with the second controller", func() (bool, string) {
		return len(second.registered()) > 0, ""
	})
	took := time.Since(frozen)
	t.Logf("left the hung controller and registered with the next after %s", took)
	// 1.5 timeouts, the back-off (at most 200 ms here) and a registration; slack for a busy machine.
	if limit := 3*timeout/2 + 200*time.Millisecond + 3*time.Second; took > limit {
		t.Errorf("took %s to leave a hung controller, want under %s", took, limit)
	}
	v6 := []*fwdpb.VirtualService{svc("tcp", "10.100.0.2", 80, "nat", "maglev", "10.1.0.12:80/100/1")}
	second.publish(&ctlpb.DesiredState{Version: 6, Services: v6})
	eventually(t, 5*time.Second, "version 6 from the second controller", runs(f, v6))
}

// freezer is a TCP proxy to a server that can stop moving bytes while keeping every
// connection open: a hung peer, as the client sees it.
type freezer struct {
	addr         string
	frozen, done chan struct{}
	once         sync.Once
}

func newFreezer(t *testing.T, to string) *freezer {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &freezer{addr: ln.Addr().String(), frozen: make(chan struct{}), done: make(chan struct{})}
	var conns []net.Conn
	var mu sync.Mutex
	t.Cleanup(func() {
		close(p.done)
		ln.Close()
		mu.Lock()
		defer mu.Unlock()
		for _, c := range conns {
			c.Close()
		}
	})
	pipe := func(dst, src net.Conn) {
		buf := make([]byte, 32<<10)
		for {
			n, err := src.Read(buf)
			if err != nil {
				dst.Close()
				return
			}
			select {
			case <-p.frozen: // hold the bytes, and read no more: the sender's buffers fill
				<-p.done
				return
			default:
			}
			if _, err := dst.Write(buf[:n]); err != nil {
				src.Close()
				return
			}
		}
	}
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			s, err := net.Dial("tcp", to)
			if err != nil {
				c.Close()
				continue
			}
			mu.Lock()
			conns = append(conns, c, s)
			mu.Unlock()
			go pipe(s, c)
			go pipe(c, s)
		}
	}()
	return p
}

func (p *freezer) freeze() { p.once.Do(func() { close(p.frozen) }) }

// TestLivenessProbesAreSpaced: the agent asks a live controller once each half
// ControllerTimeout, not back to back (an answered probe once started the next at once: the
// agents and the controller spun on health checks, starving the lab's forwarders).
func TestLivenessProbesAreSpaced(t *testing.T) {
	dir := pki(t)
	f := fwdtest.New(t)
	ctl := newFakeCtl()
	addr := freeAddr(t)
	serveCtl(t, dir, addr, ctl)
	ctl.publish(&ctlpb.DesiredState{Version: 1})
	const timeout = 400 * time.Millisecond
	startAgent(t, dir, addr, f.Path, func(c *Config) { c.ControllerTimeout = timeout })
	eventually(t, 10*time.Second, "registered", func() (bool, string) { return len(ctl.registered()) > 0, "" })
	start, n0 := time.Now(), ctl.probes.Load()
	time.Sleep(2 * time.Second)
	n, want := ctl.probes.Load()-n0, int64(time.Since(start)/(timeout/2))+2
	t.Logf("%d probes in %s with a %s timeout", n, time.Since(start).Round(time.Millisecond), timeout)
	if n == 0 || n > want {
		t.Errorf("%d liveness probes in 2 s, want 1..%d (one each %s)", n, want, timeout/2)
	}
}
