package agent

import (
	"context"
	"errors"
	"fmt"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"hvlb/internal/fwdclient"
	"hvlb/internal/pb/ctlpb"
	"hvlb/internal/pb/fwdpb"
)

// queryLoop answers the controller's questions to the forwarder (GET /v1/conns and
// /v1/trace): it opens the Query stream, names its forwarder, then puts each read-only
// request to the forwarder's local API on a connection of its own (so a listing does not
// wait behind a reconcile) and sends the answer back. It ends with the session; a
// controller without the stream (an older one) is told once in the log and left alone.
func (a *Agent) queryLoop(ctx context.Context, client ctlpb.AgentServiceClient, addr string) {
	stream, err := client.Query(ctx)
	if err == nil {
		err = stream.Send(&ctlpb.FwdAnswer{ForwarderId: a.cfg.ID})
	}
	if err != nil {
		a.logQueryEnd(ctx, addr, err)
		return
	}
	fc := fwdclient.New(a.fc.Path())
	defer fc.Close()
	for {
		q, err := stream.Recv()
		if err != nil {
			a.logQueryEnd(ctx, addr, err)
			return
		}
		if err := stream.Send(answer(ctx, fc, q)); err != nil {
			a.logQueryEnd(ctx, addr, err)
			return
		}
	}
}

func (a *Agent) logQueryEnd(ctx context.Context, addr string, err error) {
	switch {
	case ctx.Err() != nil:
	case status.Code(err) == codes.Unimplemented:
		a.log.Info("the controller asks no queries (an older version): conns and trace "+
			"do not reach this forwarder", "controller", addr)
	default:
		a.log.Warn("query stream ended", "controller", addr, "err", err)
	}
}

// QueryOps are the forwarder ops the controller may ask through the agent: read-only, and
// Capture, which changes nothing the forwarder does with a packet (it copies some, bounded).
func queryAllowed(req *fwdpb.Request) bool {
	switch req.GetOp().(type) {
	case *fwdpb.Request_ListConnections, *fwdpb.Request_TraceFlow, *fwdpb.Request_Capture:
		return true
	}
	return false
}

// answer puts one query to the forwarder: its Response (the forwarder's own refusals
// included, status and message), or an error when it could not be asked.
func answer(ctx context.Context, fc *fwdclient.Client, q *ctlpb.FwdQuery) *ctlpb.FwdAnswer {
	out := &ctlpb.FwdAnswer{Id: q.GetId()}
	if !queryAllowed(q.GetRequest()) {
		out.Error = fmt.Sprintf("op %T: not one the controller may ask (list_connections, trace_flow, capture)",
			q.GetRequest().GetOp())
		return out
	}
	resp, err := fc.Do(ctx, q.GetRequest())
	var fe *fwdclient.Error
	switch {
	case errors.As(err, &fe):
		out.Response = &fwdpb.Response{Status: int32(fe.Status), Error: fe.Message}
	case err != nil:
		out.Error = "forwarder: " + err.Error()
	default:
		out.Response = resp
	}
	return out
}
