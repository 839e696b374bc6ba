package policy

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"slices"
	"time"
)

// Policy is the comprehensive-ability policy of one virtual service: its parameters, the
// smoothed inputs of each NF and the weights last published. It is not safe for concurrent
// use; the controller owns one per virtual service.
type Policy struct {
	params        Params
	paramsChanged bool
	nfs           map[string]*nfState
	published     map[string]int // nil until the first update
}

type nfState struct {
	paths map[string]*pathState // by forwarder
	cpu   ewma
	// cpuOut: the last update filtered the NF out for its CPU (see Params.CPUHysteresis).
	cpuOut bool
}

type pathState struct {
	rtt, thr ewma
	capacity float64
}

// ewma is an exponentially weighted moving average of the samples, fed in time order.
type ewma struct {
	v  float64
	at time.Time // of the newest sample taken; zero: none yet
	// The run of newest samples beyond the jump ratio on one side of the average as it was
	// before the run (smoother.jump): its side (+1 above, −1 below, 0 none), that average,
	// the first sample's time, the count and the sum.
	runSide int
	runRef  float64
	runFrom time.Time
	runN    int
	runSum  float64
}

// smoother is how an ewma weighs a new sample (Params.Smoothing, Params.SmoothingTauMS,
// and for path RTTs Params.RTTJumpRatio).
type smoother struct {
	alpha float64       // the per-sample weight, when tau is 0
	tau   time.Duration // the time constant; 0: alpha
	stale time.Duration // a gap longer than this restarts the average
	jump  float64       // the jump ratio; 0: no jumps
	floor float64       // values below it count as it when judging a jump
}

func (p Params) smoother() smoother {
	alpha := p.Smoothing
	if p.SmoothingTauMS == 0 && alpha == 0 {
		alpha = 1 // neither: no smoothing
	}
	return smoother{alpha: alpha, tau: p.SmoothingTau(), stale: p.StaleAfter()}
}

// rttSmoother is p.smoother() with the jumps of a path's RTT, judged above the RTT floor
// (the probes' jitter below it is no path change); without smoothing there is nothing to
// jump over.
func (p Params) rttSmoother() smoother {
	s := p.smoother()
	if s.tau > 0 || s.alpha < 1 {
		s.jump, s.floor = p.RTTJumpRatio, p.RTTFloorMS
	}
	return s
}

// weight is the weight of a sample dt after the previous one: 1 − exp(−dt/τ) with a time
// constant (two samples dt/2 apart weigh together what one dt apart does), else alpha.
func (s smoother) weight(dt time.Duration) float64 {
	if s.tau <= 0 {
		return s.alpha
	}
	return -math.Expm1(-float64(dt) / float64(s.tau))
}

// add takes a sample newer than the last one: v = w x + (1 − w) v with w = s.weight(the
// time since the last one), or v = x for the first sample and after a gap longer than
// s.stale. It reports whether it took it.
func (e *ewma) add(x float64, at time.Time, s smoother) bool {
	if !e.at.IsZero() && !at.After(e.at) {
		return false
	}
	if dt := at.Sub(e.at); e.at.IsZero() || dt > s.stale {
		e.v = x
		e.runSide = 0
	} else if !e.jumped(x, at, s) {
		w := s.weight(dt)
		e.v = w*x + (1-w)*e.v
	}
	e.at = at
	return true
}

// jumped follows the run of samples beyond s.jump times the average (or below 1/s.jump
// of it), and when that run has lasted half the time constant, and two samples or more,
// sets the average to the run's mean and reports true: a path's RTT that changed for good
// is followed at once, where the average would close in over 2.3 τ, while a stray sample
// or a burst shorter than τ/2 is only averaged. x is not yet in the average.
func (e *ewma) jumped(x float64, at time.Time, s smoother) bool {
	if s.jump <= 0 {
		return false
	}
	side := func(ref float64) int {
		switch r := max(x, s.floor) / max(ref, s.floor, math.SmallestNonzeroFloat64); {
		case r > s.jump:
			return 1
		case r < 1/s.jump:
			return -1
		}
		return 0
	}
	// Judged against the average before the run: the average closes in on the run's
	// samples meanwhile, and a step would otherwise fall within the ratio before τ/2.
	if e.runSide == 0 || side(e.runRef) != e.runSide {
		e.runSide, e.runRef, e.runFrom, e.runN, e.runSum = side(e.v), e.v, at, 0, 0
		if e.runSide == 0 {
			return false
		}
	}
	e.runN++
	e.runSum += x
	if e.runN < 2 || at.Sub(e.runFrom) < s.tau/2 {
		return false
	}
	e.v = e.runSum / float64(e.runN)
	e.runSide = 0
	return true
}

// New returns a Policy with validated params.
func New(p Params) (*Policy, error) {
	if err := p.Validate(); err != nil {
		return nil, fmt.Errorf("policy: %w", err)
	}
	return &Policy{params: p, nfs: make(map[string]*nfState)}, nil
}

// Params returns the parameters in force.
func (p *Policy) Params() Params { return p.params }

// SetParams changes the parameters; the smoothed inputs are kept, and the next Update
// publishes its weights.
func (p *Policy) SetParams(np Params) error {
	if err := np.Validate(); err != nil {
		return fmt.Errorf("policy: %w", err)
	}
	if np != p.params {
		p.params = np
		p.paramsChanged = true
	}
	return nil
}

// Published returns a copy of the weights last published (nil before the first Update).
func (p *Policy) Published() map[string]int { return maps.Clone(p.published) }

// Update smooths the new measurements in nfs, runs Algorithm 2 as of now and decides
// whether the new weights are to be published (see the package documentation). nfs is the
// whole set of the virtual service's NFs: state kept for NFs and paths not in it is dropped.
func (p *Policy) Update(nfs []NF, now time.Time) Result {
	res := Result{At: now}
	snap, alerts := p.ingest(nfs, now)
	res.Alerts = alerts
	out := compute(p.params, snap)
	for i, s := range snap {
		p.nfs[s.id].cpuOut = out.cpuOut[i]
	}
	res.Fallback = out.fallback
	res.Alerts = append(res.Alerts, out.alerts...)
	res.Change = change(out.weights, p.published, p.params.Scale)
	res.Publish, res.Reason = p.decide(out.weights, res.Change)
	if res.Publish {
		p.published = out.weights
		p.paramsChanged = false
	}
	res.Weights = maps.Clone(p.published)
	res.NFs = out.exps
	cum := 0
	for i := range res.NFs {
		e := &res.NFs[i]
		e.Published = p.published[e.ID]
		e.Range = Range{
			Lo: float64(cum) / float64(p.params.Scale),
			Hi: float64(cum+e.Published) / float64(p.params.Scale),
		}
		cum += e.Published
	}
	return res
}

// ingest feeds the valid new samples to the EWMAs, drops the state of NFs and paths that
// are gone, and returns the smoothed inputs in ID order.
func (p *Policy) ingest(nfs []NF, now time.Time) ([]snapNF, []string) {
	var alerts []string
	sorted := slices.Clone(nfs)
	slices.SortStableFunc(sorted, func(a, b NF) int { return cmp.Compare(a.ID, b.ID) })
	snap := make([]snapNF, 0, len(sorted))
	seen := make(map[string]bool, len(sorted))
	for _, nf := range sorted {
		if nf.ID == "" || seen[nf.ID] {
			alerts = append(alerts, fmt.Sprintf("NF %q: empty or duplicate id, ignored", nf.ID))
			continue
		}
		seen[nf.ID] = true
		st := p.nfs[nf.ID]
		if st == nil {
			st = &nfState{paths: make(map[string]*pathState)}
			p.nfs[nf.ID] = st
		}
		snap = append(snap, p.ingestNF(st, nf, now))
	}
	for id := range p.nfs {
		if !seen[id] {
			delete(p.nfs, id)
		}
	}
	return snap, alerts
}

func (p *Policy) ingestNF(st *nfState, nf NF, now time.Time) snapNF {
	sm, rttSm, stale := p.params.smoother(), p.params.rttSmoother(), p.params.StaleAfter()
	s := snapNF{id: nf.ID, healthy: nf.Healthy, cpuData: DataMissing, cpuHeld: st.cpuOut}
	fwds := make(map[string]bool, len(nf.Paths))
	for _, m := range nf.Paths {
		fwds[m.Forwarder] = true
		if m.At.IsZero() {
			continue
		}
		if bad := invalidPath(m); bad != "" {
			s.notes = append(s.notes, fmt.Sprintf("path via %q: sample ignored (%s)", m.Forwarder, bad))
			continue
		}
		ps := st.paths[m.Forwarder]
		if ps == nil {
			ps = &pathState{}
			st.paths[m.Forwarder] = ps
		}
		if ps.rtt.add(m.RTTMs, m.At, rttSm) {
			ps.thr.add(m.ThroughputMbps, m.At, sm)
			ps.capacity = m.CapacityMbps
			if ps.capacity == 0 {
				ps.capacity = p.params.DefaultCapacityMbps
			}
		}
	}
	for fwd, ps := range st.paths {
		if !fwds[fwd] {
			delete(st.paths, fwd)
			continue
		}
		s.paths = append(s.paths, PathView{
			Forwarder: fwd, RTTMs: ps.rtt.v, ThroughputMbps: ps.thr.v, CapacityMbps: ps.capacity,
			Data: freshness(ps.rtt.at, now, stale), AgeMS: age(ps.rtt.at, now),
		})
	}
	slices.SortFunc(s.paths, func(a, b PathView) int { return cmp.Compare(a.Forwarder, b.Forwarder) })

	if c := nf.CPU; !c.At.IsZero() {
		u := c.Utilization
		switch {
		case math.IsNaN(u) || u < 0 || u > 1.05:
			s.notes = append(s.notes, fmt.Sprintf("cpu sample %v ignored: want 0..1", u))
		default:
			st.cpu.add(min(u, 1), c.At, sm)
		}
	}
	if !st.cpu.at.IsZero() {
		s.cpu = st.cpu.v
		s.cpuData = freshness(st.cpu.at, now, stale)
		s.cpuAge = age(st.cpu.at, now)
	}
	return s
}

// invalidPath says what is wrong with a path sample ("" if nothing).
func invalidPath(m Path) string {
	finite := func(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
	switch {
	case !finite(m.RTTMs) || m.RTTMs <= 0:
		return fmt.Sprintf("rtt_ms %v: want more than 0", m.RTTMs)
	case !finite(m.ThroughputMbps) || m.ThroughputMbps < 0:
		return fmt.Sprintf("throughput_mbps %v: want 0 or more", m.ThroughputMbps)
	case !finite(m.CapacityMbps) || m.CapacityMbps < 0:
		return fmt.Sprintf("capacity_mbps %v: want 0 or more", m.CapacityMbps)
	}
	return ""
}

func freshness(at, now time.Time, stale time.Duration) Data {
	if now.Sub(at) > stale {
		return DataStale
	}
	return DataFresh
}

// age is now − at in ms, 0 for a sample from the future (clock skew).
func age(at, now time.Time) int64 { return max(0, now.Sub(at).Milliseconds()) }

// change is Σ|a − b| / (2 × scale) over the union of the two weight sets.
func change(a, b map[string]int, scale int) float64 {
	d := 0
	for id, w := range a {
		d += abs(w - b[id])
	}
	for id, w := range b {
		if _, ok := a[id]; !ok {
			d += w
		}
	}
	return float64(d) / float64(2*scale)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// decide says whether to publish the computed weights w, and why.
func (p *Policy) decide(w map[string]int, chg float64) (bool, string) {
	th := p.params.ChangeThreshold
	switch {
	case p.published == nil:
		return true, "first update"
	case p.paramsChanged:
		return true, "parameters changed"
	case len(w) != len(p.published):
		return true, "NFs added or removed"
	}
	for _, id := range slices.Sorted(maps.Keys(w)) {
		old, ok := p.published[id]
		switch {
		case !ok:
			return true, "NFs added or removed"
		case old == 0 && w[id] > 0:
			return true, fmt.Sprintf("NF %s now gets traffic", id)
		case old > 0 && w[id] == 0:
			return true, fmt.Sprintf("NF %s now gets no traffic", id)
		}
	}
	if chg > th {
		return true, fmt.Sprintf("weights moved %.2f%% > change_threshold %.2f%%", 100*chg, 100*th)
	}
	return false, fmt.Sprintf("weights moved %.2f%%, within change_threshold %.2f%%", 100*chg, 100*th)
}
