package bgp_test

import (
	"context"
	"fmt"
	"net"
	"net/netip"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"hvlb/internal/bfd"
	"hvlb/internal/bgp"
	"hvlb/internal/bgp/bgptest"
	"hvlb/internal/testport"
)

// bfdPeer is the router's side of BFD, scripted: it answers the speaker's session on
// 127.0.0.1 (TTL 255, as a router on the link would) until told to go silent.
type bfdPeer struct {
	conn  *net.UDPConn
	to    *net.UDPAddr
	heard atomic.Int64 // packets received from the speaker
}

func startBFDPeer(t *testing.T, port uint16) *bfdPeer {
	t.Helper()
	c, err := net.ListenUDP("udp4", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1), Port: int(port)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	raw, _ := c.SyscallConn()
	raw.Control(func(fd uintptr) { unix.SetsockoptInt(int(fd), unix.IPPROTO_IP, unix.IP_TTL, 255) })
	return &bfdPeer{conn: c, to: &net.UDPAddr{IP: net.IPv4(127, 0, 0, 2), Port: int(port)}}
}

// bringUp answers the speaker's session until stop is closed: Init to its Down, Up to its
// Init or Up (as a router would: a session that went down on a busy machine comes back),
// every 20 ms or so.
func (p *bfdPeer) bringUp(t *testing.T, stop <-chan struct{}) {
	go func() {
		buf := make([]byte, 64)
		var last bfd.Control
		for {
			select {
			case <-stop:
				return
			default:
			}
			p.conn.SetReadDeadline(time.Now().Add(20 * time.Millisecond))
			if n, _, err := p.conn.ReadFromUDP(buf); err == nil {
				if c, err := bfd.Parse(buf[:n]); err == nil {
					last = c
					p.heard.Add(1)
				}
			}
			if last.MyDisc == 0 {
				continue // not heard yet
			}
			st := bfd.Up
			if last.State == bfd.Down {
				st = bfd.Init
			}
			p.conn.WriteToUDP(bfd.Control{State: st, DetectMult: 5, MyDisc: 42, YourDisc: last.MyDisc,
				DesiredMinTx: 50 * time.Millisecond, RequiredMinRx: 50 * time.Millisecond}.Marshal(), p.to)
		}
	}()
}

func peerState(sp *bgp.Speaker) bgp.PeerState {
	ps, _ := sp.Peers(context.Background())
	if len(ps) != 1 {
		return bgp.PeerState{}
	}
	return ps[0]
}

// A peer whose BFD goes silent loses its BGP session at once: the speaker resets it, long
// before the hold time (30 s here), and connects again.
func TestBFDDownResetsTheSession(t *testing.T) {
	r := bgptest.StartRouter(t, 65001)
	port := uint16(0)
	{
		var err error
		if port, err = testport.UDP("127.0.0.1"); err != nil {
			t.Fatal(err)
		}
	}
	peer := startBFDPeer(t, port)
	sp := startSpeaker(t, r, func(c *bgp.Config) {
		c.HoldTime = 30 * time.Second
		c.Peers[0].BFD = true
		c.BFD = bfd.Timers{DesiredMinTx: 50 * time.Millisecond, RequiredMinRx: 50 * time.Millisecond, DetectMult: 5}
		c.BFDPort = port
	})
	stop := make(chan struct{})
	peer.bringUp(t, stop)
	// On a busy machine a stall of the detection time may take BFD down (and the session
	// with it) before the silence: count from the moment both are up.
	var before bgp.PeerState
	eventually(t, 10*time.Second, "BGP established and BFD up", func() (bool, string) {
		before = peerState(sp)
		return before.Established() && before.BFD == "up", before.State + " bfd " + before.BFD
	})
	close(stop)
	t0 := time.Now()
	eventually(t, 3*time.Second, "BFD down and the BGP session reset", func() (bool, string) {
		p := peerState(sp)
		// Down, then held (admindown) once the BGP session has left established.
		return p.BFD != "up" && p.BFDDowns > before.BFDDowns && p.Flaps > before.Flaps &&
			p.NotificationsSent > before.NotificationsSent, fmt.Sprintf("%+v", p)
	})
	t.Logf("BGP session reset %s after the peer's BFD went silent", time.Since(t0))
	// It comes back (BGP does not wait for BFD: a router without BFD still gets a session).
	eventually(t, 10*time.Second, "BGP established again", func() (bool, string) {
		p := peerState(sp)
		return p.Established(), p.State
	})
}

// The BFD session stays silent until the BGP session is established (FRR replaces its BFD
// session when the BGP session comes up; one we had brought up before went down with it, and
// the BGP session with it): a peer whose BGP session does not come up hears nothing.
func TestBFDWaitsForTheBGPSession(t *testing.T) {
	r := bgptest.StartRouter(t, 65001)
	port, err := testport.UDP("127.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	hp, err := testport.TCP("127.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	closed, err := netip.ParseAddrPort(hp)
	if err != nil {
		t.Fatal(err)
	}
	peer := startBFDPeer(t, port)
	sp := startSpeaker(t, r, func(c *bgp.Config) {
		c.Peers[0].Port = closed.Port() // nothing listens: the BGP session never comes up
		c.Peers[0].BFD = true
		c.BFD = bfd.Timers{DesiredMinTx: 50 * time.Millisecond, RequiredMinRx: 50 * time.Millisecond, DetectMult: 5}
		c.BFDPort = port
	})
	stop := make(chan struct{})
	defer close(stop)
	peer.bringUp(t, stop)
	time.Sleep(2 * bfd.SlowTx)
	if p := peerState(sp); p.Established() || p.BFD != "down" || peer.heard.Load() != 0 {
		t.Fatalf("%+v; the BFD peer heard %d packets", p, peer.heard.Load())
	}
}

// Without BFD, no session, no report of one.
func TestNoBFDWithoutPeersAskingForIt(t *testing.T) {
	r := bgptest.StartRouter(t, 65001)
	sp := startSpeaker(t, r, nil)
	eventually(t, 10*time.Second, "session established", established(sp, 1))
	if p := peerState(sp); p.BFD != "" || sp.BFDDrops() != nil {
		t.Fatalf("BFD %q drops %v", p.BFD, sp.BFDDrops())
	}
}
