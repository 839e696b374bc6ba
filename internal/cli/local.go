package cli

// hvlbctl --forwarder SOCKET: the commands that drive one forwarder's local API
// (proto/fwd.proto) directly, without the controller, through internal/fwdclient. They
// are for a lab, a demo or a site without a controller; a forwarder that an agent drives
// gets its configuration back from the controller at the agent's next resync.

import (
	"context"
	"flag"
	"fmt"
	"net/netip"
	"strconv"
	"strings"
	"time"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	"hvlb/internal/fwdclient"
	"hvlb/internal/model"
	"hvlb/internal/pb/fwdpb"
)

var localCommands = []*command{
	{"vs list", "", "list virtual services with their reals and counters", localVsList},
	{"vs add", "PROTO VIP:PORT", "add a virtual service (PROTO: tcp, udp or sctp; port 0: every port)", localVsAdd},
	{"vs set", "PROTO VIP:PORT", "change a virtual service's mode, scheduler, RSS-A priority, rate limit or timeouts", localVsSet},
	{"vs delete", "PROTO VIP:PORT", "remove a virtual service (its connections end naturally)", localVsDelete},
	{"rs add", "PROTO VIP:PORT ADDR[:PORT]", "add a real (port 0 or none: the client's destination port)", localRsAdd},
	{"rs set", "PROTO VIP:PORT ADDR[:PORT]", "change a real's weight or health", localRsSet},
	{"rs delete", "PROTO VIP:PORT ADDR[:PORT]", "remove a real (--hard: drop its connections too)", localRsDelete},
	{"route list", "", "list routes", localRouteList},
	{"route add", "PREFIX", "add or replace a route", localRouteAdd},
	{"route delete", "PREFIX", "remove a route", localRouteDelete},
	{"neigh list", "", "list neighbours (static and learnt)", localNeighList},
	{"neigh add", "ADDR MAC", "add or replace a static neighbour", localNeighAdd},
	{"timeouts", "", "show the global connection timeouts, or set them in seconds (a service's own: vs add/set --timeout-*)", localTimeouts},
	{"zero", "", "zero the service and real counters as displays show them (--vs: one service); metrics keep the totals", localZero},
	{"stats", "", "counters: workers, ports, drops, services and reals (--rate: per second, from two samples)", localStats},
	{"conns", "", "list connections (--vip, --real, --client, --state, --protocol: the forwarder filters)", localConns},
	{"trace", "tcp|udp CLIENT:PORT VIP:PORT", "the flow's connection on each worker, and the real a new one would get and why", localTrace},
	{"capture", "", "the packets of one flow (--client, --vip) or one drop reason (--drop-reason), as pcapng (-w FILE)", localCapture},
	{"pool", "", "FullNAT's local pool: addresses, port range, each worker's free ports", localPool},
	{"pool set", "", "replace FullNAT's local pool at run time (with connections: only appending addresses)", localPoolSet},
	{"steering", "", "flow steering: mechanism per port, RSS-A, worker loads, overrides", localSteering},
	{"rssa", "[on|off]", "change RSS-A's settings", localRssa},
	{"steer", "PROTO CLIENT:PORT VIP:PORT WORKER", "move one connection to a worker, its state with it", localSteer},
}

// fwd is the client of the forwarder of --forwarder, with the time limit of -timeout.
func (e *env) fwd() (*fwdclient.Client, context.Context, context.CancelFunc) {
	timeout := e.g.timeout
	if timeout <= 0 {
		timeout = 30 * time.Second
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	return fwdclient.New(e.g.fwdSocket), ctx, cancel
}

// localDo sends one request and prints its reply: a change prints nothing (-o json: its
// status and config version).
func (e *env) localDo(req *fwdpb.Request) (*fwdpb.Response, error) {
	c, ctx, cancel := e.fwd()
	defer cancel()
	defer c.Close()
	resp, err := c.Do(ctx, req)
	if err != nil {
		return nil, err
	}
	return resp, nil
}

func (e *env) localChange(req *fwdpb.Request) error {
	resp, err := e.localDo(req)
	if err != nil {
		return err
	}
	if e.json() {
		fmt.Fprintf(e.stdout, "{\"status\": 0, \"config_version\": %d}\n", resp.GetConfigVersion())
	}
	return nil
}

// printProto prints a reply as JSON, with the proto's field names and every field.
func (e *env) printProto(m proto.Message) error {
	b, err := protojson.MarshalOptions{UseProtoNames: true, EmitUnpopulated: true, Multiline: true, Indent: "  "}.Marshal(m)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(e.stdout, string(b))
	return err
}

// parseService reads PROTO VIP:PORT.
func parseService(proto, vip string) (*fwdpb.ServiceId, error) {
	proto = strings.ToLower(proto)
	if proto != "tcp" && proto != "udp" && proto != "sctp" {
		return nil, usagef("PROTO %q: want tcp, udp or sctp", proto)
	}
	ap, err := parseAddrPort("VIP:PORT", vip)
	if err != nil {
		return nil, err
	}
	return fwdclient.ServiceID(proto, ap.Addr().String(), uint32(ap.Port())), nil
}

// parseEndpoint reads ADDR, ADDR:PORT, [IPv6] or [IPv6]:PORT; no port is port 0.
func parseEndpoint(what, s string) (string, uint32, error) {
	if a, err := netip.ParseAddr(strings.Trim(s, "[]")); err == nil && a.Zone() == "" {
		return a.Unmap().String(), 0, nil
	}
	ap, err := parseAddrPort(what, s)
	if err != nil {
		return "", 0, usagef("%s %q: want ADDR[:PORT] or [IPv6][:PORT]", what, s)
	}
	return ap.Addr().String(), uint32(ap.Port()), nil
}

func localVsList(e *env, cl *cmdline) error {
	if err := cl.parse(0, 0); err != nil {
		return err
	}
	resp, err := e.localDo(&fwdpb.Request{Op: &fwdpb.Request_ListServices{ListServices: &fwdpb.ListServices{}}})
	if err != nil {
		return err
	}
	if e.json() {
		return e.printProto(resp.GetServices())
	}
	return showLocalServices(e.stdout, resp.GetServices().GetServices(), resp.GetServices().GetServiceStatus())
}

// vsFlags are the flags of local vs add and vs set.
type vsFlags struct {
	mode, sched, encap *string
	priority           *uint
	settings           *settingFlags
	timeouts           []*uint // timeoutNames' values
	synproxy           *string
	synproxyThr        *uint
	vni                *uint
	clientAddr         *string
	hash               *string
	downConns, allDown *string
}

// timeoutNames are the timeouts as flags name them (--udp; --timeout-udp for a service), in
// the order of fwdpb.Timeouts's fields.
var timeoutNames = []string{"tcp-syn", "tcp-established", "tcp-fin", "tcp-time-wait", "tcp-close", "udp"}

// timeoutsOf is the Timeouts message of six flag values (seconds, capped at 2^32-1).
func timeoutsOf(vals []*uint) *fwdpb.Timeouts {
	v := func(i int) uint32 { return uint32(min(*vals[i], 1<<32-1)) }
	return &fwdpb.Timeouts{TcpSyn: v(0), TcpEstablished: v(1), TcpFin: v(2), TcpTimeWait: v(3), TcpClose: v(4), Udp: v(5)}
}

// serviceTimeoutFlags are --timeout-tcp-syn ... --timeout-udp.
func serviceTimeoutFlags() []string {
	out := make([]string, len(timeoutNames))
	for i, n := range timeoutNames {
		out[i] = "timeout-" + n
	}
	return out
}

func addVsFlags(cl *cmdline) *vsFlags {
	return &vsFlags{
		mode:     cl.fs.String("mode", "", "nat, dr, tunnel, fullnat or vxlan (add: nat; vxlan needs --vni)"),
		encap:    cl.fs.String("encap", "", "with --mode tunnel: ipip or gue"),
		sched:    cl.fs.String("sched", "", "maglev, random, rr, wrr, sh or lc (add: maglev)"),
		priority: cl.fs.Uint("priority", 0, "RSS-A class 0-7: moved last, placed first"),
		settings: addSettingFlags(cl.fs),
		timeouts: timeoutFlags(cl, serviceTimeoutFlags(),
			"seconds, this service's own (0: the forwarder's global value; set replaces them all)"),
		synproxy: cl.fs.String("synproxy", "", "SYN proxy of a nat tcp service: off, on or auto (add: off)"),
		synproxyThr: cl.fs.Uint("synproxy-threshold", 0, "embryonic connections per worker above which "+
			"auto turns the proxy on (0: the default, 1000)"),
		vni: cl.fs.Uint("vni", 0, "a vxlan service's VNI, 1-16777215: its tenant, part of its identity "+
			"(--mode vxlan; docs/mode-vxlan.md)"),
		clientAddr: cl.fs.String("client-addr", "", "fullnat: on gives the NFs the client's address "+
			"(tcp: TOA in the SYN; udp: a trailer) (add: off)"),
		hash: cl.fs.String("hash", "", "what a new flow's real is chosen by: 5tuple or sip_call_id (each SIP "+
			"message's Call-ID; nat udp, maglev or sh) (add: 5tuple)"),
		downConns: cl.fs.String("down-conns", "", "the connections of a real that goes down: keep or "+
			"reschedule (add: keep for tcp, reschedule for udp)"),
		allDown: cl.fs.String("all-down", "", "when no real is up and weighted: drop or keep_last (add: drop)"),
	}
}

// vniFlag is --vni as the local API takes it (0: no overlay).
func vniFlag(v uint) (uint32, error) {
	if v > model.MaxVNI {
		return 0, usagef("--vni %d: want 1-%d", v, model.MaxVNI)
	}
	return uint32(v), nil
}

func timeoutFlags(cl *cmdline, names []string, usage string) []*uint {
	vals := make([]*uint, len(names))
	for i, n := range names {
		vals[i] = cl.fs.Uint(n, 0, usage)
	}
	return vals
}

// limitFlag checks a 32-bit limit flag (--conn-rate-limit, --conn-limit).
func limitFlag(name string, v uint) (uint32, error) {
	if v > 1<<32-1 {
		return 0, usagef("--%s %d: want 0..%d (0: no limit)", name, v, uint32(1<<32-1))
	}
	return uint32(v), nil
}

func localVsAdd(e *env, cl *cmdline) error {
	f := addVsFlags(cl)
	if err := cl.parse(2, 2); err != nil {
		return err
	}
	id, err := parseService(cl.pos[0], cl.pos[1])
	if err != nil {
		return err
	}
	if *f.priority > 7 {
		return usagef("--priority %d: want 0-7", *f.priority)
	}
	if id.Vni, err = vniFlag(*f.vni); err != nil {
		return err
	}
	thr, err := limitFlag("synproxy-threshold", *f.synproxyThr)
	if err != nil {
		return err
	}
	vs := &fwdpb.VirtualService{Id: id, Mode: firstOf(*f.mode, "nat"), Encap: *f.encap, Scheduler: firstOf(*f.sched, "maglev"),
		Priority: uint32(*f.priority), Synproxy: *f.synproxy, SynproxyThreshold: thr,
		ClientAddr: *f.clientAddr, Hash: *f.hash, DownConns: *f.downConns, AllDown: *f.allDown}
	if err := f.settings.message(cl.set, vs.ProtoReflect(), false); err != nil {
		return err
	}
	if anySet(cl.set, serviceTimeoutFlags()) {
		vs.Timeouts = timeoutsOf(f.timeouts)
	}
	return e.localChange(&fwdpb.Request{Op: &fwdpb.Request_AddService{AddService: &fwdpb.AddService{Service: vs}}})
}

func localVsSet(e *env, cl *cmdline) error {
	f := addVsFlags(cl)
	if err := cl.parse(2, 2); err != nil {
		return err
	}
	id, err := parseService(cl.pos[0], cl.pos[1])
	if err != nil {
		return err
	}
	if id.Vni, err = vniFlag(*f.vni); err != nil {
		return err
	}
	setTimeouts := anySet(cl.set, serviceTimeoutFlags())
	changes := false
	cl.fs.VisitAll(func(fl *flag.Flag) { changes = changes || (cl.set[fl.Name] && fl.Name != "vni") })
	if !changes {
		return usagef("give what to change: a flag other than --vni (hvlbctl --forwarder SOCKET vs set -h lists them)")
	}
	if *f.priority > 7 {
		return usagef("--priority %d: want 0-7", *f.priority)
	}
	thr, err := limitFlag("synproxy-threshold", *f.synproxyThr)
	if err != nil {
		return err
	}
	u := &fwdpb.UpdateService{Id: id, Mode: *f.mode, Encap: *f.encap, Scheduler: *f.sched, SetPriority: cl.set["priority"],
		Priority: uint32(*f.priority),
		Synproxy: *f.synproxy, SetSynproxyThreshold: cl.set["synproxy-threshold"], SynproxyThreshold: thr,
		ClientAddr: *f.clientAddr, Hash: *f.hash, DownConns: *f.downConns, AllDown: *f.allDown}
	if setTimeouts {
		u.SetTimeouts, u.Timeouts = true, timeoutsOf(f.timeouts)
	}
	if err := f.settings.message(cl.set, u.ProtoReflect(), true); err != nil {
		return err
	}
	return e.localChange(&fwdpb.Request{Op: &fwdpb.Request_UpdateService{UpdateService: u}})
}

func localVsDelete(e *env, cl *cmdline) error {
	if err := cl.parse(2, 2); err != nil {
		return err
	}
	id, err := parseService(cl.pos[0], cl.pos[1])
	if err != nil {
		return err
	}
	return e.localChange(&fwdpb.Request{Op: &fwdpb.Request_RemoveService{RemoveService: &fwdpb.RemoveService{Id: id}}})
}

// rsArgs reads PROTO VIP:PORT ADDR[:PORT].
func rsArgs(cl *cmdline) (*fwdpb.ServiceId, string, uint32, error) {
	id, err := parseService(cl.pos[0], cl.pos[1])
	if err != nil {
		return nil, "", 0, err
	}
	addr, port, err := parseEndpoint("ADDR[:PORT]", cl.pos[2])
	return id, addr, port, err
}

// healthFlag reads --health: up or 1, down or 0.
func healthFlag(s string) (uint32, error) {
	switch s {
	case "up", "1":
		return 1, nil
	case "down", "0":
		return 0, nil
	}
	return 0, usagef("--health %q: want up or down", s)
}

func localRsAdd(e *env, cl *cmdline) error {
	weight := cl.fs.Uint("weight", 100, "forwarding proportion (0: no new connections)")
	health := cl.fs.String("health", "up", "up or down")
	limit := cl.fs.Uint("conn-limit", 0, "connections to it at most (0: no limit)")
	if err := cl.parse(3, 3); err != nil {
		return err
	}
	id, addr, port, err := rsArgs(cl)
	if err != nil {
		return err
	}
	h, err := healthFlag(*health)
	if err != nil {
		return err
	}
	lim, err := limitFlag("conn-limit", *limit)
	if err != nil {
		return err
	}
	rs := &fwdpb.RealService{Address: addr, Port: port, Weight: uint32(min(*weight, 1<<32-1)), Health: h,
		ConnLimit: lim}
	return e.localChange(&fwdpb.Request{Op: &fwdpb.Request_AddReal{AddReal: &fwdpb.AddReal{Service: id, Real: rs}}})
}

func localRsSet(e *env, cl *cmdline) error {
	weight := cl.fs.Uint("weight", 0, "forwarding proportion (0: no new connections)")
	health := cl.fs.String("health", "", "up or down")
	limit := cl.fs.Uint("conn-limit", 0, "connections to it at most (0: no limit)")
	if err := cl.parse(3, 3); err != nil {
		return err
	}
	id, addr, port, err := rsArgs(cl)
	if err != nil {
		return err
	}
	lim, err := limitFlag("conn-limit", *limit)
	if err != nil {
		return err
	}
	u := &fwdpb.UpdateReal{Service: id, Address: addr, Port: port, SetWeight: cl.set["weight"],
		Weight: uint32(min(*weight, 1<<32-1)), SetHealth: cl.set["health"],
		SetConnLimit: cl.set["conn-limit"], ConnLimit: lim}
	if u.SetHealth {
		if u.Health, err = healthFlag(*health); err != nil {
			return err
		}
	}
	if !u.SetWeight && !u.SetHealth && !u.SetConnLimit {
		return usagef("give --weight, --health or --conn-limit")
	}
	return e.localChange(&fwdpb.Request{Op: &fwdpb.Request_UpdateReal{UpdateReal: u}})
}

func localRsDelete(e *env, cl *cmdline) error {
	hard := cl.fs.Bool("hard", false, "also end its connections now")
	if err := cl.parse(3, 3); err != nil {
		return err
	}
	id, addr, port, err := rsArgs(cl)
	if err != nil {
		return err
	}
	return e.localChange(&fwdpb.Request{Op: &fwdpb.Request_RemoveReal{RemoveReal: &fwdpb.RemoveReal{
		Service: id, Address: addr, Port: port, Hard: *hard}}})
}

func localRouteList(e *env, cl *cmdline) error {
	if err := cl.parse(0, 0); err != nil {
		return err
	}
	resp, err := e.localDo(&fwdpb.Request{Op: &fwdpb.Request_ListRoutes{ListRoutes: &fwdpb.ListRoutes{}}})
	if err != nil {
		return err
	}
	if e.json() {
		return e.printProto(resp.GetRoutes())
	}
	rows := [][]string{{"PREFIX", "VIA", "PORT"}}
	for _, r := range resp.GetRoutes().GetRoutes() {
		rows = append(rows, []string{r.Prefix, dash(r.Via), strconv.Itoa(int(r.Port))})
	}
	return printRows(e.stdout, rows)
}

func localRouteAdd(e *env, cl *cmdline) error {
	via := cl.fs.String("via", "", "gateway (none: directly connected)")
	port := cl.fs.Int("port", -1, "the port it goes out of (required)")
	if err := cl.parse(1, 1); err != nil {
		return err
	}
	if *port < 0 {
		return usagef("--port is required")
	}
	r := &fwdpb.Route{Prefix: cl.pos[0], Via: *via, Port: uint32(*port)}
	return e.localChange(&fwdpb.Request{Op: &fwdpb.Request_SetRoute{SetRoute: &fwdpb.SetRoute{Route: r}}})
}

func localRouteDelete(e *env, cl *cmdline) error {
	if err := cl.parse(1, 1); err != nil {
		return err
	}
	return e.localChange(&fwdpb.Request{Op: &fwdpb.Request_DeleteRoute{DeleteRoute: &fwdpb.DeleteRoute{Prefix: cl.pos[0]}}})
}

func localNeighList(e *env, cl *cmdline) error {
	if err := cl.parse(0, 0); err != nil {
		return err
	}
	resp, err := e.localDo(&fwdpb.Request{Op: &fwdpb.Request_ListNeighbors{ListNeighbors: &fwdpb.ListNeighbors{}}})
	if err != nil {
		return err
	}
	if e.json() {
		return e.printProto(resp.GetNeighbors())
	}
	rows := [][]string{{"ADDRESS", "MAC", "PORT", "TYPE"}}
	for _, n := range resp.GetNeighbors().GetNeighbors() {
		typ := "learnt"
		if n.IsStatic {
			typ = "static"
		}
		rows = append(rows, []string{n.Address, n.Mac, strconv.Itoa(int(n.Port)), typ})
	}
	return printRows(e.stdout, rows)
}

func localNeighAdd(e *env, cl *cmdline) error {
	port := cl.fs.Int("port", -1, "the port it is on (required)")
	if err := cl.parse(2, 2); err != nil {
		return err
	}
	if *port < 0 {
		return usagef("--port is required")
	}
	n := &fwdpb.Neighbor{Address: cl.pos[0], Mac: cl.pos[1], Port: uint32(*port)}
	return e.localChange(&fwdpb.Request{Op: &fwdpb.Request_SetNeighbor{SetNeighbor: &fwdpb.SetNeighbor{Neighbor: n}}})
}

// localTimeouts sets the global timeouts given, or with none shows them.
func localTimeouts(e *env, cl *cmdline) error {
	vals := timeoutFlags(cl, timeoutNames, "seconds (0 or not given: unchanged)")
	if err := cl.parse(0, 0); err != nil {
		return err
	}
	if !anySet(cl.set, timeoutNames) {
		resp, err := e.localDo(&fwdpb.Request{Op: &fwdpb.Request_GetTimeouts{GetTimeouts: &fwdpb.GetTimeouts{}}})
		if err != nil {
			return err
		}
		return e.printProto(resp.GetTimeouts())
	}
	t := timeoutsOf(vals)
	return e.localChange(&fwdpb.Request{Op: &fwdpb.Request_SetTimeouts{SetTimeouts: &fwdpb.SetTimeouts{Timeouts: t}}})
}

// vsFlag is the service a --vs PROTO/VIP:PORT flag names; nil when it is not given.
func vsFlag(vs string) (*fwdpb.ServiceId, error) {
	if vs == "" {
		return nil, nil
	}
	p, ap, ok := strings.Cut(vs, "/")
	if !ok {
		return nil, usagef("--vs %q: want PROTO/VIP:PORT", vs)
	}
	return parseService(p, ap)
}

// localZero starts the counters displays show (since_zero) again, of one service or all.
func localZero(e *env, cl *cmdline) error {
	vs := cl.fs.String("vs", "", "only this service (and its reals): `PROTO/VIP:PORT`, e.g. udp/10.100.0.1:53")
	if err := cl.parse(0, 0); err != nil {
		return err
	}
	svc, err := vsFlag(*vs)
	if err != nil {
		return err
	}
	return e.localChange(&fwdpb.Request{Op: &fwdpb.Request_ZeroCounters{ZeroCounters: &fwdpb.ZeroCounters{Service: svc}}})
}

func localSteering(e *env, cl *cmdline) error {
	limit := cl.fs.Uint("limit", 100, "overrides listed")
	if err := cl.parse(0, 0); err != nil {
		return err
	}
	resp, err := e.localDo(&fwdpb.Request{Op: &fwdpb.Request_GetSteering{GetSteering: &fwdpb.GetSteering{Limit: uint32(min(*limit, 1000))}}})
	if err != nil {
		return err
	}
	if e.json() {
		return e.printProto(resp.GetSteering())
	}
	return showLocalSteering(e.stdout, resp.GetSteering())
}

func localRssa(e *env, cl *cmdline) error {
	q := cl.fs.Float64("q", 0, "a worker's capacity as a share of its core's time")
	eps := cl.fs.Float64("epsilon", 0, "a sample is overloaded at load >= q x epsilon")
	th := cl.fs.Float64("theta-h", 0, "overload frequency at which a worker sheds flows")
	period := cl.fs.Uint("period-ms", 0, "period, ms")
	nsam := cl.fs.Uint("n-sam", 0, "samples per period")
	cool := cl.fs.Uint("cooldown", 0, "periods a moved connection stays")
	moves := cl.fs.Uint("max-moves", 0, "moves per period")
	if err := cl.parse(0, 1); err != nil {
		return err
	}
	m := &fwdpb.SetRssa{Config: &fwdpb.RssaConfig{Q: *q, Epsilon: *eps, ThetaH: *th, PeriodMs: uint32(*period),
		NSam: uint32(*nsam), Cooldown: uint32(*cool), MaxMoves: uint32(*moves)}}
	if len(cl.pos) == 1 {
		switch cl.pos[0] {
		case "on", "off":
			m.SetEnabled, m.Config.Enabled = true, cl.pos[0] == "on"
		default:
			return usagef("%q: want on or off", cl.pos[0])
		}
	}
	if !m.SetEnabled && len(cl.set) == 0 {
		return usagef("give on, off or at least one setting")
	}
	return e.localChange(&fwdpb.Request{Op: &fwdpb.Request_SetRssa{SetRssa: m}})
}

func localSteer(e *env, cl *cmdline) error {
	if err := cl.parse(4, 4); err != nil {
		return err
	}
	w, err := strconv.ParseUint(cl.pos[3], 10, 32)
	if err != nil {
		return usagef("WORKER %q: want a number", cl.pos[3])
	}
	m := &fwdpb.SteerFlow{Protocol: strings.ToLower(cl.pos[0]), Client: cl.pos[1], Vip: cl.pos[2], Worker: uint32(w)}
	return e.localChange(&fwdpb.Request{Op: &fwdpb.Request_SteerFlow{SteerFlow: m}})
}

func u64(v uint64) string { return strconv.FormatUint(v, 10) }

// localPoolSet replaces FullNAT's local pool (SetLocalPool; docs/mode-fullnat.md says when the
// forwarder accepts it) and prints the new pool.
func localPoolSet(e *env, cl *cmdline) error {
	addrs := cl.fs.String("addrs", "", "the local addresses, comma-separated, in pool order (existing ones first)")
	ports := cl.fs.String("ports", "", "the local port range LO-HI (default: unchanged)")
	if err := cl.parse(0, 0); err != nil {
		return err
	}
	if !cl.set["addrs"] {
		return usagef("give --addrs (the whole pool, in order)")
	}
	m := &fwdpb.SetLocalPool{}
	if *addrs != "" {
		m.Addresses = strings.Split(*addrs, ",")
	}
	if *ports != "" {
		lo, hi, err := model.ParsePortRange(*ports)
		if err != nil {
			return usagef("--ports: %v", err)
		}
		m.PortMin, m.PortMax = uint32(lo), uint32(hi)
	}
	resp, err := e.localDo(&fwdpb.Request{Op: &fwdpb.Request_SetLocalPool{SetLocalPool: m}})
	if err != nil {
		return err
	}
	return e.printProto(resp.GetLocalPool())
}

// localPool shows FullNAT's local pool (docs/mode-fullnat.md): set in the forwarder's file at
// start-up, read here with the free ports of each worker.
func localPool(e *env, cl *cmdline) error {
	if err := cl.parse(0, 0); err != nil {
		return err
	}
	resp, err := e.localDo(&fwdpb.Request{Op: &fwdpb.Request_GetLocalPool{GetLocalPool: &fwdpb.GetLocalPool{}}})
	if err != nil {
		return err
	}
	return e.printProto(resp.GetLocalPool())
}
