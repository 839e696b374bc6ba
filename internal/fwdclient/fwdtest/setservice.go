package fwdtest

import (
	"net/netip"
	"syscall"

	"hvlb/internal/pb/fwdpb"
	"hvlb/internal/svcdiff"
)

// setService is SetService as the forwarder does it (forwarder/src/ctl_op_set.c): a new
// service added; an existing one changed by the requests its difference makes (the reals it
// does not list removed softly, its settings by svcdiff's update, the kept reals updated and
// the new ones added), each as if sent alone (logged, and FailNext applies to it), all undone
// when one is refused.
func (f *Forwarder) setService(m *fwdpb.SetService) *failure {
	v := m.GetService()
	if v == nil {
		return fail(syscall.EINVAL, "set_service.service: missing")
	}
	if m.GetIfVersion() != 0 && m.GetIfVersion() != f.version {
		return fail(syscall.ESTALE, "set_service.if_version: %d, the configuration is at version %d",
			m.GetIfVersion(), f.version)
	}
	id, bad := parseID("set_service.service.id", v.GetId())
	if bad != nil {
		return bad
	}
	i := -1
	for j, s := range f.services {
		if svcName(s.GetId()) == svcName(id) {
			i = j
		}
	}
	if i < 0 {
		return f.sub(&fwdpb.Request{Op: &fwdpb.Request_AddService{AddService: &fwdpb.AddService{Service: v}}})
	}
	services, ops, version := f.cloneServices(), len(f.ops), f.version
	if bad := f.setExisting(f.services[i], v); bad != nil {
		f.services, f.ops, f.version = services, f.ops[:ops], version
		return bad
	}
	return nil
}

func realID(address string, port uint32) string {
	if a, err := netip.ParseAddr(address); err == nil {
		address = a.String()
	}
	return netip.AddrPortFrom(netip.MustParseAddr(address), uint16(port)).String()
}

func (f *Forwarder) setExisting(cur, v *fwdpb.VirtualService) *failure {
	id := cur.GetId()
	want := map[string]*fwdpb.RealService{}
	for _, rs := range v.GetRealServices() {
		if _, err := netip.ParseAddr(rs.GetAddress()); err != nil {
			return fail(syscall.EINVAL, "set_service.service.real_services: %q is not an address", rs.GetAddress())
		}
		want[realID(rs.GetAddress(), rs.GetPort())] = rs
	}
	have := map[string]*fwdpb.RealService{}
	for _, rs := range append([]*fwdpb.RealService(nil), cur.GetRealServices()...) {
		k := realID(rs.GetAddress(), rs.GetPort())
		have[k] = rs
		if want[k] == nil {
			if bad := f.sub(&fwdpb.Request{Op: &fwdpb.Request_RemoveReal{RemoveReal: &fwdpb.RemoveReal{
				Service: id, Address: rs.GetAddress(), Port: rs.GetPort()}}}); bad != nil {
				return bad
			}
		}
	}
	if u, desc := svcdiff.Update(v, cur); desc != "" {
		if bad := f.sub(&fwdpb.Request{Op: &fwdpb.Request_UpdateService{UpdateService: u}}); bad != nil {
			return bad
		}
	}
	for _, rs := range v.GetRealServices() {
		old := have[realID(rs.GetAddress(), rs.GetPort())]
		var req *fwdpb.Request
		switch {
		case old == nil:
			req = &fwdpb.Request{Op: &fwdpb.Request_AddReal{AddReal: &fwdpb.AddReal{Service: id, Real: rs}}}
		case old.GetWeight() != rs.GetWeight() || old.GetHealth() != rs.GetHealth() || old.GetConnLimit() != rs.GetConnLimit():
			req = &fwdpb.Request{Op: &fwdpb.Request_UpdateReal{UpdateReal: &fwdpb.UpdateReal{Service: id,
				Address: old.GetAddress(), Port: old.GetPort(),
				SetWeight: old.GetWeight() != rs.GetWeight(), Weight: rs.GetWeight(),
				SetHealth: old.GetHealth() != rs.GetHealth(), Health: rs.GetHealth(),
				SetConnLimit: old.GetConnLimit() != rs.GetConnLimit(), ConnLimit: rs.GetConnLimit()}}}
		default:
			continue
		}
		if bad := f.sub(req); bad != nil {
			return bad
		}
	}
	return nil
}

// sub runs one request of a SetService as handle would (FailNext included).
func (f *Forwarder) sub(req *fwdpb.Request) *failure {
	op := opName(req)
	if errno, ok := f.fail[op]; ok {
		delete(f.fail, op)
		return fail(errno, "%s: injected failure", op)
	}
	return f.dispatch(req, &fwdpb.Response{})
}
