package cli

import (
	"flag"
	"fmt"
	"io"
	"maps"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"hvlb/internal/apitypes"
	"hvlb/internal/model"
)

// policyParams are the parameters' flags and JSON names, in the API's order
// (apitypes.PolicyParamNames; a test keeps them in step).
var policyParams = []struct{ flag, json, help string }{
	{"gamma", "gamma", "weight of path quality against CPU headroom, 0..1 (server default 0.5)"},
	{"max-rtt-ms", "max_rtt_ms", "filter out paths slower than this; 0: no bound (server default 50)"},
	{"min-avail-mbps", "min_avail_mbps", "filter out paths with less free bandwidth; 0: no bound"},
	{"cpu-high", "cpu_high", "filter out NFs busier than this, 0..1 (server default 0.7)"},
	{"cpu-hysteresis", "cpu_hysteresis", "an NF filtered for CPU comes back at cpu_high minus this (server default 0.05)"},
	{"smoothing", "smoothing", "EWMA weight of a new sample, 0..1 (1: none), in place of --smoothing-tau-ms (server default 0: not used)"},
	{"smoothing-tau-ms", "smoothing_tau_ms", "EWMA time constant: a step of an input is 90 % through after 2.3 times it (server default 1000); 0: not used"},
	{"rtt-jump-ratio", "rtt_jump_ratio", "a path RTT this many times above or below its average for half the time constant replaces it at once (server default 2); 0: never"},
	{"change-threshold", "change_threshold", "share of traffic the weights must move by to be published (server default 0.05)"},
	{"stale-after-ms", "stale_after_ms", "measurements older than this do not count (server default 15000)"},
	{"scale", "scale", "sum of the weights (server default 10000)"},
	{"default-capacity-mbps", "default_capacity_mbps", "a path's capacity when its real has none (server default 10000)"},
	{"rtt-floor-ms", "rtt_floor_ms", "RTTs below this count as this (server default 1)"},
}

// policyFlags are the flags of vs add and vs set that choose the policy.
type policyFlags struct {
	kind   *string
	params map[string]*float64 // by JSON name
}

func addPolicyFlags(fs *flag.FlagSet) *policyFlags {
	f := &policyFlags{
		kind:   fs.String("policy", "", "where the weights come from: static (the reals' weights) or comprehensive (path RTT, bandwidth and NF CPU)"),
		params: map[string]*float64{},
	}
	for _, p := range policyParams {
		f.params[p.json] = fs.Float64(p.flag, 0, "comprehensive policy: "+p.help)
	}
	return f
}

// policyFlagNames are the flags addPolicyFlags declares.
func policyFlagNames() []string {
	names := []string{"policy"}
	for _, p := range policyParams {
		names = append(names, p.flag)
	}
	return names
}

// policy returns the policy the flags ask for over cur (the service's now; nil: none),
// or nil when no policy flag was given.
func (f *policyFlags) policy(set map[string]bool, cur *apitypes.PolicyInput) (*apitypes.PolicyInput, error) {
	var given []string
	for _, p := range policyParams {
		if set[p.flag] {
			given = append(given, p.flag)
		}
	}
	if !set["policy"] && len(given) == 0 {
		return nil, nil
	}
	kind := model.PolicyStatic
	if cur != nil && cur.Kind != "" {
		kind = cur.Kind
	}
	if set["policy"] {
		kind = *f.kind
	}
	switch kind {
	case model.PolicyStatic:
		if len(given) > 0 {
			return nil, usagef("--%s: only with --policy comprehensive", given[0])
		}
		return &apitypes.PolicyInput{Kind: model.PolicyStatic}, nil
	case model.PolicyComprehensive:
	default:
		return nil, usagef("--policy %q: want static or comprehensive", kind)
	}
	out := apitypes.PolicyInput{Kind: kind}
	if cur != nil && cur.Kind == model.PolicyComprehensive {
		out = *cur // the parameters in force stay unless a flag changes them
	}
	for _, p := range policyParams {
		if set[p.flag] {
			if err := out.SetParam(p.json, *f.params[p.json]); err != nil {
				return nil, usagef("--%s: %v", p.flag, err)
			}
		}
	}
	// Of the two kinds of smoothing, the one given alone replaces the one in force, as the
	// server does with a body that gives one (model.PolicyParams.ChooseSmoothing).
	for _, c := range []struct{ given, other, otherJSON string }{
		{"smoothing", "smoothing-tau-ms", "smoothing_tau_ms"}, {"smoothing-tau-ms", "smoothing", "smoothing"},
	} {
		_, inForce := out.Param(c.otherJSON)
		if set[c.given] && !set[c.other] && *f.params[strings.ReplaceAll(c.given, "-", "_")] > 0 && inForce {
			if err := out.SetParam(c.otherJSON, 0); err != nil {
				return nil, err
			}
		}
	}
	return &out, nil
}

// policyString is a service's policy on one line, with the parameters the controller gave.
func policyString(p *apitypes.PolicyInput) string {
	if p == nil || p.Kind == "" || p.Kind == model.PolicyStatic {
		return "static (the reals' weights)"
	}
	var parts []string
	for _, pp := range policyParams {
		if v, ok := p.Param(pp.json); ok {
			parts = append(parts, pp.json+" "+fnum(v))
		}
	}
	return p.Kind + " (" + strings.Join(parts, ", ") + ")"
}

// policyView is the reply of GET /v1/services/{id}/policy as hvlbctl reads it: the policy's
// parameters as the controller gave them (as in service).
type policyView struct {
	apitypes.PolicyView
	Policy apitypes.PolicyInput `json:"policy"`
}

var policyCommands = []*command{
	{"vs policy", "ID", "the weights the forwarders run for a service and, for the comprehensive policy, why: each NF's smoothed inputs, t, φ, η, a, λ and what filtered it out, and the history", vsPolicy},
}

func init() { commands = append(commands, policyCommands...) }

func vsPolicy(e *env, cl *cmdline) error {
	history := cl.fs.Int("history", 10, "history entries to show, the newest (-1: all the controller keeps)")
	if err := cl.parse(1, 1); err != nil {
		return err
	}
	id := cl.pos[0]
	c, err := e.client()
	if err != nil {
		return err
	}
	path := servicePath(id) + "/policy"
	if *history >= 0 {
		path += "?" + url.Values{"history": {strconv.Itoa(*history)}}.Encode()
	}
	var v policyView
	b, err := c.get(path, &v)
	if err != nil {
		return about(err, "service "+id, id)
	}
	if e.json() {
		return printJSON(e.stdout, b)
	}
	writePolicy(e.stdout, &v)
	return nil
}

// num is a figure with digits decimals; fnum is a setting as short as it goes (0.95, 1, 0.5).
func num(v float64, digits int) string { return strconv.FormatFloat(v, 'f', digits, 64) }
func fnum(v float64) string            { return strconv.FormatFloat(v, 'g', -1, 64) }

// writePolicy renders a policy view for people.
func writePolicy(w io.Writer, v *policyView) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "SERVICE\t%s\n", v.Service)
	fmt.Fprintf(tw, "POLICY\t%s\n", policyString(&v.Policy))
	src := "the reals' weights (operator)"
	if v.Source == apitypes.PolicySourcePolicy && v.Published != nil {
		src = fmt.Sprintf("the policy, published %s at version %d: %s", v.Published.At.Local().Format(time.DateTime),
			v.Published.Version, v.Published.Reason)
	}
	fmt.Fprintf(tw, "WEIGHTS FROM\t%s\n", src)
	if v.Policy.Kind == model.PolicyComprehensive {
		fmt.Fprintf(tw, "PUBLISHES\t%d since the controller started\n", v.Publishes)
		fmt.Fprintf(tw, "FALLBACKS\t%d (every NF filtered out: equal weights)\n", v.Fallbacks)
		if cur := v.Current; cur != nil {
			what := "kept"
			if cur.Publish {
				what = "published"
			}
			fmt.Fprintf(tw, "LAST UPDATE\t%s, %s: %s (change %.2f%%)\n", cur.At.Local().Format(time.DateTime), what,
				cur.Reason, 100*cur.Change)
		}
		for _, s := range v.Scrapes {
			state := "ok, last sample " + s.LastSample.Local().Format(time.TimeOnly)
			if s.Error != "" {
				state = s.Error
			}
			fmt.Fprintf(tw, "CPU SCRAPE\t%s: %s\n", s.Target.URL, state)
		}
		if v.Error != "" {
			fmt.Fprintf(tw, "ERROR\t%s\n", v.Error)
		}
	}
	tw.Flush()
	fmt.Fprintln(w)

	if v.Current == nil {
		tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "REAL\tWEIGHT")
		keys := make([]string, 0, len(v.Weights))
		for k := range v.Weights {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			fmt.Fprintf(tw, "%s\t%d\n", k, v.Weights[k])
		}
		tw.Flush()
		if v.Policy.Kind == model.PolicyComprehensive {
			fmt.Fprintln(w, "\nno update yet: the policy runs every second once the controller has had its warm-up")
		}
		return
	}
	writeExplanations(w, v.Current, v.Weights)
	writePerForwarder(w, v.PerForwarder)
	for _, a := range v.Current.Alerts {
		fmt.Fprintf(w, "ALERT: %s\n", a)
	}
	if len(v.History) > 0 {
		fmt.Fprintln(w, "\nhistory (oldest first):")
		tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "AT\tPUBLISHED\tFALLBACK\tWEIGHTS\tREASON")
		for _, h := range v.History {
			var ws []string
			for _, e := range h.NFs {
				ws = append(ws, fmt.Sprintf("%s=%d", e.ID, h.Weights[e.ID]))
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", h.At.Local().Format(time.TimeOnly), yesNo(h.Publish),
				yesNo(h.Fallback), strings.Join(ws, " "), h.Reason)
		}
		tw.Flush()
	}
}

// writeExplanations is the per-NF table: the weight in force at the forwarders, the
// weight computed now, the smoothed inputs of the path that counted, and the scores.
func writeExplanations(w io.Writer, res *apitypes.PolicyResult, inForce map[string]int) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "REAL\tWEIGHT\tCOMPUTED\tLAMBDA\tRTT_MS\tAVAIL_MBPS\tCPU\tT\tPHI\tETA\tA\tFILTERED / NOTES")
	for _, e := range res.NFs {
		rtt, avail := "-", "-"
		if p := shownPath(&e); p != nil {
			rtt, avail = num(p.RTTMs, 2), num(p.AvailMbps, 1)
			if p.Data != apitypes.PolicyDataFresh {
				rtt += " (" + string(p.Data) + ")"
			}
		}
		cpu := "-"
		if e.CPUData != apitypes.PolicyDataMissing {
			cpu = num(e.CPU, 2)
			if e.CPUData != apitypes.PolicyDataFresh {
				cpu += " (" + string(e.CPUData) + ")"
			}
		}
		why := e.Filtered
		if why != "" {
			why = "filtered: " + why
		}
		if len(e.Notes) > 0 {
			why = strings.TrimPrefix(why+"; "+strings.Join(e.Notes, "; "), "; ")
		}
		weight := e.Published
		if wf, ok := inForce[e.ID]; ok {
			weight = wf
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", e.ID, weight, e.Weight, num(e.Lambda, 4),
			rtt, avail, cpu, num(e.T, 1), num(e.Phi, 3), num(e.Eta, 3), num(e.A, 3), dash(why))
	}
	tw.Flush()
}

// shownPath is the path an NF's inputs are shown from: the one that gave its transmit
// ability, else its path of least RTT.
func shownPath(e *apitypes.PolicyExplanation) *apitypes.PolicyPath {
	var best *apitypes.PolicyPath
	for i := range e.Paths {
		p := &e.Paths[i]
		if p.Forwarder == e.BestPath {
			return p
		}
		if best == nil || (p.Data == apitypes.PolicyDataFresh && best.Data != apitypes.PolicyDataFresh) ||
			(p.Data == best.Data && p.RTTMs < best.RTTMs) {
			best = p
		}
	}
	return best
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// writePerForwarder is a table of the weights each forwarder of a sync pool gets from its own
// paths: a row per real, a column per forwarder.
func writePerForwarder(w io.Writer, per map[string]map[string]int) {
	if len(per) == 0 {
		return
	}
	fwds := slices.Sorted(maps.Keys(per))
	reals := map[string]bool{}
	for _, ws := range per {
		for k := range ws {
			reals[k] = true
		}
	}
	fmt.Fprintln(w, "\nweights per forwarder (from its own paths; the others get WEIGHT above):")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "REAL\t%s\n", strings.ToUpper(strings.Join(fwds, "\t")))
	for _, k := range slices.Sorted(maps.Keys(reals)) {
		fmt.Fprint(tw, k)
		for _, f := range fwds {
			fmt.Fprintf(tw, "\t%d", per[f][k])
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
}
