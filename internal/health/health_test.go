package health

import (
	"context"
	"errors"
	"net"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"
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
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := port(t, ln.Addr())
	ln.Close()
	return p
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

// udpServer answers each datagram when reply is true, else stays silent.
func udpServer(t *testing.T, reply bool) uint16 {
	c, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	go func() {
		buf := make([]byte, 1500)
		for {
			n, from, err := c.ReadFrom(buf)
			if err != nil {
				return
			}
			if reply {
				c.WriteTo(buf[:n], from)
			}
		}
	}()
	return port(t, c.LocalAddr())
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
	web := httpServer(t)
	to := 200 * time.Millisecond
	tests := []struct {
		name    string
		spec    Spec
		wantErr string // "" for success
	}{
		{"tcp up", Spec{Kind: KindTCP, Port: tcpUp}, ""},
		{"tcp refused", Spec{Kind: KindTCP, Port: closed}, "connect: connection refused"},
		{"udp reply", Spec{Kind: KindUDP, Port: udpUp}, ""},
		{"udp no reply", Spec{Kind: KindUDP, Port: udpMute}, "no reply within 200ms"},
		{"udp port unreachable", Spec{Kind: KindUDP, Port: closed}, "connection refused"},
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
