package controller

import (
	"context"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"hvlb/internal/fwdcounters"
	"hvlb/internal/model"
	"hvlb/internal/pb/ctlpb"
	"hvlb/internal/pb/fwdpb"
	"hvlb/internal/store"
)

// Collector exports, at each scrape, everything the forwarders counted in their agents'
// latest reports (per forwarder, worker, port, service and real) and the controller's own
// gauges. Register it on a prometheus.Registry.
func (c *Controller) Collector() prometheus.Collector { return collector{c} }

type collector struct{ c *Controller }

func desc(name, help string, labels ...string) *prometheus.Desc {
	return prometheus.NewDesc("hvlb_"+name, help, labels, nil)
}

var (
	fl  = []string{"forwarder"}
	wl  = []string{"forwarder", "worker"}
	pl  = []string{"forwarder", "port", "name"}
	sl  = []string{"forwarder", "service"}
	rl  = []string{"forwarder", "service", "real"}
	drl = []string{"service", "real"}

	// The worker gauges; the worker counters are the registry's (counterDesc).
	mWorker = map[string]*prometheus.Desc{
		"active":   desc("worker_active_connections", "Connections a worker holds now.", wl...),
		"capacity": desc("worker_conn_capacity", "Entries of a worker's connection table (conn_max): active connections over this is how full it is.", wl...),
		// RSS-A's view of a worker (the forwarder's GetStats; DESIGN.md section 5).
		"load":          desc("worker_load", "The worker's last load sample: busy share of its loop plus inbox backlog, in cores.", wl...),
		"load_period":   desc("worker_load_period", "The worker's mean load over the last complete RSS-A period.", wl...),
		"overload_freq": desc("worker_overload_frequency", "Share of the last RSS-A period's samples at or above Q x epsilon.", wl...),
	}
	mWorkerDrops = desc("worker_drops_total", "Packets a worker dropped, by reason.", "forwarder", "worker", "reason")
	mFwdDrops    = desc("forwarder_drops_total", "Packets a forwarder dropped, by reason (summed over workers).", "forwarder", "reason")
	mMempoolUse  = desc("forwarder_mempool_in_use", "Mbufs out of the pool.", fl...)
	mMempoolSize = desc("forwarder_mempool_size", "Mbufs in the pool.", fl...)
	mExcFromKern = desc("forwarder_exception_from_kernel_total", "Frames the kernel sent through the exception paths (docs/ports.md).", fl...)
	mRestored    = desc("forwarder_conns_restored_total", "Connections brought back from the previous run's files at start-up (state_dir).", fl...)
	mRestoreFail = desc("forwarder_conns_restore_failed_total", "Connections of the previous run's files that found no room at start-up (state_dir).", fl...)
	mConfigVer   = desc("forwarder_config_version", "The forwarder's own configuration version.", fl...)
	mApplied     = desc("forwarder_applied_version", "Desired-state version the forwarder runs.", fl...)
	mPPS         = desc("forwarder_rx_pps", "Received packets per second between the last two reports.", fl...)
	mCapacity    = desc("forwarder_capacity_pps", "Capacity the agent registered (0: unknown).", fl...)
	mUtil        = desc("forwarder_utilisation", "What the pool automation weighs: the larger of rx pps over capacity and the workers' mean busy share.", fl...)
	mAutoDrained = desc("forwarder_pool_drained", "1 while the pool automation drains the forwarder.", fl...)
	mPoolDrains  = desc("pool_drains_total", "Forwarders the pool automation drained.")
	mPoolResumes = desc("pool_resumes_total", "Forwarders the pool automation brought back.")
	mPoolAsks    = desc("pool_forwarder_requests_total", "Requests for a forwarder sent to the NFV manager.")
	mPoolAskErrs = desc("pool_forwarder_request_errors_total", "Requests for a forwarder the NFV manager's webhook failed.")
	mLastReport  = desc("forwarder_last_report_timestamp_seconds", "When the last report arrived.", fl...)
	mFwdState    = desc("forwarder_state", "1 for the forwarder's current state.", "forwarder", "state")
	mBGPUp       = desc("forwarder_bgp_sessions_established", "The agent's BGP sessions with upstream routers that are established, from its latest report.", fl...)
	mBGPPeers    = desc("forwarder_bgp_sessions", "The agent's configured BGP sessions, from its latest report (0: no BGP).", fl...)
	mBFDUp       = desc("forwarder_bfd_sessions_up", "The agent's BFD sessions with upstream routers that are up, from its latest report.", fl...)
	mBGPVIPs     = desc("forwarder_bgp_vips_announced", "VIP prefixes the agent announces by BGP, from its latest report.", fl...)
	mPort        = map[string]*prometheus.Desc{
		"ipackets": desc("port_rx_packets_total", "Packets a port received.", pl...),
		"opackets": desc("port_tx_packets_total", "Packets a port sent.", pl...),
		"ibytes":   desc("port_rx_bytes_total", "Bytes a port received.", pl...),
		"obytes":   desc("port_tx_bytes_total", "Bytes a port sent.", pl...),
		"imissed":  desc("port_rx_missed_total", "Packets the NIC dropped for lack of RX descriptors.", pl...),
		"ierrors":  desc("port_rx_errors_total", "Receive errors.", pl...),
		"oerrors":  desc("port_tx_errors_total", "Transmit errors.", pl...),
		"kernel_rx_drops": desc("port_kernel_rx_drops_total",
			"Frames the kernel dropped on receive before a kernel-interface port's PMD read them (AF_PACKET tp_drops, AF_XDP drops).", pl...),
		"kernel_fast_packets": desc("port_kernel_fast_packets_total",
			"Frames that arrived on an AF_XDP port and that its XDP program rewrote and sent on in the kernel (docs/kernel-fast-path.md).", pl...),
		"kernel_fast_bytes": desc("port_kernel_fast_bytes_total",
			"Bytes of those frames.", pl...),
		"bad_l4_csum":   desc("port_bad_l4_csum_total", "Packets received on the port dropped for a bad TCP/UDP checksum (docs/drops.md).", pl...),
		"csum_unfilled": desc("port_csum_unfilled_total", "Of those, packets whose sender left the checksum for a NIC to fill in (checksum offload).", pl...),
	}
	mSvcPackets  = desc("service_packets_total", "Packets of a virtual service.", sl...)
	mSvcBytes    = desc("service_bytes_total", "Bytes of a virtual service.", sl...)
	mSvcActive   = desc("service_active_connections", "Connections of a virtual service now.", sl...)
	mSvcConns    = desc("service_connections_total", "Connections a virtual service has had.", sl...)
	mRealPackets = desc("real_packets_total", "Packets sent to a real service.", rl...)
	mRealBytes   = desc("real_bytes_total", "Bytes sent to a real service.", rl...)
	mRealActive  = desc("real_active_connections", "Connections on a real service now.", rl...)
	mRealConns   = desc("real_connections_total", "Connections a real service has had.", rl...)
	mRealRTT     = desc("real_handshake_rtt_ms", "NAT: the smoothed time from a client's SYN reaching the forwarder to the NF's SYN-ACK reaching it (absent: no sample).", rl...)
	mRealRTTN    = desc("real_handshake_samples_total", "NAT: handshake RTT samples taken of a real service.", rl...)
	mRealRTTSum  = desc("real_handshake_rtt_seconds_total", "NAT: the sum of a real service's handshake RTT samples, in seconds: its increase over real_handshake_samples_total's is the exact mean RTT of a window (real_handshake_rtt_ms is an EWMA).", rl...)
	mPathRTT     = desc("path_rtt_ms", "RTT from a forwarder to an NF over the last report interval (absent: unknown).", "forwarder", "real")
	mPathTput    = desc("path_throughput_mbps", "Throughput through a forwarder to and from an NF over the last report interval.", "forwarder", "real")
	mRealWeight  = desc("real_weight", "A real's configured weight (0 when drained).", drl...)
	mRealUp      = desc("real_health_up", "A real's effective health: 1 up, 0 down.", drl...)
	mStoreVer    = desc("controller_store_version", "The desired-state store's version.")
	mFwdByState  = desc("controller_forwarders", "Registered forwarders by state.", "state")
	mLBByState   = desc("controller_lb_requests", "Load-balancing requests by state.", "state")
	mLeader      = desc("controller_leader", "1 while this controller acts as its group's leader (always, without a group), else 0.")
	mStoreUp     = desc("controller_store_up", "1 when this scrape could read the desired-state store, else 0.")
)

// Flow steering, per forwarder: the forwarder's GetSteering in its agent's latest report.
var (
	mSteerOverrides = desc("forwarder_steering_overrides", "Connections living away from their default worker now (all of them, not only the reported ones).", fl...)
	mFlowsMoved     = desc("forwarder_flows_moved_total", "Connection moves completed, RSS-A's and operators' (SteerFlow).", fl...)
	mRssaMoves      = desc("forwarder_rssa_moves_total", "Connection moves RSS-A asked for.", fl...)
	mMovesFailed    = desc("forwarder_steering_moves_failed_total", "Moves refused, or whose connection was lost in the hand-over.", fl...)
	mMovesInFlight  = desc("forwarder_steering_moves_in_progress", "Moves under way now.", fl...)
	mRssaPeriods    = desc("forwarder_rssa_periods_total", "Complete RSS-A periods.", fl...)
	mSteerPubs      = desc("forwarder_steering_publications_total", "Steering tables the forwarder published.", fl...)
	mMovesVanished  = desc("forwarder_rssa_moves_vanished_total", "RSS-A's moves whose connection had ended before it moved.", fl...)
	mSteerPlaced    = desc("forwarder_steering_placed_total", "New connections of priority tenants moved to the least-loaded worker.", fl...)
	mOverridesGone  = desc("forwarder_steering_overrides_gone_total", "Steering overrides removed because their connection ended.", fl...)
)

// The dispatch stages ([forwarder] dispatch = on or N), from the same read-out, their counters
// summed: the gauge for every forwarder that reported one, the rest only while the stage is on.
var (
	mDispStage   = desc("forwarder_dispatch_stage", "1 when the forwarder runs a software dispatch stage, else 0.", fl...)
	mDispStages  = desc("forwarder_dispatch_stages", "Software dispatch stages the forwarder runs, each on its own lcore.", fl...)
	mDispRx      = desc("forwarder_dispatch_rx_packets_total", "Plain TCP and UDP packets the dispatch stage sent to their owning worker.", fl...)
	mDispRaw     = desc("forwarder_dispatch_raw_packets_total", "Other packets (ARP, ICMP, fragments) the dispatch stage sent to a worker to classify in full.", fl...)
	mDispSteered = desc("forwarder_dispatch_steered_packets_total", "Packets the dispatch stage sent where a steering override says.", fl...)
	mDispFull    = desc("forwarder_dispatch_full_drops_total", "Packets the dispatch stage dropped because a worker's inbox was full.", fl...)
	mDispBusy    = desc("forwarder_dispatch_busy_seconds_total", "Time the dispatch stages' loops spent on iterations that had packets; its rate is the number of their cores in use.", fl...)
	mDispFences  = desc("forwarder_dispatch_fences_total", "Moved connections whose packets the dispatch stage held back until the old owner was done with them, so they stayed in order.", fl...)
	mDispHeld    = desc("forwarder_dispatch_fence_held_packets_total", "Packets the dispatch stage held back behind a move's fence.", fl...)
	mDispEarly   = desc("forwarder_dispatch_fence_early_total", "Fences the dispatch stage released early (hold full or too long), so that connection may have seen packets out of order.", fl...)
	mDispRxBytes = desc("forwarder_dispatch_rx_bytes_total", "Bytes of the plain TCP and UDP packets the dispatch stage sent to their owning worker.", fl...)
	mDispIdle    = desc("forwarder_dispatch_idle_sleeps_total", "Times the dispatch stages slept for lack of traffic.", fl...)
)

var mPortCsumOffload = desc("port_peer_csum_offload", "1 when the forwarder concluded that the port's peers offload checksums (docs/drops.md, bad_l4_csum), else 0.", pl...)

// The connections' directions an AF_XDP port's XDP program holds now (docs/kernel-fast-path.md).
var mPortKernelFastEntries = desc("port_kernel_fast_entries", "Connections' directions an AF_XDP port's XDP program rewrites in the kernel now (docs/kernel-fast-path.md).", pl...)

// Every counter of the forwarder's registries (internal/fwdcounters: WorkerStats.counters
// and Stats.sync_counters), named after it (fwdcounters.MetricName): a counter the forwarder
// adds is exported with no change here.
var mCounters = func() map[string]*prometheus.Desc {
	m := make(map[string]*prometheus.Desc, len(fwdcounters.Registry))
	for _, c := range fwdcounters.Registry {
		m[c.Group+"/"+c.Name] = counterDescNew(c.Group, c.Name)
	}
	return m
}()

func counterDescNew(group, name string) *prometheus.Desc {
	labels := wl
	if group == fwdcounters.Sync {
		labels = fl
	}
	return prometheus.NewDesc(fwdcounters.MetricName(group, name), fwdcounters.Help(group, name), labels, nil)
}

// counterDesc is the metric of a counter of group: the registry's, or for a name this build
// does not know (a newer forwarder), one made for it with a generic help text; nil for a name
// that cannot be a metric's.
func counterDesc(group, name string) *prometheus.Desc {
	if d, ok := mCounters[group+"/"+name]; ok {
		return d
	}
	if fwdcounters.MetricName(group, name) == "" {
		return nil
	}
	return counterDescNew(group, name)
}

func (collector) Describe(ch chan<- *prometheus.Desc) {
	describeForwarder(ch)
	for _, d := range []*prometheus.Desc{
		mApplied, mPPS, mCapacity, mUtil, mAutoDrained, mPoolDrains, mPoolResumes, mPoolAsks, mPoolAskErrs,
		mLastReport, mFwdState, mBGPUp, mBGPPeers, mBFDUp, mBGPVIPs, mPathRTT, mPathTput, mRealWeight, mRealUp,
		mStoreVer, mFwdByState, mLBByState, mLeader, mStoreUp} {
		ch <- d
	}
	describePolicy(ch)
}

// describeForwarder sends what collectSteering and collectStats export.
func describeForwarder(ch chan<- *prometheus.Desc) {
	for _, m := range []map[string]*prometheus.Desc{mWorker, mPort, mCounters} {
		for _, d := range m {
			ch <- d
		}
	}
	for _, d := range []*prometheus.Desc{mWorkerDrops, mFwdDrops, mMempoolUse, mMempoolSize, mExcFromKern, mRestored, mRestoreFail, mConfigVer,
		mPortCsumOffload, mPortKernelFastEntries, mSteerOverrides, mFlowsMoved, mRssaMoves, mMovesFailed, mMovesInFlight, mRssaPeriods,
		mSteerPubs, mMovesVanished, mSteerPlaced, mOverridesGone, mDispStage, mDispStages, mDispRx, mDispRaw,
		mDispSteered, mDispFull, mDispBusy, mDispFences, mDispHeld, mDispEarly, mDispRxBytes, mDispIdle,
		mSvcPackets, mSvcBytes, mSvcActive, mSvcConns, mRealPackets, mRealBytes, mRealActive, mRealConns,
		mRealRTT, mRealRTTN, mRealRTTSum} {
		ch <- d
	}
}

// emit sends one sample, skipping label values Prometheus would reject (bad UTF-8 from
// an agent must not fail the whole scrape).
func emit(ch chan<- prometheus.Metric, d *prometheus.Desc, t prometheus.ValueType, v float64, labels ...string) {
	if m, err := prometheus.NewConstMetric(d, t, v, labels...); err == nil {
		ch <- m
	}
}

type fwdSample struct {
	info       model.Forwarder
	state      string
	applied    uint64
	pps        float64
	util       float64 // -1: unknown
	lastReport time.Time
	stats      *fwdpb.Stats
	steering   *fwdpb.Steering
	paths      map[string]pathObs // by real key; shared: read only
	bgp        []*ctlpb.BgpPeer   // shared: read only
	announced  int
}

func (k collector) Collect(ch chan<- prometheus.Metric) {
	c := k.c
	var version uint64
	var fwds []model.Forwarder
	var svcs []model.Service
	var lbs []model.LBRequest
	err := c.st.View(func(t *store.ReadTx) (err error) {
		version = t.Version()
		if fwds, err = t.Forwarders(); err != nil {
			return err
		}
		if svcs, err = t.Services(); err != nil {
			return err
		}
		lbs, err = t.LBRequests()
		return err
	})
	emit(ch, mLeader, prometheus.GaugeValue, boolGauge(c.leading()))
	emit(ch, mStoreUp, prometheus.GaugeValue, boolGauge(err == nil))
	if err != nil {
		return
	}
	emit(ch, mStoreVer, prometheus.GaugeValue, float64(version))
	lbCount := map[string]int{model.LBPending: 0, model.LBAccepted: 0, model.LBFailed: 0}
	for _, r := range lbs {
		lbCount[r.State]++
	}
	for st, n := range lbCount {
		emit(ch, mLBByState, prometheus.GaugeValue, float64(n), st)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	samples := make([]fwdSample, len(fwds))
	err = c.do(ctx, func(s *state) {
		now := c.cfg.Now()
		for i, f := range fwds {
			samples[i] = fwdSample{info: f, state: StateFailed, util: -1}
			r := s.fwd[f.ID]
			if r == nil {
				continue
			}
			sm := &samples[i]
			sm.state, sm.applied, sm.pps, sm.lastReport, sm.stats = c.stateOf(f, r, now), r.applied, r.pps, r.lastReport, r.stats
			sm.util = utilisation(f, r)
			sm.bgp, sm.announced = r.bgp, len(r.announced)
			sm.steering, sm.paths = r.steering, r.paths
		}
	})
	if err != nil {
		return
	}
	if err := c.fillHealth(ctx, svcs); err != nil {
		return
	}
	byState := map[string]int{StateReady: 0, StateDraining: 0, StateFailed: 0}
	for i := range samples {
		byState[samples[i].state]++
		collectForwarder(ch, &samples[i])
	}
	for st, n := range byState {
		emit(ch, mFwdByState, prometheus.GaugeValue, float64(n), st)
	}
	for _, s := range svcs {
		for _, r := range s.Reals {
			// The configured weight: the operator's, as effectiveWeight gives it without
			// policy weights.
			w, up := float64(effectiveWeight(&s, &r, nil)), 0.0
			if r.Health == "up" {
				up = 1
			}
			emit(ch, mRealWeight, prometheus.GaugeValue, w, s.ID, r.Key())
			emit(ch, mRealUp, prometheus.GaugeValue, up, s.ID, r.Key())
		}
	}
	c.collectPolicy(ctx, ch)
	emit(ch, mPoolDrains, prometheus.CounterValue, float64(c.poolCounts.drains.Load()))
	emit(ch, mPoolResumes, prometheus.CounterValue, float64(c.poolCounts.resumes.Load()))
	emit(ch, mPoolAsks, prometheus.CounterValue, float64(c.poolCounts.asks.Load()))
	emit(ch, mPoolAskErrs, prometheus.CounterValue, float64(c.poolCounts.askErrs.Load()))
}

func collectForwarder(ch chan<- prometheus.Metric, sm *fwdSample) {
	id := sm.info.ID
	for _, st := range []string{StateReady, StateDraining, StateFailed} {
		v := 0.0
		if st == sm.state {
			v = 1
		}
		emit(ch, mFwdState, prometheus.GaugeValue, v, id, st)
	}
	emit(ch, mApplied, prometheus.GaugeValue, float64(sm.applied), id)
	up, bfdUp := 0, 0
	for _, p := range sm.bgp {
		if p.GetState() == "established" {
			up++
		}
		if p.GetBfdState() == "up" {
			bfdUp++
		}
	}
	emit(ch, mBGPUp, prometheus.GaugeValue, float64(up), id)
	emit(ch, mBFDUp, prometheus.GaugeValue, float64(bfdUp), id)
	emit(ch, mBGPPeers, prometheus.GaugeValue, float64(len(sm.bgp)), id)
	emit(ch, mBGPVIPs, prometheus.GaugeValue, float64(sm.announced), id)
	emit(ch, mPPS, prometheus.GaugeValue, sm.pps, id)
	emit(ch, mCapacity, prometheus.GaugeValue, float64(sm.info.CapacityPPS), id)
	if sm.util >= 0 {
		emit(ch, mUtil, prometheus.GaugeValue, finite(sm.util), id)
	}
	drained := 0.0
	if sm.info.AutoDrain != nil {
		drained = 1
	}
	emit(ch, mAutoDrained, prometheus.GaugeValue, drained, id)
	if !sm.lastReport.IsZero() {
		emit(ch, mLastReport, prometheus.GaugeValue, float64(sm.lastReport.UnixMilli())/1000, id)
	}
	for real, p := range sm.paths {
		if p.m.GetRttMs() > 0 {
			emit(ch, mPathRTT, prometheus.GaugeValue, p.m.GetRttMs(), id, real)
		}
		emit(ch, mPathTput, prometheus.GaugeValue, p.m.GetThroughputMbps(), id, real)
	}
	if sm.steering != nil {
		collectSteering(ch, id, sm.steering)
	}
	if sm.stats != nil {
		collectStats(ch, id, sm.stats)
	}
}

// collectSteering exports forwarder id's GetSteering read-out.
func collectSteering(ch chan<- prometheus.Metric, id string, sg *fwdpb.Steering) {
	cnt, gauge := prometheus.CounterValue, prometheus.GaugeValue
	emit(ch, mSteerOverrides, gauge, float64(sg.GetOverridesTotal()), id)
	emit(ch, mFlowsMoved, cnt, float64(sg.GetFlowsMoved()), id)
	emit(ch, mRssaMoves, cnt, float64(sg.GetRssaMoves()), id)
	emit(ch, mMovesFailed, cnt, float64(sg.GetMovesFailed()), id)
	emit(ch, mMovesInFlight, gauge, float64(sg.GetMovesInProgress()), id)
	emit(ch, mRssaPeriods, cnt, float64(sg.GetPeriods()), id)
	emit(ch, mSteerPubs, cnt, float64(sg.GetPublications()), id)
	emit(ch, mMovesVanished, cnt, float64(sg.GetMovesVanished()), id)
	emit(ch, mSteerPlaced, cnt, float64(sg.GetPlaced()), id)
	emit(ch, mOverridesGone, cnt, float64(sg.GetOverridesGone()), id)
	collectDispatch(ch, id, sg.GetDispatch())
}

// collectStats exports forwarder id's GetStats read-out: pool, drops, workers, ports,
// services and reals.
func collectStats(ch chan<- prometheus.Metric, id string, st *fwdpb.Stats) {
	cnt, gauge := prometheus.CounterValue, prometheus.GaugeValue
	emit(ch, mMempoolUse, gauge, float64(st.GetMempoolInUse()), id)
	emit(ch, mMempoolSize, gauge, float64(st.GetMempoolSize()), id)
	emit(ch, mExcFromKern, cnt, float64(st.GetExceptionFromKernel()), id)
	emit(ch, mRestored, cnt, float64(st.GetConnsRestored()), id)
	emit(ch, mRestoreFail, cnt, float64(st.GetConnsRestoreFailed()), id)
	emit(ch, mConfigVer, gauge, float64(st.GetConfigVersion()), id)
	for _, d := range st.GetDrops() {
		emit(ch, mFwdDrops, cnt, float64(d.GetCount()), id, d.GetReason())
	}
	fromWorkers := map[string]bool{}
	for _, w := range st.GetWorkers() {
		wid := strconv.FormatUint(uint64(w.GetWorker()), 10)
		for _, c := range fwdcounters.WorkerCounters(w) {
			fromWorkers[c.GetName()] = true
			if d := counterDesc(fwdcounters.Worker, c.GetName()); d != nil {
				emit(ch, d, cnt, float64(c.GetValue()), id, wid)
			}
		}
		emit(ch, mWorker["active"], gauge, float64(w.GetActiveConns()), id, wid)
		if w.GetConnCapacity() > 0 { // 0: a forwarder too old to say
			emit(ch, mWorker["capacity"], gauge, float64(w.GetConnCapacity()), id, wid)
		}
		emit(ch, mWorker["load"], gauge, w.GetLoad(), id, wid)
		emit(ch, mWorker["load_period"], gauge, w.GetLoadPeriod(), id, wid)
		emit(ch, mWorker["overload_freq"], gauge, w.GetOverloadFreq(), id, wid)
		for _, d := range w.GetDrops() {
			emit(ch, mWorkerDrops, cnt, float64(d.GetCount()), id, wid, d.GetReason())
		}
	}
	// The sync counters that are sums of worker counters are exported per worker only.
	for _, c := range st.GetSyncCounters() {
		if _, ok := fwdcounters.Lookup(fwdcounters.Worker, c.GetName()); ok || fromWorkers[c.GetName()] {
			continue
		}
		if d := counterDesc(fwdcounters.Sync, c.GetName()); d != nil {
			emit(ch, d, cnt, float64(c.GetValue()), id)
		}
	}
	for _, p := range st.GetPorts() {
		pid := strconv.FormatUint(uint64(p.GetPort()), 10)
		for name, v := range map[string]uint64{
			"ipackets": p.GetIpackets(), "opackets": p.GetOpackets(), "ibytes": p.GetIbytes(),
			"obytes": p.GetObytes(), "imissed": p.GetImissed(), "ierrors": p.GetIerrors(), "oerrors": p.GetOerrors(),
			"kernel_rx_drops": p.GetKernelRxDrops(), "bad_l4_csum": p.GetBadL4Csum(), "csum_unfilled": p.GetCsumUnfilled(),
			"kernel_fast_packets": p.GetKernelFastPackets(), "kernel_fast_bytes": p.GetKernelFastBytes(),
		} {
			emit(ch, mPort[name], cnt, float64(v), id, pid, p.GetName())
		}
		emit(ch, mPortCsumOffload, gauge, boolGauge(p.GetPeerCsumOffload()), id, pid, p.GetName())
		emit(ch, mPortKernelFastEntries, gauge, float64(p.GetKernelFastEntries()), id, pid, p.GetName())
	}
	for _, vs := range st.GetServiceStatus() {
		sid := vs.GetId()
		svc := model.ServiceID(sid.GetProtocol(), sid.GetVip(), int(sid.GetVport()))
		emit(ch, mSvcPackets, cnt, float64(vs.GetPackets()), id, svc)
		emit(ch, mSvcBytes, cnt, float64(vs.GetBytes()), id, svc)
		emit(ch, mSvcActive, gauge, float64(vs.GetActiveConns()), id, svc)
		emit(ch, mSvcConns, cnt, float64(vs.GetTotalConns()), id, svc)
		for _, rs := range vs.GetReals() {
			real := model.RealKey(rs.GetAddress(), int(rs.GetPort()))
			emit(ch, mRealPackets, cnt, float64(rs.GetPackets()), id, svc, real)
			emit(ch, mRealBytes, cnt, float64(rs.GetBytes()), id, svc, real)
			emit(ch, mRealActive, gauge, float64(rs.GetActiveConns()), id, svc, real)
			emit(ch, mRealConns, cnt, float64(rs.GetTotalConns()), id, svc, real)
			if rs.GetHandshakeSamples() > 0 {
				emit(ch, mRealRTT, gauge, finite(rs.GetHandshakeRttMs()), id, svc, real)
			}
			emit(ch, mRealRTTN, cnt, float64(rs.GetHandshakeSamples()), id, svc, real)
			emit(ch, mRealRTTSum, cnt, float64(rs.GetHandshakeRttSumUs())/1e6, id, svc, real)
		}
	}
}

// collectDispatch exports the dispatch stages: their count and counters only while they are
// on, so a forwarder without them has no series that stay at 0.
func collectDispatch(ch chan<- prometheus.Metric, id string, d *fwdpb.DispatchStage) {
	if !d.GetEnabled() {
		emit(ch, mDispStage, prometheus.GaugeValue, 0, id)
		return
	}
	cnt := prometheus.CounterValue
	emit(ch, mDispStage, prometheus.GaugeValue, 1, id)
	emit(ch, mDispStages, prometheus.GaugeValue, float64(DispatchStages(d)), id)
	emit(ch, mDispRx, cnt, float64(d.GetRxPackets()), id)
	emit(ch, mDispRaw, cnt, float64(d.GetRawPackets()), id)
	emit(ch, mDispSteered, cnt, float64(d.GetSteeredPackets()), id)
	emit(ch, mDispFull, cnt, float64(d.GetFullDrops()), id)
	emit(ch, mDispBusy, cnt, d.GetBusySeconds(), id)
	emit(ch, mDispFences, cnt, float64(d.GetFences()), id)
	emit(ch, mDispHeld, cnt, float64(d.GetFenceHeld()), id)
	emit(ch, mDispEarly, cnt, float64(d.GetFenceEarly()), id)
	emit(ch, mDispRxBytes, cnt, float64(d.GetRxBytes()), id)
	emit(ch, mDispIdle, cnt, float64(d.GetIdleSleeps()), id)
}

// DispatchStages is how many dispatch stages d says run: a forwarder from before dispatch = N
// leaves stages at 0 while it runs its one stage.
func DispatchStages(d *fwdpb.DispatchStage) uint32 {
	if d.GetEnabled() && d.GetStages() == 0 {
		return 1
	}
	return d.GetStages()
}

func boolGauge(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
