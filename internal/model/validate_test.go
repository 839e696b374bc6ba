package model

import (
	"errors"
	"strings"
	"testing"
)

func TestNormalizeService(t *testing.T) {
	base := func() Service {
		return Service{Protocol: "tcp", VIP: "10.0.0.1", Port: 80,
			Reals: []Real{{Address: "10.1.0.1", Port: 80, Weight: 1}}}
	}
	tests := []struct {
		name      string
		mod       func(*Service)
		wantField string // "" : valid
		check     func(*testing.T, Service)
	}{
		{"defaults", func(*Service) {}, "", func(t *testing.T, s Service) {
			if s.ID != "tcp-10.0.0.1-80" || s.Mode != "nat" || s.Scheduler != "maglev" || s.Forwarders == nil ||
				s.DownConns != "keep" || s.AllDown != "drop" {
				t.Errorf("%+v", s)
			}
		}},
		{"udp reschedules by default", func(s *Service) { s.Protocol = "udp" }, "", func(t *testing.T, s Service) {
			if s.DownConns != "reschedule" || s.AllDown != "drop" {
				t.Errorf("down_conns %q all_down %q", s.DownConns, s.AllDown)
			}
		}},
		{"down_conns and all_down given", func(s *Service) { s.DownConns, s.AllDown = "reschedule", "keep_last" }, "",
			func(t *testing.T, s Service) {
				if s.DownConns != "reschedule" || s.AllDown != "keep_last" {
					t.Errorf("down_conns %q all_down %q", s.DownConns, s.AllDown)
				}
			}},
		{"down_conns", func(s *Service) { s.DownConns = "expire" }, "down_conns", nil},
		{"all_down", func(s *Service) { s.AllDown = "keep" }, "all_down", nil},
		{"ipv6 canonical", func(s *Service) { s.VIP = "FD00:0::1"; s.Reals[0].Address = "fd00:0:0::11" }, "", func(t *testing.T, s Service) {
			if s.ID != "tcp-fd00::1-80" || s.Reals[0].Address != "fd00::11" {
				t.Errorf("%+v", s)
			}
		}},
		{"v4-mapped unmapped", func(s *Service) { s.VIP = "::ffff:10.0.0.1" }, "", func(t *testing.T, s Service) {
			if s.VIP != "10.0.0.1" {
				t.Errorf("vip %s", s.VIP)
			}
		}},
		{"health check defaults", func(s *Service) { s.HealthCheck = &HealthCheck{Kind: "http", IntervalMS: 200} }, "", func(t *testing.T, s Service) {
			hc := *s.HealthCheck
			if hc.HTTPPath != "/" || hc.TimeoutMS != 200 || hc.Rise != 2 || hc.Fall != 3 {
				t.Errorf("%+v", hc)
			}
		}},
		{"udp", func(s *Service) { s.Protocol = "udp" }, "", nil},
		{"protocol", func(s *Service) { s.Protocol = "TCP" }, "protocol", nil},
		{"vip", func(s *Service) { s.VIP = "10.0.0" }, "vip", nil},
		{"vip broadcast", func(s *Service) { s.VIP = "255.255.255.255" }, "vip", nil},
		{"port", func(s *Service) { s.Port = 65536 }, "port", nil},
		{"mode", func(s *Service) { s.Mode = "masquerade" }, "mode", nil},
		{"scheduler", func(s *Service) { s.Scheduler = "MAGLEV" }, "scheduler", nil},
		{"forwarder long", func(s *Service) { s.Forwarders = []string{string(make([]byte, 64))} }, "forwarders[0]", nil},
		{"forwarder dash first", func(s *Service) { s.Forwarders = []string{"-a"} }, "forwarders[0]", nil},
		{"check kind", func(s *Service) { s.HealthCheck = &HealthCheck{Kind: "ping"} }, "health_check.kind", nil},
		{"check path control char", func(s *Service) { s.HealthCheck = &HealthCheck{Kind: "http", HTTPPath: "/\x01"} }, "health_check.http_path", nil},
		{"check interval big", func(s *Service) { s.HealthCheck = &HealthCheck{IntervalMS: 3600001} }, "health_check.interval_ms", nil},
		{"check timeout small", func(s *Service) { s.HealthCheck = &HealthCheck{TimeoutMS: 5} }, "health_check.timeout_ms", nil},
		{"check sip", func(s *Service) { s.Protocol = "udp"; s.HealthCheck = &HealthCheck{Kind: "sip"} }, "", nil},
		{"udp check defaults to no expect, 1 s", func(s *Service) { s.Protocol = "udp"; s.HealthCheck = &HealthCheck{} }, "", func(t *testing.T, s Service) {
			if hc := *s.HealthCheck; hc.Kind != "udp" || hc.IntervalMS != 1000 || hc.Expect != "" {
				t.Errorf("%+v", hc)
			}
		}},
		{"udp payloads, text and hex", func(s *Service) {
			s.HealthCheck = &HealthCheck{Kind: "udp", Send: "PING\r\n", ExpectHex: "504F4e47", IntervalMS: 200}
		}, "", func(t *testing.T, s Service) {
			if send, expect := s.HealthCheck.Payloads(); string(send) != "PING\r\n" || string(expect) != "PONG" {
				t.Errorf("payloads %q %q", send, expect)
			}
		}},
		{"udp no payloads", func(s *Service) { s.HealthCheck = &HealthCheck{Kind: "udp"} }, "", func(t *testing.T, s Service) {
			if send, expect := s.HealthCheck.Payloads(); send != nil || expect != nil {
				t.Errorf("payloads %q %q", send, expect)
			}
		}},
		{"udp without expect, fast", func(s *Service) { s.HealthCheck = &HealthCheck{Kind: "udp", IntervalMS: 500} }, "health_check.interval_ms", nil},
		{"send for tcp", func(s *Service) { s.HealthCheck = &HealthCheck{Kind: "tcp", Send: "x"} }, "health_check.send", nil},
		{"expect for sip", func(s *Service) { s.HealthCheck = &HealthCheck{Kind: "sip", Expect: "200"} }, "health_check.expect", nil},
		{"send and send_hex", func(s *Service) { s.HealthCheck = &HealthCheck{Kind: "udp", Send: "a", SendHex: "61"} }, "health_check.send_hex", nil},
		{"expect and expect_hex", func(s *Service) { s.HealthCheck = &HealthCheck{Kind: "udp", Expect: "a", ExpectHex: "61"} }, "health_check.expect_hex", nil},
		{"send_hex odd", func(s *Service) { s.HealthCheck = &HealthCheck{Kind: "udp", SendHex: "abc"} }, "health_check.send_hex", nil},
		{"expect_hex spaces", func(s *Service) { s.HealthCheck = &HealthCheck{Kind: "udp", ExpectHex: "ab cd"} }, "health_check.expect_hex", nil},
		{"send control char", func(s *Service) { s.HealthCheck = &HealthCheck{Kind: "udp", Send: "a\x00"} }, "health_check.send", nil},
		{"send long", func(s *Service) {
			s.HealthCheck = &HealthCheck{Kind: "udp", Send: strings.Repeat("x", MaxCheckPayload+1)}
		}, "health_check.send", nil},
		{"send_hex long", func(s *Service) {
			s.HealthCheck = &HealthCheck{Kind: "udp", SendHex: strings.Repeat("00", MaxCheckPayload+1)}
		}, "health_check.send_hex", nil},
		{"vip loopback", func(s *Service) { s.VIP = "127.0.0.1" }, "vip", nil},
		{"vip loopback 127/8", func(s *Service) { s.VIP = "127.1.2.3" }, "vip", nil},
		{"vip loopback ipv6", func(s *Service) { s.VIP = "::1"; s.Reals[0].Address = "fd00::11" }, "vip", nil},
		{"vip loopback v4-mapped", func(s *Service) { s.VIP = "::ffff:127.0.0.1" }, "vip", nil},
		{"real loopback", func(s *Service) { s.Reals[0].Address = "127.0.0.2" }, "reals[0].address", nil},
		{"real loopback ipv6", func(s *Service) { s.VIP = "fd00::1"; s.Reals[0].Address = "::1" }, "reals[0].address", nil},
		{"real is the vip", func(s *Service) { s.Reals[0].Address = "10.0.0.1" }, "reals[0].address", nil},
		{"real is the vip, other port", func(s *Service) { s.Reals[0].Address, s.Reals[0].Port = "10.0.0.1", 8080 }, "reals[0].address", nil},
		{"real is the vip, ipv6 other spelling", func(s *Service) {
			s.VIP, s.Reals = "fd00::1", []Real{{Address: "fd00:0::1", Port: 80}, {Address: "fd00::2", Port: 80}}
		}, "reals[0].address", nil},
		{"real address", func(s *Service) { s.Reals[0].Address = "" }, "reals[0].address", nil},
		{"real multicast", func(s *Service) { s.Reals[0].Address = "ff02::1" }, "reals[0].address", nil},
		{"real weight", func(s *Service) { s.Reals[0].Weight = MaxWeight + 1 }, "reals[0].weight", nil},
		{"limits", func(s *Service) { s.ConnRateLimit = MaxConnRateLimit; s.Reals[0].ConnLimit = MaxConnLimit }, "",
			func(t *testing.T, s Service) {
				if s.ConnRateLimit != MaxConnRateLimit || s.Reals[0].ConnLimit != MaxConnLimit {
					t.Errorf("%+v", s)
				}
			}},
		{"conn rate limit negative", func(s *Service) { s.ConnRateLimit = -1 }, "conn_rate_limit", nil},
		{"timeouts", func(s *Service) { s.Timeouts = &Timeouts{UDP: 2, TCPEstablished: MaxTimeout} }, "",
			func(t *testing.T, s Service) {
				if s.Timeouts == nil || s.Timeouts.UDP != 2 || s.Timeouts.TCPEstablished != MaxTimeout {
					t.Errorf("%+v", s.Timeouts)
				}
			}},
		{"timeouts all 0: none", func(s *Service) { s.Timeouts = &Timeouts{} }, "",
			func(t *testing.T, s Service) {
				if s.Timeouts != nil {
					t.Errorf("%+v", s.Timeouts)
				}
			}},
		{"timeout past a week", func(s *Service) { s.Timeouts = &Timeouts{TCPFin: MaxTimeout + 1} }, "timeouts.tcp_fin", nil},
		{"timeout negative", func(s *Service) { s.Timeouts = &Timeouts{UDP: -1} }, "timeouts.udp", nil},
		{"synproxy off by default", func(s *Service) {}, "", func(t *testing.T, s Service) {
			if s.Synproxy != SynproxyOff {
				t.Errorf("synproxy %q", s.Synproxy)
			}
		}},
		{"synproxy auto", func(s *Service) { s.Synproxy, s.SynproxyThreshold = SynproxyAuto, 200 }, "", nil},
		{"synproxy unknown", func(s *Service) { s.Synproxy = "yes" }, "synproxy", nil},
		{"synproxy in dr", func(s *Service) { s.Mode, s.Synproxy = "dr", SynproxyOn }, "synproxy", nil},
		{"synproxy threshold negative", func(s *Service) { s.SynproxyThreshold = -1 }, "synproxy_threshold", nil},
		{"fullnat", func(s *Service) { s.Mode = ModeFullNAT }, "", nil},
		{"sctp nat, an sctp check by default", func(s *Service) { s.Protocol, s.HealthCheck = ProtoSCTP, &HealthCheck{} }, "",
			func(t *testing.T, s Service) {
				if s.HealthCheck.Kind != ProtoSCTP || s.DownConns != DownKeep {
					t.Errorf("check %q, down_conns %q", s.HealthCheck.Kind, s.DownConns)
				}
			}},
		{"sctp dr", func(s *Service) { s.Protocol, s.Mode = ProtoSCTP, "dr" }, "", nil},
		{"sctp fullnat", func(s *Service) { s.Protocol, s.Mode = ProtoSCTP, ModeFullNAT }, "mode", nil},
		{"sctp synproxy", func(s *Service) { s.Protocol, s.Synproxy = ProtoSCTP, SynproxyOn }, "synproxy", nil},
		{"fullnat client addr", func(s *Service) { s.Mode, s.ClientAddr = ModeFullNAT, ClientAddrOn }, "", nil},
		{"client addr off is none", func(s *Service) { s.Mode, s.ClientAddr = ModeFullNAT, ClientAddrOff }, "",
			func(t *testing.T, s Service) {
				if s.ClientAddr != "" {
					t.Errorf("client_addr %q", s.ClientAddr)
				}
			}},
		{"client addr in nat", func(s *Service) { s.ClientAddr = ClientAddrOn }, "client_addr", nil},
		{"client addr unknown", func(s *Service) { s.Mode, s.ClientAddr = ModeFullNAT, "yes" }, "client_addr", nil},
		{"hash sip udp", func(s *Service) { s.Protocol, s.Hash = "udp", HashSIPCallID }, "", nil},
		{"hash sip sh", func(s *Service) { s.Protocol, s.Scheduler, s.Hash = "udp", "sh", HashSIPCallID }, "", nil},
		{"hash 5tuple is none", func(s *Service) { s.Hash = HashFiveTuple }, "", func(t *testing.T, s Service) {
			if s.Hash != "" {
				t.Errorf("hash %q", s.Hash)
			}
		}},
		{"hash sip tcp", func(s *Service) { s.Hash = HashSIPCallID }, "hash", nil},
		{"hash sip dr", func(s *Service) { s.Protocol, s.Mode, s.Hash = "udp", "dr", HashSIPCallID }, "hash", nil},
		{"hash sip rr", func(s *Service) { s.Protocol, s.Scheduler, s.Hash = "udp", "rr", HashSIPCallID }, "hash", nil},
		{"hash unknown", func(s *Service) { s.Hash = "call_id" }, "hash", nil},
		{"synproxy in fullnat", func(s *Service) { s.Mode, s.Synproxy = ModeFullNAT, SynproxyOn }, "synproxy", nil},
		{"conn rate limit big", func(s *Service) { s.ConnRateLimit = MaxConnRateLimit + 1 }, "conn_rate_limit", nil},
		{"persistence a day and a second", func(s *Service) { s.PersistenceTimeout = 86401 }, "persistence_timeout", nil},
		{"persistence prefix 33 for IPv4", func(s *Service) { s.PersistenceTimeout, s.PersistencePrefix = 60, 33 },
			"persistence_prefix", nil},
		{"persistence prefix 129 for IPv6", func(s *Service) {
			s.VIP, s.Reals[0].Address, s.PersistencePrefix = "fd00::1", "fd00::11", 129
		}, "persistence_prefix", nil},
		{"persistence with SIP affinity", func(s *Service) {
			s.Protocol, s.Hash, s.PersistenceTimeout = "udp", HashSIPCallID, 60
		}, "persistence_timeout", nil},
		{"real conn limit negative", func(s *Service) { s.Reals[0].ConnLimit = -1 }, "reals[0].conn_limit", nil},
		{"real conn limit big", func(s *Service) { s.Reals[0].ConnLimit = MaxConnLimit + 1 }, "reals[0].conn_limit", nil},
		{"real override", func(s *Service) { s.Reals[0].HealthOverride = "Down" }, "reals[0].health_override", nil},
		{"real twice, other spelling", func(s *Service) {
			s.VIP = "fd00::1"
			s.Reals = []Real{{Address: "fd00::11", Port: 80}, {Address: "FD00:0::11", Port: 80}}
		}, "reals[1]", nil},
		{"port 0 with a check port", func(s *Service) {
			s.Port, s.Reals[0].Port = 0, 0
			s.HealthCheck = &HealthCheck{Port: 8080}
		}, "", nil},
		{"port 0 without checks", func(s *Service) {
			s.Port, s.Reals[0].Port = 0, 0
			s.HealthCheck = &HealthCheck{Kind: "none"}
		}, "", nil},
		{"dr same port", func(s *Service) { s.Mode = "dr" }, "", nil},
		{"dr real port 0", func(s *Service) { s.Mode = "dr"; s.Reals[0].Port = 0 }, "", nil},
		{"dr other port", func(s *Service) { s.Mode = "dr"; s.Reals[0].Port = 81 }, "reals[0].port", nil},
		{"vxlan", func(s *Service) { s.Mode, s.VNI, s.Priority, s.Reals[0].Port = ModeVXLAN, 100, 7, 0 }, "",
			func(t *testing.T, s Service) {
				if s.ID != "tcp-10.0.0.1-80-vni100" {
					t.Errorf("id %q", s.ID)
				}
			}},
		{"vxlan without vni", func(s *Service) { s.Mode, s.Reals[0].Port = ModeVXLAN, 0 }, "vni", nil},
		{"vni in nat", func(s *Service) { s.VNI = 100 }, "vni", nil},
		{"vni too big", func(s *Service) { s.Mode, s.VNI, s.Reals[0].Port = ModeVXLAN, MaxVNI+1, 0 }, "vni", nil},
		{"vxlan over ipv6", func(s *Service) {
			s.Mode, s.VNI, s.VIP = ModeVXLAN, 100, "fd00::1"
			s.Reals = []Real{{Address: "fd00::11"}}
		}, "vip", nil},
		{"vxlan real port", func(s *Service) { s.Mode, s.VNI = ModeVXLAN, 100 }, "reals[0].port", nil},
		{"vxlan synproxy", func(s *Service) {
			s.Mode, s.VNI, s.Reals[0].Port, s.Synproxy = ModeVXLAN, 100, 0, SynproxyOn
		}, "synproxy", nil},
		{"priority too big", func(s *Service) { s.Priority = MaxPriority + 1 }, "priority", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := base()
			tc.mod(&s)
			err := NormalizeService(&s)
			var fe *FieldError
			switch {
			case tc.wantField == "" && err != nil:
				t.Fatalf("unexpected error: %v", err)
			case tc.wantField != "" && (!errors.As(err, &fe) || fe.Field != tc.wantField):
				t.Fatalf("err %v, want a field error on %q", err, tc.wantField)
			}
			if tc.check != nil {
				tc.check(t, s)
			}
		})
	}
}

// The address refusals say why, so an operator sees what is wrong with the address.
func TestAddressRefusalsSayWhy(t *testing.T) {
	tests := []struct {
		vip, real string
		want      []string
	}{
		{"10.0.0.1", "10.0.0.1", []string{"reals[0].address: 10.0.0.1 is the service's own vip", "any port", "TTL"}},
		{"127.0.0.1", "10.1.0.1", []string{"vip: \"127.0.0.1\": loopback", "never leave their host"}},
		{"fd00::1", "::1", []string{"reals[0].address: \"::1\": loopback"}},
	}
	for _, tt := range tests {
		s := Service{Protocol: "udp", VIP: tt.vip, Port: 5060, Reals: []Real{{Address: tt.real, Port: 5060}}}
		err := NormalizeService(&s)
		for _, w := range tt.want {
			if err == nil || !strings.Contains(err.Error(), w) {
				t.Errorf("vip %s real %s: %v, want it to say %q", tt.vip, tt.real, err, w)
			}
		}
	}
}

func TestRealKeys(t *testing.T) {
	tests := []struct {
		key      string
		wantAddr string
		wantPort int
		wantErr  bool
	}{
		{"10.0.0.1:80", "10.0.0.1", 80, false},
		{"[fd00::1]:443", "fd00::1", 443, false},
		{"[FD00:0::1]:0", "fd00::1", 0, false},
		{"[::ffff:10.0.0.1]:1", "10.0.0.1", 1, false},
		{"fd00::1:80", "", 0, true},
		{"10.0.0.1", "", 0, true},
		{"10.0.0.1:65536", "", 0, true},
		{"[fe80::1%eth0]:80", "", 0, true},
		{"host:80", "", 0, true},
	}
	for _, tc := range tests {
		a, p, err := ParseRealKey(tc.key)
		if (err != nil) != tc.wantErr || a != tc.wantAddr || p != tc.wantPort {
			t.Errorf("%q: %q %d %v", tc.key, a, p, err)
		}
		if err == nil && RealKey(a, p) != tc.key && tc.key != "[FD00:0::1]:0" && tc.key != "[::ffff:10.0.0.1]:1" {
			t.Errorf("%q: RealKey gives %q", tc.key, RealKey(a, p))
		}
	}
}

func TestNormalizeLBSpec(t *testing.T) {
	w := 5
	tests := []struct {
		name      string
		spec      LBSpec
		wantField string
	}{
		{"ok", LBSpec{Protocol: "tcp", VIP: "10.0.0.1", Port: 80, NFs: []NF{{Address: "10.1.0.1", Port: 80, Weight: &w}}}, ""},
		{"no nfs", LBSpec{Protocol: "tcp", VIP: "10.0.0.1", Port: 80}, "nfs"},
		{"nf address", LBSpec{Protocol: "tcp", VIP: "10.0.0.1", Port: 80, NFs: []NF{{Address: "x"}}}, "nfs[0].address"},
		{"protocol", LBSpec{Protocol: "icmp", VIP: "10.0.0.1", NFs: []NF{{Address: "10.1.0.1"}}}, "protocol"},
		{"nf is the vip", LBSpec{Protocol: "udp", VIP: "10.0.0.1", Port: 5060, NFs: []NF{{Address: "10.1.0.1"}, {Address: "10.0.0.1"}}}, "nfs[1].address"},
		{"vip loopback", LBSpec{Protocol: "tcp", VIP: "127.0.0.1", Port: 80, NFs: []NF{{Address: "10.1.0.1"}}}, "vip"},
		{"upstream", LBSpec{Protocol: "tcp", VIP: "10.0.0.1", NFs: []NF{{Address: "10.1.0.1"}}, Upstream: "a\x00b"}, "upstream"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := NormalizeLBSpec(&tc.spec)
			var fe *FieldError
			if tc.wantField == "" {
				if err != nil {
					t.Fatal(err)
				}
				if s.ID != "tcp-10.0.0.1-80" || s.Reals[0].Weight != 5 || *tc.spec.NFs[0].Weight != 5 {
					t.Errorf("%+v", s)
				}
				return
			}
			if !errors.As(err, &fe) || fe.Field != tc.wantField {
				t.Fatalf("err %v, want a field error on %q", err, tc.wantField)
			}
		})
	}
}

func TestNormalizeForwarder(t *testing.T) {
	tests := []struct {
		name      string
		f         Forwarder
		wantField string
	}{
		{"ok", Forwarder{ID: "fwd-a", Hostname: "h", Ports: []string{"0000:00:08.0"}, Queues: 4}, ""},
		{"id", Forwarder{ID: "fwd a"}, "forwarder.id"},
		{"queues", Forwarder{ID: "a", Queues: 5000}, "forwarder.queues"},
		{"port name", Forwarder{ID: "a", Ports: []string{"p\n"}}, "forwarder.ports[0]"},
	}
	for _, tc := range tests {
		err := NormalizeForwarder(&tc.f)
		var fe *FieldError
		if (tc.wantField == "") != (err == nil) || (err != nil && (!errors.As(err, &fe) || fe.Field != tc.wantField)) {
			t.Errorf("%s: err %v, want field %q", tc.name, err, tc.wantField)
		}
	}
}
