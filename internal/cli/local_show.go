package cli

// The tables of hvlbctl --forwarder SOCKET: stats (and its --rate), vs list, steering.

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"hvlb/internal/fwdcounters"
	"hvlb/internal/pb/fwdpb"
)

// printRows writes rows (the first is the header) as columns two spaces apart.
func printRows(w io.Writer, rows [][]string) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, r := range rows {
		fmt.Fprintln(tw, strings.Join(r, "\t"))
	}
	return tw.Flush()
}

func endpoint(addr string, port uint32) string {
	if strings.Contains(addr, ":") {
		return fmt.Sprintf("[%s]:%d", addr, port)
	}
	return fmt.Sprintf("%s:%d", addr, port)
}

type svcKey struct {
	proto, vip string
	port       uint32
}

func keyOf(id *fwdpb.ServiceId) svcKey { return svcKey{id.GetProtocol(), id.GetVip(), id.GetVport()} }

type realKey struct {
	addr string
	port uint32
}

// realCounters are a service's reals' counters by endpoint.
func realCounters(st *fwdpb.ServiceStatus) map[realKey]*fwdpb.RealStatus {
	out := map[realKey]*fwdpb.RealStatus{}
	for _, r := range st.GetReals() {
		out[realKey{r.Address, r.Port}] = r
	}
	return out
}

// sinceZero is the counters a display shows: those since the last zero (`hvlbctl
// --forwarder SOCK zero`) when the forwarder sent them, else the totals (an older one).
func sinceZero(sz *fwdpb.CountersSinceZero, conns, packets, bytes uint64) *fwdpb.CountersSinceZero {
	if sz != nil {
		return sz
	}
	return &fwdpb.CountersSinceZero{TotalConns: conns, Packets: packets, Bytes: bytes}
}

// zeroedAt is when a service's counters were last zeroed, "-" if never.
func zeroedAt(sz *fwdpb.CountersSinceZero) string {
	if sz.GetZeroedAtMs() == 0 {
		return "-"
	}
	return time.UnixMilli(int64(sz.GetZeroedAtMs())).UTC().Format(time.RFC3339)
}

// showLocalServices prints the specs with their counters since the last zero, as ipvsadm -L
// does (ZEROED: when that was).
func showLocalServices(w io.Writer, svcs []*fwdpb.VirtualService, status []*fwdpb.ServiceStatus) error {
	counters := map[svcKey]*fwdpb.ServiceStatus{}
	for _, st := range status {
		counters[keyOf(st.Id)] = st
	}
	rows := [][]string{{"PROTO", "SERVICE", "MODE", "SCHED", "PRIO", "WEIGHT", "HEALTH", "CONNS", "PACKETS", "BYTES", "HS_RTT_MS/N", "ZEROED"}}
	for _, vs := range svcs {
		st := counters[keyOf(vs.Id)]
		z := sinceZero(st.GetSinceZero(), st.GetTotalConns(), st.GetPackets(), st.GetBytes())
		rows = append(rows, []string{vs.Id.Protocol, endpoint(vs.Id.Vip, vs.Id.Vport), modeString(vs.Mode, vs.Encap), vs.Scheduler,
			u64(uint64(vs.Priority)), "", "", u64(st.GetActiveConns()) + "/" + u64(z.TotalConns),
			u64(z.Packets), u64(z.Bytes), "", zeroedAt(z)})
		reals := realCounters(st)
		for _, rs := range vs.RealServices {
			c := reals[realKey{rs.Address, rs.Port}]
			rz := sinceZero(c.GetSinceZero(), c.GetTotalConns(), c.GetPackets(), c.GetBytes())
			rtt := "-"
			if c.GetHandshakeSamples() > 0 {
				rtt = fmt.Sprintf("%.3f/%d", c.GetHandshakeRttMs(), c.GetHandshakeSamples())
			}
			rows = append(rows, []string{"", "  -> " + endpoint(rs.Address, rs.Port), "", "", "",
				u64(uint64(rs.Weight)), u64(uint64(rs.Health)), u64(c.GetActiveConns()) + "/" + u64(rz.TotalConns),
				u64(rz.Packets), u64(rz.Bytes), rtt, ""})
		}
	}
	return printRows(w, rows)
}

func localStats(e *env, cl *cmdline) error {
	rate := cl.fs.Bool("rate", false, "rates instead of totals: connections, packets and bits per second over --interval")
	interval := cl.fs.Duration("interval", time.Second, "--rate: the time between the two samples")
	all := cl.fs.Bool("counters", false, "every counter of the forwarder's registries instead: per worker, and sync's (docs/counters.md)")
	if err := cl.parse(0, 0); err != nil {
		return err
	}
	c, ctx, cancel := e.fwd()
	defer cancel()
	defer c.Close()
	s1, err := c.GetStats(ctx)
	if err != nil {
		return err
	}
	if !*rate {
		if e.json() {
			return e.printProto(s1)
		}
		if *all {
			showLocalCounters(e.stdout, s1)
			return nil
		}
		return showLocalStats(e.stdout, s1)
	}
	if *interval <= 0 {
		return usagef("--interval %v: want more than 0", *interval)
	}
	t1 := time.Now()
	time.Sleep(*interval)
	s2, err := c.GetStats(ctx)
	if err != nil {
		return err
	}
	return showRates(e.stdout, s1, s2, time.Since(t1).Seconds())
}

// showLocalCounters writes every registry counter of st (printCounters).
func showLocalCounters(w io.Writer, st *fwdpb.Stats) {
	ids := make([]uint32, len(st.GetWorkers()))
	workers := make([]map[string]uint64, len(st.GetWorkers()))
	for i, x := range st.GetWorkers() {
		ids[i], workers[i] = x.GetWorker(), map[string]uint64{}
		for _, c := range fwdcounters.WorkerCounters(x) {
			workers[i][c.GetName()] = c.GetValue()
		}
	}
	sync := map[string]uint64{}
	for _, c := range st.GetSyncCounters() {
		sync[c.GetName()] = c.GetValue()
	}
	printCounters(w, ids, workers, sync)
}

func showLocalStats(w io.Writer, st *fwdpb.Stats) error {
	rows := [][]string{{"WORKER", "LCORE", "SOCKET", "RX", "TX", "ACTIVE", "TOTAL", "HANDOFF_OUT", "HANDOFF_IN",
		"LOCAL", "DROPS", "LOAD", "OVERLOAD", "MOVED_IN/OUT"}}
	for _, x := range st.Workers {
		drops := uint64(0)
		for _, d := range x.Drops {
			drops += d.Count
		}
		rows = append(rows, []string{u64(uint64(x.Worker)), u64(uint64(x.Lcore)), u64(uint64(x.Socket)),
			u64(x.RxPackets), u64(x.TxPackets), u64(x.ActiveConns), u64(x.TotalConns), u64(x.HandoffOut),
			u64(x.HandoffIn), u64(x.LocalReplies), u64(drops), fmt.Sprintf("%.2f", x.Load),
			fmt.Sprintf("%.2f", x.OverloadFreq), u64(x.FlowsMovedIn) + "/" + u64(x.FlowsMovedOut)})
	}
	if err := printRows(w, rows); err != nil {
		return err
	}
	if len(st.Ports) > 0 {
		// RINGS: the kind and the RX/TX ring entries per queue as set up, and the mbufs they
		// hold (docs/forwarder-config.md, "Rings and the mbuf pool").
		// KERNEL-FAST: frames (and connection directions held now) of the port's XDP program
		// (docs/kernel-fast-path.md).
		rows = [][]string{{"PORT", "NAME", "IPACKETS", "OPACKETS", "IMISSED", "IERRORS", "OERRORS", "KERNEL-RX-DROPS", "KERNEL-FAST", "RINGS"}}
		for _, p := range st.Ports {
			rings := fmt.Sprintf("%s %d/%d, %d mbufs", p.RingKind, p.RxRing, p.TxRing, p.RingMbufs)
			fast := fmt.Sprintf("%d (%d held)", p.KernelFastPackets, p.KernelFastEntries)
			rows = append(rows, []string{u64(uint64(p.Port)), p.Name, u64(p.Ipackets), u64(p.Opackets),
				u64(p.Imissed), u64(p.Ierrors), u64(p.Oerrors), u64(p.KernelRxDrops), fast, rings})
		}
		fmt.Fprintln(w)
		if err := printRows(w, rows); err != nil {
			return err
		}
	}
	rows = [][]string{{"DROP", "COUNT"}}
	for _, d := range st.Drops {
		if d.Count > 0 {
			rows = append(rows, []string{d.Reason, u64(d.Count)})
		}
	}
	if len(rows) > 1 {
		fmt.Fprintln(w)
		if err := printRows(w, rows); err != nil {
			return err
		}
	}
	fmt.Fprintf(w, "\nconfig version %d, mbufs in use %d/%d\n", st.ConfigVersion, st.MempoolInUse, st.MempoolSize)
	if len(st.Services) > 0 {
		fmt.Fprintln(w)
		return showLocalServices(w, st.Services, st.ServiceStatus)
	}
	return nil
}

// showRates prints what ipvsadm --rate does: per service and real, new connections,
// packets and bits per second between two samples dt seconds apart; and per worker and
// port, packets per second. A counter that went down (the forwarder restarted) shows 0.
func showRates(w io.Writer, s1, s2 *fwdpb.Stats, dt float64) error {
	per := func(a, b uint64) string {
		if b < a {
			return "0"
		}
		return fmt.Sprintf("%.0f", float64(b-a)/dt)
	}
	bits := func(a, b uint64) string {
		if b < a {
			return "0"
		}
		return fmt.Sprintf("%.0f", float64(b-a)*8/dt)
	}
	before := map[svcKey]*fwdpb.ServiceStatus{}
	for _, st := range s1.ServiceStatus {
		before[keyOf(st.Id)] = st
	}
	rows := [][]string{{"PROTO", "SERVICE", "CONNS/S", "PPS", "BPS"}}
	for _, st := range s2.ServiceStatus {
		b := before[keyOf(st.Id)]
		rows = append(rows, []string{st.Id.Protocol, endpoint(st.Id.Vip, st.Id.Vport), per(b.GetTotalConns(), st.TotalConns),
			per(b.GetPackets(), st.Packets), bits(b.GetBytes(), st.Bytes)})
		rb := realCounters(b)
		for _, r := range st.Reals {
			x := rb[realKey{r.Address, r.Port}]
			rows = append(rows, []string{"", "  -> " + endpoint(r.Address, r.Port), per(x.GetTotalConns(), r.TotalConns),
				per(x.GetPackets(), r.Packets), bits(x.GetBytes(), r.Bytes)})
		}
	}
	if err := printRows(w, rows); err != nil {
		return err
	}
	wb := map[uint32]*fwdpb.WorkerStats{}
	for _, x := range s1.Workers {
		wb[x.Worker] = x
	}
	rows = [][]string{{"WORKER", "RX_PPS", "TX_PPS", "RX_BPS", "TX_BPS"}}
	for _, x := range s2.Workers {
		b := wb[x.Worker]
		rows = append(rows, []string{u64(uint64(x.Worker)), per(b.GetRxPackets(), x.RxPackets), per(b.GetTxPackets(), x.TxPackets),
			bits(b.GetRxBytes(), x.RxBytes), bits(b.GetTxBytes(), x.TxBytes)})
	}
	fmt.Fprintln(w)
	if err := printRows(w, rows); err != nil {
		return err
	}
	fmt.Fprintf(w, "\nover %.2fs; BPS: bits per second\n", dt)
	return nil
}

func showLocalSteering(w io.Writer, s *fwdpb.Steering) error {
	rows := [][]string{{"PORT", "NAME", "SOCKET", "STEERING"}}
	for _, p := range s.Ports {
		rows = append(rows, []string{u64(uint64(p.Port)), p.Name, fmt.Sprint(p.Socket), p.Mechanism})
	}
	if err := printRows(w, rows); err != nil {
		return err
	}
	r := s.GetRssa()
	on := "off"
	if r.GetEnabled() {
		on = "on"
	}
	fmt.Fprintf(w, "\nRSS-A %s: Q %g, epsilon %g, theta_h %g, %d samples per %d ms, cooldown %d, at most %d moves a period; "+
		"%d periods, %d moves (%d by RSS-A, %d failed, %d in progress), %d overrides\n\n",
		on, r.GetQ(), r.GetEpsilon(), r.GetThetaH(), r.GetNSam(), r.GetPeriodMs(), r.GetCooldown(), r.GetMaxMoves(),
		s.Periods, s.FlowsMoved, s.RssaMoves, s.MovesFailed, s.MovesInProgress, s.OverridesTotal)
	rows = [][]string{{"WORKER", "LCORE", "SOCKET", "LOAD", "PERIOD_LOAD", "OVERLOAD_FREQ", "OVERLOADED", "OVERRIDES", "MOVED_IN", "MOVED_OUT"}}
	for _, x := range s.Workers {
		rows = append(rows, []string{u64(uint64(x.Worker)), u64(uint64(x.Lcore)), u64(uint64(x.Socket)),
			fmt.Sprintf("%.3f", x.Load), fmt.Sprintf("%.3f", x.LoadPeriod), fmt.Sprintf("%.2f", x.OverloadFreq),
			yesNo(x.Overloaded), u64(uint64(x.Overrides)), u64(x.FlowsMovedIn), u64(x.FlowsMovedOut)})
	}
	if err := printRows(w, rows); err != nil {
		return err
	}
	if len(s.Overrides) == 0 {
		return nil
	}
	rows = [][]string{{"PROTO", "CLIENT", "VIP", "WORKER", "FROM", "DEFAULT", "AGE", "PRIO", "BY"}}
	for _, o := range s.Overrides {
		by := "rss-a"
		if o.Manual {
			by = "manual"
		}
		rows = append(rows, []string{o.Protocol, o.Client, o.Vip, u64(uint64(o.Worker)), u64(uint64(o.FromWorker)),
			u64(uint64(o.DefaultWorker)), u64(uint64(o.AgeS)), u64(uint64(o.Priority)), by})
	}
	fmt.Fprintln(w)
	return printRows(w, rows)
}
