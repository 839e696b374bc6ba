package agentmetrics

import (
	"context"
	"net/http/httptest"
	"net/netip"
	"testing"
	"time"

	"hvlb/internal/bgp"
	"hvlb/internal/bgp/bgptest"
	"hvlb/internal/fwdclient"
	"hvlb/internal/fwdclient/fwdtest"
)

// The speaker's sessions and announcements, against a second GoBGP speaker as the router.
func TestBGPMetrics(t *testing.T) {
	router := bgptest.StartRouter(t, 65001)
	sp, err := bgp.Start(context.Background(), bgp.Config{
		LocalAS: 65001, RouterID: netip.MustParseAddr("10.9.0.2"), Peers: []bgp.Peer{router.Peer()},
		NextHop4: netip.MustParseAddr("10.9.0.2"), HoldTime: 3 * time.Second, ConnectRetry: time.Second,
	})
	if err != nil {
		t.Fatal(err)
	}
	defer sp.Stop(context.Background())
	fwd := fwdtest.New(t)
	fc := fwdclient.New(fwd.Path)
	defer fc.Close()
	srv := httptest.NewServer(Handler("fwd-a", fc, sp, nil))
	defer srv.Close()

	const peer = `{forwarder="fwd-a",peer="127.0.0.1"}`
	before := scrape(t, srv.URL)
	if v, ok := before[`hvlb_agent_bgp_vips_announced{forwarder="fwd-a"}`]; !ok || v != 0 {
		t.Errorf("hvlb_agent_bgp_vips_announced = %v (present %v) before announcing", v, ok)
	}
	if err := sp.SetPrefixes(context.Background(), []netip.Prefix{netip.MustParsePrefix("10.100.0.1/32")}); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	var got map[string]float64
	for {
		got = scrape(t, srv.URL)
		if got["hvlb_agent_bgp_session_up"+peer] == 1 && got["hvlb_agent_bgp_prefixes_announced"+peer] == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("session not up with 1 prefix announced within 10s: %v", got)
		}
		time.Sleep(50 * time.Millisecond)
	}
	for series, want := range map[string]float64{
		"hvlb_agent_bgp_session_state" + peer:              6,
		"hvlb_agent_bgp_prefixes_accepted" + peer:          0,
		`hvlb_agent_bgp_vips_announced{forwarder="fwd-a"}`: 1,
	} {
		if v, ok := got[series]; !ok || v != want {
			t.Errorf("%s = %v (present %v), want %v", series, v, ok, want)
		}
	}
	if v := got["hvlb_agent_bgp_session_uptime_seconds"+peer]; v <= 0 {
		t.Errorf("uptime %v, want > 0", v)
	}

	router.Stop(context.Background())
	deadline = time.Now().Add(10 * time.Second)
	for got["hvlb_agent_bgp_session_up"+peer] != 0 {
		if time.Now().After(deadline) {
			t.Fatal("session still up 10s after the router stopped")
		}
		time.Sleep(50 * time.Millisecond)
		got = scrape(t, srv.URL)
	}
	if v := got["hvlb_agent_bgp_session_state"+peer]; v == 6 || v < 1 {
		t.Errorf("router gone: state %v", v)
	}
}
