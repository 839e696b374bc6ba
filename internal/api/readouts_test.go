package api

import (
	"encoding/json"
	"testing"
	"time"

	"hvlb/internal/fwdcounters"
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

// TestStatsCarryEveryCounter walks the forwarder's counter registries: GET /v1/stats carries
// every counter by its name (a worker's in workers[].counters, sync's in sync_counters) with
// its value, and a counter this build does not know (a newer forwarder's) as well.
func TestStatsCarryEveryCounter(t *testing.T) {
	w := &fwdpb.WorkerStats{Worker: 1}
	st := &fwdpb.Stats{Workers: []*fwdpb.WorkerStats{w}}
	for i, c := range fwdcounters.Registry {
		v := &fwdpb.Counter{Name: c.Name, Value: uint64(i + 1)}
		if c.Group == fwdcounters.Worker {
			w.Counters = append(w.Counters, v)
		} else {
			st.SyncCounters = append(st.SyncCounters, v)
		}
	}
	w.Counters = append(w.Counters, &fwdpb.Counter{Name: "brand_new", Value: 7})
	b, err := json.Marshal(statsOf(st))
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Workers []struct {
			Counters map[string]uint64 `json:"counters"`
		} `json:"workers"`
		SyncCounters map[string]uint64 `json:"sync_counters"`
	}
	if err := json.Unmarshal(b, &got); err != nil || len(got.Workers) != 1 {
		t.Fatalf("%s: %v", b, err)
	}
	for i, c := range fwdcounters.Registry {
		m := got.SyncCounters
		if c.Group == fwdcounters.Worker {
			m = got.Workers[0].Counters
		}
		if v, ok := m[c.Name]; !ok || v != uint64(i+1) {
			t.Errorf("%s counter %s = %d (present %v), want %d", c.Group, c.Name, v, ok, i+1)
		}
	}
	if got.Workers[0].Counters["brand_new"] != 7 {
		t.Errorf("a counter this build does not know: %v", got.Workers[0].Counters)
	}
	// An older forwarder's worker: its typed fields, by their registry names.
	b, _ = json.Marshal(statsOf(&fwdpb.Stats{Workers: []*fwdpb.WorkerStats{{RxPackets: 5}}}))
	if err := json.Unmarshal(b, &got); err != nil || got.Workers[0].Counters["rx_packets"] != 5 {
		t.Errorf("older forwarder: %s (%v)", b, err)
	}
}
