package controller

import (
	"fmt"

	"hvlb/internal/model"
	"hvlb/internal/pb/ctlpb"
	"hvlb/internal/pb/fwdpb"
	"hvlb/internal/store"
)

// BuildDesired returns forwarder fwd's desired state at version from the services: those
// assigned to it (or to every forwarder), with each real's weight (0 when drained) and
// health (0 when overridden down, else 1: the agent combines it with its own checks), and
// a health check per real that has no override.
func BuildDesired(version uint64, fwd string, services []model.Service) *ctlpb.DesiredState {
	ds := &ctlpb.DesiredState{Version: version}
	for i := range services {
		s := &services[i]
		if !s.RunsOn(fwd) {
			continue
		}
		id := &fwdpb.ServiceId{Protocol: s.Protocol, Vip: s.VIP, Vport: uint32(s.Port)}
		vs := &fwdpb.VirtualService{Id: id, Mode: s.Mode, Scheduler: s.Scheduler}
		hc := s.EffectiveHealthCheck()
		send, expect := hc.Payloads()
		for _, r := range s.Reals {
			rs := &fwdpb.RealService{Address: r.Address, Port: uint32(r.Port), Weight: uint32(r.Weight), Health: 1}
			if r.Drain {
				rs.Weight = 0
			}
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
				Service:    &fwdpb.ServiceId{Protocol: s.Protocol, Vip: s.VIP, Vport: uint32(s.Port)},
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
	}
	return ds
}

// DesiredState returns forwarder id's desired state now, with the recent hard removals
// of its reals, and a channel closed at the next change of the store (taken before the
// read, so no change falls between them).
func (c *Controller) DesiredState(id string) (*ctlpb.DesiredState, <-chan struct{}, error) {
	changed := c.st.Changed()
	var ds *ctlpb.DesiredState
	err := c.st.View(func(t *store.ReadTx) error {
		if _, err := t.Forwarder(id); err != nil {
			return fmt.Errorf("%w (register first)", err)
		}
		svcs, err := t.Services()
		if err != nil {
			return err
		}
		ds = BuildDesired(t.Version(), id, svcs)
		hard, err := t.HardRemovals()
		if err != nil {
			return err
		}
		ds.HardRemovals = HardRemovals(id, svcs, hard)
		pws, err := t.PolicyWeights()
		if err != nil {
			return err
		}
		applyPolicyWeights(ds, svcs, pws)
		return nil
	})
	return ds, changed, err
}
