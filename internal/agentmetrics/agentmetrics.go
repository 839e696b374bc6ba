// Package agentmetrics is hvlb-agent's Prometheus endpoint (--metrics-addr): the counters
// of the forwarder beside it, read from the forwarder's local API (GetStats, GetSteering) at
// each scrape, so that a Prometheus that scrapes every host sees every forwarder even when
// the controller is away. The names and labels are the controller's (internal/controller,
// metrics.go), with the agent's --id as the forwarder label; hvlb_agent_forwarder_up says
// whether the last read worked. With a BGP speaker, hvlb_agent_bgp_* show its sessions
// and announcements (bgp.go).
package agentmetrics

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"hvlb/internal/bgp"
	"hvlb/internal/controller"
	"hvlb/internal/fwdclient"
	"hvlb/internal/logging"
	"hvlb/internal/pb/fwdpb"
)

// steeringOverrides is how many overrides a scrape asks for: only their count is exported.
const steeringOverrides = 1

var upDesc = prometheus.NewDesc("hvlb_agent_forwarder_up",
	"1 when the agent's read of its forwarder's counters (local API) for this scrape worked, else 0.",
	[]string{"forwarder"}, nil)

// Handler serves /metrics for forwarder id, read through fc, and of its BGP speaker sp
// (nil: none).
func Handler(id string, fc *fwdclient.Client, sp *bgp.Speaker, log *slog.Logger) http.Handler {
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		NewCollector(id, fc, log))
	if sp != nil {
		reg.MustRegister(NewBGPCollector(id, sp, log))
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{ErrorHandling: promhttp.ContinueOnError}))
	return mux
}

// NewCollector returns the collector of forwarder id's counters, read through fc at each
// scrape, and of hvlb_agent_forwarder_up.
func NewCollector(id string, fc *fwdclient.Client, log *slog.Logger) prometheus.Collector {
	if log == nil {
		log = slog.Default()
	}
	c := &collector{id: id, fc: fc, log: log}
	c.inner = controller.ForwarderCollector(id, c.read)
	return c
}

// collector is the forwarder's collector plus hvlb_agent_forwarder_up. Scrapes take turns,
// so each up sample is its own read's.
type collector struct {
	id    string
	fc    *fwdclient.Client
	log   *slog.Logger
	inner prometheus.Collector

	mu  sync.Mutex
	err error // the read of the Collect under way
}

func (c *collector) Describe(ch chan<- *prometheus.Desc) {
	c.inner.Describe(ch)
	ch <- upDesc
}

func (c *collector) Collect(ch chan<- prometheus.Metric) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.err = nil
	c.inner.Collect(ch)
	up := 1.0
	if c.err != nil {
		c.log.Warn("metrics: read the forwarder's counters", logging.Err, c.err)
		up = 0
	}
	ch <- prometheus.MustNewConstMetric(upDesc, prometheus.GaugeValue, up, c.id)
}

func (c *collector) read(ctx context.Context) (*fwdpb.Stats, *fwdpb.Steering, error) {
	st, err := c.fc.GetStats(ctx)
	if err != nil {
		c.err = err
		return nil, nil, err
	}
	// An older forwarder does not answer GetSteering: its counters go without it.
	sg, err := c.fc.GetSteering(ctx, steeringOverrides)
	if err != nil {
		c.log.Debug("metrics: get steering", logging.Err, err)
		sg = nil
	}
	return st, sg, nil
}

// Serve serves h on ln until ctx ends.
func Serve(ctx context.Context, ln net.Listener, h http.Handler) error {
	hs := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second, WriteTimeout: 30 * time.Second}
	go func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		hs.Shutdown(sctx)
	}()
	if err := hs.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
