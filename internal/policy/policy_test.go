package policy

import (
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"

	"hvlb/internal/model"
)

func newPolicy(t *testing.T, p Params) *Policy {
	t.Helper()
	pol, err := New(p)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return pol
}

func explanation(t *testing.T, res Result, id string) Explanation {
	t.Helper()
	for _, e := range res.NFs {
		if e.ID == id {
			return e
		}
	}
	t.Fatalf("no explanation for %s", id)
	return Explanation{}
}

// A, B and C are the four-NF table's (t = 200, 200, 100; ω = 0.2, 0.6, 0.2); the cases vary
// what is known of D.
func TestMissingAndStale(t *testing.T) {
	abc := func() []NF { return fourNFs()[:3] }
	old := t0.Add(-20 * time.Second) // older than StaleAfter (10 s)
	tests := []struct {
		name     string
		d        NF
		want     map[string]int
		pathData Data
		cpuData  Data
		note     string
	}{
		{
			// D is neutral on both: t = median(200, 200, 100) = 200, ω = median(.2, .6, .2)
			// = .2, so φ = η = 1, a = 1. a = 1, .75, .75, 1; Σ = 3.5; λ×10000 = 2857.14,
			// 2142.86, 2142.86, 2857.14; floors 9998; spare units to B and C (.857).
			name:     "no measurement at all",
			d:        NF{ID: "D", Healthy: true},
			want:     map[string]int{"A": 2857, "B": 2143, "C": 2143, "D": 2857},
			pathData: DataMissing, cpuData: DataMissing, note: "no fresh path measurement (missing)",
		},
		{
			// D's samples would filter it (rtt 50, ω .99), but they are 20 s old.
			name: "stale measurements",
			d: NF{ID: "D", Healthy: true, CPU: CPU{0.99, old},
				Paths: []Path{{Forwarder: "fwd-a", RTTMs: 50, ThroughputMbps: 900, At: old}}},
			want:     map[string]int{"A": 2857, "B": 2143, "C": 2143, "D": 2857},
			pathData: DataStale, cpuData: DataStale, note: "no fresh cpu measurement (stale, last 0.990 20000 ms ago)",
		},
		{
			// An invalid RTT is ignored: D's path is missing, its CPU (.2) is known; η = 1.
			name: "invalid sample",
			d: NF{ID: "D", Healthy: true, CPU: CPU{0.2, t0},
				Paths: []Path{{Forwarder: "fwd-a", RTTMs: -1, At: t0}}},
			want:     map[string]int{"A": 2857, "B": 2143, "C": 2143, "D": 2857},
			pathData: DataMissing, cpuData: DataFresh, note: "rtt_ms -1",
		},
		{
			// D's path is known (t = 100, φ = .5), its CPU is not: ω = .2, η = 1, a = .75.
			// a = 1, .75, .75, .75; Σ = 3.25; λ×10000 = 3076.92, 2307.69 (×3); floors 9997;
			// spare units to A (.923), then B and C (ties go to the first).
			name: "cpu missing",
			d: NF{ID: "D", Healthy: true,
				Paths: []Path{{Forwarder: "fwd-a", RTTMs: 2, ThroughputMbps: 800, At: t0}}},
			want:     map[string]int{"A": 3077, "B": 2308, "C": 2308, "D": 2307},
			pathData: DataFresh, cpuData: DataMissing, note: "cpu = the median",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := testParams()
			res := newPolicy(t, p).Update(append(abc(), tt.d), t0)
			if !mapsEqual(res.Weights, tt.want) {
				t.Errorf("weights = %v, want %v", res.Weights, tt.want)
			}
			e := explanation(t, res, "D")
			if e.PathData != tt.pathData || e.CPUData != tt.cpuData || e.Filtered != "" {
				t.Errorf("D: path %s cpu %s filtered %q, want %s %s and not filtered",
					e.PathData, e.CPUData, e.Filtered, tt.pathData, tt.cpuData)
			}
			if !strings.Contains(strings.Join(e.Notes, "\n"), tt.note) {
				t.Errorf("D: notes %q, want %q", e.Notes, tt.note)
			}
			checkInvariants(t, p, res)
		})
	}
}

// TestNoneMeasured: when no NF has a CPU measurement, η = 1 for all and the paths decide.
// A: t = 400/2 = 200; B: 400/4 = 100, φ = .5. a = 1, .75: 5714 / 4286 (see "latency bound").
func TestNoneMeasured(t *testing.T) {
	a, b := mk("A", 2, 600, 0), mk("B", 4, 600, 0)
	a.CPU, b.CPU = CPU{}, CPU{}
	res := newPolicy(t, testParams()).Update([]NF{a, b}, t0)
	if want := map[string]int{"A": 5714, "B": 4286}; !mapsEqual(res.Weights, want) {
		t.Fatalf("weights = %v, want %v", res.Weights, want)
	}
	if e := explanation(t, res, "B"); e.Eta != 1 || e.CPU != 0 {
		t.Fatalf("B: eta %v cpu %v, want 1 and 0", e.Eta, e.CPU)
	}
}

// TestGoesStale: D's measurements stop; once they are older than StaleAfter it is neutral.
func TestGoesStale(t *testing.T) {
	pol := newPolicy(t, testParams())
	at := func(nfs []NF, now time.Time, skip string) []NF {
		for i := range nfs {
			if nfs[i].ID == skip {
				continue
			}
			nfs[i].Paths[0].At, nfs[i].CPU.At = now, now
		}
		return nfs
	}
	// D at t0: ω .9 > .85, filtered.
	nfs := fourNFs()
	nfs[3].CPU.Utilization = 0.9
	if res := pol.Update(nfs, t0); res.Weights["D"] != 0 {
		t.Fatalf("D at t0: weight %d, want 0", res.Weights["D"])
	}
	// 5 s on, D's samples are still fresh.
	res := pol.Update(at(fourNFs(), t0.Add(5*time.Second), "D"), t0.Add(5*time.Second))
	if res.Weights["D"] != 0 {
		t.Fatalf("D at +5 s: weight %d, want 0", res.Weights["D"])
	}
	// 11 s on they are stale: D is neutral (as in TestMissingAndStale) and gets traffic again.
	res = pol.Update(at(fourNFs(), t0.Add(11*time.Second), "D"), t0.Add(11*time.Second))
	if want := map[string]int{"A": 2857, "B": 2143, "C": 2143, "D": 2857}; !mapsEqual(res.Weights, want) || !res.Publish {
		t.Fatalf("D stale: weights %v (publish %v), want %v", res.Weights, res.Publish, want)
	}
}

// TestSmoothing: EWMA with weight 0.5 on a new sample (the per-sample kind); a sample seen
// before is not taken again; after a gap longer than StaleAfter the average restarts.
func TestSmoothing(t *testing.T) {
	p := testParams()
	p.Smoothing, p.SmoothingTauMS = 0.5, 0
	pol := newPolicy(t, p)
	steps := []struct {
		at        time.Duration // sample time after t0
		rtt, cpu  float64
		now       time.Duration
		wantRTT   float64
		wantCPU   float64
		wantFresh bool
	}{
		{0, 2, 0.2, 0, 2, 0.2, true},
		{time.Second, 4, 0.6, time.Second, 3, 0.4, true},           // (2+4)/2, (.2+.6)/2
		{time.Second, 8, 0.8, 2 * time.Second, 3, 0.4, true},       // same sample time: ignored
		{3 * time.Second, 4, 0.4, 3 * time.Second, 3.5, 0.4, true}, // (3+4)/2, (.4+.4)/2
		// 17 s old: stale, and no other NF has a fresh CPU: neutral ω = 0 (the smoothed
		// .4 is in the note).
		{3 * time.Second, 4, 0.4, 20 * time.Second, 3.5, 0, false},
		{30 * time.Second, 6, 0.1, 30 * time.Second, 6, 0.1, true}, // 27 s gap: restart
	}
	for i, s := range steps {
		nf := mk("A", s.rtt, 0, s.cpu)
		nf.Paths[0].At, nf.CPU.At = t0.Add(s.at), t0.Add(s.at)
		e := pol.Update([]NF{nf}, t0.Add(s.now)).NFs[0]
		if e.Paths[0].RTTMs != s.wantRTT || math.Abs(e.CPU-s.wantCPU) > 1e-12 {
			t.Errorf("step %d: rtt %v cpu %v, want %v %v", i, e.Paths[0].RTTMs, e.CPU, s.wantRTT, s.wantCPU)
		}
		if fresh := e.PathData == DataFresh; fresh != s.wantFresh {
			t.Errorf("step %d: path data %s, want fresh=%v", i, e.PathData, s.wantFresh)
		}
		if !s.wantFresh && !strings.Contains(strings.Join(e.Notes, " "), "last 0.400 17000 ms ago") {
			t.Errorf("step %d: notes %q lack the stale value", i, e.Notes)
		}
	}
}

// TestSmoothingTau: with a time constant a step of an input is 90 % through τ ln 10 after
// the last sample before it, whatever the interval between samples (each sample weighs
// 1 − exp(−dt/τ), so the weights of n samples dt apart compound to those of one n dt
// later), and samples more frequent by a factor k weigh 1/k as much each, so noise
// averages over the same time rather than the same number of samples.
func TestSmoothingTau(t *testing.T) {
	const tau = 800 * time.Millisecond
	p := testParams()
	p.SmoothingTauMS = tau.Milliseconds()
	p.RTTJumpRatio = 0 // the average alone (TestRTTJump)
	var sds []float64
	for _, dt := range []time.Duration{50 * time.Millisecond, 100 * time.Millisecond, 250 * time.Millisecond,
		time.Second} {
		pol := newPolicy(t, p)
		feed := func(at time.Duration, rtt float64) float64 {
			nf := mk("A", rtt, 0, 0.2)
			nf.Paths[0].At, nf.CPU.At = t0.Add(at), t0.Add(at)
			return pol.Update([]NF{nf}, t0.Add(at)).NFs[0].Paths[0].RTTMs
		}
		// 5 s at 2 ms, then 12 ms from the sample after 5 s.
		const before = 5 * time.Second
		for at := time.Duration(0); at <= before; at += dt {
			if v := feed(at, 2); v != 2 {
				t.Fatalf("dt %v: constant input smoothed to %v", dt, v)
			}
		}
		t90 := time.Duration(-1)
		for at := before + dt; at <= before+5*time.Second; at += dt {
			v := feed(at, 12)
			// Exact: 12 − 10 exp(−(at − before)/τ).
			if want := 12 - 10*math.Exp(-float64(at-before)/float64(tau)); math.Abs(v-want) > 1e-9 {
				t.Fatalf("dt %v: at +%v rtt %v, want %v", dt, at-before, v, want)
			}
			if t90 < 0 && v >= 2+0.9*10 {
				t90 = at - before
			}
		}
		ln10 := math.Ln10
		lo := time.Duration(float64(tau) * ln10)
		if t90 < lo || t90 >= lo+dt {
			t.Errorf("dt %v: 90 %% of the step after %v, want %v (to the next sample)", dt, t90, lo)
		}
		// Noise: ±1 ms uniform on every sample for 60 s; the average's spread.
		rng := rand.New(rand.NewPCG(3, uint64(dt)))
		var sum, sum2 float64
		n := 0
		for at := before + 10*time.Second; at <= before+70*time.Second; at += dt {
			v := feed(at, 5+(2*rng.Float64()-1))
			if at > before+15*time.Second {
				sum, sum2, n = sum+v, sum2+v*v, n+1
			}
		}
		sds = append(sds, math.Sqrt(sum2/float64(n)-(sum/float64(n))*(sum/float64(n))))
	}
	t.Logf("spread of the average (samples every 50 ms, 100 ms, 250 ms, 1 s): %.3f", sds)
	for i := 1; i < len(sds); i++ {
		if sds[i-1] > sds[i] {
			t.Errorf("more frequent samples gave a noisier average: %.3f", sds)
		}
	}
}

// TestRTTJump: a path's RTT that stays beyond rtt_jump_ratio times its average (either
// way) for τ/2, two samples or more, replaces the average with the run's mean; a shorter
// burst, a run broken by a sample within the ratio, or jitter below rtt_floor_ms is only
// averaged.
func TestRTTJump(t *testing.T) {
	p := testParams()
	p.SmoothingTauMS, p.RTTJumpRatio, p.RTTFloorMS = 1000, 2, 1
	type sample struct {
		at   time.Duration // after t0
		rtt  float64
		want float64 // the average after it; <0: an EWMA step, checked to be neither x nor a jump
	}
	w := func(dt time.Duration) float64 { return -math.Expm1(-dt.Seconds()) } // tau 1 s
	ms := time.Millisecond
	for _, tt := range []struct {
		name    string
		samples []sample
	}{
		{"a step up, every 250 ms: jumps on the sample τ/2 after the first beyond", []sample{
			{0, 2, 2}, {250 * ms, 7, 2 + w(250*ms)*5}, {500 * ms, 7, -1}, {750 * ms, 7, 7}}},
		{"a step down, reports every 1 s: jumps on the second", []sample{
			{0, 8, 8}, {time.Second, 2, 8 - w(time.Second)*6}, {2 * time.Second, 3, 2.5}}},
		{"a burst of 250 ms is averaged", []sample{
			{0, 2, 2}, {250 * ms, 9, -1}, {500 * ms, 2, -1}, {750 * ms, 9, -1}}},
		{"a run broken by a sample within the ratio starts again", []sample{
			{0, 2, 2}, {250 * ms, 9, -1}, {500 * ms, 3.5, -1}, {750 * ms, 9, -1}, {time.Second, 9, -1},
			{1250 * ms, 9, 9}}},
		{"jitter below the floor is none", []sample{
			{0, 0.1, 0.1}, {250 * ms, 0.9, -1}, {500 * ms, 0.9, -1}, {750 * ms, 0.9, -1}}},
	} {
		pol := newPolicy(t, p)
		prev := 0.0
		for i, s := range tt.samples {
			nf := mk("A", s.rtt, 0, 0.2)
			nf.Paths[0].At, nf.CPU.At = t0.Add(s.at), t0.Add(s.at)
			got := pol.Update([]NF{nf}, t0.Add(s.at)).NFs[0].Paths[0].RTTMs
			if i > 0 {
				ewma := prev + w(s.at-tt.samples[i-1].at)*(s.rtt-prev)
				if s.want < 0 && math.Abs(got-ewma) > 1e-9 {
					t.Errorf("%s: sample %d: %v, want the EWMA's %v", tt.name, i, got, ewma)
				}
			}
			if s.want >= 0 && math.Abs(got-s.want) > 1e-9 {
				t.Errorf("%s: sample %d: %v, want %v", tt.name, i, got, s.want)
			}
			prev = got
		}
	}
	// 0: no jumps; and none without smoothing.
	for _, edit := range []func(*Params){func(p *Params) { p.RTTJumpRatio = 0 },
		func(p *Params) { p.SmoothingTauMS, p.Smoothing = 0, 1 }} {
		q := p
		edit(&q)
		pol := newPolicy(t, q)
		var got float64
		for i, rtt := range []float64{2, 8, 8, 8} {
			at := time.Duration(i) * 500 * ms
			nf := mk("A", rtt, 0, 0.2)
			nf.Paths[0].At, nf.CPU.At = t0.Add(at), t0.Add(at)
			got = pol.Update([]NF{nf}, t0.Add(at)).NFs[0].Paths[0].RTTMs
		}
		want := 8.0
		if q.RTTJumpRatio == 0 {
			want = 8 - 6*math.Exp(-1.5)
		}
		if math.Abs(got-want) > 1e-9 {
			t.Errorf("%+v: %v, want %v", q, got, want)
		}
	}
}

// TestHysteresis is a table of ordered steps: each sets B's CPU (A stays at .2; both paths
// t = 200) and says whether the weights are published.
func TestHysteresis(t *testing.T) {
	p := testParams()
	pol := newPolicy(t, p)
	steps := []struct {
		name        string
		nfs         []NF
		edit        func(*Params)
		wantPublish bool
		want        map[string]int // in force after the step
		reason      string
	}{
		{"first", []NF{mk("A", 2, 600, 0.2), mk("B", 4, 200, 0.2)}, nil, true,
			map[string]int{"A": 5000, "B": 5000}, "first update"},
		// η_B = .74/.8 = .925, a_B = .9625; λ_A = 1/1.9625: 5095.54 / 4904.46 → 5096 / 4904.
		// change = 96/10000 = 0.96% ≤ 5%: not published.
		{"small change", []NF{mk("A", 2, 600, 0.2), mk("B", 4, 200, 0.26)}, nil, false,
			map[string]int{"A": 5000, "B": 5000}, "within change_threshold"},
		// η_B = .5/.8 = .625, a_B = .8125; λ_A = 1/1.8125: 5517.24 / 4482.76 → 5517 / 4483.
		// change = 5.17% > 5%: published.
		{"big change", []NF{mk("A", 2, 600, 0.2), mk("B", 4, 200, 0.5)}, nil, true,
			map[string]int{"A": 5517, "B": 4483}, "weights moved 5.17%"},
		// B at .45: η_B = .55/.8 = .6875, a_B = .84375; λ_A = 1/1.84375: 5423.73 /
		// 4576.27 → 5424 / 4576; change 93/10000 = 0.93%: not published.
		{"small change back", []NF{mk("A", 2, 600, 0.2), mk("B", 4, 200, 0.45)}, nil, false,
			map[string]int{"A": 5517, "B": 4483}, "within"},
		// A new NF C (as A) is published at once: a = 1, .84375, 1; Σ = 2.84375;
		// λ×10000 = 3516.48, 2967.03, 3516.48; floors 9999; the spare unit to A (the first
		// of the tied remainders .48).
		{"NF added", []NF{mk("A", 2, 600, 0.2), mk("B", 4, 200, 0.45), mk("C", 2, 600, 0.2)}, nil, true,
			map[string]int{"A": 3517, "B": 2967, "C": 3516}, "added or removed"},
		// C down: A and B go back to 5424 / 4576 (see above), and C moves to 0: published.
		{"NF down", []NF{mk("A", 2, 600, 0.2), mk("B", 4, 200, 0.45), down(mk("C", 2, 600, 0.2))}, nil, true,
			map[string]int{"A": 5424, "B": 4576, "C": 0}, "C now gets no traffic"},
		// γ = 1: both t = 200: 5000 / 5000, published because the parameters changed.
		{"params", []NF{mk("A", 2, 600, 0.2), mk("B", 4, 200, 0.45), down(mk("C", 2, 600, 0.2))},
			func(p *Params) { p.Gamma = 1 }, true,
			map[string]int{"A": 5000, "B": 5000, "C": 0}, "parameters changed"},
		{"params, same again", []NF{mk("A", 2, 600, 0.2), mk("B", 4, 200, 0.45), down(mk("C", 2, 600, 0.2))},
			nil, false, map[string]int{"A": 5000, "B": 5000, "C": 0}, "within"},
	}
	for i, s := range steps {
		if s.edit != nil {
			np := pol.Params()
			s.edit(&np)
			if err := pol.SetParams(np); err != nil {
				t.Fatalf("step %s: SetParams: %v", s.name, err)
			}
		}
		now := t0.Add(time.Duration(i) * time.Second)
		for j := range s.nfs {
			s.nfs[j].Paths[0].At, s.nfs[j].CPU.At = now, now
		}
		res := pol.Update(s.nfs, now)
		if res.Publish != s.wantPublish || !mapsEqual(res.Weights, s.want) || !strings.Contains(res.Reason, s.reason) {
			t.Fatalf("step %s: publish %v weights %v reason %q; want %v %v %q",
				s.name, res.Publish, res.Weights, res.Reason, s.wantPublish, s.want, s.reason)
		}
		if !mapsEqual(pol.Published(), s.want) {
			t.Fatalf("step %s: Published() = %v", s.name, pol.Published())
		}
	}
}

// TestNoisyConstantInput: 100 steps of noise around one operating point (RTT ±10%,
// throughput ±10%, CPU ±0.05), a report every 500 ms, with the default smoothing and
// threshold publish once.
func TestNoisyConstantInput(t *testing.T) {
	for seed := range uint64(50) {
		rng := rand.New(rand.NewPCG(seed, 7))
		noisy := func(v, rel float64) float64 { return v * (1 + rel*(2*rng.Float64()-1)) }
		p := DefaultParams()
		p.DefaultCapacityMbps = 1000
		pol := newPolicy(t, p)
		base := []struct{ rtt, thr, cpu float64 }{{2.2, 500, 0.3}, {2.2, 400, 0.5}, {3, 300, 0.4}, {2.5, 600, 0.2}}
		publishes := 0
		for step := range 100 {
			now := t0.Add(time.Duration(step) * 1000 * time.Millisecond)
			var nfs []NF
			for i, b := range base {
				nf := mk(string(rune('A'+i)), noisy(b.rtt, 0.1), noisy(b.thr, 0.1), b.cpu+0.05*(2*rng.Float64()-1))
				nf.Paths[0].At, nf.CPU.At = now, now
				nfs = append(nfs, nf)
			}
			res := pol.Update(nfs, now)
			checkInvariants(t, p, res)
			if res.Publish {
				publishes++
				if step > 0 {
					t.Logf("seed %d step %d: %s", seed, step, res.Reason)
				}
			}
		}
		if publishes != 1 {
			t.Errorf("seed %d: published %d times in 100 steps, want 1", seed, publishes)
		}
	}
}

// TestMovesAwayAndBack: four equal NFs reported every 500 ms; D's path gets +5 ms and C's
// CPU goes to .8; their weights fall within a few seconds and come back after the
// condition clears.
// Under the condition: t_D = 500/7.2 = 69.4 vs 500/2.2 = 227.3, φ_D = .306; η_C = .2/.7 =
// .286; a = 1, 1, .643, .653: C and D settle near 1951 and 1981, A and B near 3034.
func TestMovesAwayAndBack(t *testing.T) {
	p := DefaultParams()
	p.DefaultCapacityMbps = 1000
	p.CPUHigh = 0.85 // C at 0.8 stays in: this is about the scores moving the weights
	pol := newPolicy(t, p)
	step := 0
	run := func(rttD, cpuC float64) Result {
		now := t0.Add(time.Duration(step) * 1000 * time.Millisecond)
		step++
		nfs := []NF{mk("A", 2.2, 500, 0.3), mk("B", 2.2, 500, 0.3), mk("C", 2.2, 500, cpuC), mk("D", rttD, 500, 0.3)}
		for i := range nfs {
			nfs[i].Paths[0].At, nfs[i].CPU.At = now, now
		}
		return pol.Update(nfs, now)
	}
	if res := run(2.2, 0.3); res.Weights["C"] != 2500 || res.Weights["D"] != 2500 {
		t.Fatalf("steady: %v", res.Weights)
	}
	// Within 6 reports (3 s) the published weights leave the delayed and the loaded NF.
	moved := -1
	for i := range 10 {
		res := run(7.2, 0.8)
		if res.Weights["C"] <= 2350 && res.Weights["D"] <= 2150 && res.Weights["A"] >= 2750 {
			moved = i + 1
			break
		}
	}
	if moved < 0 || moved > 6 {
		t.Fatalf("weights did not move away within 6 reports (%d): %v", moved, pol.Published())
	}
	for range 10 {
		run(7.2, 0.8)
	}
	// Within 10 reports (5 s) of the condition clearing the weights are back within the
	// dead band of equal weights (a quick average can leave them resting at its edge).
	equal := map[string]int{"A": 2500, "B": 2500, "C": 2500, "D": 2500}
	back := -1
	for i := range 20 {
		res := run(2.2, 0.3)
		if change(res.Weights, equal, p.Scale) <= p.ChangeThreshold {
			back = i + 1
			break
		}
	}
	if back < 0 || back > 10 {
		t.Fatalf("weights did not come back within 10 reports (%d): %v", back, pol.Published())
	}
	t.Logf("moved away after %d reports, back after %d", moved, back)
}

// An NF that passes cpu_high stays out until it is back at cpu_high − cpu_hysteresis.
func TestCPUHysteresis(t *testing.T) {
	p := testParams()
	p.CPUHigh, p.CPUHysteresis = 0.7, 0.05
	pol := newPolicy(t, p)
	steps := []struct {
		cpu      float64
		filtered string // substring of C's Filtered; "" when C is in
	}{
		{0.5, ""},
		{0.72, "cpu 0.720 > cpu_high 0.700"},
		{0.68, "cpu_hysteresis 0.050"}, // under cpu_high, but not yet under 0.65
		{0.66, "cpu_hysteresis"},
		{0.65, ""}, // at cpu_high − cpu_hysteresis: back in
		{0.68, ""}, // not held any more: only cpu_high counts
		{0.701, "cpu 0.701 > cpu_high"},
	}
	for i, st := range steps {
		now := t0.Add(time.Duration(i) * time.Second)
		nfs := []NF{mk("A", 2, 500, 0.3), mk("C", 2, 500, st.cpu)}
		for k := range nfs {
			nfs[k].Paths[0].At, nfs[k].CPU.At = now, now
		}
		res := pol.Update(nfs, now)
		c := res.NFs[1]
		if (st.filtered == "") != (c.Filtered == "") || !strings.Contains(c.Filtered, st.filtered) {
			t.Fatalf("step %d, cpu %.3f: C filtered %q, want %q", i, st.cpu, c.Filtered, st.filtered)
		}
		if (c.Filtered == "") != (res.Weights["C"] > 0) {
			t.Fatalf("step %d: C's weight %d with filtered %q", i, res.Weights["C"], c.Filtered)
		}
	}
}

func TestDeterministic(t *testing.T) {
	a, b := newPolicy(t, testParams()), newPolicy(t, testParams())
	in := append(fourNFs(), NF{ID: "E", Healthy: true})
	for i := range 3 {
		now := t0.Add(time.Duration(i) * time.Second)
		if ra, rb := a.Update(in, now), b.Update(in, now); !reflect.DeepEqual(ra, rb) {
			t.Fatalf("step %d: results differ:\n%+v\n%+v", i, ra, rb)
		}
	}
}

func TestInputHygiene(t *testing.T) {
	pol := newPolicy(t, testParams())
	two := NF{ID: "A", Healthy: true, CPU: CPU{0.2, t0}, Paths: []Path{
		{Forwarder: "fwd-a", RTTMs: 2, ThroughputMbps: 600, At: t0},
		{Forwarder: "fwd-b", RTTMs: 3, ThroughputMbps: 600, At: t0}}}
	res := pol.Update([]NF{two, mk("A", 1, 1, 0.1), {ID: ""}}, t0)
	if len(res.NFs) != 1 || len(res.Alerts) != 2 || !strings.Contains(res.Alerts[0], "duplicate") {
		t.Fatalf("NFs %d alerts %q, want 1 NF and 2 alerts", len(res.NFs), res.Alerts)
	}
	if got := len(res.NFs[0].Paths); got != 2 {
		t.Fatalf("%d paths, want 2", got)
	}
	// fwd-b is gone from the input: its state goes too.
	two.Paths = two.Paths[:1]
	res = pol.Update([]NF{two}, t0.Add(time.Second))
	if got := len(res.NFs[0].Paths); got != 1 {
		t.Fatalf("%d paths after fwd-b left, want 1", got)
	}
	// A CPU sample out of range is ignored and noted.
	bad := mk("A", 2, 600, 1.5)
	bad.CPU.At = t0.Add(2 * time.Second)
	res = pol.Update([]NF{bad}, t0.Add(2*time.Second))
	if e := res.NFs[0]; e.CPU != 0.2 || !strings.Contains(strings.Join(e.Notes, " "), "cpu sample 1.5 ignored") {
		t.Fatalf("cpu %v notes %q", e.CPU, e.Notes)
	}
}

func TestParamsValidate(t *testing.T) {
	tests := []struct {
		name  string
		edit  func(*Params)
		field string
	}{
		{"defaults", func(*Params) {}, ""},
		{"gamma 0", func(p *Params) { p.Gamma = 0 }, ""},
		{"gamma 1", func(p *Params) { p.Gamma = 1 }, ""},
		{"no bounds", func(p *Params) { p.MaxRTTMs, p.MinAvailMbps = 0, 0 }, ""},
		{"gamma above 1", func(p *Params) { p.Gamma = 1.5 }, "gamma"},
		{"gamma NaN", func(p *Params) { p.Gamma = math.NaN() }, "gamma"},
		{"negative rtt bound", func(p *Params) { p.MaxRTTMs = -1 }, "max_rtt_ms"},
		{"negative bandwidth", func(p *Params) { p.MinAvailMbps = -1 }, "min_avail_mbps"},
		{"cpu_high 0", func(p *Params) { p.CPUHigh = 0 }, "cpu_high"},
		{"cpu_high above 1", func(p *Params) { p.CPUHigh = 1.1 }, "cpu_high"},
		{"cpu_hysteresis negative", func(p *Params) { p.CPUHysteresis = -0.1 }, "cpu_hysteresis"},
		{"cpu_hysteresis not under cpu_high", func(p *Params) { p.CPUHigh, p.CPUHysteresis = 0.5, 0.5 }, "cpu_hysteresis"},
		{"smoothing per sample", func(p *Params) { p.Smoothing, p.SmoothingTauMS = 0.3, 0 }, ""},
		{"no smoothing", func(p *Params) { p.Smoothing, p.SmoothingTauMS = 0, 0 }, ""},
		{"smoothing above 1", func(p *Params) { p.Smoothing, p.SmoothingTauMS = 1.1, 0 }, "smoothing"},
		{"smoothing negative", func(p *Params) { p.Smoothing = -0.1 }, "smoothing"},
		{"both kinds of smoothing", func(p *Params) { p.Smoothing, p.SmoothingTauMS = 0.3, 500 }, "smoothing"},
		{"smoothing_tau_ms negative", func(p *Params) { p.SmoothingTauMS = -1 }, "smoothing_tau_ms"},
		{"smoothing_tau_ms above an hour", func(p *Params) { p.SmoothingTauMS = MaxSmoothingTauMS + 1 }, "smoothing_tau_ms"},
		{"no jumps", func(p *Params) { p.RTTJumpRatio = 0 }, ""},
		{"rtt_jump_ratio 1", func(p *Params) { p.RTTJumpRatio = 1 }, "rtt_jump_ratio"},
		{"rtt_jump_ratio above 100", func(p *Params) { p.RTTJumpRatio = 101 }, "rtt_jump_ratio"},
		{"threshold 1", func(p *Params) { p.ChangeThreshold = 1 }, "change_threshold"},
		{"stale 0", func(p *Params) { p.StaleAfterMS = 0 }, "stale_after_ms"},
		{"scale 0", func(p *Params) { p.Scale = 0 }, "scale"},
		{"scale too big", func(p *Params) { p.Scale = model.MaxWeight + 1 }, "scale"},
		{"capacity 0", func(p *Params) { p.DefaultCapacityMbps = 0 }, "default_capacity_mbps"},
		{"capacity inf", func(p *Params) { p.DefaultCapacityMbps = math.Inf(1) }, "default_capacity_mbps"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := DefaultParams()
			tt.edit(&p)
			err := p.Validate()
			var fe *model.FieldError
			switch {
			case tt.field == "" && err != nil:
				t.Fatalf("Validate() = %v, want nil", err)
			case tt.field != "" && (!errors.As(err, &fe) || fe.Field != tt.field):
				t.Fatalf("Validate() = %v, want a FieldError on %s", err, tt.field)
			}
			_, err = New(p)
			if (err == nil) != (tt.field == "") || (err != nil && !errors.As(err, &fe)) {
				t.Fatalf("New() = %v", err)
			}
		})
	}
}

func TestParamsJSON(t *testing.T) {
	tests := []struct {
		in   string
		want func(*Params)
	}{
		{`{}`, func(*Params) {}},
		{`{"gamma": 0}`, func(p *Params) { p.Gamma = 0 }},
		{`{"max_rtt_ms": 0, "scale": 1000}`, func(p *Params) { p.MaxRTTMs, p.Scale = 0, 1000 }},
		// Written before smoothing_tau_ms: the per-sample weight stays in force.
		{`{"smoothing": 0.3}`, func(p *Params) { p.Smoothing, p.SmoothingTauMS = 0.3, 0 }},
		{`{"smoothing_tau_ms": 400}`, func(p *Params) { p.SmoothingTauMS = 400 }},
		{`{"smoothing_tau_ms": 0}`, func(p *Params) { p.SmoothingTauMS = 0 }},
		// Both given: kept as given, for Validate to refuse.
		{`{"smoothing": 0.3, "smoothing_tau_ms": 400}`, func(p *Params) { p.Smoothing, p.SmoothingTauMS = 0.3, 400 }},
	}
	for _, tt := range tests {
		var got Params
		if err := json.Unmarshal([]byte(tt.in), &got); err != nil {
			t.Fatalf("%s: %v", tt.in, err)
		}
		want := DefaultParams()
		tt.want(&want)
		if got != want {
			t.Errorf("%s: %+v, want %+v", tt.in, got, want)
		}
	}
	var p Params
	if err := json.Unmarshal([]byte(`{"gamma": "x"}`), &p); err == nil {
		t.Fatal("bad gamma decoded")
	}

	// A service stored before smoothing_tau_ms and rtt_jump_ratio (the store decodes
	// model.PolicyParams as it is, with no defaults): its per-sample average, no jumps,
	// valid as it ran then.
	var stored model.PolicyParams
	if err := json.Unmarshal([]byte(`{"gamma": 0.5, "max_rtt_ms": 50, "min_avail_mbps": 0, "cpu_high": 0.7,
		"cpu_hysteresis": 0.05, "smoothing": 0.3, "change_threshold": 0.05, "stale_after_ms": 15000,
		"scale": 10000, "default_capacity_mbps": 10000, "rtt_floor_ms": 1}`), &stored); err != nil {
		t.Fatal(err)
	}
	old := FromModel(stored)
	if err := old.Validate(); err != nil || old.Smoothing != 0.3 || old.SmoothingTauMS != 0 || old.RTTJumpRatio != 0 {
		t.Errorf("stored before: %+v, %v", old, err)
	}
	if sm := old.rttSmoother(); sm.tau != 0 || sm.alpha != 0.3 || sm.jump != 0 {
		t.Errorf("stored before: smoother %+v, want the per-sample 0.3 without jumps", sm)
	}
}
