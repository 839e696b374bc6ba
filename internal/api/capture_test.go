package api

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"hvlb/internal/model"
	"hvlb/internal/pb/ctlpb"
	"hvlb/internal/pb/fwdpb"
)

// captureStream plays one agent's Query stream in front of a forwarder that captures: a
// start is refused for client 10.0.0.99 (EINVAL, naming the field) and vip 10.0.0.98 (one
// runs already, EBUSY); the first read gives an rx and a tx packet while running, the next
// nothing, stopped by time.
type captureStream struct {
	answers chan *ctlpb.FwdAnswer
	mu      sync.Mutex
	reads   int
	ops     []string
}

func (s *captureStream) Send(q *ctlpb.FwdQuery) error {
	c := q.GetRequest().GetCapture()
	s.mu.Lock()
	s.ops = append(s.ops, c.GetAction())
	st := &fwdpb.CaptureStatus{Id: 1, Running: true, SnapLen: 256, Filter: "any client 10.0.0.2 vip any"}
	r := &fwdpb.Response{Body: &fwdpb.Response_CaptureStatus{CaptureStatus: st}}
	switch c.GetAction() {
	case "start":
		switch {
		case c.GetClient() == "10.0.0.99":
			r = &fwdpb.Response{Status: 22, Error: "capture.client: refused for the test"}
		case c.GetVip() == "10.0.0.98":
			r = &fwdpb.Response{Status: 16, Error: "capture: one is running already; stop it first"}
		}
	case "read":
		s.reads++
		if s.reads == 1 {
			st.Packets = []*fwdpb.CapturedPacket{
				{TimeNs: 2000, Worker: 1, Point: "tx", OrigLen: 60, Data: []byte{1, 2, 3}},
				{TimeNs: 1000, Worker: 1, Point: "rx", OrigLen: 60, Data: []byte{4, 5, 6}}}
			st.Taken = 2
		} else {
			st.Running, st.Stopped, st.Taken = false, "time", 2
		}
	case "stop":
		st.Running, st.Stopped = false, "stopped"
	}
	s.mu.Unlock()
	s.answers <- &ctlpb.FwdAnswer{Id: q.GetId(), Response: r}
	return nil
}

func (s *captureStream) Recv() (*ctlpb.FwdAnswer, error) { return <-s.answers, nil }

// TestCapture: POST /v1/capture starts the capture on every forwarder with a stream, reads
// until each has stopped, and answers its packets in time order with each forwarder's
// counts, naming the forwarders it could not ask; bad input is a 400 naming the field (a
// forwarder's refusal too), a capture already running a 409.
func TestCapture(t *testing.T) {
	e := newEnv(t, "")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for _, id := range []string{"fwd-a", "fwd-b"} {
		if _, err := e.c.Register(ctx, model.Forwarder{ID: id}); err != nil {
			t.Fatal(err)
		}
	}
	st := &captureStream{answers: make(chan *ctlpb.FwdAnswer, 4)}
	go e.c.Queries().Serve(ctx, "fwd-a", st)
	for deadline := time.Now().Add(5 * time.Second); len(e.c.Queries().Connected()) == 0; {
		if time.Now().After(deadline) {
			t.Fatal("the stream never registered")
		}
		time.Sleep(time.Millisecond)
	}
	m := e.mustDo("POST", "/v1/capture", `{"client":"10.0.0.2","duration_s":1}`, 200)
	pkts := m["packets"].([]any)
	if len(pkts) != 2 || pkts[0].(map[string]any)["point"] != "rx" || pkts[1].(map[string]any)["point"] != "tx" ||
		pkts[0].(map[string]any)["forwarder"] != "fwd-a" || pkts[0].(map[string]any)["data"] != "BAUG" {
		t.Errorf("packets: %v", pkts)
	}
	fw := m["forwarders"].([]any)
	if len(fw) != 1 || fw[0].(map[string]any)["stopped"] != "time" || fw[0].(map[string]any)["taken"] != 2.0 {
		t.Errorf("forwarders: %v", fw)
	}
	if errs := m["errors"].([]any); len(errs) != 1 || errs[0].(map[string]any)["forwarder"] != "fwd-b" {
		t.Errorf("errors: %v", errs)
	}
	if m["filter"] != "any client 10.0.0.2 vip any" || m["snap_len"] != 256.0 {
		t.Errorf("filter: %v", m)
	}
	if got := strings.Join(st.ops, ","); got != "start,read,read" {
		t.Errorf("the forwarder was asked %s", got)
	}
	// The journal says whose packets were copied, under the field every component uses.
	if l := e.log.String(); !strings.Contains(l, "msg=capture client=10.0.0.2 vip=\"\" drop_reason=\"\" forwarder=\"\" packets=2 duration_s=1") {
		t.Errorf("the capture's log line: %s", l)
	}
	for _, tc := range []struct {
		body, field string
		status      int
	}{
		{`{}`, "client", 400},
		{`{"protocol":"icmp","client":"10.0.0.2"}`, "protocol", 400},
		{`{"client":"10.0.0.2/24"}`, "client", 400},
		{`{"vip":"10.0.0.1:http"}`, "vip", 400},
		{`{"drop_reason":"no_vs","client":"10.0.0.2"}`, "drop_reason", 400},
		{`{"client":"10.0.0.2","max_packets":10001}`, "max_packets", 400},
		{`{"client":"10.0.0.2","duration_s":51}`, "duration_s", 400},
		{`{"client":"10.0.0.2","snap_len":10}`, "snap_len", 400},
		{`{"client":"10.0.0.2","rate_pps":100001}`, "rate_pps", 400},
		{`{"client":"10.0.0.2","count":1}`, "count", 400},
		{`{"client":"10.0.0.99","forwarder":"fwd-a"}`, "client", 400},
		{`{"client":"10.0.0.2","forwarder":"fwd-z"}`, "", 404},
		{`{"vip":"10.0.0.98","forwarder":"fwd-a"}`, "", 409},
	} {
		m := e.mustDo("POST", "/v1/capture", tc.body, tc.status)
		if tc.field != "" && m["field"] != tc.field {
			t.Errorf("%s: field %v, want %s (%v)", tc.body, m["field"], tc.field, m)
		}
	}
}
