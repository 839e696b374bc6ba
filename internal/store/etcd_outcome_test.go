package store

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"

	clientv3 "go.etcd.io/etcd/client/v3"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"hvlb/internal/etcdtest"
)

// faultyKV puts faults in the store's etcd transactions at the client: the next `fail`
// commits go wrong as `mode` says.
type faultyKV struct {
	clientv3.KV
	fail atomic.Int32
	mode string // "applied": committed, the answer lost; "lost": never sent; "other": another
	// controller's write (before) commits first, then the request is lost
	before func()
}

type faultyTxn struct {
	clientv3.Txn
	kv *faultyKV
}

func (k *faultyKV) Txn(ctx context.Context) clientv3.Txn { return faultyTxn{k.KV.Txn(ctx), k} }

func (t faultyTxn) If(cs ...clientv3.Cmp) clientv3.Txn   { t.Txn = t.Txn.If(cs...); return t }
func (t faultyTxn) Then(ops ...clientv3.Op) clientv3.Txn { t.Txn = t.Txn.Then(ops...); return t }
func (t faultyTxn) Else(ops ...clientv3.Op) clientv3.Txn { t.Txn = t.Txn.Else(ops...); return t }

// errMemberGone is what a client sees when the member it sent to dies before answering.
var errMemberGone = status.Error(codes.Unavailable, "error reading from server: EOF")

func (t faultyTxn) Commit() (*clientv3.TxnResponse, error) {
	if t.kv.fail.Add(-1) < 0 {
		return t.Txn.Commit()
	}
	switch t.kv.mode {
	case "applied":
		if _, err := t.Txn.Commit(); err != nil {
			return nil, err
		}
		return nil, context.DeadlineExceeded
	case "other":
		t.kv.before()
	}
	return nil, errMemberGone
}

func faulty(s *Store, mode string, fail int32) *faultyKV {
	be := s.be.(*etcdBackend)
	k := &faultyKV{KV: be.kv, mode: mode}
	k.fail.Store(fail)
	be.kv = k
	return k
}

// createdOnce checks that the service id is in the store and its creation in the change
// log once, at the version the store has.
func createdOnce(t *testing.T, s *Store, id string, wantVersion uint64) {
	t.Helper()
	s.View(func(rt *ReadTx) error {
		if _, err := rt.Service(id); err != nil {
			t.Errorf("%s not in the store: %v", id, err)
		}
		if v := rt.Version(); v != wantVersion {
			t.Errorf("version %d, want %d", v, wantVersion)
		}
		changes, _ := rt.Changes(0, 100)
		n := 0
		for _, c := range changes {
			if c.What == "create service "+id {
				n++
			}
		}
		if n != 1 {
			t.Errorf("%d creations of %s in the change log %+v, want 1", n, id, changes)
		}
		return nil
	})
}

// TestEtcdWriteOutcome: a write whose answer etcd never gave is settled before the store
// answers: applied (acknowledged, once), not applied (run again: applied once), or, when
// etcd cannot tell, ErrOutcomeUnknown (with ErrUnavailable: a 503), never "nothing
// written" for a write that may have been.
func TestEtcdWriteOutcome(t *testing.T) {
	srv := etcdtest.Start(t)

	t.Run("applied, the answer lost", func(t *testing.T) {
		s, _ := openEtcd(t, srv, "/applied/")
		faulty(s, "applied", 1)
		if _, err := s.CreateService(svc("10.0.0.1", 80)); err != nil {
			t.Fatalf("a write etcd applied: %v", err)
		}
		createdOnce(t, s, "tcp-10.0.0.1-80", 1)
	})

	t.Run("lost before etcd", func(t *testing.T) {
		s, _ := openEtcd(t, srv, "/lost/")
		faulty(s, "lost", 1)
		if _, err := s.CreateService(svc("10.0.0.1", 80)); err != nil {
			t.Fatalf("a write etcd never saw, run again: %v", err)
		}
		createdOnce(t, s, "tcp-10.0.0.1-80", 1)
	})

	t.Run("another controller first, then lost", func(t *testing.T) {
		s, _ := openEtcd(t, srv, "/other/")
		other, _ := openEtcd(t, srv, "/other/")
		faulty(s, "other", 1).before = func() {
			if _, err := other.CreateService(svc("10.0.0.2", 80)); err != nil {
				t.Error(err)
			}
		}
		if _, err := s.CreateService(svc("10.0.0.1", 80)); err != nil {
			t.Fatalf("a write that lost the race and its answer, run again: %v", err)
		}
		createdOnce(t, s, "tcp-10.0.0.1-80", 2)
		createdOnce(t, s, "tcp-10.0.0.2-80", 2)
	})

	t.Run("etcd cannot tell", func(t *testing.T) {
		s, _ := openEtcd(t, srv, "/unknown/")
		faulty(s, "applied", 2) // the write applied, the fence's answer lost too
		_, err := s.CreateService(svc("10.0.0.1", 80))
		if !errors.Is(err, ErrOutcomeUnknown) || !errors.Is(err, ErrUnavailable) {
			t.Fatalf("got %v, want ErrOutcomeUnknown and ErrUnavailable", err)
		}
		t.Logf("the answer: %v", err)
		createdOnce(t, s, "tcp-10.0.0.1-80", 1) // it was applied: the answer did not say otherwise
	})
}
