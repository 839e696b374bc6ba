package bgp

import (
	"context"
	"errors"
	"net"
	"net/netip"
	"slices"
	"strings"
	"testing"
	"time"
)

// These tests run two real speakers on loopback: the one under test, and a second GoBGP
// speaker standing in for the upstream router, which listens on 127.0.0.1 and takes the
// session from 127.0.0.2. No root is needed.

func freePort(t *testing.T) uint16 {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return uint16(ln.Addr().(*net.TCPAddr).Port)
}

// Router is the test's upstream router: a listening GoBGP speaker that accepts the
// speaker's session and shows the routes it received.
type Router struct {
	*Speaker
	Port uint16
}

// StartRouter starts a router listening on 127.0.0.1 for a speaker of AS peerAS at
// 127.0.0.2. It announces nothing.
func StartRouter(t *testing.T, peerAS uint32) *Router {
	t.Helper()
	port := freePort(t)
	sp, err := Start(context.Background(), Config{
		LocalAS: 65000, RouterID: netip.MustParseAddr("10.255.0.1"),
		Peers: []Peer{{Address: netip.MustParseAddr("127.0.0.2"), RemoteAS: peerAS, Passive: true}},
		// Its next hops only enable both families on the session.
		NextHop4: netip.MustParseAddr("127.0.0.1"), NextHop6: netip.MustParseAddr("::1"),
		ListenPort: int32(port), ListenAddresses: []string{"127.0.0.1"},
		HoldTime: 3 * time.Second, ConnectRetry: time.Second,
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sp.Stop(context.Background()) })
	return &Router{Speaker: sp, Port: port}
}

// PeerOf returns a Peer that connects to the router from 127.0.0.2.
func (r *Router) PeerOf() Peer {
	return Peer{Address: netip.MustParseAddr("127.0.0.1"), RemoteAS: 65000, Port: r.Port,
		LocalAddress: netip.MustParseAddr("127.0.0.2")}
}

// Routes returns the routes the router received, "prefix via nexthop", sorted.
func (r *Router) Routes(t *testing.T) []string {
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

func eventually(t *testing.T, within time.Duration, what string, cond func() (bool, string)) {
	t.Helper()
	deadline := time.Now().Add(within)
	for {
		ok, got := cond()
		if ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within %s; last: %s", what, within, got)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func routesAre(t *testing.T, r *Router, want ...string) func() (bool, string) {
	return func() (bool, string) {
		got := r.Routes(t)
		return slices.Equal(got, want), strings.Join(got, ", ")
	}
}

func startSpeaker(t *testing.T, r *Router, mod func(*Config)) *Speaker {
	t.Helper()
	cfg := Config{
		LocalAS: 65001, RouterID: netip.MustParseAddr("10.255.0.2"), Peers: []Peer{r.PeerOf()},
		NextHop4: netip.MustParseAddr("192.0.2.10"), NextHop6: netip.MustParseAddr("2001:db8::10"),
		HoldTime: 3 * time.Second, ConnectRetry: time.Second,
	}
	if mod != nil {
		mod(&cfg)
	}
	sp, err := Start(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sp.Stop(context.Background()) })
	return sp
}

func established(sp *Speaker, n int) func() (bool, string) {
	return func() (bool, string) {
		ps, err := sp.Peers(context.Background())
		if err != nil {
			return false, err.Error()
		}
		up := 0
		var states []string
		for _, p := range ps {
			states = append(states, p.Address.String()+" "+p.State)
			if p.Established() {
				up++
			}
		}
		return up == n, strings.Join(states, ", ")
	}
}

func prefixes(s ...string) []netip.Prefix {
	out := make([]netip.Prefix, len(s))
	for i, p := range s {
		out[i] = netip.MustParsePrefix(p)
	}
	return out
}

func TestSpeakerAnnouncesAndWithdraws(t *testing.T) {
	r := StartRouter(t, 65001)
	sp := startSpeaker(t, r, nil)
	ctx := context.Background()
	eventually(t, 10*time.Second, "session established", established(sp, 1))

	if err := sp.SetPrefixes(ctx, prefixes("10.100.0.1/32", "fd00:100::1/128", "10.100.0.2/32")); err != nil {
		t.Fatal(err)
	}
	eventually(t, 5*time.Second, "the router has the three routes", routesAre(t, r,
		"10.100.0.1/32 via 192.0.2.10", "10.100.0.2/32 via 192.0.2.10", "fd00:100::1/128 via 2001:db8::10"))
	eventually(t, 5*time.Second, "the session counts three prefixes announced", func() (bool, string) {
		ps, _ := sp.Peers(ctx)
		if len(ps) != 1 {
			return false, "no peer"
		}
		p := ps[0]
		return p.Announced == 3 && p.RemoteAS == 65000 && p.Port == r.Port && p.Uptime > 0,
			p.State + " " + p.Address.String()
	})
	if got := sp.Announced(); !slices.Equal(got, prefixes("10.100.0.1/32", "10.100.0.2/32", "fd00:100::1/128")) {
		t.Errorf("Announced() = %v", got)
	}

	// A new set withdraws what it lacks and keeps the rest.
	if err := sp.SetPrefixes(ctx, prefixes("10.100.0.2/32")); err != nil {
		t.Fatal(err)
	}
	eventually(t, 5*time.Second, "only 10.100.0.2 left", routesAre(t, r, "10.100.0.2/32 via 192.0.2.10"))

	if err := sp.SetPrefixes(ctx, nil); err != nil {
		t.Fatal(err)
	}
	eventually(t, 5*time.Second, "everything withdrawn", routesAre(t, r))
	if got := sp.Announced(); len(got) != 0 {
		t.Errorf("Announced() = %v after withdrawing all", got)
	}
}

func TestSpeakerFamilyWithoutNextHop(t *testing.T) {
	r := StartRouter(t, 65001)
	sp := startSpeaker(t, r, func(c *Config) { c.NextHop6 = netip.Addr{} })
	eventually(t, 10*time.Second, "session established", established(sp, 1))
	err := sp.SetPrefixes(context.Background(), prefixes("fd00:100::1/128", "10.100.0.1/32"))
	if !errors.Is(err, ErrNoNextHop) || !strings.Contains(err.Error(), "fd00:100::1/128") {
		t.Fatalf("SetPrefixes with an IPv6 prefix and no IPv6 next hop: %v", err)
	}
	eventually(t, 5*time.Second, "the IPv4 route is announced anyway", routesAre(t, r, "10.100.0.1/32 via 192.0.2.10"))
}

// A speaker announces what it was told before the session came up, once it does, and a
// stopped speaker's routes leave the router at once (its Cease), not after the hold time.
func TestSpeakerSessionLifecycle(t *testing.T) {
	r := StartRouter(t, 65001)
	sp := startSpeaker(t, r, func(c *Config) { c.HoldTime = 30 * time.Second })
	if err := sp.SetPrefixes(context.Background(), prefixes("10.100.0.7/32")); err != nil {
		t.Fatal(err)
	}
	eventually(t, 10*time.Second, "announced once established", routesAre(t, r, "10.100.0.7/32 via 192.0.2.10"))
	start := time.Now()
	if err := sp.Stop(context.Background()); err != nil {
		t.Fatal(err)
	}
	eventually(t, 5*time.Second, "the router dropped the route", routesAre(t, r))
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("the router took %s (the hold time is 30s)", took)
	}
	eventually(t, 5*time.Second, "the router's session is down", func() (bool, string) {
		ps, _ := r.Peers(context.Background())
		return len(ps) == 1 && !ps[0].Established(), ps[0].State
	})
	if err := sp.SetPrefixes(context.Background(), prefixes("10.100.0.8/32")); err == nil {
		t.Error("SetPrefixes on a stopped speaker: no error")
	}
}

func TestConfigValidate(t *testing.T) {
	ok := func() Config {
		return Config{LocalAS: 65001, RouterID: netip.MustParseAddr("10.0.0.1"),
			Peers:    []Peer{{Address: netip.MustParseAddr("10.0.0.254"), RemoteAS: 65000}},
			NextHop4: netip.MustParseAddr("10.9.0.2")}
	}
	for _, tc := range []struct {
		name    string
		mod     func(*Config)
		wantErr string
	}{
		{"valid", func(*Config) {}, ""},
		{"valid with IPv6 only", func(c *Config) { c.NextHop4 = netip.Addr{}; c.NextHop6 = netip.MustParseAddr("fd00:9::2") }, ""},
		{"no local AS", func(c *Config) { c.LocalAS = 0 }, "local AS"},
		{"IPv6 router id", func(c *Config) { c.RouterID = netip.MustParseAddr("fd00::1") }, "router id"},
		{"no peers", func(c *Config) { c.Peers = nil }, "peers"},
		{"peer twice", func(c *Config) { c.Peers = append(c.Peers, c.Peers[0]) }, "listed twice"},
		{"peer without AS", func(c *Config) { c.Peers[0].RemoteAS = 0 }, "remote AS"},
		{"no next hop", func(c *Config) { c.NextHop4 = netip.Addr{} }, "next hop"},
		{"IPv6 as IPv4 next hop", func(c *Config) { c.NextHop4 = netip.MustParseAddr("fd00::2") }, "IPv4 next hop"},
		{"IPv4 as IPv6 next hop", func(c *Config) { c.NextHop6 = netip.MustParseAddr("10.0.0.2") }, "IPv6 next hop"},
		{"hold time too short", func(c *Config) { c.HoldTime = 2 * time.Second }, "hold time"},
		{"fractional hold time", func(c *Config) { c.HoldTime = 4500 * time.Millisecond }, "whole seconds"},
		{"keepalive over a third", func(c *Config) { c.HoldTime = 9 * time.Second; c.Keepalive = 4 * time.Second }, "keepalive"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := ok()
			tc.mod(&c)
			err := c.Validate()
			if tc.wantErr == "" {
				if err != nil {
					t.Fatalf("Validate: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Fatalf("Validate: %v, want an error naming %q", err, tc.wantErr)
			}
		})
	}
}

func TestDefaultKeepaliveIsAThirdOfTheHoldTime(t *testing.T) {
	for hold, want := range map[time.Duration]time.Duration{
		0: 3 * time.Second, 9 * time.Second: 3 * time.Second, 30 * time.Second: 10 * time.Second,
		4 * time.Second: time.Second, 3 * time.Second: time.Second,
	} {
		c := Config{HoldTime: hold}
		c.setDefaults()
		if c.Keepalive != want {
			t.Errorf("hold %s: keepalive %s, want %s", hold, c.Keepalive, want)
		}
	}
}
