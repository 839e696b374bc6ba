// Package model holds the controller's desired-state objects (virtual services, their
// real services, forwarders, load-balancing requests) as the REST API and the store see
// them, and the rules that make one valid. Validation errors name the field at fault.
package model

import (
	"encoding/hex"
	"fmt"
	"math"
	"net/netip"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Service is a virtual service: (protocol, vip, port) and the NFs behind it.
type Service struct {
	ID       string `json:"id"`
	Protocol string `json:"protocol"`
	VIP      string `json:"vip"`
	Port     int    `json:"port"`
	Mode     string `json:"mode"`
	// Encap is tunnel mode's encapsulation (docs/mode-tunnel.md): EncapIPIP or EncapGUE,
	// required with mode tunnel and refused with any other.
	Encap     string `json:"encap,omitempty"`
	Scheduler string `json:"scheduler"`
	// DownConns is what becomes of the connections of a real that goes down or is removed
	// softly: DownKeep or DownReschedule (DefaultDownConns when empty).
	DownConns string `json:"down_conns"`
	// AllDown is what the service schedules over when no real is both up and weighted:
	// AllDownDrop (nothing; the default) or AllDownKeepLast (every weighted real).
	AllDown     string       `json:"all_down"`
	Forwarders  []string     `json:"forwarders"`
	HealthCheck *HealthCheck `json:"health_check,omitempty"`
	Policy      Policy       `json:"policy"`
	// The plain settings (settings.go), their JSON fields inline.
	ServiceSettings
	// Timeouts are the service's own connection timeouts (nil: the forwarders' global ones).
	Timeouts *Timeouts `json:"timeouts,omitempty"`
	// CountersZeroedAt is when the operator last zeroed the service's counters (hvlbctl vs
	// zero): its forwarders show them since then; read-only, set by POST .../zero.
	CountersZeroedAt *time.Time `json:"counters_zeroed_at,omitempty"`
	// Synproxy is the service's SYN proxy (docs/synproxy.md): SynproxyOff (the default),
	// SynproxyOn or SynproxyAuto; on and auto only for a nat tcp service.
	Synproxy string `json:"synproxy"`
	// SynproxyThreshold is the embryonic connections per forwarder worker above which auto
	// turns the proxy on (0: the forwarder's default, 1000).
	SynproxyThreshold int `json:"synproxy_threshold"`
	// VNI is a vxlan service's VXLAN network identifier, 1..MaxVNI (docs/mode-vxlan.md): its
	// tenant, part of its identity (two tenants may have the same protocol, vip and port).
	// 0 for every other mode.
	VNI int `json:"vni,omitempty"`
	// Priority is the RSS-A class of its connections, 0 (normal) .. MaxPriority: moved last
	// off an overloaded worker; a vxlan service's new connections go to the least-loaded one.
	Priority int `json:"priority,omitempty"`
	// ClientAddr is whether a fullnat service gives its NFs the client's address (tcp: TOA in
	// the SYN; udp: a trailer; docs/mode-fullnat.md): ClientAddrOff (the default) or
	// ClientAddrOn.
	ClientAddr string `json:"client_addr,omitempty"`
	// Hash is what a new flow's real is chosen by (docs/scheduling.md, "SIP call affinity"):
	// HashFiveTuple (the default, stored as "") or HashSIPCallID (each SIP message's Call-ID,
	// so that a trunk's calls spread over the reals and each call stays on one; a nat udp
	// service with scheduler maglev or sh only).
	Hash    string `json:"hash,omitempty"`
	Reals   []Real `json:"reals"`
	Version uint64 `json:"version"`
}

// Timeouts are a service's connection timeouts in seconds, each 0 for the forwarder's global
// value (ipvsadm --set, per service): a long udp for SIP, a short one for DNS. A change reaches
// each existing connection at its next packet.
type Timeouts struct {
	TCPSyn         int `json:"tcp_syn,omitempty"`
	TCPEstablished int `json:"tcp_established,omitempty"`
	TCPFin         int `json:"tcp_fin,omitempty"`
	TCPTimeWait    int `json:"tcp_time_wait,omitempty"`
	TCPClose       int `json:"tcp_close,omitempty"`
	UDP            int `json:"udp,omitempty"`
}

// MaxTimeout is the longest timeout a service may have, as the forwarder's limit: a week.
const MaxTimeout = 7 * 24 * 3600

// fields are the timeouts with their names, for validation.
func (t *Timeouts) fields() []struct {
	name string
	v    int
} {
	return []struct {
		name string
		v    int
	}{{"tcp_syn", t.TCPSyn}, {"tcp_established", t.TCPEstablished}, {"tcp_fin", t.TCPFin},
		{"tcp_time_wait", t.TCPTimeWait}, {"tcp_close", t.TCPClose}, {"udp", t.UDP}}
}

// IsZero says whether every timeout is the global one.
func (t *Timeouts) IsZero() bool { return t == nil || *t == Timeouts{} }

// HealthCheck says how agents check each real of a service.
type HealthCheck struct {
	Kind     string `json:"kind"`
	HTTPPath string `json:"http_path,omitempty"`
	// udp: the datagram to send, as text or as hex (one of them; neither: the agent's
	// default), and what a reply must contain, likewise (neither: no reply is needed,
	// only an ICMP port unreachable fails the check).
	Send       string `json:"send,omitempty"`
	SendHex    string `json:"send_hex,omitempty"`
	Expect     string `json:"expect,omitempty"`
	ExpectHex  string `json:"expect_hex,omitempty"`
	IntervalMS int    `json:"interval_ms"`
	TimeoutMS  int    `json:"timeout_ms"`
	Rise       int    `json:"rise"`
	Fall       int    `json:"fall"`
	Port       int    `json:"port"`
}

// Real is one real service (NF) of a virtual service. Health and HealthReason are
// read-outs filled in from the agents' reports; the store keeps them empty.
type Real struct {
	Address        string `json:"address"`
	Port           int    `json:"port"`
	Weight         int    `json:"weight"`
	HealthOverride string `json:"health_override"`
	Drain          bool   `json:"drain"`
	Health         string `json:"health"`
	HealthReason   string `json:"health_reason"`
	// MetricsURL is the NF's Prometheus endpoint, scraped for its CPU utilisation by the
	// comprehensive policy ("": none).
	MetricsURL string `json:"metrics_url"`
	// CapacityMbps is the capacity of the path to the NF (0: the policy's default).
	CapacityMbps float64 `json:"capacity_mbps"`
	// ConnLimit is the connections to the NF each forwarder holds at most (0: no limit),
	// as IPVS's u_threshold; new ones past it are dropped (rs_conn_limited).
	ConnLimit int    `json:"conn_limit"`
	Version   uint64 `json:"version"`
}

// Forwarder is a forwarder's static description, as its agent registered it.
type Forwarder struct {
	ID           string   `json:"id"`
	Hostname     string   `json:"hostname"`
	Ports        []string `json:"ports"`
	Queues       int      `json:"queues"`
	Cores        int      `json:"cores"`
	NUMANodes    []int    `json:"numa_nodes"`
	AgentVersion string   `json:"agent_version"`
	CapacityPPS  uint64   `json:"capacity_pps"`
	// SyncAddr is where the forwarder's connection sync listens (address:port, from the
	// agent's --sync-addr; "" when it takes no part in sync). SyncID is its number in the
	// sync messages, given by the controller at its first registration with a SyncAddr and
	// kept for good, so peers' replay windows never mix two forwarders.
	SyncAddr     string    `json:"sync_addr,omitempty"`
	SyncID       uint32    `json:"sync_id,omitempty"`
	RegisteredAt time.Time `json:"registered_at"`
	Version      uint64    `json:"version"`
	// Draining is the operator's (PUT/DELETE /v1/forwarders/{id}/drain), not the agent's:
	// registration keeps it. Its agent withdraws the forwarder's VIPs while it is set.
	Draining bool `json:"draining"`
	// AutoDrain is the controller's own drain (internal/controller/pool.go): set while the
	// pool automation keeps an overloaded forwarder out, nil otherwise. Registration keeps
	// it; the operator's undrain clears it.
	AutoDrain *AutoDrain `json:"auto_drain,omitempty"`
	// LocalPool is the operator's FullNAT local pool for this forwarder (PUT
	// /v1/forwarders/{id}/local-pool), which its agent sets at run time; nil: the pool of
	// the forwarder's own file. Registration keeps it.
	LocalPool *LocalPool `json:"local_pool,omitempty"`
}

// AutoDrain says why and until when the controller drains a forwarder by itself.
type AutoDrain struct {
	Reason string    `json:"reason"`
	Since  time.Time `json:"since"`
	Until  time.Time `json:"until"` // the earliest it may come back, when the others have room for it
}

// Drained reports whether the forwarder's VIPs are to be withdrawn: the operator's drain
// or the pool's.
func (f *Forwarder) Drained() bool { return f.Draining || f.AutoDrain != nil }

// Load-balancing request states.
const (
	LBPending  = "pending"
	LBAccepted = "accepted"
	LBFailed   = "failed"
)

// LBRequest is the NFV manager's request for load balancing over a set of NFs.
type LBRequest struct {
	ID        string    `json:"id"`
	State     string    `json:"state"`
	Request   LBSpec    `json:"request"`
	ServiceID string    `json:"service_id,omitempty"`
	Forwarder string    `json:"forwarder,omitempty"`
	Error     string    `json:"error,omitempty"`
	CreatedAt time.Time `json:"created_at"`
	Version   uint64    `json:"version"`
}

// LBSpec is the body of POST /v1/lb-requests.
type LBSpec struct {
	Protocol  string `json:"protocol"`
	VIP       string `json:"vip"`
	Port      int    `json:"port"`
	Mode      string `json:"mode,omitempty"`
	Encap     string `json:"encap,omitempty"`
	Scheduler string `json:"scheduler,omitempty"`
	NFs       []NF   `json:"nfs"`
	Upstream  string `json:"upstream,omitempty"`
}

// NF is one network function of a load-balancing request.
type NF struct {
	Address string `json:"address"`
	Port    int    `json:"port"`
	Weight  *int   `json:"weight,omitempty"`
}

// Change is one entry of the store's change log.
type Change struct {
	Version uint64    `json:"version"`
	Time    time.Time `json:"time"`
	What    string    `json:"what"`
}

// The values of Service.DownConns and Service.AllDown (docs/forwarder-config.md, "Removals,
// down reals and all-down services", says what each does).
const (
	DownKeep        = "keep"
	DownReschedule  = "reschedule"
	AllDownDrop     = "drop"
	AllDownKeepLast = "keep_last"
	SynproxyOff     = "off"
	SynproxyOn      = "on"
	SynproxyAuto    = "auto"
)

// DefaultDownConns is a service's DownConns when none is given: keep for tcp (a connection
// moved mid-stream is reset by its new NF), reschedule for udp (a datagram flow pinned to a
// dead NF fails until the client's port changes; moving it breaks nothing). The forwarder
// has the same rule (vs_down_conns_default).
func DefaultDownConns(protocol string) string {
	if protocol == "udp" {
		return DownReschedule
	}
	return DownKeep
}

// Defaults and limits.
const (
	DefaultMode      = "nat"
	ModeVXLAN        = "vxlan"  // a tenant's VXLAN overlay (docs/mode-vxlan.md)
	MaxVNI           = 0xFFFFFF // VXLAN's 24 bits
	MaxPriority      = 7        // RSS-A classes
	DefaultScheduler = "maglev"
	DefaultWeight    = 100
	MaxReals         = 4096
	MaxForwarders    = 256
	MaxNameLen       = 63
	MaxUpstreamLen   = 256
	MaxHTTPPathLen   = 1024
	MaxCheckPayload  = 1024 // bytes of a udp check's send or expect: one datagram on any path
	// MinUnreachableIntervalMS is the shortest interval of a udp check without expect:
	// Linux sends at most one ICMP error a second to an address after a burst
	// (net.ipv4.icmp_ratelimit), and a probe whose ICMP error was not sent reads as up.
	MinUnreachableIntervalMS = 1000
)

// MaxConnRateLimit and MaxConnLimit are the largest conn_rate_limit of a service and
// conn_limit of a real: the forwarder keeps both in 32 bits.
const (
	MaxConnRateLimit = math.MaxUint32
	MaxConnLimit     = math.MaxUint32
	// MaxSynproxyThreshold is the largest synproxy_threshold (32 bits at the forwarder).
	MaxSynproxyThreshold = math.MaxUint32
)

// FullNAT (docs/mode-fullnat.md): the mode, and its client address option's values.
const (
	ModeFullNAT   = "fullnat"
	ClientAddrOff = "off"
	ClientAddrOn  = "on"
)

// ProtoSCTP is SCTP's protocol name (docs/sctp.md): nat, dr and tunnel modes only.
const ProtoSCTP = "sctp"

// A service's hash (Service.Hash): what its new flows are scheduled by.
const (
	HashFiveTuple = "5tuple"
	HashSIPCallID = "sip_call_id"
)

// MaxWeight is a real's largest weight. It is the forwarder's limit too (CTL_MAX_WEIGHT in
// forwarder/src, which refuses more); the Go side (validation, the policy's scale, hvlbctl,
// the fake forwarder) takes it from here.
const MaxWeight = 1000000

var (
	protocols  = []string{"tcp", "udp", ProtoSCTP}
	modes      = []string{"nat", "dr", ModeTunnel, ModeFullNAT, ModeVXLAN}
	schedulers = []string{"maglev", "random", "rr", "wrr", "sh", "lc"}
	checkKinds = []string{"tcp", "udp", "sip", "http", "sctp", "none"}
	downConns  = []string{DownKeep, DownReschedule}
	allDowns   = []string{AllDownDrop, AllDownKeepLast}
	synproxies = []string{SynproxyOff, SynproxyOn, SynproxyAuto}
	overrides  = []string{"", "up", "down"}
)

// ServiceID returns the id of the service (protocol, vip, port): "<protocol>-<vip>-<port>".
func ServiceID(protocol, vip string, port int) string {
	return protocol + "-" + vip + "-" + strconv.Itoa(port)
}

// ServiceIDVNI is ServiceID within a VXLAN tenant: "<protocol>-<vip>-<port>-vni<vni>" (vni 0:
// ServiceID's).
func ServiceIDVNI(protocol, vip string, port, vni int) string {
	if vni == 0 {
		return ServiceID(protocol, vip, port)
	}
	return ServiceID(protocol, vip, port) + "-vni" + strconv.Itoa(vni)
}

// RealKey returns the key of a real within its service: "addr:port", "[addr]:port" for IPv6.
func RealKey(address string, port int) string {
	a, err := netip.ParseAddr(address)
	if err != nil {
		return address + ":" + strconv.Itoa(port)
	}
	return netip.AddrPortFrom(a, uint16(port)).String()
}

// ParseRealKey parses "addr:port" or "[addr]:port" into a canonical address and a port.
func ParseRealKey(key string) (string, int, error) {
	ap, err := netip.ParseAddrPort(key)
	if err != nil {
		return "", 0, &FieldError{Field: "real", Msg: fmt.Sprintf("%q is not addr:port or [addr]:port", key)}
	}
	if ap.Addr().Zone() != "" {
		return "", 0, &FieldError{Field: "real", Msg: "address has a zone"}
	}
	return ap.Addr().Unmap().String(), int(ap.Port()), nil
}

// Key returns the real's key within its service.
func (r *Real) Key() string { return RealKey(r.Address, r.Port) }

// FindReal returns the index of the real with this address and port, or -1.
func (s *Service) FindReal(address string, port int) int {
	for i := range s.Reals {
		if s.Reals[i].Address == address && s.Reals[i].Port == port {
			return i
		}
	}
	return -1
}

// RunsOn reports whether the service is assigned to forwarder id (an empty list: all).
func (s *Service) RunsOn(id string) bool {
	if len(s.Forwarders) == 0 {
		return true
	}
	for _, f := range s.Forwarders {
		if f == id {
			return true
		}
	}
	return false
}

// EffectiveHealthCheck returns the service's health check with defaults filled in.
func (s *Service) EffectiveHealthCheck() HealthCheck {
	if s.HealthCheck == nil {
		return DefaultHealthCheck(s.Protocol)
	}
	return *s.HealthCheck
}

// DefaultHealthCheck is the check a service without one gets, every second: a TCP connect
// for a TCP service, a UDP check without expect for a UDP one, which only an ICMP port
// unreachable fails (a TCP connect to a UDP-only NF would mark every real down, and so
// would wanting a reply from an NF that ignores what it does not understand).
func DefaultHealthCheck(protocol string) HealthCheck {
	kind := "tcp"
	switch protocol {
	case "udp":
		kind = "udp"
	case ProtoSCTP:
		kind = ProtoSCTP // INIT, INIT-ACK, ABORT (internal/health/sctp.go)
	}
	return HealthCheck{Kind: kind, IntervalMS: 1000, TimeoutMS: 500, Rise: 2, Fall: 3}
}

// Payloads returns the bytes a udp check sends and expects (nil: not given), from a
// health check NormalizeHealthCheck accepted.
func (hc HealthCheck) Payloads() (send, expect []byte) {
	pick := func(text, hx string) []byte {
		if hx != "" {
			b, _ := hex.DecodeString(hx)
			return b
		}
		if text != "" {
			return []byte(text)
		}
		return nil
	}
	return pick(hc.Send, hc.SendHex), pick(hc.Expect, hc.ExpectHex)
}

// Clone returns a deep copy.
func (s Service) Clone() Service {
	s.Forwarders = slices.Clone(s.Forwarders)
	s.Reals = slices.Clone(s.Reals)
	if s.HealthCheck != nil {
		hc := *s.HealthCheck
		s.HealthCheck = &hc
	}
	s.Policy = s.Policy.Clone()
	if s.Timeouts != nil {
		t := *s.Timeouts
		s.Timeouts = &t
	}
	if s.CountersZeroedAt != nil {
		z := *s.CountersZeroedAt
		s.CountersZeroedAt = &z
	}
	return s
}

func oneOf(v string, set []string) bool {
	for _, s := range set {
		if v == s {
			return true
		}
	}
	return false
}

func quoteList(set []string) string {
	q := make([]string, 0, len(set))
	for _, s := range set {
		if s == "" {
			q = append(q, `""`)
			continue
		}
		q = append(q, s)
	}
	return strings.Join(q, ", ")
}
