package controller

import (
	"context"

	"github.com/prometheus/client_golang/prometheus"

	"hvlb/internal/policy"
)

// The comprehensive policy's metrics, per service and real, from each service's latest
// update: the weight in force, the smoothed inputs it judged by (fresh ones only), and
// why an NF was filtered out; per service, the fall-back (the alert) and publications.
var (
	policyLabels = []string{"service", "real"}

	mPolicyWeight    = desc("policy_weight", "Weight of a real that the comprehensive policy has in force.", policyLabels...)
	mPolicyRTT       = desc("policy_input_rtt_ms", "Smoothed RTT of the path the policy judged a real by.", policyLabels...)
	mPolicyAvail     = desc("policy_input_avail_mbps", "Available bandwidth (capacity - throughput) of that path.", policyLabels...)
	mPolicyCPU       = desc("policy_input_cpu", "Smoothed CPU utilisation (0..1) of a real.", policyLabels...)
	mPolicyLambda    = desc("policy_lambda", "The share the policy computed for a real (λ).", policyLabels...)
	mPolicyFiltered  = desc("policy_filtered", "1 when the policy filtered a real out, by reason (unhealthy, path, cpu, other).", "service", "real", "reason")
	mPolicyFallback  = desc("policy_fallback", "1 while every healthy real of the service is filtered out (equal weights: an alert).", "service")
	mPolicyFallbacks = desc("policy_fallbacks_total", "Times the policy fell back to equal weights because every real was filtered out.", "service")
	mPolicyPublish   = desc("policy_publishes_total", "Times the policy published new weights since the controller started.", "service")
	mPolicyFwdWeight = desc("policy_forwarder_weight", "Weight of a real that the policy computed from one forwarder's own paths "+
		"(a forwarder of a sync pool; docs/scheduling.md, Weights per forwarder).", "service", "real", "forwarder")

	filterReasons = []string{"unhealthy", "path", "cpu", "other"}
)

func describePolicy(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{mPolicyWeight, mPolicyRTT, mPolicyAvail, mPolicyCPU, mPolicyLambda,
		mPolicyFiltered, mPolicyFallback, mPolicyFallbacks, mPolicyPublish, mPolicyFwdWeight} {
		ch <- d
	}
}

func (c *Controller) collectPolicy(ctx context.Context, ch chan<- prometheus.Metric) {
	samples, err := c.policySamples(ctx)
	if err != nil {
		return
	}
	gauge := prometheus.GaugeValue
	for _, sm := range samples {
		fb := 0.0
		if sm.fallback {
			fb = 1
		}
		emit(ch, mPolicyFallback, gauge, fb, sm.service)
		emit(ch, mPolicyFallbacks, prometheus.CounterValue, float64(sm.fallbacks), sm.service)
		emit(ch, mPolicyPublish, prometheus.CounterValue, float64(sm.publishes), sm.service)
		for fwd, res := range sm.perFwd {
			for i := range res.NFs {
				emit(ch, mPolicyFwdWeight, gauge, float64(res.NFs[i].Published), sm.service, res.NFs[i].ID, fwd)
			}
		}
		for i := range sm.last.NFs {
			e := &sm.last.NFs[i]
			emit(ch, mPolicyWeight, gauge, float64(e.Published), sm.service, e.ID)
			emit(ch, mPolicyLambda, gauge, e.Lambda, sm.service, e.ID)
			if p := inputPath(e); p != nil {
				emit(ch, mPolicyRTT, gauge, p.RTTMs, sm.service, e.ID)
				emit(ch, mPolicyAvail, gauge, p.AvailMbps, sm.service, e.ID)
			}
			if e.CPUData == policy.DataFresh {
				emit(ch, mPolicyCPU, gauge, e.CPU, sm.service, e.ID)
			}
			why := filterReason(e.Filtered)
			for _, r := range filterReasons {
				v := 0.0
				if r == why {
					v = 1
				}
				emit(ch, mPolicyFiltered, gauge, v, sm.service, e.ID, r)
			}
		}
	}
}
