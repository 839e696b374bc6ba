package bgp_test

import (
	"context"
	"errors"
	"net/netip"
	"slices"
	"strings"
	"testing"
	"time"

	"hvlb/internal/bgp"
	"hvlb/internal/bgp/bgptest"
)

// These tests run two real speakers on loopback: the one under test, and a second GoBGP
// speaker standing in for the upstream router (bgptest), which listens on 127.0.0.1 and
// takes the session from 127.0.0.2. No root is needed.

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

func routesAre(t *testing.T, r *bgptest.Router, want ...string) func() (bool, string) {
	return func() (bool, string) {
		got := r.Routes(t)
		return slices.Equal(got, want), strings.Join(got, ", ")
	}
}

func startSpeaker(t *testing.T, r *bgptest.Router, mod func(*bgp.Config)) *bgp.Speaker {
	t.Helper()
	cfg := bgp.Config{
		LocalAS: 65001, RouterID: netip.MustParseAddr("10.255.0.2"), Peers: []bgp.Peer{r.Peer()},
		NextHop4: netip.MustParseAddr("192.0.2.10"), NextHop6: netip.MustParseAddr("2001:db8::10"),
		HoldTime: 3 * time.Second, ConnectRetry: time.Second,
	}
	if mod != nil {
		mod(&cfg)
	}
	sp, err := bgp.Start(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sp.Stop(context.Background()) })
	return sp
}

func established(sp *bgp.Speaker, n int) func() (bool, string) {
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
	r := bgptest.StartRouter(t, 65001)
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
	r := bgptest.StartRouter(t, 65001)
	sp := startSpeaker(t, r, func(c *bgp.Config) { c.NextHop6 = netip.Addr{} })
	eventually(t, 10*time.Second, "session established", established(sp, 1))
	err := sp.SetPrefixes(context.Background(), prefixes("fd00:100::1/128", "10.100.0.1/32"))
	if !errors.Is(err, bgp.ErrNoNextHop) || !strings.Contains(err.Error(), "fd00:100::1/128") {
		t.Fatalf("SetPrefixes with an IPv6 prefix and no IPv6 next hop: %v", err)
	}
	eventually(t, 5*time.Second, "the IPv4 route is announced anyway", routesAre(t, r, "10.100.0.1/32 via 192.0.2.10"))
}

// A speaker announces what it was told before the session came up, once it does, and a
// stopped speaker's routes leave the router at once (its Cease), not after the hold time.
func TestSpeakerSessionLifecycle(t *testing.T) {
	r := bgptest.StartRouter(t, 65001)
	sp := startSpeaker(t, r, func(c *bgp.Config) { c.HoldTime = 30 * time.Second })
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
		return !r.Established(t), "established"
	})
	if err := sp.SetPrefixes(context.Background(), prefixes("10.100.0.8/32")); err == nil {
		t.Error("SetPrefixes on a stopped speaker: no error")
	}
}
