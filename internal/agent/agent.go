// Package agent is hvlb-agent: the link between one forwarder and the controller. It
// registers the forwarder, watches the desired state the controller publishes for it and
// applies it through the forwarder's local API by reconciling (read what the forwarder
// runs, change only what differs), runs the NFs' health checks and folds their verdict into
// the health it gives the forwarder, and streams reports (applied version, stats, health
// changes, connections) back.
//
// Failure behaviour:
//   - controller unreachable: nothing is removed or changed for that reason (fail static);
//     the agent keeps the last desired state it received, keeps checking health and keeps
//     reconciling against that state, and retries the controller with capped, jittered
//     exponential back-off;
//   - forwarder restarted (its socket reconnected, or its config_version went backwards):
//     reconciled at once, so it gets its configuration back without an operator;
//   - before any desired state has arrived (or one of version 0), the forwarder is left
//     as it is.
//
// With a BGP speaker (Config.Speaker), the agent announces its forwarder's VIPs to the
// upstream routers while the forwarder can carry their traffic, and withdraws them when it
// cannot, is draining, or the agent stops (announce.go; the forwarder's liveness is
// liveness.go's).
//
// One goroutine (Run's) owns the agent's state; the controller session and the health
// checkers reach it through channels.
package agent

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/netip"
	"strings"
	"time"

	"google.golang.org/grpc"

	"hvlb/internal/bgp"
	"hvlb/internal/fwdclient"
	"hvlb/internal/health"
	"hvlb/internal/logging"
	"hvlb/internal/pb/ctlpb"
	"hvlb/internal/pb/fwdpb"
)

// Config is what an agent needs.
type Config struct {
	ID          string            // forwarder id (required)
	Controller  string            // host:port of the controller's gRPC service; several, comma-separated, for a group (fail-over in turn)
	TLS         *tls.Config       // client TLS (mutual: with the agent's certificate)
	Forwarder   *fwdclient.Client // the forwarder's local API
	Hostname    string
	Version     string // agent version, reported at registration
	CapacityPPS uint64
	// SyncAddr is where the forwarder's connection sync listens (address:port, on a
	// management interface; "": the forwarder takes no part in sync). The controller hands
	// it to the other forwarders of the pool as this one's address.
	SyncAddr string
	// Announce are prefixes announced by BGP beside the VIPs, under the same conditions,
	// each with its own next hop (--bgp-announce): e.g. the clients' prefix towards the
	// NF-side router, so NAT replies come back through the live forwarders.
	Announce []netip.Prefix

	ReportInterval time.Duration // default 2s
	ResyncInterval time.Duration // reconcile this often even without news; default 5s
	// ControllerTimeout: a controller that has not answered a liveness probe (gRPC's health
	// check, sent every half of it) for this long is left for the next one, so that a hung
	// controller (stopped, its host gone without resetting connections) holds the agent
	// at most 1.5 times this long. Default DefaultControllerTimeout.
	ControllerTimeout time.Duration
	BackoffMin        time.Duration // first retry of the controller; default 500ms
	BackoffMax        time.Duration // cap of the retry delay; default 30s
	ApplyTimeout      time.Duration // bound on one reconcile; default 10s
	ProbeInterval     time.Duration // path RTT probes of each NF; default 500ms (paths.go)
	Logger            *slog.Logger

	// Speaker, when not nil, announces the VIPs; Run owns it from then on and stops it
	// when it returns, GracefulWait after withdrawing them (0: DefaultGracefulWait; a
	// negative value: no wait).
	Speaker      *bgp.Speaker
	GracefulWait time.Duration
	// With a speaker, the forwarder is probed every FwdProbeInterval and counts as gone
	// (VIPs withdrawn) once it has not answered for FwdDeadAfter, or at once when its
	// socket refuses connections. Defaults DefaultFwdProbeInterval, DefaultFwdDeadAfter.
	FwdProbeInterval time.Duration
	FwdDeadAfter     time.Duration
}

// MaxReportedConns bounds the connections one report carries.
const MaxReportedConns = 1000

// Defaults of Config's intervals.
const (
	DefaultReportInterval    = 2 * time.Second
	DefaultResyncInterval    = 5 * time.Second
	DefaultControllerTimeout = 2 * time.Second
)

func (c *Config) setDefaults() {
	if c.ReportInterval <= 0 {
		c.ReportInterval = DefaultReportInterval
	}
	if c.ResyncInterval <= 0 {
		c.ResyncInterval = DefaultResyncInterval
	}
	if c.ControllerTimeout <= 0 {
		c.ControllerTimeout = DefaultControllerTimeout
	}
	if c.BackoffMin <= 0 {
		c.BackoffMin = 500 * time.Millisecond
	}
	if c.BackoffMax <= 0 {
		c.BackoffMax = 30 * time.Second
	}
	if c.BackoffMax < c.BackoffMin {
		c.BackoffMax = c.BackoffMin
	}
	if c.ApplyTimeout <= 0 {
		c.ApplyTimeout = 10 * time.Second
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if c.GracefulWait == 0 {
		c.GracefulWait = DefaultGracefulWait
	}
	if c.FwdProbeInterval <= 0 {
		c.FwdProbeInterval = DefaultFwdProbeInterval
	}
	if c.FwdDeadAfter <= 0 {
		c.FwdDeadAfter = DefaultFwdDeadAfter
	}
}

// verdict is the local checks' view of one (service, real).
type verdict struct {
	state  health.State
	reason string
	at     time.Time
}

// Agent runs one forwarder's agent. Create with New, then Run.
type Agent struct {
	cfg         Config
	log         *slog.Logger
	fc          *fwdclient.Client
	controllers []string           // cfg.Controller's addresses
	conns       []*grpc.ClientConn // one per controller
	// storeEpoch is the epoch of the store of the newest desired state taken that named one
	// (olderThan); 0: none yet.
	storeEpoch uint64
	// staleDesired counts desired states refused for being older than one already taken
	// (a controller behind the others, or one of another store).
	staleDesired uint64

	ops         chan func()
	desiredCh   chan *ctlpb.DesiredState
	transitions chan health.Transition
	reportNow   chan struct{} // a health change: report at once (coalesced)
	checks      *health.Set
	paths       *pathMeter // path measurements for the reports (paths.go)

	// Owned by Run's goroutine.
	desired  *ctlpb.DesiredState
	targets  map[string]target
	verdicts map[string]verdict
	seeded   map[string]bool // check keys whose first verdict was taken from the forwarder
	pending  []*ctlpb.HealthChange
	applied  uint64
	applyErr string
	hardDone map[string]bool   // hard removals applied (hardID), while the desired state lists them
	zeroDone map[string]uint64 // by fwdpb.ServiceKey: the counter zero (at_ms) applied last

	// BGP (announce.go): the speaker is read by the reports; its routes are the
	// announcer's. The rest is owned by Run's goroutine.
	speaker    *bgp.Speaker
	announcer  *announcer
	alive      mailbox[live] // the liveness probe's verdicts
	fwdEpoch   uint64        // of the last verdict taken
	lastIntent intent        // as last published to the announcer
}

// New checks cfg and returns an agent.
func New(cfg Config) (*Agent, error) {
	cfg.setDefaults()
	if cfg.ID == "" {
		return nil, errors.New("agent: forwarder id: required")
	}
	if cfg.Forwarder == nil {
		return nil, errors.New("agent: forwarder client: required")
	}
	var controllers []string
	for _, c := range strings.Split(cfg.Controller, ",") {
		if c = strings.TrimSpace(c); c != "" {
			controllers = append(controllers, c)
		}
	}
	if len(controllers) == 0 {
		return nil, errors.New("agent: controller address: required")
	}
	if cfg.TLS == nil {
		return nil, errors.New("agent: TLS configuration: required (the controller is mutual TLS only)")
	}
	tr := make(chan health.Transition, 64)
	a := &Agent{
		cfg:         cfg,
		log:         cfg.Logger,
		fc:          cfg.Forwarder,
		ops:         make(chan func()),
		desiredCh:   make(chan *ctlpb.DesiredState),
		transitions: tr,
		reportNow:   make(chan struct{}, 1),
		checks:      health.NewSet(tr),
		paths:       newPathMeter(cfg.ProbeInterval),
		targets:     map[string]target{},
		verdicts:    map[string]verdict{},
		seeded:      map[string]bool{},
		hardDone:    map[string]bool{},
		zeroDone:    map[string]uint64{},
		speaker:     cfg.Speaker,
		alive:       newMailbox[live](),
		controllers: controllers,
	}
	if cfg.Speaker != nil {
		a.announcer = &announcer{speaker: cfg.Speaker, log: cfg.Logger, wait: max(cfg.GracefulWait, 0),
			intents: newMailbox[intent](), live: newMailbox[live](), sync: newMailbox[string]()}
	}
	conns, err := a.dial()
	if err != nil {
		return nil, err
	}
	a.conns = conns
	return a, nil
}

// Run serves until ctx ends: the controller session in the background, the state here.
// The forwarder is left running with what it has when Run returns.
func (a *Agent) Run(ctx context.Context) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	sessionDone := make(chan struct{})
	go func() {
		defer close(sessionDone)
		a.controllerLoop(ctx)
	}()
	defer func() {
		cancel()
		<-sessionDone
		for _, c := range a.conns {
			c.Close()
		}
		a.checks.Close()
		a.paths.close()
	}()
	if a.announcer != nil {
		probe := &liveness{fc: fwdclient.New(a.fc.Path()), interval: a.cfg.FwdProbeInterval,
			deadAfter: a.cfg.FwdDeadAfter, outs: []mailbox[live]{a.alive, a.announcer.live},
			syncOut: &a.announcer.sync}
		probeCtx, probeCancel := context.WithCancel(context.Background())
		probeDone, stop, annDone := make(chan struct{}), make(chan struct{}), make(chan struct{})
		go func() { defer close(probeDone); probe.run(probeCtx) }()
		go func() { defer close(annDone); a.announcer.run(stop) }()
		// Deferred last, so it runs first: withdraw, wait, close the sessions; the
		// probe goes on meanwhile, so that a forwarder that dies now is still seen.
		defer func() {
			close(stop)
			<-annDone
			probeCancel()
			<-probeDone
		}()
	}

	resync := time.NewTicker(a.cfg.ResyncInterval)
	defer resync.Stop()
	for {
		if !a.step(ctx, resync.C) {
			return nil
		}
		a.publishIntent()
	}
}

// step waits for one event and handles it; false when ctx ended.
func (a *Agent) step(ctx context.Context, resync <-chan time.Time) bool {
	select {
	case <-ctx.Done():
		return false
	case f := <-a.ops:
		f()
	case ds := <-a.desiredCh:
		// Version 0 is no state at all (a controller that has not made one yet): it
		// is not a reason to empty the forwarder.
		if ds.GetVersion() == 0 {
			a.log.Warn("desired state of version 0 ignored", "services", len(ds.GetServices()))
			return true
		}
		// Never back: after a fail-over, a controller that is behind (or serves another
		// store) must not undo what a newer state did. A restarted agent takes any.
		if stale, why := olderThan(ds, a.desired.GetVersion(), a.storeEpoch); stale {
			a.staleDesired++
			a.log.Warn("desired state older than the one taken, ignored", "why", why, "version", ds.GetVersion(),
				"taken", a.desired.GetVersion(), "store_epoch", ds.GetStoreEpoch(),
				"taken_store_epoch", a.storeEpoch, "stale_total", a.staleDesired)
			return true
		}
		if e := ds.GetStoreEpoch(); e != 0 {
			if a.storeEpoch != 0 && e > a.storeEpoch {
				a.log.Warn("desired state of a store made since the one taken: taken whatever its version",
					"version", ds.GetVersion(), "taken", a.desired.GetVersion(), "store_epoch", e, "taken_store_epoch", a.storeEpoch)
			}
			a.storeEpoch = e
		}
		a.setDesired(ds)
		a.apply(ctx, "desired state")
	case tr := <-a.transitions:
		if a.onTransition(tr) {
			a.apply(ctx, "health change")
		}
	case <-a.fc.Resets():
		a.log.Info("forwarder reconnected or restarted: reconciling")
		a.applied = 0
		a.apply(ctx, "forwarder restart")
	case l := <-a.alive.ch:
		a.onLiveness(ctx, l)
	case <-resync:
		a.apply(ctx, "")
	}
	return true
}

// onLiveness takes the liveness probe's verdict. Either way the forwarder has to be given
// the desired state again before its VIPs are announced: one that stopped answering may
// come back as a new process with another configuration.
func (a *Agent) onLiveness(ctx context.Context, l live) {
	a.fwdEpoch, a.applied = l.epoch, 0
	if !l.up {
		a.log.Warn("forwarder not answering its local API", "within", a.cfg.FwdDeadAfter)
		return
	}
	a.log.Info("forwarder answering")
	a.apply(ctx, "forwarder answering")
}

// call runs f on Run's goroutine and waits for it.
func (a *Agent) call(ctx context.Context, f func()) error {
	done := make(chan struct{})
	select {
	case a.ops <- func() { f(); close(done) }:
	case <-ctx.Done():
		return ctx.Err()
	}
	<-done
	return nil
}

func (a *Agent) setDesired(ds *ctlpb.DesiredState) {
	if a.desired == nil || a.desired.GetVersion() != ds.GetVersion() {
		a.log.Info("desired state", "version", ds.GetVersion(), "services", len(ds.GetServices()),
			"checks", len(ds.GetChecks()))
	}
	a.desired = ds
	specs, targets := checkSpecs(ds)
	a.paths.setTargets(probeSpecs(ds))
	for key, err := range a.checks.Update(specs) {
		// A check this agent cannot run (a kind from a newer controller, say) counts as no
		// check: holding the real down until a check that never runs passes would take
		// every such real out.
		a.log.Warn("health check not run; the real keeps the desired health", checkAttrs(key, "err", err)...)
		delete(targets, key)
	}
	for key := range a.verdicts {
		if _, ok := targets[key]; !ok {
			delete(a.verdicts, key)
		}
	}
	for key := range a.seeded {
		if _, ok := targets[key]; !ok {
			delete(a.seeded, key)
		}
	}
	a.targets = targets
	listed := map[string]bool{}
	for _, h := range ds.GetHardRemovals() {
		listed[hardID(h)] = true
	}
	for id := range a.hardDone {
		if !listed[id] {
			delete(a.hardDone, id)
		}
	}
}

// pendingHard returns the desired state's hard removals not applied yet. Each is applied
// once: a real the forwarder gets back later (its start-up file, say) and that is not
// desired is removed softly like any other.
func (a *Agent) pendingHard() hardSet {
	hs := hardSet{}
	for _, h := range a.desired.GetHardRemovals() {
		if id := hardID(h); !a.hardDone[id] {
			hs[hardKey(h)] = id
		}
	}
	return hs
}

// onTransition records a checker's transition; it says whether the forwarder's view may
// change. Transitions of checks no longer desired are dropped.
func (a *Agent) onTransition(tr health.Transition) bool {
	t, ok := a.targets[tr.Key]
	if !ok {
		return false
	}
	st := health.Down
	if tr.Up {
		st = health.Up
	}
	wasUp := a.verdicts[tr.Key].state == health.Up
	a.verdicts[tr.Key] = verdict{state: st, reason: tr.Reason, at: tr.At}
	a.seeded[tr.Key] = true
	a.log.Info("health", checkAttrs(tr.Key, "up", tr.Up, "reason", tr.Reason)...)
	a.pending = append(a.pending, healthChange(t, tr.Up, tr.Reason, tr.At))
	select {
	case a.reportNow <- struct{}{}:
	default:
	}
	return wasUp != tr.Up
}

// checkedDown says whether the checks hold key's real down: it has a check, and that
// check has not said up (a new real is down until its first success).
func (a *Agent) checkedDown(key string) bool {
	_, checked := a.targets[key]
	return checked && a.verdicts[key].state != health.Up
}

func healthChange(t target, up bool, reason string, at time.Time) *ctlpb.HealthChange {
	return &ctlpb.HealthChange{Service: t.service, Address: t.address, Port: t.port, Up: up,
		Reason: reason, AtUnixMs: at.UnixMilli()}
}

// apply reconciles the forwarder with the desired state and the health verdicts. Without
// a desired state it does nothing: the forwarder keeps what it has.
func (a *Agent) apply(ctx context.Context, why string) {
	if a.desired == nil {
		return
	}
	ctx, cancel := context.WithTimeout(ctx, a.cfg.ApplyTimeout)
	defer cancel()
	list, err := a.fc.ServiceList(ctx)
	if err != nil {
		a.setApplyErr(fmt.Errorf("read the forwarder's services: %w", err))
		return
	}
	actual := list.GetServices()
	a.seed(actual)
	if err := a.applySync(ctx); err != nil {
		a.setApplyErr(err)
		return
	}
	// Before the services (a FullNAT service's connections need the pool's addresses), but a
	// pool the forwarder refuses (its live connections forbid the change) holds no service
	// change back: it is this apply's error once the rest is done, and tried again.
	poolErr := a.applyLocalPool(ctx)
	want := effective(a.desired, a.checkedDown)
	done, err := reconcile(ctx, a.fc, want, actual, a.pendingHard())
	for _, d := range done {
		a.log.Info("applied", "change", d.desc, "why", why)
		if d.hard != "" {
			a.hardDone[d.hard] = true
		}
	}
	// Zeros after the changes, so that a service just added (a forwarder restarted) is zeroed
	// too: listed again when anything changed.
	if len(done) > 0 && err == nil {
		if list, err = a.fc.ServiceList(ctx); err != nil {
			err = fmt.Errorf("read the forwarder's services: %w", err)
		}
	}
	if err == nil {
		err = a.applyZeros(ctx, list.GetServiceStatus())
	}
	if err == nil {
		err = poolErr
	}
	if err != nil {
		a.setApplyErr(err)
		return
	}
	if a.applyErr != "" {
		a.log.Info("forwarder matches the desired state again", "version", a.desired.GetVersion())
	}
	a.applyErr = ""
	a.applied = a.desired.GetVersion()
}

// applyZeros asks the forwarder to zero the counters of each service the desired state says
// were zeroed after the forwarder last zeroed them (status: its counters now). Each zero is
// applied once by this agent (the forwarder's clock may lag the controller's), and again when
// the forwarder shows none (it restarted, its counters with it).
func (a *Agent) applyZeros(ctx context.Context, status []*fwdpb.ServiceStatus) error {
	last := fwdpb.StatusByService(status)
	var errs []error
	for _, z := range a.desired.GetCounterZeros() {
		key := fwdpb.ServiceKey(z.GetService())
		st, ok := last[key]
		if !ok {
			continue
		}
		fwdAt := st.GetSinceZero().GetZeroedAtMs()
		if fwdAt >= z.GetAtMs() || (a.zeroDone[key] == z.GetAtMs() && fwdAt != 0) {
			continue
		}
		if err := a.fc.ZeroCounters(ctx, z.GetService()); err != nil {
			errs = append(errs, fmt.Errorf("zero counters of %s: %w", key, err))
			continue
		}
		a.zeroDone[key] = z.GetAtMs()
		a.log.Info("applied", "change", "zero counters "+key)
	}
	return errors.Join(errs...)
}

func (a *Agent) setApplyErr(err error) {
	if err.Error() != a.applyErr {
		a.log.Warn("apply", "version", a.desired.GetVersion(), "err", err)
	}
	a.applyErr = err.Error()
}

// seed gives a checked real that has no verdict yet the one the forwarder shows, when the
// desired state wants it up, so that an agent restart changes nothing at the forwarder: a
// real it runs with health 0 was marked down by the checks of an agent before this one
// and stays down until its checks rise again (no traffic to a failed NF); one it runs with
// health 1 stays up until its checks fail (no outage while the first checks run). A real
// the forwarder does not run yet is new: it has no verdict, so it is down until its
// first success.
func (a *Agent) seed(actual []*fwdpb.VirtualService) {
	if len(a.targets) == len(a.seeded) {
		return
	}
	runs := map[string]uint32{}
	for _, vs := range actual {
		for _, rs := range vs.GetRealServices() {
			runs[checkKey(vs.GetId(), rs.GetAddress(), rs.GetPort())] = rs.GetHealth()
		}
	}
	wantUp := map[string]bool{}
	for _, vs := range a.desired.GetServices() {
		for _, rs := range vs.GetRealServices() {
			wantUp[checkKey(vs.GetId(), rs.GetAddress(), rs.GetPort())] = rs.GetHealth() != 0
		}
	}
	for key := range a.targets {
		if a.seeded[key] {
			continue
		}
		a.seeded[key] = true
		h, ok := runs[key]
		if !ok || !wantUp[key] || a.verdicts[key].state != health.Unknown {
			continue
		}
		v := verdict{state: health.Down, at: time.Now(),
			reason: "down at the forwarder when the agent started; waiting for the checks to rise"}
		if h != 0 {
			v = verdict{state: health.Up, at: time.Now(),
				reason: "up at the forwarder when the agent started; kept until the checks fail"}
		}
		// A checker whose first result came before this look at the forwarder (a probe
		// is quicker than the forwarder's reply) and agrees keeps it; its transition,
		// still on its way, then changes nothing at the forwarder.
		if a.checks.Seed(key, v.state) || a.checks.State(key) == v.state {
			a.verdicts[key] = v
		}
	}
}

// snapshot is what a report needs from the agent's state. With all, the health part is
// every verdict known (a new session tells the controller everything); otherwise the
// changes since the last snapshot.
type snapshot struct {
	applied  uint64
	applyErr string
	draining bool
	health   []*ctlpb.HealthChange
}

func (a *Agent) snapshot(ctx context.Context, all bool) (snapshot, error) {
	var s snapshot
	err := a.call(ctx, func() {
		s.applied, s.applyErr, s.draining = a.applied, a.applyErr, a.desired.GetDraining()
		if all {
			for key, v := range a.verdicts {
				if t, ok := a.targets[key]; ok && v.state != health.Unknown {
					s.health = append(s.health, healthChange(t, v.state == health.Up, v.reason, v.at))
				}
			}
		} else {
			s.health = a.pending
		}
		a.pending = nil
	})
	return s, err
}

// deliver hands a desired state to Run's goroutine.
func (a *Agent) deliver(ctx context.Context, ds *ctlpb.DesiredState) error {
	select {
	case a.desiredCh <- ds:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// checkAttrs are a health check's log attributes: its service and real under the names every
// component logs them by (internal/logging), then more.
func checkAttrs(key string, more ...any) []any {
	svc, real, _ := strings.Cut(key, " ")
	return append([]any{logging.Service, svc, logging.Real, real}, more...)
}
