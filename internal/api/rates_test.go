package api

import (
	"math"
	"testing"
	"time"

	"hvlb/internal/controller"
	"hvlb/internal/pb/fwdpb"
)

// ratesStats is a report of one udp service over two reals (weights 100 and 300, both up)
// with the reals' counters since zero: conns, packets, bytes each.
func ratesStats(zeroedAt uint64, a, b [3]uint64) *fwdpb.Stats {
	id := &fwdpb.ServiceId{Protocol: "udp", Vip: "10.100.0.1", Vport: 53}
	real := func(addr string, c [3]uint64) *fwdpb.RealStatus {
		return &fwdpb.RealStatus{Address: addr, Port: 53, TotalConns: c[0] + 1000, Packets: c[1] + 1000, Bytes: c[2] + 1000,
			SinceZero: &fwdpb.CountersSinceZero{ZeroedAtMs: zeroedAt, TotalConns: c[0], Packets: c[1], Bytes: c[2]}}
	}
	return &fwdpb.Stats{
		Services: []*fwdpb.VirtualService{{Id: id, RealServices: []*fwdpb.RealService{
			{Address: "10.1.0.11", Port: 53, Weight: 100, Health: 1}, {Address: "10.1.0.12", Port: 53, Weight: 300, Health: 1}}}},
		ServiceStatus: []*fwdpb.ServiceStatus{{Id: id, Reals: []*fwdpb.RealStatus{real("10.1.0.11", a), real("10.1.0.12", b)}}},
	}
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

// TestRates: per forwarder, a real's rate is its counters' growth since zero over the
// interval between the forwarder's last two reports, with its shares of the service's rates
// and of the weights; in total, the rates summed and the weight shares averaged. Counters
// that went back (a zero) give no rate; a forwarder with one report gives none yet.
func TestRates(t *testing.T) {
	t0 := time.Date(2026, 12, 2, 3, 0, 0, 0, time.UTC)
	all := []controller.ForwarderStats{
		{Forwarder: "fwd-1", PrevAt: t0, At: t0.Add(2 * time.Second),
			Prev:  ratesStats(0, [3]uint64{10, 100, 1000}, [3]uint64{10, 100, 1000}),
			Stats: ratesStats(0, [3]uint64{20, 200, 2000}, [3]uint64{40, 400, 4000})},
		{Forwarder: "fwd-2", PrevAt: t0, At: t0.Add(time.Second), // zeroed in between
			Prev:  ratesStats(0, [3]uint64{50, 500, 5000}, [3]uint64{50, 500, 5000}),
			Stats: ratesStats(7, [3]uint64{1, 10, 100}, [3]uint64{1, 10, 100})},
		{Forwarder: "fwd-3", At: t0, Stats: ratesStats(0, [3]uint64{1, 1, 1}, [3]uint64{1, 1, 1})},
	}
	got := ratesOf(all, "")
	if len(got.Services) != 1 || got.Services[0].ID != "udp-10.100.0.1-53" || len(got.Services[0].Forwarders) != 3 {
		t.Fatalf("services: %+v", got.Services)
	}
	f1 := got.Services[0].Forwarders[0]
	a, b := f1.Reals[0], f1.Reals[1]
	if f1.IntervalS != 2 || a.ConnsPerS != 5 || a.PacketsPerS != 50 || a.BytesPerS != 500 || b.ConnsPerS != 15 {
		t.Errorf("fwd-1: %+v", f1)
	}
	if !near(a.ConnShare, 0.25) || !near(b.ByteShare, 0.75) || !near(a.WeightShare, 0.25) || !near(b.WeightShare, 0.75) {
		t.Errorf("fwd-1 shares: %+v %+v", a, b)
	}
	for _, f := range got.Services[0].Forwarders[1:] {
		if f.IntervalS != 0 || f.Reals[0].ConnsPerS != 0 || f.Reals[1].BytesPerS != 0 || !near(f.Reals[1].WeightShare, 0.75) {
			t.Errorf("%s: no rate wanted: %+v", f.Forwarder, f)
		}
	}
	tot := got.Services[0].Total
	if len(tot) != 2 || tot[0].ConnsPerS != 5 || tot[1].ConnsPerS != 15 || !near(tot[1].ConnShare, 0.75) ||
		!near(tot[0].WeightShare, 0.25) {
		t.Errorf("total: %+v", tot)
	}
	// A real down has no weight share; the other takes all of it.
	all[0].Stats.Services[0].RealServices[0].Health = 0
	f1 = ratesOf(all, "udp-10.100.0.1-53").Services[0].Forwarders[0]
	if f1.Reals[0].WeightShare != 0 || f1.Reals[1].WeightShare != 1 {
		t.Errorf("a real down: %+v", f1.Reals)
	}
	if n := len(ratesOf(all, "tcp-10.100.0.1-80").Services); n != 0 {
		t.Errorf("another service's filter: %d services", n)
	}
}
