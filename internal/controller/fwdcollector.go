package controller

import (
	"context"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"hvlb/internal/pb/fwdpb"
)

// ReadForwarder reads one forwarder's counters from its local API: its GetStats, and its
// GetSteering (nil when it has none).
type ReadForwarder func(ctx context.Context) (*fwdpb.Stats, *fwdpb.Steering, error)

// ForwarderCollector exports, at each scrape, what read returns for forwarder id, under the
// same names and labels as the controller's Collector gives that forwarder's reports
// (hvlb_worker_*: every counter of the forwarder's registry, docs/counters.md; hvlb_port_*,
// hvlb_service_*, hvlb_real_*, hvlb_forwarder_drops_total…):
// the agent serves it so that a Prometheus can scrape each host. A failed read exports
// nothing of the forwarder (the caller's read can say so).
func ForwarderCollector(id string, read ReadForwarder) prometheus.Collector {
	return fwdCollector{id: id, read: read}
}

type fwdCollector struct {
	id   string
	read ReadForwarder
}

func (fwdCollector) Describe(ch chan<- *prometheus.Desc) { describeForwarder(ch) }

func (k fwdCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	st, sg, err := k.read(ctx)
	if err != nil {
		return
	}
	if sg != nil {
		collectSteering(ch, k.id, sg)
	}
	if st != nil {
		collectStats(ch, k.id, st)
	}
}
