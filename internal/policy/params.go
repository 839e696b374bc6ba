package policy

import (
	"encoding/json"
	"fmt"
	"math"
	"time"

	"hvlb/internal/model"
)

// Params are the policy's settings for one virtual service. Decoding JSON into a Params
// starts from DefaultParams, so absent fields keep their defaults and an explicit 0 (γ = 0,
// no latency bound) is kept as given.
type Params struct {
	// Gamma (γ) weighs transmit ability against CPU headroom: 1 paths only, 0 CPU only.
	Gamma float64 `json:"gamma"`
	// MaxRTTMs is the latency bound: paths slower than this fail. 0: no bound.
	MaxRTTMs float64 `json:"max_rtt_ms"`
	// MinAvailMbps is the least available bandwidth a path needs. 0: no bound.
	MinAvailMbps float64 `json:"min_avail_mbps"`
	// CPUHigh (ω_high) filters out NFs whose CPU utilisation is above it.
	CPUHigh float64 `json:"cpu_high"`
	// CPUHysteresis: an NF filtered out for its CPU gets back in only when its CPU is at
	// or below CPUHigh − CPUHysteresis, so one near the bound does not flap in and out.
	CPUHysteresis float64 `json:"cpu_hysteresis"`
	// Smoothing is the EWMA weight of a new sample, in (0, 1] (1: none), for the per-sample
	// average; 0 (the default): not used, SmoothingTauMS is. At most one of the two is
	// non-zero (both 0: no smoothing).
	Smoothing float64 `json:"smoothing"`
	// SmoothingTauMS is the EWMA's time constant: a sample dt after the input's previous one
	// weighs 1 − exp(−dt/τ), so a step of an input is 63 % through after τ and 90 % after
	// 2.3 τ whatever the report interval, and more frequent reports do not make the average
	// noisier (each weighs less). 0: not used (Smoothing is).
	SmoothingTauMS int64 `json:"smoothing_tau_ms"`
	// RTTJumpRatio is the fast path for a path whose RTT changed for good: when its
	// samples have all been more than this factor above the average (or all below it by
	// it) for at least half the time constant (two samples or more), the average becomes
	// their mean at once instead of closing in over 2.3 τ. 0: none.
	RTTJumpRatio float64 `json:"rtt_jump_ratio"`
	// ChangeThreshold is the share of the scale the weights must move by to be published.
	ChangeThreshold float64 `json:"change_threshold"`
	// StaleAfterMS is the age after which a measurement no longer counts.
	StaleAfterMS int64 `json:"stale_after_ms"`
	// Scale is the sum of the integer weights of the NFs that get traffic.
	Scale int `json:"scale"`
	// DefaultCapacityMbps is a path's capacity when its measurement gives none.
	DefaultCapacityMbps float64 `json:"default_capacity_mbps"`
	// RTTFloorMS is the least RTT the transmit ability divides by: differences below it
	// are the probes' jitter (scheduling, a busy host), not path quality. 0: none.
	RTTFloorMS float64 `json:"rtt_floor_ms"`
}

// Defaults.
const (
	DefaultGamma        = 0.5
	DefaultMaxRTTMs     = 50
	DefaultMinAvailMbps = 0
	// DefaultCPUHigh: an NF whose CPU is more than 70 % busy is left out. A busy NF
	// serves a new connection late (an M/M/1 server's time in system is 1/(1 − ρ) times
	// its service time: 3.3x at 0.7, 6.7x at 0.85), and the paper's experiment loads NFs
	// to 75-80 % as the case to steer away from. With 0.85 such an NF, whose own work
	// takes it to 0.82-0.85, stayed in with a mediocre score and kept a near-equal share
	// (docs/scheduling.md).
	DefaultCPUHigh       = 0.7
	DefaultCPUHysteresis = 0.05
	// DefaultSmoothing: the per-sample weight is not used; DefaultSmoothingTauMS is.
	DefaultSmoothing = 0
	// DefaultSmoothingTauMS: see docs/scheduling.md ("Settling"): short enough that the
	// weights settle within 2 s of a path change, long enough to average the probes' noise.
	DefaultSmoothingTauMS = 1000
	MaxSmoothingTauMS     = 3_600_000 // an hour
	// DefaultRTTJumpRatio: a doubling or halving, which a path's RTT (above rtt_floor_ms)
	// does not hold for half a second from noise alone in the labs, where a 5 ms step on a
	// 2-7 ms path is 3.5 times (docs/scheduling.md, "Settling").
	DefaultRTTJumpRatio    = 2
	DefaultChangeThreshold = 0.05
	DefaultStaleAfterMS    = 15000
	DefaultScale           = 10000
	DefaultCapacityMbps    = 10000 // 10 GbE, the paper's NICs
	DefaultRTTFloorMS      = 1
)

// DefaultParams returns the defaults.
func DefaultParams() Params {
	return Params{
		Gamma:               DefaultGamma,
		MaxRTTMs:            DefaultMaxRTTMs,
		MinAvailMbps:        DefaultMinAvailMbps,
		CPUHigh:             DefaultCPUHigh,
		CPUHysteresis:       DefaultCPUHysteresis,
		Smoothing:           DefaultSmoothing,
		SmoothingTauMS:      DefaultSmoothingTauMS,
		RTTJumpRatio:        DefaultRTTJumpRatio,
		ChangeThreshold:     DefaultChangeThreshold,
		StaleAfterMS:        DefaultStaleAfterMS,
		Scale:               DefaultScale,
		DefaultCapacityMbps: DefaultCapacityMbps,
		RTTFloorMS:          DefaultRTTFloorMS,
	}
}

// UnmarshalJSON decodes onto the defaults. An object that gives one of smoothing and
// smoothing_tau_ms and not the other chooses that one (model.PolicyParams.ChooseSmoothing),
// so that one written before smoothing_tau_ms ({"smoothing": 0.3}) keeps its per-sample
// average rather than failing Validate for giving both.
func (p *Params) UnmarshalJSON(b []byte) error {
	type plain Params
	v := plain(DefaultParams())
	if err := json.Unmarshal(b, &v); err != nil {
		return fmt.Errorf("policy params: %w", err)
	}
	var given map[string]json.RawMessage
	if err := json.Unmarshal(b, &given); err != nil {
		return fmt.Errorf("policy params: %w", err)
	}
	_, s := given["smoothing"]
	_, tau := given["smoothing_tau_ms"]
	m := Params(v).Model()
	m.ChooseSmoothing(s, tau)
	*p = FromModel(m)
	return nil
}

// SmoothingTau is SmoothingTauMS as a duration.
func (p Params) SmoothingTau() time.Duration {
	return time.Duration(p.SmoothingTauMS) * time.Millisecond
}

// StaleAfter is StaleAfterMS as a duration.
func (p Params) StaleAfter() time.Duration {
	return time.Duration(p.StaleAfterMS) * time.Millisecond
}

// Validate returns a *model.FieldError naming the first field out of range (its JSON name).
func (p Params) Validate() error {
	checks := []struct {
		field  string
		v      float64
		ok     bool
		expect string
	}{
		{"gamma", p.Gamma, p.Gamma >= 0 && p.Gamma <= 1, "want 0..1"},
		{"max_rtt_ms", p.MaxRTTMs, p.MaxRTTMs >= 0 && p.MaxRTTMs <= 60e3, "want 0 (no bound) .. 60000"},
		{"min_avail_mbps", p.MinAvailMbps, p.MinAvailMbps >= 0 && p.MinAvailMbps <= 1e7, "want 0 (no bound) .. 1e7"},
		{"cpu_high", p.CPUHigh, p.CPUHigh > 0 && p.CPUHigh <= 1, "want more than 0, at most 1"},
		{"cpu_hysteresis", p.CPUHysteresis, p.CPUHysteresis >= 0 && p.CPUHysteresis < p.CPUHigh, "want 0 (none) .. less than cpu_high"},
		{"smoothing", p.Smoothing, p.Smoothing >= 0 && p.Smoothing <= 1, "want 0 (not used: smoothing_tau_ms) .. 1 (no smoothing)"},
		{"smoothing_tau_ms", float64(p.SmoothingTauMS), p.SmoothingTauMS >= 0 && p.SmoothingTauMS <= MaxSmoothingTauMS,
			fmt.Sprintf("want 0 (not used: smoothing) .. %d", int64(MaxSmoothingTauMS))},
		{"rtt_jump_ratio", p.RTTJumpRatio, p.RTTJumpRatio == 0 || (p.RTTJumpRatio > 1 && p.RTTJumpRatio <= 100),
			"want 0 (none) or more than 1, at most 100"},
		{"change_threshold", p.ChangeThreshold, p.ChangeThreshold >= 0 && p.ChangeThreshold < 1, "want 0..1, less than 1"},
		{"stale_after_ms", float64(p.StaleAfterMS), p.StaleAfterMS > 0 && p.StaleAfterMS <= 86400e3, "want 1..86400000"},
		{"scale", float64(p.Scale), p.Scale >= 1 && p.Scale <= model.MaxWeight, fmt.Sprintf("want 1..%d", model.MaxWeight)},
		{"default_capacity_mbps", p.DefaultCapacityMbps, p.DefaultCapacityMbps > 0 && p.DefaultCapacityMbps <= 1e7, "want more than 0, at most 1e7"},
		{"rtt_floor_ms", p.RTTFloorMS, p.RTTFloorMS >= 0 && p.RTTFloorMS <= 1000, "want 0 (none) .. 1000"},
	}
	for _, c := range checks {
		if math.IsNaN(c.v) || math.IsInf(c.v, 0) || !c.ok {
			return &model.FieldError{Field: c.field, Msg: fmt.Sprintf("%v: %s", c.v, c.expect)}
		}
	}
	if p.Smoothing > 0 && p.SmoothingTauMS > 0 {
		return &model.FieldError{Field: "smoothing", Msg: fmt.Sprintf(
			"%v: smoothing_tau_ms is %d; give one of the per-sample weight and the time constant, the other 0",
			p.Smoothing, p.SmoothingTauMS)}
	}
	return nil
}
