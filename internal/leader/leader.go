// Package leader elects one controller of a group as the leader, through etcd's election
// (go.etcd.io/etcd/client/v3/concurrency): the leader runs what must run once for the group
// (the policy loop, placing load-balancing requests, the NFV-manager webhook); every
// controller serves the REST API and agents.
//
// Leadership is tied to a lease. This controller counts itself the leader only while its
// lease is certainly alive: up to half a TTL after the last keep-alive answer (the answer
// left etcd less than half a TTL earlier, so the lease lives at least that long). A
// controller cut off from etcd therefore stops acting as leader before its lease expires and
// another one can win.
package leader

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"
	"go.etcd.io/etcd/client/v3/concurrency"
)

// DefaultTTL is the lease's time to live: a dead leader is replaced within about this long.
const DefaultTTL = 4 * time.Second

// Config configures an Elector.
type Config struct {
	Client *clientv3.Client
	Prefix string        // the group's etcd prefix; the election lives under Prefix+"leader/"
	Name   string        // this controller's name as the others see it (its REST URL)
	TTL    time.Duration // default DefaultTTL; whole seconds, at least 2
	Log    *slog.Logger
	Now    func() time.Time
}

// Status is what the health endpoint and metrics show.
type Status struct {
	Leader     bool      // this controller acts as leader now
	LeaderName string    // the group's leader as last seen ("" unknown)
	Since      time.Time // when Leader last changed
	Elections  uint64    // times this controller became leader
	EtcdUp     bool      // the lease's keep-alives are answered
	Err        string    // why this controller is not in the running, if it is not
}

// Elector campaigns for this controller. Its methods are safe for concurrent use.
type Elector struct {
	cfg Config

	mu     sync.Mutex
	st     Status
	change chan struct{} // closed and replaced when Leader changes
	// lastAnswer is when the lease's keep-alives were last answered (its holder's view): a
	// reader checks it too, so that a controller whose loop has not run for a while (the
	// process stopped, the machine suspended) never answers as leader on a lease that may
	// have expired meanwhile.
	lastAnswer time.Time
}

// New returns an Elector; Run campaigns.
func New(cfg Config) *Elector {
	if cfg.TTL < 2*time.Second {
		cfg.TTL = DefaultTTL
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Elector{cfg: cfg, change: make(chan struct{}), st: Status{Since: cfg.Now(), Err: "not started"}}
}

// IsLeader reports whether this controller acts as the group's leader now: it won the
// election and its lease is certainly alive at this instant.
func (e *Elector) IsLeader() bool {
	return e.Status().Leader
}

// Leader returns the group's leader as last seen ("" when none is known). It never names
// this controller unless it leads now: a controller that lost its lease (or may have)
// does not know who leads until it looks again.
func (e *Elector) Leader() string {
	return e.Status().LeaderName
}

// Status returns the elector's state now.
func (e *Elector) Status() Status {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.current()
}

// current is st as it holds at this instant (e.mu held): the loop that steps down may
// not have run yet (a process woken from SIGSTOP serves a waiting request before it), so
// a lease that may have expired counts as lost here already.
func (e *Elector) current() Status {
	st := e.st
	if st.Leader && !e.leaseAlive() {
		st.Leader = false
	}
	if !st.Leader && st.LeaderName == e.cfg.Name {
		st.LeaderName = ""
	}
	return st
}

// leaseAlive says whether this controller's lease certainly lives now (e.mu held).
func (e *Elector) leaseAlive() bool {
	return e.cfg.Now().Sub(e.lastAnswer) < e.cfg.TTL/2
}

// Changed returns a channel closed at the next change of IsLeader.
func (e *Elector) Changed() <-chan struct{} {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.change
}

func (e *Elector) update(f func(*Status)) {
	e.mu.Lock()
	defer e.mu.Unlock()
	was := e.st.Leader
	f(&e.st)
	if e.st.Leader != was {
		e.st.Since = e.cfg.Now()
		if e.st.Leader {
			e.st.Elections++
		}
		close(e.change)
		e.change = make(chan struct{})
	}
}

// Run campaigns until ctx ends, then resigns. Each round takes a fresh lease, campaigns and
// holds leadership while the lease is certainly alive; a lost lease or etcd ends the round
// and the next one starts after a second.
func (e *Elector) Run(ctx context.Context) {
	for ctx.Err() == nil {
		err := e.round(ctx)
		e.update(func(s *Status) {
			s.Leader, s.EtcdUp = false, false
			if s.LeaderName == e.cfg.Name {
				s.LeaderName = "" // whoever leads now is looked up in the next round
			}
			if err != nil {
				s.Err = err.Error()
			}
		})
		if err != nil && ctx.Err() == nil {
			e.cfg.Log.Warn("leader election: out of the running", "err", err)
		}
		select {
		case <-ctx.Done():
		case <-time.After(time.Second):
		}
	}
}

// round is one lease's life: campaign, lead while the lease is alive, then give it up.
func (e *Elector) round(ctx context.Context) error {
	ttl := int64(e.cfg.TTL / time.Second)
	gctx, gcancel := context.WithTimeout(ctx, e.cfg.TTL)
	grant, err := e.cfg.Client.Grant(gctx, ttl)
	gcancel()
	if err != nil {
		return fmt.Errorf("etcd lease: %w", err)
	}
	lastAnswer := e.cfg.Now()
	e.update(func(*Status) { e.lastAnswer = lastAnswer })
	rctx, rcancel := context.WithCancel(ctx)
	defer func() {
		e.update(func(s *Status) { s.Leader = false }) // at once, before the revoke's wait
		rcancel()
		// Give the lease back so that another controller need not wait for it to expire
		// (when etcd is unreachable, it expires by itself).
		c, cancel := context.WithTimeout(context.Background(), time.Second)
		e.cfg.Client.Revoke(c, grant.ID)
		cancel()
	}()
	ka, err := e.cfg.Client.KeepAlive(rctx, grant.ID)
	if err != nil {
		return fmt.Errorf("etcd lease keep-alive: %w", err)
	}
	sess, err := concurrency.NewSession(e.cfg.Client, concurrency.WithLease(grant.ID), concurrency.WithContext(rctx))
	if err != nil {
		return fmt.Errorf("etcd session: %w", err)
	}
	el := concurrency.NewElection(sess, e.cfg.Prefix+"leader/")
	won := make(chan error, 1)
	// WithRequireLeader: a campaign waiting on a member cut off from the others (which
	// would hear of no deletion) fails, and the next round tries another member.
	go func() { won <- el.Campaign(clientv3.WithRequireLeader(rctx), e.cfg.Name) }()
	e.update(func(s *Status) { s.EtcdUp, s.Err = true, "" })

	alive := func() bool { return e.cfg.Now().Sub(lastAnswer) < e.cfg.TTL/2 }
	tick := time.NewTicker(200 * time.Millisecond)
	defer tick.Stop()
	nextLook := time.Time{}
	// A loop that has not run for half a TTL (it wakes at least every tick) stood still: the
	// process stopped (SIGSTOP) or starved. A keep-alive answer or a won election read now
	// may have waited in its channel all that time, so the lease may have expired under it
	// (and another controller lead): the round ends rather than trust them.
	lastWake := e.cfg.Now()
	stoodStill := func() error {
		now := e.cfg.Now()
		gap := now.Sub(lastWake)
		lastWake = now
		if gap >= e.cfg.TTL/2 {
			return fmt.Errorf("this controller stood still for %s: its lease may have expired", gap.Round(time.Millisecond))
		}
		return nil
	}
	for {
		select {
		case <-ctx.Done():
			return nil
		case _, ok := <-ka:
			if err := stoodStill(); err != nil {
				return err
			}
			if !ok {
				return fmt.Errorf("etcd lease %x lost", grant.ID)
			}
			lastAnswer = e.cfg.Now()
			e.update(func(s *Status) { s.EtcdUp, e.lastAnswer = true, lastAnswer })
		case err := <-won:
			if serr := stoodStill(); serr != nil {
				return serr
			}
			if err != nil {
				return fmt.Errorf("campaign: %w", err)
			}
			if !alive() {
				return fmt.Errorf("won the election with a lease that may have expired")
			}
			e.cfg.Log.Info("leader election: this controller leads the group", "name", e.cfg.Name)
			e.update(func(s *Status) { s.Leader, s.LeaderName = true, e.cfg.Name })
			won = nil
		case <-tick.C:
			if err := stoodStill(); err != nil {
				return err
			}
			if !alive() {
				if e.IsLeader() {
					e.cfg.Log.Warn("leader election: stepping down, etcd does not answer", "last_answer", lastAnswer)
				}
				return fmt.Errorf("etcd has not answered the lease's keep-alives for %s", e.cfg.Now().Sub(lastAnswer).Round(time.Millisecond))
			}
			if now := e.cfg.Now(); !e.IsLeader() && now.After(nextLook) {
				nextLook = now.Add(time.Second)
				e.lookUpLeader(rctx, el)
			}
		}
	}
}

// lookUpLeader records who leads (a follower's health endpoint names it).
func (e *Elector) lookUpLeader(ctx context.Context, el *concurrency.Election) {
	c, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	resp, err := el.Leader(c)
	name := ""
	if err == nil && len(resp.Kvs) > 0 {
		name = string(resp.Kvs[0].Value)
	}
	if err == nil || err == concurrency.ErrElectionNoLeader {
		e.update(func(s *Status) { s.LeaderName = name })
	}
}

// Candidates returns the names of the controllers campaigning now (each holds a key under
// the election's prefix while its lease lives), oldest first: the first leads.
func (e *Elector) Candidates(ctx context.Context) ([]string, error) {
	c, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	resp, err := e.cfg.Client.Get(c, e.cfg.Prefix+"leader/", clientv3.WithPrefix(),
		clientv3.WithSort(clientv3.SortByCreateRevision, clientv3.SortAscend))
	if err != nil {
		return nil, fmt.Errorf("etcd: the election's candidates: %w", err)
	}
	out := make([]string, 0, len(resp.Kvs))
	for _, kv := range resp.Kvs {
		out = append(out, string(kv.Value))
	}
	return out, nil
}
