package bfd

import (
	"net"
	"net/netip"
	"sync"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"hvlb/internal/testport"
)

// Two servers over loopback, each the other's peer: 127.0.0.1 and 127.0.0.2, each
// receiving on a port of its own. No root is needed.

func freePort(t *testing.T, addr string) uint16 {
	t.Helper()
	port, err := testport.UDP(addr)
	if err != nil {
		t.Fatal(err)
	}
	return port
}

type changes struct {
	mu  sync.Mutex
	all []Change
}

func (c *changes) add(ch Change) {
	c.mu.Lock()
	c.all = append(c.all, ch)
	c.mu.Unlock()
}

func (c *changes) last() (Change, int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.all) == 0 {
		return Change{}, 0
	}
	return c.all[len(c.all)-1], len(c.all)
}

// Fast, but with a detection time (250 ms) that a loaded test machine's stalls stay under.
var fast = Timers{DesiredMinTx: 50 * time.Millisecond, RequiredMinRx: 50 * time.Millisecond, DetectMult: 5}

func startPair(t *testing.T) (a, b *Server, pa, pb uint16, ca, cb *changes) {
	t.Helper()
	addrA, addrB := netip.MustParseAddr("127.0.0.1"), netip.MustParseAddr("127.0.0.2")
	pa, pb = freePort(t, "127.0.0.1"), freePort(t, "127.0.0.2")
	ca, cb = &changes{}, &changes{}
	var err error
	a, err = Start(Config{Timers: fast, ListenAddr: addrA, ListenPort: pa, OnChange: ca.add},
		[]Peer{{Addr: addrB, Local: addrA, Port: pb}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(a.Close)
	b, err = Start(Config{Timers: fast, ListenAddr: addrB, ListenPort: pb, OnChange: cb.add},
		[]Peer{{Addr: addrA, Local: addrB, Port: pa}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(b.Close)
	return
}

func waitState(t *testing.T, s *Server, peer string, want State, within time.Duration) SessionState {
	t.Helper()
	deadline := time.Now().Add(within)
	for {
		st, ok := s.Session(netip.MustParseAddr(peer))
		if ok && st.State == want {
			return st
		}
		if time.Now().After(deadline) {
			t.Fatalf("session with %s: %+v, want %s within %s", peer, st, want, within)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestServersComeUpAndDetectSilence(t *testing.T) {
	a, b, _, _, ca, _ := startPair(t)
	// The first packets go at once; the handshake takes a slow (1 s) round or two.
	st := waitState(t, a, "127.0.0.2", Up, 5*time.Second)
	waitState(t, b, "127.0.0.1", Up, 5*time.Second)
	if st.RemoteDisc == 0 || st.LocalDisc == 0 || st.Ups == 0 {
		t.Fatalf("session %+v", st)
	}
	// Once the polls end, the fast intervals: a detection time of 5 x 50 ms.
	deadline := time.Now().Add(3 * time.Second)
	for {
		st, _ = a.Session(netip.MustParseAddr("127.0.0.2"))
		if st.DetectTime == 250*time.Millisecond && st.TxInterval == 50*time.Millisecond {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("intervals not the fast ones: %+v", st)
		}
		time.Sleep(5 * time.Millisecond)
	}
	// b goes silent without a word (its sockets closed under it, as for a frozen host):
	// a declares it down within the detection time and some scheduling slack.
	before, _ := a.Session(netip.MustParseAddr("127.0.0.2"))
	for _, ss := range b.sessions {
		ss.tx.Close()
	}
	t0 := time.Now()
	st = waitState(t, a, "127.0.0.2", Down, time.Second)
	took := time.Since(t0)
	if st.Diag != DiagTimeExpired || st.Downs != before.Downs+1 {
		t.Fatalf("after silence: %+v", st)
	}
	ch, _ := ca.last()
	if ch.From != Up || ch.To != Down || ch.Diag != DiagTimeExpired {
		t.Fatalf("change %+v", ch)
	}
	t.Logf("silence detected in %s (detection time 250ms)", took)
}

func TestServerCloseSaysAdminDown(t *testing.T) {
	a, b, _, _, ca, _ := startPair(t)
	waitState(t, a, "127.0.0.2", Up, 5*time.Second)
	b.Close()
	st := waitState(t, a, "127.0.0.2", Down, time.Second)
	if st.Diag != DiagNeighborDown || st.RemoteState != AdminDown {
		t.Fatalf("after the peer's close: %+v", st)
	}
	if ch, _ := ca.last(); ch.Remote != AdminDown {
		t.Fatalf("change %+v: the peer's AdminDown not passed on", ch)
	}
}

// Packets that must change nothing: a TTL under 255 (not from the link), garbage, and a
// stranger's packet; each is counted under its reason.
func TestServerDropsWhatItMust(t *testing.T) {
	a, _, pa, _, ca, _ := startPair(t)
	waitState(t, a, "127.0.0.2", Up, 5*time.Second)
	_, changesBefore := ca.last()
	st, _ := a.Session(netip.MustParseAddr("127.0.0.2"))
	send := func(from string, ttl int, b []byte) {
		c, err := net.ListenUDP("udp4", &net.UDPAddr{IP: net.ParseIP(from)})
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		if ttl != 0 {
			if err := setsockoptTTL(c, ttl); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := c.WriteToUDP(b, &net.UDPAddr{IP: net.ParseIP("127.0.0.1"), Port: int(pa)}); err != nil {
			t.Fatal(err)
		}
	}
	// An AdminDown that would bring the session down, were it taken.
	down := Control{State: AdminDown, DetectMult: 3, MyDisc: st.RemoteDisc, YourDisc: st.LocalDisc}.Marshal()
	send("127.0.0.2", 64, down)                                                                      // ttl
	send("127.0.0.2", 255, []byte{1, 2, 3})                                                          // short
	send("127.0.0.3", 255, down)                                                                     // unknown_session: right discriminator, wrong source
	send("127.0.0.3", 255, Control{State: Down, DetectMult: 3, MyDisc: 99}.Marshal())                // unknown_session: no discriminator, unknown source
	send("127.0.0.2", 255, Control{State: Up, DetectMult: 3, MyDisc: 99, YourDisc: 12345}.Marshal()) // unknown discriminator
	want := map[string]uint64{"ttl": 1, "short": 1, "unknown_session": 3}
	deadline := time.Now().Add(2 * time.Second)
	for {
		d := a.Drops()
		ok := true
		for k, v := range want {
			ok = ok && d[k] == v
		}
		if ok {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("drops %v, want %v", d, want)
		}
		time.Sleep(5 * time.Millisecond)
	}
	if st, _ := a.Session(netip.MustParseAddr("127.0.0.2")); st.State != Up {
		t.Fatalf("a dropped packet changed the session: %+v", st)
	}
	if _, n := ca.last(); n != changesBefore {
		t.Fatal("a dropped packet made a change")
	}
}

func setsockoptTTL(c *net.UDPConn, ttl int) error {
	raw, err := c.SyscallConn()
	if err != nil {
		return err
	}
	var serr error
	err = raw.Control(func(fd uintptr) { serr = setTTL(int(fd), ttl) })
	if err != nil {
		return err
	}
	return serr
}

func TestStartRejects(t *testing.T) {
	p := Peer{Addr: netip.MustParseAddr("127.0.0.9")}
	if _, err := Start(Config{ListenPort: freePort(t, "127.0.0.1")}, []Peer{p, p}); err == nil {
		t.Error("a peer listed twice accepted")
	}
	if _, err := Start(Config{Timers: Timers{DesiredMinTx: time.Microsecond}}, []Peer{p}); err == nil {
		t.Error("a 1us interval accepted")
	}
}

func setTTL(fd, ttl int) error { return unix.SetsockoptInt(fd, unix.IPPROTO_IP, unix.IP_TTL, ttl) }

// A held session sends nothing and drops its peer's packets (counted "held"). Started, it
// ignores for StaleFor the peer's session it heard while held (one the router may be about
// to replace), then comes up with it; held and started again, it answers at once a session
// it has been up with.
func TestServerHeldAndStaleSessions(t *testing.T) {
	addrA, addrB := netip.MustParseAddr("127.0.0.1"), netip.MustParseAddr("127.0.0.2")
	pa, pb := freePort(t, "127.0.0.1"), freePort(t, "127.0.0.2")
	const staleFor = 4 * time.Second
	a, err := Start(Config{Timers: fast, ListenAddr: addrA, ListenPort: pa, Held: true, StaleFor: staleFor},
		[]Peer{{Addr: addrB, Local: addrA, Port: pb}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(a.Close)
	b, err := Start(Config{Timers: fast, ListenAddr: addrB, ListenPort: pb}, []Peer{{Addr: addrA, Local: addrB, Port: pa}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(b.Close)
	deadline := time.Now().Add(5 * time.Second)
	for a.Drops()["held"] == 0 {
		if time.Now().After(deadline) {
			t.Fatal("no packet of the peer dropped as held")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if st, _ := b.Session(addrA); st.RemoteDisc != 0 || st.State != Down {
		t.Fatalf("the peer heard a held session: %+v", st)
	}
	t0 := time.Now()
	a.Hold(addrB, false)
	waitState(t, a, "127.0.0.2", Up, staleFor+5*time.Second)
	if took := time.Since(t0); took < staleFor {
		t.Fatalf("up %s after the start, with a session heard while held (stale for %s)", took, staleFor)
	}
	a.Hold(addrB, true)
	waitState(t, b, "127.0.0.1", Down, 3*time.Second)
	t0 = time.Now()
	a.Hold(addrB, false)
	waitState(t, a, "127.0.0.2", Up, staleFor)
	t.Logf("a known session: up %s after the start", time.Since(t0))
}
