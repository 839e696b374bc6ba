package health

import (
	"context"
	"encoding/binary"
	"net"
	"os"
	"strings"
	"testing"
	"time"
)

// sctpResponder plays an SCTP endpoint on 127.0.0.1 over raw IP: an INIT to port open gets
// an INIT-ACK, to any other port an ABORT (T bit, the tag reflected); it records the ABORTs
// that reach port open, the check's closing of the half-open association.
func sctpResponder(t *testing.T, open uint16) (aborts chan uint32) {
	t.Helper()
	c, err := net.ListenIP("ip4:132", &net.IPAddr{IP: net.IPv4(127, 0, 0, 1)})
	if err != nil {
		t.Skipf("no raw IP socket for SCTP (needs root / CAP_NET_RAW): %v", err)
	}
	t.Cleanup(func() { c.Close() })
	aborts = make(chan uint32, 4)
	go func() {
		buf := make([]byte, 2048)
		for {
			n, from, err := c.ReadFromIP(buf)
			if err != nil {
				return
			}
			p := buf[:n]
			if n < sctpHdrLen+4 || !sctpCRCOK(p) {
				continue
			}
			sport, dport := binary.BigEndian.Uint16(p[0:]), binary.BigEndian.Uint16(p[2:])
			switch {
			case p[sctpHdrLen] == sctpAbort && dport == open:
				aborts <- binary.BigEndian.Uint32(p[4:])
			case p[sctpHdrLen] == sctpInit && n >= sctpHdrLen+20:
				itag := binary.BigEndian.Uint32(p[sctpHdrLen+4:])
				var reply []byte
				if dport == open {
					ack := sctpInitChunk(0x5eed)
					ack[0] = sctpInitAck
					reply = sctpPacket(dport, sport, itag, ack)
				} else {
					reply = sctpPacket(dport, sport, itag, []byte{sctpAbort, 1, 0, 4})
				}
				c.WriteToIP(reply, from)
			}
		}
	}()
	return aborts
}

func TestProbeSCTP(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("the SCTP check needs a raw IP socket: run as root")
	}
	aborts := sctpResponder(t, 3868)
	ctx := context.Background()
	s := Spec{Kind: KindSCTP, Address: "127.0.0.1", Port: 3868, Timeout: 2 * time.Second,
		Interval: 2 * time.Second}
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	if err := Probe(ctx, s); err != nil {
		t.Fatalf("INIT-ACK expected: %v", err)
	}
	select {
	case tag := <-aborts:
		if tag != 0x5eed {
			t.Errorf("the ABORT carries tag %#x, want the INIT-ACK's 0x5eed", tag)
		}
	case <-time.After(2 * time.Second):
		t.Error("the half-open association was not aborted")
	}
	s.Port = 3870
	if err := Probe(ctx, s); err == nil || !strings.Contains(err.Error(), "ABORT") {
		t.Errorf("a port nothing listens on: %v, want an ABORT", err)
	}
	s.Address, s.Timeout = "127.0.0.2", 300*time.Millisecond // no endpoint answers there
	if err := Probe(ctx, s); err == nil || !strings.Contains(err.Error(), "no INIT-ACK") {
		t.Errorf("silence: %v, want no INIT-ACK", err)
	}
}
