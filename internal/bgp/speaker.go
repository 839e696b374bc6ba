package bgp

import (
	"context"
	"errors"
	"fmt"
	"net/netip"
	"slices"
	"sync"
	"time"

	api "github.com/osrg/gobgp/v4/api"
	"github.com/osrg/gobgp/v4/pkg/apiutil"
	gobgp "github.com/osrg/gobgp/v4/pkg/packet/bgp"
	"github.com/osrg/gobgp/v4/pkg/server"

	"hvlb/internal/bfd"
	"hvlb/internal/logging"
)

var (
	familyIPv4 = &api.Family{Afi: api.Family_AFI_IP, Safi: api.Family_SAFI_UNICAST}
	familyIPv6 = &api.Family{Afi: api.Family_AFI_IP6, Safi: api.Family_SAFI_UNICAST}
)

// families are the two address families as GoBGP's native (non-gRPC) API names them.
var families = []gobgp.Family{gobgp.RF_IPv4_UC, gobgp.RF_IPv6_UC}

// Speaker is a running BGP speaker. SetPrefixes is called from one goroutine at a time;
// Peers, Announced and Config from any.
type Speaker struct {
	cfg Config
	srv *server.BgpServer
	bfd *bfd.Server // nil: no peer has BFD on
	// bfdDown carries the peers whose BFD session went down, to the goroutine that tears
	// their BGP sessions down (the BFD server's must not wait on GoBGP).
	bfdDown chan netip.Addr
	done    chan struct{}

	mu        sync.Mutex
	announced map[netip.Prefix]bool // what the speaker's RIB holds now
	stopped   bool
	// Per peer, whether its session is established as the last event said, and the times
	// it left established (GoBGP's own count, "flops", leaves out a session that was up for
	// 30 s or more).
	up    map[netip.Addr]bool
	flaps map[netip.Addr]uint64
}

// Start starts a speaker with cfg and configures its peers; it connects to them in the
// background (and again whenever a session drops). It announces nothing yet.
func Start(ctx context.Context, cfg Config) (*Speaker, error) {
	if err := cfg.Validate(); err != nil {
		return nil, fmt.Errorf("bgp: %w", err)
	}
	cfg.setDefaults()
	srv := server.NewBgpServer(server.LoggerOption(newLogger(cfg.Logger), nil))
	// Serve is GoBGP's management loop; it has no way to end and lives as long as the
	// process (one per agent).
	go srv.Serve()
	sp := &Speaker{cfg: cfg, srv: srv, announced: map[netip.Prefix]bool{},
		bfdDown: make(chan netip.Addr, len(cfg.Peers)), done: make(chan struct{}),
		up: map[netip.Addr]bool{}, flaps: map[netip.Addr]uint64{}}
	err := srv.StartBgp(ctx, &api.StartBgpRequest{Global: &api.Global{
		Asn: cfg.LocalAS, RouterId: cfg.RouterID.String(),
		ListenPort: cfg.ListenPort, ListenAddresses: cfg.ListenAddresses,
	}})
	if err != nil {
		return nil, fmt.Errorf("bgp: start: %w", err)
	}
	// BFD first (its sessions held until their BGP sessions are established), so that
	// peerEvent finds it.
	if err := sp.startBFD(); err != nil {
		close(sp.done)
		srv.Stop()
		return nil, err
	}
	watch, stopWatch := context.WithCancel(context.Background())
	go func() { <-sp.done; stopWatch() }()
	err = srv.WatchEvent(watch, server.WatchEventMessageCallbacks{OnPeerUpdate: sp.peerEvent}, server.WatchPeer())
	if err != nil {
		close(sp.done)
		sp.closeBFD()
		srv.Stop()
		return nil, fmt.Errorf("bgp: watch the sessions: %w", err)
	}
	for _, p := range cfg.Peers {
		if err := srv.AddPeer(ctx, &api.AddPeerRequest{Peer: sp.peerConf(p)}); err != nil {
			close(sp.done)
			sp.closeBFD()
			srv.Stop()
			return nil, fmt.Errorf("bgp: peer %s: %w", p, err)
		}
	}
	return sp, nil
}

// peerEvent counts a session that leaves established, and starts the peer's BFD session
// when its BGP session is established (holds it when it leaves).
//
// Why not before: FRR's bgpd registers a neighbor's BFD session with bfdd before the BGP
// session exists, without a source address or interface, and when the BGP session comes up
// it learns them and replaces that session with a new one. A BFD session we had brought up
// meanwhile went down with the old one, and bgpd (and this speaker) closed the BGP session
// for it: every fresh pool's routes flapped 1-2 s after coming up. A restarted agent did
// not do it, bgpd's session having its source already. Started only once the BGP session
// is up, ours meets the replacement.
func (sp *Speaker) peerEvent(ev *apiutil.WatchEventMessage_PeerEvent, _ time.Time) {
	if ev.Type != apiutil.PEER_EVENT_STATE {
		return
	}
	addr := ev.Peer.State.NeighborAddress.Unmap()
	up := ev.Peer.State.SessionState == gobgp.BGP_FSM_ESTABLISHED
	sp.mu.Lock()
	if sp.up[addr] && !up {
		sp.flaps[addr]++
	}
	changed := sp.up[addr] != up
	sp.up[addr] = up
	sp.mu.Unlock()
	if changed && sp.bfd != nil {
		sp.bfd.Hold(addr, !up)
	}
}

func (sp *Speaker) closeBFD() {
	if sp.bfd != nil {
		sp.bfd.Close()
	}
}

// startBFD runs a BFD session with each peer that has BFD on; one that goes down takes
// its BGP session down with it.
func (sp *Speaker) startBFD() error {
	var peers []bfd.Peer
	var listen netip.Addr
	for _, p := range sp.cfg.Peers {
		if p.BFD {
			peers = append(peers, bfd.Peer{Addr: p.Address, Local: p.LocalAddress, Port: sp.cfg.BFDPort})
			listen = p.LocalAddress // --bgp-source: the same for every peer
		}
	}
	if len(peers) == 0 {
		return nil
	}
	b, err := bfd.Start(bfd.Config{Timers: sp.cfg.BFD, ListenPort: sp.cfg.BFDPort, ListenAddr: listen,
		Logger: sp.cfg.Logger, OnChange: sp.bfdChanged, Held: true}, peers)
	if err != nil {
		return err
	}
	sp.bfd = b
	go sp.resetOnBFDDown()
	return nil
}

// bfdChanged is the BFD server's news of a session. A session that leaves Up because the
// path failed (not because the peer took BFD down on purpose: RFC 5882 section 3.2) means
// the router is unreachable, whatever TCP still believes.
func (sp *Speaker) bfdChanged(ch bfd.Change) {
	if ch.From == bfd.Up && ch.To == bfd.Down && ch.Remote != bfd.AdminDown {
		select {
		case sp.bfdDown <- ch.Peer:
		default: // a reset of that peer is already queued
		}
	}
}

func (sp *Speaker) resetOnBFDDown() {
	for {
		select {
		case <-sp.done:
			return
		case addr := <-sp.bfdDown:
			sp.cfg.Logger.Warn("BGP: BFD session down; closing the BGP session", logging.Peer, addr)
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			err := sp.srv.ResetPeer(ctx, &api.ResetPeerRequest{Address: addr.String(), Communication: "BFD down"})
			cancel()
			if err != nil {
				sp.cfg.Logger.Warn("BGP: reset after BFD down", logging.Peer, addr, logging.Err, err)
			}
		}
	}
}

// Config is the speaker's configuration, with the defaults filled in.
func (sp *Speaker) Config() Config { return sp.cfg }

func (sp *Speaker) peerConf(p Peer) *api.Peer {
	secs := func(d time.Duration) uint64 { return uint64(d / time.Second) }
	tr := &api.Transport{RemotePort: uint32(p.port()), PassiveMode: p.Passive}
	if p.LocalAddress.IsValid() {
		tr.LocalAddress = p.LocalAddress.String()
	}
	var afs []*api.AfiSafi
	if sp.cfg.NextHop4.IsValid() || sp.hasStatic(true) {
		afs = append(afs, &api.AfiSafi{Config: &api.AfiSafiConfig{Family: familyIPv4, Enabled: true}})
	}
	if sp.cfg.NextHop6.IsValid() || sp.hasStatic(false) {
		afs = append(afs, &api.AfiSafi{Config: &api.AfiSafiConfig{Family: familyIPv6, Enabled: true}})
	}
	return &api.Peer{
		Conf: &api.PeerConf{NeighborAddress: p.Address.String(), PeerAsn: p.RemoteAS},
		Timers: &api.Timers{Config: &api.TimersConfig{
			HoldTime: secs(sp.cfg.HoldTime), KeepaliveInterval: secs(sp.cfg.Keepalive),
			ConnectRetry: secs(sp.cfg.ConnectRetry),
			// After a session drops, try again as soon as the connect retry allows.
			IdleHoldTimeAfterReset: secs(sp.cfg.ConnectRetry),
		}},
		Transport: tr,
		AfiSafis:  afs,
	}
}

// ErrNoNextHop is a prefix of a family that has no next hop configured.
var ErrNoNextHop = errors.New("no next hop for its address family")

// SetPrefixes makes the announced prefixes exactly want: it withdraws those announced and
// not wanted, and announces the others. A prefix of a family without a next hop is not
// announced (the error names it); the rest still are.
func (sp *Speaker) SetPrefixes(ctx context.Context, want []netip.Prefix) error {
	wanted := map[netip.Prefix]bool{}
	var errs []error
	for _, p := range want {
		p = p.Masked()
		if _, err := sp.path(p); err != nil {
			errs = append(errs, fmt.Errorf("prefix %s: %w", p, err))
			continue
		}
		wanted[p] = true
	}
	sp.mu.Lock()
	stopped := sp.stopped
	var gone, added []netip.Prefix
	for p := range sp.announced {
		if !wanted[p] {
			gone = append(gone, p)
		}
	}
	for p := range wanted {
		if !sp.announced[p] {
			added = append(added, p)
		}
	}
	sp.mu.Unlock()
	if stopped {
		return errors.New("bgp: speaker stopped")
	}
	for _, p := range gone {
		path, _ := sp.path(p)
		if err := sp.srv.DeletePath(apiutil.DeletePathRequest{Paths: []*apiutil.Path{path}}); err != nil {
			errs = append(errs, fmt.Errorf("withdraw %s: %w", p, err))
			continue
		}
		sp.mu.Lock()
		delete(sp.announced, p)
		sp.mu.Unlock()
	}
	for _, p := range added {
		path, _ := sp.path(p)
		if err := addPath(sp.srv, path); err != nil {
			errs = append(errs, fmt.Errorf("announce %s: %w", p, err))
			continue
		}
		sp.mu.Lock()
		sp.announced[p] = true
		sp.mu.Unlock()
	}
	return errors.Join(errs...)
}

// Announced returns the prefixes the speaker announces, sorted.
func (sp *Speaker) Announced() []netip.Prefix {
	sp.mu.Lock()
	out := make([]netip.Prefix, 0, len(sp.announced))
	for p := range sp.announced {
		out = append(out, p)
	}
	sp.mu.Unlock()
	slices.SortFunc(out, func(a, b netip.Prefix) int { return a.Addr().Compare(b.Addr()) })
	return out
}

// hasStatic says whether a static announcement is of the IPv4 (or the IPv6) family.
func (sp *Speaker) hasStatic(v4 bool) bool {
	for _, st := range sp.cfg.Statics {
		if st.Prefix.Addr().Is4() == v4 {
			return true
		}
	}
	return false
}

// nextHop is p's next hop: its static one, or its family's (invalid when none).
func (sp *Speaker) nextHop(p netip.Prefix) netip.Addr {
	for _, st := range sp.cfg.Statics {
		if st.Prefix == p {
			return st.NextHop
		}
	}
	if p.Addr().Is4() {
		return sp.cfg.NextHop4
	}
	return sp.cfg.NextHop6
}

// path is the GoBGP path announcing p with its next hop (nextHop): origin IGP, and the
// next hop in NEXT_HOP (IPv4) or MP_REACH_NLRI (IPv6).
func (sp *Speaker) path(p netip.Prefix) (*apiutil.Path, error) {
	hop := sp.nextHop(p)
	if !hop.IsValid() {
		return nil, ErrNoNextHop
	}
	nlri, err := gobgp.NewIPAddrPrefix(p)
	if err != nil {
		return nil, err
	}
	attrs := []gobgp.PathAttributeInterface{gobgp.NewPathAttributeOrigin(gobgp.BGP_ORIGIN_ATTR_TYPE_IGP)}
	family := gobgp.RF_IPv4_UC
	if p.Addr().Is4() {
		nh, err := gobgp.NewPathAttributeNextHop(hop)
		if err != nil {
			return nil, err
		}
		attrs = append(attrs, nh)
	} else {
		family = gobgp.RF_IPv6_UC
		mp, err := gobgp.NewPathAttributeMpReachNLRI(family, []gobgp.PathNLRI{{NLRI: nlri}}, hop)
		if err != nil {
			return nil, err
		}
		attrs = append(attrs, mp)
	}
	return &apiutil.Path{Family: family, Nlri: nlri, Attrs: attrs}, nil
}

// addPath adds one path to the global RIB; the error is the path's own or the call's.
func addPath(srv *server.BgpServer, path *apiutil.Path) error {
	res, err := srv.AddPath(apiutil.AddPathRequest{Paths: []*apiutil.Path{path}})
	if err != nil {
		return err
	}
	for _, r := range res {
		if r.Error != nil {
			return r.Error
		}
	}
	return nil
}

// Stop closes every session (a Cease notification tells each peer to drop the routes at
// once) and stops the speaker. Withdraw first (SetPrefixes(nil)) for a graceful stop.
func (sp *Speaker) Stop(ctx context.Context) error {
	sp.mu.Lock()
	if sp.stopped {
		sp.mu.Unlock()
		return nil
	}
	sp.stopped = true
	sp.mu.Unlock()
	close(sp.done)
	err := sp.srv.StopBgp(ctx, &api.StopBgpRequest{})
	if sp.bfd != nil {
		sp.bfd.Close() // after BGP: the routers drop the routes for the Cease, not for BFD
	}
	return err
}
