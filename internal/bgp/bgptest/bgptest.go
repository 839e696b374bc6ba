// Package bgptest runs an upstream router for tests: a second, real GoBGP speaker
// (internal/bgp) listening on 127.0.0.1 that takes the session of a speaker at 127.0.0.2
// and shows the routes it received. No root is needed.
package bgptest

import (
	"context"
	"net"
	"net/netip"
	"strconv"
	"testing"
	"time"

	"hvlb/internal/bgp"
	"hvlb/internal/testport"
)

// Router is a listening speaker standing in for an upstream router.
type Router struct {
	*bgp.Speaker
	Port uint16
	AS   uint32
}

// SpeakerAddr is where the speaker under test connects from.
var SpeakerAddr = netip.MustParseAddr("127.0.0.2")

// StartRouter starts a router of AS 65000 on a free port of 127.0.0.1 that accepts a
// session from SpeakerAddr with AS peerAS; it announces nothing and stops with the test.
func StartRouter(t testing.TB, peerAS uint32) *Router {
	t.Helper()
	addr, err := testport.TCP("127.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	_, p, _ := net.SplitHostPort(addr)
	port64, _ := strconv.ParseUint(p, 10, 16)
	port := uint16(port64)
	sp, err := bgp.Start(context.Background(), bgp.Config{
		LocalAS: 65000, RouterID: netip.MustParseAddr("10.255.0.1"),
		Peers: []bgp.Peer{{Address: SpeakerAddr, RemoteAS: peerAS, Passive: true}},
		// Its next hops only enable both families on the session.
		NextHop4: netip.MustParseAddr("127.0.0.1"), NextHop6: netip.MustParseAddr("::1"),
		ListenPort: int32(port), ListenAddresses: []string{"127.0.0.1"},
		HoldTime: 3 * time.Second, ConnectRetry: time.Second,
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sp.Stop(context.Background()) })
	return &Router{Speaker: sp, Port: port, AS: 65000}
}

// Peer is the router as the speaker under test configures it: connecting from SpeakerAddr.
func (r *Router) Peer() bgp.Peer {
	return bgp.Peer{Address: netip.MustParseAddr("127.0.0.1"), RemoteAS: r.AS, Port: r.Port,
		LocalAddress: SpeakerAddr}
}

// Routes returns the routes the router received, as "prefix via nexthop", sorted.
func (r *Router) Routes(t testing.TB) []string {
	t.Helper()
	routes, err := r.Received(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	out := make([]string, len(routes))
	for i, rt := range routes {
		out[i] = rt.String()
	}
	return out
}

// Established says whether the router's session with the speaker is up.
func (r *Router) Established(t testing.TB) bool {
	t.Helper()
	ps, err := r.Peers(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return len(ps) == 1 && ps[0].Established()
}
