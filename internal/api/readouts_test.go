package api

import (
	"testing"
	"time"

	"hvlb/internal/pb/fwdpb"
)

// TestStatsSinceZero: the API shows a service's and a real's counters since their last zero,
// with its time; a forwarder that sends no since_zero (older) shows the totals, no time.
func TestStatsSinceZero(t *testing.T) {
	id := &fwdpb.ServiceId{Protocol: "udp", Vip: "10.100.0.1", Vport: 53}
	spec := &fwdpb.VirtualService{Id: id, RealServices: []*fwdpb.RealService{{Address: "10.1.0.11", Port: 53}}}
	at := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	zeroed := &fwdpb.Stats{Services: []*fwdpb.VirtualService{spec}, ServiceStatus: []*fwdpb.ServiceStatus{{
		Id: id, TotalConns: 100, Packets: 1000, Bytes: 64000,
		SinceZero: &fwdpb.CountersSinceZero{ZeroedAtMs: uint64(at.UnixMilli()), TotalConns: 3, Packets: 30, Bytes: 1920},
		Reals: []*fwdpb.RealStatus{{Address: "10.1.0.11", Port: 53, TotalConns: 100, Packets: 1000, Bytes: 64000,
			SinceZero: &fwdpb.CountersSinceZero{ZeroedAtMs: uint64(at.UnixMilli()), TotalConns: 2, Packets: 20, Bytes: 1280}}},
	}}}
	b := statsOf(zeroed)
	s := b.Services[0]
	if s.TotalConns != 3 || s.Packets != 30 || s.Bytes != 1920 || s.ZeroedAt == nil || !s.ZeroedAt.Equal(at) {
		t.Errorf("service: %+v", s)
	}
	r := s.Reals[0]
	if r.TotalConns != 2 || r.Packets != 20 || r.Bytes != 1280 || r.ZeroedAt == nil || !r.ZeroedAt.Equal(at) {
		t.Errorf("real: %+v", r)
	}
	older := &fwdpb.Stats{Services: []*fwdpb.VirtualService{spec}, ServiceStatus: []*fwdpb.ServiceStatus{{
		Id: id, TotalConns: 100, Packets: 1000, Bytes: 64000}}}
	s = statsOf(older).Services[0]
	if s.TotalConns != 100 || s.Packets != 1000 || s.ZeroedAt != nil {
		t.Errorf("older forwarder: %+v", s)
	}
}
