package fwdquery

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"sync"
	"syscall"

	"hvlb/internal/apitypes"
	"hvlb/internal/model"
	"hvlb/internal/pb/fwdpb"
)

// Asker puts one request to a forwarder (the Hub; a fake in tests).
type Asker interface {
	Ask(ctx context.Context, id string, req *fwdpb.Request) (*fwdpb.Response, error)
}

// ConnFilter is what GET /v1/conns keeps; the forwarders evaluate it (ListConnections).
type ConnFilter struct {
	Protocol, VIP, Real, Client, State string
}

// MaxPageCalls bounds the ListConnections calls one page makes: each looks at a bounded
// number of table entries (ctl_op_conns.c), so a sparse filter over large tables ends a
// page short, with a cursor, rather than holding the request.
const MaxPageCalls = 64

// ForwarderRefusal is a forwarder's refusal of a question (its errno and message, which
// names the field at fault).
type ForwarderRefusal struct {
	Forwarder string
	Status    syscall.Errno
	Message   string
}

func (e *ForwarderRefusal) Error() string {
	return fmt.Sprintf("forwarder %s: %s", e.Forwarder, e.Message)
}

// cursor is where a pool listing resumes: a forwarder and its own cursor. It travels as
// base64url JSON, opaque to clients.
type cursor struct {
	F string `json:"f"`
	C uint64 `json:"c"`
}

// encodeCursor and decodeCursor: "" is the start (and the end).
func encodeCursor(c cursor) string {
	b, _ := json.Marshal(c)
	return base64.RawURLEncoding.EncodeToString(b)
}

func decodeCursor(s string) (cursor, error) {
	var c cursor
	if s == "" {
		return c, nil
	}
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err == nil {
		err = json.Unmarshal(b, &c)
	}
	if err != nil || c.F == "" {
		return c, &model.FieldError{Field: "cursor", Msg: "not a next_cursor this API gave"}
	}
	return c, nil
}

// ListConns returns one page of at most limit connections of the forwarders fwds (sorted;
// the page goes through them in that order), from cursor ("" to start). A forwarder that
// cannot be asked is named in Errors and skipped; one that refuses the filter fails the
// page (a *ForwarderRefusal).
func ListConns(ctx context.Context, a Asker, fwds []string, f ConnFilter, limit int,
	cur string) (apitypes.ConnPage, error) {
	out := apitypes.ConnPage{Connections: []apitypes.Connection{}, Errors: []apitypes.ForwarderError{}}
	c, err := decodeCursor(cur)
	if err != nil {
		return out, err
	}
	i := 0
	if c.F != "" {
		for i < len(fwds) && fwds[i] < c.F {
			i++
		}
		if i == len(fwds) || fwds[i] != c.F {
			c.C = 0 // that forwarder is gone: go on from the next
		}
	}
	pos := c.C
	for calls := 0; i < len(fwds); calls++ {
		id := fwds[i]
		if len(out.Connections) >= limit || calls == MaxPageCalls {
			out.NextCursor = encodeCursor(cursor{F: id, C: pos})
			return out, nil
		}
		resp, err := a.Ask(ctx, id, &fwdpb.Request{Op: &fwdpb.Request_ListConnections{
			ListConnections: &fwdpb.ListConnections{Cursor: pos, Limit: uint32(limit - len(out.Connections)),
				Protocol: f.Protocol, Vip: f.VIP, Real: f.Real, Client: f.Client, State: f.State}}})
		if err != nil {
			if ctx.Err() != nil {
				return out, ctx.Err()
			}
			out.Errors = append(out.Errors, apitypes.ForwarderError{Forwarder: id, Error: err.Error()})
			i, pos = i+1, 0
			continue
		}
		if resp.GetStatus() != 0 {
			return out, &ForwarderRefusal{Forwarder: id, Status: syscall.Errno(resp.GetStatus()), Message: resp.GetError()}
		}
		for _, cn := range resp.GetConnections().GetConnections() {
			out.Connections = append(out.Connections, ConnOf(id, cn))
		}
		if pos = resp.GetConnections().GetNextCursor(); pos == 0 {
			i++
		}
	}
	return out, nil
}

// Trace asks every forwarder of fwds at once what it does with the flow.
func Trace(ctx context.Context, a Asker, fwds []string, protocol, client, vip string) (apitypes.FlowTraces, error) {
	out := apitypes.FlowTraces{Protocol: protocol, Client: client, VIP: vip,
		Forwarders: []apitypes.FlowTrace{}, Errors: []apitypes.ForwarderError{}}
	type result struct {
		resp *fwdpb.Response
		err  error
	}
	res := make([]result, len(fwds))
	var wg sync.WaitGroup
	for i, id := range fwds {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res[i].resp, res[i].err = a.Ask(ctx, id, &fwdpb.Request{Op: &fwdpb.Request_TraceFlow{
				TraceFlow: &fwdpb.TraceFlow{Protocol: protocol, Client: client, Vip: vip}}})
		}()
	}
	wg.Wait()
	for i, id := range fwds {
		r := res[i]
		switch {
		case r.err != nil:
			out.Errors = append(out.Errors, apitypes.ForwarderError{Forwarder: id, Error: r.err.Error()})
		case r.resp.GetStatus() != 0:
			return out, &ForwarderRefusal{Forwarder: id, Status: syscall.Errno(r.resp.GetStatus()), Message: r.resp.GetError()}
		default:
			out.Forwarders = append(out.Forwarders, TraceOf(id, r.resp.GetFlowTrace()))
		}
	}
	return out, nil
}

// ConnOf is a forwarder's connection as the API shows it.
func ConnOf(fwd string, c *fwdpb.Connection) apitypes.Connection {
	return apitypes.Connection{Forwarder: fwd, Worker: c.GetWorker(), Protocol: c.GetProtocol(),
		Client: c.GetClient(), VIP: c.GetVip(), Real: c.GetReal(), State: c.GetState(), AgeS: c.GetAgeS(),
		ExpiresInS: c.GetExpiresInS(), PacketsIn: c.GetPacketsIn(), PacketsOut: c.GetPacketsOut(),
		BytesIn: c.GetBytesIn(), BytesOut: c.GetBytesOut(), Synced: c.GetSynced(),
		SynProxy: c.GetSynproxy()}
}

// TraceOf is a forwarder's FlowTrace as the API shows it.
func TraceOf(fwd string, t *fwdpb.FlowTrace) apitypes.FlowTrace {
	out := apitypes.FlowTrace{Forwarder: fwd, Verdict: t.GetVerdict(), Reason: t.GetReason(),
		OwnerWorker: t.GetOwnerWorker(), DefaultWorker: t.GetDefaultWorker(),
		Connections: []apitypes.Connection{}, Mode: t.GetMode(), Scheduler: t.GetScheduler(),
		FlowHash: t.GetFlowHash(), TableSlot: t.GetTableSlot(), TableSize: t.GetTableSize(),
		Pick: t.GetPick(), UsableReals: t.GetUsableReals(), Reals: []apitypes.TraceReal{},
		ConnRateLimit: t.GetConnRateLimit(), Synproxy: t.GetSynproxy(), SyncState: t.GetSyncState()}
	if s := t.GetService(); t.GetServiceFound() && s != nil {
		out.Service = model.ServiceID(s.GetProtocol(), s.GetVip(), int(s.GetVport()))
	}
	for _, c := range t.GetConnections() {
		out.Connections = append(out.Connections, ConnOf(fwd, c))
	}
	for _, r := range t.GetReals() {
		out.Reals = append(out.Reals, apitypes.TraceReal{Address: r.GetAddress(), Port: r.GetPort(),
			Weight: r.GetWeight(), Health: r.GetHealth(), ConnLimit: r.GetConnLimit(),
			ActiveConns: r.GetActiveConns(), Usable: r.GetUsable()})
	}
	return out
}
