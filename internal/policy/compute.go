package policy

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// snapNF is one NF's smoothed inputs as of the update's time. paths are sorted by
// forwarder and carry their Data and age; AvailMbps, T and Fail are filled in by compute.
type snapNF struct {
	id      string
	healthy bool
	paths   []PathView
	cpu     float64
	cpuData Data
	cpuAge  int64 // ms
	// cpuHeld: the last update filtered the NF out for its CPU, so it must come down to
	// CPUHigh − CPUHysteresis to get back in.
	cpuHeld bool
	notes   []string
}

// outcome is Algorithm 2 applied to one snapshot.
type outcome struct {
	exps     []Explanation // in the order of the snapshot (ID order)
	weights  map[string]int
	fallback bool
	alerts   []string
	// cpuOut[i]: NF i was filtered out for its CPU (the next update's cpuHeld).
	cpuOut []bool
}

// compute runs Algorithm 2 (see the package documentation) over nfs, which are in ID order.
func compute(p Params, nfs []snapNF) outcome {
	out := outcome{exps: make([]Explanation, len(nfs)), weights: make(map[string]int, len(nfs)),
		cpuOut: make([]bool, len(nfs))}
	var healthy, survivors []int
	for i, nf := range nfs {
		e := &out.exps[i]
		*e = Explanation{ID: nf.id, Healthy: nf.healthy, Paths: nf.paths, CPU: nf.cpu,
			CPUData: nf.cpuData, CPUAgeMS: nf.cpuAge, Notes: nf.notes}
		// Step 1: transmit ability and the path bounds.
		pathFail := judgePaths(p, e)
		if !nf.healthy {
			e.Filtered = "unhealthy"
			continue
		}
		healthy = append(healthy, i)
		if pathFail != "" {
			e.Filtered = pathFail
			continue
		}
		// Step 2: the CPU bound, lowered by the hysteresis for an NF already out for it.
		if e.CPUData == DataFresh {
			switch {
			case e.CPU > p.CPUHigh:
				e.Filtered = fmt.Sprintf("cpu %.3f > cpu_high %.3f", e.CPU, p.CPUHigh)
			case nf.cpuHeld && e.CPU > p.CPUHigh-p.CPUHysteresis+1e-9: // 0.7 − 0.05 is 0.6499…
				e.Filtered = fmt.Sprintf("cpu %.3f > cpu_high %.3f - cpu_hysteresis %.3f (out since it passed cpu_high)",
					e.CPU, p.CPUHigh, p.CPUHysteresis)
			}
			if e.Filtered != "" {
				out.cpuOut[i] = true
				continue
			}
		}
		survivors = append(survivors, i)
	}

	lambda := make([]float64, len(nfs))
	var share []int // the NFs that get traffic
	switch {
	case len(healthy) == 0:
		if len(nfs) > 0 {
			out.alerts = append(out.alerts, "no healthy NF: every weight is 0")
		}
	case len(survivors) == 0:
		out.fallback = true
		out.alerts = append(out.alerts, fmt.Sprintf(
			"every healthy NF (%d) was filtered out: equal weights for all of them", len(healthy)))
		for _, i := range healthy {
			lambda[i] = 1 / float64(len(healthy))
		}
		share = healthy
	default:
		score(p, out.exps, survivors)
		for _, i := range survivors {
			lambda[i] = out.exps[i].Lambda
		}
		share = survivors
	}

	if len(share) > p.Scale {
		out.alerts = append(out.alerts, fmt.Sprintf(
			"scale %d is below the %d NFs that get traffic: weight 1 each", p.Scale, len(share)))
	}
	sub := make([]float64, len(share))
	for k, i := range share {
		sub[k] = lambda[i]
	}
	w := apportion(sub, p.Scale)
	for i := range out.exps {
		out.exps[i].Lambda = lambda[i]
		out.weights[out.exps[i].ID] = 0
	}
	for k, i := range share {
		out.exps[i].Weight = w[k]
		out.weights[out.exps[i].ID] = w[k]
	}
	return out
}

// judgePaths fills in each path's available bandwidth, transmit ability and failed bound,
// and the NF's PathData, T and BestPath. It returns why the NF fails the path bounds ("" if
// it does not, or has no fresh path to judge by).
func judgePaths(p Params, e *Explanation) string {
	e.PathData = DataMissing
	best := -1
	var fails []string
	for j := range e.Paths {
		pv := &e.Paths[j]
		pv.AvailMbps = math.Max(0, pv.CapacityMbps-pv.ThroughputMbps)
		pv.T = pv.AvailMbps / math.Max(pv.RTTMs, p.RTTFloorMS)
		switch pv.Data {
		case DataStale:
			if e.PathData == DataMissing {
				e.PathData = DataStale
			}
			continue
		case DataFresh:
			e.PathData = DataFresh
		default:
			continue
		}
		switch {
		case p.MaxRTTMs > 0 && pv.RTTMs > p.MaxRTTMs:
			pv.Fail = fmt.Sprintf("rtt %.3g ms > max_rtt_ms %g", pv.RTTMs, p.MaxRTTMs)
		case pv.AvailMbps < p.MinAvailMbps:
			pv.Fail = fmt.Sprintf("avail %.4g Mbps < min_avail_mbps %g", pv.AvailMbps, p.MinAvailMbps)
		}
		if pv.Fail != "" {
			fails = append(fails, pv.Forwarder+": "+pv.Fail)
			continue
		}
		if best < 0 || pv.T > e.Paths[best].T ||
			(pv.T == e.Paths[best].T && pv.RTTMs < e.Paths[best].RTTMs) {
			best = j
		}
	}
	if e.PathData != DataFresh {
		return ""
	}
	if best < 0 {
		return "path: " + strings.Join(fails, "; ")
	}
	e.T = e.Paths[best].T
	e.BestPath = e.Paths[best].Forwarder
	return ""
}

// score fills in T and CPU for NFs without fresh inputs (the neutral values), then φ, η, a
// and λ of the survivors (steps 3 and 4).
func score(p Params, exps []Explanation, survivors []int) {
	var ts, ws []float64
	for _, i := range survivors {
		if exps[i].PathData == DataFresh {
			ts = append(ts, exps[i].T)
		}
		if exps[i].CPUData == DataFresh {
			ws = append(ws, exps[i].CPU)
		}
	}
	tNeutral, tHow := 1.0, "no survivor has one: phi = 1"
	if len(ts) > 0 {
		tNeutral, tHow = median(ts), "t = the median of the survivors that have one"
	}
	wNeutral, wHow := 0.0, "no survivor has one: eta = 1"
	if len(ws) > 0 {
		wNeutral, wHow = median(ws), "cpu = the median of the survivors that have one"
	}
	tMax, hMax := 0.0, 0.0
	for _, i := range survivors {
		e := &exps[i]
		if e.PathData != DataFresh {
			e.T = tNeutral
			e.Notes = append(e.Notes, fmt.Sprintf("no fresh path measurement (%s): %s", e.PathData, tHow))
		}
		if e.CPUData != DataFresh {
			was := ""
			if e.CPUData == DataStale {
				was = fmt.Sprintf(", last %.3f %d ms ago", e.CPU, e.CPUAgeMS)
			}
			e.CPU = wNeutral
			e.Notes = append(e.Notes, fmt.Sprintf("no fresh cpu measurement (%s%s): %s", e.CPUData, was, wHow))
		}
		tMax = math.Max(tMax, e.T)
		hMax = math.Max(hMax, 1-e.CPU)
	}
	sum := 0.0
	for _, i := range survivors {
		e := &exps[i]
		e.Phi, e.Eta = 1, 1
		if tMax > 0 {
			e.Phi = e.T / tMax
		}
		if hMax > 0 {
			e.Eta = (1 - e.CPU) / hMax
		}
		e.A = p.Gamma*e.Phi + (1-p.Gamma)*e.Eta
		sum += e.A
	}
	for _, i := range survivors {
		if sum > 0 {
			exps[i].Lambda = exps[i].A / sum
		} else {
			exps[i].Lambda = 1 / float64(len(survivors))
		}
	}
}

// median returns the middle value of vs (the mean of the two middle values for an even
// count); vs is not empty. It sorts vs.
func median(vs []float64) float64 {
	slices.Sort(vs)
	n := len(vs)
	if n%2 == 1 {
		return vs[n/2]
	}
	return (vs[n/2-1] + vs[n/2]) / 2
}

// apportion turns shares (summing to 1) into integer weights that sum to scale, each at
// least 1, by the largest-remainder method; ties go to the earlier share. With fewer scale
// units than shares every weight is 1.
func apportion(shares []float64, scale int) []int {
	n := len(shares)
	w := make([]int, n)
	if n == 0 {
		return w
	}
	if scale < n {
		for i := range w {
			w[i] = 1
		}
		return w
	}
	rem := make([]float64, n)
	sum := 0
	for i, s := range shares {
		exact := s * float64(scale)
		w[i] = int(math.Floor(exact))
		if w[i] < 1 {
			w[i] = 1
		}
		rem[i] = exact - float64(w[i])
		sum += w[i]
	}
	// Each step gives to the largest remainder or takes from the smallest, so the
	// result is as close to the exact shares as integers at least 1 allow.
	for ; sum < scale; sum++ {
		k := 0
		for i := 1; i < n; i++ {
			if rem[i] > rem[k] {
				k = i
			}
		}
		w[k]++
		rem[k]--
	}
	for ; sum > scale; sum-- {
		k := -1
		for i := n - 1; i >= 0; i-- {
			if w[i] > 1 && (k < 0 || rem[i] < rem[k]) {
				k = i
			}
		}
		w[k]--
		rem[k]++
	}
	return w
}
