package nfload

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"sync"
	"time"
)

// Sample is one NF's CPU utilisation ω (0..1, the mean over its cores) and when it was
// measured.
type Sample struct {
	Utilization float64   `json:"utilization"`
	At          time.Time `json:"at"`
	// Source is "push" for a value the NFV manager pushed, or the URL scraped.
	Source string `json:"source"`
}

// SourcePush is the Source of pushed samples.
const SourcePush = "push"

// MaxFutureSkew is how far ahead of the controller's clock a pushed sample's time may be.
const MaxFutureSkew = time.Minute

// ErrInvalidSample is wrapped by every error of Push.
var ErrInvalidSample = errors.New("invalid utilisation sample")

// Store keeps the newest sample per NF, from the Poller or pushed. It is safe for
// concurrent use.
type Store struct {
	mu sync.Mutex
	m  map[string]Sample
	// now is the clock that checks pushed times; tests replace it.
	now func() time.Time
}

// NewStore returns an empty Store.
func NewStore() *Store {
	return &Store{m: make(map[string]Sample), now: time.Now}
}

// Push records a utilisation pushed for an NF (by the NFV manager through the API). A sample
// older than the one held is ignored; it is not an error.
func (s *Store) Push(nf string, util float64, at time.Time) error {
	switch {
	case nf == "":
		return fmt.Errorf("nf: required: %w", ErrInvalidSample)
	case math.IsNaN(util) || util < 0 || util > 1:
		return fmt.Errorf("utilization %v: want 0..1: %w", util, ErrInvalidSample)
	case at.IsZero():
		return fmt.Errorf("at: required: %w", ErrInvalidSample)
	case at.After(s.now().Add(MaxFutureSkew)):
		return fmt.Errorf("at %s: more than %v in the future: %w", at.Format(time.RFC3339), MaxFutureSkew, ErrInvalidSample)
	}
	s.put(nf, Sample{Utilization: util, At: at, Source: SourcePush})
	return nil
}

// put keeps smp if it is newer than the sample held for nf.
func (s *Store) put(nf string, smp Sample) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if old, ok := s.m[nf]; ok && !smp.At.After(old.At) {
		return
	}
	s.m[nf] = smp
}

// Get returns the newest sample of an NF.
func (s *Store) Get(nf string) (Sample, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	smp, ok := s.m[nf]
	return smp, ok
}

// All returns a copy of the newest sample of every NF.
func (s *Store) All() map[string]Sample {
	s.mu.Lock()
	defer s.mu.Unlock()
	return maps.Clone(s.m)
}

// Forget drops an NF's sample (the NF was removed).
func (s *Store) Forget(nf string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.m, nf)
}
