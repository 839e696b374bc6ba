package agent

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"hvlb/internal/fwdclient"
	"hvlb/internal/fwdclient/fwdtest"
	"hvlb/internal/health"
	"hvlb/internal/pb/ctlpb"
	"hvlb/internal/pb/fwdpb"
)

func sid(vip string, port uint32) *fwdpb.ServiceId {
	return &fwdpb.ServiceId{Protocol: "tcp", Vip: vip, Vport: port}
}

// TestProbeSpecs: one probe per NF, of its check's kind and port; http wins over tcp when
// two services check one NF; no check (or a udp check without expect), no probe.
func TestProbeSpecs(t *testing.T) {
	ds := &ctlpb.DesiredState{Version: 1,
		Services: []*fwdpb.VirtualService{{Id: sid("10.0.0.1", 80)}, {Id: sid("10.0.0.2", 80)}},
		Checks: []*ctlpb.HealthCheck{
			{Service: sid("10.0.0.1", 80), Address: "10.1.0.1", Port: 80, Kind: "tcp", TimeoutMs: 200},
			{Service: sid("10.0.0.2", 80), Address: "10.1.0.1", Port: 80, Kind: "http", HttpPath: "/hc", CheckPort: 8080},
			{Service: sid("10.0.0.1", 80), Address: "10.1.0.2", Port: 80, Kind: "udp", CheckPort: 9000, Expect: []byte("nf=")},
			{Service: sid("10.0.0.1", 80), Address: "10.1.0.3", Port: 80, Kind: "none"},
			// Without expect, its NF need not answer: no probe, which would also spend the
			// NF's ICMP errors the check needs.
			{Service: sid("10.0.0.1", 80), Address: "10.1.0.5", Port: 53, Kind: "udp"},
			{Service: sid("10.0.0.1", 80), Address: "10.1.0.6", Port: 5060, Kind: "sip"},
			{Service: sid("10.0.0.1", 80), Address: "fd00:0::4", Port: 0, Kind: "tcp"},
		}}
	got := probeSpecs(ds)
	want := map[string]probeSpec{
		"10.1.0.1:80": {nfAddress: "10.1.0.1", nfPort: 80, kind: "http", address: "10.1.0.1", port: 8080, path: "/hc", timeout: health.DefaultTimeout},
		"10.1.0.2:80": {nfAddress: "10.1.0.2", nfPort: 80, kind: "udp", address: "10.1.0.2", port: 9000,
			send: health.DefaultUDPPayload, timeout: health.DefaultTimeout},
		"10.1.0.6:5060": {nfAddress: "10.1.0.6", nfPort: 5060, kind: "sip", address: "10.1.0.6", port: 5060,
			timeout: health.DefaultTimeout},
		"[fd00::4]:0": {nfAddress: "fd00::4", nfPort: 0, kind: "tcp", address: "fd00::4", port: 80, timeout: health.DefaultTimeout},
	}
	if len(got) != len(want) {
		t.Fatalf("probeSpecs = %+v", got)
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%s: %+v, want %+v", k, got[k], w)
		}
	}
}

// TestProbeOnce: each kind measures against a live endpoint; the http probe sees the
// NF's reply delay, the tcp probe only the connect.
func TestProbeOnce(t *testing.T) {
	const delay = 30 * time.Millisecond
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(delay)
		fmt.Fprintln(w, "nf=test")
	}))
	defer srv.Close()
	host, portS, _ := net.SplitHostPort(srv.Listener.Addr().String())
	port, _ := strconv.Atoi(portS)
	spec := probeSpec{address: host, port: uint16(port), path: "/", timeout: time.Second}

	spec.kind = health.KindHTTP
	rtt, err := probeOnce(context.Background(), spec)
	if err != nil || rtt < delay || rtt > 10*delay {
		t.Errorf("http: %v %v, want about %v", rtt, err, delay)
	}
	spec.kind = health.KindTCP
	if rtt, err = probeOnce(context.Background(), spec); err != nil || rtt >= delay {
		t.Errorf("tcp: %v %v, want a connect time under %v", rtt, err, delay)
	}

	pc, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer pc.Close()
	go func() {
		buf := make([]byte, 512)
		for {
			n, addr, err := pc.ReadFrom(buf)
			if err != nil {
				return
			}
			time.Sleep(delay)
			msg := string(buf[:n])
			switch {
			case strings.HasPrefix(msg, "PING"): // the udp check's payload: echoed
				pc.WriteTo(buf[:n], addr)
			case strings.HasPrefix(msg, "OPTIONS "): // sip: a final response to that call
				_, rest, _ := strings.Cut(msg, "\r\nCall-ID: ")
				id, _, _ := strings.Cut(rest, "\r\n")
				pc.WriteTo([]byte("SIP/2.0 200 OK\r\nCall-ID: "+id+"\r\nContent-Length: 0\r\n\r\n"), addr)
			}
		}
	}()
	uport := uint16(pc.LocalAddr().(*net.UDPAddr).Port)
	uspec := probeSpec{kind: health.KindUDP, address: "127.0.0.1", port: uport, send: "PING 1", timeout: time.Second}
	if rtt, err = probeOnce(context.Background(), uspec); err != nil || rtt < delay {
		t.Errorf("udp: %v %v, want at least %v", rtt, err, delay)
	}
	sspec := probeSpec{kind: health.KindSIP, address: "127.0.0.1", port: uport, timeout: time.Second}
	if rtt, err = probeOnce(context.Background(), sspec); err != nil || rtt < delay {
		t.Errorf("sip: %v %v, want at least %v", rtt, err, delay)
	}

	// Failures: nothing listening, not HTTP, too slow.
	deadAddr, err := net.ResolveTCPAddr("tcp", freeAddr(t))
	if err != nil {
		t.Fatal(err)
	}
	dead := deadAddr.Port
	if _, err := probeOnce(context.Background(), probeSpec{kind: health.KindTCP, address: "127.0.0.1", port: uint16(dead), timeout: time.Second}); err == nil {
		t.Error("tcp to a closed port succeeded")
	}
	junk, _ := net.Listen("tcp", "127.0.0.1:0")
	defer junk.Close()
	go func() {
		for {
			c, err := junk.Accept()
			if err != nil {
				return
			}
			c.Write([]byte("SSH-2.0-x\r\n"))
			c.Close()
		}
	}()
	jspec := probeSpec{kind: health.KindHTTP, address: "127.0.0.1", port: uint16(junk.Addr().(*net.TCPAddr).Port), path: "/", timeout: time.Second}
	if _, err := probeOnce(context.Background(), jspec); err == nil {
		t.Error("a reply that is not HTTP was taken")
	}
	spec.kind, spec.timeout = health.KindHTTP, delay/3
	if _, err := probeOnce(context.Background(), spec); err == nil {
		t.Error("a probe past its timeout succeeded")
	}
}

// statsWith is a forwarder's Stats with one service (mode unset: nat) whose reals have the
// counters given.
func statsWith(reals ...*fwdpb.RealStatus) *fwdpb.Stats {
	st := &fwdpb.Stats{}
	addService(st, sid("10.0.0.1", 80), reals...)
	return st
}

// addService adds to st a service (mode unset: nat): its spec and its counters.
func addService(st *fwdpb.Stats, id *fwdpb.ServiceId, reals ...*fwdpb.RealStatus) {
	vs := &fwdpb.VirtualService{Id: id}
	for _, r := range reals {
		vs.RealServices = append(vs.RealServices, &fwdpb.RealService{Address: r.GetAddress(), Port: r.GetPort()})
	}
	st.Services = append(st.Services, vs)
	st.ServiceStatus = append(st.ServiceStatus, &fwdpb.ServiceStatus{Id: id, Reals: reals})
}

// TestMeasure: throughput from counter deltas (two services sharing an NF add up; a
// counter that goes back counts from 0), RTT as the median of the interval's samples.
func TestMeasure(t *testing.T) {
	m := newPathMeter(time.Hour)
	m.probe = func(context.Context, probeSpec) (time.Duration, error) { return 0, errors.New("unused") }
	m.probers["10.1.0.1:80"] = &prober{spec: probeSpec{nfAddress: "10.1.0.1", nfPort: 80, kind: "http"},
		cancel: func() {}, samples: []time.Duration{3 * time.Millisecond, 1 * time.Millisecond, 20 * time.Millisecond}}
	m.probers["10.1.0.9:80"] = &prober{spec: probeSpec{nfAddress: "10.1.0.9", nfPort: 80, kind: "tcp"}, cancel: func() {}}
	t0 := time.Unix(1000, 0)

	first := m.measure(statsWith(&fwdpb.RealStatus{Address: "10.1.0.1", Port: 80, Bytes: 1000}), t0)
	if len(first) != 2 || first[0].GetAddress() != "10.1.0.1" || first[0].GetRttMs() != 3 ||
		first[0].GetRttSamples() != 3 || first[0].GetRttSource() != "probe-http" || first[0].GetThroughputMbps() != 0 ||
		first[0].GetIntervalS() != 0 {
		t.Fatalf("first report: %v", first)
	}
	if first[1].GetAddress() != "10.1.0.9" || first[1].GetRttMs() != 0 || first[1].GetRttSource() != "" {
		t.Fatalf("unanswered probe: %v", first[1])
	}

	st := statsWith(&fwdpb.RealStatus{Address: "10.1.0.1", Port: 80, Bytes: 1000 + 1_250_000},
		&fwdpb.RealStatus{Address: "10.1.0.2", Port: 80, Bytes: 500})
	addService(st, sid("10.0.0.2", 80), &fwdpb.RealStatus{Address: "10.1.0.1", Port: 80, Bytes: 250_000})
	second := m.measure(st, t0.Add(2*time.Second))
	byKey := map[string]*ctlpb.PathMeasurement{}
	for _, p := range second {
		byKey[nfKey(p.GetAddress(), p.GetPort())] = p
	}
	// 10.1.0.1: 1.25 MB + 0.25 MB (new in the second service) in 2 s = 6 Mbps.
	if p := byKey["10.1.0.1:80"]; p.GetThroughputMbps() != 6 || p.GetIntervalS() != 2 || p.GetRttMs() != 0 {
		t.Errorf("10.1.0.1: %v (samples taken: the window starts over)", p)
	}
	if p := byKey["10.1.0.2:80"]; p.GetThroughputMbps() != 500*8/2/1e6 {
		t.Errorf("10.1.0.2 (new): %v", p)
	}
	// The forwarder restarted: counters back to small values count from 0.
	third := m.measure(statsWith(&fwdpb.RealStatus{Address: "10.1.0.1", Port: 80, Bytes: 125_000}), t0.Add(3*time.Second))
	if third[0].GetThroughputMbps() != 1 {
		t.Errorf("after a counter reset: %v", third[0])
	}
	// No stats (the forwarder is down): RTTs only, and the counters' base stays.
	if got := m.measure(nil, t0.Add(4*time.Second)); len(got) != 2 || got[0].GetThroughputMbps() != 0 {
		t.Errorf("without stats: %v", got)
	}
	var none *pathMeter
	if none.measure(st, t0) != nil {
		t.Error("a nil meter measured")
	}
	if m2 := newPathMeter(0); m2.measure(nil, t0) != nil || m2.interval != DefaultProbeInterval {
		t.Error("an empty meter")
	}
}

// TestProbers: setTargets starts, restarts and stops probers; their samples reach the
// next measurement.
func TestProbers(t *testing.T) {
	m := newPathMeter(5 * time.Millisecond)
	var calls atomic.Int64
	m.probe = func(ctx context.Context, p probeSpec) (time.Duration, error) {
		calls.Add(1)
		if p.kind == "udp" {
			return 0, errors.New("no reply")
		}
		return 2 * time.Millisecond, nil
	}
	a := probeSpec{nfAddress: "10.1.0.1", nfPort: 80, kind: "tcp", address: "10.1.0.1", port: 80, timeout: time.Second}
	b := probeSpec{nfAddress: "10.1.0.2", nfPort: 80, kind: "udp", address: "10.1.0.2", port: 9000, timeout: time.Second}
	m.setTargets(map[string]probeSpec{"10.1.0.1:80": a, "10.1.0.2:80": b})
	deadline := time.Now().Add(5 * time.Second)
	for calls.Load() < 10 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	got := m.measure(nil, time.Now())
	if len(got) != 2 || got[0].GetRttMs() != 2 || got[0].GetRttSamples() == 0 || got[0].GetRttSource() != "probe-tcp" ||
		got[1].GetRttMs() != 0 {
		t.Fatalf("measured %v", got)
	}
	a.kind = "http"
	m.setTargets(map[string]probeSpec{"10.1.0.1:80": a})
	m.mu.Lock()
	if len(m.probers) != 1 || m.probers["10.1.0.1:80"].spec.kind != "http" {
		t.Errorf("probers after a change: %v", m.probers)
	}
	m.mu.Unlock()
	m.close()
	time.Sleep(20 * time.Millisecond)
	n := calls.Load()
	time.Sleep(30 * time.Millisecond)
	if calls.Load() != n {
		t.Error("probes go on after close")
	}
	m.setTargets(map[string]probeSpec{"10.1.0.1:80": a})
	if len(m.probers) != 0 {
		t.Error("a closed meter started a prober")
	}
}

// TestAgentReportsPaths: an agent reports, for an NF with an http check, the probed RTT
// (which shows the NF's reply delay) every interval, from its probers.
func TestAgentReportsPaths(t *testing.T) {
	dir := pki(t)
	f := fwdtest.New(t)
	ctl := newFakeCtl()
	addr := freeAddr(t)
	serveCtl(t, dir, addr, ctl)
	startAgent(t, dir, addr, f.Path, func(c *Config) { c.ProbeInterval = 10 * time.Millisecond })

	const delay = 15 * time.Millisecond
	nf := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(delay)
	}))
	defer nf.Close()
	port := uint32(nf.Listener.Addr().(*net.TCPAddr).Port)
	id := sid("10.100.0.1", 80)
	ctl.publish(&ctlpb.DesiredState{Version: 1,
		Services: []*fwdpb.VirtualService{svc("tcp", "10.100.0.1", 80, "nat", "maglev", fmt.Sprintf("127.0.0.1:%d/100/1", port))},
		Checks: []*ctlpb.HealthCheck{{Service: id, Address: "127.0.0.1", Port: port, Kind: "http", HttpPath: "/",
			IntervalMs: 200, TimeoutMs: 150, Rise: 1, Fall: 3}}})
	eventually(t, 5*time.Second, "a probed path in a report", func() (bool, string) {
		r := ctl.lastReport()
		for _, p := range r.GetPaths() {
			if p.GetAddress() == "127.0.0.1" && p.GetPort() == port && p.GetRttSource() == "probe-http" &&
				p.GetRttMs() >= float64(delay/time.Millisecond) && p.GetRttSamples() > 0 {
				return true, ""
			}
		}
		return false, fmt.Sprint(r.GetPaths())
	})
}

// TestMeasureHandshake: for NFs of NAT services the forwarder's handshake RTT (read from a
// fake forwarder's stats) replaces the probe in an interval where its sample counter moved:
// the new samples' mean (the sum's delta over the count's), weighted by the new samples over
// the NF's services; the probe stands otherwise, and a DR service's read-outs are not used.
func TestMeasureHandshake(t *testing.T) {
	f := fwdtest.New(t)
	a, b, c := sid("10.0.0.1", 80), sid("10.0.0.2", 80), sid("10.0.0.3", 80)
	f.Load([]*fwdpb.VirtualService{
		{Id: a, Mode: "nat", RealServices: []*fwdpb.RealService{{Address: "10.1.0.1", Port: 80}, {Address: "10.1.0.2", Port: 80}}},
		{Id: b, Mode: "dr", RealServices: []*fwdpb.RealService{{Address: "10.1.0.3", Port: 80}}},
		{Id: c, Mode: "nat", RealServices: []*fwdpb.RealService{{Address: "10.1.0.1", Port: 80}}},
	})
	cl := fwdclient.New(f.Path)
	defer cl.Close()
	m := newPathMeter(time.Hour)
	for _, nf := range []string{"10.1.0.1", "10.1.0.2", "10.1.0.3"} {
		m.probers[nf+":80"] = &prober{spec: probeSpec{nfAddress: nf, nfPort: 80, kind: "tcp"}, cancel: func() {}}
	}
	type hs struct {
		id      *fwdpb.ServiceId
		nf      string
		rttMs   float64 // the forwarder's average: used only without a sum
		samples uint64
		sumUs   uint64
	}
	type want struct {
		rttMs   float64
		samples uint32
		source  string
	}
	steps := []struct {
		name  string
		set   []hs
		probe time.Duration // one probe sample per NF in the interval; 0: none
		want  map[string]want
	}{
		{"no handshake yet: the probe", nil, 4 * time.Millisecond, map[string]want{
			"10.1.0.1": {4, 1, "probe-tcp"}, "10.1.0.2": {4, 1, "probe-tcp"}, "10.1.0.3": {4, 1, "probe-tcp"}}},
		{"new samples: the forwarder's", []hs{{a, "10.1.0.1", 2, 10, 20000}}, 4 * time.Millisecond, map[string]want{
			"10.1.0.1": {2, 10, "handshake"}, "10.1.0.2": {4, 1, "probe-tcp"}}},
		{"none new: back to the probe", nil, 4 * time.Millisecond, map[string]want{
			"10.1.0.1": {4, 1, "probe-tcp"}}},
		// a's 3 new samples add 15 ms (their mean 5, whatever its average says); c's first 7.
		{"two services, weighted by new samples", []hs{{a, "10.1.0.1", 3, 13, 35000}, {c, "10.1.0.1", 7, 1, 7000}},
			4 * time.Millisecond, map[string]want{"10.1.0.1": {(3*5 + 7) / 4.0, 4, "handshake"}}},
		{"one new sample", []hs{{a, "10.1.0.1", 5.5, 14, 58000}}, 0, map[string]want{
			"10.1.0.1": {23, 1, "handshake"}}},
		{"a DR service's read-outs are not used", []hs{{b, "10.1.0.3", 1, 5, 5000}}, 4 * time.Millisecond, map[string]want{
			"10.1.0.3": {4, 1, "probe-tcp"}}},
		{"a counter that went back counts from 0", []hs{{a, "10.1.0.1", 5, 2, 9000}}, 0, map[string]want{
			"10.1.0.1": {4.5, 2, "handshake"}}},
		{"a forwarder without the sum: its average", []hs{{a, "10.1.0.1", 6, 4, 0}}, 0, map[string]want{
			"10.1.0.1": {6, 2, "handshake"}}},
		{"nothing in the interval", nil, 0, map[string]want{
			"10.1.0.1": {0, 0, ""}, "10.1.0.2": {0, 0, ""}}},
	}
	t0 := time.Unix(1000, 0)
	for i, st := range steps {
		for _, h := range st.set {
			f.SetHandshake(h.id, h.nf, 80, h.rttMs, h.samples, h.sumUs)
		}
		if st.probe > 0 {
			for _, pr := range m.probers {
				pr.samples = append(pr.samples, st.probe)
			}
		}
		stats, err := cl.GetStats(context.Background())
		if err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		got := map[string]*ctlpb.PathMeasurement{}
		for _, p := range m.measure(stats, t0.Add(time.Duration(i)*time.Second)) {
			got[p.GetAddress()] = p
		}
		for nf, w := range st.want {
			p := got[nf]
			if math.Abs(p.GetRttMs()-w.rttMs) > 1e-9 || p.GetRttSamples() != w.samples || p.GetRttSource() != w.source {
				t.Errorf("%s: %s: rtt %v ms over %d (%q), want %v over %d (%q)", st.name, nf,
					p.GetRttMs(), p.GetRttSamples(), p.GetRttSource(), w.rttMs, w.samples, w.source)
			}
		}
	}
}
