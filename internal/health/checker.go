package health

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"
	"time"
)

// State is a target's verdict.
type State int

// States. A target starts Unknown: its first success makes it Up at once, and Fall
// failures in a row make it Down; an Up target goes Down after Fall failures in a row, a
// Down one Up after Rise successes in a row.
const (
	Unknown State = iota
	Up
	Down
)

func (s State) String() string {
	switch s {
	case Up:
		return "up"
	case Down:
		return "down"
	default:
		return "unknown"
	}
}

// Transition is a change of a target's state.
type Transition struct {
	Key    string
	Up     bool
	Reason string // "connect: connection refused (3/3 failures)", "ok (2/2 successes)"
	At     time.Time
}

// counter turns probe results into transitions.
type counter struct {
	spec      Spec
	state     State
	successes int // in a row
	failures  int // in a row
}

// record adds one result and returns the transition it causes, if any.
func (c *counter) record(err error, now time.Time) (Transition, bool) {
	if err == nil {
		c.successes++
		c.failures = 0
		need := c.spec.Rise
		if c.state == Unknown {
			need = 1
		}
		if c.state != Up && c.successes >= need {
			c.state = Up
			return Transition{Up: true, At: now,
				Reason: fmt.Sprintf("%s ok (%d/%d successes)", c.spec.Kind, need, need)}, true
		}
		return Transition{}, false
	}
	c.failures++
	c.successes = 0
	if c.state != Down && c.failures >= c.spec.Fall {
		c.state = Down
		return Transition{Up: false, At: now,
			Reason: fmt.Sprintf("%v (%d/%d failures)", err, c.spec.Fall, c.spec.Fall)}, true
	}
	return Transition{}, false
}

// checker probes one target until its context ends.
type checker struct {
	key    string
	cancel context.CancelFunc
	done   chan struct{}

	mu  sync.Mutex
	cnt counter
}

func (c *checker) state() State {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.cnt.state
}

func (c *checker) run(ctx context.Context, out chan<- Transition, probe func(context.Context, Spec) error) {
	defer close(c.done)
	spec := c.cnt.spec
	// A small random start spreads the probes of checkers started together.
	t := time.NewTimer(rand.N(spec.Interval/10 + 1))
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		start := time.Now()
		err := probe(ctx, spec)
		if ctx.Err() != nil {
			return
		}
		c.mu.Lock()
		tr, changed := c.cnt.record(err, time.Now())
		c.mu.Unlock()
		if changed {
			tr.Key = c.key
			select {
			case out <- tr:
			case <-ctx.Done():
				return
			}
		}
		t.Reset(max(spec.Interval-time.Since(start), 0))
	}
}

// Set runs one checker per key. Its methods are safe for concurrent use.
type Set struct {
	out   chan<- Transition
	probe func(context.Context, Spec) error

	mu       sync.Mutex
	checkers map[string]*checker
	closed   bool
}

// NewSet returns a set that sends every transition to out. A send blocks the checker
// until out is read or the checker is stopped.
func NewSet(out chan<- Transition) *Set {
	return &Set{out: out, probe: Probe, checkers: map[string]*checker{}}
}

// Update makes the set run exactly the checks in specs (with defaults applied): new keys
// start (Unknown), missing ones stop, and a key whose spec changed restarts keeping its
// state, so a target that is down stays down until the new check says otherwise.
// Specs that fail Validate are skipped and returned as errors, by key.
func (s *Set) Update(specs map[string]Spec) map[string]error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil
	}
	bad := map[string]error{}
	kept := map[string]State{}
	for key, c := range s.checkers {
		spec, ok := specs[key]
		if ok && spec.Validate() == nil && spec.WithDefaults() == c.cnt.spec {
			continue
		}
		c.cancel()
		delete(s.checkers, key)
		if ok {
			kept[key] = c.state()
		}
	}
	for key, spec := range specs {
		if err := spec.Validate(); err != nil {
			bad[key] = err
			continue
		}
		if _, ok := s.checkers[key]; ok {
			continue
		}
		s.start(key, spec.WithDefaults(), kept[key])
	}
	return bad
}

func (s *Set) start(key string, spec Spec, state State) {
	ctx, cancel := context.WithCancel(context.Background())
	c := &checker{key: key, cancel: cancel, done: make(chan struct{}),
		cnt: counter{spec: spec, state: state}}
	s.checkers[key] = c
	go c.run(ctx, s.out, s.probe)
}

// State is the current verdict of key (Unknown when it has no checker).
func (s *Set) State(key string) State {
	s.mu.Lock()
	c := s.checkers[key]
	s.mu.Unlock()
	if c == nil {
		return Unknown
	}
	return c.state()
}

// States is the verdict of every key.
func (s *Set) States() map[string]State {
	s.mu.Lock()
	cs := make([]*checker, 0, len(s.checkers))
	for _, c := range s.checkers {
		cs = append(cs, c)
	}
	s.mu.Unlock()
	out := make(map[string]State, len(cs))
	for _, c := range cs {
		out[c.key] = c.state()
	}
	return out
}

// Close stops every checker and waits for them.
func (s *Set) Close() {
	s.mu.Lock()
	s.closed = true
	cs := s.checkers
	s.checkers = map[string]*checker{}
	s.mu.Unlock()
	for _, c := range cs {
		c.cancel()
	}
	for _, c := range cs {
		<-c.done
	}
}

// Seed sets the state of key's checker if it has none yet (Unknown), and says whether it
// did: a verdict known from elsewhere, e.g. a target the forwarder still runs as down.
// No transition is sent for it.
func (s *Set) Seed(key string, st State) bool {
	s.mu.Lock()
	c := s.checkers[key]
	s.mu.Unlock()
	if c == nil {
		return false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.cnt.state != Unknown {
		return false
	}
	c.cnt.state, c.cnt.successes, c.cnt.failures = st, 0, 0
	return true
}
