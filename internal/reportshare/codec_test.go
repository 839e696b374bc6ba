package reportshare

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"math/rand/v2"
	"testing"

	"google.golang.org/protobuf/proto"

	"hvlb/internal/pb/ctlpb"
	"hvlb/internal/pb/fwdpb"
)

// bigRecord is the record of a busy forwarder: 8 workers, 2 ports, 20 services of 10 reals
// (specs and counters), a verdict and a path measurement per real, 100 connections and 100
// steering overrides; counters are random, as real ones do not compress.
func bigRecord() *ctlpb.SharedReport {
	r := rand.New(rand.NewPCG(1, 2))
	st := &fwdpb.Stats{ConfigVersion: 1234, MempoolInUse: r.Uint64N(1 << 20), MempoolSize: 1 << 20}
	for w := range 8 {
		st.Workers = append(st.Workers, &fwdpb.WorkerStats{Worker: uint32(w), Lcore: uint32(w + 1),
			RxPackets: r.Uint64(), RxBytes: r.Uint64(), TxPackets: r.Uint64(), TxBytes: r.Uint64(),
			ActiveConns: r.Uint64N(1e6), TotalConns: r.Uint64(), BusyPolls: r.Uint64(), EmptyPolls: r.Uint64(),
			Load: r.Float64(), Drops: []*fwdpb.DropCount{{Reason: "no_service", Count: r.Uint64N(1e6)}}})
	}
	for p := range 2 {
		st.Ports = append(st.Ports, &fwdpb.PortStats{Port: uint32(p), Name: fmt.Sprintf("0000:3b:00.%d", p),
			Ipackets: r.Uint64(), Opackets: r.Uint64(), Ibytes: r.Uint64(), Obytes: r.Uint64()})
	}
	rep := &ctlpb.AgentReport{ForwarderId: "fwd-a", AppliedVersion: 1234, State: "ready", Stats: st}
	for s := range 20 {
		id := &fwdpb.ServiceId{Protocol: "tcp", Vip: fmt.Sprintf("10.100.0.%d", s+1), Vport: 443}
		vs := &fwdpb.VirtualService{Id: id, Mode: "nat", Scheduler: "maglev"}
		ss := &fwdpb.ServiceStatus{Id: id, Key: r.Uint32(), ActiveConns: r.Uint64N(1e6), Packets: r.Uint64(), Bytes: r.Uint64()}
		for n := range 10 {
			addr := fmt.Sprintf("10.1.%d.%d", s, n+1)
			vs.RealServices = append(vs.RealServices, &fwdpb.RealService{Address: addr, Port: 443, Weight: 100, Health: 1})
			ss.Reals = append(ss.Reals, &fwdpb.RealStatus{Address: addr, Port: 443, ActiveConns: r.Uint64N(1e5),
				TotalConns: r.Uint64(), Packets: r.Uint64(), Bytes: r.Uint64(), HandshakeRttMs: r.Float64()})
			rep.Health = append(rep.Health, &ctlpb.HealthChange{Service: id, Address: addr, Port: 443, Up: true,
				Reason: "tcp: connected", AtUnixMs: 1_700_000_000_000 + r.Int64N(1e6)})
			rep.Paths = append(rep.Paths, &ctlpb.PathMeasurement{Address: addr, Port: 443, RttMs: r.Float64(),
				ThroughputMbps: r.Float64() * 1000, AtUnixMs: 1_700_000_000_000 + r.Int64N(1e6)})
		}
		st.Services = append(st.Services, vs)
		st.ServiceStatus = append(st.ServiceStatus, ss)
	}
	sg := &fwdpb.Steering{OverridesTotal: 100}
	for c := range 100 {
		client := fmt.Sprintf("198.51.%d.%d:%d", c/250, c%250, 1024+r.IntN(60000))
		rep.Connections = append(rep.Connections, &fwdpb.Connection{Worker: uint32(c % 8), Protocol: "tcp",
			Client: client, Vip: "10.100.0.1:443", Real: "10.1.0.1:443", State: "established",
			AgeS: r.Uint32N(3600), ExpiresInS: r.Uint32N(900), PacketsIn: r.Uint64N(1e6), PacketsOut: r.Uint64N(1e6),
			BytesIn: r.Uint64N(1e9), BytesOut: r.Uint64N(1e9)})
		sg.Overrides = append(sg.Overrides, &fwdpb.SteerOverride{Protocol: "tcp", Client: client,
			Vip: "10.100.0.1:443", Worker: uint32(c % 8), FromWorker: uint32((c + 1) % 8), AgeS: r.Uint32N(60)})
	}
	rep.Steering = sg
	return &ctlpb.SharedReport{Controller: "https://10.0.0.1:8443", Session: 12345, Seq: 678, Connected: true,
		LastReportUnixMs: 1_700_000_000_000, RxPps: 1.5e6, Report: rep}
}

// TestRecordSize: a busy forwarder's record round-trips, and stays far below etcd's request
// limit (1.5 MiB by default); the figure is in docs/controller.md.
func TestRecordSize(t *testing.T) {
	rec := bigRecord()
	v, err := encode(rec)
	if err != nil {
		t.Fatal(err)
	}
	back, err := decode(v)
	if err != nil || !proto.Equal(back, rec) {
		t.Fatalf("round trip: %v", err)
	}
	t.Logf("a busy forwarder's record: %d bytes, %d gzip-compressed", proto.Size(rec), len(v))
	if len(v) > 128<<10 {
		t.Errorf("%d bytes compressed: more than 128 KiB", len(v))
	}
}

// TestDecodeRefuses: values that are not records are errors, not panics.
func TestDecodeRefuses(t *testing.T) {
	good, _ := encode(bigRecord())
	for name, v := range map[string][]byte{
		"empty": nil, "not gzip": []byte("hello"), "truncated": good[:len(good)/2],
		"gzip of garbage": mustGzip([]byte{0xff, 0xff, 0xff}),
	} {
		if _, err := decode(v); err == nil {
			t.Errorf("%s: decoded", name)
		}
	}
}

func mustGzip(raw []byte) []byte {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write(raw)
	zw.Close()
	return b.Bytes()
}
