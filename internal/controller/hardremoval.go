package controller

import (
	"hvlb/internal/model"
	"hvlb/internal/pb/ctlpb"
	"hvlb/internal/pb/fwdpb"
	"hvlb/internal/store"
)

// HardRemovals returns the hard removals that forwarder fwd's desired state lists, oldest
// first: those of services that ran on it when the real (or, address "", the service) was
// removed, except a real that its service has again and a service that exists again (the
// store forgets those; this holds even if it did not).
func HardRemovals(fwd string, services []model.Service, removals []store.HardRemoval) []*ctlpb.HardRemoval {
	byID := make(map[string]*model.Service, len(services))
	for i := range services {
		byID[services[i].ID] = &services[i]
	}
	var out []*ctlpb.HardRemoval
	for i := range removals {
		h := &removals[i]
		if !h.RunsOn(fwd) {
			continue
		}
		if s := byID[h.Service]; s != nil && (h.Address == "" || s.FindReal(h.Address, h.RealPort) >= 0) {
			continue
		}
		out = append(out, &ctlpb.HardRemoval{
			Service: &fwdpb.ServiceId{Protocol: h.Protocol, Vip: h.VIP, Vport: uint32(h.Port), Vni: uint32(h.VNI)},
			Address: h.Address,
			Port:    uint32(h.RealPort),
			Version: h.Version,
		})
	}
	return out
}
