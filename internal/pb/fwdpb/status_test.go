package fwdpb

import "testing"

// TestStatusJoin: counters join their specs by service id and by real address and port,
// whatever the order; a missing status reads as zero counters.
func TestStatusJoin(t *testing.T) {
	web := &ServiceId{Protocol: "tcp", Vip: "10.100.0.1", Vport: 80}
	dns := &ServiceId{Protocol: "udp", Vip: "fd00::53", Vport: 53}
	status := []*ServiceStatus{
		{Id: dns, Packets: 2, Reals: []*RealStatus{{Address: "fd01::5", Port: 53, Packets: 2}}},
		{Id: web, Packets: 7, Reals: []*RealStatus{
			{Address: "10.1.0.12", Port: 8080, Packets: 3},
			{Address: "10.1.0.11", Port: 8080, Packets: 4},
		}},
	}
	by := StatusByService(status)
	s := by[ServiceKey(&ServiceId{Protocol: "tcp", Vip: "10.100.0.1", Vport: 80})]
	if s.GetPackets() != 7 {
		t.Fatalf("web: %v", s)
	}
	reals := s.RealsByKey()
	if r := reals[RealKey("10.1.0.11", 8080)]; r.GetPackets() != 4 {
		t.Errorf("10.1.0.11:8080: %v", r)
	}
	if r := by[ServiceKey(dns)].RealsByKey()[RealKey("fd01::5", 53)]; r.GetPackets() != 2 {
		t.Errorf("[fd01::5]:53: %v", r)
	}
	var none *ServiceStatus = by["tcp/10.9.9.9/80"]
	if none.GetPackets() != 0 || none.RealsByKey()[RealKey("10.1.0.11", 8080)].GetBytes() != 0 {
		t.Error("a missing status does not read as zero")
	}
}
