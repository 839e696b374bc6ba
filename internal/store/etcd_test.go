package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"hvlb/internal/etcdtest"
	"hvlb/internal/model"
)

// TestEtcdGroup: two controllers' stores on one etcd. Each write is seen by the other at
// once (a read after an acknowledged write sees it), the other's Changed fires, and writers
// on both interleave into one version sequence with nothing lost.
func TestEtcdGroup(t *testing.T) {
	srv := etcdtest.Start(t)
	a, _ := openEtcd(t, srv, "/group/")
	b, _ := openEtcd(t, srv, "/group/")
	const id = "tcp-10.0.0.1-80"
	bChanged := b.Changed()
	if _, err := a.CreateService(svc("10.0.0.1", 80)); err != nil {
		t.Fatal(err)
	}
	if err := b.View(func(t *ReadTx) error { _, err := t.Service(id); return err }); err != nil {
		t.Fatalf("b does not read a's acknowledged write: %v", err)
	}
	select {
	case <-bChanged:
	case <-time.After(10 * time.Second):
		t.Fatal("b's Changed not closed after a's write")
	}

	const each = 40
	var wg sync.WaitGroup
	errs := make(chan error, 2*each)
	for i, s := range []*Store{a, b} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range each {
				addr := fmt.Sprintf("10.2.%d.%d", i, j+1)
				if _, err := s.AddReal(id, model.Real{Address: addr, Port: 80, Weight: 1}); err != nil {
					errs <- err
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	for _, s := range []*Store{a, b} {
		s.View(func(rt *ReadTx) error {
			one, _ := rt.Service(id)
			if len(one.Reals) != 2*each || rt.Version() != 1+2*each {
				t.Errorf("%d reals at version %d, want %d at %d", len(one.Reals), rt.Version(), 2*each, 1+2*each)
			}
			changes, _ := rt.Changes(0, 1000)
			for i, c := range changes {
				if c.Version != uint64(i+1) {
					t.Fatalf("change log gap at %d: %+v", i, c)
				}
			}
			return nil
		})
	}
}

// TestEtcdRefusesWrites: an etcd out of space refuses the write; the caller gets
// ErrUnavailable naming etcd's reason, and nothing of the transaction is in the store.
func TestEtcdRefusesWrites(t *testing.T) {
	srv := etcdtest.Start(t, "--quota-backend-bytes=4194304")
	s, _ := openEtcd(t, srv, "/full/")
	if _, err := s.CreateService(svc("10.0.0.1", 80, "10.1.0.1")); err != nil {
		t.Fatal(err)
	}
	cli, err := srv.Client()
	if err != nil {
		t.Fatal(err)
	}
	defer cli.Close()
	blob := strings.Repeat("x", 1<<20)
	for i := 0; ; i++ { // fill the backend past its quota: etcd raises its NOSPACE alarm
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		_, err := cli.Put(ctx, fmt.Sprintf("/filler/%d", i), blob)
		cancel()
		if err != nil {
			if !strings.Contains(err.Error(), "space exceeded") {
				t.Fatalf("filling etcd: %v", err)
			}
			break
		}
		if i > 64 {
			t.Fatal("etcd took 64 MiB past a 4 MiB quota")
		}
	}
	_, err = s.AddReal("tcp-10.0.0.1-80", model.Real{Address: "10.1.0.2", Port: 80, Weight: 1})
	if !errors.Is(err, ErrUnavailable) || !strings.Contains(err.Error(), "database space exceeded") {
		t.Fatalf("write to a full etcd: %v, want ErrUnavailable naming the quota", err)
	}
	s.View(func(rt *ReadTx) error {
		one, _ := rt.Service("tcp-10.0.0.1-80")
		changes, _ := rt.Changes(0, 10)
		if rt.Version() != 1 || len(one.Reals) != 1 || len(changes) != 1 {
			t.Errorf("after a refused write: version %d, %d reals, %d changes", rt.Version(), len(one.Reals), len(changes))
		}
		return nil
	})
}
