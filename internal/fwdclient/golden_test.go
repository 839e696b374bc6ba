package fwdclient_test

// The golden-bytes test of the local API: proto/testdata/*.bin hold messages serialized from
// the fixed values below. This test checks that Go's marshalling of the values equals the
// files byte for byte and that the files decode back to the values; the forwarder's
// forwarder/tests/unit/test_proto_golden.c packs the same values with protobuf-c and
// compares with the same files. A change on either side that alters the wire format fails
// one of them. After a deliberate change to proto/fwd.proto, rewrite the files with
//
//	go test ./internal/fwdclient -run Golden -update
//
// and change the C test's values to match.

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"google.golang.org/protobuf/proto"

	"hvlb/internal/pb/fwdpb"
)

var update = flag.Bool("update", false, "rewrite proto/testdata/*.bin from the values in golden_test.go")

const goldenDir = "../../proto/testdata"

func goldenMessages() map[string]proto.Message {
	web := &fwdpb.ServiceId{Protocol: "tcp", Vip: "10.100.0.1", Vport: 80}
	return map[string]proto.Message{
		"request_add_service.bin": &fwdpb.Request{
			Id: 1,
			Op: &fwdpb.Request_AddService{AddService: &fwdpb.AddService{Service: &fwdpb.VirtualService{
				Id:            web,
				Mode:          "nat",
				Scheduler:     "maglev",
				ConnRateLimit: 20000,
				RealServices: []*fwdpb.RealService{
					{Address: "10.1.0.11", Port: 8080, Weight: 100, Health: 1},
					{Address: "10.1.0.12", Port: 8080, Weight: 250, Health: 0, ConnLimit: 5000},
				},
				DownConns:         "reschedule",
				AllDown:           "keep_last",
				Timeouts:          &fwdpb.Timeouts{Udp: 2, TcpFin: 60},
				Synproxy:          "auto",
				SynproxyThreshold: 500,
			}}},
		},
		"request_zero_counters.bin": &fwdpb.Request{
			Id: 30,
			Op: &fwdpb.Request_ZeroCounters{ZeroCounters: &fwdpb.ZeroCounters{
				Service: &fwdpb.ServiceId{Protocol: "udp", Vip: "10.100.0.1", Vport: 53}}},
		},
		// weight 0 with set_weight: the flag travels, the zero does not.
		"request_update_real.bin": &fwdpb.Request{
			Id: 300,
			Op: &fwdpb.Request_UpdateReal{UpdateReal: &fwdpb.UpdateReal{
				Service:      &fwdpb.ServiceId{Protocol: "udp", Vip: "fd00::53", Vport: 53},
				Address:      "fd01::5",
				Port:         5353,
				SetWeight:    true,
				Weight:       0,
				SetHealth:    true,
				Health:       1,
				SetConnLimit: true,
				ConnLimit:    0,
			}},
		},
		"response_stats.bin": &fwdpb.Response{
			Id:            2,
			ConfigVersion: 17,
			Body: &fwdpb.Response_Stats{Stats: &fwdpb.Stats{
				Workers: []*fwdpb.WorkerStats{
					{
						Worker: 0, Lcore: 1, RxPackets: 1000000, RxBytes: 1 << 40, TxPackets: 999999,
						TxBytes: 64000000, HandoffOut: 5, HandoffIn: 6, ActiveConns: 42,
						TotalConns: 4242, LocalReplies: 3,
						Drops: []*fwdpb.DropCount{
							{Reason: "no_service", Count: 7},
							{Reason: "bad_checksum", Count: 1},
						},
						IdleSleeps: 10, BusyPolls: 20, EmptyPolls: 30,
						Counters: []*fwdpb.Counter{{Name: "rx_packets", Value: 1000000}, {Name: "vxlan_rx", Value: 3}},
					},
					{Worker: 1, Lcore: 2, RxPackets: 12},
				},
				Services: []*fwdpb.VirtualService{{
					Id:        web,
					Mode:      "nat",
					Scheduler: "maglev",
					RealServices: []*fwdpb.RealService{{
						Address: "10.1.0.11", Port: 8080, Weight: 100, Health: 1,
					}},
				}},
				ServiceStatus: []*fwdpb.ServiceStatus{{
					Id:          web,
					Key:         0xdeadbeef,
					ActiveConns: 42,
					TotalConns:  4242,
					Packets:     1000000,
					Bytes:       1 << 40,
					Reals: []*fwdpb.RealStatus{{
						Address: "10.1.0.11", Port: 8080, ActiveConns: 40, TotalConns: 4000,
						Packets: 123456, Bytes: 98765432, HandshakeRttMs: 0.625, HandshakeSamples: 12,
					}},
				}},
				Drops: []*fwdpb.DropCount{{Reason: "no_service", Count: 7}},
				Ports: []*fwdpb.PortStats{{
					Port: 0, Name: "net_af_packet0", Ipackets: 1, Opackets: 2, Ibytes: 3,
					Obytes: 4, Imissed: 5, Ierrors: 6, Oerrors: 7,
					BadL4Csum: 9, CsumUnfilled: 8, PeerCsumOffload: true,
				}},
				ConfigVersion: 17,
				MempoolInUse:  512,
				MempoolSize:   16383,
			}},
		},
		"response_error.bin": &fwdpb.Response{
			Id:            3,
			Status:        2, // ENOENT
			Error:         "update_real: service tcp 10.100.0.1:80 has no real 10.1.0.99:8080",
			ConfigVersion: 17,
		},
	}
}

func TestGolden(t *testing.T) {
	for name, m := range goldenMessages() {
		t.Run(name, func(t *testing.T) {
			got, err := proto.MarshalOptions{Deterministic: true}.Marshal(m)
			if err != nil {
				t.Fatal(err)
			}
			file := filepath.Join(goldenDir, name)
			if *update {
				if err := os.WriteFile(file, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(file)
			if err != nil {
				t.Fatalf("%v (write it with -update)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("Go marshals %d bytes that differ from %s (%d bytes) at offset %d",
					len(got), file, len(want), firstDiff(got, want))
			}
			back := m.ProtoReflect().New().Interface()
			if err := proto.Unmarshal(want, back); err != nil {
				t.Fatalf("%s does not decode: %v", file, err)
			}
			if !proto.Equal(back, m) {
				t.Errorf("%s decodes to %v, want %v", file, back, m)
			}
		})
	}
}

func firstDiff(a, b []byte) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}
