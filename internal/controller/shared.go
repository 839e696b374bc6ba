package controller

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"time"

	"google.golang.org/protobuf/proto"

	"hvlb/internal/logging"
	"hvlb/internal/model"
	"hvlb/internal/pb/ctlpb"
)

// Sharing is how the controllers of a group share what their agents report (etcd:
// internal/reportshare), so that the leader's policy and ranking, and every controller's
// API and metrics, see every forwarder wherever its agent is. A controller without one
// (its own bbolt file) sees its own agents only, which are all of them.
type Sharing interface {
	// Claim records that forwarder id's agent registered with this controller and returns
	// the session's number: larger than that of every registration before it, with any
	// controller of the group.
	Claim(ctx context.Context, id string) (int64, error)
	// Publish hands over the newest record of a forwarder this controller holds; it never
	// blocks (the record is written later, at most once per forwarder per interval, and
	// a newer one replaces one not yet written).
	Publish(rec *ctlpb.SharedReport)
}

// MaxSharedConnections is how many of a forwarder's connections its record carries: the
// other controllers list that many (the one its agent reports to lists MaxConnections).
const MaxSharedConnections = 100

// MaxVerdicts bounds the health verdicts kept per forwarder for its record.
const MaxVerdicts = 4 * model.MaxReals

// ApplyShared takes another controller's record of a forwarder: unless this controller
// knows a newer session or record of it (its own or another's), the record's contents
// replace what it knows, and the forwarder counts as seen now.
func (c *Controller) ApplyShared(ctx context.Context, rec *ctlpb.SharedReport) error {
	rep := rec.GetReport()
	id := rep.GetForwarderId()
	if err := model.ValidName("forwarder_id", id); err != nil {
		return err
	}
	return c.do(ctx, func(s *state) {
		r := s.fwd[id]
		if r == nil { // registered with another controller since this one read the store
			r = &fwdRuntime{id: id}
			s.fwd[id] = r
		}
		if !newer(rec.GetSession(), rec.GetSeq(), r.session, r.seq) {
			return
		}
		now := c.cfg.Now()
		if r.holder != rec.GetController() {
			c.log.Info("forwarder's agent reports to another controller", logging.Forwarder, id,
				logging.Controller, rec.GetController(), "session", rec.GetSession())
		}
		r.holder, r.session, r.seq = rec.GetController(), rec.GetSession(), rec.GetSeq()
		r.remoteConnected, r.streamLost = rec.GetConnected(), rec.GetStreamLost()
		r.lastSeen = now
		r.lastReport = time.Time{}
		if ms := rec.GetLastReportUnixMs(); ms > 0 {
			r.lastReport = time.UnixMilli(ms)
		}
		r.agentState, r.applied, r.lastError = rep.GetState(), rep.GetAppliedVersion(), rep.GetError()
		if st := rep.GetStats(); st != nil {
			r.setStats(st, now)
		}
		r.pps = rec.GetRxPps()
		r.conns = rep.GetConnections()[:min(len(rep.GetConnections()), MaxConnections)]
		r.steering, r.steeringAt = capOverrides(rep.GetSteering()), now // the holder's, even none
		r.bgp = rep.GetBgp()[:min(len(rep.GetBgp()), MaxBGPPeers)]
		r.announced = rep.GetAnnounced()[:min(len(rep.GetAnnounced()), MaxAnnounced)]
		r.takeSharedPaths(rep.GetPaths(), now)
		r.verdicts = map[healthKey]*ctlpb.HealthChange{}
		for _, h := range rep.GetHealth() {
			c.recordHealth(s, r, h, now)
		}
	})
}

// SharedGone is told that a record left etcd: the lease of the controller that wrote it
// ended (that controller died or lost etcd). Unless a newer session of the forwarder is
// known, its agent is away: the forwarder is failed until another controller (or this
// one) has it again.
func (c *Controller) SharedGone(ctx context.Context, rec *ctlpb.SharedReport) error {
	id := rec.GetReport().GetForwarderId()
	return c.do(ctx, func(s *state) {
		r := s.fwd[id]
		if r == nil || r.holder == "" || r.session != rec.GetSession() {
			return
		}
		if !r.streamLost {
			c.log.Warn("forwarder's controller left the group: its agent is away", logging.Forwarder, id,
				logging.Controller, r.holder)
		}
		r.streamLost, r.remoteConnected = true, false
	})
}

// newer reports whether record (session, seq) comes after (haveSession, haveSeq).
func newer(session int64, seq uint64, haveSession int64, haveSeq uint64) bool {
	return session > haveSession || session == haveSession && seq > haveSeq
}

// takeSharedPaths keeps a record's path measurements as recordPaths keeps a report's; a
// measurement already taken from an earlier record (the same agent timestamp) keeps its
// arrival time, so the policy does not count it as a new sample.
func (r *fwdRuntime) takeSharedPaths(ps []*ctlpb.PathMeasurement, now time.Time) {
	old := r.paths
	r.recordPaths(ps, now)
	for k, po := range r.paths {
		if prev, ok := old[k]; ok && prev.m.GetAtUnixMs() == po.m.GetAtUnixMs() {
			r.paths[k] = prev
		}
	}
}

// holds reports whether this controller has the forwarder's newest session: its agent
// reports here, and what this controller records of it is what the group should see.
func (r *fwdRuntime) holds() bool {
	return r.holder == "" && r.session == r.localSession
}

// claim starts a session of forwarder id here (its agent registered) when none newer is
// known.
func (c *Controller) claim(r *fwdRuntime, session int64) {
	if session < r.session {
		return
	}
	if r.holder != "" {
		c.log.Info("forwarder's agent reports here now", logging.Forwarder, r.id, "was", r.holder)
	}
	r.holder, r.session, r.seq, r.localSession = "", session, 0, session
	r.verdicts = map[healthKey]*ctlpb.HealthChange{}
}

// share publishes forwarder r's record when this controller holds it.
func (c *Controller) share(r *fwdRuntime) {
	if c.cfg.Sharing == nil || !r.holds() || r.session == 0 {
		return
	}
	r.seq++
	rep := &ctlpb.AgentReport{ForwarderId: r.id, AppliedVersion: r.applied, Stats: r.stats,
		State: r.agentState, Error: r.lastError, Steering: r.steering, Bgp: r.bgp, Announced: r.announced,
		Connections: r.conns[:min(len(r.conns), MaxSharedConnections)]}
	for _, k := range slices.SortedFunc(maps.Keys(r.verdicts), cmpHealthKey) {
		rep.Health = append(rep.Health, r.verdicts[k])
	}
	for _, k := range slices.Sorted(maps.Keys(r.paths)) {
		rep.Paths = append(rep.Paths, r.paths[k].m)
	}
	rec := &ctlpb.SharedReport{Controller: c.cfg.Name, Session: r.session, Seq: r.seq,
		Connected: r.watchers > 0, StreamLost: r.streamLost, RxPps: r.pps, Report: rep}
	if !r.lastReport.IsZero() {
		rec.LastReportUnixMs = r.lastReport.UnixMilli()
	}
	c.cfg.Sharing.Publish(rec)
}

// keepVerdict records h as forwarder r's latest verdict on its real, for r's record; h is
// stored as it was sent (never modified afterwards), with its time filled in.
func (r *fwdRuntime) keepVerdict(k healthKey, h *ctlpb.HealthChange, at time.Time) {
	if r.verdicts == nil {
		r.verdicts = map[healthKey]*ctlpb.HealthChange{}
	}
	if _, ok := r.verdicts[k]; !ok && len(r.verdicts) >= MaxVerdicts {
		return
	}
	if h.GetAtUnixMs() == 0 {
		h = proto.Clone(h).(*ctlpb.HealthChange)
		h.AtUnixMs = at.UnixMilli()
	}
	r.verdicts[k] = h
}

func cmpHealthKey(a, b healthKey) int {
	return cmp.Or(cmp.Compare(a.service, b.service), cmp.Compare(a.address, b.address), cmp.Compare(a.port, b.port))
}

// holderName is the controller forwarder r's agent reports to, as the API shows it: ""
// when no session of it is known (a standalone controller, or none since this one
// started).
func (c *Controller) holderName(r *fwdRuntime) string {
	switch {
	case r == nil || r.session == 0:
		return ""
	case r.holder == "":
		return c.cfg.Name
	}
	return r.holder
}

// connected reports whether forwarder r's agent has a desired-state stream open with the
// controller that holds it.
func (r *fwdRuntime) connected() bool {
	if r.holder != "" {
		return r.remoteConnected
	}
	return r.watchers > 0
}

// ErrSessionReplaced: the agent registered again since this stream began, here or with
// another controller of the group; the stream is stale and ends (the agent, if it is still
// there, registers again).
var ErrSessionReplaced = errors.New("agent session replaced by a newer registration")

// errStaleSession names a report that arrived on a session another has replaced.
func errStaleSession(id string, r *fwdRuntime) error {
	return fmt.Errorf("forwarder %q: %w (session %d, replaced by session %d with %q)", id,
		ErrSessionReplaced, r.localSession, r.session, r.holder)
}
