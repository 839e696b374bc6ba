package apitypes

import "hvlb/internal/model"

//go:generate go run ./gen -o settings_input.go

// Service is the service a POST body (or a file of hvlbctl apply) asks for, before
// model.NormalizeService fills its defaults in: every field of in but its policy, which the
// caller makes (the server fills the policy's default parameters in, a client cannot) and
// the read-only ones. The one translation of a ServiceInput, for the server and hvlbctl
// alike; TestServiceInputCoversService fails when a field of one is missing from the other.
func (in ServiceInput) Service() model.Service {
	s := model.Service{Protocol: in.Protocol, VIP: in.VIP, Mode: in.Mode, Encap: in.Encap,
		Scheduler: in.Scheduler, DownConns: in.DownConns, AllDown: in.AllDown, Forwarders: in.Forwarders,
		HealthCheck: in.HealthCheck, Synproxy: in.Synproxy, ClientAddr: in.ClientAddr,
		Hash: in.Hash}
	s.Port = deref(in.Port)
	s.ServiceSettings = in.SettingsInput.Settings()
	s.SynproxyThreshold = deref(in.SynproxyThreshold)
	s.VNI = deref(in.VNI)
	s.Priority = deref(in.Priority)
	if in.Timeouts != nil {
		t := *in.Timeouts
		s.Timeouts = &t
	}
	realPort := s.Port // an absent real port: the service's; a vxlan real's 0 (a VTEP)
	if s.Mode == model.ModeVXLAN {
		realPort = 0
	}
	for _, ri := range in.Reals {
		s.Reals = append(s.Reals, ri.Real(realPort))
	}
	return s
}

// Real is the real a RealInput asks for: an absent port is servicePort, an absent weight
// model.DefaultWeight; the read-only fields are left out.
func (in RealInput) Real(servicePort int) model.Real {
	r := model.Real{Address: in.Address, Port: servicePort, Weight: model.DefaultWeight,
		HealthOverride: in.HealthOverride, Drain: in.Drain, MetricsURL: in.MetricsURL, CapacityMbps: in.CapacityMbps}
	if in.Port != nil {
		r.Port = *in.Port
	}
	if in.Weight != nil {
		r.Weight = *in.Weight
	}
	r.ConnLimit = deref(in.ConnLimit)
	return r
}

func deref(p *int) int {
	if p == nil {
		return 0
	}
	return *p
}
