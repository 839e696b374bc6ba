package controller

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"

	"google.golang.org/protobuf/proto"

	"hvlb/internal/apitypes"
	"hvlb/internal/logging"
	"hvlb/internal/model"
	"hvlb/internal/pb/ctlpb"
	"hvlb/internal/pb/fwdpb"
	"hvlb/internal/store"
)

// FromInfo converts an agent's registration.
func FromInfo(in *ctlpb.ForwarderInfo) model.Forwarder {
	f := model.Forwarder{
		ID: in.GetId(), Hostname: in.GetHostname(), Ports: in.GetPorts(),
		Queues: int(min(in.GetQueues(), math.MaxInt32)), Cores: int(min(in.GetCores(), math.MaxInt32)),
		AgentVersion: in.GetVersion(), CapacityPPS: in.GetCapacityPps(), SyncAddr: in.GetSyncAddr(),
	}
	for _, n := range in.GetNumaNodes() {
		f.NUMANodes = append(f.NUMANodes, int(min(n, math.MaxInt32)))
	}
	return f
}

// Register records a forwarder, marks it alive and completes pending load-balancing
// requests that it (or any ready forwarder) now has room for. It returns the version of
// the forwarder's desired state.
func (c *Controller) Register(ctx context.Context, f model.Forwarder) (uint64, error) {
	if err := model.NormalizeForwarder(&f); err != nil {
		return 0, err
	}
	f.RegisteredAt = c.cfg.Now().UTC()
	stored, isNew, err := c.st.PutForwarder(f)
	if err != nil {
		return 0, err
	}
	var session int64
	if c.cfg.Sharing != nil {
		if session, err = c.cfg.Sharing.Claim(ctx, f.ID); err != nil {
			return 0, err
		}
	}
	attrs := []any{"forwarder", f.ID, "new", isNew, "hostname", f.Hostname, "queues", f.Queues,
		"capacity_pps", f.CapacityPPS, "version", stored.Version}
	if session != 0 {
		attrs = append(attrs, "session", session)
	}
	c.log.Info("forwarder registered", attrs...)
	err = c.do(ctx, func(s *state) {
		r := s.fwd[f.ID]
		if r == nil {
			r = &fwdRuntime{id: f.ID}
			s.fwd[f.ID] = r
		}
		c.claim(r, session)
		r.lastSeen = c.cfg.Now()
		r.agentState = ""
		c.share(r)
		if c.leading() {
			if isNew {
				c.joinPool(s, f.ID)
			}
			c.completePending(s)
		}
	})
	if err != nil {
		return 0, err
	}
	return c.st.Version()
}

// WatchStarted and WatchEnded count a forwarder's open desired-state streams. A forwarder
// whose last stream ended is failed until its agent watches again (an agent that died, or
// lost the controller); one that never watched since the controller started gets the
// report timeout's grace. In a group, the streams of a session another controller has
// replaced count for nothing.
func (c *Controller) WatchStarted(ctx context.Context, id string) error {
	return c.do(ctx, func(s *state) {
		if r := s.fwd[id]; r != nil {
			r.watchers++
			if r.holds() {
				r.streamLost = false
				c.share(r)
			}
		}
	})
}

// WatchEnded: see WatchStarted. It uses its own context: the stream's has ended.
func (c *Controller) WatchEnded(id string) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	c.do(ctx, func(s *state) {
		if r := s.fwd[id]; r != nil && r.watchers > 0 {
			r.watchers--
			if r.holds() {
				r.streamLost = r.watchers == 0
				c.share(r)
			}
		}
	})
}

// RecordReport records one agent report. The forwarder must have registered.
func (c *Controller) RecordReport(ctx context.Context, rep *ctlpb.AgentReport) error {
	id := rep.GetForwarderId()
	if err := model.ValidName("forwarder_id", id); err != nil {
		return err
	}
	switch rep.GetState() {
	case "", StateReady, StateDraining, StateFailed:
	default:
		return &model.FieldError{Field: "state", Msg: fmt.Sprintf("%q: want ready, draining or failed", rep.GetState())}
	}
	var err error
	derr := c.do(ctx, func(s *state) {
		r := s.fwd[id]
		if r == nil {
			err = fmt.Errorf("forwarder %q: %w (register first)", id, store.ErrNotFound)
			return
		}
		if !r.holds() {
			err = errStaleSession(id, r)
			return
		}
		now := c.cfg.Now()
		r.lastSeen, r.lastReport = now, now
		r.agentState, r.applied, r.lastError = rep.GetState(), rep.GetAppliedVersion(), rep.GetError()
		if st := rep.GetStats(); st != nil {
			r.setStats(st, now)
		}
		if conns := rep.GetConnections(); conns != nil || rep.GetStats() != nil {
			r.conns = conns[:min(len(conns), MaxConnections)]
		}
		// A forwarder that answered for its stats but not for its steering no longer has
		// one to show (an older forwarder); one that did not answer at all keeps its last.
		if sg := rep.GetSteering(); sg != nil || rep.GetStats() != nil {
			r.steering, r.steeringAt = capOverrides(sg), now
		}
		r.bgp = rep.GetBgp()[:min(len(rep.GetBgp()), MaxBGPPeers)]
		r.announced = rep.GetAnnounced()[:min(len(rep.GetAnnounced()), MaxAnnounced)]
		r.recordPaths(rep.GetPaths(), now)
		for _, h := range rep.GetHealth() {
			c.recordHealth(s, r, h, now)
		}
		c.share(r)
	})
	if derr != nil {
		return derr
	}
	return err
}

// capOverrides returns sg, or a copy with MaxOverrides overrides when it lists more (sg
// itself may be shared with the report's sender).
func capOverrides(sg *fwdpb.Steering) *fwdpb.Steering {
	if len(sg.GetOverrides()) <= MaxOverrides {
		return sg
	}
	c := proto.Clone(sg).(*fwdpb.Steering)
	c.Overrides = c.Overrides[:MaxOverrides]
	return c
}

func (r *fwdRuntime) setStats(st *fwdpb.Stats, now time.Time) {
	var rx uint64
	for _, w := range st.GetWorkers() {
		rx += w.GetRxPackets()
	}
	if !r.rxAt.IsZero() && rx >= r.rxPackets {
		if dt := now.Sub(r.rxAt).Seconds(); dt > 0 {
			r.pps = float64(rx-r.rxPackets) / dt
		}
	}
	r.prevStats, r.prevAt = r.stats, r.rxAt
	r.rxPackets, r.rxAt, r.stats = rx, now, st
}

// recordHealth records forwarder r's verdict h on a real: as r's latest (for its shared
// record), and as the real's observed health unless another forwarder's is newer.
func (c *Controller) recordHealth(s *state, r *fwdRuntime, h *ctlpb.HealthChange, now time.Time) {
	id := h.GetService()
	if id == nil || h.GetPort() > 65535 {
		return
	}
	fwd := r.id
	addr := canonAddr(h.GetAddress())
	at := now
	if h.GetAtUnixMs() > 0 {
		at = time.UnixMilli(h.GetAtUnixMs())
	}
	k := healthKey{model.ServiceID(id.GetProtocol(), id.GetVip(), int(id.GetVport())), addr, int(h.GetPort())}
	r.keepVerdict(k, h, at)
	if old, ok := s.health[k]; ok && old.at.After(at) {
		return
	}
	reason := h.GetReason()
	if len(reason) > 256 {
		reason = reason[:256]
	}
	prev, had := s.health[k]
	s.health[k] = healthObs{up: h.GetUp(), reason: reason, at: at, forwarder: fwd}
	if !had || prev.up != h.GetUp() {
		c.log.Info("real health", logging.Service, k.service, logging.Real, model.RealKey(addr, k.port),
			"up", h.GetUp(), logging.Forwarder, fwd, "reason", reason)
	}
}

// Forwarders returns every registered forwarder with its runtime state.
func (c *Controller) Forwarders(ctx context.Context) ([]apitypes.Forwarder, error) {
	var fwds []model.Forwarder
	var version uint64
	err := c.st.View(func(t *store.ReadTx) (err error) {
		version = t.Version()
		fwds, err = t.Forwarders()
		return
	})
	if err != nil {
		return nil, err
	}
	out := make([]apitypes.Forwarder, len(fwds))
	err = c.do(ctx, func(s *state) {
		now := c.cfg.Now()
		for i, f := range fwds {
			out[i] = c.view(f, s.fwd[f.ID], version, now)
		}
	})
	return out, err
}

// Forwarder returns one forwarder.
func (c *Controller) Forwarder(ctx context.Context, id string) (apitypes.Forwarder, error) {
	fs, err := c.Forwarders(ctx)
	if err != nil {
		return apitypes.Forwarder{}, err
	}
	for _, f := range fs {
		if f.ID == id {
			return f, nil
		}
	}
	return apitypes.Forwarder{}, fmt.Errorf("forwarder %q: %w", id, store.ErrNotFound)
}

// view is forwarder f as the API shows it.
func (c *Controller) view(f model.Forwarder, r *fwdRuntime, version uint64, now time.Time) apitypes.Forwarder {
	v := apitypes.Forwarder{Forwarder: f, DesiredVersion: version, State: c.stateOf(f, r, now),
		BGP: []apitypes.BGPPeer{}, Announced: []string{}}
	v.Load.CapacityPPS = f.CapacityPPS
	if r == nil {
		return v
	}
	v.AppliedVersion, v.Connected, v.Error, v.Controller = r.applied, r.connected(), r.lastError, c.holderName(r)
	if !r.lastReport.IsZero() {
		t := r.lastReport.UTC()
		v.LastReport = &t
	}
	v.Load.PPS = r.pps
	if f.CapacityPPS > 0 {
		h := float64(f.CapacityPPS) - r.pps
		v.Load.HeadroomPPS = &h
	}
	for _, w := range r.stats.GetWorkers() {
		v.Load.ActiveConns += w.GetActiveConns()
	}
	if u := utilisation(f, r); u >= 0 {
		u = finite(u)
		v.Load.Utilisation = &u
	}
	for _, p := range r.bgp {
		v.BGP = append(v.BGP, apitypes.BGPPeer{Address: p.GetAddress(), Port: p.GetPort(), RemoteAS: p.GetRemoteAs(),
			State: p.GetState(), UptimeS: finite(p.GetUptimeS()), PrefixesAnnounced: p.GetPrefixesAnnounced(),
			PrefixesAccepted: p.GetPrefixesAccepted(), Flaps: p.GetFlaps(), NotificationsSent: p.GetNotificationsSent(),
			NotificationsReceived: p.GetNotificationsReceived(), BFD: p.GetBfdState(), BFDDowns: p.GetBfdDowns()})
	}
	v.Announced = append(v.Announced, r.announced...)
	return v
}

// finite keeps a NaN or an infinity an agent sent out of what the API shows (JSON cannot
// hold one).
func finite(v float64) float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return 0
	}
	return v
}

// SetDraining drains forwarder id (its agent withdraws its VIPs' BGP announcements; it
// keeps its configuration for the connections still arriving) or, with draining false,
// puts it back; it returns the forwarder as the API shows it.
func (c *Controller) SetDraining(ctx context.Context, id string, draining bool) (apitypes.Forwarder, error) {
	if err := model.ValidName("id", id); err != nil {
		return apitypes.Forwarder{}, err
	}
	if _, err := c.st.SetForwarderDraining(id, draining); err != nil {
		return apitypes.Forwarder{}, err
	}
	c.log.Info("forwarder drain", logging.Forwarder, id, "draining", draining)
	return c.Forwarder(ctx, id)
}

// SetLocalPool sets forwarder id's FullNAT local pool, which its agent gives the forwarder
// at run time (the forwarder refuses a change its live connections forbid: the agent
// reports that as its apply error). p is checked first: 400 naming local_pool.addrs[i] or
// local_pool.ports.
func (c *Controller) SetLocalPool(ctx context.Context, id string, p model.LocalPool) (apitypes.Forwarder, error) {
	if err := model.ValidName("id", id); err != nil {
		return apitypes.Forwarder{}, err
	}
	if p.Addrs == nil {
		p.Addrs = []string{}
	}
	if err := p.Validate("local_pool"); err != nil {
		return apitypes.Forwarder{}, err
	}
	if _, err := c.st.SetForwarderLocalPool(id, &p); err != nil {
		return apitypes.Forwarder{}, err
	}
	c.log.Info("forwarder local pool", logging.Forwarder, id, "addrs", p.Addrs, "ports", p.Ports)
	return c.Forwarder(ctx, id)
}

// ForwarderStats is one forwarder's latest counters.
type ForwarderStats struct {
	Forwarder string
	At        time.Time
	Stats     *fwdpb.Stats // shared: read only
	// The report before (nil: none yet), for rates over the interval between them.
	PrevAt time.Time
	Prev   *fwdpb.Stats // shared: read only
}

// Stats returns each forwarder's latest counters, ordered by forwarder.
func (c *Controller) Stats(ctx context.Context) ([]ForwarderStats, error) {
	var out []ForwarderStats
	err := c.do(ctx, func(s *state) {
		for id, r := range s.fwd {
			if r.stats != nil {
				out = append(out, ForwarderStats{Forwarder: id, At: r.rxAt, Stats: r.stats, PrevAt: r.prevAt,
					Prev: r.prevStats})
			}
		}
	})
	sort.Slice(out, func(i, j int) bool { return out[i].Forwarder < out[j].Forwarder })
	return out, err
}

// ForwarderSteering is one forwarder's latest steering read-out.
type ForwarderSteering struct {
	Forwarder string
	At        time.Time       // when the report that carried it arrived
	Steering  *fwdpb.Steering // shared: read only
}

// Steering returns a forwarder's latest steering read-out: not found when the forwarder is
// unknown or has not reported one (not yet, or its forwarder does not answer GetSteering).
func (c *Controller) Steering(ctx context.Context, fwd string) (ForwarderSteering, error) {
	var out ForwarderSteering
	var err error
	derr := c.do(ctx, func(s *state) {
		r := s.fwd[fwd]
		switch {
		case r == nil:
			err = fmt.Errorf("forwarder %q: %w", fwd, store.ErrNotFound)
		case r.steering == nil:
			err = fmt.Errorf("forwarder %q: steering read-out %w (none reported yet, or its forwarder does not answer GetSteering)",
				fwd, store.ErrNotFound)
		default:
			out = ForwarderSteering{Forwarder: fwd, At: r.steeringAt, Steering: r.steering}
		}
	})
	if derr != nil {
		return ForwarderSteering{}, derr
	}
	return out, err
}

// Conn is one connection an agent reported.
type Conn struct {
	Forwarder string
	*fwdpb.Connection
}

// Connections returns up to limit reported connections per forwarder, filtered by
// forwarder and by service id when those are not empty.
func (c *Controller) Connections(ctx context.Context, fwd, service string, limit int) ([]Conn, error) {
	var out []Conn
	err := c.do(ctx, func(s *state) {
		ids := make([]string, 0, len(s.fwd))
		for id := range s.fwd {
			if fwd == "" || id == fwd {
				ids = append(ids, id)
			}
		}
		sort.Strings(ids)
		for _, id := range ids {
			n := 0
			for _, cn := range s.fwd[id].conns {
				if n >= limit {
					break
				}
				if service == "" || connMatches(cn, service) {
					out = append(out, Conn{Forwarder: id, Connection: cn})
					n++
				}
			}
		}
	})
	return out, err
}

// connMatches reports whether a connection belongs to service id; the forwarder reports
// the VIP as "addr:port" ("[addr]:port" for IPv6) or as a bare address, and a service on
// port 0 takes every port.
func connMatches(cn *fwdpb.Connection, id string) bool {
	vip, port := cn.GetVip(), 0
	if i := strings.LastIndexByte(vip, ':'); i > 0 && (strings.Count(vip, ":") == 1 || strings.HasPrefix(vip, "[")) {
		port, _ = strconv.Atoi(vip[i+1:])
		vip = strings.Trim(vip[:i], "[]")
	}
	proto := strings.ToLower(cn.GetProtocol())
	return id == model.ServiceID(proto, vip, port) || id == model.ServiceID(proto, vip, 0)
}
