package nfsim

import (
	"context"
	"io"
	"net"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// startCapServer runs an NF with a bulk capacity and a CPU-load mode.
func startCapServer(t *testing.T, capMbps float64, mode string, st Settings) *Server {
	t.Helper()
	return runServer(t, Config{
		Name:         "nf-cap",
		TCPAddrs:     []string{"127.0.0.1:0"},
		AdminAddr:    "127.0.0.1:0",
		CPUWindow:    400 * time.Millisecond,
		Settings:     st,
		CapacityMbps: capMbps,
		CPULoadMode:  mode,
	})
}

// sinkMbps sends n bytes to the NF's sink on each of conns connections at once, waits for
// the NF to have read them all (it closes after our close), and returns the total Mbps.
func sinkMbps(t *testing.T, s *Server, conns int, n int) float64 {
	t.Helper()
	start := time.Now()
	var wg sync.WaitGroup
	errs := make(chan error, conns)
	for range conns {
		wg.Go(func() {
			c, err := net.Dial("tcp", s.Addrs().TCP[0].String())
			if err != nil {
				errs <- err
				return
			}
			defer c.Close()
			c.SetDeadline(time.Now().Add(20 * time.Second))
			if _, err := io.WriteString(c, "sink\n"); err != nil {
				errs <- err
				return
			}
			if _, err := c.Write(make([]byte, n)); err != nil {
				errs <- err
				return
			}
			c.(*net.TCPConn).CloseWrite()
			io.Copy(io.Discard, c) // greeting, then EOF once the NF has read everything
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatalf("sink: %v", err)
	}
	return float64(conns*n) * 8 / time.Since(start).Seconds() / 1e6
}

func sourceMbps(t *testing.T, s *Server, n int) float64 {
	t.Helper()
	c, br := dialBulk(t, s, "source "+strconv.Itoa(n)+"\n")
	c.SetDeadline(time.Now().Add(20 * time.Second))
	start := time.Now()
	br.ReadString('\n')
	got, err := io.Copy(io.Discard, br)
	if err != nil || got != int64(n) {
		t.Fatalf("source: %d bytes (%v), want %d", got, err, n)
	}
	return float64(n) * 8 / time.Since(start).Seconds() / 1e6
}

func TestCapacityLimitsBulk(t *testing.T) {
	// 40 Mbps = 5 MB/s: 2.5 MB over 4 connections takes about 0.5 s (less the first burst).
	s := startCapServer(t, 40, "", Settings{})
	if got := s.CapacityMbps(); got != 40 {
		t.Fatalf("CapacityMbps() = %v, want 40", got)
	}
	mbps := sinkMbps(t, s, 4, 640<<10)
	if mbps > 40*1.25 || mbps < 40*0.5 {
		t.Fatalf("sink at capacity 40 Mbps moved %.1f Mbps", mbps)
	}
	if mbps := sourceMbps(t, s, 2<<20); mbps > 40*1.25 || mbps < 40*0.5 {
		t.Fatalf("source at capacity 40 Mbps moved %.1f Mbps", mbps)
	}
}

func TestCapacityFollowsCPULoad(t *testing.T) {
	// Virtual load: no spinner runs, the capacity takes the load's share and the
	// utilisation shows the load.
	s := startCapServer(t, 80, CPULoadVirtual, Settings{})
	if _, err := s.Update(context.Background(), Patch{CPULoadPct: ptr(75)}); err != nil {
		t.Fatalf("Update: %v", err)
	}
	if got := s.CapacityMbps(); got != 20 {
		t.Fatalf("CapacityMbps() at 75%% load = %v, want 80 x 0.25 = 20", got)
	}
	mbps := sinkMbps(t, s, 2, 640<<10)
	if mbps > 20*1.25 || mbps < 20*0.5 {
		t.Fatalf("sink at 80 Mbps x (1 - 0.75) moved %.1f Mbps, want about 20", mbps)
	}
	if u := s.Utilization(); u < 0.75 || u > 1 {
		t.Fatalf("virtual utilisation at 75%% load = %v, want at least 0.75", u)
	}
	if u := s.util.Utilization(); u > 0.5 {
		t.Fatalf("measured utilisation %v: virtual load must not spin", u)
	}
	_, body := get(t, "http://"+s.Addrs().Admin.String()+"/metrics")
	if !strings.Contains(body, "hvlb_nf_capacity_mbps 20") {
		t.Errorf("metrics lack hvlb_nf_capacity_mbps 20:\n%s", body)
	}
	// Back to no load: the full capacity again.
	if _, err := s.Update(context.Background(), Patch{CPULoadPct: ptr(0)}); err != nil {
		t.Fatalf("Update: %v", err)
	}
	if got, u := s.CapacityMbps(), s.Utilization(); got != 80 || u > 0.5 {
		t.Fatalf("after load 0: capacity %v (want 80), utilisation %v", got, u)
	}
}

func TestNoCapacityIsUnlimited(t *testing.T) {
	s := startCapServer(t, 0, "", Settings{CPULoadPct: 50})
	if got := s.CapacityMbps(); got != 0 {
		t.Fatalf("CapacityMbps() = %v, want 0 (unlimited)", got)
	}
	// Well above any capacity the other tests use, even on a busy machine.
	if mbps := sinkMbps(t, s, 2, 8<<20); mbps < 200 {
		t.Fatalf("unlimited sink moved only %.1f Mbps", mbps)
	}
}

func TestCapacityConfigErrors(t *testing.T) {
	for _, tt := range []struct {
		cfg  Config
		want string
	}{
		{Config{Name: "x", CapacityMbps: -1}, "capacity"},
		{Config{Name: "x", CPULoadMode: "burn"}, "cpu load mode"},
	} {
		if _, err := New(tt.cfg); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("New(%+v) = %v, want error with %q", tt.cfg, err, tt.want)
		}
	}
}
