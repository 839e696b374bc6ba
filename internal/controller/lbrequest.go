package controller

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"sort"

	"hvlb/internal/logging"
	"hvlb/internal/model"
	"hvlb/internal/store"
)

// CreateLBRequest runs the NFV-manager workflow: the service goes on the ready forwarder
// with the most headroom, or, when none has room, the NFV manager's webhook is asked for
// a new forwarder and the request stays pending until one registers (ErrNoRoom without a
// webhook, ErrWebhook when the call fails). In a group only the leader takes it
// (ErrNotLeader naming the leader): the ranking needs what the leader knows.
func (c *Controller) CreateLBRequest(ctx context.Context, spec model.LBSpec) (model.LBRequest, error) {
	svc, err := model.NormalizeLBSpec(&spec)
	if err != nil {
		return model.LBRequest{}, err
	}
	if !c.leading() {
		return model.LBRequest{}, c.notLeader()
	}
	var req model.LBRequest
	var opErr error
	if err := c.do(ctx, func(s *state) { req, opErr = c.placeNew(s, spec, svc) }); err != nil {
		return req, err
	}
	if opErr != nil || req.State != model.LBPending {
		return req, opErr
	}
	werr := c.callWebhook(context.WithoutCancel(ctx), req)
	if werr == nil {
		c.log.Info("lb-request pending: asked the NFV manager for a forwarder", "request", req.ID, logging.Service, req.ServiceID)
		return req, nil
	}
	c.log.Warn("lb-request failed: webhook", "request", req.ID, logging.Err, werr)
	var cur model.LBRequest
	_, err = c.st.Update("lb-request "+req.ID+" failed", func(t *store.Tx) (err error) {
		if cur, err = t.LBRequest(req.ID); err != nil || cur.State != model.LBPending {
			return err
		}
		cur.State, cur.Error = model.LBFailed, werr.Error()
		return t.PutLBRequest(cur)
	})
	if err != nil {
		return req, err
	}
	if cur.State == model.LBAccepted { // a forwarder registered while the call was out
		return cur, nil
	}
	return cur, fmt.Errorf("lb-request %s: %w: %v", req.ID, ErrWebhook, werr)
}

// LBRequest returns one load-balancing request.
func (c *Controller) LBRequest(id string) (r model.LBRequest, err error) {
	err = c.st.View(func(t *store.ReadTx) error { r, err = t.LBRequest(id); return err })
	return r, err
}

// LBRequests returns every load-balancing request, oldest first.
func (c *Controller) LBRequests() (rs []model.LBRequest, err error) {
	err = c.st.View(func(t *store.ReadTx) error { rs, err = t.LBRequests(); return err })
	return rs, err
}

// placeNew stores a new request, accepted on the best forwarder or pending.
func (c *Controller) placeNew(s *state, spec model.LBSpec, svc model.Service) (model.LBRequest, error) {
	fwd, err := c.choose(s)
	if err != nil {
		return model.LBRequest{}, err
	}
	if fwd == "" && c.cfg.Webhook == "" {
		return model.LBRequest{}, fmt.Errorf("service %s: %w and no NFV-manager webhook is configured", svc.ID, ErrNoRoom)
	}
	req := model.LBRequest{State: model.LBPending, Request: spec, ServiceID: svc.ID, CreatedAt: c.cfg.Now().UTC()}
	_, err = c.st.Update("lb-request for service "+svc.ID, func(t *store.Tx) (err error) {
		if _, err := t.Service(svc.ID); err == nil {
			return fmt.Errorf("service %q: %w", svc.ID, store.ErrExists)
		}
		pending, err := t.LBRequests()
		if err != nil {
			return err
		}
		for _, p := range pending {
			if p.State == model.LBPending && p.ServiceID == svc.ID {
				return fmt.Errorf("service %q: lb-request %s is pending for it: %w", svc.ID, p.ID, store.ErrExists)
			}
		}
		if req.ID, err = t.NewLBRequestID(); err != nil {
			return err
		}
		if fwd != "" {
			svc.Forwarders = []string{fwd}
			if _, err := t.CreateService(svc); err != nil {
				return err
			}
			req.State, req.Forwarder = model.LBAccepted, fwd
		}
		req.Version = t.Next()
		return t.PutLBRequest(req)
	})
	if err == nil && fwd != "" {
		c.log.Info("lb-request accepted", "request", req.ID, logging.Service, svc.ID, logging.Forwarder, fwd)
	}
	return req, err
}

// completePending places pending requests, oldest first, while a forwarder has room.
func (c *Controller) completePending(s *state) {
	var reqs []model.LBRequest
	if err := c.st.View(func(t *store.ReadTx) (err error) { reqs, err = t.LBRequests(); return }); err != nil {
		c.log.Error("pending lb-requests", logging.Err, err)
		return
	}
	for _, req := range reqs {
		if req.State != model.LBPending {
			continue
		}
		fwd, err := c.choose(s)
		if err != nil || fwd == "" {
			return
		}
		_, err = c.st.Update("lb-request "+req.ID+" placed", func(t *store.Tx) error {
			cur, err := t.LBRequest(req.ID)
			if err != nil || cur.State != model.LBPending {
				return err
			}
			spec := cur.Request
			svc, err := model.NormalizeLBSpec(&spec)
			if err == nil {
				svc.Forwarders = []string{fwd}
				_, err = t.CreateService(svc)
			}
			if err != nil {
				cur.State, cur.Error = model.LBFailed, err.Error()
			} else {
				cur.State, cur.Forwarder = model.LBAccepted, fwd
			}
			return t.PutLBRequest(cur)
		})
		if err != nil {
			c.log.Error("placing lb-request", "request", req.ID, logging.Err, err)
			continue
		}
		c.log.Info("pending lb-request placed", "request", req.ID, logging.Service, req.ServiceID, logging.Forwarder, fwd)
	}
}

// choose returns the ready forwarder with the most headroom (capacity minus its current
// rate; unknown capacity counts as unlimited room), ties to the lower rate and then the
// lower id; "" when none has room.
func (c *Controller) choose(s *state) (string, error) {
	var fwds []model.Forwarder
	if err := c.st.View(func(t *store.ReadTx) (err error) { fwds, err = t.Forwarders(); return }); err != nil {
		return "", err
	}
	type cand struct {
		id            string
		headroom, pps float64
	}
	var cands []cand
	now := c.cfg.Now()
	for _, f := range fwds {
		r := s.fwd[f.ID]
		if c.stateOf(f, r, now) != StateReady {
			continue
		}
		h := math.Inf(1)
		if f.CapacityPPS > 0 {
			h = float64(f.CapacityPPS) - r.pps
		}
		if h > 0 {
			cands = append(cands, cand{f.ID, h, r.pps})
		}
	}
	if len(cands) == 0 {
		return "", nil
	}
	sort.Slice(cands, func(i, j int) bool {
		a, b := cands[i], cands[j]
		if a.headroom != b.headroom {
			return a.headroom > b.headroom
		}
		if a.pps != b.pps {
			return a.pps < b.pps
		}
		return a.id < b.id
	})
	return cands[0].id, nil
}

// webhookBody is what the NFV manager receives for a load-balancing request.
type webhookBody struct {
	Kind      string `json:"kind"` // "lb-request"
	RequestID string `json:"request_id"`
	Reason    string `json:"reason"`
	ServiceID string `json:"service_id"`
}

func (c *Controller) callWebhook(ctx context.Context, req model.LBRequest) error {
	body, _ := json.Marshal(webhookBody{Kind: "lb-request", RequestID: req.ID, Reason: ErrNoRoom.Error(), ServiceID: req.ServiceID})
	return c.postWebhook(ctx, body)
}
