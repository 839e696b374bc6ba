package fwdquery

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"hvlb/internal/model"
	"hvlb/internal/pb/ctlpb"
	"hvlb/internal/pb/fwdpb"
)

// fakePool answers ListConnections per forwarder from a list, pageSize at most per call
// whatever the limit (a forwarder's scan budget), and TraceFlow with a verdict.
type fakePool struct {
	mu       sync.Mutex
	conns    map[string][]string // forwarder -> clients
	down     map[string]bool
	refuse   string // a forwarder answering EINVAL
	pageSize int
	calls    int
	filters  []*fwdpb.ListConnections
}

func (p *fakePool) Ask(_ context.Context, id string, req *fwdpb.Request) (*fwdpb.Response, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.calls++
	if p.down[id] {
		return nil, ErrNotConnected
	}
	if id == p.refuse {
		return &fwdpb.Response{Status: int32(syscall.EINVAL), Error: "list_connections.client: '10.0.0/8' is not addr"}, nil
	}
	if tf := req.GetTraceFlow(); tf != nil {
		return &fwdpb.Response{Body: &fwdpb.Response_FlowTrace{FlowTrace: &fwdpb.FlowTrace{Verdict: "new",
			ServiceFound: true, Service: &fwdpb.ServiceId{Protocol: "tcp", Vip: "10.100.0.1", Vport: 80},
			Pick: "10.1.0.11:80", TableSlot: 7, Reals: []*fwdpb.TraceReal{{Address: "10.1.0.11", Port: 80, Usable: true}},
			Connections: []*fwdpb.Connection{{Client: tf.GetClient(), Synced: id != "fwd-a"}}}}}, nil
	}
	lc := req.GetListConnections()
	p.filters = append(p.filters, lc)
	all := p.conns[id]
	start := int(lc.GetCursor())
	n := min(int(lc.GetLimit()), len(all)-start)
	if p.pageSize > 0 {
		n = min(n, p.pageSize)
	}
	l := &fwdpb.ConnectionList{}
	for _, c := range all[start : start+n] {
		l.Connections = append(l.Connections, &fwdpb.Connection{Client: c})
	}
	if start+n < len(all) {
		l.NextCursor = uint64(start + n)
	}
	return &fwdpb.Response{Body: &fwdpb.Response_Connections{Connections: l}}, nil
}

func clients(prefix string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("%s:%d", prefix, 40000+i)
	}
	return out
}

// TestListConnsPages: the pool's listing goes through the forwarders in order; following
// next_cursor from any page size gives every connection once, in order; forwarders that
// cannot be asked are named and skipped; a filter reaches every forwarder as given.
func TestListConnsPages(t *testing.T) {
	fwds := []string{"fwd-a", "fwd-b", "fwd-c", "fwd-d"}
	var want []string
	conns := map[string][]string{"fwd-a": clients("10.0.0.1", 5), "fwd-b": nil, "fwd-c": clients("10.0.0.3", 7),
		"fwd-d": clients("10.0.0.4", 2)}
	for _, id := range []string{"fwd-a", "fwd-c"} { // fwd-b has none, fwd-d is down
		for _, c := range conns[id] {
			want = append(want, id+" "+c)
		}
	}
	for _, tc := range []struct{ limit, pageSize int }{{1, 0}, {3, 0}, {5, 0}, {1000, 0}, {4, 2}, {1000, 1}} {
		p := &fakePool{conns: conns, down: map[string]bool{"fwd-d": true}, pageSize: tc.pageSize}
		f := ConnFilter{Client: "10.0.0.0/8", State: "established"}
		var got []string
		cur, pages := "", 0
		for {
			page, err := ListConns(context.Background(), p, fwds, f, tc.limit, cur)
			if err != nil {
				t.Fatalf("limit %d: %v", tc.limit, err)
			}
			if len(page.Connections) > tc.limit {
				t.Errorf("limit %d: a page of %d", tc.limit, len(page.Connections))
			}
			for _, c := range page.Connections {
				got = append(got, c.Forwarder+" "+c.Client)
			}
			if len(page.Errors) > 0 && (page.Errors[0].Forwarder != "fwd-d" || !strings.Contains(page.Errors[0].Error, "no query stream")) {
				t.Errorf("errors %+v", page.Errors)
			}
			pages++
			if cur = page.NextCursor; cur == "" || pages > 100 {
				break
			}
		}
		if strings.Join(got, ",") != strings.Join(want, ",") {
			t.Errorf("limit %d, page size %d: got %v, want %v", tc.limit, tc.pageSize, got, want)
		}
		for _, lc := range p.filters {
			if lc.GetClient() != f.Client || lc.GetState() != f.State {
				t.Errorf("the filter reached a forwarder as %+v", lc)
			}
		}
	}
}

// TestListConnsBounds: a page makes MaxPageCalls calls at most (each forwarder call may
// come back short, its scan budget spent) and ends with a cursor that goes on from there.
func TestListConnsBounds(t *testing.T) {
	p := &fakePool{conns: map[string][]string{"fwd-a": clients("10.0.0.1", 200)}, pageSize: 1}
	page, err := ListConns(context.Background(), p, []string{"fwd-a"}, ConnFilter{}, 1000, "")
	if err != nil || len(page.Connections) != MaxPageCalls || page.NextCursor == "" || p.calls != MaxPageCalls {
		t.Fatalf("%d connections, %d calls, cursor %q, %v", len(page.Connections), p.calls, page.NextCursor, err)
	}
	page, err = ListConns(context.Background(), p, []string{"fwd-a"}, ConnFilter{}, 1000, page.NextCursor)
	if err != nil || page.Connections[0].Client != "10.0.0.1:40064" {
		t.Fatalf("went on at %+v, %v", page.Connections[:1], err)
	}
}

// TestListConnsErrors: a cursor this API did not give is a 400 on cursor; a forwarder's
// refusal fails the page with its message; a cursor whose forwarder left goes on from the
// next one.
func TestListConnsErrors(t *testing.T) {
	p := &fakePool{conns: map[string][]string{"fwd-a": clients("10.0.0.1", 3), "fwd-c": clients("10.0.0.3", 2)}}
	var fe *model.FieldError
	if _, err := ListConns(context.Background(), p, []string{"fwd-a"}, ConnFilter{}, 10, "!!"); !errors.As(err, &fe) || fe.Field != "cursor" {
		t.Errorf("bad cursor: %v", err)
	}
	cur := encodeCursor(cursor{F: "fwd-b", C: 5}) // fwd-b has left the pool since
	page, err := ListConns(context.Background(), p, []string{"fwd-a", "fwd-c"}, ConnFilter{}, 10, cur)
	if err != nil || len(page.Connections) != 2 || page.Connections[0].Forwarder != "fwd-c" {
		t.Errorf("from a gone forwarder: %+v, %v", page, err)
	}
	p.refuse = "fwd-a"
	var fr *ForwarderRefusal
	if _, err := ListConns(context.Background(), p, []string{"fwd-a"}, ConnFilter{}, 10, ""); !errors.As(err, &fr) ||
		fr.Status != syscall.EINVAL || !strings.Contains(err.Error(), "list_connections.client") {
		t.Errorf("refused: %v", err)
	}
}

// TestTrace: every forwarder is asked; each answer is kept with its forwarder, in order.
func TestTrace(t *testing.T) {
	p := &fakePool{down: map[string]bool{"fwd-c": true}}
	tr, err := Trace(context.Background(), p, []string{"fwd-a", "fwd-b", "fwd-c"}, "tcp", "10.0.0.2:40000", "10.100.0.1:80")
	if err != nil || len(tr.Forwarders) != 2 || len(tr.Errors) != 1 || tr.Errors[0].Forwarder != "fwd-c" {
		t.Fatalf("%+v, %v", tr, err)
	}
	a, b := tr.Forwarders[0], tr.Forwarders[1]
	if a.Forwarder != "fwd-a" || a.Service != "tcp-10.100.0.1-80" || a.Pick != "10.1.0.11:80" || a.TableSlot != 7 ||
		len(a.Reals) != 1 || a.Connections[0].Synced || a.Connections[0].Forwarder != "fwd-a" {
		t.Errorf("fwd-a: %+v", a)
	}
	if b.Forwarder != "fwd-b" || !b.Connections[0].Synced {
		t.Errorf("fwd-b: %+v", b)
	}
}

// pipeStream is one agent's Query stream in memory: what the hub sends is answered by
// answer, unless it returns nil.
type pipeStream struct {
	answers chan *ctlpb.FwdAnswer
	answer  func(*ctlpb.FwdQuery) *ctlpb.FwdAnswer
	closed  chan struct{}
}

func newPipe(answer func(*ctlpb.FwdQuery) *ctlpb.FwdAnswer) *pipeStream {
	return &pipeStream{answers: make(chan *ctlpb.FwdAnswer, 4), answer: answer, closed: make(chan struct{})}
}

func (s *pipeStream) Send(q *ctlpb.FwdQuery) error {
	if a := s.answer(q); a != nil {
		s.answers <- a
	}
	return nil
}

func (s *pipeStream) Recv() (*ctlpb.FwdAnswer, error) {
	select {
	case a := <-s.answers:
		return a, nil
	case <-s.closed:
		return nil, errors.New("stream closed")
	}
}

// TestHub: a question reaches the forwarder's stream and its answer comes back; a newer
// stream of the same forwarder takes over; a question without a stream, or whose stream
// ends unanswered, fails at once.
func TestHub(t *testing.T) {
	h := NewHub()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, err := h.Ask(ctx, "fwd-a", &fwdpb.Request{}); !errors.Is(err, ErrNotConnected) {
		t.Errorf("no stream: %v", err)
	}
	reply := func(tag string) func(*ctlpb.FwdQuery) *ctlpb.FwdAnswer {
		return func(q *ctlpb.FwdQuery) *ctlpb.FwdAnswer {
			return &ctlpb.FwdAnswer{Id: q.GetId(), Response: &fwdpb.Response{Error: tag}}
		}
	}
	first := newPipe(reply("first"))
	sctx, scancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- h.Serve(sctx, "fwd-a", first) }()
	waitConnected(t, h, 1)
	if r, err := h.Ask(ctx, "fwd-a", &fwdpb.Request{}); err != nil || r.GetError() != "first" {
		t.Errorf("answer: %v, %v", r, err)
	}
	second := newPipe(reply("second"))
	go h.Serve(ctx, "fwd-a", second)
	deadline := time.Now().Add(5 * time.Second)
	for {
		r, err := h.Ask(ctx, "fwd-a", &fwdpb.Request{})
		if err == nil && r.GetError() == "second" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the newer stream never took over: %v, %v", r, err)
		}
		time.Sleep(time.Millisecond)
	}
	scancel()
	<-done
	if got := h.Connected(); len(got) != 1 {
		t.Errorf("the older stream's end removed the newer: %v", got)
	}
	// A stream that ends as it is asked: the question fails, it does not wait.
	var silent *pipeStream
	silent = newPipe(func(*ctlpb.FwdQuery) *ctlpb.FwdAnswer { close(silent.closed); return nil })
	go h.Serve(ctx, "fwd-b", silent)
	waitConnected(t, h, 2)
	if _, err := h.Ask(ctx, "fwd-b", &fwdpb.Request{}); err == nil || ctx.Err() != nil {
		t.Errorf("a stream that ended unanswered: %v", err)
	}
}

func waitConnected(t *testing.T, h *Hub, n int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for len(h.Connected()) < n {
		if time.Now().After(deadline) {
			t.Fatalf("%d streams, want %d", len(h.Connected()), n)
		}
		time.Sleep(time.Millisecond)
	}
}
