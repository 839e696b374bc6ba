package controller

import (
	"context"
	"errors"
	"fmt"
	"sort"

	"hvlb/internal/apitypes"
)

// Leadership says whether this controller leads its group; internal/leader's Elector (etcd's
// election) implements it. A controller without one (its own bbolt file) always leads.
type Leadership interface {
	IsLeader() bool
	Leader() string // the group's leader as last seen, "" when unknown
}

// ErrNotLeader: the request needs the group's leader (the NFV-manager workflow ranks
// forwarders by what the leader knows).
var ErrNotLeader = errors.New("not the leader of the controller group")

// Roles a controller reports in its health endpoint.
const (
	RoleStandalone = "standalone" // its own store, no group
	RoleLeader     = "leader"
	RoleFollower   = "follower"
)

// leading reports whether this controller runs the group's one-at-a-time work now.
func (c *Controller) leading() bool {
	return c.cfg.Leadership == nil || c.cfg.Leadership.IsLeader()
}

// Role returns this controller's role and the group's leader as last seen.
func (c *Controller) Role() (role, leader string) {
	switch {
	case c.cfg.Leadership == nil:
		return RoleStandalone, ""
	case c.cfg.Leadership.IsLeader():
		return RoleLeader, c.cfg.Leadership.Leader()
	}
	return RoleFollower, c.cfg.Leadership.Leader()
}

// notLeader is the error a follower answers leader-only requests with, naming the leader.
func (c *Controller) notLeader() error {
	if l := c.cfg.Leadership.Leader(); l != "" {
		return fmt.Errorf("%w: ask the leader, %s", ErrNotLeader, l)
	}
	return fmt.Errorf("%w, and no leader is known now: retry shortly", ErrNotLeader)
}

// takeOver runs when this controller becomes the leader (Run's goroutine): the policy starts
// afresh (the measurements are here, from the shared reports, but not the smoothed state the
// last leader built from them, so it waits a warm-up, as after a restart) and pending
// load-balancing requests are placed if a forwarder has room.
func (c *Controller) takeOver(s *state) {
	c.log.Info("leading the controller group: policy loop and lb-request placement on")
	s.policies = map[string]*svcPolicy{}
	c.pr.started = c.cfg.Now()
	c.completePending(s)
}

// candidateLister lists the controllers campaigning in the group's election, the leader
// first; internal/leader's Elector implements it.
type candidateLister interface {
	Candidates(ctx context.Context) ([]string, error)
}

// Group returns the controller group as this controller sees it (GET /v1/controllers): its
// own role, the leader, and each controller that campaigns in the election or holds a
// forwarder's agent, with those forwarders. A standalone controller is a group of one.
func (c *Controller) Group(ctx context.Context) (apitypes.ControllerGroup, error) {
	role, leader := c.Role()
	name := c.cfg.Name
	g := apitypes.ControllerGroup{Name: name, Role: role, Leader: leader, Members: []apitypes.ControllerMember{}}
	if role == RoleStandalone {
		g.Leader = name
	}
	byName := map[string]*apitypes.ControllerMember{}
	var order []string
	member := func(n string) *apitypes.ControllerMember {
		if m := byName[n]; m != nil {
			return m
		}
		byName[n] = &apitypes.ControllerMember{Name: n, Leader: n == g.Leader, Forwarders: []string{}}
		order = append(order, n)
		return byName[n]
	}
	member(name).Self = true
	if cl, ok := c.cfg.Leadership.(candidateLister); ok {
		names, err := cl.Candidates(ctx)
		if err != nil {
			g.Error = err.Error() // etcd away: the group is what the reports say
		}
		for _, n := range names {
			member(n).Campaigning = true
		}
	} else {
		member(name).Campaigning = role == RoleStandalone
	}
	err := c.do(ctx, func(s *state) {
		ids := make([]string, 0, len(s.fwd))
		for id := range s.fwd {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		for _, id := range ids {
			h := c.holderName(s.fwd[id])
			if h == "" && role == RoleStandalone {
				h = name
			}
			if h != "" {
				m := member(h)
				m.Forwarders = append(m.Forwarders, id)
			}
		}
	})
	for _, n := range order {
		g.Members = append(g.Members, *byName[n])
	}
	return g, err
}
