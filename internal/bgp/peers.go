package bgp

import (
	"context"
	"net/netip"
	"slices"
	"time"

	api "github.com/osrg/gobgp/v4/api"
	"github.com/osrg/gobgp/v4/pkg/apiutil"
	gobgp "github.com/osrg/gobgp/v4/pkg/packet/bgp"
)

// Session states, as RFC 4271's finite state machine names them (lower case).
const (
	StateIdle        = "idle"
	StateConnect     = "connect"
	StateActive      = "active"
	StateOpenSent    = "opensent"
	StateOpenConfirm = "openconfirm"
	StateEstablished = "established"
)

// States lists the session states in the FSM's order; a state's index plus one is its
// number in RFC 4271 (idle 1 ... established 6), which metrics export.
var States = []string{StateIdle, StateConnect, StateActive, StateOpenSent, StateOpenConfirm, StateEstablished}

// PeerState is one session as the speaker sees it now.
type PeerState struct {
	Address  netip.Addr
	Port     uint16
	RemoteAS uint32
	State    string        // one of States
	Uptime   time.Duration // since the session was established; 0 when it is not
	// Prefixes announced to the peer (sent and not withdrawn), and received from it and
	// accepted (the agent's speaker imports nothing it uses, but a router that sends a
	// default route shows here).
	Announced, Accepted uint64
	// Flaps counts the times the session left established. NotificationsSent counts the
	// errors this speaker found with the peer (a malformed message, an expired hold timer,
	// a BFD reset: each closed the session); NotificationsReceived, the peer's.
	Flaps                                    uint64
	NotificationsSent, NotificationsReceived uint64
	// BFD is the BFD session's state ("" when BFD is off for the peer: else down, init, up,
	// admindown), BFDDowns the times it left up.
	BFD      string
	BFDDowns uint64
}

// BFDDrops returns the BFD packets discarded, by reason (nil without BFD).
func (sp *Speaker) BFDDrops() map[string]uint64 {
	if sp.bfd == nil {
		return nil
	}
	return sp.bfd.Drops()
}

// Established says whether the session is up.
func (p PeerState) Established() bool { return p.State == StateEstablished }

// Peers returns the state of every configured session, ordered by address.
func (sp *Speaker) Peers(ctx context.Context) ([]PeerState, error) {
	var out []PeerState
	now := time.Now()
	err := sp.srv.ListPeer(ctx, &api.ListPeerRequest{EnableAdvertised: true}, func(p *api.Peer) {
		addr, _ := netip.ParseAddr(p.GetConf().GetNeighborAddress())
		ps := PeerState{
			Address:  addr,
			Port:     uint16(p.GetTransport().GetRemotePort()),
			RemoteAS: p.GetConf().GetPeerAsn(),
			State:    stateName(p.GetState().GetSessionState()),
		}
		if ps.Established() {
			if up := p.GetTimers().GetState().GetUptime(); up != nil {
				ps.Uptime = max(now.Sub(up.AsTime()), 0)
			}
		}
		for _, af := range p.GetAfiSafis() {
			ps.Announced += af.GetState().GetAdvertised()
			ps.Accepted += af.GetState().GetAccepted()
		}
		sp.mu.Lock()
		ps.Flaps = sp.flaps[addr]
		sp.mu.Unlock()
		ps.NotificationsSent = p.GetState().GetMessages().GetSent().GetNotification()
		ps.NotificationsReceived = p.GetState().GetMessages().GetReceived().GetNotification()
		if sp.bfd != nil {
			if st, ok := sp.bfd.Session(addr); ok {
				ps.BFD, ps.BFDDowns = st.State.String(), st.Downs
			}
		}
		out = append(out, ps)
	})
	slices.SortFunc(out, func(a, b PeerState) int { return a.Address.Compare(b.Address) })
	return out, err
}

// stateName is GoBGP's session state as States names it: GoBGP numbers them as RFC 4271
// does (idle 1 ... established 6); "idle" for its UNSPECIFIED, a peer whose FSM has not
// started.
func stateName(s api.PeerState_SessionState) string {
	if n := int(s); n >= 1 && n <= len(States) {
		return States[n-1]
	}
	return StateIdle
}

// Route is one route a peer sent.
type Route struct {
	Prefix  netip.Prefix
	NextHop netip.Addr
	Peer    netip.Addr // who sent it
}

func (r Route) String() string { return r.Prefix.String() + " via " + r.NextHop.String() }

// Received returns the routes the speaker holds from its peers (not its own), sorted by
// prefix: what an upstream router learnt, when the speaker plays one in tests.
func (sp *Speaker) Received(ctx context.Context) ([]Route, error) {
	var out []Route
	for _, fam := range families {
		err := sp.srv.ListPath(apiutil.ListPathRequest{TableType: api.TableType_TABLE_TYPE_GLOBAL, Family: fam},
			func(prefix gobgp.NLRI, paths []*apiutil.Path) {
				pfx, err := netip.ParsePrefix(prefix.String())
				if err != nil {
					return
				}
				for _, p := range paths {
					peer := p.PeerAddress.Unmap()
					if !peer.IsValid() || peer.IsUnspecified() || p.Withdrawal {
						continue // a path of the speaker's own
					}
					out = append(out, Route{Prefix: pfx, NextHop: nextHop(p), Peer: peer})
				}
			})
		if err != nil {
			return nil, err
		}
	}
	slices.SortFunc(out, func(a, b Route) int {
		if c := a.Prefix.Addr().Compare(b.Prefix.Addr()); c != 0 {
			return c
		}
		return a.Peer.Compare(b.Peer)
	})
	return out, nil
}

// nextHop is a path's next hop: its NEXT_HOP attribute (IPv4), or its MP_REACH_NLRI's
// (IPv6).
func nextHop(p *apiutil.Path) netip.Addr {
	for _, a := range p.Attrs {
		switch v := a.(type) {
		case *gobgp.PathAttributeNextHop:
			return v.Value
		case *gobgp.PathAttributeMpReachNLRI:
			return v.Nexthop
		}
	}
	return netip.Addr{}
}
