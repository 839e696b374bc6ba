package store

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"hvlb/internal/etcdtest"
	"hvlb/internal/model"
)

func openTemp(t *testing.T) (*Store, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "sub", "controller.db")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, path
}

// forEachBackend runs fn against a store in a bbolt file and one in a real etcd (skipped,
// with the reason, where etcd is missing). reopen opens the same records again, as a
// restarted controller would, after the first store is closed.
func forEachBackend(t *testing.T, fn func(t *testing.T, s *Store, reopen func() (*Store, error))) {
	t.Run("bbolt", func(t *testing.T) {
		s, path := openTemp(t)
		fn(t, s, func() (*Store, error) { return Open(path) })
	})
	t.Run("etcd", func(t *testing.T) {
		srv := etcdtest.Start(t)
		s, reopen := openEtcd(t, srv, "/test/")
		fn(t, s, reopen)
	})
}

// openEtcd opens the store under prefix in srv, as a controller of a group does.
func openEtcd(t *testing.T, srv *etcdtest.Server, prefix string) (*Store, func() (*Store, error)) {
	t.Helper()
	cli, err := DialEtcd(EtcdConfig{Endpoints: []string{srv.Endpoint}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cli.Close() })
	s, err := OpenEtcd(cli, prefix)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, func() (*Store, error) { return OpenEtcd(cli, prefix) }
}

func svc(vip string, port int, reals ...string) model.Service {
	s := model.Service{Protocol: "tcp", VIP: vip, Port: port}
	for _, r := range reals {
		s.Reals = append(s.Reals, model.Real{Address: r, Port: port, Weight: 100})
	}
	if err := model.NormalizeService(&s); err != nil {
		panic(err)
	}
	return s
}

// TestSteps runs ordered operations on one store and checks each one's error and the
// version after it.
func TestSteps(t *testing.T) {
	forEachBackend(t, func(t *testing.T, s *Store, _ func() (*Store, error)) {
		const id = "tcp-10.0.0.1-80"
		setWeight := func(w int) func(*model.Real) error {
			return func(r *model.Real) error { r.Weight = w; return nil }
		}
		drained := func(id string, want bool) error {
			var f model.Forwarder
			if err := s.View(func(t *ReadTx) (err error) { f, err = t.Forwarder(id); return }); err != nil {
				return err
			}
			if f.Draining != want {
				return fmt.Errorf("forwarder %s: draining %v, want %v", id, f.Draining, want)
			}
			return nil
		}
		drain := func(id string, on, want bool) error {
			f, err := s.SetForwarderDraining(id, on)
			if err == nil && f.Draining != want {
				return fmt.Errorf("SetForwarderDraining returned draining %v", f.Draining)
			}
			if err != nil {
				return err
			}
			return drained(id, want)
		}
		steps := []struct {
			name        string
			do          func() error
			wantErr     error // matched with errors.Is; nil: success
			wantField   string
			wantVersion uint64
		}{
			{"create", func() error { _, err := s.CreateService(svc("10.0.0.1", 80, "10.1.0.1")); return err }, nil, "", 1},
			{"create again", func() error { _, err := s.CreateService(svc("10.0.0.1", 80)); return err }, ErrExists, "", 1},
			{"add real", func() error {
				_, err := s.AddReal(id, model.Real{Address: "10.1.0.2", Port: 80, Weight: 5})
				return err
			}, nil, "", 2},
			{"add same real", func() error { _, err := s.AddReal(id, model.Real{Address: "10.1.0.2", Port: 80}); return err }, ErrExists, "", 2},
			{"add real wrong family", func() error { _, err := s.AddReal(id, model.Real{Address: "fd00::1", Port: 80}); return err }, nil, "address", 2},
			{"add real to missing", func() error { _, err := s.AddReal("tcp-10.0.0.9-80", model.Real{Address: "10.1.0.2"}); return err }, ErrNotFound, "", 2},
			{"weight", func() error { _, err := s.UpdateReal(id, "10.1.0.2", 80, setWeight(7)); return err }, nil, "", 3},
			{"same weight: no change", func() error { _, err := s.UpdateReal(id, "10.1.0.2", 80, setWeight(7)); return err }, nil, "", 3},
			{"bad weight", func() error { _, err := s.UpdateReal(id, "10.1.0.2", 80, setWeight(-1)); return err }, nil, "weight", 3},
			{"missing real", func() error { _, err := s.UpdateReal(id, "10.1.0.3", 80, setWeight(1)); return err }, ErrNotFound, "", 3},
			{"update service", func() error {
				_, err := s.UpdateService(id, 0, "x", func(v *model.Service) error { v.Scheduler = "rr"; return nil })
				return err
			}, nil, "", 4},
			{"update stale version", func() error {
				_, err := s.UpdateService(id, 3, "x", func(v *model.Service) error { v.Scheduler = "wrr"; return nil })
				return err
			}, ErrConflict, "", 4},
			{"update current version", func() error {
				_, err := s.UpdateService(id, 4, "x", func(v *model.Service) error { v.Scheduler = "wrr"; return nil })
				return err
			}, nil, "", 5},
			{"delete real", func() error { _, err := s.DeleteReal(id, "10.1.0.1", 80, true); return err }, nil, "", 6},
			{"delete real again", func() error { _, err := s.DeleteReal(id, "10.1.0.1", 80, false); return err }, ErrNotFound, "", 6},
			{"register forwarder", func() error { _, _, err := s.PutForwarder(model.Forwarder{ID: "fwd-a", Queues: 2}); return err }, nil, "", 7},
			{"register unchanged", func() error { _, _, err := s.PutForwarder(model.Forwarder{ID: "fwd-a", Queues: 2}); return err }, nil, "", 7},
			{"register changed", func() error { _, _, err := s.PutForwarder(model.Forwarder{ID: "fwd-a", Queues: 4}); return err }, nil, "", 8},
			{"drain forwarder", func() error { return drain("fwd-a", true, true) }, nil, "", 9},
			{"drain again: no change", func() error { return drain("fwd-a", true, true) }, nil, "", 9},
			{"registration keeps the drain", func() error {
				if _, _, err := s.PutForwarder(model.Forwarder{ID: "fwd-a", Queues: 4}); err != nil {
					return err
				}
				return drained("fwd-a", true)
			}, nil, "", 9},
			{"undrain", func() error { return drain("fwd-a", false, false) }, nil, "", 10},
			{"drain unknown forwarder", func() error { return drain("fwd-z", true, true) }, ErrNotFound, "", 10},
			{"delete service", func() error { _, err := s.DeleteService(id, false); return err }, nil, "", 11},
			{"delete service again", func() error { _, err := s.DeleteService(id, false); return err }, ErrNotFound, "", 11},
		}
		for _, st := range steps {
			err := st.do()
			switch {
			case st.wantField != "":
				var fe *model.FieldError
				if !errors.As(err, &fe) || fe.Field != st.wantField {
					t.Fatalf("%s: err %v, want a field error on %q", st.name, err, st.wantField)
				}
			case st.wantErr == nil && err != nil:
				t.Fatalf("%s: %v", st.name, err)
			case st.wantErr != nil && !errors.Is(err, st.wantErr):
				t.Fatalf("%s: err %v, want %v", st.name, err, st.wantErr)
			}
			if v, _ := s.Version(); v != st.wantVersion {
				t.Fatalf("%s: version %d, want %d", st.name, v, st.wantVersion)
			}
		}
		var changes []model.Change
		s.View(func(t *ReadTx) (err error) { changes, err = t.Changes(0, 100); return })
		if len(changes) != 11 {
			t.Fatalf("%d changes, want 11: %+v", len(changes), changes)
		}
		for i, c := range changes {
			if c.Version != uint64(i+1) || c.What == "" || c.Time.IsZero() {
				t.Errorf("change %d: %+v", i, c)
			}
		}
		if changes[5].What != "hard remove real 10.1.0.1:80 of service "+id {
			t.Errorf("change 6: %q", changes[5].What)
		}
		if changes[8].What != "drain forwarder fwd-a" || changes[9].What != "undrain forwarder fwd-a" {
			t.Errorf("changes 9 and 10: %q, %q", changes[8].What, changes[9].What)
		}
	})
}

func TestVersionsStamped(t *testing.T) {
	forEachBackend(t, func(t *testing.T, s *Store, _ func() (*Store, error)) {
		created, err := s.CreateService(svc("10.0.0.1", 80, "10.1.0.1", "10.1.0.2"))
		if err != nil {
			t.Fatal(err)
		}
		if created.Version != 1 || created.Reals[0].Version != 1 {
			t.Fatalf("created: %+v", created)
		}
		if _, err := s.UpdateReal(created.ID, "10.1.0.2", 80, func(r *model.Real) error { r.Drain = true; return nil }); err != nil {
			t.Fatal(err)
		}
		var got model.Service
		s.View(func(t *ReadTx) (err error) { got, err = t.Service(created.ID); return })
		if got.Version != 2 || got.Reals[0].Version != 1 || got.Reals[1].Version != 2 || !got.Reals[1].Drain {
			t.Fatalf("after drain: %+v", got)
		}
	})
}

func TestReopenKeepsEverything(t *testing.T) {
	forEachBackend(t, func(t *testing.T, s *Store, reopen func() (*Store, error)) {
		if _, err := s.CreateService(svc("10.0.0.1", 80, "10.1.0.1")); err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.PutForwarder(model.Forwarder{ID: "fwd-a"}); err != nil {
			t.Fatal(err)
		}
		var key []byte
		var epoch uint64
		s.View(func(rt *ReadTx) error { key, epoch = rt.SyncKey(), rt.Epoch(); return nil })
		if len(key) != SyncKeyLen {
			t.Fatalf("sync key of %d bytes, want %d", len(key), SyncKeyLen)
		}
		if made := time.Unix(0, int64(epoch)); time.Since(made) > time.Hour || time.Until(made) > time.Minute {
			t.Fatalf("store epoch %d (%s), want the time it was made", epoch, made)
		}
		if _, err := s.Update("lb", func(t *Tx) error {
			id, err := t.NewLBRequestID()
			if err != nil {
				return err
			}
			return t.PutLBRequest(model.LBRequest{ID: id, State: model.LBPending})
		}); err != nil {
			t.Fatal(err)
		}
		s.Close()
		s2, err := reopen()
		if err != nil {
			t.Fatal(err)
		}
		defer s2.Close()
		v, _ := s2.Version()
		if v != 3 {
			t.Fatalf("version %d after reopen, want 3", v)
		}
		s2.View(func(rt *ReadTx) error {
			ss, _ := rt.Services()
			fs, _ := rt.Forwarders()
			ls, _ := rt.LBRequests()
			if len(ss) != 1 || len(fs) != 1 || len(ls) != 1 || ls[0].ID != "lbr-1" {
				t.Errorf("after reopen: %v %v %v", ss, fs, ls)
			}
			if !bytes.Equal(rt.SyncKey(), key) || rt.Epoch() != epoch {
				t.Errorf("the sync key or the epoch changed across a reopen")
			}
			return nil
		})
	})
}

func TestSecondOpenFails(t *testing.T) {
	_, path := openTemp(t)
	if s2, err := Open(path); err == nil {
		s2.Close()
		t.Fatal("a second Open of a held file succeeded")
	}
}

func TestChangedNotifies(t *testing.T) {
	forEachBackend(t, func(t *testing.T, s *Store, _ func() (*Store, error)) {
		ch := s.Changed()
		if _, err := s.CreateService(svc("10.0.0.1", 80)); err != nil {
			t.Fatal(err)
		}
		select {
		case <-ch:
		default:
			t.Fatal("Changed not closed after a change")
		}
		ch = s.Changed()
		s.UpdateService("tcp-10.0.0.1-80", 0, "noop", func(*model.Service) error { return nil })
		select {
		case <-ch:
			t.Fatal("Changed closed by an update that changed nothing")
		default:
		}
	})
}

// TestConcurrentWriters has many goroutines add reals, change weights and create services
// at once; afterwards every write is there, the version counts every change, and the
// change log has no gap.
func TestConcurrentWriters(t *testing.T) {
	forEachBackend(t, func(t *testing.T, s *Store, _ func() (*Store, error)) {
		const id = "tcp-10.0.0.1-80"
		if _, err := s.CreateService(svc("10.0.0.1", 80)); err != nil {
			t.Fatal(err)
		}
		const writers, each = 16, 20
		var wg sync.WaitGroup
		errs := make(chan error, writers*each*3)
		for w := 0; w < writers; w++ {
			wg.Add(1)
			go func(w int) {
				defer wg.Done()
				for i := 0; i < each; i++ {
					addr := fmt.Sprintf("10.2.%d.%d", w, i+1)
					if _, err := s.AddReal(id, model.Real{Address: addr, Port: 80, Weight: 1}); err != nil {
						errs <- err
					}
					if _, err := s.UpdateReal(id, addr, 80, func(r *model.Real) error { r.Weight = 2; return nil }); err != nil {
						errs <- err
					}
					if _, err := s.CreateService(svc(fmt.Sprintf("10.3.%d.%d", w, i+1), 443)); err != nil {
						errs <- err
					}
					s.View(func(t *ReadTx) error { _, err := t.Services(); return err })
				}
			}(w)
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Error(err)
		}
		want := uint64(1 + writers*each*3)
		if v, _ := s.Version(); v != want {
			t.Fatalf("version %d, want %d", v, want)
		}
		s.View(func(rt *ReadTx) error {
			one, _ := rt.Service(id)
			if len(one.Reals) != writers*each {
				t.Errorf("%d reals, want %d", len(one.Reals), writers*each)
			}
			for _, r := range one.Reals {
				if r.Weight != 2 {
					t.Errorf("real %s weight %d", r.Key(), r.Weight)
				}
			}
			all, _ := rt.Services()
			if len(all) != 1+writers*each {
				t.Errorf("%d services", len(all))
			}
			changes, _ := rt.Changes(0, 1<<20)
			for i, c := range changes {
				if c.Version != uint64(i+1) {
					t.Fatalf("change log gap at %d: %+v", i, c)
				}
			}
			if uint64(len(changes)) != want {
				t.Errorf("%d changes, want %d", len(changes), want)
			}
			return nil
		})
	})
}
