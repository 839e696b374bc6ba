package controller

import (
	"fmt"
	"slices"
	"sort"

	"hvlb/internal/model"
	"hvlb/internal/pb/ctlpb"
	"hvlb/internal/pb/fwdpb"
	"hvlb/internal/store"
)

// BuildDesired returns forwarder fwd's desired state at version from the services: those
// assigned to it (or to every forwarder), with each real's effective weight (effectiveWeight
// over the policy weights published for its service, by service id) and health (0 when
// overridden down, else 1: the agent combines it with its own checks), and a health check
// per real that has no override.
func BuildDesired(version uint64, fwd string, services []model.Service, published map[string]model.PolicyWeights) *ctlpb.DesiredState {
	ds := &ctlpb.DesiredState{Version: version}
	for i := range services {
		s := &services[i]
		if !s.RunsOn(fwd) {
			continue
		}
		var pw *model.PolicyWeights
		if p, ok := published[s.ID]; ok {
			pw = weightsFor(&p, fwd)
		}
		id := &fwdpb.ServiceId{Protocol: s.Protocol, Vip: s.VIP, Vport: uint32(s.Port), Vni: uint32(s.VNI)}
		vs := serviceSpec(s)
		vs.Id = id
		hc := s.EffectiveHealthCheck()
		send, expect := hc.Payloads()
		for _, r := range s.Reals {
			rs := &fwdpb.RealService{Address: r.Address, Port: uint32(r.Port),
				Weight: uint32(effectiveWeight(s, &r, pw)), Health: 1, ConnLimit: uint32(r.ConnLimit)}
			if r.HealthOverride == "down" {
				rs.Health = 0
			}
			vs.RealServices = append(vs.RealServices, rs)
			if r.HealthOverride != "" || hc.Kind == "none" {
				continue
			}
			checkPort := hc.Port
			if checkPort == 0 && r.Port == 0 {
				checkPort = s.Port
			}
			ds.Checks = append(ds.Checks, &ctlpb.HealthCheck{
				Service:    id,
				Address:    r.Address,
				Port:       uint32(r.Port),
				Kind:       hc.Kind,
				HttpPath:   hc.HTTPPath,
				IntervalMs: uint32(hc.IntervalMS),
				TimeoutMs:  uint32(hc.TimeoutMS),
				Rise:       uint32(hc.Rise),
				Fall:       uint32(hc.Fall),
				CheckPort:  uint32(checkPort),
				Send:       send,
				Expect:     expect,
			})
		}
		ds.Services = append(ds.Services, vs)
		if s.CountersZeroedAt != nil {
			ds.CounterZeros = append(ds.CounterZeros, &ctlpb.CounterZero{Service: id,
				AtMs: uint64(s.CountersZeroedAt.UnixMilli())})
		}
	}
	return ds
}

// DesiredState returns forwarder id's desired state now, with the recent hard removals
// of its reals and whether it is draining, and a channel closed at the next change of the store (taken before the
// read, so no change falls between them).
func (c *Controller) DesiredState(id string) (*ctlpb.DesiredState, <-chan struct{}, error) {
	changed := c.st.Changed()
	var ds *ctlpb.DesiredState
	err := c.st.View(func(t *store.ReadTx) error {
		f, err := t.Forwarder(id)
		if err != nil {
			return fmt.Errorf("%w (register first)", err)
		}
		svcs, err := t.Services()
		if err != nil {
			return err
		}
		pws, err := t.PolicyWeights()
		if err != nil {
			return err
		}
		ds = BuildDesired(t.Version(), id, svcs, pws)
		ds.Draining, ds.StoreEpoch = f.Drained(), t.Epoch()
		ds.LocalPool = LocalPoolSettings(f.LocalPool)
		hard, err := t.HardRemovals()
		if err != nil {
			return err
		}
		ds.HardRemovals = HardRemovals(id, svcs, hard)
		fwds, err := t.Forwarders()
		if err != nil {
			return err
		}
		ds.Sync = SyncSettings(id, fwds, t.SyncKey())
		if ds.Sync != nil {
			ds.Sync.Replicas = uint32(c.cfg.SyncReplicas)
		}
		return nil
	})
	return ds, changed, err
}

// effectiveWeight is the weight the forwarders get for real r of svc, the one rule for it:
// 0 when drained, whatever else says; for a comprehensive service with published weights
// (pw), the policy's (a real added since the last publication gets the mean of the others
// until the next one); otherwise the operator's.
func effectiveWeight(svc *model.Service, r *model.Real, pw *model.PolicyWeights) int {
	if r.Drain {
		return 0
	}
	if pw == nil || !svc.Comprehensive() || len(pw.Weights) == 0 {
		return r.Weight
	}
	if w, ok := pw.Weights[r.Key()]; ok {
		return w
	}
	if r.Weight == 0 {
		return 0
	}
	sum, n := 0, 0
	for _, w := range pw.Weights {
		if w > 0 {
			sum, n = sum+w, n+1
		}
	}
	if n == 0 {
		return r.Weight
	}
	return sum / n
}

// SyncSettings is forwarder id's part in the pool's connection sync: its sync id, the
// pool's key, its listen address and every other forwarder that registered a sync address
// (ordered by id, so the desired state does not churn). Nil when id registered none.
func SyncSettings(id string, fwds []model.Forwarder, key []byte) *ctlpb.SyncSettings {
	var out *ctlpb.SyncSettings
	for _, f := range fwds {
		if f.ID == id && f.SyncAddr != "" && f.SyncID != 0 {
			out = &ctlpb.SyncSettings{Id: f.SyncID, Key: key, Listen: f.SyncAddr}
		}
	}
	if out == nil {
		return nil
	}
	for _, f := range fwds {
		if f.ID != id && f.SyncAddr != "" && f.SyncID != 0 {
			out.Peers = append(out.Peers, &ctlpb.SyncPeer{ForwarderId: f.ID, Id: f.SyncID, Address: f.SyncAddr})
		}
	}
	sort.Slice(out.Peers, func(i, j int) bool { return out.Peers[i].Id < out.Peers[j].Id })
	return out
}

// synproxyWire is a service's synproxy as the desired state says it: "" for off (the
// forwarder's default), so that a service without a proxy reads as it did before there was one.
func synproxyWire(sp string) string {
	if sp == model.SynproxyOff {
		return ""
	}
	return sp
}

// LocalPoolSettings is the desired state's FullNAT local pool for the operator's p (nil:
// none, the forwarder keeps its own). p was checked when it was set.
func LocalPoolSettings(p *model.LocalPool) *fwdpb.SetLocalPool {
	if p == nil {
		return nil
	}
	out := &fwdpb.SetLocalPool{Addresses: slices.Clone(p.Addrs)}
	if p.Ports != "" {
		if lo, hi, err := model.ParsePortRange(p.Ports); err == nil {
			out.PortMin, out.PortMax = uint32(lo), uint32(hi)
		}
	}
	return out
}
