package reportshare

import "github.com/prometheus/client_golang/prometheus"

type metrics struct {
	written, bytes, failures, superseded prometheus.Counter
	rejected                             *prometheus.CounterVec
}

func newMetrics() *metrics {
	c := func(name, help string) prometheus.Counter {
		return prometheus.NewCounter(prometheus.CounterOpts{Name: name, Help: help})
	}
	m := &metrics{
		written: c("hvlb_controller_shared_reports_written_total",
			"Records of forwarders whose agents report here written to etcd."),
		bytes: c("hvlb_controller_shared_report_bytes_total",
			"Bytes of those records as written (gzip-compressed)."),
		failures: c("hvlb_controller_shared_report_write_failures_total",
			"Record writes etcd refused or did not answer (tried again after the interval)."),
		superseded: c("hvlb_controller_shared_reports_superseded_total",
			"Records not written because another controller holds a newer session of the forwarder."),
		rejected: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "hvlb_controller_shared_reports_rejected_total",
			Help: "Records read from etcd and refused, by reason (undecodable, wrong_key, invalid)."}, []string{"reason"}),
	}
	for _, r := range []string{"undecodable", "wrong_key", "invalid"} {
		m.rejected.WithLabelValues(r)
	}
	return m
}

// Collector exports the sharer's counters.
func (s *Sharer) Collector() prometheus.Collector { return s.m }

func (m *metrics) Describe(ch chan<- *prometheus.Desc) {
	for _, c := range []prometheus.Collector{m.written, m.bytes, m.failures, m.superseded, m.rejected} {
		c.Describe(ch)
	}
}

func (m *metrics) Collect(ch chan<- prometheus.Metric) {
	for _, c := range []prometheus.Collector{m.written, m.bytes, m.failures, m.superseded, m.rejected} {
		c.Collect(ch)
	}
}
