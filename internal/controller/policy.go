package controller

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"google.golang.org/protobuf/proto"

	"hvlb/internal/apitypes"
	"hvlb/internal/logging"
	"hvlb/internal/model"
	"hvlb/internal/nfload"
	"hvlb/internal/pb/ctlpb"
	"hvlb/internal/policy"
	"hvlb/internal/store"
)

// The comprehensive-ability policy at run time (DESIGN.md section 4, internal/policy):
// every PolicyConfig.Interval, Run's goroutine runs policy.Update for each service whose
// policy is comprehensive, over
//   - each real's health (its override, else the agents' checks), drain and operator
//     weight 0 counting as unhealthy;
//   - per forwarder that runs the service and is not failed, the latest PathMeasurement
//     its agent reported for the real (RTT and throughput; capacity_mbps from the real),
//     timed by the report's arrival;
//   - the CPU utilisation scraped from the real's metrics_url by an nfload.Poller, or pushed
//     for its address by the NFV manager (PushNFLoad), whichever is newer.
//
// Weights the policy publishes go into the store (PutPolicyWeights, one version bump), and
// from there into every forwarder's desired state in place of the operator's weights,
// which stay stored. A restarted controller keeps serving the stored weights until
// PolicyConfig.Warmup has passed, so measurements have arrived before it judges.

// PolicyConfig configures the policy loop; zero fields take the defaults.
type PolicyConfig struct {
	Interval time.Duration // between updates; default 1 s
	// Warmup: after a start, services with stored weights keep them this long before the
	// first update (default: the report timeout).
	Warmup time.Duration
	// HistorySize bounds each service's history (default 120); an update is recorded when
	// it publishes, when the fall-back starts or ends, and otherwise every HistoryEvery
	// (default 10 s).
	HistorySize  int
	HistoryEvery time.Duration
	Scrape       nfload.PollerConfig // the NFs' metrics endpoints
}

// Defaults of PolicyConfig.
const (
	DefaultPolicyInterval = time.Second
	DefaultHistorySize    = 120
	DefaultHistoryEvery   = 10 * time.Second
)

// policyRuntime is what the policy loop needs beyond Run's state: the CPU samples and
// their poller (safe for concurrent use) and the start time.
type policyRuntime struct {
	cpu     *nfload.Store
	poller  *nfload.Poller
	started time.Time
}

func newPolicyRuntime(cfg *Config) *policyRuntime {
	pc := &cfg.Policy
	if pc.Interval <= 0 {
		pc.Interval = DefaultPolicyInterval
	}
	if pc.Warmup <= 0 {
		pc.Warmup = cfg.ReportTimeout
	}
	if pc.HistorySize <= 0 {
		pc.HistorySize = DefaultHistorySize
	}
	if pc.HistoryEvery <= 0 {
		pc.HistoryEvery = DefaultHistoryEvery
	}
	cpu := nfload.NewStore()
	return &policyRuntime{cpu: cpu, poller: nfload.NewPoller(cpu, pc.Scrape), started: cfg.Now()}
}

// pathObs is the latest measurement a forwarder reported for a real, and when it came.
type pathObs struct {
	m  *ctlpb.PathMeasurement
	at time.Time
}

// recordPaths keeps a report's path measurements by real key. An agent reports every NF it
// knows each time, so a report with measurements replaces the set (NFs gone from the
// forwarder go from here too); one without leaves it.
func (r *fwdRuntime) recordPaths(ps []*ctlpb.PathMeasurement, now time.Time) {
	if len(ps) == 0 {
		return
	}
	next := make(map[string]pathObs, min(len(ps), model.MaxReals*4))
	for _, p := range ps {
		if p.GetPort() > 65535 || len(next) >= model.MaxReals*4 {
			continue
		}
		if p.GetAtUnixMs() == 0 { // stamped, so that a shared record's reader tells samples apart
			p = proto.Clone(p).(*ctlpb.PathMeasurement)
			p.AtUnixMs = now.UnixMilli()
		}
		next[model.RealKey(canonAddr(p.GetAddress()), int(p.GetPort()))] = pathObs{m: p, at: now}
	}
	r.paths = next
}

// svcPolicy is one comprehensive service's policy state.
type svcPolicy struct {
	pol       *policy.Policy
	last      *policy.Result   // the latest update; never modified once made
	history   []*policy.Result // oldest first, at most HistorySize
	recorded  time.Time        // of the newest history entry
	fallback  bool
	fallbacks uint64 // times the fall-back started
	publishes uint64
	storeErr  string // the last failure to store published weights
	// perFwd are the policies of the forwarders of a sync pool that run the service, each
	// over that forwarder's own paths (forwarderWeights), by forwarder id.
	perFwd map[string]*svcPolicy
}

// runPolicies is one round of the policy loop (Run's goroutine).
func (c *Controller) runPolicies(s *state) {
	var svcs []model.Service
	var stored map[string]model.PolicyWeights
	var fwds []model.Forwarder
	err := c.st.View(func(t *store.ReadTx) (err error) {
		if svcs, err = t.Services(); err != nil {
			return err
		}
		if fwds, err = t.Forwarders(); err != nil {
			return err
		}
		stored, err = t.PolicyWeights()
		return err
	})
	if err != nil {
		c.log.Error("policy: read the store", logging.Err, err)
		return
	}
	now := c.cfg.Now()
	c.setScrapeTargets(svcs)
	live := map[string]bool{}
	for i := range svcs {
		svc := &svcs[i]
		if !svc.Comprehensive() {
			continue
		}
		live[svc.ID] = true
		pw, hasStored := stored[svc.ID]
		sp := s.policies[svc.ID]
		if sp == nil && hasStored && now.Sub(c.pr.started) < c.cfg.Policy.Warmup {
			continue // keep the stored weights until measurements have come in
		}
		if sp == nil {
			pol, err := policy.New(policy.FromModel(*svc.Policy.PolicyParams))
			if err != nil {
				c.log.Error("policy: service parameters", logging.Service, svc.ID, logging.Err, err)
				continue
			}
			sp = &svcPolicy{pol: pol}
			s.policies[svc.ID] = sp
		} else if err := sp.pol.SetParams(policy.FromModel(*svc.Policy.PolicyParams)); err != nil {
			c.log.Error("policy: service parameters", logging.Service, svc.ID, logging.Err, err)
			continue
		}
		res := sp.pol.Update(c.policyInputs(s, svc, "", now), now)
		annotate(&res, svc)
		c.record(svc.ID, sp, &res, now)
		perFwd := c.forwarderWeights(s, svc, sp, syncPool(fwds), now)
		if !hasStored || !maps.Equal(pw.Weights, res.Weights) || !samePerForwarder(pw.PerForwarder, perFwd) {
			c.storeWeights(svc.ID, sp, &res, perFwd)
		}
	}
	var gone []string
	for id := range s.policies {
		if !live[id] {
			delete(s.policies, id)
		}
	}
	for id := range stored {
		if !live[id] {
			gone = append(gone, id)
		}
	}
	if len(gone) > 0 {
		slices.Sort(gone)
		if _, err := c.st.DeletePolicyWeights("policy: drop the weights of "+strings.Join(gone, ", ")+" (no longer comprehensive)", gone...); err != nil {
			c.log.Error("policy: drop stored weights", "services", gone, logging.Err, err)
		}
	}
}

// record keeps res as the latest update, adds it to the history when it is worth it,
// counts publishes and fall-backs, and logs what an operator should hear of.
func (c *Controller) record(id string, sp *svcPolicy, res *policy.Result, now time.Time) {
	if res.Publish {
		sp.publishes++
		c.log.Info("policy: weights published", logging.Service, id, "weights", res.Weights, "reason", res.Reason,
			"change", fmt.Sprintf("%.3f", res.Change))
	}
	if res.Fallback && !sp.fallback {
		sp.fallbacks++
		c.log.Warn("policy: ALERT every healthy NF is filtered out; equal weights for all of them",
			logging.Service, id, "alerts", res.Alerts)
	} else if !res.Fallback && sp.fallback {
		c.log.Info("policy: fall-back over, NFs pass the filters again", logging.Service, id)
	}
	worth := res.Publish || res.Fallback != sp.fallback || now.Sub(sp.recorded) >= c.cfg.Policy.HistoryEvery
	sp.fallback = res.Fallback
	sp.last = res
	if !worth {
		return
	}
	if n := c.cfg.Policy.HistorySize; len(sp.history) >= n {
		sp.history = slices.Delete(sp.history, 0, len(sp.history)-n+1)
	}
	sp.history = append(sp.history, res)
	sp.recorded = now
}

// storeWeights writes the weights in force to the store, from where the forwarders get them.
func (c *Controller) storeWeights(id string, sp *svcPolicy, res *policy.Result, perFwd map[string]map[string]int) {
	pw := model.PolicyWeights{Service: id, Weights: res.Weights, At: res.At.UTC(), Reason: res.Reason,
		PerForwarder: perFwd}
	what := fmt.Sprintf("policy: weights of %s (%s)", id, res.Reason)
	if _, err := c.st.PutPolicyWeights(pw, what); err != nil {
		if err.Error() != sp.storeErr {
			c.log.Error("policy: store the weights", logging.Service, id, logging.Err, err)
		}
		sp.storeErr = err.Error()
		return
	}
	sp.storeErr = ""
}

// annotate says in the explanations why the operator's settings keep an NF out (the policy
// itself only knows it as not healthy).
func annotate(res *policy.Result, svc *model.Service) {
	for i := range res.NFs {
		e := &res.NFs[i]
		if e.Paths == nil {
			e.Paths = []policy.PathView{} // a list in JSON, never null
		}
		j := slices.IndexFunc(svc.Reals, func(r model.Real) bool { return r.Key() == e.ID })
		if j < 0 {
			continue
		}
		if why := operatorOut(&svc.Reals[j]); why != "" {
			e.Filtered = why
		}
	}
}

// Why the operator's settings keep a real out of the policy's choice (Explanation.Filtered).
const (
	outDrained = "drained"
	outWeight0 = "operator weight 0"
)

// operatorOut says why the operator's settings keep real r out of the policy's choice, or
// "" when they do not: the policy takes such a real as unhealthy, and annotate tells why.
func operatorOut(r *model.Real) string {
	switch {
	case r.Drain:
		return outDrained
	case r.Weight == 0:
		return outWeight0
	}
	return ""
}

// policyInputs gathers the policy's view of a service's reals now: the paths from every
// forwarder that runs it, or from forwarder only alone when it is not "".
func (c *Controller) policyInputs(s *state, svc *model.Service, only string, now time.Time) []policy.NF {
	fwds := slices.Sorted(maps.Keys(s.fwd))
	nfs := make([]policy.NF, 0, len(svc.Reals))
	for _, r := range svc.Reals {
		key := r.Key()
		health, _ := realHealth(s, svc.ID, &r)
		nf := policy.NF{ID: key, Healthy: operatorOut(&r) == "" && health == "up"}
		for _, id := range fwds {
			fr := s.fwd[id]
			if !svc.RunsOn(id) || c.failed(fr, now) || only != "" && id != only {
				continue
			}
			po, ok := fr.paths[key]
			if !ok {
				continue
			}
			p := policy.Path{Forwarder: id, RTTMs: po.m.GetRttMs(), ThroughputMbps: po.m.GetThroughputMbps(),
				CapacityMbps: r.CapacityMbps}
			if po.m.GetRttMs() > 0 {
				p.At = po.at // else no sample this interval: the path is kept, and ages
			}
			nf.Paths = append(nf.Paths, p)
		}
		if smp, ok := c.nfCPU(&r); ok {
			nf.CPU = policy.CPU{Utilization: smp.Utilization, At: smp.At}
		}
		nfs = append(nfs, nf)
	}
	return nfs
}

// setScrapeTargets points the poller at the metrics endpoints of the comprehensive
// services' reals. Samples are kept by URL, so NFs that share an exporter share its value.
func (c *Controller) setScrapeTargets(svcs []model.Service) {
	seen := map[string]bool{}
	var ts []nfload.Target
	for i := range svcs {
		if !svcs[i].Comprehensive() {
			continue
		}
		for _, r := range svcs[i].Reals {
			if u := r.MetricsURL; u != "" && !seen[u] {
				seen[u] = true
				ts = append(ts, nfload.Target{NF: u, URL: u})
			}
		}
	}
	if err := c.pr.poller.SetTargets(ts); err != nil {
		c.log.Error("policy: metrics endpoints", logging.Err, err)
	}
	reals := realAddresses(svcs)
	for k := range c.pr.cpu.All() {
		if addr, pushed := strings.CutPrefix(k, pushKeyPrefix); pushed && !reals[addr] || !pushed && !seen[k] {
			c.pr.cpu.Forget(k) // no real uses the endpoint, or the address, any more
		}
	}
}

// checkPolicyParams checks a comprehensive service's parameters against the policy's
// ranges; the error names the field ("policy.gamma").
func checkPolicyParams(s *model.Service) error {
	if !s.Comprehensive() {
		return nil
	}
	if err := policy.FromModel(*s.Policy.PolicyParams).Validate(); err != nil {
		var fe *model.FieldError
		if errors.As(err, &fe) {
			return &model.FieldError{Field: "policy." + fe.Field, Msg: fe.Msg}
		}
		return err
	}
	return nil
}

// ServicePolicy returns a service's policy view (GET /v1/services/{id}/policy) with up to
// history entries of history (the newest; negative: all).
func (c *Controller) ServicePolicy(ctx context.Context, id string, history int) (apitypes.PolicyView, error) {
	var svc model.Service
	var pw model.PolicyWeights
	var hasPW bool
	err := c.st.View(func(t *store.ReadTx) error {
		var err error
		if svc, err = t.Service(id); err != nil {
			return err
		}
		all, err := t.PolicyWeights()
		pw, hasPW = all[id]
		return err
	})
	if err != nil {
		return apitypes.PolicyView{}, err
	}
	v := apitypes.PolicyView{Service: id, Policy: svc.Policy.Clone(), Weights: map[string]int{},
		Source: apitypes.PolicySourceOperator, History: []*policy.Result{}, Scrapes: []nfload.TargetStatus{}}
	if v.Policy.Kind == "" {
		v.Policy.Kind = model.PolicyStatic
	}
	var pwp *model.PolicyWeights
	if hasPW && svc.Comprehensive() {
		pwp = &pw
		v.Source = apitypes.PolicySourcePolicy
		v.Published = &apitypes.PublishedWeights{At: pw.At, Reason: pw.Reason, Version: pw.Version}
	}
	urls := map[string]bool{}
	for i := range svc.Reals {
		r := &svc.Reals[i]
		v.Weights[r.Key()] = effectiveWeight(&svc, r, pwp)
		for fwd := range pw.PerForwarder {
			if pwp == nil {
				break
			}
			if v.PerForwarder == nil {
				v.PerForwarder = map[string]map[string]int{}
			}
			if v.PerForwarder[fwd] == nil {
				v.PerForwarder[fwd] = map[string]int{}
			}
			v.PerForwarder[fwd][r.Key()] = effectiveWeight(&svc, r, weightsFor(pwp, fwd))
		}
		if r.MetricsURL != "" {
			urls[r.MetricsURL] = true
		}
	}
	if svc.Comprehensive() {
		for _, st := range c.pr.poller.Status() {
			if urls[st.Target.NF] {
				v.Scrapes = append(v.Scrapes, st)
			}
		}
	}
	err = c.do(ctx, func(s *state) {
		sp := s.policies[id]
		if sp == nil || !svc.Comprehensive() {
			return
		}
		v.Current, v.Fallbacks, v.Publishes, v.Error = sp.last, sp.fallbacks, sp.publishes, sp.storeErr
		h := sp.history
		if history >= 0 && len(h) > history {
			h = h[len(h)-history:]
		}
		v.History = slices.Clone(h)
	})
	return v, err
}

// policySample is what the metrics take from one comprehensive service.
type policySample struct {
	service   string
	last      *policy.Result
	fallback  bool
	fallbacks uint64
	publishes uint64
	perFwd    map[string]*policy.Result // each sync forwarder's latest, by forwarder id
}

func (c *Controller) policySamples(ctx context.Context) ([]policySample, error) {
	var out []policySample
	err := c.do(ctx, func(s *state) {
		for id, sp := range s.policies {
			if sp.last != nil {
				sm := policySample{id, sp.last, sp.fallback, sp.fallbacks, sp.publishes, nil}
				for fwd, fp := range sp.perFwd {
					if fp.last != nil {
						if sm.perFwd == nil {
							sm.perFwd = map[string]*policy.Result{}
						}
						sm.perFwd[fwd] = fp.last
					}
				}
				out = append(out, sm)
			}
		}
	})
	slices.SortFunc(out, func(a, b policySample) int { return cmp.Compare(a.service, b.service) })
	return out, err
}

// filterReason is the metrics' bounded name for why an NF was filtered out ("" if not).
func filterReason(filtered string) string {
	switch {
	case filtered == "":
		return ""
	case filtered == "unhealthy" || filtered == outDrained || filtered == outWeight0:
		return "unhealthy"
	case strings.HasPrefix(filtered, "path"):
		return "path"
	case strings.HasPrefix(filtered, "cpu"):
		return "cpu"
	}
	return "other"
}

// inputPath is the path an NF's inputs are shown from: the one that gave its transmit
// ability, else its fresh path of least RTT (nil: no fresh path).
func inputPath(e *policy.Explanation) *policy.PathView {
	var best *policy.PathView
	for i := range e.Paths {
		p := &e.Paths[i]
		if p.Data != policy.DataFresh {
			continue
		}
		if p.Forwarder == e.BestPath {
			return p
		}
		if best == nil || p.RTTMs < best.RTTMs {
			best = p
		}
	}
	return best
}
