package agent

import (
	"context"
	"fmt"
	"net/netip"
	"slices"
	"strings"
	"testing"
	"time"

	"hvlb/internal/bgp"
	"hvlb/internal/bgp/bgptest"
	"hvlb/internal/fwdclient/fwdtest"
	"hvlb/internal/pb/ctlpb"
	"hvlb/internal/pb/fwdpb"
)

func TestDecide(t *testing.T) {
	vips := []netip.Prefix{netip.MustParsePrefix("10.100.0.1/32")}
	for _, tc := range []struct {
		name    string
		intent  intent
		live    live
		sync    string
		want    []netip.Prefix
		wantWhy string
	}{
		{"nothing known yet", intent{}, live{}, "", nil, withdrawFwdDown},
		{"up, applied in this epoch", intent{prefixes: vips, epoch: 1}, live{up: true, epoch: 1}, "", vips, ""},
		{"forwarder gone", intent{prefixes: vips, epoch: 1}, live{up: false, epoch: 2}, "", nil, withdrawFwdDown},
		{"back, not applied since", intent{prefixes: vips, epoch: 1}, live{up: true, epoch: 3}, "", nil, withdrawNotApplied},
		{"back and applied", intent{prefixes: vips, epoch: 3}, live{up: true, epoch: 3}, "", vips, ""},
		{"draining", intent{why: withdrawDraining, epoch: 1}, live{up: true, epoch: 1}, "", nil, withdrawDraining},
		{"draining and gone", intent{why: withdrawDraining, epoch: 1}, live{up: false, epoch: 2}, "", nil, withdrawFwdDown},
		{"no desired state", intent{why: withdrawNoDesired, epoch: 1}, live{up: true, epoch: 1}, "", nil, withdrawNoDesired},
		{"peers, still syncing", intent{prefixes: vips, epoch: 1, syncWanted: true}, live{up: true, epoch: 1}, "syncing", nil, withdrawSyncing},
		{"peers, sync off (not set yet)", intent{prefixes: vips, epoch: 1, syncWanted: true}, live{up: true, epoch: 1}, "off", nil, withdrawSyncing},
		{"peers, ready", intent{prefixes: vips, epoch: 1, syncWanted: true}, live{up: true, epoch: 1}, "ready", vips, ""},
		{"no peers, sync off", intent{prefixes: vips, epoch: 1}, live{up: true, epoch: 1}, "off", vips, ""},
		{"ready but gone", intent{prefixes: vips, epoch: 1, syncWanted: true}, live{up: false, epoch: 2}, "ready", nil, withdrawFwdDown},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, why := decide(tc.intent, tc.live, tc.sync)
			if !slices.Equal(got, tc.want) || why != tc.wantWhy {
				t.Errorf("decide = %v, %q; want %v, %q", got, why, tc.want, tc.wantWhy)
			}
		})
	}
}

func TestIntent(t *testing.T) {
	ds := &ctlpb.DesiredState{Version: 3, Services: []*fwdpb.VirtualService{
		svc("tcp", "10.100.0.1", 80, "nat", "maglev"),
		svc("udp", "10.100.0.1", 53, "nat", "maglev"),
		svc("tcp", "fd00:100::1", 443, "nat", "maglev"),
		svc("tcp", "::ffff:10.100.0.9", 80, "nat", "maglev"),
		svc("tcp", "not-an-address", 80, "nat", "maglev"),
	}}
	all := []netip.Prefix{netip.MustParsePrefix("10.100.0.1/32"), netip.MustParsePrefix("10.100.0.9/32"),
		netip.MustParsePrefix("fd00:100::1/128")}
	drained := &ctlpb.DesiredState{Version: 4, Services: ds.Services, Draining: true}
	for _, tc := range []struct {
		name    string
		desired *ctlpb.DesiredState
		applied uint64
		want    intent
	}{
		{"no desired state", nil, 0, intent{why: withdrawNoDesired, epoch: 2}},
		{"not applied", ds, 0, intent{why: withdrawNotApplied, epoch: 2}},
		{"applied: every distinct VIP", ds, 3, intent{prefixes: all, epoch: 2}},
		{"draining", drained, 4, intent{why: withdrawDraining, epoch: 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := &Agent{desired: tc.desired, applied: tc.applied, fwdEpoch: 2}
			got := a.intent()
			if !slices.Equal(got.prefixes, tc.want.prefixes) || got.why != tc.want.why || got.epoch != tc.want.epoch {
				t.Errorf("intent = %+v, want %+v", got, tc.want)
			}
		})
	}
}

// bgpAgent runs an agent with a BGP speaker peering with router, for the forwarder f and
// the controller ctl, with a graceful wait of wait (negative: none). stop stops it as
// SIGTERM would and returns when Run has.
func bgpAgent(t *testing.T, f *fwdtest.Forwarder, ctl *fakeCtl, router *bgptest.Router, wait time.Duration) (stop func()) {
	t.Helper()
	dir := pki(t)
	addr := freeAddr(t)
	serveCtl(t, dir, addr, ctl)
	sp, err := bgp.Start(context.Background(), bgp.Config{
		LocalAS: 65001, RouterID: netip.MustParseAddr("10.9.0.2"), Peers: []bgp.Peer{router.Peer()},
		NextHop4: netip.MustParseAddr("10.9.0.2"), NextHop6: netip.MustParseAddr("fd00:9::2"),
		HoldTime: 3 * time.Second, ConnectRetry: time.Second,
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sp.Stop(context.Background()) })
	a := newAgentWith(t, dir, addr, f.Path, func(c *Config) {
		c.Speaker, c.GracefulWait = sp, wait
		c.FwdProbeInterval, c.FwdDeadAfter = 50*time.Millisecond, 500*time.Millisecond
	})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- a.Run(ctx) }()
	var stopped bool
	stop = func() {
		if stopped {
			return
		}
		stopped = true
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Run: %v", err)
		}
	}
	t.Cleanup(stop)
	return stop
}

func routesAre(t *testing.T, r *bgptest.Router, want ...string) func() (bool, string) {
	return func() (bool, string) {
		got := r.Routes(t)
		return slices.Equal(got, want), fmt.Sprintf("%q", got)
	}
}

// The agent's announcements through its life, against a second GoBGP speaker standing in
// for the router: nothing before the desired state is applied, every distinct VIP once it
// is, nothing while draining, nothing while the forwarder is gone and until it has its
// configuration back, and a withdrawal before the sessions close when the agent stops.
func TestAgentAnnouncesVIPs(t *testing.T) {
	f := fwdtest.New(t)
	ctl := newFakeCtl()
	router := bgptest.StartRouter(t, 65001)
	stop := bgpAgent(t, f, ctl, router, 300*time.Millisecond)
	const v4, v6 = "10.100.0.1/32 via 10.9.0.2", "fd00:100::1/128 via fd00:9::2"

	eventually(t, 10*time.Second, "session established", func() (bool, string) {
		return router.Established(t), "not established"
	})
	if got := router.Routes(t); len(got) != 0 {
		t.Fatalf("announced %q before any desired state", got)
	}

	services := []*fwdpb.VirtualService{
		svc("tcp", "10.100.0.1", 80, "nat", "maglev", "10.1.0.11:80/100/1"),
		svc("udp", "10.100.0.1", 53, "nat", "maglev", "10.1.0.11:53/100/1"),
		svc("tcp", "fd00:100::1", 443, "nat", "maglev", "fd00:1::11:443/100/1"),
	}
	ctl.publish(&ctlpb.DesiredState{Version: 1, Services: services})
	eventually(t, 5*time.Second, "both VIPs announced", routesAre(t, router, v4, v6))
	if !slices.Equal(summary(f.Services()), summary(services)) {
		t.Errorf("announced before the forwarder ran the services: %q", summary(f.Services()))
	}
	eventually(t, 5*time.Second, "the report shows the session and the VIPs", func() (bool, string) {
		r := ctl.lastReport()
		ok := len(r.GetBgp()) == 1 && r.GetBgp()[0].GetState() == "established" &&
			r.GetBgp()[0].GetPrefixesAnnounced() == 2 && r.GetBgp()[0].GetRemoteAs() == 65000 &&
			r.GetBgp()[0].GetAddress() == "127.0.0.1" && r.GetBgp()[0].GetPort() == uint32(router.Port) &&
			slices.Equal(r.GetAnnounced(), []string{"10.100.0.1/32", "fd00:100::1/128"}) && r.GetState() == "ready"
		return ok, fmt.Sprintf("%v", r.GetBgp())
	})

	ctl.publish(&ctlpb.DesiredState{Version: 2, Services: services, Draining: true})
	eventually(t, 5*time.Second, "draining: withdrawn", routesAre(t, router))
	eventually(t, 5*time.Second, "the report says draining", func() (bool, string) {
		r := ctl.lastReport()
		return r.GetState() == "draining" && len(r.GetAnnounced()) == 0, r.GetState()
	})
	if len(f.Services()) != 3 {
		t.Errorf("draining changed the forwarder: %q", summary(f.Services()))
	}
	ctl.publish(&ctlpb.DesiredState{Version: 3, Services: services})
	eventually(t, 5*time.Second, "undrained: announced again", routesAre(t, router, v4, v6))

	// The forwarder's process is gone: its socket refuses connections at once.
	f.Stop()
	start := time.Now()
	eventually(t, 2*time.Second, "forwarder gone: withdrawn", routesAre(t, router))
	t.Logf("withdrawn %s after the forwarder went away", time.Since(start).Round(time.Millisecond))

	// It comes back empty: the VIPs return once it has its services again.
	if err := f.Restart(); err != nil {
		t.Fatal(err)
	}
	eventually(t, 5*time.Second, "back: announced again", routesAre(t, router, v4, v6))
	if !slices.Equal(summary(f.Services()), summary(services)) {
		t.Errorf("announced before the restarted forwarder had its services: %q", summary(f.Services()))
	}

	// A service removed takes its VIP with it; one VIP shared by two services stays until
	// both are gone.
	ctl.publish(&ctlpb.DesiredState{Version: 4, Services: services[1:]})
	eventually(t, 5*time.Second, "the web service removed", routesAre(t, router, v4, v6))
	ctl.publish(&ctlpb.DesiredState{Version: 5, Services: services[2:]})
	eventually(t, 5*time.Second, "10.100.0.1 no longer served", routesAre(t, router, v6))

	// Stopping: withdrawn while the session is still up (the router moves the traffic
	// before anything breaks), then the session closes.
	stopped := make(chan struct{})
	start = time.Now()
	go func() { stop(); close(stopped) }()
	eventually(t, 2*time.Second, "stopping: withdrawn with the session up", func() (bool, string) {
		routes := router.Routes(t)
		return len(routes) == 0 && router.Established(t), strings.Join(routes, ", ")
	})
	<-stopped
	if took := time.Since(start); took < 300*time.Millisecond {
		t.Errorf("stopped after %s, before the graceful wait of 300ms", took)
	}
	eventually(t, 5*time.Second, "session closed", func() (bool, string) {
		return !router.Established(t), "established"
	})
}

// A forwarder whose socket is there at start but never answers never gets its VIPs announced.
func TestAgentWithdrawsWithoutForwarder(t *testing.T) {
	f := fwdtest.New(t)
	f.Stop()
	ctl := newFakeCtl()
	router := bgptest.StartRouter(t, 65001)
	bgpAgent(t, f, ctl, router, -1)
	ctl.publish(&ctlpb.DesiredState{Version: 1, Services: []*fwdpb.VirtualService{
		svc("tcp", "10.100.0.1", 80, "nat", "maglev", "10.1.0.11:80/100/1")}})
	eventually(t, 10*time.Second, "session established", func() (bool, string) {
		return router.Established(t), "not established"
	})
	eventually(t, 5*time.Second, "the report says failed", func() (bool, string) {
		r := ctl.lastReport()
		return r.GetState() == "failed" && len(r.GetBgp()) == 1, r.GetState()
	})
	if got := router.Routes(t); len(got) != 0 {
		t.Fatalf("announced %q without a forwarder", got)
	}
	if err := f.Start(); err != nil {
		t.Fatal(err)
	}
	eventually(t, 5*time.Second, "announced once the forwarder is there", routesAre(t, router, "10.100.0.1/32 via 10.9.0.2"))
}
