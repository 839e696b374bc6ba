package leader

import "github.com/prometheus/client_golang/prometheus"

var (
	mElections = prometheus.NewDesc("hvlb_controller_leader_elections_total",
		"Times this controller became the leader of its group.", nil, nil)
	mEtcdUp = prometheus.NewDesc("hvlb_controller_etcd_up",
		"1 while etcd answers this controller's lease keep-alives, else 0.", nil, nil)
)

// Collector exports the election's counters (hvlb_controller_leader itself comes from the
// controller's collector, which a controller without a group has too).
func (e *Elector) Collector() prometheus.Collector { return collector{e} }

type collector struct{ e *Elector }

func (collector) Describe(ch chan<- *prometheus.Desc) {
	ch <- mElections
	ch <- mEtcdUp
}

func (k collector) Collect(ch chan<- prometheus.Metric) {
	st := k.e.Status()
	up := 0.0
	if st.EtcdUp {
		up = 1
	}
	ch <- prometheus.MustNewConstMetric(mElections, prometheus.CounterValue, float64(st.Elections))
	ch <- prometheus.MustNewConstMetric(mEtcdUp, prometheus.GaugeValue, up)
}
