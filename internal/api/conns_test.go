package api

import (
	"context"
	"strings"
	"testing"
	"time"

	"hvlb/internal/model"
	"hvlb/internal/pb/ctlpb"
	"hvlb/internal/pb/fwdpb"
)

// agentStream plays one agent's Query stream: each ListConnections is answered with
// conns, each TraceFlow with a new-flow verdict.
type agentStream struct {
	answers chan *ctlpb.FwdAnswer
	conns   []*fwdpb.Connection
}

func (s *agentStream) Send(q *ctlpb.FwdQuery) error {
	r := &fwdpb.Response{}
	if lc := q.GetRequest().GetListConnections(); lc != nil {
		r.Body = &fwdpb.Response_Connections{Connections: &fwdpb.ConnectionList{Connections: s.conns}}
		if lc.GetClient() == "10.0.0.99" {
			r = &fwdpb.Response{Status: 22, Error: "list_connections.client: refused for the test"}
		}
	} else {
		r.Body = &fwdpb.Response_FlowTrace{FlowTrace: &fwdpb.FlowTrace{Verdict: "new", Pick: "10.1.0.1:80"}}
	}
	s.answers <- &ctlpb.FwdAnswer{Id: q.GetId(), Response: r}
	return nil
}

func (s *agentStream) Recv() (*ctlpb.FwdAnswer, error) { return <-s.answers, nil }

// TestConnsAndTrace: GET /v1/conns and /v1/trace merge what the forwarders' agents answer,
// name the forwarders that could not be asked, and refuse bad input with a 400 that names
// the field (a forwarder's own refusal too) or an unknown forwarder with a 404.
func TestConnsAndTrace(t *testing.T) {
	e := newEnv(t, "")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for _, id := range []string{"fwd-a", "fwd-b"} {
		if _, err := e.c.Register(ctx, model.Forwarder{ID: id}); err != nil {
			t.Fatal(err)
		}
	}
	st := &agentStream{answers: make(chan *ctlpb.FwdAnswer, 1), conns: []*fwdpb.Connection{
		{Worker: 1, Protocol: "tcp", Client: "10.0.0.2:40000", Vip: "10.0.0.1:80", Real: "10.1.0.1:80", State: "established"}}}
	go e.c.Queries().Serve(ctx, "fwd-a", st)
	for deadline := time.Now().Add(5 * time.Second); len(e.c.Queries().Connected()) == 0; {
		if time.Now().After(deadline) {
			t.Fatal("the stream never registered")
		}
		time.Sleep(time.Millisecond)
	}
	m := e.mustDo("GET", "/v1/conns?client=10.0.0.0/8&state=established", "", 200)
	cs := m["connections"].([]any)
	errs := m["errors"].([]any)
	if len(cs) != 1 || cs[0].(map[string]any)["forwarder"] != "fwd-a" || len(errs) != 1 ||
		errs[0].(map[string]any)["forwarder"] != "fwd-b" || m["next_cursor"] != "" {
		t.Errorf("conns: %v", m)
	}
	m = e.mustDo("GET", "/v1/trace?protocol=tcp&client=10.0.0.2:40000&vip=10.0.0.1:80&forwarder=fwd-a", "", 200)
	if fs := m["forwarders"].([]any); len(fs) != 1 || fs[0].(map[string]any)["pick"] != "10.1.0.1:80" {
		t.Errorf("trace: %v", m)
	}
	for _, tc := range []struct {
		path, field string
		status      int
	}{
		{"/v1/conns?state=open", "state", 400},
		{"/v1/conns?protocol=sctp", "protocol", 400},
		{"/v1/conns?vip=10.0.0.1:http", "vip", 400},
		{"/v1/conns?real=nf-1", "real", 400},
		{"/v1/conns?client=10.0.0/8", "client", 400},
		{"/v1/conns?limit=0", "limit", 400},
		{"/v1/conns?cursor=xyz", "cursor", 400},
		{"/v1/conns?forwarder=../x", "forwarder", 400},
		{"/v1/conns?client=10.0.0.99&forwarder=fwd-a", "client", 400},
		{"/v1/conns?forwarder=fwd-z", "", 404},
		{"/v1/trace?protocol=icmp&client=10.0.0.2:1&vip=10.0.0.1:80", "protocol", 400},
		{"/v1/trace?protocol=tcp&client=10.0.0.2&vip=10.0.0.1:80", "client", 400},
		{"/v1/trace?protocol=tcp&client=10.0.0.2:1&vip=10.0.0.1:0", "vip", 400},
		{"/v1/trace?protocol=tcp&client=10.0.0.2:1&vip=10.0.0.1:80&forwarder=fwd-z", "", 404},
	} {
		status, body, raw := e.do("GET", tc.path, "")
		if status != tc.status || tc.field != "" && body["field"] != tc.field {
			t.Errorf("%s: %d %s, want %d naming %q", tc.path, status, strings.TrimSpace(string(raw)), tc.status, tc.field)
		}
	}
}
