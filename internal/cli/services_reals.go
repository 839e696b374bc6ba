package cli

// The reals' commands (hvlbctl rs add|set|drain|delete) and how a real is shown.

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/netip"
	"slices"
	"text/tabwriter"

	"hvlb/internal/apitypes"
	"hvlb/internal/model"
)

// realArgs parses ID ADDR:PORT.
func realArgs(cl *cmdline) (string, netip.AddrPort, error) {
	ap, err := parseAddrPort("ADDR:PORT", cl.pos[1])
	return cl.pos[0], ap, err
}

func rsAdd(e *env, cl *cmdline) error {
	weight := cl.fs.Uint("weight", model.DefaultWeight, fmt.Sprintf("weight, 0..%d", model.MaxWeight))
	metrics := cl.fs.String("metrics-url", "", "the NF's Prometheus endpoint, for the comprehensive policy's CPU input")
	capacity := cl.fs.Float64("capacity-mbps", 0, "capacity of the path to the NF, Mbps (0: the policy's default)")
	limit := connLimitFlag(cl.fs)
	if err := cl.parse(2, 2); err != nil {
		return err
	}
	id, ap, err := realArgs(cl)
	if err != nil {
		return err
	}
	if *weight > 1<<32-1 {
		return usagef("--weight %d: want 0..%d", *weight, model.MaxWeight)
	}
	connLim, err := connLimit(cl.set, limit)
	if err != nil {
		return err
	}
	c, err := e.client()
	if err != nil {
		return err
	}
	port, w := int(ap.Port()), int(*weight)
	body := apitypes.RealInput{Address: ap.Addr().String(), Port: &port, Weight: &w, MetricsURL: *metrics,
		CapacityMbps: *capacity, ConnLimit: connLim}
	_, b, err := c.do(http.MethodPost, servicePath(id)+"/reals", body)
	if err != nil {
		return about(err, fmt.Sprintf("service %s, real %s", id, ap), id)
	}
	return e.showReal(b, fmt.Sprintf("real %s added to %s", ap, id))
}

func rsSet(e *env, cl *cmdline) error {
	weight := cl.fs.Uint("weight", 0, fmt.Sprintf("weight, 0..%d", model.MaxWeight))
	health := cl.fs.String("health", "", "up or down (override the checks), auto (follow them)")
	drain := cl.fs.Bool("drain", false, "drain (--drain=false: take it back)")
	metrics := cl.fs.String("metrics-url", "", "the NF's Prometheus endpoint ('': none)")
	capacity := cl.fs.Float64("capacity-mbps", 0, "capacity of the path to the NF, Mbps (0: the policy's default)")
	limit := connLimitFlag(cl.fs)
	if err := cl.parse(2, 2); err != nil {
		return err
	}
	id, ap, err := realArgs(cl)
	if err != nil {
		return err
	}
	var patch apitypes.RealPatch
	if patch.ConnLimit, err = connLimit(cl.set, limit); err != nil {
		return err
	}
	if cl.set["weight"] {
		if *weight > 1<<32-1 {
			return usagef("--weight %d: want 0..%d", *weight, model.MaxWeight)
		}
		w := int(*weight)
		patch.Weight = &w
	}
	if cl.set["health"] {
		override := ""
		switch *health {
		case "up", "down":
			override = *health
		case "auto", "":
		default:
			return usagef("--health %q: want up, down or auto", *health)
		}
		patch.HealthOverride = &override
	}
	if cl.set["drain"] {
		patch.Drain = drain
	}
	if cl.set["metrics-url"] {
		patch.MetricsURL = metrics
	}
	if cl.set["capacity-mbps"] {
		patch.CapacityMbps = capacity
	}
	if patch == (apitypes.RealPatch{}) {
		return usagef("nothing to change: give --weight, --health, --drain, --metrics-url, --capacity-mbps " +
			"or --conn-limit")
	}
	c, err := e.client()
	if err != nil {
		return err
	}
	_, b, err := c.do(http.MethodPatch, realPath(id, ap), patch)
	if err != nil {
		return about(err, fmt.Sprintf("service %s, real %s", id, ap), id)
	}
	return e.showReal(b, fmt.Sprintf("real %s of %s changed", ap, id))
}

func rsDrain(e *env, cl *cmdline) error {
	if err := cl.parse(2, 2); err != nil {
		return err
	}
	id, ap, err := realArgs(cl)
	if err != nil {
		return err
	}
	c, err := e.client()
	if err != nil {
		return err
	}
	_, b, err := c.do(http.MethodPost, realPath(id, ap)+"/drain", nil)
	if err != nil {
		return about(err, fmt.Sprintf("service %s, real %s", id, ap), id)
	}
	return e.showReal(b, fmt.Sprintf("real %s of %s draining", ap, id))
}

func rsDelete(e *env, cl *cmdline) error {
	hard := cl.fs.Bool("hard", false, "drop the real's connections at once")
	if err := cl.parse(2, 2); err != nil {
		return err
	}
	id, ap, err := realArgs(cl)
	if err != nil {
		return err
	}
	c, err := e.client()
	if err != nil {
		return err
	}
	path := realPath(id, ap)
	if *hard {
		path += "?hard=true"
	}
	_, b, err := c.do(http.MethodDelete, path, nil)
	if err != nil {
		return about(err, fmt.Sprintf("service %s, real %s", id, ap), id)
	}
	if e.json() {
		return printJSON(e.stdout, b)
	}
	fmt.Fprintf(e.stdout, "real %s removed from %s\n", ap, id)
	return nil
}

func writeReals(w io.Writer, reals []apitypes.Real) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	inputs := slices.ContainsFunc(reals, func(r apitypes.Real) bool { return r.MetricsURL != "" || r.CapacityMbps != 0 })
	limits := slices.ContainsFunc(reals, func(r apitypes.Real) bool { return r.ConnLimit != 0 })
	head := "REAL\tWEIGHT\tHEALTH\tOVERRIDE\tDRAIN\tVERSION\tREASON"
	if limits {
		head += "\tCONN_LIMIT"
	}
	if inputs {
		head += "\tCAPACITY_MBPS\tMETRICS_URL"
	}
	fmt.Fprintln(tw, head)
	for _, r := range reals {
		drain := "no"
		if r.Drain {
			drain = "yes"
		}
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%s\t%d\t%s", r.Key(), r.Weight, dash(r.Health),
			dash(r.HealthOverride), drain, r.Version, dash(r.HealthReason))
		if limits {
			fmt.Fprintf(tw, "\t%s", limitString(r.ConnLimit, ""))
		}
		if inputs {
			capacity := "-"
			if r.CapacityMbps != 0 {
				capacity = fnum(r.CapacityMbps)
			}
			fmt.Fprintf(tw, "\t%s\t%s", capacity, dash(r.MetricsURL))
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
}

// showReal prints the reply to a change of a real: the server's JSON, the real (or the
// service) it sent back, or done when it sent neither.
func (e *env) showReal(b []byte, done string) error {
	if e.json() {
		return printJSON(e.stdout, b)
	}
	var probe struct {
		Address string          `json:"address"`
		Reals   json.RawMessage `json:"reals"`
	}
	_ = json.Unmarshal(b, &probe)
	switch {
	case probe.Address != "":
		var r apitypes.Real
		if err := json.Unmarshal(b, &r); err != nil {
			return fmt.Errorf("the reply is not a real: %w", err)
		}
		writeReals(e.stdout, []apitypes.Real{r})
	case probe.Reals != nil:
		return e.showService(b)
	default:
		fmt.Fprintln(e.stdout, done)
	}
	return nil
}

// synproxyString says a service's SYN proxy: off, on, or auto with its threshold.
