package store

import (
	"errors"
	"fmt"
	"reflect"
	"testing"

	"hvlb/internal/model"
)

func hardList(t *testing.T, s *Store) []string {
	t.Helper()
	var hs []HardRemoval
	if err := s.View(func(t *ReadTx) (err error) { hs, err = t.HardRemovals(); return }); err != nil {
		t.Fatal(err)
	}
	out := []string{}
	for _, h := range hs {
		out = append(out, fmt.Sprintf("%s %s @%d", h.Service, model.RealKey(h.Address, h.RealPort), h.Version))
	}
	return out
}

// TestHardRemovals: which hard removals the store keeps after each step.
func TestHardRemovals(t *testing.T) {
	forEachBackend(t, func(t *testing.T, s *Store, reopen func() (*Store, error)) {
		const a, b = "tcp-10.0.0.1-80", "tcp-10.0.0.2-80"
		del := func(id, addr string, hard bool) func() error {
			return func() error { _, err := s.DeleteReal(id, addr, 80, hard); return err }
		}
		add := func(id, addr string) func() error {
			return func() error { _, err := s.AddReal(id, model.Real{Address: addr, Port: 80, Weight: 1}); return err }
		}
		steps := []struct {
			name string
			do   func() error
			want []string
		}{
			{"create a", func() error {
				_, err := s.CreateService(svc("10.0.0.1", 80, "10.1.0.1", "10.1.0.2", "10.1.0.3"))
				return err
			}, []string{}},
			{"create b", func() error { _, err := s.CreateService(svc("10.0.0.2", 80, "10.1.0.1")); return err }, []string{}},
			{"soft delete: nothing kept", del(a, "10.1.0.3", false), []string{}},
			{"hard delete", del(a, "10.1.0.1", true), []string{a + " 10.1.0.1:80 @4"}},
			{"hard delete of b", del(b, "10.1.0.1", true), []string{a + " 10.1.0.1:80 @4", b + " 10.1.0.1:80 @5"}},
			{"hard delete of a missing real: nothing", func() error {
				if err := del(a, "10.1.0.9", true)(); err == nil {
					return fmt.Errorf("no error")
				}
				return nil
			}, []string{a + " 10.1.0.1:80 @4", b + " 10.1.0.1:80 @5"}},
			{"added again: forgotten", add(a, "10.1.0.1"), []string{b + " 10.1.0.1:80 @5"}},
			{"soft delete after the re-add: not hard", del(a, "10.1.0.1", false), []string{b + " 10.1.0.1:80 @5"}},
			{"other real of a, hard", del(a, "10.1.0.2", true), []string{b + " 10.1.0.1:80 @5", a + " 10.1.0.2:80 @8"}},
			{"service b deleted: its removals go", func() error { _, err := s.DeleteService(b, false); return err }, []string{a + " 10.1.0.2:80 @8"}},
		}
		for _, st := range steps {
			if err := st.do(); err != nil {
				t.Fatalf("%s: %v", st.name, err)
			}
			if got := hardList(t, s); !reflect.DeepEqual(got, st.want) {
				t.Fatalf("%s: hard removals %q, want %q", st.name, got, st.want)
			}
		}
		// A restart keeps them.
		s.Close()
		s2, err := reopen()
		if err != nil {
			t.Fatal(err)
		}
		defer s2.Close()
		if got := hardList(t, s2); !reflect.DeepEqual(got, []string{a + " 10.1.0.2:80 @8"}) {
			t.Fatalf("after reopening: %q", got)
		}
	})
}

// TestHardServiceRemoval: a service deleted hard leaves one record, for itself (address ""),
// in place of those of its reals; created again, it is forgotten.
func TestHardServiceRemoval(t *testing.T) {
	forEachBackend(t, func(t *testing.T, s *Store, _ func() (*Store, error)) {
		const a = "tcp-10.0.0.1-80"
		steps := []struct {
			name string
			do   func() error
			want []string
		}{
			{"create", func() error { _, err := s.CreateService(svc("10.0.0.1", 80, "10.1.0.1", "10.1.0.2")); return err },
				[]string{}},
			{"a real, hard", func() error { _, err := s.DeleteReal(a, "10.1.0.1", 80, true); return err },
				[]string{a + " 10.1.0.1:80 @2"}},
			{"the service, hard", func() error { _, err := s.DeleteService(a, true); return err }, []string{a + " :0 @3"}},
			{"hard again: not found, nothing more", func() error {
				if _, err := s.DeleteService(a, true); !errors.Is(err, ErrNotFound) {
					return fmt.Errorf("error %v", err)
				}
				return nil
			}, []string{a + " :0 @3"}},
			{"created again: forgotten", func() error { _, err := s.CreateService(svc("10.0.0.1", 80, "10.1.0.1")); return err },
				[]string{}},
			{"deleted softly: nothing", func() error { _, err := s.DeleteService(a, false); return err }, []string{}},
		}
		for _, st := range steps {
			if err := st.do(); err != nil {
				t.Fatalf("%s: %v", st.name, err)
			}
			if got := hardList(t, s); !reflect.DeepEqual(got, st.want) {
				t.Fatalf("%s: hard removals %q, want %q", st.name, got, st.want)
			}
		}
	})
}

// TestHardRemovalsBounded: only the newest MaxHardRemovals stay.
func TestHardRemovalsBounded(t *testing.T) {
	forEachBackend(t, func(t *testing.T, s *Store, _ func() (*Store, error)) {
		sv := svc("10.0.0.1", 80)
		sv.Forwarders = []string{"fwd-a"}
		if _, err := s.CreateService(sv); err != nil {
			t.Fatal(err)
		}
		n := MaxHardRemovals + 10
		for i := range n {
			addr := fmt.Sprintf("10.1.%d.%d", i/200, i%200+1)
			if _, err := s.AddReal(sv.ID, model.Real{Address: addr, Port: 80, Weight: 1}); err != nil {
				t.Fatal(err)
			}
			if _, err := s.DeleteReal(sv.ID, addr, 80, true); err != nil {
				t.Fatal(err)
			}
		}
		var hs []HardRemoval
		if err := s.View(func(t *ReadTx) (err error) { hs, err = t.HardRemovals(); return }); err != nil {
			t.Fatal(err)
		}
		if len(hs) != MaxHardRemovals {
			t.Fatalf("%d kept, want %d", len(hs), MaxHardRemovals)
		}
		if first, want := hs[0].Address, fmt.Sprintf("10.1.0.%d", 11); first != want {
			t.Errorf("oldest kept %s, want %s", first, want)
		}
		if h := hs[len(hs)-1]; h.Version != uint64(1+2*n) || !h.RunsOn("fwd-a") || h.RunsOn("fwd-b") {
			t.Errorf("newest %+v", h)
		}
	})
}
