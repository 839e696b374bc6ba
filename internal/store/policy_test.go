package store

import (
	"testing"
	"time"

	"hvlb/internal/model"
)

func TestPolicyWeights(t *testing.T) {
	forEachBackend(t, func(t *testing.T, st *Store, _ func() (*Store, error)) {
		read := func() map[string]model.PolicyWeights {
			var out map[string]model.PolicyWeights
			if err := st.View(func(t *ReadTx) (err error) { out, err = t.PolicyWeights(); return }); err != nil {
				t.Fatal(err)
			}
			return out
		}
		if got := read(); len(got) != 0 {
			t.Fatalf("new store: %v", got)
		}
		pw := model.PolicyWeights{Service: "tcp-10.0.0.1-80", Weights: map[string]int{"10.1.0.1:80": 6000, "10.1.0.2:80": 4000},
			At: time.Unix(100, 0).UTC(), Reason: "first update"}
		v1, err := st.PutPolicyWeights(pw, "policy weights")
		if err != nil || v1 != 1 {
			t.Fatalf("put: %d %v", v1, err)
		}
		changed := st.Changed()
		pw.Reason = "same weights"
		if v, err := st.PutPolicyWeights(pw, "policy weights"); err != nil || v != v1 {
			t.Fatalf("same weights: version %d %v, want %d (no write)", v, err, v1)
		}
		select {
		case <-changed:
			t.Fatal("an unchanged put notified watchers")
		default:
		}
		pw.Weights = map[string]int{"10.1.0.1:80": 5000, "10.1.0.2:80": 5000}
		if v, _ := st.PutPolicyWeights(pw, "policy weights"); v != 2 {
			t.Fatalf("new weights: version %d, want 2", v)
		}
		<-changed
		got := read()["tcp-10.0.0.1-80"]
		if got.Weights["10.1.0.1:80"] != 5000 || got.Version != 2 {
			t.Fatalf("read back %+v", got)
		}
		if v, _ := st.DeletePolicyWeights("drop", "nope"); v != 2 {
			t.Fatalf("delete of nothing: version %d", v)
		}
		if v, _ := st.DeletePolicyWeights("drop", "tcp-10.0.0.1-80"); v != 3 {
			t.Fatalf("delete: version %d", v)
		}
		if len(read()) != 0 {
			t.Fatal("still there")
		}
		if _, err := st.PutPolicyWeights(model.PolicyWeights{}, "x"); err == nil {
			t.Fatal("no service accepted")
		}
	})
}
