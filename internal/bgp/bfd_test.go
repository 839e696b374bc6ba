package bgp_test

import (
	"context"
	"fmt"
	"net"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"hvlb/internal/bfd"
	"hvlb/internal/bgp"
	"hvlb/internal/bgp/bgptest"
)

// bfdPeer is the router's side of BFD, scripted: it answers the speaker's session on
// 127.0.0.1 (TTL 255, as a router on the link would) until told to go silent.
type bfdPeer struct {
	conn *net.UDPConn
	to   *net.UDPAddr
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

// bringUp runs the three-way handshake with the speaker's session and keeps it up, sending
// every 20 ms, until stop is closed.
func (p *bfdPeer) bringUp(t *testing.T, stop <-chan struct{}) error {
	buf := make([]byte, 64)
	p.conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	n, _, err := p.conn.ReadFromUDP(buf)
	if err != nil {
		return fmt.Errorf("the speaker's first BFD packet: %w", err)
	}
	first, err := bfd.Parse(buf[:n])
	if err != nil {
		return err
	}
	say := func(st bfd.State) {
		p.conn.WriteToUDP(bfd.Control{State: st, DetectMult: 3, MyDisc: 42, YourDisc: first.MyDisc,
			DesiredMinTx: 20 * time.Millisecond, RequiredMinRx: 20 * time.Millisecond}.Marshal(), p.to)
	}
	say(bfd.Down)
	say(bfd.Init)
	go func() {
		tk := time.NewTicker(20 * time.Millisecond)
		defer tk.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tk.C:
				say(bfd.Up)
			}
		}
	}()
	return nil
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
		c, _ := net.ListenUDP("udp4", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
		port = uint16(c.LocalAddr().(*net.UDPAddr).Port)
		c.Close()
	}
	peer := startBFDPeer(t, port)
	sp := startSpeaker(t, r, func(c *bgp.Config) {
		c.HoldTime = 30 * time.Second
		c.Peers[0].BFD = true
		c.BFD = bfd.Timers{DesiredMinTx: 20 * time.Millisecond, RequiredMinRx: 20 * time.Millisecond, DetectMult: 3}
		c.BFDPort = port
	})
	stop := make(chan struct{})
	if err := peer.bringUp(t, stop); err != nil {
		t.Fatal(err)
	}
	eventually(t, 10*time.Second, "BGP established and BFD up", func() (bool, string) {
		p := peerState(sp)
		return p.Established() && p.BFD == "up", p.State + " bfd " + p.BFD
	})
	if p := peerState(sp); p.Flaps != 0 || p.BFDDowns != 0 {
		t.Fatalf("before: %+v", p)
	}
	close(stop)
	t0 := time.Now()
	eventually(t, 3*time.Second, "BFD down and the BGP session reset", func() (bool, string) {
		p := peerState(sp)
		return p.BFD == "down" && p.BFDDowns == 1 && p.Flaps == 1 && p.NotificationsSent == 1,
			fmt.Sprintf("%+v", p)
	})
	t.Logf("BGP session reset %s after the peer's BFD went silent", time.Since(t0))
	// It comes back (BGP does not wait for BFD: a router without BFD still gets a session).
	eventually(t, 10*time.Second, "BGP established again", func() (bool, string) {
		p := peerState(sp)
		return p.Established(), p.State
	})
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
