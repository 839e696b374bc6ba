package cli

import (
	"fmt"
	"io"
	"net/url"
	"strconv"
	"text/tabwriter"
	"time"
)

// steeringView is the reply of GET /v1/forwarders/{id}/steering.
type steeringView struct {
	Forwarder string    `json:"forwarder"`
	At        time.Time `json:"at"`
	Ports     []struct {
		Port      uint32 `json:"port"`
		Name      string `json:"name"`
		Mechanism string `json:"mechanism"`
		Socket    int32  `json:"socket"`
	} `json:"ports"`
	RSSA struct {
		Enabled  bool    `json:"enabled"`
		Q        float64 `json:"q"`
		Epsilon  float64 `json:"epsilon"`
		ThetaH   float64 `json:"theta_h"`
		PeriodMs uint32  `json:"period_ms"`
		NSam     uint32  `json:"n_sam"`
		Cooldown uint32  `json:"cooldown"`
		MaxMoves uint32  `json:"max_moves"`
	} `json:"rssa"`
	Workers []struct {
		Worker        uint32  `json:"worker"`
		Lcore         uint32  `json:"lcore"`
		Socket        uint32  `json:"socket"`
		Load          float64 `json:"load"`
		LoadPeriod    float64 `json:"load_period"`
		OverloadFreq  float64 `json:"overload_freq"`
		Overloaded    bool    `json:"overloaded"`
		FlowsMovedIn  uint64  `json:"flows_moved_in"`
		FlowsMovedOut uint64  `json:"flows_moved_out"`
		Overrides     uint32  `json:"overrides"`
	} `json:"workers"`
	Overrides []struct {
		Protocol      string `json:"protocol"`
		Client        string `json:"client"`
		VIP           string `json:"vip"`
		Worker        uint32 `json:"worker"`
		FromWorker    uint32 `json:"from_worker"`
		DefaultWorker uint32 `json:"default_worker"`
		AgeS          uint32 `json:"age_s"`
		Priority      uint32 `json:"priority"`
		Manual        bool   `json:"manual"`
	} `json:"overrides"`
	OverridesTotal  uint32 `json:"overrides_total"`
	Periods         uint64 `json:"periods"`
	FlowsMoved      uint64 `json:"flows_moved"`
	RSSAMoves       uint64 `json:"rssa_moves"`
	MovesFailed     uint64 `json:"moves_failed"`
	MovesInProgress uint32 `json:"moves_in_progress"`
	Publications    uint64 `json:"publications"`
	Dispatch        struct {
		Enabled        bool    `json:"enabled"`
		Stages         uint32  `json:"stages"`
		Lcore          uint32  `json:"lcore"`
		Socket         uint32  `json:"socket"`
		RxQueues       uint32  `json:"rx_queues"`
		RxPackets      uint64  `json:"rx_packets"`
		RawPackets     uint64  `json:"raw_packets"`
		SteeredPackets uint64  `json:"steered_packets"`
		FullDrops      uint64  `json:"full_drops"`
		BusySeconds    float64 `json:"busy_seconds"`
		Fences         uint64  `json:"fences"`
		FenceHeld      uint64  `json:"fence_held"`
		FenceEarly     uint64  `json:"fence_early"`
	} `json:"dispatch"`
}

func init() {
	commands = append(commands, &command{"fr steering", "ID",
		"how flows reach a forwarder's workers: mechanism per port, RSS-A, the dispatch stage, per-worker load and overload frequency, flows moved, and the current overrides",
		frSteering})
}

func frSteering(e *env, cl *cmdline) error {
	if err := cl.parse(1, 1); err != nil {
		return err
	}
	id := cl.pos[0]
	c, err := e.client()
	if err != nil {
		return err
	}
	var v steeringView
	b, err := c.get("/v1/forwarders/"+url.PathEscape(id)+"/steering", &v)
	if err != nil {
		return about(err, "forwarder "+id, id)
	}
	if e.json() {
		return printJSON(e.stdout, b)
	}
	writeSteering(e.stdout, &v)
	return nil
}

// writeSteering renders a steering read-out for people: the settings and counts, the
// per-worker load, then the overrides the forwarder listed.
func writeSteering(w io.Writer, v *steeringView) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "FORWARDER\t%s\n", v.Forwarder)
	fmt.Fprintf(tw, "REPORTED\t%s\n", v.At.Local().Format(time.DateTime))
	for _, p := range v.Ports {
		socket := "socket " + strconv.Itoa(int(p.Socket))
		if p.Socket < 0 {
			socket = "socket unknown"
		}
		fmt.Fprintf(tw, "PORT %d\t%s (%s): %s\n", p.Port, dash(p.Name), socket, dash(p.Mechanism))
	}
	r := v.RSSA
	onOff := "off"
	if r.Enabled {
		onOff = "on"
	}
	fmt.Fprintf(tw, "RSS-A\t%s: Q %s, epsilon %s, theta_h %s, %d samples per %d ms period, cooldown %d periods, at most %d moves a period\n",
		onOff, fnum(r.Q), fnum(r.Epsilon), fnum(r.ThetaH), r.NSam, r.PeriodMs, r.Cooldown, r.MaxMoves)
	// Only when on: a line saying "off" on every forwarder without the stage says nothing.
	if d := v.Dispatch; d.Enabled {
		stages := "1 stage" // a controller from before dispatch = N says no more than "on"
		if d.Stages > 1 {
			stages = fmt.Sprintf("%d stages", d.Stages)
		}
		fmt.Fprintf(tw, "DISPATCH\t%s from lcore %d (socket %d), %d RX queues: %d packets (%d steered), %d raw, %d dropped with a full inbox, busy %s s; %d moves fenced (%d packets held, %d released early)\n",
			stages, d.Lcore, d.Socket, d.RxQueues, d.RxPackets, d.SteeredPackets, d.RawPackets, d.FullDrops,
			num(d.BusySeconds, 2), d.Fences, d.FenceHeld, d.FenceEarly)
	}
	fmt.Fprintf(tw, "PERIODS\t%d\n", v.Periods)
	fmt.Fprintf(tw, "FLOWS MOVED\t%d completed (RSS-A asked for %d)\n", v.FlowsMoved, v.RSSAMoves)
	fmt.Fprintf(tw, "MOVES FAILED\t%d\n", v.MovesFailed)
	fmt.Fprintf(tw, "IN PROGRESS\t%d\n", v.MovesInProgress)
	fmt.Fprintf(tw, "PUBLICATIONS\t%d steering tables\n", v.Publications)
	tw.Flush()

	fmt.Fprintln(w)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "WORKER\tLCORE\tSOCKET\tLOAD\tPERIOD_LOAD\tOVERLOAD_FREQ\tOVERLOADED\tOVERRIDES\tMOVED_IN\tMOVED_OUT")
	for _, wl := range v.Workers {
		fmt.Fprintf(tw, "%d\t%d\t%d\t%s\t%s\t%s\t%s\t%d\t%d\t%d\n", wl.Worker, wl.Lcore, wl.Socket, num(wl.Load, 3),
			num(wl.LoadPeriod, 3), num(wl.OverloadFreq, 2), yesNo(wl.Overloaded), wl.Overrides, wl.FlowsMovedIn,
			wl.FlowsMovedOut)
	}
	tw.Flush()

	fmt.Fprintln(w)
	if v.OverridesTotal == 0 && len(v.Overrides) == 0 {
		fmt.Fprintln(w, "no overrides: every connection is on its default worker")
		return
	}
	fmt.Fprintf(w, "overrides: %d of %d shown\n", len(v.Overrides), max(v.OverridesTotal, uint32(len(v.Overrides))))
	if len(v.Overrides) == 0 {
		return
	}
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "PROTO\tCLIENT\tVIP\tWORKER\tFROM\tDEFAULT\tAGE_S\tPRIORITY\tBY")
	for _, o := range v.Overrides {
		by := "rss-a"
		if o.Manual {
			by = "operator"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%d\t%d\t%d\t%d\t%s\n", dash(o.Protocol), dash(o.Client), dash(o.VIP), o.Worker,
			o.FromWorker, o.DefaultWorker, o.AgeS, o.Priority, by)
	}
	tw.Flush()
}
