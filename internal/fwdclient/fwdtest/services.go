package fwdtest

// The fake's rules for services and reals: what it accepts and refuses, with the errno values
// and field names the forwarder's local API (ctl_op*.c) gives for the same mistakes.

import (
	"fmt"
	"net"
	"net/netip"
	"strings"
	"syscall"

	"google.golang.org/protobuf/proto"

	"hvlb/internal/model"
	"hvlb/internal/pb/fwdpb"
)

var modes = map[string]bool{"nat": true, "dr": true, model.ModeTunnel: true, model.ModeFullNAT: true,
	model.ModeVXLAN: true}
var schedulers = map[string]bool{"maglev": true, "random": true, "rr": true, "wrr": true,
	"sh": true, "lc": true}
var downConns = map[string]bool{model.DownKeep: true, model.DownReschedule: true}
var allDowns = map[string]bool{model.AllDownDrop: true, model.AllDownKeepLast: true}

// parseID checks a ServiceId and returns it with the address in canonical form.
func parseID(path string, id *fwdpb.ServiceId) (*fwdpb.ServiceId, *failure) {
	if id == nil {
		return nil, fail(syscall.EINVAL, "%s: missing", path)
	}
	if id.GetProtocol() != "tcp" && id.GetProtocol() != "udp" && id.GetProtocol() != "sctp" {
		return nil, fail(syscall.EINVAL, "%s.protocol: not tcp, udp or sctp", path)
	}
	a, err := netip.ParseAddr(id.GetVip())
	if err != nil {
		return nil, fail(syscall.EINVAL, "%s.vip: not an IP address", path)
	}
	if id.GetVport() > 65535 {
		return nil, fail(syscall.EINVAL, "%s.vport: must be <= 65535", path)
	}
	if id.GetVni() > model.MaxVNI {
		return nil, fail(syscall.EINVAL, "%s.vni: must be 0 to %d", path, model.MaxVNI)
	}
	return &fwdpb.ServiceId{Protocol: id.GetProtocol(), Vip: a.String(), Vport: id.GetVport(), Vni: id.GetVni()}, nil
}

func (f *Forwarder) find(op string, id *fwdpb.ServiceId) (int, *failure) {
	k, bad := parseID(op+".id", id)
	if bad != nil {
		return -1, bad
	}
	for i, s := range f.services {
		if proto.Equal(s.GetId(), k) {
			return i, nil
		}
	}
	return -1, fail(syscall.ENOENT, "%s: no service %s", op, svcName(k))
}

func parseReal(path string, rs *fwdpb.RealService) (*fwdpb.RealService, *failure) {
	if rs == nil {
		return nil, fail(syscall.EINVAL, "%s: missing", path)
	}
	a, err := netip.ParseAddr(rs.GetAddress())
	if err != nil {
		return nil, fail(syscall.EINVAL, "%s.address: not an IP address", path)
	}
	switch {
	case rs.GetPort() > 65535:
		return nil, fail(syscall.EINVAL, "%s.port: must be <= 65535", path)
	case rs.GetWeight() > model.MaxWeight:
		return nil, fail(syscall.EINVAL, "%s.weight: must be <= %d", path, model.MaxWeight)
	case rs.GetHealth() > 1:
		return nil, fail(syscall.EINVAL, "%s.health: must be 0 or 1", path)
	}
	return &fwdpb.RealService{Address: a.String(), Port: rs.GetPort(), Weight: rs.GetWeight(),
		Health: rs.GetHealth(), ConnLimit: rs.GetConnLimit()}, nil
}

func (f *Forwarder) addService(v *fwdpb.VirtualService) *failure {
	if v == nil {
		return fail(syscall.EINVAL, "add_service.service: missing")
	}
	id, bad := parseID("add_service.service.id", v.GetId())
	if bad != nil {
		return bad
	}
	vs := &fwdpb.VirtualService{Id: id, Mode: v.GetMode(), Encap: v.GetEncap(), Scheduler: v.GetScheduler(),
		DownConns: v.GetDownConns(), AllDown: v.GetAllDown(),
		Timeouts: listedTimeouts(v.GetTimeouts()), Synproxy: v.GetSynproxy(), SynproxyThreshold: v.GetSynproxyThreshold(),
		Priority: v.GetPriority()}
	copySettings(vs, v)
	if vs.Mode == "" {
		vs.Mode = "nat"
	}
	if vs.Synproxy == "" {
		vs.Synproxy = model.SynproxyOff
	}
	if bad := checkSynproxy("add_service.service.synproxy", vs.Synproxy, vs.Mode, id.GetProtocol()); bad != nil {
		return bad
	}
	vs.ClientAddr = orDefault(v.GetClientAddr(), model.ClientAddrOff)
	if bad := checkClientAddr("add_service.service.client_addr", vs.ClientAddr, vs.Mode, id.GetProtocol()); bad != nil {
		return bad
	}
	if vs.Scheduler == "" {
		vs.Scheduler = "maglev"
	}
	vs.Hash = orDefault(v.GetHash(), model.HashFiveTuple)
	if bad := checkHash("add_service.service", vs.Hash, vs.Mode, id.GetProtocol(), vs.Scheduler); bad != nil {
		return bad
	}
	if vs.DownConns == "" {
		vs.DownConns = model.DefaultDownConns(id.GetProtocol())
	}
	if vs.AllDown == "" {
		vs.AllDown = model.AllDownDrop
	}
	if !downConns[vs.DownConns] {
		return fail(syscall.EINVAL, "add_service.service.down_conns: '%s' is not keep or reschedule", vs.DownConns)
	}
	if !allDowns[vs.AllDown] {
		return fail(syscall.EINVAL, "add_service.service.all_down: '%s' is not drop or keep_last", vs.AllDown)
	}
	if !modes[vs.Mode] {
		return fail(syscall.EINVAL, "add_service.service.mode: '%s' is not nat, dr, tunnel, fullnat or vxlan", vs.Mode)
	}
	if bad := checkEncap("add_service.service.encap", vs.Mode, vs.Encap); bad != nil {
		return bad
	}
	if !schedulers[vs.Scheduler] {
		return fail(syscall.EINVAL, "add_service.service.scheduler: '%s' is not known", vs.Scheduler)
	}
	for _, s := range f.services {
		if proto.Equal(s.GetId(), id) {
			return fail(syscall.EEXIST, "add_service: service %s already exists", svcName(id))
		}
	}
	for i, r := range v.GetRealServices() {
		rs, bad := parseReal(fmt.Sprintf("add_service.service.real_services[%d]", i), r)
		if bad != nil {
			return bad
		}
		vs.RealServices = append(vs.RealServices, rs)
	}
	f.services = append(f.services, vs)
	f.changed("add_service %s reals=%d", svcName(id), len(vs.RealServices))
	return nil
}

func (f *Forwarder) updateService(m *fwdpb.UpdateService) *failure {
	if m.GetMode() == "" && m.GetScheduler() == "" && m.GetDownConns() == "" && m.GetAllDown() == "" &&
		m.GetEncap() == "" && !settingsGiven(m) && !m.GetSetTimeouts() && m.GetSynproxy() == "" &&
		!m.GetSetSynproxyThreshold() && m.GetClientAddr() == "" && !m.GetSetPriority() && m.GetHash() == "" {
		return fail(syscall.EINVAL, "update_service: neither mode, scheduler, down_conns, all_down, "+
			"synproxy, hash, set_priority, set_conn_rate_limit, set_synproxy_threshold nor set_timeouts given")
	}
	if m.GetDownConns() != "" && !downConns[m.GetDownConns()] {
		return fail(syscall.EINVAL, "update_service.down_conns: '%s' is not keep or reschedule", m.GetDownConns())
	}
	if m.GetAllDown() != "" && !allDowns[m.GetAllDown()] {
		return fail(syscall.EINVAL, "update_service.all_down: '%s' is not drop or keep_last", m.GetAllDown())
	}
	if m.GetMode() != "" && !modes[m.GetMode()] {
		return fail(syscall.EINVAL, "update_service.mode: '%s' is not nat, dr, tunnel, fullnat or vxlan", m.GetMode())
	}
	if m.GetScheduler() != "" && !schedulers[m.GetScheduler()] {
		return fail(syscall.EINVAL, "update_service.scheduler: '%s' is not known", m.GetScheduler())
	}
	i, bad := f.find("update_service", m.GetId())
	if bad != nil {
		return bad
	}
	vs := f.services[i]
	sp, mode := orDefault(m.GetSynproxy(), vs.GetSynproxy()), orDefault(m.GetMode(), vs.GetMode())
	if bad := checkSynproxy("update_service.synproxy", sp, mode, vs.GetId().GetProtocol()); bad != nil {
		return bad
	}
	ca := orDefault(m.GetClientAddr(), orDefault(vs.GetClientAddr(), model.ClientAddrOff))
	if bad := checkClientAddr("update_service.client_addr", ca, mode, vs.GetId().GetProtocol()); bad != nil {
		return bad
	}
	hash := orDefault(m.GetHash(), orDefault(vs.GetHash(), model.HashFiveTuple))
	if bad := checkHash("update_service", hash, mode, vs.GetId().GetProtocol(),
		orDefault(m.GetScheduler(), vs.GetScheduler())); bad != nil {
		return bad
	}
	// As the forwarder (cfgstore_tunnel.c): "" keeps the encapsulation, which a mode other
	// than tunnel drops.
	encap := orDefault(m.GetEncap(), vs.GetEncap())
	if mode != model.ModeTunnel && m.GetEncap() == "" {
		encap = ""
	}
	if bad := checkEncap("update_service", mode, encap); bad != nil {
		return bad
	}
	vs.Encap = encap
	if m.GetMode() != "" {
		vs.Mode = m.GetMode()
	}
	if m.GetScheduler() != "" {
		vs.Scheduler = m.GetScheduler()
	}
	desc := ""
	if m.GetMode() != "" || m.GetScheduler() != "" {
		desc = fmt.Sprintf(" mode=%s scheduler=%s", m.GetMode(), m.GetScheduler())
	}
	if m.GetEncap() != "" {
		desc += " encap=" + m.GetEncap()
	}
	if m.GetDownConns() != "" {
		vs.DownConns = m.GetDownConns()
		desc += " down_conns=" + vs.DownConns
	}
	if m.GetAllDown() != "" {
		vs.AllDown = m.GetAllDown()
		desc += " all_down=" + vs.AllDown
	}
	desc += updateSettings(vs, m)
	if m.GetSetTimeouts() {
		vs.Timeouts = listedTimeouts(m.GetTimeouts())
		desc += " timeouts=" + timeoutsDesc(vs.Timeouts)
	}
	if m.GetSynproxy() != "" {
		vs.Synproxy = m.GetSynproxy()
		desc += " synproxy=" + vs.Synproxy
	}
	if m.GetSetSynproxyThreshold() {
		vs.SynproxyThreshold = m.GetSynproxyThreshold()
		desc += fmt.Sprintf(" synproxy_threshold=%d", vs.SynproxyThreshold)
	}
	if m.GetSetPriority() {
		vs.Priority = m.GetPriority()
		desc += fmt.Sprintf(" priority=%d", vs.Priority)
	}
	if m.GetClientAddr() != "" {
		vs.ClientAddr = m.GetClientAddr()
		desc += " client_addr=" + vs.ClientAddr
	}
	if m.GetHash() != "" {
		vs.Hash = m.GetHash()
		desc += " hash=" + vs.Hash
	}
	f.changed("update_service %s%s", svcName(vs.GetId()), desc)
	return nil
}

func (f *Forwarder) findReal(op string, id *fwdpb.ServiceId, addr string, port uint32) (int, int, *failure) {
	i, bad := f.find(op, id)
	if bad != nil {
		return -1, -1, bad
	}
	a, err := netip.ParseAddr(addr)
	if err != nil {
		return -1, -1, fail(syscall.EINVAL, "%s.address: not an IP address", op)
	}
	for j, rs := range f.services[i].RealServices {
		if rs.GetAddress() == a.String() && rs.GetPort() == port {
			return i, j, nil
		}
	}
	return -1, -1, fail(syscall.ENOENT, "%s: service %s has no real %s", op,
		svcName(f.services[i].GetId()), netip.AddrPortFrom(a, uint16(port)))
}

func (f *Forwarder) addReal(m *fwdpb.AddReal) *failure {
	i, bad := f.find("add_real", m.GetService())
	if bad != nil {
		return bad
	}
	rs, bad := parseReal("add_real.real", m.GetReal())
	if bad != nil {
		return bad
	}
	vs := f.services[i]
	for _, r := range vs.RealServices {
		if r.GetAddress() == rs.GetAddress() && r.GetPort() == rs.GetPort() {
			return fail(syscall.EEXIST, "add_real: service %s already has real %s",
				svcName(vs.GetId()), realName(rs))
		}
	}
	vs.RealServices = append(vs.RealServices, rs)
	op := fmt.Sprintf("add_real %s %s weight=%d health=%d", svcName(vs.GetId()), realName(rs),
		rs.GetWeight(), rs.GetHealth())
	if rs.GetConnLimit() != 0 {
		op += fmt.Sprintf(" conn_limit=%d", rs.GetConnLimit())
	}
	f.changed("%s", op)
	return nil
}

func (f *Forwarder) updateReal(m *fwdpb.UpdateReal) *failure {
	if !m.GetSetWeight() && !m.GetSetHealth() && !m.GetSetConnLimit() {
		return fail(syscall.EINVAL, "update_real: set_weight, set_health and set_conn_limit all false")
	}
	if m.GetSetWeight() && m.GetWeight() > model.MaxWeight {
		return fail(syscall.EINVAL, "update_real.weight: must be <= %d", model.MaxWeight)
	}
	if m.GetSetHealth() && m.GetHealth() > 1 {
		return fail(syscall.EINVAL, "update_real.health: must be 0 or 1")
	}
	i, j, bad := f.findReal("update_real", m.GetService(), m.GetAddress(), m.GetPort())
	if bad != nil {
		return bad
	}
	vs := f.services[i]
	rs := vs.RealServices[j]
	s := fmt.Sprintf("update_real %s %s", svcName(vs.GetId()), realName(rs))
	if m.GetSetWeight() {
		rs.Weight = m.GetWeight()
		s += fmt.Sprintf(" weight=%d", rs.Weight)
	}
	if m.GetSetHealth() {
		rs.Health = m.GetHealth()
		s += fmt.Sprintf(" health=%d", rs.Health)
	}
	if m.GetSetConnLimit() {
		rs.ConnLimit = m.GetConnLimit()
		s += fmt.Sprintf(" conn_limit=%d", rs.ConnLimit)
	}
	f.changed("%s", s)
	return nil
}

func svcName(id *fwdpb.ServiceId) string {
	if id.GetVni() != 0 {
		return fmt.Sprintf("%s/%s/%d/vni%d", id.GetProtocol(), id.GetVip(), id.GetVport(), id.GetVni())
	}
	return fmt.Sprintf("%s/%s/%d", id.GetProtocol(), id.GetVip(), id.GetVport())
}

func realName(rs *fwdpb.RealService) string {
	return net.JoinHostPort(rs.GetAddress(), fmt.Sprint(rs.GetPort()))
}

func opName(req *fwdpb.Request) string {
	d := req.ProtoReflect().WhichOneof(req.ProtoReflect().Descriptor().Oneofs().ByName("op"))
	if d == nil {
		return "request"
	}
	return string(d.Name())
}

// listedTimeouts is a service's timeouts as the forwarder lists them: absent when none is set.
func listedTimeouts(t *fwdpb.Timeouts) *fwdpb.Timeouts {
	if t == nil || proto.Equal(t, &fwdpb.Timeouts{}) {
		return nil
	}
	return proto.Clone(t).(*fwdpb.Timeouts)
}

// timeoutsDesc is "tcp_fin:60,udp:2" (those set) or "global", as changes are recorded.
func timeoutsDesc(t *fwdpb.Timeouts) string {
	var parts []string
	for _, f := range []struct {
		name string
		v    uint32
	}{{"tcp_syn", t.GetTcpSyn()}, {"tcp_established", t.GetTcpEstablished()}, {"tcp_fin", t.GetTcpFin()},
		{"tcp_time_wait", t.GetTcpTimeWait()}, {"tcp_close", t.GetTcpClose()}, {"udp", t.GetUdp()}} {
		if f.v != 0 {
			parts = append(parts, fmt.Sprintf("%s:%d", f.name, f.v))
		}
	}
	if len(parts) == 0 {
		return "global"
	}
	return strings.Join(parts, ",")
}

// checkEncap refuses what the forwarder refuses (cfgstore_tunnel.c): tunnel without ipip or
// gue, an encapsulation with any other mode.
func checkEncap(field, mode, encap string) *failure {
	switch {
	case encap != "" && encap != model.EncapIPIP && encap != model.EncapGUE:
		return fail(syscall.EINVAL, "%s: '%s' is not ipip or gue", field, encap)
	case mode == model.ModeTunnel && encap == "":
		return fail(syscall.EINVAL, "%s: mode tunnel needs one, ipip or gue", field)
	case mode != model.ModeTunnel && encap != "":
		return fail(syscall.EINVAL, "%s: only with mode tunnel", field)
	}
	return nil
}

// checkSynproxy refuses what the forwarder refuses (ctl_op.c): an unknown value, and a proxy
// on a service that is not nat tcp.
func checkSynproxy(field, sp, mode, protocol string) *failure {
	switch sp {
	case "", model.SynproxyOff:
		return nil
	case model.SynproxyOn, model.SynproxyAuto:
		if mode != "nat" || protocol != "tcp" {
			return fail(syscall.EINVAL, "%s: only a nat tcp service can have one (in dr the NF's "+
				"replies bypass the forwarder)", field)
		}
		return nil
	}
	return fail(syscall.EINVAL, "%s: '%s' is not off, on or auto", field, sp)
}

// orDefault is s, or def when s is empty.
func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// checkHash refuses what the forwarder refuses (cfgstore.c cfg_vs_hash_check), as
// prefix.hash: a value other than 5tuple or sip_call_id, and sip_call_id but for a nat udp
// service with the maglev or sh scheduler.
func checkHash(prefix, hash, mode, proto, sched string) *failure {
	switch {
	case hash != model.HashFiveTuple && hash != model.HashSIPCallID:
		return fail(syscall.EINVAL, "%s.hash: '%s' is not 5tuple or sip_call_id", prefix, hash)
	case hash == model.HashFiveTuple:
		return nil
	case mode != "nat" || proto != "udp":
		return fail(syscall.EINVAL, "%s.hash: sip_call_id only for a nat udp service", prefix)
	case sched != "maglev" && sched != "sh":
		return fail(syscall.EINVAL, "%s.hash: sip_call_id needs the maglev or sh scheduler", prefix)
	}
	return nil
}

// checkClientAddr refuses what the forwarder refuses (ctl_op_fullnat.c): a value other than on
// or off, and on for anything but a fullnat service (tcp or udp).
func checkClientAddr(field, ca, mode, _ string) *failure {
	if ca != model.ClientAddrOn && ca != model.ClientAddrOff {
		return fail(syscall.EINVAL, "%s: '%s' is not on or off", field, ca)
	}
	if ca == model.ClientAddrOn && mode != model.ModeFullNAT {
		return fail(syscall.EINVAL, "%s: only a fullnat service carries it (TOA)", field)
	}
	return nil
}
