package controller

import (
	"maps"
	"time"

	"hvlb/internal/model"
	"hvlb/internal/policy"
)

// Weights per forwarder (docs/scheduling.md): the paper's premise is that each forwarder
// sees its own paths to the NFs (delay, loss and bandwidth differ per forwarder), so each
// forwarder of a sync pool gets weights the policy computes over its own paths only, with
// the NFs' CPU load as for the pool. One set for the whole pool is what made every
// forwarder's Maglev table the same, so that a connection moved to another forwarder
// (ECMP after a failure) met the same choice; with sync, the forwarder it moves to has its
// entry and never chooses again, so a sync pool can afford a set per forwarder. A forwarder
// outside sync, or one without measurements yet, keeps the pool's set.

// syncPool is the set of forwarders that take part in connection sync.
func syncPool(fwds []model.Forwarder) map[string]bool {
	out := map[string]bool{}
	for _, f := range fwds {
		if f.SyncAddr != "" {
			out[f.ID] = true
		}
	}
	return out
}

// forwarderWeights runs the policy of each forwarder of the sync pool that runs svc over
// that forwarder's own paths, and returns the weights of those that measured at least one
// path (nil: none). Policies of forwarders gone from the pool are dropped.
func (c *Controller) forwarderWeights(s *state, svc *model.Service, sp *svcPolicy, pool map[string]bool,
	now time.Time) map[string]map[string]int {
	var out map[string]map[string]int
	for id := range sp.perFwd {
		if !pool[id] || !svc.RunsOn(id) {
			delete(sp.perFwd, id)
		}
	}
	for id := range pool {
		if !svc.RunsOn(id) || c.failed(s.fwd[id], now) {
			continue
		}
		in := c.policyInputs(s, svc, id, now)
		measured := false
		for _, nf := range in {
			measured = measured || len(nf.Paths) > 0
		}
		if !measured {
			continue
		}
		fp := sp.perFwd[id]
		if fp == nil {
			pol, err := policy.New(policy.FromModel(*svc.Policy.PolicyParams))
			if err != nil {
				continue // the pool's policy logged the same parameters' error
			}
			fp = &svcPolicy{pol: pol}
			if sp.perFwd == nil {
				sp.perFwd = map[string]*svcPolicy{}
			}
			sp.perFwd[id] = fp
		} else if err := fp.pol.SetParams(policy.FromModel(*svc.Policy.PolicyParams)); err != nil {
			continue
		}
		res := fp.pol.Update(in, now)
		annotate(&res, svc)
		fp.last = &res
		if out == nil {
			out = map[string]map[string]int{}
		}
		out[id] = res.Weights
	}
	return out
}

func samePerForwarder(a, b map[string]map[string]int) bool {
	return maps.EqualFunc(a, b, func(x, y map[string]int) bool { return maps.Equal(x, y) })
}

// weightsFor is pw as forwarder fwd gets it: with its own weights when it has a set.
func weightsFor(pw *model.PolicyWeights, fwd string) *model.PolicyWeights {
	if pw == nil {
		return nil
	}
	own, ok := pw.PerForwarder[fwd]
	if !ok {
		return pw
	}
	out := *pw
	out.Weights = own
	return &out
}
