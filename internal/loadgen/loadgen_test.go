package loadgen

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"hvlb/internal/nfsim"
	"hvlb/internal/testport"
)

func TestConfigValidate(t *testing.T) {
	ok := Config{Mode: ModeHTTP, Target: "10.0.0.1:80", Flows: 1, Duration: time.Second}
	tests := []struct {
		name    string
		mod     func(*Config)
		wantErr string
	}{
		{"ok", func(*Config) {}, ""},
		{"udp", func(c *Config) { c.Mode = ModeUDP; c.Size = 16 }, ""},
		{"bad mode", func(c *Config) { c.Mode = "sctp" }, "mode"},
		{"no port", func(c *Config) { c.Target = "10.0.0.1" }, "target"},
		{"no flows", func(c *Config) { c.Flows = 0 }, "flows"},
		{"no duration", func(c *Config) { c.Duration = 0 }, "duration"},
		{"negative rate", func(c *Config) { c.Rate = -1 }, "rate"},
		{"relative path", func(c *Config) { c.Path = "index.html" }, "path"},
		{"tiny udp", func(c *Config) { c.Size = 8 }, "size"},
		{"bad bind", func(c *Config) { c.Bind = "eth0" }, "bind"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := ok
			tt.mod(&c)
			err := c.Validate()
			if tt.wantErr == "" {
				if err != nil {
					t.Fatalf("Validate() = %v", err)
				}
				if c.Path != "/" || c.Timeout == 0 {
					t.Fatalf("defaults not filled: %+v", c)
				}
				return
			}
			if err == nil || !errors.Is(err, ErrConfig) || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("Validate() = %v, want ErrConfig naming %s", err, tt.wantErr)
			}
		})
	}
}

func ms(v ...float64) []time.Duration {
	out := make([]time.Duration, len(v))
	for i, x := range v {
		out[i] = time.Duration(x * float64(time.Millisecond))
	}
	return out
}

func TestPercentiles(t *testing.T) {
	hundred := make([]float64, 100)
	for i := range hundred {
		hundred[i] = float64(100 - i)
	}
	tests := []struct {
		name string
		in   []time.Duration
		want Percentiles
	}{
		{"empty", nil, Percentiles{}},
		{"one", ms(3), Percentiles{N: 1, Mean: 3, P50: 3, P90: 3, P99: 3, Max: 3}},
		{"four", ms(4, 1, 3, 2), Percentiles{N: 4, Mean: 2.5, P50: 2, P90: 4, P99: 4, Max: 4}},
		{"hundred", ms(hundred...), Percentiles{N: 100, Mean: 50.5, P50: 50, P90: 90, P99: 99, Max: 100}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := percentiles(tt.in); got != tt.want {
				t.Fatalf("percentiles() = %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestParseUDPReply(t *testing.T) {
	payload := make([]byte, 32)
	sent := time.Unix(1700000000, 123456789)
	putUDPHeader(payload, 42, sent)
	tests := []struct {
		name    string
		in      []byte
		wantNF  string
		wantErr string
	}{
		{"good", append([]byte("nf=nf7 "), payload...), "nf7", ""},
		{"no prefix", payload, "", "no nf= prefix"},
		{"no space", []byte("nf=nf7"), "", "no space"},
		{"short", append([]byte("nf=a "), 1, 2, 3), "", "payload 3 bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			nf, seq, at, n, err := parseUDPReply(tt.in)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || nf != tt.wantNF || seq != 42 || !at.Equal(sent) || n != 32 {
				t.Fatalf("got %q %d %v %d %v", nf, seq, at, n, err)
			}
		})
	}
}

func TestNFFromBody(t *testing.T) {
	tests := []struct{ in, want string }{
		{"nf=nf1\nclient=1.2.3.4:5\n", "nf1"},
		{"hello nf=x", "x"},
		{"nothing here", ""},
	}
	for _, tt := range tests {
		if got := nfFromBody([]byte(tt.in)); got != tt.want {
			t.Errorf("nfFromBody(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// startNF runs an nfsim on loopback for the run tests.
func startNF(t *testing.T, name string) nfsim.Addrs {
	t.Helper()
	s, err := nfsim.New(nfsim.Config{Name: name,
		HTTPAddrs: []string{"127.0.0.1:0"}, TCPAddrs: []string{"127.0.0.1:0"},
		UDPAddrs: []string{"127.0.0.1:0"}})
	if err != nil {
		t.Fatalf("nfsim: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { s.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	return s.Addrs()
}

func TestRun(t *testing.T) {
	nf := startNF(t, "nf-a")
	tests := []struct {
		name      string
		cfg       Config
		wantBytes int64 // at least
		wantReqs  int64 // at least
		check     func(t *testing.T, r *Report)
	}{
		{"http", Config{Mode: ModeHTTP, Target: nf.HTTP[0].String(), Flows: 3}, 1, 10, nil},
		{"http bytes", Config{Mode: ModeHTTP, Target: nf.HTTP[0].String(), Flows: 2,
			Path: "/bytes?n=100000"}, 1e6, 2, nil},
		{"tcp download", Config{Mode: ModeTCP, Target: nf.TCP[0].String(), Flows: 2}, 1e6, 2, nil},
		{"tcp upload", Config{Mode: ModeTCP, Target: nf.TCP[0].String(), Flows: 2, Upload: true}, 1e6, 2, nil},
		{"udp closed loop", Config{Mode: ModeUDP, Target: nf.UDP[0].String(), Flows: 2}, 16, 10, nil},
		{"udp at a rate", Config{Mode: ModeUDP, Target: nf.UDP[0].String(), Flows: 2, Rate: 200, Size: 100},
			100, 40, func(t *testing.T, r *Report) {
				// 200/s for 0.4 s is 80 datagrams, give or take timer slack.
				if r.Total.Sent < 70 || r.Total.Sent > 90 {
					t.Errorf("sent %d datagrams, want about 80", r.Total.Sent)
				}
				if r.Total.Lost != 0 {
					t.Errorf("lost %d on loopback", r.Total.Lost)
				}
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.cfg.Duration = 400 * time.Millisecond
			r, err := Run(context.Background(), tt.cfg)
			if err != nil {
				t.Fatalf("Run: %v", err)
			}
			if r.Total.Errors != 0 || r.Total.Requests < tt.wantReqs || r.Total.Bytes < tt.wantBytes {
				t.Fatalf("total %+v (flows %+v), want no errors, >= %d requests, >= %d bytes", r.Total, r.Flows,
					tt.wantReqs, tt.wantBytes)
			}
			if len(r.Flows) != tt.cfg.Flows || r.Flows[0].NF != "nf-a" || r.PerNF["nf-a"] == nil ||
				r.PerNF["nf-a"].Flows != tt.cfg.Flows {
				t.Fatalf("flows %+v per NF %+v: want every flow answered by nf-a", r.Flows, r.PerNF)
			}
			if r.Total.RTT.N == 0 || r.Total.RTT.P50 <= 0 || r.Total.RTT.P99 < r.Total.RTT.P50 {
				t.Fatalf("rtt %+v", r.Total.RTT)
			}
			if tt.check != nil {
				tt.check(t, r)
			}
		})
	}
}

func TestRunRefused(t *testing.T) {
	addr, err := testport.TCP("127.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	r, err := Run(context.Background(), Config{Mode: ModeHTTP, Target: addr, Flows: 1,
		Duration: 200 * time.Millisecond})
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	if r.Total.Errors == 0 || r.Total.Requests != 0 || r.Flows[0].LastError == "" {
		t.Fatalf("total %+v, flow %+v: want errors and no requests", r.Total, r.Flows[0])
	}
}

func TestReportOutput(t *testing.T) {
	f := newFlow(0, &Config{Mode: ModeHTTP, Duration: time.Second}, time.Now(), time.Now())
	f.local = "10.0.0.2:4000"
	f.nf("nf1").requests = 10
	f.nf("nf1").bytes = 1000
	f.nf("nf1").samples = ms(1, 2, 3)
	f.nf("nf2").requests = 2
	f.stopped = f.start.Add(time.Second)
	cfg := &Config{Mode: ModeHTTP, Target: "10.100.0.1:80", Path: "/", Duration: time.Second}
	r := buildReport(cfg, f.start, []*flow{f})
	if r.Flows[0].NF != "nf1" || r.Flows[0].Requests != 12 || r.PerNF["nf2"].Requests != 2 ||
		r.PerNF["nf1"].Flows != 1 || r.PerNF["nf2"].Flows != 0 {
		t.Fatalf("report %+v", r)
	}
	var tbl bytes.Buffer
	if err := r.WriteTable(&tbl); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"http to 10.100.0.1:80/", "10.0.0.2:4000", "nf1", "total"} {
		if !strings.Contains(tbl.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, tbl.String())
		}
	}
	var js bytes.Buffer
	if err := r.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	var back Report
	if err := json.Unmarshal(js.Bytes(), &back); err != nil || back.Total.Requests != 12 ||
		back.Flows[0].RTT.P50 != 2 {
		t.Fatalf("JSON round trip: %v %+v", err, back.Total)
	}
}
