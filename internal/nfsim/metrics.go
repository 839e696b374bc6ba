package nfsim

import (
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
)

// Protocol labels used in the metrics.
const (
	protoHTTP = "http"
	protoTCP  = "tcp"
	protoUDP  = "udp"
)

type metrics struct {
	requests  *prometheus.CounterVec
	rxBytes   *prometheus.CounterVec
	txBytes   *prometheus.CounterVec
	latency   *prometheus.HistogramVec
	dropped   *prometheus.CounterVec
	connsOpen *prometheus.GaugeVec
	conns     *prometheus.CounterVec
}

// newMetrics registers the NF's metrics in reg. The knob gauges and the utilisation read
// the live values at scrape time.
func newMetrics(reg *prometheus.Registry, s *Server) *metrics {
	m := &metrics{
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "hvlb_nf_requests_total", Help: "Requests served, by protocol."},
			[]string{"proto"}),
		rxBytes: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "hvlb_nf_received_bytes_total", Help: "Payload bytes received, by protocol."},
			[]string{"proto"}),
		txBytes: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "hvlb_nf_sent_bytes_total", Help: "Payload bytes sent, by protocol."},
			[]string{"proto"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "hvlb_nf_request_duration_seconds",
			Help:    "Time from a request's arrival to its reply (capacity wait, work and delay).",
			Buckets: prometheus.ExponentialBuckets(50e-6, 2, 16)},
			[]string{"proto"}),
		dropped: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "hvlb_nf_dropped_total", Help: "Requests dropped, by protocol and reason."},
			[]string{"proto", "reason"}),
		connsOpen: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: "hvlb_nf_connections_active", Help: "Open TCP connections, by protocol."},
			[]string{"proto"}),
		conns: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "hvlb_nf_connections_total", Help: "TCP connections accepted, by protocol."},
			[]string{"proto"}),
	}
	for _, p := range []string{protoHTTP, protoTCP, protoUDP} {
		m.requests.WithLabelValues(p)
		m.rxBytes.WithLabelValues(p)
		m.txBytes.WithLabelValues(p)
	}
	m.dropped.WithLabelValues(protoUDP, "rate_limit")
	knob := func(name, help string, f func(Settings) float64) prometheus.Collector {
		return prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: name, Help: help},
			func() float64 { return f(s.Settings()) })
	}
	reg.MustRegister(
		m.requests, m.rxBytes, m.txBytes, m.latency, m.dropped, m.connsOpen, m.conns,
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "hvlb_nf_cpu_utilization",
			Help: "Share (0..1) of the NF's cores its threads ran or waited to run over the last window.",
		}, s.Utilization),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "hvlb_nf_cpu_run_utilization",
			Help: "Share (0..1) of the NF's cores its threads ran on over the last window.",
		}, func() float64 { return s.withVirtualLoad(s.util.RunUtilization()) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "hvlb_nf_capacity_mbps",
			Help: "Bulk processing capacity in force (configured capacity less the CPU load's share), Mbps; 0: unlimited.",
		}, s.CapacityMbps),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "hvlb_nf_cpu_cores", Help: "Cores the NF runs on (its GOMAXPROCS).",
		}, func() float64 { return float64(s.cfg.Cores) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "hvlb_nf_info", Help: "Always 1; labels name the NF.",
			ConstLabels: prometheus.Labels{"nf": s.cfg.Name}}, func() float64 { return 1 }),
		knob("hvlb_nf_work_seconds", "CPU work per request (knob).",
			func(st Settings) float64 { return st.Work().Seconds() }),
		knob("hvlb_nf_max_rps", "Request rate cap, 0 for none (knob).",
			func(st Settings) float64 { return st.MaxRPS }),
		knob("hvlb_nf_delay_seconds", "Extra delay added to every reply (knob).",
			func(st Settings) float64 { return st.Delay().Seconds() }),
		knob("hvlb_nf_cpu_load_ratio", "Background CPU load per core, 0..1 (knob).",
			func(st Settings) float64 { return st.CPULoadPct / 100 }),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		collectors.NewGoCollector(),
		newProcStatCollector(s.cfg.ProcStat),
	)
	return m
}
