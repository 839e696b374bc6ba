package cli

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"hvlb/internal/apitypes"
	"hvlb/internal/model"
)

// service is a service reply as hvlbctl reads it: the API's Service, but with the policy's
// parameters as the controller gave them, so that vs show prints those and vs set sends
// back those only (a controller older than a parameter would refuse it).
type service struct {
	apitypes.Service
	Policy *apitypes.PolicyInput `json:"policy"`
}

var serviceCommands = []*command{
	{"vs add", "PROTO VIP:PORT", "create a virtual service (PROTO: tcp, udp or sctp; port 0: every port)", vsAdd},
	{"vs list", "", "list virtual services", vsList},
	{"vs show", "ID", "show a virtual service and its reals", vsShow},
	{"vs set", "ID", "change a virtual service's mode, encap, scheduler, down_conns, all_down, forwarders, SYN proxy, health check or policy", vsSet},
	{"vs delete", "ID", "delete a virtual service (its connections end naturally; --hard: at once)", vsDelete},
	{"vs zero", "[ID]", "zero a service's counters (none: every service's) as stats show them, ipvsadm -Z; metrics keep the totals", vsZero},
	{"rs add", "ID ADDR:PORT", "add a real service to a virtual service", rsAdd},
	{"rs set", "ID ADDR:PORT", "change a real's weight, health override, drain, metrics URL or path capacity", rsSet},
	{"rs drain", "ID ADDR:PORT", "drain a real: weight 0 at the forwarders, connections stay", rsDrain},
	{"rs delete", "ID ADDR:PORT", "remove a real (--hard: drop its connections too)", rsDelete},
}

// svcFlags are the flags vs add and vs set share.
type svcFlags struct {
	mode, sched, check, checkPath *string
	encap                         *string
	downConns, allDown            *string
	send, sendHex, expect, expHex *string
	interval, timeout             *time.Duration
	rise, fall                    *uint
	checkPort                     *uint
	settings                      *settingFlags
	timeouts                      []*uint // timeoutNames' values (--timeout-udp ...)
	synproxy                      *string
	synproxyThr                   *uint
	vni, priority                 *uint
	clientAddr                    *string
	hash                          *string
	forwarders                    list
}

func addSvcFlags(fs *flag.FlagSet) *svcFlags {
	f := &svcFlags{
		mode:  fs.String("mode", "", "nat, dr, tunnel, fullnat or vxlan (server default: nat; vxlan needs --vni)"),
		encap: fs.String("encap", "", "with --mode tunnel: ipip or gue (docs/mode-tunnel.md)"),
		sched: fs.String("sched", "", "maglev, random, rr, wrr, sh or lc (server default: maglev)"),
		downConns: fs.String("down-conns", "", "connections of a real that goes down or is removed softly: "+
			"keep or reschedule (server default: keep for tcp, reschedule for udp)"),
		allDown: fs.String("all-down", "", "with no real up: drop new connections, or keep_last: "+
			"schedule over every real as if up (server default: drop)"),
		check:     fs.String("check", "", "health check: tcp, udp, sip, http or none (server default: tcp, udp for a udp service)"),
		checkPath: fs.String("check-path", "", "http check: the path to GET (default /)"),
		send:      fs.String("check-send", "", "udp check: the datagram to send, as text (default: hvlb-health and a newline)"),
		sendHex:   fs.String("check-send-hex", "", "udp check: the datagram to send, in hex"),
		expect:    fs.String("check-expect", "", "udp check: text a reply must contain (none: only an ICMP port unreachable fails)"),
		expHex:    fs.String("check-expect-hex", "", "udp check: bytes a reply must contain, in hex"),
		interval:  fs.Duration("interval", time.Second, "health check interval"),
		timeout:   fs.Duration("check-timeout", 500*time.Millisecond, "health check timeout"),
		rise:      fs.Uint("rise", 2, "successes in a row to mark a real up"),
		fall:      fs.Uint("fall", 3, "failures in a row to mark a real down"),
		checkPort: fs.Uint("check-port", 0, "port to check (0: the real's port)"),
		settings:  addSettingFlags(fs),
		synproxy: fs.String("synproxy", "", "SYN proxy of a nat tcp service: off, on, or auto (on past "+
			"--synproxy-threshold embryonic connections per worker) (server default: off)"),
		synproxyThr: fs.Uint("synproxy-threshold", 0, "embryonic connections per forwarder worker above which "+
			"--synproxy auto turns on (0: the forwarder's default, 1000)"),
		vni: fs.Uint("vni", 0, "a vxlan service's VNI, 1-16777215: its tenant, part of its id (vs add only; "+
			"docs/mode-vxlan.md)"),
		priority: fs.Uint("priority", 0, "RSS-A class 0-7: moved last off an overloaded worker; a vxlan "+
			"service's new connections go to the least-loaded worker"),
		clientAddr: fs.String("client-addr", "", "fullnat: on gives the NFs the client's address (tcp: "+
			"TOA in the SYN; udp: a trailer), off does not (server default: off)"),
		hash: fs.String("hash", "", "what a new flow's real is chosen by: 5tuple, or sip_call_id (each SIP "+
			"message's Call-ID: a trunk's calls spread, each call on one real; nat udp, maglev or sh) "+
			"(server default: 5tuple)"),
	}
	for _, n := range serviceTimeoutFlags() {
		f.timeouts = append(f.timeouts, fs.Uint(n, 0,
			"seconds, the service's own (0: the forwarders' global value; vs set replaces them all)"))
	}
	fs.Var(&f.forwarders, "forwarder", "`ID` of a forwarder to run on; repeat or comma-separate ('': every forwarder)")
	return f
}

var checkFlags = []string{"check", "check-path", "interval", "check-timeout", "rise", "fall", "check-port",
	"check-send", "check-send-hex", "check-expect", "check-expect-hex"}

// payloadFlags are the udp check's: each sets one field and clears its pair's other.
var payloadFlags = []string{"check-send", "check-send-hex", "check-expect", "check-expect-hex"}

// healthCheck applies the check flags given on the command line to base (nil: the check
// a service of this protocol has without one, model.DefaultHealthCheck), or returns base
// unchanged when none was given.
func (f *svcFlags) healthCheck(set map[string]bool, base *apitypes.HealthCheck, protocol string) (*apitypes.HealthCheck, error) {
	if !anySet(set, checkFlags) {
		return base, nil
	}
	hc := model.DefaultHealthCheck(protocol)
	if base != nil {
		hc = *base
	}
	ms := func(name string, d time.Duration) (int, error) {
		if d <= 0 || d%time.Millisecond != 0 || d.Milliseconds() > 1<<31 {
			return 0, usagef("--%s %v: want a whole number of milliseconds above 0", name, d)
		}
		return int(d.Milliseconds()), nil
	}
	var err error
	if set["check"] {
		hc.Kind = *f.check
	}
	if set["check-path"] {
		hc.HTTPPath = *f.checkPath
	}
	if hc.Kind == "http" && hc.HTTPPath == "" {
		hc.HTTPPath = "/"
	}
	if set["interval"] {
		if hc.IntervalMS, err = ms("interval", *f.interval); err != nil {
			return nil, err
		}
	}
	if set["check-timeout"] {
		if hc.TimeoutMS, err = ms("check-timeout", *f.timeout); err != nil {
			return nil, err
		}
	}
	if set["rise"] {
		hc.Rise = int(min(*f.rise, 1<<31))
	}
	if set["fall"] {
		hc.Fall = int(min(*f.fall, 1<<31))
	}
	if set["check-port"] {
		if *f.checkPort > 65535 {
			return nil, usagef("--check-port %d: want 0..65535", *f.checkPort)
		}
		hc.Port = int(*f.checkPort)
	}
	if err := f.payloads(set, &hc); err != nil {
		return nil, err
	}
	return &hc, nil
}

// payloads applies the udp check's payload flags to hc. A check that is not udp (any
// more) drops the payloads it had: they mean nothing to another kind.
func (f *svcFlags) payloads(set map[string]bool, hc *apitypes.HealthCheck) error {
	if hc.Kind != "udp" {
		for _, name := range payloadFlags {
			if set[name] {
				return usagef("--%s: only for a udp check (this one is %q: give --check udp)", name, hc.Kind)
			}
		}
		hc.Send, hc.SendHex, hc.Expect, hc.ExpectHex = "", "", "", ""
		return nil
	}
	if set["check-send"] && set["check-send-hex"] {
		return usagef("--check-send and --check-send-hex: give one")
	}
	if set["check-expect"] && set["check-expect-hex"] {
		return usagef("--check-expect and --check-expect-hex: give one")
	}
	if set["check-send"] {
		hc.Send, hc.SendHex = *f.send, ""
	}
	if set["check-send-hex"] {
		hc.Send, hc.SendHex = "", *f.sendHex
	}
	if set["check-expect"] {
		hc.Expect, hc.ExpectHex = *f.expect, ""
	}
	if set["check-expect-hex"] {
		hc.Expect, hc.ExpectHex = "", *f.expHex
	}
	return nil
}

func vsAdd(e *env, cl *cmdline) error {
	f := addSvcFlags(cl.fs)
	pf := addPolicyFlags(cl.fs)
	var reals list
	cl.fs.Var(&reals, "real", "a real to create it with, `ADDR:PORT[:WEIGHT]`; repeat or comma-separate")
	if err := cl.parse(2, 2); err != nil {
		return err
	}
	proto := strings.ToLower(cl.pos[0])
	vip, err := parseAddrPort("VIP:PORT", cl.pos[1])
	if err != nil {
		return err
	}
	port := int(vip.Port())
	svc := apitypes.ServiceInput{Protocol: proto, VIP: vip.Addr().String(), Port: &port,
		Mode: *f.mode, Encap: *f.encap, Scheduler: *f.sched, DownConns: *f.downConns, AllDown: *f.allDown,
		Forwarders: f.forwarders.vals}
	if err = f.settings.input(cl.set, &svc.SettingsInput); err != nil {
		return err
	}
	svc.Timeouts = f.serviceTimeouts(cl.set)
	svc.Synproxy = *f.synproxy
	svc.ClientAddr = *f.clientAddr
	svc.Hash = *f.hash
	if svc.SynproxyThreshold, err = f.synproxyThreshold(cl.set); err != nil {
		return err
	}
	if cl.set["vni"] {
		v := int(min(*f.vni, model.MaxVNI+1)) // the server names what is wrong with it
		svc.VNI = &v
	}
	if cl.set["priority"] {
		p := int(min(*f.priority, model.MaxPriority+1))
		svc.Priority = &p
	}
	if svc.Forwarders == nil {
		svc.Forwarders = []string{}
	}
	if svc.HealthCheck, err = f.healthCheck(cl.set, nil, proto); err != nil {
		return err
	}
	if svc.Policy, err = pf.policy(cl.set, nil); err != nil {
		return err
	}
	for _, r := range reals.vals {
		ap, w, err := parseNF(r)
		if err != nil {
			return usagef("--real %q: want ADDR:PORT[:WEIGHT]", r)
		}
		port := int(ap.Port())
		svc.Reals = append(svc.Reals, apitypes.RealInput{Address: ap.Addr().String(), Port: &port, Weight: &w})
	}
	c, err := e.client()
	if err != nil {
		return err
	}
	_, b, err := c.do(http.MethodPost, "/v1/services", svc)
	if err != nil {
		return fmt.Errorf("vs add %s %s: %w", proto, cl.pos[1], err)
	}
	return e.showService(b)
}

// serviceTimeouts are the --timeout-* values when any is given (the others 0: global), else nil.
func (f *svcFlags) serviceTimeouts(set map[string]bool) *model.Timeouts {
	if !anySet(set, serviceTimeoutFlags()) {
		return nil
	}
	v := func(i int) int { return int(min(*f.timeouts[i], model.MaxTimeout+1)) }
	return &model.Timeouts{TCPSyn: v(0), TCPEstablished: v(1), TCPFin: v(2), TCPTimeWait: v(3), TCPClose: v(4), UDP: v(5)}
}

// synproxyThreshold is --synproxy-threshold when it is given, else nil.
func (f *svcFlags) synproxyThreshold(set map[string]bool) (*int, error) {
	if !set["synproxy-threshold"] {
		return nil, nil
	}
	if *f.synproxyThr > model.MaxSynproxyThreshold {
		return nil, usagef("--synproxy-threshold %d: want 0..%d (0: the forwarder's default)", *f.synproxyThr,
			model.MaxSynproxyThreshold)
	}
	v := int(*f.synproxyThr)
	return &v, nil
}

// connLimitFlag is a real's --conn-limit.
func connLimitFlag(fs *flag.FlagSet) *uint {
	return fs.Uint("conn-limit", 0, "connections to the real each forwarder holds at most (0: no limit)")
}

// connLimit is --conn-limit when it is given, else nil.
func connLimit(set map[string]bool, v *uint) (*int, error) {
	if !set["conn-limit"] {
		return nil, nil
	}
	if *v > model.MaxConnLimit {
		return nil, usagef("--conn-limit %d: want 0..%d (0: no limit)", *v, model.MaxConnLimit)
	}
	n := int(*v)
	return &n, nil
}

func vsList(e *env, cl *cmdline) error {
	if err := cl.parse(0, 0); err != nil {
		return err
	}
	c, err := e.client()
	if err != nil {
		return err
	}
	b, err := c.get("/v1/services", nil)
	if err != nil {
		return err
	}
	if e.json() {
		return printJSON(e.stdout, b)
	}
	var svcs []service
	if err := json.Unmarshal(b, &svcs); err != nil {
		var wrapped struct{ Services []service }
		if err2 := json.Unmarshal(b, &wrapped); err2 != nil {
			return fmt.Errorf("GET /v1/services: the reply is not a list of services: %w", err)
		}
		svcs = wrapped.Services
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tPROTO\tVIP\tMODE\tSCHED\tFORWARDERS\tREALS UP\tVERSION")
	for _, s := range svcs {
		up := 0
		for _, r := range s.Reals {
			if r.Health == "up" {
				up++
			}
		}
		fwds := forwarders(s.Forwarders)
		if !e.wide() {
			fwds = forwardersShort(s.Forwarders)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%d/%d\t%d\n", s.ID, s.Protocol, vipString(s),
			modeString(s.Mode, s.Encap), dash(s.Scheduler), fwds, up, len(s.Reals), s.Version)
	}
	return tw.Flush()
}

func vsShow(e *env, cl *cmdline) error {
	if err := cl.parse(1, 1); err != nil {
		return err
	}
	c, err := e.client()
	if err != nil {
		return err
	}
	b, err := c.get(servicePath(cl.pos[0]), nil)
	if err != nil {
		return about(err, "service "+cl.pos[0], cl.pos[0])
	}
	return e.showService(b)
}

func vsSet(e *env, cl *cmdline) error {
	f := addSvcFlags(cl.fs)
	pf := addPolicyFlags(cl.fs)
	if err := cl.parse(1, 1); err != nil {
		return err
	}
	if len(cl.set) == 0 || !(cl.set["mode"] || cl.set["encap"] || cl.set["sched"] || cl.set["down-conns"] || cl.set["all-down"] ||
		cl.set["forwarder"] || anySet(cl.set, f.settings.names()) || cl.set["synproxy"] || cl.set["synproxy-threshold"] ||
		cl.set["priority"] ||
		cl.set["client-addr"] || cl.set["hash"] ||
		anySet(cl.set, checkFlags) || anySet(cl.set, policyFlagNames()) || anySet(cl.set, serviceTimeoutFlags())) {
		return usagef("nothing to change: give --mode, --encap, --sched, --down-conns, --all-down, --forwarder, " +
			"a setting's flag (--conn-rate-limit ...), --synproxy, --synproxy-threshold, --client-addr, --hash, --priority, --timeout-*, a health " +
			"check flag or a policy flag")
	}
	id := cl.pos[0]
	spThr, err := f.synproxyThreshold(cl.set)
	if err != nil {
		return err
	}
	var given apitypes.SettingsInput // absent, PUT keeps a setting
	if err := f.settings.input(cl.set, &given); err != nil {
		return err
	}
	c, err := e.client()
	if err != nil {
		return err
	}
	// PUT replaces all four fields, so the ones not given keep their current values.
	var cur service
	if _, err := c.get(servicePath(id), &cur); err != nil {
		return about(err, "service "+id, id)
	}
	up := apitypes.ServiceInput{Mode: cur.Mode, Encap: cur.Encap, Scheduler: cur.Scheduler, Forwarders: cur.Forwarders,
		HealthCheck: cur.HealthCheck, Timeouts: f.serviceTimeouts(cl.set), SynproxyThreshold: spThr}
	up.SettingsInput = given
	if cl.set["synproxy"] {
		up.Synproxy = *f.synproxy
	}
	if cl.set["priority"] {
		p := int(min(*f.priority, model.MaxPriority+1))
		up.Priority = &p
	}
	if cl.set["vni"] {
		return usagef("--vni: part of the service's id; it cannot change (vs add a service with it)")
	}
	if cl.set["client-addr"] {
		up.ClientAddr = *f.clientAddr
	}
	if cl.set["hash"] {
		up.Hash = *f.hash
	}
	if cl.set["mode"] {
		up.Mode = *f.mode
		if up.Mode != model.ModeTunnel {
			up.Encap = "" // only a tunnel has one
		}
	}
	if cl.set["encap"] {
		up.Encap = *f.encap
	}
	if cl.set["sched"] {
		up.Scheduler = *f.sched
	}
	// Absent, these stay as they are at the controller.
	if cl.set["down-conns"] {
		up.DownConns = *f.downConns
	}
	if cl.set["all-down"] {
		up.AllDown = *f.allDown
	}
	if cl.set["forwarder"] {
		up.Forwarders = f.forwarders.vals
	}
	if up.Forwarders == nil {
		up.Forwarders = []string{}
	}
	if up.HealthCheck, err = f.healthCheck(cl.set, cur.HealthCheck, cur.Protocol); err != nil {
		return err
	}
	if up.Policy, err = pf.policy(cl.set, cur.Policy); err != nil {
		return err
	}
	_, b, err := c.do(http.MethodPut, servicePath(id), up)
	if err != nil {
		return about(err, "service "+id, id)
	}
	return e.showService(b)
}

func vsDelete(e *env, cl *cmdline) error {
	hard := cl.fs.Bool("hard", false, "end its connections at once (default: they end naturally, the VIP answered meanwhile)")
	if err := cl.parse(1, 1); err != nil {
		return err
	}
	c, err := e.client()
	if err != nil {
		return err
	}
	path := servicePath(cl.pos[0])
	if *hard {
		path += "?hard=true"
	}
	_, b, err := c.do(http.MethodDelete, path, nil)
	if err != nil {
		return about(err, "service "+cl.pos[0], cl.pos[0])
	}
	if e.json() {
		return printJSON(e.stdout, b)
	}
	if *hard {
		fmt.Fprintf(e.stdout, "service %s deleted; its connections end now\n", cl.pos[0])
	} else {
		fmt.Fprintf(e.stdout, "service %s deleted; its connections end naturally\n", cl.pos[0])
	}
	return nil
}

func anySet(set map[string]bool, names []string) bool {
	for _, n := range names {
		if set[n] {
			return true
		}
	}
	return false
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func forwarders(f []string) string {
	if len(f) == 0 {
		return "all"
	}
	return strings.Join(f, ",")
}

// forwardersShort is forwarders for the default table, which fits 120 columns: a list
// longer than 24 characters is its first and how many more (-o wide lists them all).
func forwardersShort(f []string) string {
	if all := forwarders(f); len(all) <= 24 {
		return all
	}
	return fmt.Sprintf("%s +%d", f[0], len(f)-1)
}

func vipString(s service) string { return model.RealKey(s.VIP, s.Port) }

// showService prints a service reply: the server's JSON, or its fields and reals.
func (e *env) showService(b []byte) error {
	if e.json() {
		return printJSON(e.stdout, b)
	}
	var s service
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("the reply is not a service: %w", err)
	}
	writeService(e.stdout, s)
	return nil
}

func writeService(w io.Writer, s service) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "ID\t%s\n", s.ID)
	fmt.Fprintf(tw, "PROTOCOL\t%s\n", s.Protocol)
	fmt.Fprintf(tw, "VIP\t%s\n", vipString(s))
	fmt.Fprintf(tw, "MODE\t%s\n", modeString(s.Mode, s.Encap))
	if s.VNI != 0 {
		fmt.Fprintf(tw, "VNI\t%d\n", s.VNI)
	}
	if s.Priority != 0 {
		fmt.Fprintf(tw, "PRIORITY\t%d\n", s.Priority)
	}
	fmt.Fprintf(tw, "SCHEDULER\t%s\n", dash(s.Scheduler))
	fmt.Fprintf(tw, "DOWN CONNS\t%s\n", dash(s.DownConns))
	fmt.Fprintf(tw, "ALL DOWN\t%s\n", dash(s.AllDown))
	fmt.Fprintf(tw, "FORWARDERS\t%s\n", forwarders(s.Forwarders))
	fmt.Fprintf(tw, "HEALTH CHECK\t%s\n", checkString(s.HealthCheck))
	fmt.Fprintf(tw, "POLICY\t%s\n", policyString(s.Policy))
	fmt.Fprintf(tw, "RATE LIMIT\t%s\n", limitString(s.ConnRateLimit, " new connections/s per forwarder"))
	fmt.Fprintf(tw, "TIMEOUTS\t%s\n", timeoutsString(s.Timeouts))
	if s.CountersZeroedAt != nil {
		fmt.Fprintf(tw, "COUNTERS ZEROED\t%s\n", s.CountersZeroedAt.UTC().Format(time.RFC3339))
	}
	fmt.Fprintf(tw, "SYN PROXY\t%s\n", synproxyString(s.Synproxy, s.SynproxyThreshold))
	if s.Mode == model.ModeFullNAT {
		fmt.Fprintf(tw, "CLIENT ADDR\t%s\n", firstOf(s.ClientAddr, model.ClientAddrOff))
	}
	if s.Protocol == "udp" {
		fmt.Fprintf(tw, "HASH\t%s\n", firstOf(s.Hash, model.HashFiveTuple))
	}
	fmt.Fprintf(tw, "VERSION\t%d\n", s.Version)
	tw.Flush()
	if len(s.Reals) == 0 {
		fmt.Fprintln(w, "\nno reals")
		return
	}
	fmt.Fprintln(w)
	writeReals(w, s.Reals)
}

// timeoutsString is a service's own timeouts ("udp 2s, tcp_fin 60s"), or "global".
func timeoutsString(t *model.Timeouts) string {
	if t.IsZero() {
		return "global"
	}
	var parts []string
	for _, f := range []struct {
		name string
		v    int
	}{{"tcp_syn", t.TCPSyn}, {"tcp_established", t.TCPEstablished}, {"tcp_fin", t.TCPFin},
		{"tcp_time_wait", t.TCPTimeWait}, {"tcp_close", t.TCPClose}, {"udp", t.UDP}} {
		if f.v != 0 {
			parts = append(parts, fmt.Sprintf("%s %ds", f.name, f.v))
		}
	}
	return strings.Join(parts, ", ") + " (the rest global)"
}

// vsZero zeroes the counters of one service or every one (POST .../zero).
func vsZero(e *env, cl *cmdline) error {
	if err := cl.parse(0, 1); err != nil {
		return err
	}
	c, err := e.client()
	if err != nil {
		return err
	}
	path := "/v1/zero"
	if len(cl.pos) == 1 {
		path = servicePath(cl.pos[0]) + "/zero"
	}
	var out apitypes.Zeroed
	_, b, err := c.do(http.MethodPost, path, nil)
	if err != nil {
		if len(cl.pos) == 1 {
			return about(err, "service "+cl.pos[0], cl.pos[0])
		}
		return err
	}
	if e.json() {
		return printJSON(e.stdout, b)
	}
	if err := json.Unmarshal(b, &out); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "counters zeroed: %d service(s) %s\n", len(out.Services), strings.Join(out.Services, " "))
	return nil
}

// limitString is a limit as hvlbctl shows it: "none" for 0, else the figure and its unit.
func limitString(v int, unit string) string {
	if v == 0 {
		return "none"
	}
	return strconv.Itoa(v) + unit
}

func checkString(hc *apitypes.HealthCheck) string {
	if hc == nil {
		return "default"
	}
	if hc.Kind == "none" {
		return "none"
	}
	s := hc.Kind
	if hc.Kind == "http" {
		s += " GET " + hc.HTTPPath
	}
	if hc.Kind == "udp" {
		switch {
		case hc.Send != "":
			s += fmt.Sprintf(" send %q", hc.Send)
		case hc.SendHex != "":
			s += " send hex " + hc.SendHex
		}
		switch {
		case hc.Expect != "":
			s += fmt.Sprintf(" expect %q", hc.Expect)
		case hc.ExpectHex != "":
			s += " expect hex " + hc.ExpectHex
		default:
			s += " (no reply needed)"
		}
	}
	if hc.Port != 0 {
		s += fmt.Sprintf(" port %d", hc.Port)
	}
	return s + fmt.Sprintf(" every %v, timeout %v, rise %d, fall %d",
		time.Duration(hc.IntervalMS)*time.Millisecond, time.Duration(hc.TimeoutMS)*time.Millisecond, hc.Rise, hc.Fall)
}

func synproxyString(sp string, threshold int) string {
	switch sp {
	case "", model.SynproxyOff:
		return "off"
	case model.SynproxyAuto:
		if threshold == 0 {
			return "auto (past the forwarder's default of embryonic connections per worker)"
		}
		return fmt.Sprintf("auto (past %d embryonic connections per worker)", threshold)
	}
	return sp
}

// modeString is a service's mode, a tunnel's with its encapsulation ("tunnel/gue").
func modeString(mode, encap string) string {
	if encap != "" {
		return mode + "/" + encap
	}
	return dash(mode)
}
