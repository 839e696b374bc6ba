package controller

import (
	"context"
	"fmt"
	"path/filepath"
	"reflect"
	"testing"

	"hvlb/internal/model"
	"hvlb/internal/store"
)

// hardOf renders a desired state's hard removals as "service real @version".
func hardOf(t *testing.T, c *Controller, fwd string) []string {
	t.Helper()
	ds, _, err := c.DesiredState(fwd)
	mustNil(t, err)
	out := []string{}
	for _, h := range ds.GetHardRemovals() {
		id := h.GetService()
		out = append(out, fmt.Sprintf("%s %s @%d", model.ServiceID(id.GetProtocol(), id.GetVip(), int(id.GetVport())),
			model.RealKey(h.GetAddress(), int(h.GetPort())), h.GetVersion()))
	}
	return out
}

// TestHardRemovalsInDesiredState: a hard removal through the controller reaches the
// desired state of the forwarders its service runs on, survives a controller restart,
// and goes when the real comes back; a soft removal never shows.
func TestHardRemovalsInDesiredState(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.db")
	var c *Controller
	var stop func()
	start := func() {
		st, err := store.Open(path)
		mustNil(t, err)
		c, err = New(Config{Store: st, Now: newClock().Now, Log: quiet()})
		mustNil(t, err)
		cctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() { c.Run(cctx); close(done) }()
		stop = func() { cancel(); <-done; st.Close() }
	}
	start()
	t.Cleanup(func() { stop() })
	for _, f := range []string{"fwd-a", "fwd-b"} {
		_, err := c.Register(ctx(), model.Forwarder{ID: f})
		mustNil(t, err)
	}
	r := func(a string) model.Real { return model.Real{Address: a, Port: 80, Weight: 1} }
	_, err := c.CreateService(ctx(), service("10.0.0.1", 80, nil, r("10.1.0.1"), r("10.1.0.2"), r("10.1.0.3")))
	mustNil(t, err)
	_, err = c.CreateService(ctx(), service("10.0.0.2", 80, []string{"fwd-b"}, r("10.1.0.1")))
	mustNil(t, err)
	const a, b = "tcp-10.0.0.1-80", "tcp-10.0.0.2-80"
	del := func(id, addr string, hard bool) func() error {
		return func() error { return c.DeleteReal(ctx(), id, addr, 80, hard) }
	}
	steps := []struct {
		name         string
		do           func() error
		wantA, wantB []string
	}{
		{"nothing removed", func() error { return nil }, []string{}, []string{}},
		{"soft removal: not listed", del(a, "10.1.0.3", false), []string{}, []string{}},
		{"hard removal of a service on every forwarder", del(a, "10.1.0.1", true),
			[]string{a + " 10.1.0.1:80 @6"}, []string{a + " 10.1.0.1:80 @6"}},
		{"hard removal of fwd-b's service", del(b, "10.1.0.1", true),
			[]string{a + " 10.1.0.1:80 @6"}, []string{a + " 10.1.0.1:80 @6", b + " 10.1.0.1:80 @7"}},
		{"controller restarted", func() error { stop(); start(); return nil },
			[]string{a + " 10.1.0.1:80 @6"}, []string{a + " 10.1.0.1:80 @6", b + " 10.1.0.1:80 @7"}},
		{"real added again", func() error { _, err := c.AddReal(ctx(), a, r("10.1.0.1")); return err },
			[]string{}, []string{b + " 10.1.0.1:80 @7"}},
		{"service deleted", func() error { return c.DeleteService(ctx(), b, false) }, []string{}, []string{}},
		{"hard removal of an unknown real fails", func() error {
			if err := del(a, "10.1.0.9", true)(); err == nil {
				return fmt.Errorf("no error")
			}
			return nil
		}, []string{}, []string{}},
		{"service deleted hard: listed for itself", func() error { return c.DeleteService(ctx(), a, true) },
			[]string{a + " :0 @10"}, []string{a + " :0 @10"}},
		{"and after a restart", func() error { stop(); start(); return nil },
			[]string{a + " :0 @10"}, []string{a + " :0 @10"}},
		{"service created again", func() error {
			_, err := c.CreateService(ctx(), service("10.0.0.1", 80, nil, r("10.1.0.1")))
			return err
		}, []string{}, []string{}},
	}
	for _, st := range steps {
		if err := st.do(); err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		if got := hardOf(t, c, "fwd-a"); !reflect.DeepEqual(got, st.wantA) {
			t.Errorf("%s: fwd-a %q, want %q", st.name, got, st.wantA)
		}
		if got := hardOf(t, c, "fwd-b"); !reflect.DeepEqual(got, st.wantB) {
			t.Errorf("%s: fwd-b %q, want %q", st.name, got, st.wantB)
		}
	}
}

// TestHardRemovalsFilter: HardRemovals on its own.
func TestHardRemovalsFilter(t *testing.T) {
	svcs := []model.Service{service("10.0.0.1", 80, nil, model.Real{Address: "10.1.0.1", Port: 80, Weight: 1})}
	rec := func(addr string, fwds ...string) store.HardRemoval {
		return store.HardRemoval{Service: "tcp-10.0.0.1-80", Protocol: "tcp", VIP: "10.0.0.1", Port: 80,
			Forwarders: fwds, Address: addr, RealPort: 80, Version: 9}
	}
	tests := []struct {
		name string
		fwd  string
		in   []store.HardRemoval
		want []string
	}{
		{"none", "fwd-a", nil, nil},
		{"every forwarder", "fwd-a", []store.HardRemoval{rec("10.1.0.2")}, []string{"10.1.0.2"}},
		{"named forwarder", "fwd-a", []store.HardRemoval{rec("10.1.0.2", "fwd-a")}, []string{"10.1.0.2"}},
		{"another forwarder", "fwd-a", []store.HardRemoval{rec("10.1.0.2", "fwd-b")}, nil},
		{"real back in its service", "fwd-a", []store.HardRemoval{rec("10.1.0.1"), rec("10.1.0.3")}, []string{"10.1.0.3"}},
		{"the service itself, back", "fwd-a", []store.HardRemoval{rec("")}, nil},
		{"another service, gone", "fwd-a", []store.HardRemoval{func() store.HardRemoval {
			h := rec("")
			h.Service, h.RealPort = "tcp-10.0.0.9-80", 0
			return h
		}()}, []string{""}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, h := range HardRemovals(tc.fwd, svcs, tc.in) {
				if h.GetVersion() != 9 || h.GetPort() != 80 && h.GetAddress() != "" || h.GetService().GetVip() != "10.0.0.1" {
					t.Errorf("record %v", h)
				}
				got = append(got, h.GetAddress())
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
