package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"strconv"
	"strings"
	"time"

	"hvlb/internal/apitypes"
)

// conns and trace: the pool's connections and one flow's path, asked of the forwarders now
// (GET /v1/conns, /v1/trace; docs/operations.md, "Which forwarder holds this client").

// connsDefaultLimit is how many connections conns prints without --limit.
const connsDefaultLimit = 100

func conns(e *env, cl *cmdline) error {
	fwd := cl.fs.String("forwarder", "", "only this forwarder's connections")
	vs := cl.fs.String("vs", "", "only this service's connections (its ID)")
	vip := cl.fs.String("vip", "", "only connections to VIP or VIP:PORT")
	real := cl.fs.String("real", "", "only connections to this NF: ADDR or ADDR:PORT")
	client := cl.fs.String("client", "", "only connections from ADDR, ADDR/LEN or ADDR:PORT")
	state := cl.fs.String("state", "", "only connections in this state (established, syn_recv, udp...)")
	proto := cl.fs.String("protocol", "", "only tcp or udp")
	limit := cl.fs.Uint("limit", 0, "at most this many (0: 100; --reported: per forwarder, the server's limit)")
	cursor := cl.fs.String("cursor", "", "go on from where a listing stopped (its next cursor)")
	all := cl.fs.Bool("all", false, "every connection, page after page")
	reported := cl.fs.Bool("reported", false, "what the agents last reported (GET /v1/connections) instead of asking the forwarders")
	if err := cl.parse(0, 0); err != nil {
		return err
	}
	if *reported {
		return connsReported(e, cl, fwd, vs, limit)
	}
	q := url.Values{}
	for k, v := range map[string]string{"forwarder": *fwd, "vip": *vip, "real": *real, "client": *client,
		"state": *state, "protocol": *proto} {
		if v != "" {
			q.Set(k, v)
		}
	}
	if *vs != "" {
		p, v, err := serviceFilter(*vs)
		if err != nil {
			return err
		}
		if (q.Get("protocol") != "" && q.Get("protocol") != p) || (q.Get("vip") != "" && q.Get("vip") != v) {
			return &usageError{"--vs names another protocol or VIP than --protocol or --vip"}
		}
		q.Set("protocol", p)
		q.Set("vip", v)
	}
	want := int(*limit)
	if want == 0 {
		want = connsDefaultLimit
	}
	page, err := e.connPages(q, *cursor, want, *all)
	if err != nil {
		return err
	}
	if e.json() || e.wide() {
		b, err := json.Marshal(page)
		if err != nil {
			return err
		}
		if e.json() {
			return printJSON(e.stdout, b)
		}
		v, err := decodeOrdered(b)
		if err != nil {
			return err
		}
		renderTree(e.stdout, "", v)
		return nil
	}
	if len(page.Connections) == 0 {
		fmt.Fprintln(e.stdout, "no connections")
	} else {
		connTable(e.stdout, page.Connections)
	}
	for _, fe := range page.Errors {
		fmt.Fprintf(e.stdout, "forwarder %s not asked: %s\n", fe.Forwarder, fe.Error)
	}
	if page.NextCursor != "" {
		fmt.Fprintf(e.stdout, "more: --cursor %s (or --all)\n", page.NextCursor)
	}
	return nil
}

// connPages gets pages of GET /v1/conns from cursor until want connections (every one
// with all), merged into one page whose NextCursor goes on from there.
func (e *env) connPages(q url.Values, cursor string, want int, all bool) (apitypes.ConnPage, error) {
	out := apitypes.ConnPage{Connections: []apitypes.Connection{}, Errors: []apitypes.ForwarderError{}}
	c, err := e.client()
	if err != nil {
		return out, err
	}
	seen := map[string]bool{}
	for {
		n := want - len(out.Connections)
		if all {
			n = 1000
		}
		q.Set("limit", strconv.Itoa(min(n, 1000)))
		if cursor != "" {
			q.Set("cursor", cursor)
		}
		var p apitypes.ConnPage
		if _, err := c.get("/v1/conns?"+q.Encode(), &p); err != nil {
			return out, err
		}
		out.Connections = append(out.Connections, p.Connections...)
		for _, fe := range p.Errors {
			if !seen[fe.Forwarder] {
				seen[fe.Forwarder] = true
				out.Errors = append(out.Errors, fe)
			}
		}
		out.NextCursor, cursor = p.NextCursor, p.NextCursor
		if cursor == "" || !all && len(out.Connections) >= want {
			return out, nil
		}
	}
}

// serviceFilter is a service ID (tcp-10.100.0.1-80) as the protocol and vip filters.
func serviceFilter(id string) (proto, vip string, err error) {
	i, j := strings.IndexByte(id, '-'), strings.LastIndexByte(id, '-')
	if i <= 0 || j <= i+1 {
		return "", "", &usageError{fmt.Sprintf("--vs %q: not a service ID (PROTO-VIP-PORT)", id)}
	}
	proto, addr, port := id[:i], id[i+1:j], id[j+1:]
	if _, err := strconv.ParseUint(port, 10, 16); err != nil {
		return "", "", &usageError{fmt.Sprintf("--vs %q: not a service ID (PROTO-VIP-PORT)", id)}
	}
	if port == "0" {
		return proto, addr, nil
	}
	if strings.Contains(addr, ":") {
		addr = "[" + addr + "]"
	}
	return proto, addr + ":" + port, nil
}

func trace(e *env, cl *cmdline) error {
	fwd := cl.fs.String("forwarder", "", "only this forwarder")
	if err := cl.parse(3, 3); err != nil {
		return err
	}
	proto := cl.pos[0]
	if proto != "tcp" && proto != "udp" {
		return &usageError{fmt.Sprintf("protocol %q: tcp or udp", proto)}
	}
	client, err := parseAddrPort("client", cl.pos[1])
	if err != nil {
		return err
	}
	vip, err := parseAddrPort("VIP", cl.pos[2])
	if err != nil {
		return err
	}
	q := url.Values{"protocol": {proto}, "client": {client.String()}, "vip": {vip.String()}}
	if *fwd != "" {
		q.Set("forwarder", *fwd)
	}
	path := "/v1/trace?" + q.Encode()
	if e.json() || e.wide() {
		return e.readout(path, "forwarders", nil)
	}
	c, err := e.client()
	if err != nil {
		return err
	}
	var t apitypes.FlowTraces
	if _, err := c.get(path, &t); err != nil {
		return err
	}
	traceView(e.stdout, t)
	for _, fe := range t.Errors {
		fmt.Fprintf(e.stdout, "forwarder %s not asked: %s\n", fe.Forwarder, fe.Error)
	}
	return nil
}

// traceView is a trace for people: who holds the flow, then each forwarder's view.
func traceView(w io.Writer, t apitypes.FlowTraces) {
	fmt.Fprintf(w, "flow %s %s -> %s\n", t.Protocol, t.Client, t.VIP)
	writeWrapped(w, "", "; ", "  ", traceSummary(t))
	for _, f := range t.Forwarders {
		fmt.Fprintf(w, "\n%s: %s; owner worker %d (by hash %d), sync %s\n", f.Forwarder, f.Verdict,
			f.OwnerWorker, f.DefaultWorker, orDash(f.SyncState))
		for _, c := range f.Connections {
			kind := connRole(c)
			if c.Synced {
				kind += " (state from a peer)"
			}
			writeWrapped(w, "  "+kind+": ", ", ", "    ", []string{fmt.Sprintf("worker %d", c.Worker), c.State,
				"NF " + c.Real, "age " + dur(time.Duration(c.AgeS)*time.Second),
				"expires in " + dur(time.Duration(c.ExpiresInS)*time.Second),
				"pkts " + count(c.PacketsIn) + "/" + count(c.PacketsOut),
				"bytes " + bytesSI(c.BytesIn) + "/" + bytesSI(c.BytesOut)})
		}
		if f.Service == "" {
			fmt.Fprintf(w, "  new one:    %s\n", f.Reason)
			continue
		}
		fmt.Fprintf(w, "  service     %s, mode %s, scheduler %s, %d of %d reals usable", f.Service, f.Mode,
			f.Scheduler, f.UsableReals, len(f.Reals))
		if f.ConnRateLimit > 0 {
			fmt.Fprintf(w, ", %d new a second at most", f.ConnRateLimit)
		}
		fmt.Fprintln(w)
		pick := f.Pick
		if pick == "" {
			pick = "none"
		}
		writeWrapped(w, "  new one     -> "+pick+": ", ", ", "                 ", strings.Split(f.Reason, ", "))
		rows := [][]string{{"  REAL", "WEIGHT", "HEALTH", "LIMIT", "ACTIVE"}}
		for _, r := range f.Reals {
			health, limit := "down", "-"
			if r.Health != 0 {
				health = "up"
			}
			if r.ConnLimit > 0 {
				limit = strconv.FormatUint(uint64(r.ConnLimit), 10)
			}
			ep := r.Address
			if r.Port != 0 {
				ep = endpoint(r.Address, r.Port)
			}
			rows = append(rows, []string{"  " + ep, strconv.FormatUint(uint64(r.Weight), 10),
				health, limit, count(r.ActiveConns)})
		}
		textTable(w, rows, 1, 3, 4)
	}
}

// traceSummary answers the operator's question in a line: which forwarder and worker
// the client's packets go through, which the NF's replies come back through (ECMP may pick
// another forwarder for each direction), where sync keeps copies that carried nothing, and
// its NF. The packet counts say which: a forwarder counts only the packets it carried.
func traceSummary(t apitypes.FlowTraces) []string {
	var in, out, copies []string
	nf := ""
	for _, f := range t.Forwarders {
		for _, c := range f.Connections {
			where := fmt.Sprintf("%s worker %d", f.Forwarder, c.Worker)
			if c.PacketsIn > 0 {
				in = append(in, where)
			}
			if c.PacketsOut > 0 {
				out = append(out, where)
			}
			if c.PacketsIn == 0 && c.PacketsOut == 0 {
				copies = append(copies, where)
			}
			if nf == "" || !c.Synced {
				nf = c.Real
			}
		}
	}
	if len(in)+len(out)+len(copies) == 0 {
		return []string{"no forwarder holds it: a new connection (each forwarder's choice below)"}
	}
	s := []string{"client's packets via " + orNone(in), "NF's replies via " + orNone(out)}
	if len(copies) > 0 {
		s = append(s, "copies (no packet carried) on "+strings.Join(copies, ", "))
	}
	return append(s, "NF "+nf)
}

// maxWidth is the widest line printed for people (docs/cli.md, Tables).
const maxWidth = 120

// writeWrapped writes lead and parts joined by sep as a line, going on to a new line begun
// by indent before a part that would pass maxWidth (sep's mark ends the line it leaves).
func writeWrapped(w io.Writer, lead, sep, indent string, parts []string) {
	line := lead
	for i, p := range parts {
		switch {
		case i == 0:
			line += p
		case len([]rune(line))+len(sep)+len([]rune(p)) > maxWidth:
			fmt.Fprintln(w, line+strings.TrimRight(sep, " "))
			line = indent + p
		default:
			line += sep + p
		}
	}
	fmt.Fprintln(w, line)
}

// connRole says what a forwarder's entry of a connection carried.
func connRole(c apitypes.Connection) string {
	switch {
	case c.PacketsIn > 0 && c.PacketsOut > 0:
		return "both ways"
	case c.PacketsIn > 0:
		return "client side"
	case c.PacketsOut > 0:
		return "reply side"
	}
	return "copy"
}

func orNone(l []string) string {
	if len(l) == 0 {
		return "none"
	}
	return strings.Join(l, ", ")
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func connsReported(e *env, cl *cmdline, fwd, vs *string, limit *uint) error {
	q := url.Values{}
	if *fwd != "" {
		q.Set("forwarder", *fwd)
	}
	if *vs != "" {
		q.Set("service", *vs)
	}
	if *limit > 0 {
		q.Set("limit", strconv.FormatUint(uint64(*limit), 10))
	}
	path := "/v1/connections"
	if len(q) > 0 {
		path += "?" + q.Encode()
	}
	if e.json() || e.wide() {
		return e.readout(path, "connections", nil)
	}
	c, err := e.client()
	if err != nil {
		return err
	}
	var cs apitypes.Connections
	if _, err := c.get(path, &cs); err != nil {
		return err
	}
	if len(cs.Connections) == 0 {
		fmt.Fprintln(e.stdout, "no connections")
		return nil
	}
	connTable(e.stdout, cs.Connections)
	return nil
}
