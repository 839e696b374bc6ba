package controller

import (
	"context"
	"fmt"
	"time"

	"hvlb/internal/apitypes"
	"hvlb/internal/logging"
	"hvlb/internal/model"
	"hvlb/internal/store"
)

// ServiceUpdate is what PUT /v1/services/{id} may replace: the body's fields (putFields
// says how each one replaces the service's), the policy, and the version to apply at.
type ServiceUpdate struct {
	Input     apitypes.ServiceInput
	Policy    *model.Policy // nil: keep the current one
	IfVersion uint64        // not 0: apply only at this version
}

// RealPatch is what PATCH of a real may change; nil fields stay.
type RealPatch struct {
	Weight         *int
	HealthOverride *string
	Drain          *bool
	MetricsURL     *string
	CapacityMbps   *float64
	ConnLimit      *int
}

// Version returns the store's version.
func (c *Controller) Version() (uint64, error) { return c.st.Version() }

// Services returns every service with its reals' effective health.
func (c *Controller) Services(ctx context.Context) ([]model.Service, error) {
	var out []model.Service
	if err := c.st.View(func(t *store.ReadTx) (err error) { out, err = t.Services(); return }); err != nil {
		return nil, err
	}
	return out, c.fillHealth(ctx, out)
}

// Service returns one service.
func (c *Controller) Service(ctx context.Context, id string) (model.Service, error) {
	var out model.Service
	if err := c.st.View(func(t *store.ReadTx) (err error) { out, err = t.Service(id); return }); err != nil {
		return out, err
	}
	return out, c.fillHealth(ctx, []model.Service{out})
}

// CreateService validates and stores a new service.
func (c *Controller) CreateService(ctx context.Context, s model.Service) (model.Service, error) {
	if err := model.NormalizeService(&s); err != nil {
		return s, err
	}
	if err := checkPolicyParams(&s); err != nil {
		return s, err
	}
	out, err := c.st.CreateService(s)
	if err != nil {
		return out, err
	}
	c.log.Info("service created", logging.Service, out.ID, "version", out.Version, "reals", len(out.Reals))
	return out, c.fillHealth(ctx, []model.Service{out})
}

// ReplaceService replaces what u gives of a service (docs/api.md, PUT): the fields of its
// input by name (putFields), so that a field added to the API needs no line here.
func (c *Controller) ReplaceService(ctx context.Context, id string, u ServiceUpdate) (model.Service, error) {
	out, err := c.st.UpdateService(id, u.IfVersion, "update service "+id, func(s *model.Service) error {
		if err := putFields(s, u.Input); err != nil {
			return err
		}
		if u.Policy != nil {
			s.Policy = u.Policy.Clone()
		}
		if err := model.NormalizeService(s); err != nil {
			return err
		}
		return checkPolicyParams(s)
	})
	if err != nil {
		return out, err
	}
	return out, c.fillHealth(ctx, []model.Service{out})
}

// ZeroCounters zeroes the counters of service id (every service when id is ""), as its
// forwarders show them: it records the time in the service, the desired state carries it
// and each agent asks its forwarder for the zero (the forwarder keeps the baseline; metrics
// keep the raw totals). Returns the services zeroed.
func (c *Controller) ZeroCounters(ctx context.Context, id string) ([]string, error) {
	ids := []string{id}
	if id == "" {
		all, err := c.Services(ctx)
		if err != nil {
			return nil, err
		}
		ids = ids[:0]
		for _, s := range all {
			ids = append(ids, s.ID)
		}
	}
	at := time.Now().UTC().Truncate(time.Millisecond)
	for _, sid := range ids {
		if _, err := c.st.UpdateService(sid, 0, "zero counters of "+sid, func(s *model.Service) error {
			s.CountersZeroedAt = &at
			return nil
		}); err != nil {
			return nil, err
		}
	}
	c.log.Info("counters zeroed", "services", len(ids), "at", at)
	return ids, nil
}

// DeleteService removes a service. Its connections end naturally at the forwarders, or at
// once when hard (a hard removal is recorded for the desired states to list).
func (c *Controller) DeleteService(ctx context.Context, id string, hard bool) error {
	v, err := c.st.DeleteService(id, hard)
	if err != nil {
		return err
	}
	c.log.Info("service deleted", logging.Service, id, "version", v, "hard", hard)
	return c.forgetHealth(ctx, func(k healthKey) bool { return k.service == id })
}

// AddReal adds a real to a service.
func (c *Controller) AddReal(ctx context.Context, id string, r model.Real) (model.Real, error) {
	out, err := c.st.AddReal(id, r)
	if err != nil {
		return out, err
	}
	return c.realWithHealth(ctx, id, out)
}

// Real returns one real of a service.
func (c *Controller) Real(ctx context.Context, id, addr string, port int) (model.Real, error) {
	s, err := c.Service(ctx, id)
	if err != nil {
		return model.Real{}, err
	}
	i := s.FindReal(addr, port)
	if i < 0 {
		return model.Real{}, fmt.Errorf("real %s of service %q: %w", model.RealKey(addr, port), id, store.ErrNotFound)
	}
	return s.Reals[i], nil
}

// PatchReal changes a real's weight, health override or drain flag.
func (c *Controller) PatchReal(ctx context.Context, id, addr string, port int, p RealPatch) (model.Real, error) {
	out, err := c.st.UpdateReal(id, addr, port, func(r *model.Real) error {
		if p.Weight != nil {
			r.Weight = *p.Weight
		}
		if p.HealthOverride != nil {
			r.HealthOverride = *p.HealthOverride
		}
		if p.Drain != nil {
			r.Drain = *p.Drain
		}
		if p.MetricsURL != nil {
			r.MetricsURL = *p.MetricsURL
		}
		if p.CapacityMbps != nil {
			r.CapacityMbps = *p.CapacityMbps
		}
		if p.ConnLimit != nil {
			r.ConnLimit = *p.ConnLimit
		}
		return nil
	})
	if err != nil {
		return out, err
	}
	return c.realWithHealth(ctx, id, out)
}

// DeleteReal removes a real from a service.
func (c *Controller) DeleteReal(ctx context.Context, id, addr string, port int, hard bool) error {
	if _, err := c.st.DeleteReal(id, addr, port, hard); err != nil {
		return err
	}
	return c.forgetHealth(ctx, func(k healthKey) bool {
		return k.service == id && k.address == addr && k.port == port
	})
}

func (c *Controller) realWithHealth(ctx context.Context, id string, r model.Real) (model.Real, error) {
	s := []model.Service{{ID: id, Reals: []model.Real{r}}}
	err := c.fillHealth(ctx, s)
	return s[0].Reals[0], err
}

// fillHealth sets each real's effective health and its reason (realHealth).
func (c *Controller) fillHealth(ctx context.Context, svcs []model.Service) error {
	for i := range svcs { // lists are [] in JSON, never null
		if svcs[i].Forwarders == nil {
			svcs[i].Forwarders = []string{}
		}
		if svcs[i].Reals == nil {
			svcs[i].Reals = []model.Real{}
		}
		if svcs[i].Policy.Kind == "" { // stored before policies existed
			svcs[i].Policy.Kind = model.PolicyStatic
		}
		if svcs[i].DownConns == "" { // stored before down_conns and all_down existed
			svcs[i].DownConns = model.DefaultDownConns(svcs[i].Protocol)
		}
		if svcs[i].AllDown == "" {
			svcs[i].AllDown = model.AllDownDrop
		}
	}
	return c.do(ctx, func(s *state) {
		for i := range svcs {
			for j := range svcs[i].Reals {
				r := &svcs[i].Reals[j]
				r.Health, r.HealthReason = realHealth(s, svcs[i].ID, r)
			}
		}
	})
}

// realHealth is a real's effective health ("up" or "down") and why, the one rule that the
// API's read-outs and the policy's inputs share: its override, else the latest verdict of
// any agent, else up. Run's goroutine only.
func realHealth(s *state, service string, r *model.Real) (health, reason string) {
	if r.HealthOverride != "" {
		return r.HealthOverride, "health_override"
	}
	obs, ok := s.health[healthKey{service, r.Address, r.Port}]
	if !ok {
		return "up", ""
	}
	health, reason = "down", obs.reason
	if obs.up {
		health = "up"
	}
	if obs.forwarder != "" && obs.reason != "" {
		reason = obs.forwarder + ": " + obs.reason
	}
	return health, reason
}

func (c *Controller) forgetHealth(ctx context.Context, match func(healthKey) bool) error {
	return c.do(ctx, func(s *state) {
		for k := range s.health {
			if match(k) {
				delete(s.health, k)
			}
		}
	})
}

// Changes returns up to limit change-log entries after version since.
func (c *Controller) Changes(since uint64, limit int) (out []model.Change, err error) {
	err = c.st.View(func(t *store.ReadTx) error { out, err = t.Changes(since, limit); return err })
	return out, err
}
