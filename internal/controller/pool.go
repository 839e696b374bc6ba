package controller

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"sort"
	"sync/atomic"
	"time"

	"hvlb/internal/logging"
	"hvlb/internal/model"
	"hvlb/internal/store"
)

// The forwarders of a site work as a pool (the paper's controller, items (1) and (4), and
// its workflow step ③): the leader looks at each forwarder's utilisation every second and
//
//   - drains one that has been overloaded for PoolConfig.For, when the forwarders that share
//     its services have room for its traffic (its agent withdraws its VIPs; ECMP moves its
//     flows to the others, which hold its connections through sync);
//   - asks the NFV manager for a new forwarder (the webhook, at most once per AskEvery) when
//     they have not, or when a forwarder that carried traffic becomes unreachable and the
//     rest have no room for what it carried, or when fewer than MinReady are ready;
//   - gives a new forwarder that registers after such a request the services of the
//     forwarder that caused it (services without a forwarder list run on every forwarder
//     already);
//   - brings a drained forwarder back once its hold is over and its share of the pool's
//     traffic fits under Resume of its capacity; each drain of the same forwarder within
//     an hour of the last doubles its hold (up to 16 times), so a forwarder that keeps
//     overloading does not flap.
//
// Utilisation is the larger of its packet rate over its capacity (the agent's
// --capacity-pps) and its workers' mean busy share (the load RSS-A measures), so it is
// known even when no capacity is configured. The pool's drain is its own
// (model.Forwarder.AutoDrain): it never overrides the operator's drain, and the operator's
// undrain clears it. An unreachable forwarder needs no drain: it leaves the routers' ECMP
// groups by itself (BGP session loss, BFD or the hold timer).

// PoolConfig tunes the pool automation; the zero value of a field takes its default.
type PoolConfig struct {
	Overload float64       // utilisation at or above which a forwarder is overloaded (0.9); < 0: no automation
	Resume   float64       // a drained forwarder comes back when its share fits under this (0.7)
	For      time.Duration // how long an overload must last before the pool acts (10 s)
	Hold     time.Duration // the least time a drained forwarder stays out (60 s)
	MinReady int           // ask for a forwarder when fewer are ready (0: no floor)
	AskEvery time.Duration // at most one request to the NFV manager per this (5 min)
}

// Pool automation defaults.
const (
	DefaultPoolOverload = 0.9
	DefaultPoolResume   = 0.7
	DefaultPoolFor      = 10 * time.Second
	DefaultPoolHold     = 60 * time.Second
	DefaultPoolAskEvery = 5 * time.Minute
	poolMaxHoldShift    = 4         // holds double up to 16 times Hold
	poolRepeatWindow    = time.Hour // drains this close together count as a repeat
)

// check refuses settings that cannot work, naming the flag.
func (p *PoolConfig) check() error {
	switch {
	case p.Overload < 0:
		return nil
	case p.Resume < 0 || p.Resume >= p.Overload:
		return fmt.Errorf("pool-resume %.2f: want at least 0 and below pool-overload %.2f (else a forwarder would come back overloaded)", p.Resume, p.Overload)
	case p.MinReady < 0:
		return fmt.Errorf("pool-min-ready %d: want 0 or more", p.MinReady)
	}
	return nil
}

func (p *PoolConfig) defaults() {
	if p.Overload == 0 {
		p.Overload = DefaultPoolOverload
	}
	if p.Resume == 0 {
		p.Resume = DefaultPoolResume
	}
	if p.For <= 0 {
		p.For = DefaultPoolFor
	}
	if p.Hold <= 0 {
		p.Hold = DefaultPoolHold
	}
	if p.AskEvery <= 0 {
		p.AskEvery = DefaultPoolAskEvery
	}
}

// poolState is the leader's memory of the pool (Run's goroutine owns it).
type poolState struct {
	lastAsk time.Time
	// relieve: the forwarder whose overload or loss made the last request, whose services
	// a forwarder registering next is given; "" when no request is outstanding.
	relieve string
}

// poolCounts count what the pool did, for the metrics (read from any goroutine).
type poolCounts struct {
	drains  atomic.Uint64
	resumes atomic.Uint64
	asks    atomic.Uint64 // requests sent to the NFV manager
	askErrs atomic.Uint64 // ... that failed
}

// poolFwd is what the pool looks at for one forwarder in one round.
type poolFwd struct {
	f     model.Forwarder
	r     *fwdRuntime
	state string
	util  float64 // -1: nothing measured yet
	svcs  []string
}

// utilisation is the larger of r's packet rate over its capacity and its workers' mean
// busy share; -1 when r has not reported yet.
func utilisation(f model.Forwarder, r *fwdRuntime) float64 {
	if r == nil || r.stats == nil {
		return -1
	}
	u := 0.0
	if f.CapacityPPS > 0 {
		u = r.pps / float64(f.CapacityPPS)
	}
	if ws := r.stats.GetWorkers(); len(ws) > 0 {
		var sum float64
		for _, w := range ws {
			sum += w.GetLoadPeriod()
		}
		u = max(u, sum/float64(len(ws)))
	}
	return u
}

// headroom is the packets a second forwarder p can still take before it reaches the
// overload mark: from its capacity when known, else estimated from its rate and busy share,
// else unlimited.
func (c *Controller) headroom(p *poolFwd) float64 {
	over := c.cfg.Pool.Overload
	switch {
	case p.f.CapacityPPS > 0:
		return max(0, over*float64(p.f.CapacityPPS)-p.r.pps)
	case p.util > 0 && p.r.pps > 0:
		return max(0, (over-p.util)/p.util*p.r.pps)
	}
	return math.Inf(1)
}

// runPool is one round of the pool automation (Run's goroutine, the leader only).
func (c *Controller) runPool(s *state) {
	if c.cfg.Pool.Overload < 0 {
		return
	}
	var fwds []model.Forwarder
	var svcs []model.Service
	err := c.st.View(func(t *store.ReadTx) (err error) {
		if fwds, err = t.Forwarders(); err != nil {
			return err
		}
		svcs, err = t.Services()
		return err
	})
	if err != nil {
		c.log.Error("pool: reading forwarders", logging.Err, err)
		return
	}
	now := c.cfg.Now()
	pool := make([]*poolFwd, 0, len(fwds))
	for _, f := range fwds {
		r := s.fwd[f.ID]
		if r == nil {
			continue
		}
		p := &poolFwd{f: f, r: r, state: c.stateOf(f, r, now), util: utilisation(f, r)}
		for i := range svcs {
			if svcs[i].RunsOn(f.ID) {
				p.svcs = append(p.svcs, svcs[i].ID)
			}
		}
		pool = append(pool, p)
	}
	ready := 0
	for _, p := range pool {
		c.trackOverload(p, now)
		if p.state == StateReady {
			ready++
		}
	}
	for _, p := range pool {
		switch {
		case p.f.AutoDrain != nil:
			c.maybeResume(s, p, pool, now)
		case p.state == StateReady && !p.r.overSince.IsZero() && now.Sub(p.r.overSince) >= c.cfg.Pool.For:
			c.relieveOverload(s, p, pool, now)
		case p.state == StateFailed && p.r.poolPPS > 0:
			c.coverLoss(s, p, pool, now)
		}
	}
	if c.cfg.Pool.MinReady > 0 && ready < c.cfg.Pool.MinReady {
		c.ask(s, "", fmt.Sprintf("%d forwarder(s) ready, the pool wants at least %d", ready, c.cfg.Pool.MinReady), now)
	}
}

// trackOverload notes since when a ready forwarder has been overloaded, and the rate it
// last carried while ready (what the others must take if it is lost).
func (c *Controller) trackOverload(p *poolFwd, now time.Time) {
	if p.state != StateReady {
		p.r.overSince = time.Time{}
		return
	}
	p.r.poolPPS = p.r.pps
	if p.util >= c.cfg.Pool.Overload {
		if p.r.overSince.IsZero() {
			p.r.overSince = now
			c.log.Info("pool: forwarder overloaded", logging.Forwarder, p.f.ID, "utilisation", round2(p.util),
				"pps", math.Round(p.r.pps), "acts_after", c.cfg.Pool.For)
		}
		return
	}
	p.r.overSince = time.Time{}
}

// others returns the ready forwarders that share a service with p, and whether each of p's
// services has one (a forwarder is never drained from a service it alone carries).
func others(p *poolFwd, pool []*poolFwd) ([]*poolFwd, bool) {
	var out []*poolFwd
	covered := map[string]bool{}
	for _, o := range pool {
		if o == p || o.state != StateReady {
			continue
		}
		shares := false
		for _, a := range p.svcs {
			for _, b := range o.svcs {
				if a == b {
					covered[a], shares = true, true
				}
			}
		}
		if shares {
			out = append(out, o)
		}
	}
	return out, len(p.svcs) > 0 && len(covered) == len(p.svcs)
}

// roomFor is the packets a second forwarders os can take between them.
func (c *Controller) roomFor(os []*poolFwd) (room float64) {
	for _, o := range os {
		room += c.headroom(o)
	}
	return room
}

// relieveOverload drains p when the others have room for its traffic, and otherwise asks
// the NFV manager for another forwarder.
func (c *Controller) relieveOverload(s *state, p *poolFwd, pool []*poolFwd, now time.Time) {
	os, covered := others(p, pool)
	room := c.roomFor(os)
	if !covered || room < p.r.pps {
		c.ask(s, p.f.ID, fmt.Sprintf("forwarder %s overloaded (utilisation %.2f, %.0f pps) and the others have room for %.0f pps",
			p.f.ID, p.util, p.r.pps, room), now)
		return
	}
	hold := c.cfg.Pool.Hold
	if !p.r.lastDrain.IsZero() && now.Sub(p.r.lastDrain) < poolRepeatWindow {
		p.r.drainsInRow = min(p.r.drainsInRow+1, poolMaxHoldShift)
	} else {
		p.r.drainsInRow = 0
	}
	hold <<= p.r.drainsInRow
	ad := &model.AutoDrain{Reason: fmt.Sprintf("overloaded: utilisation %.2f at %.0f pps for %s", p.util, p.r.pps, c.cfg.Pool.For),
		Since: now.UTC(), Until: now.Add(hold).UTC()}
	f, err := c.st.SetForwarderAutoDrain(p.f.ID, ad)
	if err != nil {
		c.log.Error("pool: draining", logging.Forwarder, p.f.ID, logging.Err, err)
		return
	}
	if f.AutoDrain == nil { // the operator drained it meanwhile
		return
	}
	p.r.lastDrain, p.r.overSince = now, time.Time{}
	c.poolCounts.drains.Add(1)
	c.log.Warn("pool: forwarder drained", logging.Forwarder, p.f.ID, "reason", ad.Reason, "hold", hold,
		"others", len(os), "their_room_pps", math.Round(room))
}

// maybeResume brings drained p back once its hold is over and its share of the traffic
// of the forwarders it shares services with fits under Resume of its capacity (unknown
// capacity: on trial, the doubling hold bounds the flapping).
func (c *Controller) maybeResume(s *state, p *poolFwd, pool []*poolFwd, now time.Time) {
	if now.Before(p.f.AutoDrain.Until) || c.failed(p.r, now) {
		return
	}
	os, _ := others(p, pool)
	total := p.r.pps
	for _, o := range os {
		total += o.r.pps
	}
	share := total / float64(len(os)+1)
	if p.f.CapacityPPS > 0 && share > c.cfg.Pool.Resume*float64(p.f.CapacityPPS) {
		return
	}
	if _, err := c.st.SetForwarderAutoDrain(p.f.ID, nil); err != nil {
		c.log.Error("pool: bringing back", logging.Forwarder, p.f.ID, logging.Err, err)
		return
	}
	c.poolCounts.resumes.Add(1)
	c.log.Info("pool: forwarder back", logging.Forwarder, p.f.ID, "its_share_pps", math.Round(share), "drained_for", now.Sub(p.f.AutoDrain.Since).Round(time.Second))
}

// coverLoss asks for a forwarder when p, which carried traffic, is unreachable and the
// ones sharing its services have no room for what it carried.
func (c *Controller) coverLoss(s *state, p *poolFwd, pool []*poolFwd, now time.Time) {
	os, covered := others(p, pool)
	if room := c.roomFor(os); !covered || room < p.r.poolPPS {
		c.ask(s, p.f.ID, fmt.Sprintf("forwarder %s unreachable; it carried %.0f pps and the others have room for %.0f pps",
			p.f.ID, p.r.poolPPS, room), now)
	}
}

// poolAsk is what the NFV manager receives when the pool needs a forwarder (the
// lb-request's webhook, told apart by kind).
type poolAsk struct {
	Kind      string `json:"kind"` // "forwarder"
	Reason    string `json:"reason"`
	Forwarder string `json:"forwarder_id,omitempty"` // the one to relieve or replace
}

// ask sends the NFV manager a request for a forwarder, at most once per AskEvery, without
// holding Run's goroutine (the webhook may take seconds).
func (c *Controller) ask(s *state, relieve, reason string, now time.Time) {
	if c.cfg.Webhook == "" || (!s.pool.lastAsk.IsZero() && now.Sub(s.pool.lastAsk) < c.cfg.Pool.AskEvery) {
		return
	}
	s.pool.lastAsk, s.pool.relieve = now, relieve
	c.poolCounts.asks.Add(1)
	c.log.Warn("pool: asking the NFV manager for a forwarder", "reason", reason)
	body, _ := json.Marshal(poolAsk{Kind: "forwarder", Reason: reason, Forwarder: relieve})
	go func() {
		if err := c.postWebhook(context.Background(), body); err != nil {
			c.poolCounts.askErrs.Add(1)
			c.log.Error("pool: NFV manager request failed", logging.Err, err)
		}
	}()
}

// joinPool gives forwarder id, registering for the first time while a request for a
// forwarder is outstanding, the services of the forwarder that request was for (those
// that name their forwarders; the others run on every forwarder already).
func (c *Controller) joinPool(s *state, id string) {
	from := s.pool.relieve
	if from == "" || from == id {
		return
	}
	s.pool.relieve = ""
	var svcs []model.Service
	if err := c.st.View(func(t *store.ReadTx) (err error) { svcs, err = t.Services(); return }); err != nil {
		c.log.Error("pool: reading services", logging.Err, err)
		return
	}
	var ids []string
	for _, sv := range svcs {
		if len(sv.Forwarders) > 0 && sv.RunsOn(from) && !sv.RunsOn(id) {
			ids = append(ids, sv.ID)
		}
	}
	sort.Strings(ids)
	for _, sid := range ids {
		_, err := c.st.Update("pool: service "+sid+" on new forwarder "+id, func(t *store.Tx) error {
			sv, err := t.Service(sid)
			if err != nil || sv.RunsOn(id) || len(sv.Forwarders) == 0 {
				return err
			}
			sv.Forwarders = append(sv.Forwarders, id)
			return t.PutService(sv)
		})
		if err != nil {
			c.log.Error("pool: giving a service to the new forwarder", logging.Service, sid, logging.Forwarder, id, logging.Err, err)
			continue
		}
		c.log.Info("pool: new forwarder takes a service", logging.Forwarder, id, logging.Service, sid, "beside", from)
	}
}

// postWebhook POSTs body to the NFV manager's URL.
func (c *Controller) postWebhook(ctx context.Context, body []byte) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	hreq, err := http.NewRequestWithContext(ctx, http.MethodPost, c.cfg.Webhook, bytes.NewReader(body))
	if err != nil {
		return err
	}
	hreq.Header.Set("Content-Type", "application/json")
	resp, err := c.cfg.HTTPClient.Do(hreq)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	msg, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("webhook replied %s: %s", resp.Status, bytes.TrimSpace(msg))
	}
	return nil
}

func round2(v float64) float64 { return math.Round(v*100) / 100 }
