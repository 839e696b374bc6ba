package policy

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"
)

var t0 = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

// testParams are the parameters of the hand-checked tables: no smoothing, so one Update
// is the arithmetic of the package documentation; latency bound 10 ms; at least 50 Mbps
// free; paths of 1000 Mbps unless a sample says otherwise.
func testParams() Params {
	p := DefaultParams()
	p.MaxRTTMs = 10
	p.MinAvailMbps = 50
	p.Smoothing, p.SmoothingTauMS = 0, 0 // neither kind of smoothing: none
	p.StaleAfterMS = 10000
	p.DefaultCapacityMbps = 1000
	p.CPUHigh = 0.85 // the tables below were worked out by hand with it
	return p
}

// mk is a healthy NF with one fresh path from fwd-a and a fresh CPU sample.
func mk(id string, rttMs, thrMbps, cpu float64) NF {
	return NF{ID: id, Healthy: true,
		Paths: []Path{{Forwarder: "fwd-a", RTTMs: rttMs, ThroughputMbps: thrMbps, At: t0}},
		CPU:   CPU{Utilization: cpu, At: t0}}
}

func down(n NF) NF { n.Healthy = false; return n }

// fourNFs are the main table's NFs (capacity 1000 Mbps each):
//
//	     rtt  thr  avail  t=avail/rtt   ω    1-ω
//	A    2    600  400    200           0.2  0.8
//	B    4    200  800    200           0.6  0.4
//	C    5    500  500    100           0.2  0.8
//	D    2    800  200    100           0.5  0.5
//
// t_max = 200, so φ = 1, 1, 0.5, 0.5; max(1-ω) = 0.8, so η = 1, 0.5, 1, 0.625.
func fourNFs() []NF {
	return []NF{mk("A", 2, 600, 0.2), mk("B", 4, 200, 0.6), mk("C", 5, 500, 0.2), mk("D", 2, 800, 0.5)}
}

func TestAlgorithm(t *testing.T) {
	tests := []struct {
		name         string
		edit         func(*Params)
		nfs          []NF
		want         map[string]int
		wantFiltered map[string]string // NF -> substring of Explanation.Filtered
		wantFallback bool
		wantAlert    string
	}{
		{
			// a = 0.5φ + 0.5η = 1, 0.75, 0.75, 0.5625; Σa = 3.0625
			// λ×10000 = 3265.306, 2448.980, 2448.980, 1836.735; floors sum to 9997;
			// the 3 spare units go to the largest remainders B (.980), C (.980), D (.735).
			name: "four NFs, gamma 0.5",
			nfs:  fourNFs(),
			want: map[string]int{"A": 3265, "B": 2449, "C": 2449, "D": 1837},
		},
		{
			// a = φ = 1, 1, 0.5, 0.5; Σ = 3; λ×10000 = 3333.33, 3333.33, 1666.67, 1666.67;
			// floors 9998; spare units to C and D (.667).
			name: "gamma 1: paths only",
			edit: func(p *Params) { p.Gamma = 1 },
			nfs:  fourNFs(),
			want: map[string]int{"A": 3333, "B": 3333, "C": 1667, "D": 1667},
		},
		{
			// a = η = 1, 0.5, 1, 0.625; Σ = 3.125; λ = 0.32, 0.16, 0.32, 0.2.
			name: "gamma 0: CPU only",
			edit: func(p *Params) { p.Gamma = 0 },
			nfs:  fourNFs(),
			want: map[string]int{"A": 3200, "B": 1600, "C": 3200, "D": 2000},
		},
		{
			// E's great path and idle CPU do not count: it is down. Same as four NFs.
			name:         "unhealthy NF gets 0 and does not move the maxima",
			nfs:          append(fourNFs(), down(mk("E", 1, 0, 0))),
			want:         map[string]int{"A": 3265, "B": 2449, "C": 2449, "D": 1837, "E": 0},
			wantFiltered: map[string]string{"E": "unhealthy"},
		},
		{
			// X: rtt 12 > 10 (its t = 1000/12 = 83 would not have been the max anyway).
			// A, B: a = 1, 0.75; λ×10000 = 5714.29, 4285.71; floors 9999, spare to B.
			name:         "latency bound",
			nfs:          []NF{mk("A", 2, 600, 0.2), mk("B", 4, 200, 0.6), mk("X", 12, 0, 0.1)},
			want:         map[string]int{"A": 5714, "B": 4286, "X": 0},
			wantFiltered: map[string]string{"X": "rtt 12 ms > max_rtt_ms 10"},
		},
		{
			// X: avail 1000 − 980 = 20 < 50; its t = 20/0.5 = 40. A, B as above.
			name:         "bandwidth bound",
			nfs:          []NF{mk("A", 2, 600, 0.2), mk("B", 4, 200, 0.6), mk("X", 0.5, 980, 0.1)},
			want:         map[string]int{"A": 5714, "B": 4286, "X": 0},
			wantFiltered: map[string]string{"X": "avail 20 Mbps < min_avail_mbps 50"},
		},
		{
			// X: ω 0.9 > 0.85. Its t = 1000/1 = 1000 would have been t_max: it must not
			// count. A, B as above.
			name:         "cpu bound",
			nfs:          []NF{mk("A", 2, 600, 0.2), mk("B", 4, 200, 0.6), mk("X", 1, 0, 0.9)},
			want:         map[string]int{"A": 5714, "B": 4286, "X": 0},
			wantFiltered: map[string]string{"X": "cpu 0.900 > cpu_high 0.850"},
		},
		{
			// A's path from fwd-a fails (rtt 12), from fwd-b passes: avail 400, rtt 2, t 200.
			// Y fails on both paths. A, B as in "latency bound".
			name: "best path from any forwarder",
			nfs: []NF{
				{ID: "A", Healthy: true, CPU: CPU{0.2, t0}, Paths: []Path{
					{Forwarder: "fwd-a", RTTMs: 12, ThroughputMbps: 0, At: t0},
					{Forwarder: "fwd-b", RTTMs: 2, ThroughputMbps: 600, At: t0}}},
				mk("B", 4, 200, 0.6),
				{ID: "Y", Healthy: true, CPU: CPU{0.2, t0}, Paths: []Path{
					{Forwarder: "fwd-a", RTTMs: 12, ThroughputMbps: 0, At: t0},
					{Forwarder: "fwd-b", RTTMs: 1, ThroughputMbps: 990, At: t0}}},
			},
			want: map[string]int{"A": 5714, "B": 4286, "Y": 0},
			wantFiltered: map[string]string{
				"Y": "path: fwd-a: rtt 12 ms > max_rtt_ms 10; fwd-b: avail 10 Mbps < min_avail_mbps 50"},
		},
		{
			// Capacity from the sample: 2000 − 600 = 1400 over 2 ms is t 700 = t_max, so
			// φ_A = 1 and φ_B = 200/700; η = 1, 0.5. a = 1, (2/7 + 1/2)/2 = 0.392857;
			// λ×10000 = 7179.49, 2820.51; floors 9999; spare to B.
			name: "path capacity from the sample",
			nfs: []NF{
				{ID: "A", Healthy: true, CPU: CPU{0.2, t0}, Paths: []Path{
					{Forwarder: "fwd-a", RTTMs: 2, ThroughputMbps: 600, CapacityMbps: 2000, At: t0}}},
				mk("B", 4, 200, 0.6),
			},
			want: map[string]int{"A": 7179, "B": 2821},
		},
		{
			name: "one NF gets everything",
			nfs:  []NF{mk("A", 7, 900, 0.8)},
			want: map[string]int{"A": 10000},
		},
		{
			// λ = 1/3 each: 3333.33 three times, floors 9999, the tie goes to the first.
			name: "all equal",
			nfs:  []NF{mk("A", 2, 500, 0.3), mk("B", 2, 500, 0.3), mk("C", 2, 500, 0.3)},
			want: map[string]int{"A": 3334, "B": 3333, "C": 3333},
		},
		{
			name:         "all filtered: equal weights over the healthy ones",
			nfs:          []NF{mk("A", 12, 0, 0.1), mk("B", 2, 0, 0.95), down(mk("C", 2, 0, 0.1))},
			want:         map[string]int{"A": 5000, "B": 5000, "C": 0},
			wantFiltered: map[string]string{"A": "rtt", "B": "cpu", "C": "unhealthy"},
			wantFallback: true,
			wantAlert:    "every healthy NF (2) was filtered out",
		},
		{
			name:         "no healthy NF",
			nfs:          []NF{down(mk("A", 2, 0, 0.1)), down(mk("B", 2, 0, 0.1))},
			want:         map[string]int{"A": 0, "B": 0},
			wantFiltered: map[string]string{"A": "unhealthy", "B": "unhealthy"},
			wantAlert:    "no healthy NF",
		},
		{
			// Saturated paths (avail 0, no bandwidth bound): t_max = 0, so φ = 1 for all
			// and the CPU decides: η = 1, 0.5; a = 1, 0.75 as in "latency bound".
			name: "every path saturated",
			edit: func(p *Params) { p.MinAvailMbps = 0 },
			nfs:  []NF{mk("A", 2, 1000, 0.2), mk("B", 4, 1200, 0.6)},
			want: map[string]int{"A": 5714, "B": 4286},
		},
		{
			name: "no NFs",
			nfs:  nil,
			want: map[string]int{},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := testParams()
			if tt.edit != nil {
				tt.edit(&p)
			}
			pol, err := New(p)
			if err != nil {
				t.Fatalf("New: %v", err)
			}
			res := pol.Update(tt.nfs, t0)
			if !mapsEqual(res.Weights, tt.want) {
				t.Errorf("weights = %v, want %v", res.Weights, tt.want)
			}
			if !res.Publish {
				t.Errorf("first update not published: %s", res.Reason)
			}
			for _, e := range res.NFs {
				want := tt.wantFiltered[e.ID]
				if (want == "") != (e.Filtered == "") || !strings.Contains(e.Filtered, want) {
					t.Errorf("%s filtered %q, want %q", e.ID, e.Filtered, want)
				}
			}
			if res.Fallback != tt.wantFallback {
				t.Errorf("fallback = %v, want %v", res.Fallback, tt.wantFallback)
			}
			alerts := strings.Join(res.Alerts, "\n")
			if (tt.wantAlert == "") != (alerts == "") || !strings.Contains(alerts, tt.wantAlert) {
				t.Errorf("alerts %q, want %q", alerts, tt.wantAlert)
			}
			checkInvariants(t, p, res)
		})
	}
}

// TestExplanation checks every number of the four-NF table's explanation.
func TestExplanation(t *testing.T) {
	pol, err := New(testParams())
	if err != nil {
		t.Fatal(err)
	}
	res := pol.Update(fourNFs(), t0)
	want := []struct {
		id                            string
		avail, t, phi, eta, a, lambda float64
		weight                        int
		lo, hi                        float64
	}{
		{"A", 400, 200, 1, 1, 1, 1 / 3.0625, 3265, 0, 0.3265},
		{"B", 800, 200, 1, 0.5, 0.75, 0.75 / 3.0625, 2449, 0.3265, 0.5714},
		{"C", 500, 100, 0.5, 1, 0.75, 0.75 / 3.0625, 2449, 0.5714, 0.8163},
		{"D", 200, 100, 0.5, 0.625, 0.5625, 0.5625 / 3.0625, 1837, 0.8163, 1},
	}
	if len(res.NFs) != len(want) {
		t.Fatalf("%d explanations, want %d", len(res.NFs), len(want))
	}
	for i, w := range want {
		e := res.NFs[i]
		got := []float64{e.Paths[0].AvailMbps, e.T, e.Phi, e.Eta, e.A, e.Lambda, e.Range.Lo, e.Range.Hi}
		exp := []float64{w.avail, w.t, w.phi, w.eta, w.a, w.lambda, w.lo, w.hi}
		for k := range got {
			if math.Abs(got[k]-exp[k]) > 1e-9 {
				t.Errorf("%s: field %d = %v, want %v (explanation %+v)", w.id, k, got[k], exp[k], e)
			}
		}
		if e.ID != w.id || e.Weight != w.weight || e.Published != w.weight {
			t.Errorf("%s: weight %d published %d, want %d", e.ID, e.Weight, e.Published, w.weight)
		}
		if e.BestPath != "fwd-a" || e.PathData != DataFresh || e.CPUData != DataFresh {
			t.Errorf("%s: best %q path %s cpu %s", e.ID, e.BestPath, e.PathData, e.CPUData)
		}
	}
}

func TestApportion(t *testing.T) {
	tests := []struct {
		name   string
		shares []float64
		scale  int
		want   []int
	}{
		{"one", []float64{1}, 10, []int{10}},
		{"halves, odd scale: tie to the first", []float64{0.5, 0.5}, 3, []int{2, 1}},
		// 9.99 and 0.01: floors 9 and 0, raised to 1: sum 10.
		{"tiny share raised to 1", []float64{0.999, 0.001}, 10, []int{9, 1}},
		// 9.8, 0.1, 0.1: floors 9, then 1 and 1 raised: 11, one taken from the first.
		{"raising takes from the big one", []float64{0.98, 0.01, 0.01}, 10, []int{8, 1, 1}},
		{"scale below the count", []float64{0.2, 0.2, 0.2, 0.2, 0.2}, 3, []int{1, 1, 1, 1, 1}},
		// 0.3×7 = 2.1, 0.7×7 = 4.9: floors 2 + 4, spare to the second.
		{"largest remainder", []float64{0.3, 0.7}, 7, []int{2, 5}},
		{"none", nil, 10, []int{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := apportion(tt.shares, tt.scale); !slices.Equal(got, tt.want) {
				t.Fatalf("apportion(%v, %d) = %v, want %v", tt.shares, tt.scale, got, tt.want)
			}
		})
	}
}

func TestMedian(t *testing.T) {
	tests := []struct {
		in   []float64
		want float64
	}{
		{[]float64{3}, 3},
		{[]float64{5, 1, 3}, 3},
		{[]float64{4, 1, 3, 2}, 2.5},
	}
	for _, tt := range tests {
		if got := median(slices.Clone(tt.in)); got != tt.want {
			t.Errorf("median(%v) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

// TestWeightsSumToScale runs the policy on random inputs and parameters and checks the
// invariants each time.
func TestWeightsSumToScale(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for run := range 500 {
		p := DefaultParams()
		p.Gamma = rng.Float64()
		p.MaxRTTMs = float64(rng.IntN(20))
		p.MinAvailMbps = float64(rng.IntN(300))
		p.CPUHigh = 0.5 + rng.Float64()/2
		if run%2 == 0 {
			p.Smoothing, p.SmoothingTauMS = 0.1+0.9*rng.Float64(), 0
		} else {
			p.SmoothingTauMS = 1 + rng.Int64N(10000)
		}
		p.Scale = 1 + rng.IntN(20000)
		p.DefaultCapacityMbps = 1000
		pol, err := New(p)
		if err != nil {
			t.Fatal(err)
		}
		n := 1 + rng.IntN(12)
		for step := range 5 {
			now := t0.Add(time.Duration(step) * 2 * time.Second)
			var nfs []NF
			for i := range n {
				nf := mk(string(rune('a'+i)), 0.1+10*rng.Float64(), 1100*rng.Float64(), rng.Float64())
				nf.Paths[0].At, nf.CPU.At = now, now
				nf.Healthy = rng.IntN(8) != 0
				if rng.IntN(6) == 0 {
					nf.Paths = nil
				}
				if rng.IntN(6) == 0 {
					nf.CPU = CPU{}
				}
				nfs = append(nfs, nf)
			}
			res := pol.Update(nfs, now)
			if t.Failed() {
				t.Fatalf("run %d step %d: params %+v", run, step, p)
			}
			checkInvariants(t, p, res)
		}
	}
}

// checkInvariants: the computed weights sum to the scale when any NF is healthy (0
// otherwise; 1 each when the scale is below the number of NFs that share); every NF that
// gets a share has at least 1, unhealthy NFs 0; the ranges of the weights in force tile
// [0, 1) in ID order.
func checkInvariants(t *testing.T, p Params, res Result) {
	t.Helper()
	sum, healthy, sharing, published := 0, 0, 0, 0
	prev := 0.0
	for _, e := range res.NFs {
		sum += e.Weight
		published += e.Published
		if e.Healthy {
			healthy++
		}
		if e.Weight > 0 {
			sharing++
		}
		if !e.Healthy && e.Weight != 0 {
			t.Errorf("unhealthy %s has weight %d", e.ID, e.Weight)
		}
		if e.Healthy && (e.Filtered == "" || res.Fallback) && e.Weight < 1 {
			t.Errorf("%s gets a share but weight %d", e.ID, e.Weight)
		}
		if res.Weights[e.ID] != e.Published {
			t.Errorf("%s published %d, weights say %d", e.ID, e.Published, res.Weights[e.ID])
		}
		if e.Range.Lo != prev || e.Range.Hi < e.Range.Lo {
			t.Errorf("%s range %+v after %v", e.ID, e.Range, prev)
		}
		prev = e.Range.Hi
	}
	switch {
	case healthy == 0 && sum != 0:
		t.Errorf("no healthy NF but weights sum to %d", sum)
	case healthy > 0 && sharing <= p.Scale && sum != p.Scale:
		t.Errorf("weights sum to %d, want %d (%+v)", sum, p.Scale, res.NFs)
	case sharing > p.Scale && sum != sharing:
		t.Errorf("%d NFs share a scale of %d: weights sum to %d, want 1 each", sharing, p.Scale, sum)
	}
	if want := float64(published) / float64(p.Scale); math.Abs(prev-want) > 1e-9 {
		t.Errorf("ranges end at %v, want %v", prev, want)
	}
}

func mapsEqual(a, b map[string]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}
