package controller

import (
	"bytes"
	"context"
	"path/filepath"
	"testing"

	"hvlb/internal/model"
	"hvlb/internal/store"
)

// Every forwarder that registers a sync address gets a stable sync id, the pool's key and
// every other such forwarder as a peer; one without a sync address gets no sync settings
// and is nobody's peer; a re-registration keeps the id; a bad address is refused.
func TestSyncSettingsInDesiredState(t *testing.T) {
	c := newCtl(t, newClock(), "")
	for _, f := range []model.Forwarder{
		{ID: "fwd-b", SyncAddr: "10.8.0.12:7600"},
		{ID: "fwd-a", SyncAddr: "10.8.0.11:7600"},
		{ID: "fwd-x"},
		{ID: "fwd-c", SyncAddr: "[fd00:8::13]:7600"},
	} {
		if _, err := c.Register(ctx(), f); err != nil {
			t.Fatalf("register %s: %v", f.ID, err)
		}
	}
	if _, err := c.Register(ctx(), model.Forwarder{ID: "fwd-d", SyncAddr: "10.8.0.14"}); err == nil {
		t.Fatal("a sync address without a port was accepted")
	}

	ids := map[string]uint32{}
	var key []byte
	for _, id := range []string{"fwd-a", "fwd-b", "fwd-c"} {
		ds, _, err := c.DesiredState(id)
		mustNil(t, err)
		s := ds.GetSync()
		if s == nil || s.GetId() == 0 || len(s.GetKey()) != 32 {
			t.Fatalf("%s: sync settings %v", id, s)
		}
		if key != nil && !bytes.Equal(key, s.GetKey()) {
			t.Fatalf("%s: a different key from the others", id)
		}
		key = s.GetKey()
		ids[id] = s.GetId()
		if len(s.GetPeers()) != 2 {
			t.Fatalf("%s: peers %v, want the two others", id, s.GetPeers())
		}
		for i, p := range s.GetPeers() {
			if p.GetForwarderId() == id || p.GetForwarderId() == "fwd-x" {
				t.Fatalf("%s: peer %v", id, p)
			}
			if i > 0 && p.GetId() <= s.GetPeers()[i-1].GetId() {
				t.Fatalf("%s: peers not ordered by id: %v", id, s.GetPeers())
			}
		}
	}
	if ids["fwd-a"] == ids["fwd-b"] || ids["fwd-b"] == ids["fwd-c"] || ids["fwd-a"] == ids["fwd-c"] {
		t.Fatalf("sync ids not unique: %v", ids)
	}
	ds, _, err := c.DesiredState("fwd-x")
	mustNil(t, err)
	if ds.GetSync() != nil {
		t.Fatalf("fwd-x registered no sync address but got %v", ds.GetSync())
	}

	// A re-registration (an agent restart) keeps the id, even with a new address.
	_, err = c.Register(ctx(), model.Forwarder{ID: "fwd-b", SyncAddr: "10.8.0.22:7600"})
	mustNil(t, err)
	ds, _, err = c.DesiredState("fwd-b")
	mustNil(t, err)
	if ds.GetSync().GetId() != ids["fwd-b"] || ds.GetSync().GetListen() != "10.8.0.22:7600" {
		t.Fatalf("after re-registration: %v, want id %d at the new address", ds.GetSync(), ids["fwd-b"])
	}
	ds, _, err = c.DesiredState("fwd-a")
	mustNil(t, err)
	found := false
	for _, p := range ds.GetSync().GetPeers() {
		found = found || (p.GetForwarderId() == "fwd-b" && p.GetAddress() == "10.8.0.22:7600")
	}
	if !found {
		t.Fatalf("fwd-a's peers do not follow fwd-b's new address: %v", ds.GetSync().GetPeers())
	}
}

// The pool's k-way replication (Config.SyncReplicas, --sync-replicas) reaches every
// forwarder's sync settings; the default is all-to-all (0).
func TestSyncReplicasInDesiredState(t *testing.T) {
	for _, want := range []uint32{0, 1, 2} {
		st, err := store.Open(filepath.Join(t.TempDir(), "c.db"))
		mustNil(t, err)
		c, err := New(Config{Store: st, Now: newClock().Now, Log: quiet(), SyncReplicas: int(want)})
		mustNil(t, err)
		cctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() { c.Run(cctx); close(done) }()
		for _, f := range []model.Forwarder{{ID: "fwd-a", SyncAddr: "10.8.0.11:7600"},
			{ID: "fwd-b", SyncAddr: "10.8.0.12:7600"}} {
			_, err := c.Register(ctx(), f)
			mustNil(t, err)
		}
		for _, id := range []string{"fwd-a", "fwd-b"} {
			ds, _, err := c.DesiredState(id)
			mustNil(t, err)
			if got := ds.GetSync().GetReplicas(); got != want {
				t.Errorf("replicas %d: %s got %d", want, id, got)
			}
		}
		cancel()
		<-done
		st.Close()
	}
}
