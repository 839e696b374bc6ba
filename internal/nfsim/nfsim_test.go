package nfsim

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

func ptr(v float64) *float64 { return &v }

func TestSettingsValidate(t *testing.T) {
	tests := []struct {
		name    string
		s       Settings
		wantErr string
	}{
		{"zero", Settings{}, ""},
		{"all set", Settings{WorkUS: 100, MaxRPS: 1000, DelayMS: 5, CPULoadPct: 80}, ""},
		{"full load", Settings{CPULoadPct: 100}, ""},
		{"negative work", Settings{WorkUS: -1}, "work_us"},
		{"negative rate", Settings{MaxRPS: -5}, "max_rps"},
		{"huge delay", Settings{DelayMS: 1e6}, "delay_ms"},
		{"load over 100", Settings{CPULoadPct: 101}, "cpu_load_pct"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.s.Validate()
			if tt.wantErr == "" {
				if err != nil {
					t.Fatalf("Validate() = %v, want nil", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) || !errors.Is(err, ErrInvalidKnob) {
				t.Fatalf("Validate() = %v, want an ErrInvalidKnob naming %s", err, tt.wantErr)
			}
		})
	}
}

func TestSettingsApply(t *testing.T) {
	base := Settings{WorkUS: 10, MaxRPS: 20, DelayMS: 30, CPULoadPct: 40}
	tests := []struct {
		name string
		p    Patch
		want Settings
	}{
		{"empty", Patch{}, base},
		{"one", Patch{DelayMS: ptr(5)}, Settings{10, 20, 5, 40}},
		{"all", Patch{ptr(1), ptr(2), ptr(3), ptr(4)}, Settings{1, 2, 3, 4}},
		{"zero is a value", Patch{CPULoadPct: ptr(0)}, Settings{10, 20, 30, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := base.Apply(tt.p); got != tt.want {
				t.Fatalf("Apply() = %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestParseBulkCmd(t *testing.T) {
	tests := []struct {
		line string
		want bulkCmd
	}{
		{"source", bulkCmd{mode: "source", n: -1, known: true}},
		{"source 100", bulkCmd{mode: "source", n: 100, known: true}},
		{"source -1", bulkCmd{mode: "sink"}},
		{"source x", bulkCmd{mode: "sink"}},
		{"source 1 2", bulkCmd{mode: "sink"}},
		{"sink", bulkCmd{mode: "sink", known: true}},
		{"echo", bulkCmd{mode: "echo", known: true}},
		{"echo now", bulkCmd{mode: "sink"}},
		{"", bulkCmd{mode: "sink"}},
		{"GET / HTTP/1.1", bulkCmd{mode: "sink"}},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			if got := parseBulkCmd([]byte(tt.line)); got != tt.want {
				t.Fatalf("parseBulkCmd(%q) = %+v, want %+v", tt.line, got, tt.want)
			}
		})
	}
}

func TestParseProcStat(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		want    []cpuStat
		wantErr bool
	}{
		{
			name: "two cpus",
			in: "cpu  300 0 100 1000 0 0 0 0 0 0\n" +
				"cpu0 100 2 50 500 1 3 4 5 0 0\n" +
				"cpu1 200 0 50 500 0 0 0 0 0 0\n" +
				"intr 12345\nctxt 99\n",
			want: []cpuStat{
				{"0", [8]float64{1, 0.02, 0.5, 5, 0.01, 0.03, 0.04, 0.05}},
				{"1", [8]float64{2, 0, 0.5, 5, 0, 0, 0, 0}},
			},
		},
		{name: "short line", in: "cpu0 1 2 3\n", wantErr: true},
		{name: "not a number", in: "cpu0 1 2 3 x 5 6 7 8\n", wantErr: true},
		{name: "no cpus", in: "intr 1\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseProcStat(strings.NewReader(tt.in))
			if (err != nil) != tt.wantErr {
				t.Fatalf("parseProcStat() error = %v, wantErr %v", err, tt.wantErr)
			}
			if len(got) != len(tt.want) {
				t.Fatalf("parseProcStat() = %v, want %v", got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("cpu %d = %+v, want %+v", i, got[i], tt.want[i])
				}
			}
		})
	}
}

func TestUtilMeter(t *testing.T) {
	t0 := time.Unix(1000, 0)
	at := func(sec int, demand, run time.Duration) cpuSample {
		return cpuSample{at: t0.Add(time.Duration(sec) * time.Second), demand: demand, run: run}
	}
	tests := []struct {
		name          string
		cores         int
		samples       []cpuSample
		want, wantRun float64
	}{
		{"idle", 1, []cpuSample{at(0, 0, 0), at(1, 0, 0)}, 0, 0},
		{"half of one core", 1, []cpuSample{at(0, 0, 0), at(1, 500*time.Millisecond, 500*time.Millisecond)}, 0.5, 0.5},
		{"waiting counts as busy", 1, []cpuSample{at(0, 0, 0), at(1, 800*time.Millisecond, 400*time.Millisecond)}, 0.8, 0.4},
		{"half of two cores", 2, []cpuSample{at(0, 0, 0), at(1, time.Second, time.Second)}, 0.5, 0.5},
		{"clamped", 1, []cpuSample{at(0, 0, 0), at(1, 3*time.Second, 3*time.Second)}, 1, 1},
		{
			// The window is 2 s: the busy first second drops out once it is older.
			"window slides", 1,
			[]cpuSample{at(0, 0, 0), at(1, time.Second, time.Second), at(2, time.Second, time.Second),
				at(3, time.Second, time.Second)},
			0, 0,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := newUtilMeter(tt.cores, 2*time.Second)
			var s []cpuSample
			for _, x := range tt.samples {
				s = m.add(s, x)
			}
			near := func(a, b float64) bool { return a > b-1e-9 && a < b+1e-9 }
			if !near(m.Utilization(), tt.want) || !near(m.RunUtilization(), tt.wantRun) {
				t.Fatalf("utilisation %v run %v, want %v run %v", m.Utilization(),
					m.RunUtilization(), tt.want, tt.wantRun)
			}
		})
	}
}

func TestParseSchedstat(t *testing.T) {
	tests := []struct {
		in        string
		run, wait time.Duration
		ok        bool
	}{
		{"196762 2357391 2\n", 196762, 2357391, true},
		{"1 2", 1, 2, true},
		{"1", 0, 0, false},
		{"a b c", 0, 0, false},
	}
	for _, tt := range tests {
		run, wait, ok := parseSchedstat([]byte(tt.in))
		if run != tt.run || wait != tt.wait || ok != tt.ok {
			t.Errorf("parseSchedstat(%q) = %v %v %v, want %v %v %v", tt.in, run, wait, ok,
				tt.run, tt.wait, tt.ok)
		}
	}
}

func TestProcessDemandGrows(t *testing.T) {
	d0, err := processDemand()
	if err != nil {
		t.Fatalf("processDemand: %v", err)
	}
	doWork(20 * time.Millisecond)
	d1, _ := processDemand()
	if d1-d0 < 10*time.Millisecond {
		t.Fatalf("demand grew %v over 20 ms of work", d1-d0)
	}
}

func TestDoWorkScalesWithWork(t *testing.T) {
	Calibrate()
	start := time.Now()
	doWork(20 * time.Millisecond)
	if d := time.Since(start); d < 10*time.Millisecond {
		t.Fatalf("20 ms of work took %v", d)
	}
}

// startServer runs an NF on loopback with every service on a free port.
func startServer(t *testing.T, st Settings) *Server {
	t.Helper()
	return runServer(t, Config{
		Name:      "nf-test",
		HTTPAddrs: []string{"127.0.0.1:0"},
		TCPAddrs:  []string{"127.0.0.1:0"},
		UDPAddrs:  []string{"127.0.0.1:0"},
		AdminAddr: "127.0.0.1:0",
		CPUWindow: 400 * time.Millisecond,
		Settings:  st,
	})
}

// runServer creates an NF of cfg and runs it until the test ends.
func runServer(t *testing.T, cfg Config) *Server {
	t.Helper()
	s, err := New(cfg)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("Run: %v", err)
			}
		case <-time.After(5 * time.Second):
			t.Errorf("Run did not return after cancel")
		}
	})
	return s
}

func get(t *testing.T, url string) (*http.Response, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("GET %s: body: %v", url, err)
	}
	return resp, string(b)
}

func TestHTTP(t *testing.T) {
	s := startServer(t, Settings{})
	base := "http://" + s.Addrs().HTTP[0].String()
	tests := []struct {
		name     string
		method   string
		path     string
		body     string
		wantCode int
		check    func(t *testing.T, resp *http.Response, body string)
	}{
		{"hello", "GET", "/", "", 200, func(t *testing.T, resp *http.Response, body string) {
			if resp.Header.Get(HeaderNF) != "nf-test" || !strings.HasPrefix(body, "nf=nf-test\n") ||
				!strings.Contains(body, "client=127.0.0.1:") {
				t.Errorf("header %q body %q", resp.Header.Get(HeaderNF), body)
			}
		}},
		{"bytes", "GET", "/bytes?n=100000", "", 200, func(t *testing.T, resp *http.Response, body string) {
			if len(body) != 100000 || resp.Header.Get(HeaderNF) != "nf-test" {
				t.Errorf("got %d bytes, header %q", len(body), resp.Header.Get(HeaderNF))
			}
		}},
		{"bytes zero", "GET", "/bytes?n=0", "", 200, nil},
		{"bytes bad", "GET", "/bytes?n=lots", "", 400, nil},
		{"bytes negative", "GET", "/bytes?n=-3", "", 400, nil},
		{"sink", "POST", "/upload", "0123456789", 200, func(t *testing.T, _ *http.Response, body string) {
			if body != "nf=nf-test\nbytes=10\n" {
				t.Errorf("body %q", body)
			}
		}},
		{"sink put", "PUT", "/", "abc", 200, nil},
		{"bad method", "DELETE", "/", "", 405, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, _ := http.NewRequest(tt.method, base+tt.path, strings.NewReader(tt.body))
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatalf("%s %s: %v", tt.method, tt.path, err)
			}
			defer resp.Body.Close()
			b, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != tt.wantCode {
				t.Fatalf("status %d, want %d (%s)", resp.StatusCode, tt.wantCode, b)
			}
			if tt.check != nil {
				tt.check(t, resp, string(b))
			}
		})
	}
}

func dialBulk(t *testing.T, s *Server, cmd string) (net.Conn, *bufio.Reader) {
	t.Helper()
	c, err := net.Dial("tcp", s.Addrs().TCP[0].String())
	if err != nil {
		t.Fatalf("dial bulk: %v", err)
	}
	t.Cleanup(func() { c.Close() })
	c.SetDeadline(time.Now().Add(5 * time.Second))
	if _, err := io.WriteString(c, cmd); err != nil {
		t.Fatalf("write %q: %v", cmd, err)
	}
	return c, bufio.NewReader(c)
}

func TestBulk(t *testing.T) {
	s := startServer(t, Settings{})
	t.Run("source n", func(t *testing.T) {
		_, br := dialBulk(t, s, "source 200000\n")
		hello, _ := br.ReadString('\n')
		if hello != "nf=nf-test\n" {
			t.Fatalf("greeting %q", hello)
		}
		n, err := io.Copy(io.Discard, br)
		if err != nil || n != 200000 {
			t.Fatalf("read %d bytes (%v), want 200000 then EOF", n, err)
		}
	})
	t.Run("echo", func(t *testing.T) {
		c, br := dialBulk(t, s, "echo\n")
		if hello, _ := br.ReadString('\n'); hello != "nf=nf-test\n" {
			t.Fatalf("greeting %q", hello)
		}
		for _, msg := range []string{"ping\n", "pong\n"} {
			io.WriteString(c, msg)
			if got, err := br.ReadString('\n'); got != msg {
				t.Fatalf("echo %q = %q (%v)", msg, got, err)
			}
		}
	})
	t.Run("sink", func(t *testing.T) {
		c, br := dialBulk(t, s, "sink\n")
		if hello, _ := br.ReadString('\n'); hello != "nf=nf-test\n" {
			t.Fatalf("greeting %q", hello)
		}
		if _, err := c.Write(make([]byte, 1<<20)); err != nil {
			t.Fatalf("write: %v", err)
		}
	})
	t.Run("raw data is sunk", func(t *testing.T) {
		c, _ := dialBulk(t, s, "hello there\n")
		if _, err := c.Write(make([]byte, 1000)); err != nil {
			t.Fatalf("write: %v", err)
		}
	})
}

func TestUDP(t *testing.T) {
	s := startServer(t, Settings{})
	c, err := net.Dial("udp", s.Addrs().UDP[0].String())
	if err != nil {
		t.Fatalf("dial udp: %v", err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(3 * time.Second))
	for _, msg := range []string{"a", "hello world", strings.Repeat("x", 1400)} {
		c.Write([]byte(msg))
		buf := make([]byte, 2048)
		n, err := c.Read(buf)
		if err != nil || string(buf[:n]) != "nf=nf-test "+msg {
			t.Fatalf("reply to %.10q = %.30q (%v)", msg, buf[:n], err)
		}
	}
}

func TestAdminKnobs(t *testing.T) {
	s := startServer(t, Settings{WorkUS: 5})
	admin := "http://" + s.Addrs().Admin.String()
	tests := []struct {
		name     string
		query    string
		body     string
		wantCode int
		want     Settings
	}{
		{"query", "?delay_ms=2&max_rps=100", "", 200, Settings{5, 100, 2, 0}},
		{"json", "", `{"work_us": 7, "max_rps": 0}`, 200, Settings{7, 0, 2, 0}},
		{"json wins", "?work_us=1", `{"work_us": 9}`, 200, Settings{9, 0, 2, 0}},
		{"out of range", "?cpu_load_pct=120", "", 400, Settings{9, 0, 2, 0}},
		{"unknown query", "?speed=3", "", 400, Settings{9, 0, 2, 0}},
		{"unknown field", "", `{"speed": 3}`, 400, Settings{9, 0, 2, 0}},
		{"not a number", "?delay_ms=soon", "", 400, Settings{9, 0, 2, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, err := http.Post(admin+"/knobs"+tt.query, "application/json", strings.NewReader(tt.body))
			if err != nil {
				t.Fatalf("POST: %v", err)
			}
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != tt.wantCode {
				t.Fatalf("status %d, want %d: %s", resp.StatusCode, tt.wantCode, b)
			}
			if got := s.Settings(); got != tt.want {
				t.Fatalf("settings %+v, want %+v", got, tt.want)
			}
		})
	}
	if _, body := get(t, admin+"/knobs"); !strings.Contains(body, `"work_us":9`) {
		t.Errorf("GET /knobs = %s", body)
	}
	if _, body := get(t, admin+"/healthz"); body != "ok\n" {
		t.Errorf("GET /healthz = %q", body)
	}
}

func TestDelayKnob(t *testing.T) {
	s := startServer(t, Settings{DelayMS: 40})
	start := time.Now()
	get(t, "http://"+s.Addrs().HTTP[0].String()+"/")
	if d := time.Since(start); d < 40*time.Millisecond {
		t.Fatalf("GET took %v with a 40 ms delay", d)
	}
}

func TestMaxRPSKnob(t *testing.T) {
	s := startServer(t, Settings{MaxRPS: 40})
	url := "http://" + s.Addrs().HTTP[0].String() + "/"
	start := time.Now()
	for range 20 {
		get(t, url)
	}
	// 20 requests at 40/s take about half a second (less the first burst).
	if d := time.Since(start); d < 350*time.Millisecond {
		t.Fatalf("20 requests at max_rps=40 took %v", d)
	}
}

func TestCPULoadShowsInMetrics(t *testing.T) {
	s := startServer(t, Settings{})
	admin := "http://" + s.Addrs().Admin.String()
	if _, err := s.Update(context.Background(), Patch{CPULoadPct: ptr(60)}); err != nil {
		t.Fatalf("Update: %v", err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for s.Utilization() < 0.35 {
		if time.Now().After(deadline) {
			t.Fatalf("utilisation %v after 5 s at 60%% load", s.Utilization())
		}
		time.Sleep(100 * time.Millisecond)
	}
	_, body := get(t, admin+"/metrics")
	for _, want := range []string{
		"hvlb_nf_cpu_utilization ", "hvlb_nf_cpu_run_utilization ", `hvlb_nf_cpu_load_ratio 0.6`, `hvlb_nf_info{nf="nf-test"} 1`,
		"process_cpu_seconds_total", `node_cpu_seconds_total{cpu="0",mode="idle"}`,
		`hvlb_nf_requests_total{proto="http"}`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("metrics lack %q", want)
		}
	}
	if _, err := s.Update(context.Background(), Patch{CPULoadPct: ptr(0)}); err != nil {
		t.Fatalf("Update: %v", err)
	}
}

func TestNewErrors(t *testing.T) {
	tests := []struct {
		name string
		cfg  Config
		want string
	}{
		{"no name", Config{}, "name is empty"},
		{"bad knob", Config{Name: "x", Settings: Settings{DelayMS: -1}}, "delay_ms"},
		{"bad http", Config{Name: "x", HTTPAddrs: []string{"nope"}}, "http listen nope"},
		{"bad udp", Config{Name: "x", UDPAddrs: []string{"1.2.3.4.5:1"}}, "udp"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := New(tt.cfg)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("New() = %v, want error with %q", err, tt.want)
			}
		})
	}
}
