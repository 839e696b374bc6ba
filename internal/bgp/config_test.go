package bgp

import (
	"net/netip"
	"strings"
	"testing"
	"time"
)

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
		{"BFD interval under 1ms", func(c *Config) { c.BFD.DesiredMinTx = time.Microsecond }, "BFD"},
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

func TestParsePeer(t *testing.T) {
	for _, tc := range []struct {
		in      string
		want    Peer
		wantErr string
	}{
		{"10.8.0.1,65000", Peer{Address: netip.MustParseAddr("10.8.0.1"), RemoteAS: 65000}, ""},
		{"fd00:8::1,4200000000,1179", Peer{Address: netip.MustParseAddr("fd00:8::1"), RemoteAS: 4200000000, Port: 1179}, ""},
		{"10.8.0.1,65000,bfd", Peer{Address: netip.MustParseAddr("10.8.0.1"), RemoteAS: 65000, BFD: true}, ""},
		{"10.8.0.1,65000,1179,bfd", Peer{Address: netip.MustParseAddr("10.8.0.1"), RemoteAS: 65000, Port: 1179, BFD: true}, ""},
		{"10.8.0.1,bfd", Peer{}, "AS"},
		{"10.8.0.1,65000,bfd,179", Peer{}, "ADDRESS,AS"},
		{"10.8.0.1", Peer{}, "ADDRESS,AS"},
		{"10.8.0.1,65000,179,x", Peer{}, "ADDRESS,AS"},
		{"router,65000", Peer{}, "address"},
		{"10.8.0.1,0", Peer{}, "AS"},
		{"10.8.0.1,4294967296", Peer{}, "AS"},
		{"10.8.0.1,65000,0", Peer{}, "port"},
		{"10.8.0.1,65000,70000", Peer{}, "port"},
	} {
		got, err := ParsePeer(tc.in)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("ParsePeer(%q) = %v, %v; want an error naming %q", tc.in, got, err, tc.wantErr)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("ParsePeer(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
}
