// Package bgp is the agent's BGP speaker: GoBGP (github.com/osrg/gobgp/v4) run as a library,
// which peers with the forwarder's upstream routers and announces host routes (/32, /128)
// with a fixed next hop, the forwarder's data address. Callers say which prefixes to
// announce (SetPrefixes); this package turns that into GoBGP paths and reads the sessions'
// state back (Peers).
//
// The speaker only connects out: it does not listen for sessions (GoBGP's ListenPort -1)
// unless Config.ListenPort says so, so several agents can share a host or a namespace.
package bgp

import (
	"errors"
	"fmt"
	"log/slog"
	"net/netip"
	"strconv"
	"strings"
	"time"

	"hvlb/internal/bfd"
)

// Defaults of Config's timers. A router notices a vanished speaker (host down, link cut,
// nothing left to close the TCP session) when the hold time expires, so the hold time
// bounds how long traffic keeps going to a dead forwarder: 9 s, three keepalives of 3 s
// (RFC 4271's ratio), is as short as one lost keepalive can safely be tolerated without
// BFD. A process that dies with its host alive closes its socket and the router withdraws
// at once.
const (
	DefaultHoldTime     = 9 * time.Second
	DefaultKeepalive    = DefaultHoldTime / 3
	DefaultConnectRetry = 2 * time.Second
)

// Peer is one upstream router.
type Peer struct {
	Address  netip.Addr
	RemoteAS uint32
	Port     uint16 // 0: 179
	// LocalAddress is the source of the session (the zero Addr: the kernel's choice).
	LocalAddress netip.Addr
	// Passive: wait for the peer to connect (only with a listening speaker; for tests).
	Passive bool
	// BFD: run a BFD session with the peer (single hop, Config.BFD's timers); when it goes
	// down, the BGP session is torn down at once rather than at the hold time.
	BFD bool
}

func (p Peer) port() uint16 {
	if p.Port == 0 {
		return 179
	}
	return p.Port
}

// String is the peer as logs and reports name it: its address, with the port when not 179.
func (p Peer) String() string {
	if p.port() == 179 {
		return p.Address.String()
	}
	return netip.AddrPortFrom(p.Address, p.port()).String()
}

// Static is a prefix announced with its own next hop.
type Static struct {
	Prefix  netip.Prefix
	NextHop netip.Addr
}

// ParseStatic reads PREFIX=NEXTHOP (--bgp-announce).
func ParseStatic(s string) (Static, error) {
	pfx, nh, ok := strings.Cut(s, "=")
	if !ok {
		return Static{}, fmt.Errorf("%q: want PREFIX=NEXTHOP", s)
	}
	p, err := netip.ParsePrefix(pfx)
	if err != nil {
		return Static{}, fmt.Errorf("%q: prefix: %w", s, err)
	}
	a, err := netip.ParseAddr(nh)
	if err != nil {
		return Static{}, fmt.Errorf("%q: next hop: %w", s, err)
	}
	if p.Addr().Is4() != a.Is4() {
		return Static{}, fmt.Errorf("%q: the prefix and the next hop are of different families", s)
	}
	return Static{Prefix: p.Masked(), NextHop: a}, nil
}

// Config is a speaker's configuration.
type Config struct {
	LocalAS  uint32
	RouterID netip.Addr // an IPv4 address (BGP identifiers are 32 bits)
	Peers    []Peer
	// The next hop announced with IPv4 and with IPv6 prefixes: where the routers send the
	// traffic. A prefix of a family without a next hop cannot be announced.
	NextHop4, NextHop6 netip.Addr
	// Statics are prefixes with a next hop of their own (not the family's): the agent
	// announces them beside the VIPs, e.g. the clients' prefix towards the NF-side router
	// with the forwarder's NF-side address, so that NAT replies come back through it.
	Statics      []Static
	HoldTime     time.Duration // default DefaultHoldTime
	Keepalive    time.Duration // default DefaultKeepalive
	ConnectRetry time.Duration // between attempts to connect; default DefaultConnectRetry
	// ListenPort: 0 or -1: do not listen (the default); else the TCP port to accept
	// sessions on, at ListenAddresses (default: every address).
	ListenPort      int32
	ListenAddresses []string
	// BFD are the timers of the peers' BFD sessions (Peer.BFD; zero fields: bfd's
	// defaults); BFDPort the port they receive on and send to (0: 3784; tests use others).
	BFD     bfd.Timers
	BFDPort uint16
	Logger  *slog.Logger
}

func (c *Config) setDefaults() {
	if c.HoldTime == 0 {
		c.HoldTime = DefaultHoldTime
	}
	if c.Keepalive == 0 {
		// A third of the hold time, RFC 4271's ratio, in whole seconds.
		c.Keepalive = max(c.HoldTime/3/time.Second*time.Second, time.Second)
	}
	if c.ConnectRetry == 0 {
		c.ConnectRetry = DefaultConnectRetry
	}
	if c.ListenPort == 0 {
		c.ListenPort = -1
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
}

// Validate checks c, naming the setting at fault.
func (c *Config) Validate() error {
	if c.LocalAS == 0 {
		return errors.New("local AS: required (1 to 4294967295)")
	}
	if !c.RouterID.Is4() || c.RouterID.IsUnspecified() {
		return fmt.Errorf("router id %q: want an IPv4 address, not 0.0.0.0", c.RouterID)
	}
	if len(c.Peers) == 0 {
		return errors.New("peers: at least one is needed")
	}
	seen := map[netip.Addr]bool{}
	for _, p := range c.Peers {
		if !p.Address.IsValid() || p.Address.IsUnspecified() {
			return fmt.Errorf("peer %q: not an address", p.Address)
		}
		if seen[p.Address] {
			return fmt.Errorf("peer %s: listed twice", p.Address)
		}
		seen[p.Address] = true
		if p.RemoteAS == 0 {
			return fmt.Errorf("peer %s: remote AS: required", p.Address)
		}
	}
	if c.NextHop4.IsValid() && !c.NextHop4.Is4() {
		return fmt.Errorf("IPv4 next hop %s: not an IPv4 address", c.NextHop4)
	}
	if c.NextHop6.IsValid() && (!c.NextHop6.Is6() || c.NextHop6.Is4In6()) {
		return fmt.Errorf("IPv6 next hop %s: not an IPv6 address", c.NextHop6)
	}
	if !c.NextHop4.IsValid() && !c.NextHop6.IsValid() {
		return errors.New("next hop: at least one of IPv4 and IPv6 is needed")
	}
	statics := map[netip.Prefix]bool{}
	for _, st := range c.Statics {
		if !st.Prefix.IsValid() || !st.NextHop.IsValid() || st.Prefix.Addr().Is4() != st.NextHop.Is4() {
			return fmt.Errorf("announce %s=%s: want a prefix and a next hop of its family", st.Prefix, st.NextHop)
		}
		if statics[st.Prefix] {
			return fmt.Errorf("announce %s: listed twice", st.Prefix)
		}
		statics[st.Prefix] = true
	}
	if c.HoldTime != 0 && c.HoldTime < 3*time.Second {
		return fmt.Errorf("hold time %s: at least 3s (RFC 4271)", c.HoldTime)
	}
	if c.HoldTime%time.Second != 0 || c.Keepalive%time.Second != 0 || c.ConnectRetry%time.Second != 0 {
		return errors.New("hold time, keepalive and connect retry: whole seconds (BGP counts in seconds)")
	}
	hold := c.HoldTime
	if hold == 0 {
		hold = DefaultHoldTime
	}
	if c.Keepalive < 0 || c.Keepalive > hold/3 && c.Keepalive != 0 {
		return fmt.Errorf("keepalive %s: at most a third of the hold time %s", c.Keepalive, hold)
	}
	if c.ConnectRetry < 0 {
		return fmt.Errorf("connect retry %s: negative", c.ConnectRetry)
	}
	t := c.BFD.WithDefaults()
	if t.DesiredMinTx < time.Millisecond || t.RequiredMinRx < time.Millisecond {
		return fmt.Errorf("BFD intervals %s, %s: at least 1ms", t.DesiredMinTx, t.RequiredMinRx)
	}
	return nil
}

// ParsePeer reads a peer as the agent's --bgp-peer flag gives it: "ADDRESS,AS" or
// "ADDRESS,AS,PORT", and ",bfd" at the end for a BFD session with it (e.g. "10.8.0.1,65000",
// "fd00:8::1,65000,1179", "10.8.0.1,65000,bfd").
func ParsePeer(s string) (Peer, error) {
	parts := strings.Split(s, ",")
	bfdOn := len(parts) > 2 && strings.TrimSpace(parts[len(parts)-1]) == "bfd"
	if bfdOn {
		parts = parts[:len(parts)-1]
	}
	if len(parts) < 2 || len(parts) > 3 {
		return Peer{}, fmt.Errorf("peer %q: want ADDRESS,AS[,PORT][,bfd]", s)
	}
	addr, err := netip.ParseAddr(strings.TrimSpace(parts[0]))
	if err != nil {
		return Peer{}, fmt.Errorf("peer %q: address: %w", s, err)
	}
	as, err := strconv.ParseUint(strings.TrimSpace(parts[1]), 10, 32)
	if err != nil || as == 0 {
		return Peer{}, fmt.Errorf("peer %q: AS %q: want 1 to 4294967295", s, parts[1])
	}
	p := Peer{Address: addr.Unmap(), RemoteAS: uint32(as), BFD: bfdOn}
	if len(parts) == 3 {
		port, err := strconv.ParseUint(strings.TrimSpace(parts[2]), 10, 16)
		if err != nil || port == 0 {
			return Peer{}, fmt.Errorf("peer %q: port %q: want 1 to 65535", s, parts[2])
		}
		p.Port = uint16(port)
	}
	return p, nil
}
