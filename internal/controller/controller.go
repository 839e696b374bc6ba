// Package controller is the controller's runtime: it fronts the store for the REST API,
// registers forwarders and records their agents' reports for the gRPC service, builds each
// forwarder's desired state, runs the NFV-manager workflow and exports metrics.
//
// What is only in memory (agents' reports, observed health, forwarder liveness) belongs to
// one goroutine, Run's loop; everything else reaches it as a closure sent over a channel
// (do), so there is no lock to get wrong. Desired state lives in the store, whose
// transactions serialise writers themselves.
package controller

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"hvlb/internal/fwdquery"
	"hvlb/internal/logging"
	"hvlb/internal/model"
	"hvlb/internal/pb/ctlpb"
	"hvlb/internal/pb/fwdpb"
	"hvlb/internal/store"
)

// Errors the API layers map to statuses.
var (
	ErrNoRoom  = errors.New("no forwarder has room")
	ErrWebhook = errors.New("NFV-manager webhook failed")
	ErrStopped = errors.New("controller is stopping")
)

// DefaultReportTimeout is how long a forwarder may go without a report before it is
// failed: three times the agent's default report interval of 2 s.
const DefaultReportTimeout = 6 * time.Second

// MaxConnections is how many connections per forwarder the controller keeps.
const MaxConnections = 1000

// MaxOverrides is how many steering overrides per forwarder the controller keeps (the
// forwarder lists at most this many; its agent asks for 100).
const MaxOverrides = 1000

// MaxBGPPeers and MaxAnnounced bound what the controller keeps of a report's BGP sessions
// and announced prefixes.
const (
	MaxBGPPeers  = 64
	MaxAnnounced = 4096
)

// Forwarder states.
const (
	StateReady    = "ready"
	StateDraining = "draining"
	StateFailed   = "failed"
)

// Config configures a Controller.
type Config struct {
	Store         *store.Store
	ReportTimeout time.Duration    // default DefaultReportTimeout
	Webhook       string           // NFV manager's URL; empty: none
	HTTPClient    *http.Client     // for the webhook; default: 10 s timeout
	Log           *slog.Logger     // default slog.Default()
	Now           func() time.Time // default time.Now
	Policy        PolicyConfig     // the comprehensive policy's loop (policy.go)
	Pool          PoolConfig       // the pool automation (pool.go)
	Leadership    Leadership       // the group's election (leadership.go); nil: no group, always the leader
	Sharing       Sharing          // the group's shared reports (shared.go); nil: no group
	Name          string           // this controller's name in its group (its --name)
	// SyncReplicas is the pool's k-way replication (docs/sync.md): the backups each
	// connection has besides its carrier (1 or 2), 0 for every forwarder holding every
	// connection. Every controller of a group is given the same.
	SyncReplicas int
}

// Controller is the runtime. Create it with New and start Run before using it.
type Controller struct {
	cfg     Config
	st      *store.Store
	log     *slog.Logger
	ops     chan func(*state)
	stopped chan struct{}
	s       *state // owned by Run's goroutine
	pr      *policyRuntime
	// poolCounts: what the pool automation did (pool.go)
	poolCounts poolCounts
	queries    *fwdquery.Hub // the agents' Query streams (GET /v1/conns, /v1/trace)
}

// Queries is the agents' Query streams: ctlsrv serves them, the API asks through them.
func (c *Controller) Queries() *fwdquery.Hub { return c.queries }

// state is what Run's goroutine owns.
type state struct {
	fwd      map[string]*fwdRuntime
	health   map[healthKey]healthObs
	policies map[string]*svcPolicy // comprehensive services, by id
	pool     poolState
}

// fwdRuntime is what the controller knows of a forwarder beyond its registration.
type fwdRuntime struct {
	id         string
	lastSeen   time.Time // registration or last report (here, or in a shared record)
	lastReport time.Time
	watchers   int  // open WatchDesired streams
	streamLost bool // the agent's last desired-state stream ended and no other is open
	agentState string
	applied    uint64
	lastError  string
	stats      *fwdpb.Stats // replaced, never modified, so it can be shared read-only
	prevStats  *fwdpb.Stats // the report's before stats, for rates (GET /v1/rates)
	prevAt     time.Time
	conns      []*fwdpb.Connection
	steering   *fwdpb.Steering // as stats: replaced, never modified
	steeringAt time.Time
	bgp        []*ctlpb.BgpPeer   // the agent's BGP sessions; as stats: replaced, never modified
	announced  []string           // the VIP prefixes its speaker announces
	paths      map[string]pathObs // by real key (addr:port); as stats: replaced, never modified
	rxPackets  uint64
	rxAt       time.Time
	pps        float64
	failed     bool // as last logged
	// the pool automation's (pool.go)
	overSince   time.Time // overloaded since (zero: not overloaded or not ready)
	poolPPS     float64   // the rate it carried when last ready
	lastDrain   time.Time // the pool's last drain of it
	drainsInRow int       // drains within an hour of the one before: the hold's doubling

	// In a group (shared.go): the newest session of the forwarder's agent known here, the
	// controller that holds it ("": this one) and the number of its newest record; this
	// controller's own latest session of it; what the holder says of its desired-state
	// streams; the session's health verdicts, the latest per real, for the records.
	session         int64
	holder          string
	seq             uint64
	localSession    int64
	remoteConnected bool
	verdicts        map[healthKey]*ctlpb.HealthChange
}

type healthKey struct {
	service, address string
	port             int
}

type healthObs struct {
	up        bool
	reason    string
	at        time.Time
	forwarder string
}

// New returns a controller over cfg.Store. Forwarders already in the store start with
// a full report timeout of grace, so a controller restart does not fail them all.
func New(cfg Config) (*Controller, error) {
	if cfg.ReportTimeout <= 0 {
		cfg.ReportTimeout = DefaultReportTimeout
	}
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = &http.Client{Timeout: 10 * time.Second}
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	cfg.Pool.defaults()
	if err := cfg.Pool.check(); err != nil {
		return nil, err
	}
	c := &Controller{
		cfg: cfg, st: cfg.Store, log: cfg.Log,
		ops:     make(chan func(*state)),
		stopped: make(chan struct{}),
		queries: fwdquery.NewHub(),
		s: &state{fwd: map[string]*fwdRuntime{}, health: map[healthKey]healthObs{},
			policies: map[string]*svcPolicy{}},
	}
	c.pr = newPolicyRuntime(&c.cfg)
	var fwds []model.Forwarder
	err := c.st.View(func(t *store.ReadTx) (err error) { fwds, err = t.Forwarders(); return })
	if err != nil {
		return nil, err
	}
	now := cfg.Now()
	for _, f := range fwds {
		c.s.fwd[f.ID] = &fwdRuntime{id: f.ID, lastSeen: now}
	}
	return c, nil
}

// Run owns the runtime state until ctx ends.
func (c *Controller) Run(ctx context.Context) {
	defer close(c.stopped)
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	policyTick := time.NewTicker(c.cfg.Policy.Interval)
	defer policyTick.Stop()
	wasLeading := true // a controller starts as if it led: a restart is not a take-over
	if c.cfg.Leadership != nil {
		wasLeading = false
	}
	pollerDone := make(chan struct{})
	go func() { c.pr.poller.Run(ctx); close(pollerDone) }()
	defer func() { <-pollerDone }()
	for {
		select {
		case <-ctx.Done():
			return
		case op := <-c.ops:
			op(c.s)
		case <-tick.C:
			c.checkLiveness(c.s)
			if c.leading() {
				c.runPool(c.s)
			}
		case <-policyTick.C:
			// Only the group's leader runs the policy; checked each round, so a controller
			// that lost etcd stops within one.
			leading := c.leading()
			if leading && !wasLeading {
				c.takeOver(c.s)
			}
			if wasLeading = leading; leading {
				c.runPolicies(c.s)
			}
		}
	}
}

// do runs f on the state in Run's goroutine and waits for it.
func (c *Controller) do(ctx context.Context, f func(*state)) error {
	done := make(chan struct{})
	op := func(s *state) { f(s); close(done) }
	select {
	case c.ops <- op:
	case <-ctx.Done():
		return ctx.Err()
	case <-c.stopped:
		return ErrStopped
	}
	<-done
	return nil
}

// failed says whether a forwarder is failed now: its agent is not connected (its
// desired-state stream ended and none is open, or no registration nor report for the
// report timeout), or reports that its forwarder does not answer. In a group, these are
// what the controller that holds the agent's session says (shared.go), and a record that
// stops coming, or leaves etcd with that controller's lease, counts as the agent gone.
func (c *Controller) failed(r *fwdRuntime, now time.Time) bool {
	return r == nil || r.streamLost || now.Sub(r.lastSeen) > c.cfg.ReportTimeout || r.agentState == StateFailed
}

// stateOf returns forwarder f's state now: failed (see failed), else draining when the
// operator drains it (or its agent says so), else ready.
func (c *Controller) stateOf(f model.Forwarder, r *fwdRuntime, now time.Time) string {
	switch {
	case c.failed(r, now):
		return StateFailed
	case f.Drained() || r.agentState == StateDraining:
		return StateDraining
	}
	return StateReady
}

// checkLiveness logs forwarders that stop or resume reporting.
func (c *Controller) checkLiveness(s *state) {
	now := c.cfg.Now()
	for id, r := range s.fwd {
		failed := now.Sub(r.lastSeen) > c.cfg.ReportTimeout
		if failed != r.failed {
			r.failed = failed
			if failed {
				c.log.Warn("forwarder failed: no report", logging.Forwarder, id, "last_seen", r.lastSeen, "timeout", c.cfg.ReportTimeout)
			} else {
				c.log.Info("forwarder reporting again", logging.Forwarder, id)
			}
		}
	}
}
