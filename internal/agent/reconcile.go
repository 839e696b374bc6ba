package agent

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"strconv"
	"strings"

	"google.golang.org/protobuf/proto"

	"hvlb/internal/fwdclient"
	"hvlb/internal/pb/ctlpb"
	"hvlb/internal/pb/fwdpb"
	"hvlb/internal/svcdiff"
)

// Defaults the forwarder applies to an empty mode, scheduler or all_down (svcdiff).
const (
	defaultMode      = svcdiff.DefaultMode
	defaultScheduler = svcdiff.DefaultScheduler
	defaultAllDown   = svcdiff.DefaultAllDown
)

// serviceUpdate is svcdiff.Update: the settings' update of one service.
var serviceUpdate = svcdiff.Update

// canonIP is an address as the forwarder prints it, so that "fd00:0::1" in the desired
// state matches "fd00::1" read back; text that is no address is kept (the forwarder will
// name it in its error).
func canonIP(s string) string {
	if a, err := netip.ParseAddr(s); err == nil {
		return a.String()
	}
	return s
}

// svcKey identifies a service: protocol/vip/vport, and /vniN for a vxlan service's tenant.
func svcKey(id *fwdpb.ServiceId) string {
	k := id.GetProtocol() + "/" + canonIP(id.GetVip()) + "/" + strconv.FormatUint(uint64(id.GetVport()), 10)
	if vni := id.GetVni(); vni != 0 {
		k += "/vni" + strconv.FormatUint(uint64(vni), 10)
	}
	return k
}

// realKey identifies a real service within its service: address:port.
func realKey(address string, port uint32) string {
	return net.JoinHostPort(canonIP(address), strconv.FormatUint(uint64(port), 10))
}

// checkKey identifies a (service, real): the health checker's key.
func checkKey(id *fwdpb.ServiceId, address string, port uint32) string {
	return svcKey(id) + " " + realKey(address, port)
}

func orDefault(s, d string) string {
	if s == "" {
		return d
	}
	return s
}

// step is one change to the forwarder.
type step struct {
	desc string // "add_real tcp/10.100.0.1/80 10.1.0.11:8080 weight=100 health=1"
	do   func(ctx context.Context, fc *fwdclient.Client) error
	hard string // a hard removal: the removal's id (see hardID)
}

// hardSet is the hard removals still to apply: removal id by check key of the real, or by
// svcKey for a service removed hard.
type hardSet map[string]string

// hardKey is the hardSet key of a hard removal: the check key of its real, or the svcKey of
// its service for a service removed hard (address "").
func hardKey(h *ctlpb.HardRemoval) string {
	if h.GetAddress() == "" {
		return svcKey(h.GetService())
	}
	return checkKey(h.GetService(), h.GetAddress(), h.GetPort())
}

// hardID names one hard removal: the real and the store version of its removal, so that
// a real removed hard, added again and removed hard again is two removals.
func hardID(h *ctlpb.HardRemoval) string {
	return checkKey(h.GetService(), h.GetAddress(), h.GetPort()) + "@" + strconv.FormatUint(h.GetVersion(), 10)
}

// plan lists the changes that turn actual into desired, in an order the forwarder
// accepts: services no longer desired go first (freeing room), then per service the
// reals no longer desired (before a switch to dr, which refuses reals with ports), the
// mode, scheduler, down_conns, all_down and the connection rate limit, new reals and
// changed weights, health or connection limits; new services last. Services and reals are removed softly (their connections continue until
// they end), except those in hard, which are removed with hard=true (their connections end
// at once).
func plan(desired, actual []*fwdpb.VirtualService, hard hardSet) []step {
	have := map[string]*fwdpb.VirtualService{}
	for _, vs := range actual {
		have[svcKey(vs.GetId())] = vs
	}
	want := map[string]bool{}
	for _, vs := range desired {
		want[svcKey(vs.GetId())] = true
	}
	var steps []step
	for _, vs := range actual {
		if k := svcKey(vs.GetId()); !want[k] {
			id, hid := vs.GetId(), hard[k]
			desc := "remove_service " + k
			if hid != "" {
				desc += " hard"
			}
			steps = append(steps, step{desc, func(ctx context.Context, fc *fwdclient.Client) error {
				return fc.RemoveService(ctx, id, hid != "")
			}, hid})
		}
	}
	var adds []step
	for _, vs := range desired {
		k := svcKey(vs.GetId())
		if cur, ok := have[k]; ok {
			steps = append(steps, planService(k, vs, cur, hard)...)
			continue
		}
		vs := vs
		adds = append(adds, step{desc: fmt.Sprintf("add_service %s reals=%d", k, len(vs.GetRealServices())),
			do: func(ctx context.Context, fc *fwdclient.Client) error { return fc.AddService(ctx, vs) }})
	}
	return append(steps, adds...)
}

// planService lists the changes to one service that exists on both sides: the hard
// removals of its reals (their own requests, RemoveReal hard), then one SetService of the
// desired service, which the forwarder applies whole (proto/fwd.proto), described by the
// changes it makes: the soft removals, the settings' update, the new and changed reals.
func planService(k string, vs, cur *fwdpb.VirtualService, hard hardSet) []step {
	id := cur.GetId() // as the forwarder knows it
	have := map[string]*fwdpb.RealService{}
	for _, rs := range cur.GetRealServices() {
		have[realKey(rs.GetAddress(), rs.GetPort())] = rs
	}
	want := map[string]bool{}
	for _, rs := range vs.GetRealServices() {
		want[realKey(rs.GetAddress(), rs.GetPort())] = true
	}
	var steps []step
	var changes []string
	for _, rs := range cur.GetRealServices() {
		rk := realKey(rs.GetAddress(), rs.GetPort())
		if want[rk] {
			continue
		}
		addr, port := rs.GetAddress(), rs.GetPort()
		hid := hard[checkKey(id, addr, port)]
		if hid == "" {
			changes = append(changes, "remove_real "+k+" "+rk)
			continue
		}
		steps = append(steps, step{"remove_real " + k + " " + rk + " hard", func(ctx context.Context, fc *fwdclient.Client) error {
			return fc.RemoveReal(ctx, id, addr, port, true)
		}, hid})
	}
	if _, desc := serviceUpdate(vs, cur); desc != "" {
		changes = append(changes, "update_service "+k+desc)
	}
	for _, rs := range vs.GetRealServices() {
		rk := realKey(rs.GetAddress(), rs.GetPort())
		old, ok := have[rk]
		if !ok {
			desc := fmt.Sprintf("add_real %s %s weight=%d health=%d", k, rk, rs.GetWeight(), rs.GetHealth())
			if rs.GetConnLimit() != 0 {
				desc += fmt.Sprintf(" conn_limit=%d", rs.GetConnLimit())
			}
			changes = append(changes, desc)
			continue
		}
		desc := "update_real " + k + " " + rk
		if w := rs.GetWeight(); w != old.GetWeight() {
			desc += fmt.Sprintf(" weight=%d", w)
		}
		if h := rs.GetHealth(); h != old.GetHealth() {
			desc += fmt.Sprintf(" health=%d", h)
		}
		if l := rs.GetConnLimit(); l != old.GetConnLimit() {
			desc += fmt.Sprintf(" conn_limit=%d", l)
		}
		if desc != "update_real "+k+" "+rk {
			changes = append(changes, desc)
		}
	}
	if len(changes) == 0 {
		return steps
	}
	set := proto.Clone(vs).(*fwdpb.VirtualService)
	set.Id = id
	return append(steps, step{desc: "set_service " + strings.Join(changes, "; "),
		do: func(ctx context.Context, fc *fwdclient.Client) error { return fc.SetService(ctx, set, 0) }})
}

// reconcile applies the changes that turn actual (the forwarder's services) into desired,
// removing the reals in hard with hard=true. A failed change does not stop the others;
// the error joins every failure. It returns the changes made.
func reconcile(ctx context.Context, fc *fwdclient.Client, desired []*fwdpb.VirtualService,
	actual []*fwdpb.VirtualService, hard hardSet) ([]step, error) {
	var done []step
	var errs []error
	for _, s := range plan(desired, actual, hard) {
		if err := s.do(ctx, fc); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", s.desc, err))
			if ctx.Err() != nil {
				break
			}
			continue
		}
		done = append(done, s)
	}
	return done, errors.Join(errs...)
}
