package agentmetrics

import (
	"context"
	"log/slog"
	"slices"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"hvlb/internal/bgp"
	"hvlb/internal/logging"
)

var (
	bgpLabels    = []string{"forwarder", "peer"}
	bgpUpDesc    = prometheus.NewDesc("hvlb_agent_bgp_session_up", "1 when the BGP session with the peer (an upstream router) is established, else 0.", bgpLabels, nil)
	bgpStateDesc = prometheus.NewDesc("hvlb_agent_bgp_session_state",
		"The BGP session's state as RFC 4271 numbers it: 1 idle, 2 connect, 3 active, 4 opensent, 5 openconfirm, 6 established.", bgpLabels, nil)
	bgpUptimeDesc    = prometheus.NewDesc("hvlb_agent_bgp_session_uptime_seconds", "Time since the BGP session was established (0 when it is not).", bgpLabels, nil)
	bgpAnnouncedDesc = prometheus.NewDesc("hvlb_agent_bgp_prefixes_announced", "Prefixes announced to the peer (sent and not withdrawn).", bgpLabels, nil)
	bgpAcceptedDesc  = prometheus.NewDesc("hvlb_agent_bgp_prefixes_accepted", "Prefixes received from the peer and accepted.", bgpLabels, nil)
	bgpFlapsDesc     = prometheus.NewDesc("hvlb_agent_bgp_session_flaps_total", "Times the BGP session left established.", bgpLabels, nil)
	bgpNotifSentDesc = prometheus.NewDesc("hvlb_agent_bgp_notifications_sent_total",
		"BGP NOTIFICATIONs sent to the peer: errors the agent found with it (a malformed message, an expired hold timer, a BFD reset), each closing the session.", bgpLabels, nil)
	bgpNotifRecvDesc = prometheus.NewDesc("hvlb_agent_bgp_notifications_received_total", "BGP NOTIFICATIONs received from the peer.", bgpLabels, nil)
	bfdUpDesc        = prometheus.NewDesc("hvlb_agent_bfd_session_up",
		"1 when the BFD session with the peer is up, else 0 (absent for a peer without BFD).", bgpLabels, nil)
	bfdDownsDesc = prometheus.NewDesc("hvlb_agent_bfd_session_downs_total", "Times the BFD session with the peer left up.", bgpLabels, nil)
	bfdDropsDesc = prometheus.NewDesc("hvlb_agent_bfd_packets_dropped_total",
		"BFD packets discarded, by reason (short, version, length, zero_detect_mult, multipoint, zero_my_disc, zero_your_disc, authentication, ttl, unknown_session, held).",
		[]string{"forwarder", "reason"}, nil)
	bgpVIPsDesc = prometheus.NewDesc("hvlb_agent_bgp_vips_announced",
		"VIP host routes (/32, /128) the agent's speaker announces now: 0 while it withdraws them (forwarder down, draining, not applied yet, stopping).",
		[]string{"forwarder"}, nil)
)

// bgpCollector exports the agent's BGP speaker: per peer, the session and its prefixes,
// and how many VIPs it announces.
type bgpCollector struct {
	id  string
	sp  *bgp.Speaker
	log *slog.Logger
}

// NewBGPCollector returns the collector of speaker sp's sessions, for forwarder id.
func NewBGPCollector(id string, sp *bgp.Speaker, log *slog.Logger) prometheus.Collector {
	if log == nil {
		log = slog.Default()
	}
	return &bgpCollector{id: id, sp: sp, log: log}
}

func (c *bgpCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{bgpUpDesc, bgpStateDesc, bgpUptimeDesc, bgpAnnouncedDesc, bgpAcceptedDesc, bgpVIPsDesc,
		bgpFlapsDesc, bgpNotifSentDesc, bgpNotifRecvDesc, bfdUpDesc, bfdDownsDesc, bfdDropsDesc} {
		ch <- d
	}
}

func (c *bgpCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	peers, err := c.sp.Peers(ctx)
	if err != nil {
		c.log.Warn("metrics: read the BGP sessions", logging.Err, err)
	}
	for _, p := range peers {
		peer := p.Address.String()
		up := 0.0
		if p.Established() {
			up = 1
		}
		gauge := func(d *prometheus.Desc, v float64) {
			ch <- prometheus.MustNewConstMetric(d, prometheus.GaugeValue, v, c.id, peer)
		}
		gauge(bgpUpDesc, up)
		gauge(bgpStateDesc, float64(slices.Index(bgp.States, p.State)+1))
		gauge(bgpUptimeDesc, p.Uptime.Seconds())
		gauge(bgpAnnouncedDesc, float64(p.Announced))
		gauge(bgpAcceptedDesc, float64(p.Accepted))
		counter := func(d *prometheus.Desc, v uint64) {
			ch <- prometheus.MustNewConstMetric(d, prometheus.CounterValue, float64(v), c.id, peer)
		}
		counter(bgpFlapsDesc, p.Flaps)
		counter(bgpNotifSentDesc, p.NotificationsSent)
		counter(bgpNotifRecvDesc, p.NotificationsReceived)
		if p.BFD != "" {
			bfdUp := 0.0
			if p.BFD == "up" {
				bfdUp = 1
			}
			gauge(bfdUpDesc, bfdUp)
			counter(bfdDownsDesc, p.BFDDowns)
		}
	}
	for reason, n := range c.sp.BFDDrops() {
		ch <- prometheus.MustNewConstMetric(bfdDropsDesc, prometheus.CounterValue, float64(n), c.id, reason)
	}
	ch <- prometheus.MustNewConstMetric(bgpVIPsDesc, prometheus.GaugeValue, float64(len(c.sp.Announced())), c.id)
}
