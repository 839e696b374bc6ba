package health

import (
	"context"
	"errors"
	"net"
	"net/http"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"hvlb/internal/testport"
)

func port(t *testing.T, addr net.Addr) uint16 {
	t.Helper()
	_, p, err := net.SplitHostPort(addr.String())
	if err != nil {
		t.Fatal(err)
	}
	n, _ := strconv.Atoi(p)
	return uint16(n)
}

// closedPort is a TCP (and, most likely, UDP) port nothing listens on.
func closedPort(t *testing.T) uint16 {
	addr, err := testport.TCP("127.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	tcp, err := net.ResolveTCPAddr("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	return port(t, tcp)
}

func tcpListener(t *testing.T) uint16 {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			c.Close()
		}
	}()
	return port(t, ln.Addr())
}

// udpResponder answers each datagram with what answer returns for it (nothing: silent).
func udpResponder(t *testing.T, network, addr string, answer func(req []byte) [][]byte) uint16 {
	c, err := net.ListenPacket(network, addr)
	if err != nil {
		t.Skipf("no %s socket on %s: %v", network, addr, err)
	}
	t.Cleanup(func() { c.Close() })
	go func() {
		buf := make([]byte, 65535)
		for {
			n, from, err := c.ReadFrom(buf)
			if err != nil {
				return
			}
			for _, r := range answer(buf[:n]) {
				c.WriteTo(r, from)
			}
		}
	}()
	return port(t, c.LocalAddr())
}

// udpServer echoes each datagram when reply is true, else stays silent.
func udpServer(t *testing.T, reply bool) uint16 {
	return udpResponder(t, "udp", "127.0.0.1:0", func(req []byte) [][]byte {
		if reply {
			return [][]byte{slices.Clone(req)}
		}
		return nil
	})
}

// sipHeader returns the value of header name in a SIP message ("" when absent).
func sipHeader(msg, name string) string {
	for _, l := range strings.Split(msg, "\r\n")[1:] {
		if n, v, ok := strings.Cut(l, ":"); ok && strings.EqualFold(strings.TrimSpace(n), name) {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// sipServer answers each OPTIONS with the status lines given, in order (e.g. "100 Trying",
// "200 OK"), as a UAS does: Via, From, To, Call-ID and CSeq copied from the request.
// callID, when not empty, replaces the request's Call-ID in the answers.
func sipServer(t *testing.T, network, addr, callID string, statuses ...string) uint16 {
	return udpResponder(t, network, addr, func(req []byte) [][]byte {
		msg := string(req)
		if !strings.HasPrefix(msg, "OPTIONS ") {
			return nil
		}
		id := sipHeader(msg, "Call-ID")
		if callID != "" {
			id = callID
		}
		var out [][]byte
		for _, st := range statuses {
			out = append(out, []byte("SIP/2.0 "+st+"\r\n"+
				"Via: "+sipHeader(msg, "Via")+"\r\n"+
				"From: "+sipHeader(msg, "From")+"\r\n"+
				"To: "+sipHeader(msg, "To")+";tag=uas1\r\n"+
				"Call-ID: "+id+"\r\n"+
				"CSeq: "+sipHeader(msg, "CSeq")+"\r\n"+
				"Content-Length: 0\r\n\r\n"))
		}
		return out
	})
}

func httpServer(t *testing.T) uint16 {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/ok", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(204) })
	mux.HandleFunc("/bad", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(503) })
	mux.HandleFunc("/moved", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/ok", http.StatusFound)
	})
	mux.HandleFunc("/slow", func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-time.After(2 * time.Second):
		case <-r.Context().Done():
		}
	})
	srv := &http.Server{Handler: mux}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return port(t, ln.Addr())
}

func TestProbe(t *testing.T) {
	tcpUp, closed := tcpListener(t), closedPort(t)
	udpUp, udpMute := udpServer(t, true), udpServer(t, false)
	sip := func(statuses ...string) uint16 { return sipServer(t, "udp", "127.0.0.1:0", "", statuses...) }
	web := httpServer(t)
	to := 200 * time.Millisecond
	tests := []struct {
		name    string
		spec    Spec
		wantErr string // "" for success
	}{
		{"tcp up", Spec{Kind: KindTCP, Port: tcpUp}, ""},
		{"tcp refused", Spec{Kind: KindTCP, Port: closed}, "connect: connection refused"},
		// udp without expect: only an ICMP error fails it.
		{"udp reply", Spec{Kind: KindUDP, Port: udpUp}, ""},
		{"udp silence is up", Spec{Kind: KindUDP, Port: udpMute}, ""},
		{"udp port unreachable", Spec{Kind: KindUDP, Port: closed}, "connection refused (ICMP port unreachable)"},
		// udp with expect: a reply that contains it.
		{"udp expect", Spec{Kind: KindUDP, Port: udpUp, Send: "PING 1", Expect: "PING"}, ""},
		{"udp expect hex payload", Spec{Kind: KindUDP, Port: udpUp, Send: "\x00\x01\xff", Expect: "\x01\xff"}, ""},
		{"udp expect default payload", Spec{Kind: KindUDP, Port: udpUp, Expect: "hvlb-health"}, ""},
		{"udp wrong reply", Spec{Kind: KindUDP, Port: udpUp, Send: "PING", Expect: "PONG"}, `reply without "PONG": "PING"`},
		{"udp expect, silence", Spec{Kind: KindUDP, Port: udpMute, Expect: "PONG"}, "no reply within 200ms"},
		{"udp expect, port unreachable", Spec{Kind: KindUDP, Port: closed, Expect: "PONG"}, "connection refused"},
		// sip: any final response but 503.
		{"sip 200", Spec{Kind: KindSIP, Port: sip("200 OK")}, ""},
		{"sip 404 is a live stack", Spec{Kind: KindSIP, Port: sip("404 Not Found")}, ""},
		{"sip 483 is a live stack", Spec{Kind: KindSIP, Port: sip("483 Too Many Hops")}, ""},
		{"sip 500 is a live stack", Spec{Kind: KindSIP, Port: sip("500 Server Internal Error")}, ""},
		{"sip 603 is a live stack", Spec{Kind: KindSIP, Port: sip("603 Decline")}, ""},
		{"sip 100 then 200", Spec{Kind: KindSIP, Port: sip("100 Trying", "200 OK")}, ""},
		{"sip 503", Spec{Kind: KindSIP, Port: sip("503 Service Unavailable")}, "sip: 503 Service Unavailable"},
		{"sip only 100", Spec{Kind: KindSIP, Port: sip("100 Trying")}, "sip: no final response, only 100 Trying"},
		{"sip another call", Spec{Kind: KindSIP, Port: sipServer(t, "udp", "127.0.0.1:0", "stale@x", "200 OK")},
			`a response to another request (Call-ID "stale@x")`},
		{"sip echo is not SIP", Spec{Kind: KindSIP, Port: udpUp}, "sip: not a SIP response"},
		{"sip silence", Spec{Kind: KindSIP, Port: udpMute}, "no reply within 200ms"},
		{"sip port unreachable", Spec{Kind: KindSIP, Port: closed}, "connection refused (ICMP port unreachable)"},
		{"http 2xx", Spec{Kind: KindHTTP, Port: web, HTTPPath: "/ok"}, ""},
		{"http 503", Spec{Kind: KindHTTP, Port: web, HTTPPath: "/bad"}, "http: status 503"},
		{"http 404", Spec{Kind: KindHTTP, Port: web, HTTPPath: "/nothing"}, "http: status 404"},
		{"http redirect is not 2xx", Spec{Kind: KindHTTP, Port: web, HTTPPath: "/moved"}, "http: status 302"},
		{"http slow", Spec{Kind: KindHTTP, Port: web, HTTPPath: "/slow"}, "http: timeout after 200ms"},
		{"http refused", Spec{Kind: KindHTTP, Port: closed}, "connect: connection refused"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.spec.Address, tt.spec.Timeout = "127.0.0.1", to
			start := time.Now()
			err := Probe(context.Background(), tt.spec)
			if d := time.Since(start); d > to+time.Second {
				t.Errorf("probe took %v with a %v timeout", d, to)
			}
			if tt.wantErr == "" {
				if err != nil {
					t.Fatalf("probe failed: %v", err)
				}
				return
			}
			var pe *ProbeError
			if err == nil || !errors.As(err, &pe) || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("error %v, want one with %q", err, tt.wantErr)
			}
		})
	}
}

func TestSpecValidate(t *testing.T) {
	tests := []struct {
		spec    Spec
		wantErr string
	}{
		{Spec{Kind: "tcp", Address: "10.0.0.1", Port: 80}, ""},
		{Spec{Kind: "http", Address: "fd00::1", Port: 80}, ""},
		{Spec{Kind: "icmp", Address: "10.0.0.1", Port: 80}, "kind"},
		{Spec{Kind: "tcp", Address: "nf1", Port: 80}, "address"},
		{Spec{Kind: "udp", Address: "10.0.0.1"}, "port"},
		{Spec{Kind: "sip", Address: "10.0.0.1", Port: 5060}, ""},
		{Spec{Kind: "udp", Address: "10.0.0.1", Port: 53, Send: "\x00", Expect: "\x00"}, ""},
		{Spec{Kind: "sip", Address: "10.0.0.1", Port: 5060, Expect: "200"}, "only for kind udp"},
		{Spec{Kind: "tcp", Address: "10.0.0.1", Port: 80, Send: "x"}, "only for kind udp"},
		{Spec{Kind: "udp", Address: "10.0.0.1", Port: 53, Send: strings.Repeat("x", MaxPayload+1)}, "longer than"},
	}
	for _, tt := range tests {
		err := tt.spec.Validate()
		if (err == nil) != (tt.wantErr == "") || (err != nil && !strings.Contains(err.Error(), tt.wantErr)) {
			t.Errorf("%+v: error %v, want %q", tt.spec, err, tt.wantErr)
		}
	}
	d := Spec{Interval: 100 * time.Millisecond, Timeout: time.Second, Kind: KindHTTP}.WithDefaults()
	if d.Timeout != 100*time.Millisecond || d.Rise != DefaultRise || d.Fall != DefaultFall || d.HTTPPath != "/" {
		t.Errorf("defaults: %+v", d)
	}
}

// The OPTIONS request is well formed (RFC 3261 sections 8.1.1, 20): request line, a Via
// with a magic-cookie branch and the socket's own address, From with a tag, To, Call-ID,
// CSeq, Max-Forwards, Content-Length 0 and the blank line; IPv6 hosts in brackets.
func TestSIPRequest(t *testing.T) {
	tests := []struct {
		local            *net.UDPAddr
		target           string
		wantURI, wantVia string
	}{
		{&net.UDPAddr{IP: net.ParseIP("10.1.0.254"), Port: 40000}, "10.1.0.11",
			"sip:10.1.0.11:5060", "SIP/2.0/UDP 10.1.0.254:40000;branch=z9hG4bK"},
		{&net.UDPAddr{IP: net.ParseIP("fd00:1::fe"), Port: 40001}, "fd00:1::11",
			"sip:[fd00:1::11]:5060", "SIP/2.0/UDP [fd00:1::fe]:40001;branch=z9hG4bK"},
	}
	for _, tt := range tests {
		req, callID := sipOptions(tt.local, Spec{Kind: KindSIP, Address: tt.target, Port: 5060})
		msg := string(req)
		if want := "OPTIONS " + tt.wantURI + " SIP/2.0\r\n"; !strings.HasPrefix(msg, want) {
			t.Errorf("request line of %q, want %q", msg, want)
		}
		if !strings.HasSuffix(msg, "\r\n\r\n") || strings.Count(msg, "\r\n\r\n") != 1 {
			t.Errorf("%q: not one header block ending in a blank line", msg)
		}
		if v := sipHeader(msg, "Via"); !strings.HasPrefix(v, tt.wantVia) || !strings.HasSuffix(v, ";rport") {
			t.Errorf("Via %q, want %q...;rport", v, tt.wantVia)
		}
		checks := map[string]string{
			"From":           `^<sip:hvlb@\S+>;tag=\w+$`,
			"To":             "^<" + regexp.QuoteMeta(tt.wantURI) + ">$",
			"Call-ID":        "^" + regexp.QuoteMeta(callID) + "$",
			"CSeq":           "^1 OPTIONS$",
			"Max-Forwards":   "^70$",
			"Content-Length": "^0$",
		}
		for h, re := range checks {
			if v := sipHeader(msg, h); !regexp.MustCompile(re).MatchString(v) {
				t.Errorf("%s: %q, want %s", h, v, re)
			}
		}
		if again, id2 := sipOptions(tt.local, Spec{Kind: KindSIP, Address: tt.target, Port: 5060}); id2 == callID ||
			sipHeader(string(again), "Via") == sipHeader(msg, "Via") {
			t.Errorf("two requests share a Call-ID or branch: %q", again)
		}
	}
}

// The sip and udp checks over IPv6.
func TestProbeIPv6(t *testing.T) {
	for _, spec := range []Spec{
		{Kind: KindSIP, Port: sipServer(t, "udp6", "[::1]:0", "", "200 OK")},
		{Kind: KindUDP, Port: udpResponder(t, "udp6", "[::1]:0", func(b []byte) [][]byte { return [][]byte{b} }),
			Send: "ping", Expect: "ping"},
	} {
		spec.Address, spec.Timeout = "::1", 200*time.Millisecond
		if err := Probe(context.Background(), spec); err != nil {
			t.Errorf("%s on [::1]:%d: %v", spec.Kind, spec.Port, err)
		}
	}
}

// The sip check against a real SIP stack, sipp answering OPTIONS with the lab's scenario:
// up while it runs, refused once it is gone.
func TestProbeSIPAgainstSipp(t *testing.T) {
	sipp, err := exec.LookPath("sipp")
	if err != nil {
		t.Skip("sipp is not installed (Debian: sip-tester; scripts/deps.sh installs it)")
	}
	scenario, err := filepath.Abs("../../lab/sip/uas-options.xml")
	if err != nil {
		t.Fatal(err)
	}
	p := closedPort(t)
	cmd := exec.Command(sipp, "-sf", scenario, "-i", "127.0.0.1", "-p", strconv.Itoa(int(p)),
		"-t", "u1", "-nostdin")
	cmd.Dir = t.TempDir() // sipp writes its logs into the working directory
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }()
	stop := func() {
		cmd.Process.Kill()
		<-exited
	}
	defer stop()
	spec := Spec{Kind: KindSIP, Address: "127.0.0.1", Port: p, Timeout: 500 * time.Millisecond}
	deadline := time.Now().Add(10 * time.Second)
	for err = Probe(context.Background(), spec); err != nil; err = Probe(context.Background(), spec) {
		select {
		case <-exited:
			t.Fatalf("sipp exited: %s", out.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("no good sip check of sipp within 10s: %v\nsipp: %s", err, out.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	// Several in a row: each request is a new call to sipp.
	for i := 0; i < 5; i++ {
		if err := Probe(context.Background(), spec); err != nil {
			t.Fatalf("check %d: %v", i, err)
		}
	}
	stop()
	if err := Probe(context.Background(), spec); err == nil || !strings.Contains(err.Error(), "connection refused") {
		t.Fatalf("with sipp gone: %v, want connection refused", err)
	}
}

// The counter, result by result: '+' a success, '-' a failure; want is the transitions
// ('U' up, 'D' down) after each result ('.' none).
func TestCounter(t *testing.T) {
	tests := []struct {
		name       string
		rise, fall int
		start      State
		results    string
		want       string
	}{
		{"first success is up", 2, 3, Unknown, "+++", "U.."},
		{"fall failures to down", 2, 3, Unknown, "+--+---", "U.....D"},
		{"down from unknown", 2, 3, Unknown, "---", "..D"},
		{"rise successes to up", 2, 3, Down, "+-++", "...U"},
		{"flapping never moves", 2, 3, Up, "-+-+--+", "......."},
		{"fall 1 rise 1", 1, 1, Up, "-+-", "DUD"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := counter{spec: Spec{Kind: KindTCP, Rise: tt.rise, Fall: tt.fall}, state: tt.start}
			var got strings.Builder
			for _, r := range tt.results {
				var err error
				if r == '-' {
					err = &ProbeError{Reason: "connect: connection refused"}
				}
				tr, ok := c.record(err, time.Now())
				switch {
				case !ok:
					got.WriteByte('.')
				case tr.Up:
					got.WriteByte('U')
				default:
					got.WriteByte('D')
					if want := "connect: connection refused (" + strconv.Itoa(tt.fall) + "/" +
						strconv.Itoa(tt.fall) + " failures)"; tr.Reason != want {
						t.Errorf("reason %q, want %q", tr.Reason, want)
					}
				}
			}
			if got.String() != tt.want {
				t.Errorf("transitions %q, want %q", got.String(), tt.want)
			}
		})
	}
}

func waitTransition(t *testing.T, ch <-chan Transition, within time.Duration) Transition {
	t.Helper()
	select {
	case tr := <-ch:
		return tr
	case <-time.After(within):
		t.Fatalf("no transition within %v", within)
		return Transition{}
	}
}

// A real TCP target goes down within fall × interval of its listener closing and comes back
// after rise successes; changing a spec keeps the state, removing a key stops its checker.
func TestSetTransitions(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := port(t, ln.Addr())
	ch := make(chan Transition, 16)
	s := NewSet(ch)
	defer s.Close()
	interval := 50 * time.Millisecond
	spec := Spec{Kind: KindTCP, Address: "127.0.0.1", Port: p, Interval: interval,
		Timeout: 40 * time.Millisecond, Rise: 2, Fall: 3}
	if bad := s.Update(map[string]Spec{"nf1": spec, "nf2": {Kind: "icmp"}}); bad["nf2"] == nil || len(bad) != 1 {
		t.Fatalf("bad specs: %v", bad)
	}
	if tr := waitTransition(t, ch, time.Second); !tr.Up || tr.Key != "nf1" {
		t.Fatalf("first transition %+v", tr)
	}
	ln.Close()
	start := time.Now()
	tr := waitTransition(t, ch, time.Second)
	if tr.Up || tr.Reason != "connect: connection refused (3/3 failures)" {
		t.Fatalf("down transition %+v", tr)
	}
	// Fall × interval, plus the probe that was in flight and scheduling slack.
	if d := time.Since(start); d > 3*interval+interval+100*time.Millisecond {
		t.Errorf("down after %v, want within about %v", d, 3*interval)
	}
	if s.State("nf1") != Down {
		t.Errorf("state %v", s.State("nf1"))
	}

	// A changed interval restarts the checker but it stays down.
	spec.Interval = 60 * time.Millisecond
	s.Update(map[string]Spec{"nf1": spec})
	if s.State("nf1") != Down {
		t.Errorf("after the spec changed: state %v", s.State("nf1"))
	}
	ln2, err := net.Listen("tcp", ln.Addr().String())
	if err != nil {
		t.Skipf("cannot listen on the same port again: %v", err)
	}
	defer ln2.Close()
	if tr := waitTransition(t, ch, time.Second); !tr.Up || !strings.Contains(tr.Reason, "2/2 successes") {
		t.Fatalf("up transition %+v", tr)
	}
	s.Update(nil)
	if s.State("nf1") != Unknown || len(s.States()) != 0 {
		t.Errorf("after removal: %v", s.States())
	}
}
