package main

import (
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net/netip"
	"time"

	"hvlb/internal/bfd"
	"hvlb/internal/bgp"
)

// bgpFlags are the --bgp-* flags: the speaker that announces the forwarder's VIPs.
type bgpFlags struct {
	localAS                         uint64
	routerID, nextHop4, nextHop6    string
	source                          string
	peers                           []bgp.Peer
	statics                         []bgp.Static
	holdTime, keepalive, connectRtr time.Duration
	listenPort                      uint
	bfd                             bool
	bfdMinTx, bfdMinRx              time.Duration
	bfdDetectMult                   uint
}

func (f *bgpFlags) register(fs *flag.FlagSet) {
	fs.Uint64Var(&f.localAS, "bgp-local-as", 0, "announce the VIPs by BGP from this AS (0: no BGP)")
	fs.StringVar(&f.routerID, "bgp-router-id", "", "BGP identifier, an IPv4 address (default: --bgp-next-hop-v4)")
	fs.Func("bgp-peer", "an upstream router, ADDRESS,AS[,PORT][,bfd] (repeat the flag for several; bfd: a BFD session with it)", func(s string) error {
		p, err := bgp.ParsePeer(s)
		if err == nil {
			f.peers = append(f.peers, p)
		}
		return err
	})
	fs.StringVar(&f.nextHop4, "bgp-next-hop-v4", "",
		"next hop announced with the IPv4 VIPs: the forwarder's data address the routers send VIP traffic to")
	fs.StringVar(&f.nextHop6, "bgp-next-hop-v6", "", "next hop announced with the IPv6 VIPs")
	fs.Func("bgp-announce", "also announce PREFIX=NEXTHOP while the VIPs are (repeat for several), e.g. the clients' "+
		"prefix with the forwarder's NF-side address towards the NF-side router (docs/scale-out.md)", func(s string) error {
		st, err := bgp.ParseStatic(s)
		if err == nil {
			f.statics = append(f.statics, st)
		}
		return err
	})
	fs.StringVar(&f.source, "bgp-source", "", "source address of the BGP sessions (default: the kernel's choice)")
	fs.DurationVar(&f.holdTime, "bgp-hold-time", bgp.DefaultHoldTime,
		"BGP hold time: how long a router keeps the routes of a speaker it no longer hears (a vanished host)")
	fs.DurationVar(&f.keepalive, "bgp-keepalive", 0, "BGP keepalive interval (0: a third of the hold time)")
	fs.DurationVar(&f.connectRtr, "bgp-connect-retry", bgp.DefaultConnectRetry, "wait between attempts to connect to a router")
	fs.BoolVar(&f.bfd, "bfd", false,
		"a single-hop BFD session with every --bgp-peer (else only with those that say ,bfd): a router that stops answering "+
			"takes its BGP session down within the BFD detection time rather than the hold time, and the router drops this forwarder's routes as fast")
	fs.DurationVar(&f.bfdMinTx, "bfd-min-tx", bfd.DefaultMinTx, "BFD: the interval this end would like to send at (desired min TX)")
	fs.DurationVar(&f.bfdMinRx, "bfd-min-rx", bfd.DefaultMinRx, "BFD: the shortest interval between packets this end accepts (required min RX)")
	fs.UintVar(&f.bfdDetectMult, "bfd-detect-mult", bfd.DefaultDetectMult, "BFD: packets missed before a session is declared down (1-255)")
	fs.UintVar(&f.listenPort, "bgp-listen-port", 0,
		"also accept sessions on this TCP port (0: listen on none, so that several agents can share a host; the agent connects out)")
}

// config is the speaker's configuration, nil without --bgp-local-as.
func (f *bgpFlags) config(log *slog.Logger) (*bgp.Config, error) {
	if f.localAS == 0 {
		if len(f.peers) > 0 || f.nextHop4 != "" || f.nextHop6 != "" || len(f.statics) > 0 {
			return nil, errors.New("--bgp-peer, --bgp-next-hop-* and --bgp-announce: need --bgp-local-as")
		}
		return nil, nil
	}
	if f.localAS > 1<<32-1 {
		return nil, fmt.Errorf("--bgp-local-as %d: at most 4294967295", f.localAS)
	}
	if f.bfdDetectMult < 1 || f.bfdDetectMult > 255 {
		return nil, fmt.Errorf("--bfd-detect-mult %d: want 1 to 255", f.bfdDetectMult)
	}
	if f.listenPort > 65535 {
		return nil, fmt.Errorf("--bgp-listen-port %d: at most 65535", f.listenPort)
	}
	c := &bgp.Config{LocalAS: uint32(f.localAS), Peers: f.peers, HoldTime: f.holdTime,
		Keepalive: f.keepalive, ConnectRetry: f.connectRtr, ListenPort: int32(f.listenPort), Logger: log,
		Statics: f.statics,
		BFD:     bfd.Timers{DesiredMinTx: f.bfdMinTx, RequiredMinRx: f.bfdMinRx, DetectMult: uint8(f.bfdDetectMult)}}
	for i := range c.Peers {
		c.Peers[i].BFD = c.Peers[i].BFD || f.bfd
	}
	for _, a := range []struct {
		flag, val string
		to        *netip.Addr
	}{{"--bgp-next-hop-v4", f.nextHop4, &c.NextHop4}, {"--bgp-next-hop-v6", f.nextHop6, &c.NextHop6},
		{"--bgp-router-id", f.routerID, &c.RouterID}} {
		if a.val == "" {
			continue
		}
		addr, err := netip.ParseAddr(a.val)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", a.flag, err)
		}
		*a.to = addr
	}
	if f.source != "" {
		src, err := netip.ParseAddr(f.source)
		if err != nil {
			return nil, fmt.Errorf("--bgp-source: %w", err)
		}
		for i := range c.Peers {
			c.Peers[i].LocalAddress = src
		}
	}
	if !c.RouterID.IsValid() {
		if !c.NextHop4.IsValid() {
			return nil, errors.New("--bgp-router-id: required without --bgp-next-hop-v4 (a BGP identifier is an IPv4 address)")
		}
		c.RouterID = c.NextHop4
	}
	if err := c.Validate(); err != nil {
		return nil, fmt.Errorf("--bgp-*: %w", err)
	}
	return c, nil
}

// bfdSummary is the BFD settings as the start-up log shows them: the peers with BFD and
// the timers, or "off".
func bfdSummary(c *bgp.Config) string {
	var peers []string
	for _, p := range c.Peers {
		if p.BFD {
			peers = append(peers, p.Address.String())
		}
	}
	if len(peers) == 0 {
		return "off"
	}
	t := c.BFD.WithDefaults()
	return fmt.Sprintf("%v tx %s rx %s x %d", peers, t.DesiredMinTx, t.RequiredMinRx, t.DetectMult)
}
