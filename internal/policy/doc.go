// Package policy is the controller's comprehensive-ability NF selection: the paper's
// Algorithm 2 (PAPER.md, "Comprehensive-ability NF selection"; DESIGN.md section 4) turned
// into integer weights for the real services (NFs) of one virtual service. It is pure and
// deterministic: no clock reads, no I/O, no goroutines; the caller passes the time in.
//
// # Inputs
//
// Per NF: its health; one path measurement per forwarder that sees it (RTT in ms,
// throughput towards the NF in Mbps from the forwarder's per-RS byte counters, the path's
// capacity in Mbps from configuration, the time it was taken); its CPU utilisation ω in
// 0..1 (the average over its cores, from its Prometheus endpoint or the NFV manager) and the
// time of that. Each measurement is smoothed by an EWMA when a sample newer than the last
// one arrives: a sample dt after that input's previous one weighs 1 − exp(−dt/τ)
// (Params.SmoothingTauMS), so the average spans the same time whatever the report interval
// and a step is 90 % through after τ ln 10; or, with τ = 0, each sample weighs
// Params.Smoothing (the first releases' average, which spans more time the slower the
// reports). A path's RTT also has a fast path (Params.RTTJumpRatio): samples that have all
// been beyond the ratio against the average before them for τ/2, two or more, replace it
// with their mean, so a path that changed for good is followed at once while a shorter
// burst is only averaged. A sample that follows a gap longer than Params.StaleAfter
// restarts the average. Capacities are configuration and are not smoothed.
//
// # Algorithm
//
// NFs are taken in the order of their IDs. Unhealthy NFs get weight 0 and take no part.
//
//  1. Transmit ability. For each fresh path p of NF i:
//     avail_p = max(0, capacity_p − throughput_p)  (Mbps)
//     t_p     = avail_p / max(rtt_p, RTTFloorMS)     (Mbps per ms)
//     The path passes when rtt_p ≤ MaxRTTMs (when MaxRTTMs > 0) and avail_p ≥ MinAvailMbps.
//     t_i = max t_p over the passing paths (the best path); an NF with fresh paths none of
//     which passes is filtered out. Why avail/rtt: a TCP flow's rate is bounded both by the
//     bandwidth left on its path and by window/RTT, so a new connection on a path does
//     better the more bandwidth is free and the shorter the RTT; the ratio ranks paths by
//     both with one number, needs no tuning constant, and since only t_i/t_max is used later
//     its units cancel. A path 5 ms slower than a 2.2 ms one has 2.2/7.2 = 0.31 of its
//     ability at equal free bandwidth; a saturated path (avail 0) has none. RTTs below
//     RTTFloorMS (1 ms by default) count as the floor: on a LAN the probes' jitter of tens
//     of microseconds would otherwise halve or double an NF's φ at random.
//  2. CPU. Of the NFs left, those with ω_i > CPUHigh are filtered out. An NF filtered out
//     for its CPU in the previous update stays out while ω_i > CPUHigh − CPUHysteresis: an
//     NF whose load sits at the bound would otherwise be in and out every update (its own
//     work falls when it gets no traffic, which lets it back in, which raises it again).
//  3. Scores, over the N − k − r NFs left ("survivors"):
//     φ_i = t_i / max_j t_j                (1 for all when max_j t_j = 0)
//     η_i = (1 − ω_i) / max_j (1 − ω_j)    (1 for all when the max is 0)
//     a_i = γ φ_i + (1 − γ) η_i
//  4. λ_i = a_i / Σ_j a_j (1/n for all when Σ a = 0). Integer weights: w_i = λ_i × Scale by
//     the largest-remainder method, every survivor at least 1, Σ w = Scale exactly (ties go
//     to the NF earlier in ID order). The paper's ranges for the random scheduler are
//     tr_i = [Σ_{j<i} w_j, Σ_{j≤i} w_j) / Scale over the weights in force (Explanation.Range).
//
// Degenerate cases:
//   - Missing or stale measurement (no sample, or the newest is older than StaleAfter;
//     invalid samples, such as NaN, a non-positive RTT or ω outside 0..1.05, are ignored, and
//     ω up to 1.05 is clamped to 1): the NF is not judged on
//     that input. It is neither filtered on it nor rewarded or punished: its t_i (or ω_i) is
//     the median over the survivors that have a fresh measurement of that input (the mean of
//     the two middle values for an even count), and the Explanation flags it. When no
//     survivor has one, φ_i = 1 (or ω_i = 0, η_i = 1): all such NFs are alike on that input.
//   - Every healthy NF filtered out: all healthy NFs get equal weights and the Result carries
//     an alert (never black-hole a virtual service).
//   - No healthy NF: every weight is 0 and the Result carries an alert.
//   - One survivor: it gets Scale. All survivors equal: equal weights (±1 from rounding).
//
// # Smoothing and hysteresis
//
// A Policy keeps the EWMA state and the weights last published for one virtual service.
// Update computes fresh weights and publishes them (Result.Publish) when
//   - it is the first update, or Params changed, or the set of NFs changed, or
//   - an NF moved between zero and non-zero weight (health, a filter, the fall-back), or
//   - change = Σ_i |w_i − published_i| / (2 × Scale) > ChangeThreshold.
//
// change is the share of new connections that the new weights would send to a different NF
// (a total variation distance). Otherwise the published weights stay in force, and a slow
// drift is published once it adds up past the threshold. So the weights in force are never
// more than ChangeThreshold away from the computed ones: a dead band, which a sustained
// shift can leave the weights resting at the edge of (lower the threshold for closer
// tracking), and which smoothed noise smaller than it never crosses.
//
// Weights and throughput feed back on each other (an NF with more weight gets more traffic,
// so less free bandwidth); smoothing and the threshold damp that loop, and with long-lived
// flows the weights steer only new connections.
//
// With several forwarders per virtual service every forwarder gets the same weights (Maglev
// needs that to pick the same NF everywhere), so an NF is scored by its best path from any
// forwarder; capacities are per path, so paths that share one link each see its capacity.
package policy
