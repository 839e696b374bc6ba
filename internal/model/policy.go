package model

import (
	"math"
	"net/url"
	"time"
)

// Policy kinds: where the weights the forwarders get for a service's reals come from.
const (
	// PolicyStatic: the operator's weights, as stored (the default).
	PolicyStatic = "static"
	// PolicyComprehensive: the controller's comprehensive-ability policy (internal/policy,
	// DESIGN.md section 4) computes them from path RTT and bandwidth and NF CPU load; the
	// operator's weights stay stored and are used again when the service goes back to
	// static.
	PolicyComprehensive = "comprehensive"
)

var policyKinds = []string{PolicyStatic, PolicyComprehensive}

// Policy is a service's NF-selection policy. PolicyParams is set exactly when Kind is
// comprehensive; its fields are flattened into the policy object in JSON.
type Policy struct {
	Kind string `json:"kind"`
	*PolicyParams
}

// PolicyParams are the comprehensive policy's parameters. The fields are those of
// policy.Params, in the same order and of the same types, so that each converts to the
// other (internal/policy owns the defaults and the ranges).
type PolicyParams struct {
	Gamma         float64 `json:"gamma"`
	MaxRTTMs      float64 `json:"max_rtt_ms"`
	MinAvailMbps  float64 `json:"min_avail_mbps"`
	CPUHigh       float64 `json:"cpu_high"`
	CPUHysteresis float64 `json:"cpu_hysteresis"`
	Smoothing     float64 `json:"smoothing"`
	// SmoothingTauMS: a service saved before it existed has none (0) and so keeps its
	// per-sample Smoothing, as it ran then.
	SmoothingTauMS      int64   `json:"smoothing_tau_ms"`
	RTTJumpRatio        float64 `json:"rtt_jump_ratio"` // a service saved before it: 0, none
	ChangeThreshold     float64 `json:"change_threshold"`
	StaleAfterMS        int64   `json:"stale_after_ms"`
	Scale               int     `json:"scale"`
	DefaultCapacityMbps float64 `json:"default_capacity_mbps"`
	RTTFloorMS          float64 `json:"rtt_floor_ms"`
}

// ChooseSmoothing makes the one of Smoothing (a per-sample weight) and SmoothingTauMS (a
// time constant) that a change gave, and not the other, the one in force: the other
// becomes 0, as at most one of them may be non-zero. So {"smoothing": 0.5} over parameters
// with the default time constant means the per-sample weight 0.5, as it did before
// smoothing_tau_ms, and a time constant given over a saved service's per-sample weight
// replaces it. Giving both, or neither, changes nothing (internal/policy's Validate judges).
func (p *PolicyParams) ChooseSmoothing(smoothingGiven, tauGiven bool) {
	switch {
	case smoothingGiven && !tauGiven && p.Smoothing > 0:
		p.SmoothingTauMS = 0
	case tauGiven && !smoothingGiven && p.SmoothingTauMS > 0:
		p.Smoothing = 0
	}
}

// Comprehensive reports whether the service's weights come from the comprehensive policy.
func (s *Service) Comprehensive() bool {
	return s.Policy.Kind == PolicyComprehensive && s.Policy.PolicyParams != nil
}

// Limits of a real's policy inputs.
const (
	MaxMetricsURLLen = 2048
	MaxCapacityMbps  = 1e7
)

// normalizePolicy checks the kind and that parameters come with comprehensive only; the
// parameters' ranges are internal/policy's to check.
func normalizePolicy(p *Policy) error {
	if p.Kind == "" {
		p.Kind = PolicyStatic
	}
	if err := checkEnum("policy.kind", p.Kind, policyKinds); err != nil {
		return err
	}
	switch {
	case p.Kind == PolicyComprehensive && p.PolicyParams == nil:
		return fieldErr("policy", "kind comprehensive needs its parameters")
	case p.Kind == PolicyStatic && p.PolicyParams != nil:
		return fieldErr("policy", "parameters are only for kind comprehensive")
	}
	return nil
}

// checkPolicyInputs checks a real's metrics_url and capacity_mbps.
func checkPolicyInputs(field string, r *Real) error {
	if r.MetricsURL != "" {
		f := join(field, "metrics_url")
		if err := checkText(f, r.MetricsURL, MaxMetricsURLLen); err != nil {
			return err
		}
		u, err := url.Parse(r.MetricsURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil {
			return fieldErr(f, "%q: want an http:// or https:// URL without credentials", r.MetricsURL)
		}
	}
	if c := r.CapacityMbps; math.IsNaN(c) || math.IsInf(c, 0) || c < 0 || c > MaxCapacityMbps {
		return fieldErr(join(field, "capacity_mbps"), "%v: want 0 (the policy's default_capacity_mbps) .. %g", c, MaxCapacityMbps)
	}
	return nil
}

// Clone returns a deep copy.
func (p Policy) Clone() Policy {
	if p.PolicyParams != nil {
		pp := *p.PolicyParams
		p.PolicyParams = &pp
	}
	return p
}

// PolicyWeights are the weights the comprehensive policy last published for a service's
// reals (by real key), as the store keeps them: the forwarders get them instead of the
// operator's weights, and a restarted controller starts from them.
type PolicyWeights struct {
	Service string         `json:"service"`
	Weights map[string]int `json:"weights"`
	// PerForwarder are the weights computed from each forwarder's own paths to the NFs, by
	// forwarder id then real key, for the forwarders of a sync pool (whose connections keep
	// their NF through a move between forwarders whatever each one's weights); a forwarder
	// without a set of its own gets Weights (docs/scheduling.md, "Weights per forwarder").
	PerForwarder map[string]map[string]int `json:"per_forwarder,omitempty"`
	At           time.Time                 `json:"at"`
	Reason       string                    `json:"reason"`
	Version      uint64                    `json:"version"`
}
