package store

import (
	"bytes"
	"errors"
	"testing"
	"time"

	"hvlb/internal/etcdtest"
	"hvlb/internal/model"
)

// fill writes one of everything a store keeps.
func fill(t *testing.T, s *Store) {
	t.Helper()
	if _, err := s.CreateService(svc("10.0.0.1", 80, "10.1.0.1", "10.1.0.2")); err != nil {
		t.Fatal(err)
	}
	if _, err := s.DeleteReal("tcp-10.0.0.1-80", "10.1.0.2", 80, true); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.PutForwarder(model.Forwarder{ID: "fwd-a", SyncAddr: "10.0.0.9:7000"}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.PutPolicyWeights(model.PolicyWeights{Service: "tcp-10.0.0.1-80", Weights: map[string]int{"10.1.0.1:80": 1},
		At: time.Unix(100, 0).UTC()}, "weights"); err != nil {
		t.Fatal(err)
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
}

// TestExportImport moves a store bbolt -> etcd -> bbolt: each export is the same, byte for
// byte, and the store goes on where it was (version, sequences, sync key).
func TestExportImport(t *testing.T) {
	srv := etcdtest.Start(t)
	src, _ := openTemp(t)
	fill(t, src)
	var first bytes.Buffer
	if err := src.Export(&first); err != nil {
		t.Fatal(err)
	}

	mid, _ := openEtcd(t, srv, "/imported/")
	if err := mid.Import(bytes.NewReader(first.Bytes())); err != nil {
		t.Fatal(err)
	}
	var second bytes.Buffer
	if err := mid.Export(&second); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(first.Bytes(), second.Bytes()) {
		t.Fatalf("etcd's export differs from bbolt's:\n%s\n---\n%s", first.Bytes(), second.Bytes())
	}
	back, _ := openTemp(t)
	if err := back.Import(bytes.NewReader(second.Bytes())); err != nil {
		t.Fatal(err)
	}
	var third bytes.Buffer
	back.Export(&third)
	if !bytes.Equal(first.Bytes(), third.Bytes()) {
		t.Fatalf("bbolt's export after the round trip differs")
	}

	for _, s := range []*Store{mid, back} {
		var id string
		v, err := s.Update("lb", func(t *Tx) (err error) {
			id, err = t.NewLBRequestID()
			if err == nil {
				err = t.PutLBRequest(model.LBRequest{ID: id, State: model.LBPending})
			}
			return err
		})
		if err != nil || id != "lbr-2" || v != 6 {
			t.Errorf("after import: %s at version %d (%v), want lbr-2 at 6", id, v, err)
		}
	}
	if err := mid.Import(bytes.NewReader(first.Bytes())); !errors.Is(err, ErrNotEmpty) {
		t.Errorf("import into a store in use: %v", err)
	}
	if err := back.Import(bytes.NewReader([]byte(`{"format": "other"}`))); err == nil {
		t.Errorf("a dump of another format imported")
	}
}
