package fwdquery

import (
	"context"
	"errors"
	"strings"
	"sync"
	"syscall"
	"testing"

	"hvlb/internal/apitypes"
	"hvlb/internal/pb/fwdpb"
)

// fakeCapturers play forwarders that capture: each read gives perRead packets, stamped by
// time, until stopped (by a stop, or by itself after reads reads); busy refuses the start.
type fakeCapturers struct {
	mu      sync.Mutex
	perRead int
	reads   int
	busy    string
	down    string
	read    map[string]int
	stopped map[string]bool
	log     []string
}

func (c *fakeCapturers) Ask(_ context.Context, id string, req *fwdpb.Request) (*fwdpb.Response, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	m := req.GetCapture()
	c.log = append(c.log, id+":"+m.GetAction())
	if id == c.down {
		return nil, ErrNotConnected
	}
	st := &fwdpb.CaptureStatus{Id: 1, Running: !c.stopped[id], SnapLen: 128, Filter: "any client 10.0.0.2 vip any"}
	switch m.GetAction() {
	case "start":
		if id == c.busy {
			return &fwdpb.Response{Status: int32(syscall.EBUSY), Error: "capture: one is running already; stop it first"}, nil
		}
	case "stop":
		c.stopped[id] = true
		st.Running, st.Stopped = false, "stopped"
	case "read":
		c.read[id]++
		if !c.stopped[id] {
			for i := 0; i < c.perRead; i++ {
				st.Packets = append(st.Packets, &fwdpb.CapturedPacket{Point: "rx",
					TimeNs: uint64(c.read[id]*100 + i*10 + len(id)), Data: []byte(id)})
			}
		}
		if c.read[id] >= c.reads {
			c.stopped[id] = true
		}
		st.Running = !c.stopped[id]
		if !st.Running && st.Stopped == "" {
			st.Stopped = "time"
		}
	}
	return &fwdpb.Response{Body: &fwdpb.Response_CaptureStatus{CaptureStatus: st}}, nil
}

func newCapturers(perRead, reads int) *fakeCapturers {
	return &fakeCapturers{perRead: perRead, reads: reads, read: map[string]int{}, stopped: map[string]bool{}}
}

// TestCapture: every forwarder's packets merged in time order until each stopped; the pool's
// max_packets keeps that many and stops the others, counting the rest; a forwarder that
// cannot be asked is named; a refused start fails the capture and stops those started.
func TestCapture(t *testing.T) {
	ctx := context.Background()
	c := newCapturers(2, 2)
	res, err := Capture(ctx, c, []string{"fwd-a", "fwd-b", "fwd-c"}, apitypes.CaptureRequest{Client: "10.0.0.2"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Packets) != 12 || len(res.Forwarders) != 3 || res.SnapLen != 128 || res.Filter == "" {
		t.Fatalf("got %d packets, %v", len(res.Packets), res)
	}
	for i := 1; i < len(res.Packets); i++ {
		if res.Packets[i].TimeNS < res.Packets[i-1].TimeNS {
			t.Fatalf("not in time order: %v", res.Packets)
		}
	}
	for _, f := range res.Forwarders {
		if f.Stopped != "time" {
			t.Errorf("%s stopped by %q", f.Forwarder, f.Stopped)
		}
	}

	c = newCapturers(3, 100)
	c.down = "fwd-c"
	res, err = Capture(ctx, c, []string{"fwd-a", "fwd-b", "fwd-c"}, apitypes.CaptureRequest{Client: "10.0.0.2", MaxPackets: 4})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Packets) != 4 || res.SkippedPool != 2 || len(res.Errors) != 1 || res.Errors[0].Forwarder != "fwd-c" {
		t.Fatalf("max_packets 4: %d packets, skipped %d, errors %v", len(res.Packets), res.SkippedPool, res.Errors)
	}
	if log := strings.Join(c.log, " "); !strings.Contains(log, "fwd-a:stop") || !strings.Contains(log, "fwd-b:stop") {
		t.Errorf("the others were not stopped: %s", log)
	}

	c = newCapturers(1, 1)
	c.busy = "fwd-b"
	_, err = Capture(ctx, c, []string{"fwd-a", "fwd-b"}, apitypes.CaptureRequest{Client: "10.0.0.2"})
	var fr *ForwarderRefusal
	if !errors.As(err, &fr) || fr.Status != syscall.EBUSY || fr.Forwarder != "fwd-b" {
		t.Fatalf("a busy forwarder: %v", err)
	}
	if log := strings.Join(c.log, " "); !strings.Contains(log, "fwd-a:stop") || strings.Contains(log, "read") {
		t.Errorf("fwd-a was not stopped, or read: %s", log)
	}
}
