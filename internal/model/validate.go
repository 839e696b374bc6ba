package model

import (
	"encoding/hex"
	"fmt"
	"net/netip"
	"regexp"
	"strconv"
	"unicode"
)

// FieldError says which field of a request is wrong and why. Field is a JSON path
// ("reals[2].weight"); the API returns it as is.
type FieldError struct {
	Field string
	Msg   string
}

func (e *FieldError) Error() string {
	if e.Field == "" {
		return e.Msg
	}
	return e.Field + ": " + e.Msg
}

func fieldErr(field, format string, args ...any) error {
	return &FieldError{Field: field, Msg: fmt.Sprintf(format, args...)}
}

func join(prefix, field string) string {
	if prefix == "" {
		return field
	}
	return prefix + "." + field
}

var nameRE = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$`)

// ValidName checks an identifier such as a forwarder id.
func ValidName(field, v string) error {
	if v == "" {
		return fieldErr(field, "required")
	}
	if !nameRE.MatchString(v) {
		return fieldErr(field, "%q: want 1-%d letters, digits, '.', '_' or '-', starting with a letter or digit", v, MaxNameLen)
	}
	return nil
}

// ParseAddr checks a VIP or real address and returns its canonical text.
func ParseAddr(field, v string) (netip.Addr, error) {
	if v == "" {
		return netip.Addr{}, fieldErr(field, "required")
	}
	a, err := netip.ParseAddr(v)
	if err != nil {
		return netip.Addr{}, fieldErr(field, "%q is not an IPv4 or IPv6 address", v)
	}
	if a.Zone() != "" {
		return netip.Addr{}, fieldErr(field, "%q: zones are not allowed", v)
	}
	// The address it is, however written: ::ffff:0.0.0.0 is 0.0.0.0.
	a = a.Unmap()
	switch {
	case a.IsUnspecified():
		return netip.Addr{}, fieldErr(field, "%q: the unspecified address is not allowed", v)
	case a.IsMulticast():
		return netip.Addr{}, fieldErr(field, "%q: multicast addresses are not allowed", v)
	case a == netip.AddrFrom4([4]byte{255, 255, 255, 255}):
		return netip.Addr{}, fieldErr(field, "%q: the broadcast address is not allowed", v)
	case a.IsLoopback():
		return netip.Addr{}, fieldErr(field, "%q: loopback addresses (127.0.0.0/8, ::1) are not allowed: "+
			"they never leave their host, so the forwarder can neither receive on one nor reach an NF at one", v)
	}
	return a, nil
}

func checkPort(field string, p int) error {
	if p < 0 || p > 65535 {
		return fieldErr(field, "%d: want 0..65535", p)
	}
	return nil
}

func checkEnum(field, v string, set []string) error {
	if !oneOf(v, set) {
		return fieldErr(field, "%q: want one of %s", v, quoteList(set))
	}
	return nil
}

func checkText(field, v string, max int) error {
	if len(v) > max {
		return fieldErr(field, "longer than %d bytes", max)
	}
	for _, r := range v {
		if !unicode.IsPrint(r) {
			return fieldErr(field, "contains a non-printable character")
		}
	}
	return nil
}

// NormalizeService checks every field of s, fills in defaults, canonicalises addresses
// and sets the id. Read-only fields (versions, health) are left as they are.
func NormalizeService(s *Service) error {
	if err := checkEnum("protocol", s.Protocol, protocols); err != nil {
		return err
	}
	vip, err := ParseAddr("vip", s.VIP)
	if err != nil {
		return err
	}
	s.VIP = vip.String()
	if err := checkPort("port", s.Port); err != nil {
		return err
	}
	if s.Mode == "" {
		s.Mode = DefaultMode
	}
	if err := checkEnum("mode", s.Mode, modes); err != nil {
		return err
	}
	if s.Protocol == ProtoSCTP && s.Mode != "nat" && s.Mode != "dr" && s.Mode != ModeTunnel {
		return fieldErr("mode", "%s: an sctp service is nat, dr or tunnel (docs/sctp.md)", s.Mode)
	}
	if err := normalizeEncap(s); err != nil {
		return err
	}
	if err := normalizeVXLAN(s, vip); err != nil {
		return err
	}
	if s.Scheduler == "" {
		s.Scheduler = DefaultScheduler
	}
	if err := checkEnum("scheduler", s.Scheduler, schedulers); err != nil {
		return err
	}
	if s.DownConns == "" {
		s.DownConns = DefaultDownConns(s.Protocol)
	}
	if err := checkEnum("down_conns", s.DownConns, downConns); err != nil {
		return err
	}
	if s.AllDown == "" {
		s.AllDown = AllDownDrop
	}
	if err := checkEnum("all_down", s.AllDown, allDowns); err != nil {
		return err
	}
	if err := normalizeForwarders(s); err != nil {
		return err
	}
	if s.HealthCheck != nil {
		if err := NormalizeHealthCheck("health_check", s.HealthCheck, s.Protocol); err != nil {
			return err
		}
	}
	if err := normalizePolicy(&s.Policy); err != nil {
		return err
	}
	if err := validateSettings(s); err != nil {
		return err
	}
	if s.Timeouts != nil {
		for _, f := range s.Timeouts.fields() {
			if f.v < 0 || f.v > MaxTimeout {
				return fieldErr("timeouts."+f.name, "%d: want 0..%d seconds (0: the forwarder's global value)", f.v, MaxTimeout)
			}
		}
		if s.Timeouts.IsZero() {
			s.Timeouts = nil // none of its own: one way to say it
		}
	}
	if err := normalizeSynproxy(s); err != nil {
		return err
	}
	if err := normalizeClientAddr(s); err != nil {
		return err
	}
	if err := normalizeHash(s); err != nil {
		return err
	}
	if len(s.Reals) > MaxReals {
		return fieldErr("reals", "%d reals: at most %d", len(s.Reals), MaxReals)
	}
	seen := make(map[string]int, len(s.Reals))
	for i := range s.Reals {
		field := "reals[" + strconv.Itoa(i) + "]"
		if err := NormalizeReal(field, s, &s.Reals[i]); err != nil {
			return err
		}
		k := s.Reals[i].Key()
		if j, dup := seen[k]; dup {
			return fieldErr(field, "%s is already reals[%d]", k, j)
		}
		seen[k] = i
	}
	s.ID = ServiceIDVNI(s.Protocol, s.VIP, s.Port, s.VNI)
	if s.Forwarders == nil {
		s.Forwarders = []string{}
	}
	if s.Reals == nil {
		s.Reals = []Real{}
	}
	return nil
}

func normalizeForwarders(s *Service) error {
	if len(s.Forwarders) > MaxForwarders {
		return fieldErr("forwarders", "%d forwarders: at most %d", len(s.Forwarders), MaxForwarders)
	}
	seen := make(map[string]bool, len(s.Forwarders))
	for i, f := range s.Forwarders {
		field := "forwarders[" + strconv.Itoa(i) + "]"
		if err := ValidName(field, f); err != nil {
			return err
		}
		if seen[f] {
			return fieldErr(field, "%q is listed twice", f)
		}
		seen[f] = true
	}
	return nil
}

// NormalizeHealthCheck checks a health check and fills in defaults for zero fields.
func NormalizeHealthCheck(prefix string, hc *HealthCheck, protocol string) error {
	def := DefaultHealthCheck(protocol)
	if hc.Kind == "" {
		hc.Kind = def.Kind
	}
	if err := checkEnum(join(prefix, "kind"), hc.Kind, checkKinds); err != nil {
		return err
	}
	if hc.Kind == "http" {
		if hc.HTTPPath == "" {
			hc.HTTPPath = "/"
		}
		if hc.HTTPPath[0] != '/' {
			return fieldErr(join(prefix, "http_path"), "%q: must start with /", hc.HTTPPath)
		}
		if err := checkText(join(prefix, "http_path"), hc.HTTPPath, MaxHTTPPathLen); err != nil {
			return err
		}
		for _, r := range hc.HTTPPath {
			if r == ' ' {
				return fieldErr(join(prefix, "http_path"), "contains a space")
			}
		}
	} else if hc.HTTPPath != "" {
		return fieldErr(join(prefix, "http_path"), "only for kind http")
	}
	if err := checkPayloads(prefix, hc); err != nil {
		return err
	}
	if hc.IntervalMS == 0 {
		hc.IntervalMS = def.IntervalMS
	}
	if hc.IntervalMS < 100 || hc.IntervalMS > 3600000 {
		return fieldErr(join(prefix, "interval_ms"), "%d: want 100..3600000", hc.IntervalMS)
	}
	if hc.Kind == "udp" && hc.Expect == "" && hc.ExpectHex == "" && hc.IntervalMS < MinUnreachableIntervalMS {
		return fieldErr(join(prefix, "interval_ms"), "%d: a udp check without expect needs at least %d: "+
			"it fails only on an ICMP port unreachable, and the NF's kernel sends at most one a second "+
			"(a probe it sends none for reads as up); set expect or expect_hex for a faster check",
			hc.IntervalMS, MinUnreachableIntervalMS)
	}
	if hc.TimeoutMS == 0 {
		hc.TimeoutMS = min(def.TimeoutMS, hc.IntervalMS)
	}
	if hc.TimeoutMS < 10 || hc.TimeoutMS > hc.IntervalMS {
		return fieldErr(join(prefix, "timeout_ms"), "%d: want 10..interval_ms (%d)", hc.TimeoutMS, hc.IntervalMS)
	}
	if hc.Rise == 0 {
		hc.Rise = def.Rise
	}
	if hc.Rise < 1 || hc.Rise > 100 {
		return fieldErr(join(prefix, "rise"), "%d: want 1..100", hc.Rise)
	}
	if hc.Fall == 0 {
		hc.Fall = def.Fall
	}
	if hc.Fall < 1 || hc.Fall > 100 {
		return fieldErr(join(prefix, "fall"), "%d: want 1..100", hc.Fall)
	}
	return checkPort(join(prefix, "port"), hc.Port)
}

// checkPayloads checks a udp check's send and expect, each given as text or as hex.
func checkPayloads(prefix string, hc *HealthCheck) error {
	pairs := []struct{ text, hx, textField, hexField string }{
		{hc.Send, hc.SendHex, "send", "send_hex"},
		{hc.Expect, hc.ExpectHex, "expect", "expect_hex"},
	}
	for _, p := range pairs {
		for _, f := range []struct{ v, name string }{{p.text, p.textField}, {p.hx, p.hexField}} {
			if f.v != "" && hc.Kind != "udp" {
				return fieldErr(join(prefix, f.name), "only for kind udp")
			}
		}
		if p.text != "" && p.hx != "" {
			return fieldErr(join(prefix, p.hexField), "give %s or %s, not both", p.textField, p.hexField)
		}
		if len(p.text) > MaxCheckPayload {
			return fieldErr(join(prefix, p.textField), "longer than %d bytes", MaxCheckPayload)
		}
		for _, r := range p.text {
			if !unicode.IsPrint(r) && r != '\t' && r != '\r' && r != '\n' {
				return fieldErr(join(prefix, p.textField), "%q: a control character other than tab, CR or LF (give %s)",
					r, p.hexField)
			}
		}
		b, err := hex.DecodeString(p.hx)
		if err != nil {
			return fieldErr(join(prefix, p.hexField), "not hex (two digits a byte, no spaces): %v", err)
		}
		if len(b) > MaxCheckPayload {
			return fieldErr(join(prefix, p.hexField), "%d bytes: at most %d", len(b), MaxCheckPayload)
		}
	}
	return nil
}

// NormalizeReal checks a real of service s (whose protocol, vip, port and mode are already
// valid) and canonicalises its address. field names it in errors ("reals[1]" or "").
func NormalizeReal(field string, s *Service, r *Real) error {
	a, err := ParseAddr(join(field, "address"), r.Address)
	if err != nil {
		return err
	}
	vip, _ := netip.ParseAddr(s.VIP)
	// A tunnel carries either family in either (docs/mode-tunnel.md).
	if a.Is4() != vip.Is4() && s.Mode != ModeTunnel {
		return fieldErr(join(field, "address"), "%s: not the address family of vip %s", a, s.VIP)
	}
	if a == vip {
		return fieldErr(join(field, "address"), "%s is the service's own vip: the forwarder owns that "+
			"address, so what it sends there, on any port, comes back to it and loops until its TTL runs out", a)
	}
	r.Address = a.String()
	if err := checkPort(join(field, "port"), r.Port); err != nil {
		return err
	}
	if s.Mode == ModeVXLAN && r.Port != 0 {
		return fieldErr(join(field, "port"), "%d: a vxlan real is the NF's VTEP, reached on VXLAN's port (use 0)", r.Port)
	}
	if (s.Mode == "dr" || s.Mode == ModeTunnel) && r.Port != 0 && r.Port != s.Port {
		return fieldErr(join(field, "port"), "%d: in %s mode a real's port is 0 or the service port %d", r.Port, s.Mode, s.Port)
	}
	if r.Weight < 0 || r.Weight > MaxWeight {
		return fieldErr(join(field, "weight"), "%d: want 0..%d", r.Weight, MaxWeight)
	}
	if r.ConnLimit < 0 || r.ConnLimit > MaxConnLimit {
		return fieldErr(join(field, "conn_limit"), "%d: want 0..%d (0: no limit)", r.ConnLimit, MaxConnLimit)
	}
	if err := checkEnum(join(field, "health_override"), r.HealthOverride, overrides); err != nil {
		return err
	}
	if err := checkPolicyInputs(field, r); err != nil {
		return err
	}
	if r.Port == 0 && s.Port == 0 {
		hc := s.EffectiveHealthCheck()
		if hc.Kind != "none" && hc.Port == 0 && r.HealthOverride == "" {
			return fieldErr(join(field, "port"), "0 with service port 0: health_check.port must say where to check")
		}
	}
	return nil
}

// NormalizeForwarder checks what an agent registers.
func NormalizeForwarder(f *Forwarder) error {
	if err := ValidName("forwarder.id", f.ID); err != nil {
		return err
	}
	if err := checkText("forwarder.hostname", f.Hostname, 253); err != nil {
		return err
	}
	if len(f.Ports) > 64 {
		return fieldErr("forwarder.ports", "%d ports: at most 64", len(f.Ports))
	}
	for i, p := range f.Ports {
		if err := checkText("forwarder.ports["+strconv.Itoa(i)+"]", p, 128); err != nil {
			return err
		}
	}
	if f.Queues > 4096 {
		return fieldErr("forwarder.queues", "%d: at most 4096", f.Queues)
	}
	if f.Cores > 4096 {
		return fieldErr("forwarder.cores", "%d: at most 4096", f.Cores)
	}
	if len(f.NUMANodes) > 64 {
		return fieldErr("forwarder.numa_nodes", "%d nodes: at most 64", len(f.NUMANodes))
	}
	if f.Ports == nil {
		f.Ports = []string{}
	}
	if f.NUMANodes == nil {
		f.NUMANodes = []int{}
	}
	if f.SyncAddr != "" {
		if _, err := netip.ParseAddrPort(f.SyncAddr); err != nil {
			return fieldErr("forwarder.sync_addr", "%q: want address:port (%v)", f.SyncAddr, err)
		}
	}
	return checkText("forwarder.version", f.AgentVersion, 64)
}

// NormalizeLBSpec checks a load-balancing request and returns the service it asks for.
func NormalizeLBSpec(spec *LBSpec) (Service, error) {
	if err := checkText("upstream", spec.Upstream, MaxUpstreamLen); err != nil {
		return Service{}, err
	}
	if len(spec.NFs) == 0 {
		return Service{}, fieldErr("nfs", "at least one NF is required")
	}
	if len(spec.NFs) > MaxReals {
		return Service{}, fieldErr("nfs", "%d NFs: at most %d", len(spec.NFs), MaxReals)
	}
	s := Service{Protocol: spec.Protocol, VIP: spec.VIP, Port: spec.Port,
		Mode: spec.Mode, Encap: spec.Encap, Scheduler: spec.Scheduler}
	for _, nf := range spec.NFs {
		w := DefaultWeight
		if nf.Weight != nil {
			w = *nf.Weight
		}
		s.Reals = append(s.Reals, Real{Address: nf.Address, Port: nf.Port, Weight: w})
	}
	if err := NormalizeService(&s); err != nil {
		if fe, ok := err.(*FieldError); ok && len(fe.Field) >= 5 && fe.Field[:5] == "reals" {
			return Service{}, &FieldError{Field: "nfs" + fe.Field[5:], Msg: fe.Msg}
		}
		return Service{}, err
	}
	spec.Protocol, spec.VIP, spec.Mode, spec.Scheduler = s.Protocol, s.VIP, s.Mode, s.Scheduler
	for i := range spec.NFs {
		spec.NFs[i].Address = s.Reals[i].Address
		w := s.Reals[i].Weight
		spec.NFs[i].Weight = &w
	}
	return s, nil
}

// normalizeVXLAN checks a service's vni and priority: a vxlan service has a VNI and an IPv4
// VIP (its tenant's inner address; the reals are its NFs' VTEPs), no other service a VNI.
func normalizeVXLAN(s *Service, vip netip.Addr) error {
	if s.Priority < 0 || s.Priority > MaxPriority {
		return fieldErr("priority", "%d: want 0..%d", s.Priority, MaxPriority)
	}
	if s.VNI < 0 || s.VNI > MaxVNI {
		return fieldErr("vni", "%d: want 1..%d", s.VNI, MaxVNI)
	}
	if s.Mode != ModeVXLAN {
		if s.VNI != 0 {
			return fieldErr("vni", "%d: only a vxlan service has one (mode %s)", s.VNI, s.Mode)
		}
		return nil
	}
	if s.VNI == 0 {
		return fieldErr("vni", "required in mode vxlan (1..%d)", MaxVNI)
	}
	if !vip.Is4() {
		return fieldErr("vip", "%s: a vxlan service is IPv4", vip)
	}
	return nil
}

// normalizeSynproxy checks the SYN proxy's settings: off by default, and on or auto only
// where the forwarder can translate sequence numbers (nat: in dr the NF's replies bypass it)
// and there is a handshake to proxy (tcp).
func normalizeSynproxy(s *Service) error {
	if s.Synproxy == "" {
		s.Synproxy = SynproxyOff
	}
	if err := checkEnum("synproxy", s.Synproxy, synproxies); err != nil {
		return err
	}
	if s.Synproxy != SynproxyOff && s.Mode != "nat" {
		return fieldErr("synproxy", "%s: only in nat mode (in dr the NF's replies bypass the forwarder, "+
			"so sequence numbers cannot be translated)", s.Synproxy)
	}
	if s.Synproxy != SynproxyOff && s.Protocol != "tcp" {
		return fieldErr("synproxy", "%s: only for tcp services", s.Synproxy)
	}
	if s.SynproxyThreshold < 0 || s.SynproxyThreshold > MaxSynproxyThreshold {
		return fieldErr("synproxy_threshold", "%d: want 0..%d (0: the forwarder's default, 1000)",
			s.SynproxyThreshold, MaxSynproxyThreshold)
	}
	return nil
}

// normalizeHash checks what a service's flows are scheduled by: the 5-tuple by default
// (stored as "", so that services without it read as before), or a SIP message's Call-ID, for
// a nat udp service whose scheduler looks a hash up in its Maglev table (maglev, sh): the
// others choose with no hash, so no choice of theirs is the same for every message of a call.
func normalizeHash(s *Service) error {
	if s.Hash == HashFiveTuple {
		s.Hash = ""
	}
	switch {
	case s.Hash == "":
		return nil
	case s.Hash != HashSIPCallID:
		return fieldErr("hash", "%q: want 5tuple or sip_call_id", s.Hash)
	case s.Mode != "nat" || s.Protocol != "udp":
		return fieldErr("hash", "sip_call_id: only for a nat udp service (SIP over UDP)")
	case s.Scheduler != "maglev" && s.Scheduler != "sh":
		return fieldErr("hash", "sip_call_id: needs the maglev or sh scheduler, not %s", s.Scheduler)
	}
	return nil
}

// normalizeClientAddr checks FullNAT's client address option: off by default (stored as ""
// so that services without it read as before), on only for a fullnat service (tcp: the TOA in
// the SYN; udp: a trailer on each datagram).
func normalizeClientAddr(s *Service) error {
	if s.ClientAddr == ClientAddrOff {
		s.ClientAddr = ""
	}
	if s.ClientAddr != "" && s.ClientAddr != ClientAddrOn {
		return fieldErr("client_addr", "%q: want on or off", s.ClientAddr)
	}
	if s.ClientAddr == ClientAddrOn && s.Mode != ModeFullNAT {
		return fieldErr("client_addr", "on: only for a fullnat service (NAT's NFs see the client anyway)")
	}
	return nil
}
