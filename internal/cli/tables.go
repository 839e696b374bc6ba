package cli

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"

	"hvlb/internal/apitypes"
	"hvlb/internal/model"
)

// Tables for people. The default output of fr list, stats and conns fits 120 columns: the
// fields an operator reads first, figures rounded to three digits with their unit (12.3k pps,
// 45 %, 1.2 MB, 3m). -o wide prints every field as the server sends it (the generic
// rendering of render.go), -o json the server's JSON.

// wide says whether the output is every field of the reply, unrounded.
func (e *env) wide() bool { return e.g.output == "wide" }

// si writes v rounded to three significant digits with a k, M, G or T suffix: 999, 1.2k,
// 12.3k, 123k, 1.2M.
func si(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return "-"
	}
	neg := ""
	if v < 0 {
		neg, v = "-", -v
	}
	unit := ""
	for _, u := range []string{"k", "M", "G", "T"} {
		if v < 999.5 {
			break
		}
		v, unit = v/1000, u
	}
	switch {
	case unit == "" && v == math.Trunc(v):
		return neg + strconv.FormatFloat(v, 'f', 0, 64)
	case v < 99.95:
		return neg + strconv.FormatFloat(v, 'f', 1, 64) + unit
	}
	return neg + strconv.FormatFloat(v, 'f', 0, 64) + unit
}

// count writes a counter rounded (si).
func count(v uint64) string { return si(float64(v)) }

// bytesSI writes a byte count rounded, in B, kB, MB, GB or TB.
func bytesSI(v uint64) string {
	s := si(float64(v))
	if last := s[len(s)-1]; last >= '0' && last <= '9' {
		return s + " B"
	}
	return s[:len(s)-1] + " " + s[len(s)-1:] + "B"
}

// pct writes a share (0..1) as a percentage: "45 %", "0.4 %", "0 %"; nil: "-".
func pct(share *float64) string {
	if share == nil || math.IsNaN(*share) {
		return "-"
	}
	p := *share * 100
	switch {
	case p == 0:
		return "0 %"
	case p < 0.05:
		return "<0.1 %"
	case p < 9.95:
		return strconv.FormatFloat(p, 'f', 1, 64) + " %"
	}
	return strconv.FormatFloat(p, 'f', 0, 64) + " %"
}

// dur writes a duration in its largest whole unit: 45s, 3m, 2h, 4d.
func dur(d time.Duration) string {
	switch {
	case d < 0:
		return "0s"
	case d < time.Minute:
		return fmt.Sprintf("%ds", int(d.Seconds()))
	case d < time.Hour:
		return fmt.Sprintf("%dm", int(d.Minutes()))
	case d < 48*time.Hour:
		return fmt.Sprintf("%dh", int(d.Hours()))
	}
	return fmt.Sprintf("%dd", int(d.Hours()/24))
}

// clip shortens s to n characters, ending with "…" when it had more.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// textTable writes rows (the first the heading) in columns two spaces apart, the columns
// of right aligned to the right (figures), the others to the left; the last column is not
// padded.
func textTable(w io.Writer, rows [][]string, right ...int) {
	width := map[int]int{}
	for _, r := range rows {
		for i, c := range r {
			width[i] = max(width[i], len([]rune(c)))
		}
	}
	isRight := map[int]bool{}
	for _, i := range right {
		isRight[i] = true
	}
	for _, r := range rows {
		var b strings.Builder
		for i, c := range r {
			if i > 0 {
				b.WriteString("  ")
			}
			pad := strings.Repeat(" ", width[i]-len([]rune(c)))
			switch {
			case isRight[i]:
				b.WriteString(pad + c)
			case i == len(r)-1:
				b.WriteString(c)
			default:
				b.WriteString(c + pad)
			}
		}
		fmt.Fprintln(w, b.String())
	}
}

// forwarderTable is fr list for people: state, agent, versions, last report, load and BGP.
func forwarderTable(w io.Writer, fwds []apitypes.Forwarder, now time.Time) {
	rows := [][]string{{"ID", "STATE", "AGENT", "VERSION", "REPORT", "RX", "UTIL", "CONNS", "BGP", "VIPS", "ERROR"}}
	for _, f := range fwds {
		state := f.State
		if f.AutoDrain != nil {
			state += " (auto)"
		}
		agent := "down"
		if f.Connected {
			agent = "up"
		}
		version := fmt.Sprintf("%d/%d", f.AppliedVersion, f.DesiredVersion)
		report := "never"
		if f.LastReport != nil {
			report = dur(now.Sub(*f.LastReport)) + " ago"
		}
		bgp := "-"
		if len(f.BGP) > 0 {
			up := 0
			for _, p := range f.BGP {
				if p.State == "established" {
					up++
				}
			}
			bgp = fmt.Sprintf("%d/%d", up, len(f.BGP))
		}
		errText := "-"
		if f.Error != "" {
			errText = clip(f.Error, 40)
		}
		rows = append(rows, []string{f.ID, state, agent, version, report, si(f.Load.PPS) + " pps",
			pct(f.Load.Utilisation), count(f.Load.ActiveConns), bgp, strconv.Itoa(len(f.Announced)), errText})
	}
	textTable(w, rows, 5, 6, 7, 9)
}

// forwarderView is fr show for people (and the forwarder drain, undrain and pool print):
// the generic rendering of v with the load in words and units, the last report's age, and
// the BGP sessions in a table of their own that fits 120 columns.
func forwarderView(w io.Writer, v any, now time.Time) {
	o, ok := v.(*object)
	if !ok {
		renderTree(w, "", v)
		return
	}
	flat := &object{m: map[string]any{}}
	var bgp []any
	for _, k := range o.keys {
		val := o.m[k]
		switch k {
		case "bgp":
			bgp, _ = val.([]any)
			continue
		case "load":
			val = loadString(val)
		case "last_report":
			if t, err := time.Parse(time.RFC3339Nano, cell(val)); err == nil {
				val = cell(val) + " (" + dur(now.Sub(t)) + " ago)"
			}
		}
		flat.keys, flat.m[k] = append(flat.keys, k), val
	}
	renderTree(w, "", flat)
	if len(bgp) == 0 {
		return
	}
	rows := [][]string{{"PEER", "AS", "STATE", "UP", "PREFIXES OUT/IN", "FLAPS", "NOTIFICATIONS OUT/IN", "BFD", "BFD DOWNS"}}
	for _, e := range bgp {
		p, ok := e.(*object)
		if !ok {
			continue
		}
		up := "-"
		if f, err := strconv.ParseFloat(cell(p.get("uptime_s")), 64); err == nil && f > 0 {
			up = dur(time.Duration(f * float64(time.Second)))
		}
		rows = append(rows, []string{cell(p.get("address")) + ":" + cell(p.get("port")), cell(p.get("remote_as")),
			cell(p.get("state")), up, cell(p.get("prefixes_announced")) + "/" + cell(p.get("prefixes_accepted")),
			cell(p.get("flaps")), cell(p.get("notifications_sent")) + "/" + cell(p.get("notifications_received")),
			cell(p.get("bfd")), cell(p.get("bfd_downs"))})
	}
	fmt.Fprintln(w, "bgp:")
	textTable(w, rows, 3, 4, 5, 6, 8)
}

// loadString is a forwarder's load in words: "12.3k pps of 1.0M pps (1.2 %), utilisation
// <0.1 %, 1.2k connections".
func loadString(v any) any {
	l, ok := v.(*object)
	if !ok {
		return v
	}
	num := func(k string) *float64 {
		f, err := strconv.ParseFloat(cell(l.get(k)), 64)
		if err != nil {
			return nil
		}
		return &f
	}
	s := "-"
	if pps := num("pps"); pps != nil {
		s = si(*pps) + " pps"
		if c := num("capacity_pps"); c != nil && *c > 0 {
			share := *pps / *c
			s += " of " + si(*c) + " pps (" + pct(&share) + ")"
		}
	}
	s += ", utilisation " + pct(num("utilisation"))
	if c := num("active_conns"); c != nil {
		s += ", " + si(*c) + " connections"
	}
	return s
}

// statsTables is stats for people: per forwarder, its workers, ports, services with their
// reals, and the drops by reason that are not 0.
func statsTables(w io.Writer, st apitypes.Stats, now time.Time) {
	for i, f := range st.Forwarders {
		if i > 0 {
			fmt.Fprintln(w)
		}
		b := f.Stats
		head := f.ID + " (reported "
		if f.At.IsZero() {
			head += "never"
		} else {
			head += dur(now.Sub(f.At)) + " ago"
		}
		head += fmt.Sprintf("; config version %d", b.ConfigVersion)
		if b.MempoolSize > 0 {
			head += fmt.Sprintf("; mbufs %s of %s in use", count(b.MempoolInUse), count(b.MempoolSize))
		}
		fmt.Fprintln(w, head+")")
		rows := [][]string{{"WORKER", "LCORE", "RX PKTS", "RX BYTES", "TX PKTS", "TX BYTES", "CONNS", "NEW CONNS", "HANDOFF OUT", "DROPS"}}
		for _, x := range b.Workers {
			drops := uint64(0)
			for _, d := range x.Drops {
				drops += d.Count
			}
			rows = append(rows, []string{strconv.FormatUint(uint64(x.Worker), 10), strconv.FormatUint(uint64(x.Lcore), 10),
				count(x.RxPackets), bytesSI(x.RxBytes), count(x.TxPackets), bytesSI(x.TxBytes),
				count(x.ActiveConns), count(x.TotalConns), count(x.HandoffOut), count(drops)})
		}
		if len(b.Workers) > 0 {
			fmt.Fprintln(w)
			textTable(w, rows, 2, 3, 4, 5, 6, 7, 8, 9)
		}
		if len(b.Ports) > 0 {
			// KERNEL FAST: frames the port's XDP program rewrote and sent on itself, not in RX PKTS
			// (docs/kernel-fast-path.md).
			rows = [][]string{{"PORT", "NAME", "RX PKTS", "RX BYTES", "TX PKTS", "TX BYTES", "MISSED", "ERRORS", "KERNEL DROPS", "KERNEL FAST"}}
			for _, p := range b.Ports {
				rows = append(rows, []string{strconv.FormatUint(uint64(p.Port), 10), clip(p.Name, 24),
					count(p.IPackets), bytesSI(p.IBytes), count(p.OPackets), bytesSI(p.OBytes),
					count(p.IMissed), count(p.IErrors + p.OErrors), count(p.KernelRxDrops), count(p.KernelFastPackets)})
			}
			fmt.Fprintln(w)
			textTable(w, rows, 2, 3, 4, 5, 6, 7, 8, 9)
		}
		if len(b.Services) > 0 {
			rows = [][]string{{"SERVICE / REAL", "WEIGHT", "HEALTH", "PACKETS", "BYTES", "CONNS", "TOTAL CONNS"}}
			for _, s := range b.Services {
				rows = append(rows, []string{s.ID, "", "", count(s.Packets), bytesSI(s.Bytes), count(s.ActiveConns), count(s.TotalConns)})
				for _, r := range s.Reals {
					health := "down"
					if r.Health != 0 {
						health = "up"
					}
					rows = append(rows, []string{"  " + model.RealKey(r.Address, int(r.Port)), strconv.FormatUint(uint64(r.Weight), 10), health,
						count(r.Packets), bytesSI(r.Bytes), count(r.ActiveConns), count(r.TotalConns)})
				}
			}
			fmt.Fprintln(w)
			textTable(w, rows, 1, 3, 4, 5, 6)
		}
		drops := nonZeroDrops(b)
		sort.SliceStable(drops, func(i, j int) bool { return drops[i].Count > drops[j].Count })
		fmt.Fprintln(w)
		if len(drops) == 0 {
			fmt.Fprintln(w, "no drops")
			continue
		}
		rows = [][]string{{"DROP REASON", "PACKETS"}}
		for _, d := range drops {
			rows = append(rows, []string{d.Reason, count(d.Count)})
		}
		textTable(w, rows, 1)
	}
}

// nonZeroDrops is the forwarder's drops that are not 0, by reason: its sums, or the workers'
// summed here when it sent none.
func nonZeroDrops(b apitypes.StatsBody) []apitypes.Drop {
	sums := b.Drops
	if len(sums) == 0 {
		by := map[string]uint64{}
		for _, x := range b.Workers {
			for _, d := range x.Drops {
				if _, ok := by[d.Reason]; !ok {
					sums = append(sums, apitypes.Drop{Reason: d.Reason})
				}
				by[d.Reason] += d.Count
			}
		}
		for i := range sums {
			sums[i].Count = by[sums[i].Reason]
		}
	}
	var out []apitypes.Drop
	for _, d := range sums {
		if d.Count > 0 {
			out = append(out, d)
		}
	}
	return out
}

// spMarks are the marks after a SYN proxy's connection's STATE in conns (its synproxy field),
// in the order their notes follow the table; a value not listed here gets the last.
var spMarks = []struct{ synproxy, mark, note string }{
	{"waiting", "~", "~ SYN proxy: the NF has not answered the proxy's SYN yet (synproxy waiting)"},
	{"translated", "+", "+ SYN proxy: sequence numbers translated between client and NF (synproxy translated)"},
	{"", "?", "? SYN proxy: a synproxy value this hvlbctl does not know (-o json has it)"},
}

// spMark is the index in spMarks of a SYN proxy's connection's mark (-1: not one).
func spMark(synproxy string) int {
	if synproxy == "" {
		return -1
	}
	for i, m := range spMarks[:len(spMarks)-1] {
		if m.synproxy == synproxy {
			return i
		}
	}
	return len(spMarks) - 1
}

// connTable is conns for people, as ipvsadm -Lnc with the forwarder and worker; an entry
// whose latest state came from a sync peer is marked * after its forwarder, a SYN proxy's
// connection after its state (spMarks: one character, so the table still fits 120 columns).
func connTable(w io.Writer, cs []apitypes.Connection) {
	rows := [][]string{{"FORWARDER", "W", "PROTO", "CLIENT", "VIP", "REAL", "STATE", "AGE", "EXPIRES", "PKTS IN/OUT", "BYTES IN/OUT"}}
	synced, marked := false, make([]bool, len(spMarks))
	for _, c := range cs {
		fwd, state := c.Forwarder, c.State
		if c.Synced {
			fwd, synced = fwd+"*", true
		}
		if i := spMark(c.SynProxy); i >= 0 {
			state, marked[i] = state+spMarks[i].mark, true
		}
		rows = append(rows, []string{fwd, strconv.FormatUint(uint64(c.Worker), 10), c.Protocol, c.Client, c.VIP,
			c.Real, state, dur(time.Duration(c.AgeS) * time.Second), dur(time.Duration(c.ExpiresInS) * time.Second),
			count(c.PacketsIn) + "/" + count(c.PacketsOut), bytesSI(c.BytesIn) + "/" + bytesSI(c.BytesOut)})
	}
	textTable(w, rows, 1, 7, 8, 9, 10)
	if synced {
		fmt.Fprintln(w, "* its latest state came from a sync peer; PKTS count what this forwarder carried")
	}
	for i, m := range spMarks {
		if marked[i] {
			fmt.Fprintln(w, m.note)
		}
	}
}
