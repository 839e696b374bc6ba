package policy

import (
	"errors"
	"testing"

	"hvlb/internal/model"
)

// TestRTTFloor: RTTs under the floor are alike (LAN jitter does not move weights), RTTs
// above it are judged as they are, and without a floor the raw ratio counts.
//
//	rtt   floor 1: t = 1000/max(rtt,1)   floor 0: t = 1000/rtt
//	0.1   1000 -> φ 1                    10000 -> φ 1
//	0.3   1000 -> φ 1                     3333 -> φ 1/3
//	4      250 -> φ 0.25                   250 -> φ 0.025
//
// γ = 1 (paths only), equal CPU. Floor 1: a = 1, 1, 0.25, Σ 2.25 -> λ = 4/9, 4/9, 1/9.
// Floor 0: a = 1, 1/3, 0.025, Σ 1.358 -> λ = 0.7362, 0.2454, 0.0184.
func TestRTTFloor(t *testing.T) {
	nfs := []NF{mk("A", 0.1, 0, 0.2), mk("B", 0.3, 0, 0.2), mk("C", 4, 0, 0.2)}
	for _, tt := range []struct {
		floor float64
		want  map[string]int
	}{
		{1, map[string]int{"A": 4445, "B": 4444, "C": 1111}},
		{0, map[string]int{"A": 7362, "B": 2454, "C": 184}},
	} {
		p := testParams()
		p.Gamma, p.MinAvailMbps, p.RTTFloorMS = 1, 0, tt.floor
		pol, err := New(p)
		if err != nil {
			t.Fatal(err)
		}
		res := pol.Update(nfs, t0)
		for id, w := range tt.want {
			if got := res.Weights[id]; got != w {
				t.Errorf("floor %v: %s weight %d, want %d (all %v)", tt.floor, id, got, w, res.Weights)
			}
		}
	}
	p := DefaultParams()
	p.RTTFloorMS = -1
	var fe *model.FieldError
	if err := p.Validate(); !errors.As(err, &fe) || fe.Field != "rtt_floor_ms" {
		t.Errorf("rtt_floor_ms -1: %v", err)
	}
}
