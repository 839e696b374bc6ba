package agent

import (
	"context"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"google.golang.org/grpc"

	"hvlb/internal/fwdclient/fwdtest"
	"hvlb/internal/fwdquery"
	"hvlb/internal/pb/ctlpb"
	"hvlb/internal/pb/fwdpb"
)

// queryCtl is fakeCtl with the controller's Query side (fwdquery.Hub).
type queryCtl struct {
	*fakeCtl
	hub *fwdquery.Hub
}

func (q *queryCtl) Query(stream grpc.BidiStreamingServer[ctlpb.FwdAnswer, ctlpb.FwdQuery]) error {
	hello, err := stream.Recv()
	if err != nil {
		return err
	}
	return q.hub.Serve(stream.Context(), hello.GetForwarderId(), stream)
}

func serveQueryCtl(t *testing.T, dir, addr string, q *queryCtl) {
	t.Helper()
	srv, ln := ctlServer(t, dir, addr)
	ctlpb.RegisterAgentServiceServer(srv, q)
	go srv.Serve(ln)
	t.Cleanup(srv.Stop)
}

// TestAgentAnswersQueries: the controller's questions reach the forwarder through the
// agent's Query stream and come back (pages merged with a forwarder that has no agent);
// the forwarder's refusal comes back as its status; an op that is not read-only is
// refused by the agent.
func TestAgentAnswersQueries(t *testing.T) {
	f := fwdtest.New(t)
	f.SetConnections([]*fwdpb.Connection{
		{Worker: 0, Protocol: "tcp", Client: "10.0.0.2:40000", Vip: "10.100.0.1:80", Real: "10.1.0.11:80", State: "established"},
		{Worker: 1, Protocol: "tcp", Client: "10.0.0.3:40000", Vip: "10.100.0.1:80", Real: "10.1.0.12:80", State: "syn_recv", Synced: true},
	})
	dir, addr := pki(t), freeAddr(t)
	q := &queryCtl{fakeCtl: newFakeCtl(), hub: fwdquery.NewHub()}
	serveQueryCtl(t, dir, addr, q)
	startAgent(t, dir, addr, f.Path)
	eventually(t, 5*time.Second, "the agent's query stream", func() (bool, string) {
		c := q.hub.Connected()
		return slices.Equal(c, []string{"fwd-a"}), strings.Join(c, ",")
	})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()

	p, err := fwdquery.ListConns(ctx, q.hub, []string{"fwd-a", "fwd-z"}, fwdquery.ConnFilter{}, 1, "")
	if err != nil || len(p.Connections) != 1 || p.Connections[0].Client != "10.0.0.2:40000" ||
		p.Connections[0].Forwarder != "fwd-a" || p.NextCursor == "" {
		t.Fatalf("first page: %+v, %v", p, err)
	}
	p, err = fwdquery.ListConns(ctx, q.hub, []string{"fwd-a", "fwd-z"}, fwdquery.ConnFilter{}, 10, p.NextCursor)
	if err != nil || len(p.Connections) != 1 || !p.Connections[0].Synced || p.NextCursor != "" {
		t.Fatalf("second page: %+v, %v", p, err)
	}
	if len(p.Errors) != 1 || p.Errors[0].Forwarder != "fwd-z" {
		t.Errorf("fwd-z, no agent: errors %+v", p.Errors)
	}

	resp, err := q.hub.Ask(ctx, "fwd-a", &fwdpb.Request{Op: &fwdpb.Request_TraceFlow{
		TraceFlow: &fwdpb.TraceFlow{Protocol: "tcp", Client: "10.0.0.2:40000", Vip: "10.100.0.1:80"}}})
	if err != nil || syscall.Errno(resp.GetStatus()) != syscall.EINVAL {
		t.Errorf("trace_flow to a forwarder that does not know it: %v, %v (want its EINVAL)", resp, err)
	}
	_, err = q.hub.Ask(ctx, "fwd-a", &fwdpb.Request{Op: &fwdpb.Request_SetRssa{SetRssa: &fwdpb.SetRssa{SetEnabled: true}}})
	if err == nil || !strings.Contains(err.Error(), "not one the controller may ask") {
		t.Errorf("set_rssa through the agent: %v, want refused", err)
	}
}
