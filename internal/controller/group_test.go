package controller

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"hvlb/internal/model"
	"hvlb/internal/store"
)

// fakeElection is a group's election as a follower sees it.
type fakeElection struct {
	leader     string
	candidates []string
	err        error
}

func (f fakeElection) IsLeader() bool { return false }
func (f fakeElection) Leader() string { return f.leader }
func (f fakeElection) Candidates(context.Context) ([]string, error) {
	return f.candidates, f.err
}

// groupCtl is a running controller named ctl-a with election l (nil: standalone).
func groupCtl(t *testing.T, clk *clock, l Leadership) *Controller {
	t.Helper()
	st, err := store.Open(filepath.Join(t.TempDir(), "c.db"))
	mustNil(t, err)
	c, err := New(Config{Store: st, Now: clk.Now, Log: quiet(), Name: "ctl-a", Leadership: l})
	mustNil(t, err)
	cctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { c.Run(cctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done; st.Close() })
	return c
}

// TestGroup: a standalone controller is a group of one that leads and holds its forwarders;
// a follower lists the election's candidates, the leader first, and the controllers its
// forwarders' agents report to; with etcd away it says why and lists itself.
func TestGroup(t *testing.T) {
	clk := newClock()
	c := groupCtl(t, clk, nil)
	_, err := c.Register(ctx(), model.Forwarder{ID: "fwd-a"})
	mustNil(t, err)
	mustNil(t, c.RecordReport(ctx(), report("fwd-a", 10)))
	clk.Add(time.Second)
	mustNil(t, c.RecordReport(ctx(), report("fwd-a", 20)))
	g, err := c.Group(ctx())
	mustNil(t, err)
	if g.Role != RoleStandalone || g.Leader != "ctl-a" || len(g.Members) != 1 {
		t.Fatalf("standalone: %+v", g)
	}
	if m := g.Members[0]; !m.Self || !m.Leader || !m.Campaigning || len(m.Forwarders) != 1 || m.Forwarders[0] != "fwd-a" {
		t.Errorf("standalone member: %+v", m)
	}
	// The previous report is kept beside the latest, for rates.
	fs, err := c.Stats(ctx())
	mustNil(t, err)
	if len(fs) != 1 || fs[0].Prev == nil || fs[0].At.Sub(fs[0].PrevAt) != time.Second {
		t.Errorf("stats: %+v", fs)
	}

	c = groupCtl(t, clk, fakeElection{leader: "ctl-b", candidates: []string{"ctl-b", "ctl-a", "ctl-c"}})
	g, err = c.Group(ctx())
	mustNil(t, err)
	if g.Role != RoleFollower || g.Leader != "ctl-b" || len(g.Members) != 3 {
		t.Fatalf("follower: %+v", g)
	}
	if g.Members[0].Name != "ctl-a" || !g.Members[0].Self || g.Members[0].Leader {
		t.Errorf("self first: %+v", g.Members[0])
	}
	if g.Members[1].Name != "ctl-b" || !g.Members[1].Leader || !g.Members[1].Campaigning {
		t.Errorf("the leader: %+v", g.Members[1])
	}
	c = groupCtl(t, clk, fakeElection{err: errors.New("etcd: no answer")})
	g, err = c.Group(ctx())
	mustNil(t, err)
	if g.Error == "" || len(g.Members) != 1 || g.Members[0].Campaigning {
		t.Errorf("etcd away: %+v", g)
	}
}
