package cli

import (
	"fmt"
	"io"
	"net/url"
	"strconv"
	"text/tabwriter"
	"time"

	"hvlb/internal/apitypes"
)

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
	var v apitypes.Steering
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
func writeSteering(w io.Writer, v *apitypes.Steering) {
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
