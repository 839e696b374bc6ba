package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"

	"hvlb/internal/apitypes"
	"hvlb/internal/fwdcounters"
	"hvlb/internal/model"
)

var readoutCommands = []*command{
	{"fr list", "", "list registered forwarders", frList},
	{"fr show", "ID", "show one forwarder: its state, load and BGP sessions", frShow},
	{"fr drain", "ID", "drain a forwarder: its agent withdraws its VIPs from the routers (BGP); connections it carries stay", frDrain},
	{"fr undrain", "ID", "undrain a forwarder: its agent announces its VIPs again", frUndrain},
	{"fr pool", "ID", "set a forwarder's FullNAT local pool (its agent sets it at run time; with connections open only appending addresses)", frPool},
	{"stats", "", "the latest counters per forwarder, worker, service and real", stats},
	{"conns", "", "the pool's connections, asked of every forwarder now (--reported: what the agents last reported)", conns},
	{"trace", "tcp|udp CLIENT:PORT VIP:PORT", "which forwarders and workers hold a flow, its NF, and what each forwarder would choose for it new, and why", trace},
	{"capture", "", "the packets of one flow (--client, --vip) or one drop reason (--drop-reason) through every forwarder, as pcapng (-w FILE)", capture},
	{"version", "", "the controller's configuration version", version},
	{"lb-request", "", "ask for load balancing of a set of NFs behind a VIP (the NFV manager's request)", lbRequest},
	{"lb-request show", "ID", "where a load-balancing request stands", lbRequestShow},
}

// readout GETs path and prints it: the server's JSON, or the generic rendering.
func (e *env) readout(path, title string, narrow func(any) (any, error)) error {
	c, err := e.client()
	if err != nil {
		return err
	}
	b, err := c.get(path, nil)
	if err != nil {
		return err
	}
	if narrow == nil && e.json() {
		return printJSON(e.stdout, b)
	}
	v, err := decodeOrdered(b)
	if err != nil {
		return fmt.Errorf("GET %s: %w", path, err)
	}
	if narrow != nil {
		if v, err = narrow(v); err != nil {
			return err
		}
	}
	if e.json() {
		nb, err := json.Marshal(v)
		if err != nil {
			return err
		}
		return printJSON(e.stdout, nb)
	}
	if l, ok := listOf(v, title); ok && len(l) == 0 {
		fmt.Fprintf(e.stdout, "no %s\n", title)
		return nil
	}
	renderTree(e.stdout, "", v)
	return nil
}

func frList(e *env, cl *cmdline) error {
	if err := cl.parse(0, 0); err != nil {
		return err
	}
	if e.json() || e.wide() {
		return e.readout("/v1/forwarders", "forwarders", nil)
	}
	c, err := e.client()
	if err != nil {
		return err
	}
	var fwds []apitypes.Forwarder
	if _, err := c.get("/v1/forwarders", &fwds); err != nil {
		return err
	}
	if len(fwds) == 0 {
		fmt.Fprintln(e.stdout, "no forwarders")
		return nil
	}
	forwarderTable(e.stdout, fwds, time.Now())
	return nil
}

func frShow(e *env, cl *cmdline) error {
	if err := cl.parse(1, 1); err != nil {
		return err
	}
	path := "/v1/forwarders/" + url.PathEscape(cl.pos[0])
	if e.json() || e.wide() {
		if err := e.readout(path, "", nil); err != nil {
			return about(err, "forwarder "+cl.pos[0], cl.pos[0])
		}
		return nil
	}
	c, err := e.client()
	if err != nil {
		return err
	}
	b, err := c.get(path, nil)
	if err != nil {
		return about(err, "forwarder "+cl.pos[0], cl.pos[0])
	}
	v, err := decodeOrdered(b)
	if err != nil {
		return fmt.Errorf("GET %s: %w", path, err)
	}
	forwarderView(e.stdout, v, time.Now())
	return nil
}

func frDrain(e *env, cl *cmdline) error {
	return e.setDrain(cl, http.MethodPut, "draining: its agent withdraws its VIPs' BGP routes now (ANNOUNCED follows at its next report)")
}

func frUndrain(e *env, cl *cmdline) error {
	return e.setDrain(cl, http.MethodDelete, "undrained: its agent announces its VIPs again while its forwarder is ready")
}

// frPool sets the forwarder's FullNAT local pool (PUT /v1/forwarders/{id}/local-pool) and
// shows the forwarder. The forwarder may still refuse it (its FullNAT connections forbid
// the change): fr show then shows its agent's error.
func frPool(e *env, cl *cmdline) error {
	addrs := cl.fs.String("addrs", "", "the local addresses, comma-separated, in pool order (existing ones first)")
	ports := cl.fs.String("ports", "", "the local port range LO-HI (default: the forwarder's)")
	if err := cl.parse(1, 1); err != nil {
		return err
	}
	if !cl.set["addrs"] {
		return usagef("give --addrs (the whole pool, in order)")
	}
	id := cl.pos[0]
	body := model.LocalPool{Addrs: []string{}, Ports: *ports}
	if *addrs != "" {
		body.Addrs = strings.Split(*addrs, ",")
	}
	return e.forwarderCall(id, http.MethodPut, "local-pool", body,
		": local pool set; its agent applies it (ERROR shows a refusal)")
}

// forwarderCall sends method with body (nil: none) to the forwarder's sub-resource and shows
// the forwarder it answers with, after a line that says what was done ("forwarder ID" and
// done as it is).
func (e *env) forwarderCall(id, method, sub string, body any, done string) error {
	c, err := e.client()
	if err != nil {
		return err
	}
	_, b, err := c.do(method, "/v1/forwarders/"+url.PathEscape(id)+"/"+sub, body)
	if err != nil {
		return about(err, "forwarder "+id, id)
	}
	if e.json() {
		return printJSON(e.stdout, b)
	}
	v, err := decodeOrdered(b)
	if err != nil {
		return fmt.Errorf("forwarder %s: the reply: %w", id, err)
	}
	fmt.Fprintf(e.stdout, "forwarder %s%s\n\n", id, done)
	if e.wide() {
		renderTree(e.stdout, "", v)
	} else {
		forwarderView(e.stdout, v, time.Now())
	}
	return nil
}

// setDrain sends method to the forwarder's drain and shows the forwarder after a line that
// says what follows (done).
func (e *env) setDrain(cl *cmdline, method, done string) error {
	if err := cl.parse(1, 1); err != nil {
		return err
	}
	return e.forwarderCall(cl.pos[0], method, "drain", nil, " "+done)
}

func stats(e *env, cl *cmdline) error {
	fwd := cl.fs.String("forwarder", "", "only this forwarder")
	all := cl.fs.Bool("counters", false, "every counter of the forwarder's registries instead: per worker, and sync's (docs/counters.md)")
	if err := cl.parse(0, 0); err != nil {
		return err
	}
	path := "/v1/stats"
	if *fwd != "" {
		path += "?forwarder=" + url.QueryEscape(*fwd)
	}
	if *all && !e.json() {
		return e.counterTables(path, *fwd)
	}
	if !e.json() && !e.wide() {
		return e.statsSummary(path, *fwd)
	}
	return e.readout(path, "stats", func(v any) (any, error) {
		if *fwd != "" {
			kept, found := keepForwarder(v, *fwd)
			if !found {
				return nil, fmt.Errorf("forwarder %s: no stats (is it registered? hvlbctl fr list)", *fwd)
			}
			v = kept
		}
		if !e.json() {
			// The summary: every counter by name is stats --counters.
			v = withoutKeys(v, "counters", "sync_counters")
		}
		return v, nil
	})
}

// statsSummary prints, for each forwarder of GET path (only fwd, if given), the tables of
// statsTables.
func (e *env) statsSummary(path, fwd string) error {
	c, err := e.client()
	if err != nil {
		return err
	}
	var st apitypes.Stats
	if _, err := c.get(path, &st); err != nil {
		return err
	}
	kept := st.Forwarders[:0]
	for _, f := range st.Forwarders {
		if fwd == "" || f.ID == fwd {
			kept = append(kept, f)
		}
	}
	if len(kept) == 0 {
		if fwd != "" {
			return fmt.Errorf("forwarder %s: no stats (is it registered? hvlbctl fr list)", fwd)
		}
		fmt.Fprintln(e.stdout, "no stats")
		return nil
	}
	st.Forwarders = kept
	statsTables(e.stdout, st, time.Now())
	return nil
}

// counterTables prints, for each forwarder of GET path, a table of every worker counter
// (a row each, in the registry's order, then any this build does not know; a column per
// worker and their total) and its sync counters.
func (e *env) counterTables(path, fwd string) error {
	c, err := e.client()
	if err != nil {
		return err
	}
	var st apitypes.Stats
	if _, err := c.get(path, &st); err != nil {
		return err
	}
	n := 0
	for _, f := range st.Forwarders {
		if fwd != "" && f.ID != fwd {
			continue
		}
		n++
		fmt.Fprintf(e.stdout, "%s (%s):\n", f.ID, f.At.Format(time.RFC3339))
		ids := make([]uint32, len(f.Stats.Workers))
		counters := make([]map[string]uint64, len(f.Stats.Workers))
		for i, w := range f.Stats.Workers {
			ids[i], counters[i] = w.Worker, w.Counters
		}
		printCounters(e.stdout, ids, counters, f.Stats.SyncCounters)
		fmt.Fprintln(e.stdout)
	}
	if n == 0 && fwd != "" {
		return fmt.Errorf("forwarder %s: no stats (is it registered? hvlbctl fr list)", fwd)
	}
	return nil
}

// numberTable writes rows as a table: the first column aligned left, the others (numbers)
// right.
func numberTable(w io.Writer, rows [][]string) {
	width := map[int]int{}
	for _, r := range rows {
		for i, c := range r {
			width[i] = max(width[i], len(c))
		}
	}
	for _, r := range rows {
		var b strings.Builder
		for i, c := range r {
			if i == 0 {
				fmt.Fprintf(&b, "%-*s", width[0], c)
			} else {
				fmt.Fprintf(&b, "  %*s", width[i], c)
			}
		}
		fmt.Fprintln(w, b.String())
	}
}

// printCounters writes every worker counter (a row each, in the registry's order, then any
// this build does not know; a column per worker, ids, and their total) and the sync counters.
func printCounters(w io.Writer, ids []uint32, workers []map[string]uint64, sync map[string]uint64) {
	rows := [][]string{{"COUNTER"}}
	for _, id := range ids {
		rows[0] = append(rows[0], fmt.Sprintf("W%d", id))
	}
	rows[0] = append(rows[0], "TOTAL")
	for _, name := range counterOrder(fwdcounters.Worker, workers...) {
		row, total := []string{name}, uint64(0)
		for _, m := range workers {
			row = append(row, strconv.FormatUint(m[name], 10))
			total += m[name]
		}
		rows = append(rows, append(row, strconv.FormatUint(total, 10)))
	}
	if len(rows) == 1 {
		fmt.Fprintln(w, "no worker counters reported")
	} else {
		numberTable(w, rows)
	}
	if len(sync) > 0 {
		rows = [][]string{{"SYNC COUNTER", "VALUE"}}
		for _, name := range counterOrder(fwdcounters.Sync, sync) {
			rows = append(rows, []string{name, strconv.FormatUint(sync[name], 10)})
		}
		fmt.Fprintln(w)
		numberTable(w, rows)
	}
}

// counterOrder is the names of the counters in maps: those of group in the registry first,
// in its order, then the others sorted.
func counterOrder(group string, maps ...map[string]uint64) []string {
	have := map[string]bool{}
	for _, m := range maps {
		for k := range m {
			have[k] = true
		}
	}
	var out []string
	for _, c := range fwdcounters.Registry {
		if c.Group == group && have[c.Name] {
			out = append(out, c.Name)
			delete(have, c.Name)
		}
	}
	rest := make([]string, 0, len(have))
	for k := range have {
		rest = append(rest, k)
	}
	sort.Strings(rest)
	return append(out, rest...)
}

func version(e *env, cl *cmdline) error {
	if err := cl.parse(0, 0); err != nil {
		return err
	}
	c, err := e.client()
	if err != nil {
		return err
	}
	var v apitypes.Version
	b, err := c.get("/v1/version", &v)
	if err != nil {
		return err
	}
	if e.json() {
		return printJSON(e.stdout, b)
	}
	fmt.Fprintf(e.stdout, "version %d\n", v.Version)
	return nil
}

func lbRequest(e *env, cl *cmdline) error {
	proto := cl.fs.String("protocol", "tcp", "tcp or udp")
	vipArg := cl.fs.String("vip", "", "VIP:PORT ([IPv6]:PORT) to serve the NFs behind (required)")
	mode := cl.fs.String("mode", "", "nat, dr or fullnat")
	sched := cl.fs.String("sched", "", "scheduler")
	upstream := cl.fs.String("upstream", "", "the upstream NF (free text)")
	wait := cl.fs.Duration("wait", 0, "when pending, wait this long for a forwarder to register")
	var nfs list
	cl.fs.Var(&nfs, "nf", "an NF, `ADDR:PORT[:WEIGHT]` (weight 100 when left out); repeat or comma-separate (required)")
	if err := cl.parse(0, 0); err != nil {
		return err
	}
	if *vipArg == "" {
		return usagef("--vip is required")
	}
	if len(nfs.vals) == 0 {
		return usagef("--nf is required (at least one NF)")
	}
	vip, err := parseAddrPort("--vip", *vipArg)
	if err != nil {
		return err
	}
	port := int(vip.Port())
	req := apitypes.LBRequestInput{Protocol: *proto, VIP: vip.Addr().String(), Port: &port, Mode: *mode,
		Scheduler: *sched, Upstream: *upstream}
	for _, s := range nfs.vals {
		ap, w, err := parseNF(s)
		if err != nil {
			return err
		}
		port := int(ap.Port())
		req.NFs = append(req.NFs, apitypes.NF{Address: ap.Addr().String(), Port: &port, Weight: &w})
	}
	c, err := e.client()
	if err != nil {
		return err
	}
	_, b, err := c.do(http.MethodPost, "/v1/lb-requests", req)
	if err != nil {
		return fmt.Errorf("lb-request %s: %w", *vipArg, err)
	}
	var r apitypes.LBRequest
	if err := json.Unmarshal(b, &r); err != nil {
		return fmt.Errorf("the reply is not a load-balancing request: %w", err)
	}
	// A pending request completes when the NFV manager's new forwarder registers.
	for deadline := time.Now().Add(*wait); r.State == model.LBPending && time.Now().Before(deadline); {
		time.Sleep(min(time.Second, time.Until(deadline)))
		if b, err = c.get("/v1/lb-requests/"+url.PathEscape(r.ID), &r); err != nil {
			return about(err, "lb-request "+r.ID, r.ID)
		}
	}
	if *wait > 0 && r.State == model.LBPending {
		e.showLB(b, r)
		return fmt.Errorf("lb-request %s: still pending after %v", r.ID, *wait)
	}
	return e.showLB(b, r)
}

func lbRequestShow(e *env, cl *cmdline) error {
	if err := cl.parse(1, 1); err != nil {
		return err
	}
	c, err := e.client()
	if err != nil {
		return err
	}
	var r apitypes.LBRequest
	b, err := c.get("/v1/lb-requests/"+url.PathEscape(cl.pos[0]), &r)
	if err != nil {
		return about(err, "lb-request "+cl.pos[0], cl.pos[0])
	}
	return e.showLB(b, r)
}

func (e *env) showLB(b []byte, r apitypes.LBRequest) error {
	if e.json() {
		return printJSON(e.stdout, b)
	}
	switch r.State {
	case model.LBAccepted:
		fmt.Fprintf(e.stdout, "request %s accepted: service %s on forwarder %s\n\n", r.ID, serviceID(r), dash(r.Forwarder))
		if s := r.Service; s != nil {
			writeService(e.stdout, service{Service: *s, Policy: apitypes.PolicyInputOf(s.Policy)})
		}
	case model.LBPending:
		fmt.Fprintf(e.stdout, "request %s pending: no forwarder has room; the NFV manager was asked for one\n", r.ID)
		fmt.Fprintf(e.stdout, "follow it with: hvlbctl lb-request show %s\n", r.ID)
	default:
		fmt.Fprintf(e.stdout, "request %s %s", r.ID, dash(r.State))
		if r.Error != "" {
			fmt.Fprintf(e.stdout, ": %s", r.Error)
		}
		fmt.Fprintln(e.stdout)
	}
	return nil
}

// serviceID is the id of an accepted request's service, which GET may give without the
// service.
func serviceID(r apitypes.LBRequest) string {
	if r.Service != nil {
		return r.Service.ID
	}
	return dash(r.ServiceID)
}
