// Package fwdquery carries the controller's read-only questions to the forwarders (GET
// /v1/conns and /v1/trace): the Hub holds each agent's Query stream (the agents dial the
// controller, which cannot dial them), and pool.go asks every forwarder and merges what
// they answer. The forwarder computes every answer itself (ListConnections, TraceFlow);
// nothing here models what it does.
package fwdquery

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"sync"
	"sync/atomic"

	"hvlb/internal/pb/ctlpb"
	"hvlb/internal/pb/fwdpb"
)

// ErrNotConnected: no agent of that forwarder has a Query stream open with this controller
// (its agent is away, reports to another controller of a group, or is an older version).
var ErrNotConnected = errors.New("its agent has no query stream open with this controller")

// Stream is the controller's side of one agent's Query stream.
type Stream interface {
	Send(*ctlpb.FwdQuery) error
	Recv() (*ctlpb.FwdAnswer, error)
}

// Hub is the agents' open Query streams by forwarder. A stream's session alone writes to
// its stream; Ask reaches it through its channel.
type Hub struct {
	mu     sync.Mutex
	sess   map[string]*session
	nextID atomic.Uint64
}

type session struct {
	queries chan *ctlpb.FwdQuery
	done    chan struct{}
	mu      sync.Mutex
	pending map[uint64]chan *ctlpb.FwdAnswer
}

// NewHub returns a Hub with no stream.
func NewHub() *Hub { return &Hub{sess: map[string]*session{}} }

// Serve runs forwarder id's stream until it ends or ctx is done; a newer stream of the same
// forwarder replaces it. The caller has read the first answer (which names id) and
// authorised it.
func (h *Hub) Serve(ctx context.Context, id string, st Stream) error {
	s := &session{queries: make(chan *ctlpb.FwdQuery), done: make(chan struct{}),
		pending: map[uint64]chan *ctlpb.FwdAnswer{}}
	h.mu.Lock()
	h.sess[id] = s
	h.mu.Unlock()
	defer func() {
		h.mu.Lock()
		if h.sess[id] == s {
			delete(h.sess, id)
		}
		h.mu.Unlock()
		close(s.done)
	}()
	errc := make(chan error, 1)
	go func() {
		for {
			a, err := st.Recv()
			if err != nil {
				errc <- err
				return
			}
			s.mu.Lock()
			ch := s.pending[a.GetId()]
			delete(s.pending, a.GetId())
			s.mu.Unlock()
			if ch != nil {
				ch <- a // buffered: never blocks
			}
		}
	}()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case err := <-errc:
			return err
		case q := <-s.queries:
			if err := st.Send(q); err != nil {
				return err
			}
		}
	}
}

// Connected returns the forwarders with a stream open, sorted.
func (h *Hub) Connected() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	out := make([]string, 0, len(h.sess))
	for id := range h.sess {
		out = append(out, id)
	}
	sort.Strings(out)
	return out
}

// Ask puts req to forwarder id's local API through its agent and returns the forwarder's
// Response (a refusal is in its status and error, for the caller to read).
func (h *Hub) Ask(ctx context.Context, id string, req *fwdpb.Request) (*fwdpb.Response, error) {
	h.mu.Lock()
	s := h.sess[id]
	h.mu.Unlock()
	if s == nil {
		return nil, ErrNotConnected
	}
	q := &ctlpb.FwdQuery{Id: h.nextID.Add(1), Request: req}
	ch := make(chan *ctlpb.FwdAnswer, 1)
	s.mu.Lock()
	s.pending[q.Id] = ch
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		delete(s.pending, q.Id)
		s.mu.Unlock()
	}()
	select {
	case s.queries <- q:
	case <-s.done:
		return nil, ErrNotConnected
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	select {
	case a := <-ch:
		if a.GetError() != "" {
			return nil, fmt.Errorf("agent: %s", a.GetError())
		}
		if a.GetResponse() == nil {
			return nil, errors.New("agent: an answer without a response")
		}
		return a.GetResponse(), nil
	case <-s.done:
		return nil, errors.New("its agent's query stream ended before the answer")
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}
