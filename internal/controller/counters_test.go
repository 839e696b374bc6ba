package controller

import (
	"context"
	"testing"

	"github.com/prometheus/client_golang/prometheus"

	"hvlb/internal/fwdcounters"
	"hvlb/internal/model"
	"hvlb/internal/pb/ctlpb"
	"hvlb/internal/pb/fwdpb"
)

// registryStats is a GetStats read-out that carries every counter of the registries, each
// with its own value (its index + 1), plus a worker counter and a sync counter this build
// does not know (a newer forwarder's), and a sync counter that is a sum of worker counters.
func registryStats() *fwdpb.Stats {
	w := &fwdpb.WorkerStats{Worker: 1}
	st := &fwdpb.Stats{Workers: []*fwdpb.WorkerStats{w}}
	for i, c := range fwdcounters.Registry {
		v := &fwdpb.Counter{Name: c.Name, Value: uint64(i + 1)}
		if c.Group == fwdcounters.Worker {
			w.Counters = append(w.Counters, v)
		} else {
			st.SyncCounters = append(st.SyncCounters, v)
		}
	}
	w.Counters = append(w.Counters, &fwdpb.Counter{Name: "brand_new", Value: 7})
	st.SyncCounters = append(st.SyncCounters, &fwdpb.Counter{Name: "sync_brand_new", Value: 8},
		&fwdpb.Counter{Name: "sync_records_out", Value: 9})
	return st
}

// gatherHelp is the help text of every metric c exports.
func gatherHelp(t *testing.T, c prometheus.Collector) map[string]string {
	t.Helper()
	reg := prometheus.NewRegistry()
	reg.MustRegister(c)
	mfs, err := reg.Gather()
	mustNil(t, err)
	out := map[string]string{}
	for _, mf := range mfs {
		out[mf.GetName()] = mf.GetHelp()
	}
	return out
}

// TestRegistryMetrics walks the forwarder's counter registries: every counter reaches the
// controller's metrics (from an agent's report) and the agent's (ForwarderCollector), named
// as fwdcounters.MetricName says, with the registry's help text; the sums of worker counters
// among the sync counters are not exported twice.
func TestRegistryMetrics(t *testing.T) {
	c := newCtl(t, newClock(), "")
	_, err := c.Register(ctx(), model.Forwarder{ID: "fwd-a"})
	mustNil(t, err)
	mustNil(t, c.RecordReport(ctx(), report("fwd-a", 0, func(r *ctlpb.AgentReport) { r.Stats = registryStats() })))
	agent := fwdCollector{id: "fwd-a", read: func(ctx context.Context) (*fwdpb.Stats, *fwdpb.Steering, error) {
		return registryStats(), nil, nil
	}}
	for name, col := range map[string]prometheus.Collector{"controller": c.Collector(), "agent": agent} {
		got := gatherCollector(t, col)
		help := gatherHelp(t, col)
		for i, rc := range fwdcounters.Registry {
			m := fwdcounters.MetricName(rc.Group, rc.Name)
			key := m + ",forwarder=fwd-a"
			if rc.Group == fwdcounters.Worker {
				key += ",worker=1"
			}
			if v, ok := got[key]; !ok || v != float64(i+1) {
				t.Errorf("%s: %s counter %s: %s = %v (present %v), want %d", name, rc.Group, rc.Name, key, v, ok, i+1)
			}
			if help[m] != rc.Help {
				t.Errorf("%s: %s help %q, want the registry's %q", name, m, help[m], rc.Help)
			}
		}
		for key, want := range map[string]float64{
			"hvlb_worker_brand_new_total,forwarder=fwd-a,worker=1": 7,
			"hvlb_forwarder_sync_brand_new_total,forwarder=fwd-a":  8,
		} {
			if v, ok := got[key]; !ok || v != want {
				t.Errorf("%s: %s = %v (present %v), want %v", name, key, v, ok, want)
			}
		}
		if v, ok := got["hvlb_forwarder_sync_records_out_total,forwarder=fwd-a"]; ok {
			t.Errorf("%s: the workers' sum sync_records_out exported per forwarder too (%v)", name, v)
		}
	}
}
