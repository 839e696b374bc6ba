package agent

import (
	"bufio"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"hvlb/internal/health"
	"hvlb/internal/pb/ctlpb"
	"hvlb/internal/pb/fwdpb"
)

// Path measurements (one ctlpb.PathMeasurement per NF in every report), for the
// controller's comprehensive-ability policy:
//
//   - Throughput: the delta of the forwarder's per-RS byte counters (both directions of
//     the NF's connections through this forwarder; summed over the services that use the
//     NF) over the time between two reports, in Mbps. A counter that went back (a
//     forwarder restart, a real re-added) counts from 0.
//   - RTT: an active probe from the agent to each NF that has a health check in the
//     desired state, every probe interval, of the check's kind:
//     http: the time from sending a GET of the check's path to the first byte of the
//     reply, on a fresh connection (so it includes the NF's turnaround, which is what
//     a new connection waits for, and what the lab's NF emulator delays);
//     udp (a check with expect only: the NF answers its payload): the round trip of the
//     check's datagram; sip: an OPTIONS request's round trip to its final response; tcp:
//     the connect time (the SYN -> SYN-ACK of the path, which an NF's application delay
//     does not show). A udp check without expect gets no probe: its NF need not answer,
//     and each probe to a closed port would spend one of the ICMP errors the NF's kernel
//     sends a second, which that check needs (docs/agent.md).
//     The report carries the median of the interval's successful samples (robust to a
//     stray slow probe; the controller's EWMA smooths over intervals), how many there
//     were, and "probe-<kind>" as rtt_source; 0 when none succeeded.
//
//   - RTT, passively, for NFs of NAT services: the forwarder, which sees both directions,
//     times each connection's client SYN against the NF's first SYN-ACK and keeps a
//     smoothed value per RS (RealStatus.handshake_rtt_ms, handshake_samples). When an NF's
//     sample counter moved during the interval, the report carries the interval's new
//     samples' mean (how far the sum of samples, handshake_rtt_sum_us, moved over how far
//     the count did; a forwarder without the sum: its smoothed value), over the NF's
//     services weighted by their new samples, the new samples' count and "handshake" as
//     rtt_source, in place of the probe's median; with no new sample (no new connection,
//     a DR service, no stats) the probe's stands. It is the forwarder -> NF path's RTT plus
//     the NF's accept time, as seen by the traffic itself.

// DefaultProbeInterval is how often each NF is probed.
const DefaultProbeInterval = 500 * time.Millisecond

// maxWindow bounds the samples kept per NF between two reports.
const maxWindow = 256

// probeSpec is how one NF is probed; nfAddress and nfPort name the NF in reports (the
// real's port, where the probe may go to the check's port).
type probeSpec struct {
	nfAddress string
	nfPort    uint32
	kind      string // health.KindHTTP, KindSIP, KindSCTP, KindUDP or KindTCP
	address   string
	port      uint16 // where the probe goes (the check's port)
	path      string // http
	send      string // udp: the datagram (the check's)
	timeout   time.Duration
}

// nfKey names an NF: "addr:port" with the real's port.
func nfKey(address string, port uint32) string { return realKey(address, port) }

// probeRank orders the kinds when several services check one NF differently.
var probeRank = map[string]int{health.KindHTTP: 3, health.KindSIP: 3, health.KindSCTP: 2, health.KindUDP: 2,
	health.KindTCP: 1}

// probeSpecs returns one probe per NF (by nfKey) from the desired state's health checks.
func probeSpecs(ds *ctlpb.DesiredState) map[string]probeSpec {
	specs, targets := checkSpecs(ds)
	out := map[string]probeSpec{}
	for key, s := range specs {
		t := targets[key]
		s = s.WithDefaults()
		if s.Validate() != nil || (s.Kind == health.KindUDP && s.Expect == "") {
			continue
		}
		ps := probeSpec{nfAddress: canonIP(t.address), nfPort: t.port, kind: s.Kind, address: s.Address,
			port: s.Port, path: s.HTTPPath, timeout: s.Timeout}
		if s.Kind == health.KindUDP {
			ps.send = cmp.Or(s.Send, health.DefaultUDPPayload)
		}
		k := nfKey(t.address, t.port)
		if cur, ok := out[k]; ok && (probeRank[cur.kind] > probeRank[ps.kind] ||
			(probeRank[cur.kind] == probeRank[ps.kind] && cur.target() <= ps.target())) {
			continue // the same choice whatever the map's order
		}
		out[k] = ps
	}
	return out
}

func (p probeSpec) target() string {
	return net.JoinHostPort(p.address, strconv.Itoa(int(p.port)))
}

// source is the rtt_source of the probe's samples.
func (p probeSpec) source() string { return "probe-" + p.kind }

// probeOnce measures one RTT sample.
func probeOnce(ctx context.Context, p probeSpec) (time.Duration, error) {
	ctx, cancel := context.WithTimeout(ctx, p.timeout)
	defer cancel()
	var d net.Dialer
	switch p.kind {
	case health.KindTCP:
		start := time.Now()
		c, err := d.DialContext(ctx, "tcp", p.target())
		if err != nil {
			return 0, err
		}
		rtt := time.Since(start)
		c.Close()
		return rtt, nil
	case health.KindUDP:
		c, err := d.DialContext(ctx, "udp", p.target())
		if err != nil {
			return 0, err
		}
		defer c.Close()
		dl, _ := ctx.Deadline()
		c.SetDeadline(dl)
		start := time.Now()
		if _, err := io.WriteString(c, cmp.Or(p.send, "hvlb-probe\n")); err != nil {
			return 0, err
		}
		var buf [512]byte
		if _, err := c.Read(buf[:]); err != nil {
			return 0, err
		}
		return time.Since(start), nil
	case health.KindSIP, health.KindSCTP:
		start := time.Now()
		err := health.Probe(ctx, health.Spec{Kind: p.kind, Address: p.address, Port: p.port,
			Timeout: p.timeout})
		if err != nil {
			return 0, err
		}
		return time.Since(start), nil
	case health.KindHTTP:
		c, err := d.DialContext(ctx, "tcp", p.target())
		if err != nil {
			return 0, err
		}
		defer c.Close()
		dl, _ := ctx.Deadline()
		c.SetDeadline(dl)
		req := "GET " + p.path + " HTTP/1.1\r\nHost: " + p.target() +
			"\r\nUser-Agent: hvlb-agent path probe\r\nConnection: close\r\n\r\n"
		start := time.Now()
		if _, err := c.Write([]byte(req)); err != nil {
			return 0, err
		}
		br := bufio.NewReaderSize(c, 512)
		if _, err := br.ReadByte(); err != nil {
			return 0, err
		}
		rtt := time.Since(start)
		line, err := br.ReadSlice('\n')
		if err != nil {
			return 0, fmt.Errorf("reply: %w", err)
		}
		if len(line) < 4 || string(line[:4]) != "TTP/" { // the first byte, H, was read
			return 0, errors.New("reply: not HTTP")
		}
		return rtt, nil
	}
	return 0, fmt.Errorf("probe kind %q", p.kind)
}

// pathMeter runs the probers and turns their samples and the forwarder's counters into
// path measurements. It is safe for concurrent use: Run's goroutine sets the targets, the
// report loop takes the measurements. A nil pathMeter measures nothing.
type pathMeter struct {
	interval time.Duration
	probe    func(context.Context, probeSpec) (time.Duration, error) // tests replace it

	mu      sync.Mutex
	probers map[string]*prober // by NF key
	bytes   map[string]uint64  // per (service, real): the counters at the last report
	hs      map[string]uint64  // per (service, real): handshake_samples at the last report
	hsSum   map[string]uint64  // per (service, real): handshake_rtt_sum_us at the last report
	bytesAt time.Time          // zero: no report yet
	closed  bool
}

type prober struct {
	spec    probeSpec
	cancel  context.CancelFunc
	samples []time.Duration // since the last report
}

func newPathMeter(interval time.Duration) *pathMeter {
	if interval <= 0 {
		interval = DefaultProbeInterval
	}
	return &pathMeter{interval: interval, probe: probeOnce, probers: map[string]*prober{}}
}

// setTargets starts a prober per NF of specs, stops those no longer wanted and restarts
// those whose spec changed.
func (m *pathMeter) setTargets(specs map[string]probeSpec) {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return
	}
	for k, pr := range m.probers {
		if s, ok := specs[k]; !ok || s != pr.spec {
			pr.cancel()
			delete(m.probers, k)
		}
	}
	for k, s := range specs {
		if _, ok := m.probers[k]; ok {
			continue
		}
		ctx, cancel := context.WithCancel(context.Background())
		pr := &prober{spec: s, cancel: cancel}
		m.probers[k] = pr
		go m.run(ctx, pr)
	}
}

// run probes one NF every interval (the first after a random part of it, so that many
// NFs are not probed in step) until ctx ends.
func (m *pathMeter) run(ctx context.Context, pr *prober) {
	wait := time.Duration(rand.Int64N(int64(m.interval)))
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		start := time.Now()
		rtt, err := m.probe(ctx, pr.spec)
		if err == nil && rtt > 0 {
			m.mu.Lock()
			if len(pr.samples) < maxWindow {
				pr.samples = append(pr.samples, rtt)
			}
			m.mu.Unlock()
		}
		wait = max(0, m.interval-time.Since(start))
	}
}

// close stops every prober.
func (m *pathMeter) close() {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.closed = true
	for k, pr := range m.probers {
		pr.cancel()
		delete(m.probers, k)
	}
}

// measure returns one measurement per NF that is probed or in the forwarder's stats
// (nil when there is none), and starts the next interval. stats may be nil (the
// forwarder did not answer): no throughput then, and the counters' base stays.
func (m *pathMeter) measure(stats *fwdpb.Stats, now time.Time) []*ctlpb.PathMeasurement {
	if m == nil {
		return nil
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	type nf struct {
		address string
		port    uint32
		bytes   uint64
		hsN     uint64  // new handshake samples in the interval
		hsSum   float64 // their forwarder RTTs (ms) times hsN, over the NF's services
	}
	nfs := map[string]*nf{}
	get := func(address string, port uint32) *nf {
		k := nfKey(address, port)
		if nfs[k] == nil {
			nfs[k] = &nf{address: canonIP(address), port: port}
		}
		return nfs[k]
	}
	var dt float64
	if stats != nil {
		cur, hs, hsSum := map[string]uint64{}, map[string]uint64{}, map[string]uint64{}
		nats := map[string]bool{} // by fwdpb.ServiceKey
		for _, vs := range stats.GetServices() {
			nats[fwdpb.ServiceKey(vs.GetId())] = orDefault(vs.GetMode(), defaultMode) == "nat"
		}
		for _, vs := range stats.GetServiceStatus() {
			nat := nats[fwdpb.ServiceKey(vs.GetId())]
			for _, rs := range vs.GetReals() {
				ck := checkKey(vs.GetId(), rs.GetAddress(), rs.GetPort())
				n := get(rs.GetAddress(), rs.GetPort())
				cur[ck] = rs.GetBytes()
				n.bytes += delta(m.bytes, ck, rs.GetBytes())
				if nat {
					hs[ck], hsSum[ck] = rs.GetHandshakeSamples(), rs.GetHandshakeRttSumUs()
					if d := delta(m.hs, ck, hs[ck]); d > 0 {
						n.hsN += d
						n.hsSum += handshakeSum(rs, d, deltaWith(m.hsSum, ck, hsSum[ck], m.hs, hs[ck]))
					}
				}
			}
		}
		if !m.bytesAt.IsZero() {
			dt = now.Sub(m.bytesAt).Seconds()
		}
		m.bytes, m.hs, m.hsSum, m.bytesAt = cur, hs, hsSum, now
	}
	for _, pr := range m.probers {
		get(pr.spec.nfAddress, pr.spec.nfPort)
	}
	out := make([]*ctlpb.PathMeasurement, 0, len(nfs))
	for k, n := range nfs {
		pm := &ctlpb.PathMeasurement{Address: n.address, Port: n.port, AtUnixMs: now.UnixMilli()}
		if dt > 0 {
			pm.IntervalS = dt
			pm.ThroughputMbps = float64(n.bytes) * 8 / dt / 1e6
		}
		pr := m.probers[k]
		switch {
		case n.hsN > 0:
			pm.RttMs = n.hsSum / float64(n.hsN)
			pm.RttSamples = uint32(min(n.hsN, uint64(^uint32(0))))
			pm.RttSource = "handshake"
		case pr != nil && len(pr.samples) > 0:
			pm.RttMs = float64(median(pr.samples)) / float64(time.Millisecond)
			pm.RttSamples = uint32(len(pr.samples))
			pm.RttSource = pr.spec.source()
		}
		if pr != nil {
			pr.samples = pr.samples[:0]
		}
		out = append(out, pm)
	}
	slices.SortFunc(out, func(a, b *ctlpb.PathMeasurement) int {
		return cmp.Or(strings.Compare(a.GetAddress(), b.GetAddress()), cmp.Compare(a.GetPort(), b.GetPort()))
	})
	if len(out) == 0 {
		return nil
	}
	return out
}

// handshakeSum is the sum, in ms, of the d new handshake samples of a real whose sum of
// samples moved by sumUs. The forwarder's own handshake_rtt_ms is an average of gain 1/8 per
// connection: reported as it is, the RTT would be smoothed twice (per connection there, per
// unit of time in the policy, smoothing_tau_ms), and with about one new connection a second
// per NF, 90 % of a path's step took it 17 connections (docs/scheduling.md, "Settling"). A
// forwarder older than the sum reports none (0 ever): its average stands in.
func handshakeSum(rs *fwdpb.RealStatus, d, sumUs uint64) float64 {
	if rs.GetHandshakeRttSumUs() == 0 {
		return float64(d) * rs.GetHandshakeRttMs()
	}
	return float64(sumUs) / 1000
}

// deltaWith is how far the counter key of cur moved since prev, judged together with its
// sample count (counts, count): when the count went back (a forwarder restart, a real
// re-added), both count from 0.
func deltaWith(prev map[string]uint64, key string, v uint64, counts map[string]uint64, count uint64) uint64 {
	if p, ok := counts[key]; ok && count >= p {
		if q, ok := prev[key]; ok && v >= q {
			return v - q
		}
	}
	return v
}

// delta is how far counter key moved from its value in prev; all of it when it is new
// since then or went back (a forwarder restart, a real re-added): from 0.
func delta(prev map[string]uint64, key string, v uint64) uint64 {
	if p, ok := prev[key]; ok && v >= p {
		return v - p
	}
	return v
}

// median of ds (the mean of the two middle ones for an even count); it sorts ds.
func median(ds []time.Duration) time.Duration {
	slices.Sort(ds)
	n := len(ds)
	if n%2 == 1 {
		return ds[n/2]
	}
	return (ds[n/2-1] + ds[n/2]) / 2
}
