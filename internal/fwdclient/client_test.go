package fwdclient_test

import (
	"context"
	"encoding/binary"
	"errors"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"google.golang.org/protobuf/proto"

	"hvlb/internal/fwdclient"
	"hvlb/internal/fwdclient/fwdtest"
	"hvlb/internal/pb/fwdpb"
)

func u32(v uint32) *uint32 { return &v }

// TestOps runs every op, in order, against the fake forwarder: each step's error (errno or
// none) is what the forwarder answers.
func TestOps(t *testing.T) {
	f := fwdtest.New(t)
	c := fwdclient.New(f.Path)
	defer c.Close()
	ctx := context.Background()
	web := fwdclient.ServiceID("tcp", "10.100.0.1", 80)
	steps := []struct {
		name    string
		do      func() error
		wantErr syscall.Errno
		wantMsg string
	}{
		{"add service", func() error {
			return c.AddService(ctx, &fwdpb.VirtualService{Id: web, RealServices: []*fwdpb.RealService{
				{Address: "10.1.0.11", Port: 8080, Weight: 100, Health: 1}}})
		}, 0, ""},
		{"add service again", func() error { return c.AddService(ctx, &fwdpb.VirtualService{Id: web}) },
			syscall.EEXIST, "already exists"},
		{"update service", func() error { return c.UpdateService(ctx, &fwdpb.UpdateService{Id: web, Scheduler: "rr"}) }, 0, ""},
		{"update service, nothing", func() error { return c.UpdateService(ctx, &fwdpb.UpdateService{Id: web}) },
			syscall.EINVAL, "neither mode, scheduler"},
		{"update service, down_conns", func() error {
			return c.UpdateService(ctx, &fwdpb.UpdateService{Id: web, DownConns: "reschedule", AllDown: "keep_last"})
		}, 0, ""},
		{"update service, bad all_down", func() error {
			return c.UpdateService(ctx, &fwdpb.UpdateService{Id: web, AllDown: "keep"})
		}, syscall.EINVAL, "update_service.all_down"},
		{"set conn rate limit", func() error {
			return c.UpdateService(ctx, &fwdpb.UpdateService{Id: web, SetConnRateLimit: true, ConnRateLimit: 1000})
		}, 0, ""},
		{"add real", func() error {
			return c.AddReal(ctx, web, &fwdpb.RealService{Address: "10.1.0.12", Port: 8080, Weight: 50, Health: 1})
		}, 0, ""},
		{"update real", func() error {
			return c.UpdateReal(ctx, web, "10.1.0.12", 8080, fwdclient.RealUpdate{Weight: u32(7), Health: u32(0)})
		}, 0, ""},
		{"update real, conn limit", func() error {
			return c.UpdateReal(ctx, web, "10.1.0.12", 8080, fwdclient.RealUpdate{ConnLimit: u32(50)})
		}, 0, ""},
		{"update real, bad health", func() error {
			return c.UpdateReal(ctx, web, "10.1.0.12", 8080, fwdclient.RealUpdate{Health: u32(2)})
		}, syscall.EINVAL, "update_real.health"},
		{"update missing real", func() error {
			return c.UpdateReal(ctx, web, "10.1.0.99", 8080, fwdclient.RealUpdate{Weight: u32(1)})
		}, syscall.ENOENT, "has no real"},
		{"remove real", func() error { return c.RemoveReal(ctx, web, "10.1.0.11", 8080, false) }, 0, ""},
		{"list services", func() error {
			l, err := c.ListServices(ctx)
			if err != nil {
				return err
			}
			if len(l) != 1 || len(l[0].GetRealServices()) != 1 || l[0].GetScheduler() != "rr" ||
				l[0].GetDownConns() != "reschedule" || l[0].GetAllDown() != "keep_last" ||
				l[0].GetConnRateLimit() != 1000 || l[0].GetRealServices()[0].GetConnLimit() != 50 ||
				l[0].GetRealServices()[0].GetWeight() != 7 || l[0].GetRealServices()[0].GetHealth() != 0 {
				t.Errorf("list services: %v", l)
			}
			return nil
		}, 0, ""},
		{"stats", func() error {
			s, err := c.GetStats(ctx)
			if err == nil && (len(s.GetWorkers()) != 2 || s.GetConfigVersion() == 0) {
				t.Errorf("stats: %v", s)
			}
			return err
		}, 0, ""},
		{"routes", func() error {
			if err := c.SetRoute(ctx, &fwdpb.Route{Prefix: "0.0.0.0/0", Via: "10.9.0.1"}); err != nil {
				return err
			}
			if _, err := c.ListRoutes(ctx); err != nil {
				return err
			}
			return c.DeleteRoute(ctx, "0.0.0.0/0")
		}, 0, ""},
		{"neighbours", func() error {
			if err := c.SetNeighbor(ctx, &fwdpb.Neighbor{Address: "10.1.0.11", Mac: "02:00:00:00:01:11"}); err != nil {
				return err
			}
			_, err := c.ListNeighbors(ctx)
			return err
		}, 0, ""},
		{"timeouts", func() error { return c.SetTimeouts(ctx, &fwdpb.Timeouts{Udp: 60}) }, 0, ""},
		{"remove service", func() error { return c.RemoveService(ctx, web, false) }, 0, ""},
		{"remove service again", func() error { return c.RemoveService(ctx, web, true) }, syscall.ENOENT, "no service"},
	}
	for _, s := range steps {
		err := s.do()
		if s.wantErr == 0 {
			if err != nil {
				t.Fatalf("%s: %v", s.name, err)
			}
			continue
		}
		var fe *fwdclient.Error
		if !errors.As(err, &fe) || !errors.Is(err, s.wantErr) {
			t.Fatalf("%s: error %v, want errno %d", s.name, err, s.wantErr)
		}
		if !strings.Contains(err.Error(), s.wantMsg) {
			t.Fatalf("%s: error %q does not carry %q", s.name, err, s.wantMsg)
		}
	}
}

func TestConnectionsPaged(t *testing.T) {
	f := fwdtest.New(t)
	var conns []*fwdpb.Connection
	for i := 0; i < 2500; i++ {
		conns = append(conns, &fwdpb.Connection{Protocol: "tcp", AgeS: uint32(i)})
	}
	f.SetConnections(conns)
	c := fwdclient.New(f.Path)
	defer c.Close()
	for _, max := range []int{1, 999, 1000, 1001, 2500, 4000} {
		got, err := c.Connections(context.Background(), max, nil)
		if err != nil {
			t.Fatal(err)
		}
		want := min(max, 2500)
		if len(got) != want || got[len(got)-1].GetAgeS() != uint32(want-1) {
			t.Errorf("max %d: %d connections, want %d", max, len(got), want)
		}
	}
}

// GetSteering: the default read-out, the overrides cut to the limit with overrides_total
// counting them all, the dispatch stage's figures, and a forwarder that does not know the
// request (EINVAL).
func TestGetSteering(t *testing.T) {
	f := fwdtest.New(t)
	c := fwdclient.New(f.Path)
	defer c.Close()
	ctx := context.Background()
	s, err := c.GetSteering(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.GetPorts()) != 2 || len(s.GetWorkers()) != 2 || s.GetRssa().GetEnabled() || s.GetOverridesTotal() != 0 ||
		s.GetDispatch() == nil || s.GetDispatch().GetEnabled() {
		t.Errorf("default steering: %v", s)
	}
	disp := &fwdpb.DispatchStage{Enabled: true, Stages: 2, Lcore: 1, RxQueues: 2, RxPackets: 100, RawPackets: 3,
		SteeredPackets: 5, FullDrops: 1, BusySeconds: 0.25, Fences: 4, FenceHeld: 20, FenceEarly: 1}
	set := &fwdpb.Steering{Rssa: &fwdpb.RssaConfig{Enabled: true, Q: 0.9}, FlowsMoved: 7, Dispatch: disp}
	for i := 0; i < 150; i++ {
		set.Overrides = append(set.Overrides, &fwdpb.SteerOverride{Protocol: "tcp", Worker: 1, AgeS: uint32(i)})
	}
	f.SetSteering(set)
	for _, tc := range []struct{ limit, want uint32 }{{0, 100}, {10, 10}, {150, 150}, {5000, 150}} {
		s, err := c.GetSteering(ctx, tc.limit)
		if err != nil {
			t.Fatal(err)
		}
		if uint32(len(s.GetOverrides())) != tc.want || s.GetOverridesTotal() != 150 ||
			!s.GetRssa().GetEnabled() || s.GetFlowsMoved() != 7 {
			t.Errorf("limit %d: %d overrides of %d, want %d of 150 (%v)", tc.limit, len(s.GetOverrides()),
				s.GetOverridesTotal(), tc.want, s.GetRssa())
		}
		if !proto.Equal(s.GetDispatch(), disp) {
			t.Errorf("limit %d: dispatch %v, want %v", tc.limit, s.GetDispatch(), disp)
		}
	}
	f.FailNext("get_steering", syscall.EINVAL)
	if _, err := c.GetSteering(ctx, 100); !errors.Is(err, syscall.EINVAL) {
		t.Errorf("refused: error %v, want EINVAL", err)
	}
}

// A forwarder that goes away and comes back (wiped) is reconnected to on the next call,
// and Resets says so.
func TestReconnect(t *testing.T) {
	f := fwdtest.New(t)
	c := fwdclient.New(f.Path)
	defer c.Close()
	ctx := context.Background()
	web := fwdclient.ServiceID("udp", "10.100.0.2", 53)
	if err := c.AddService(ctx, &fwdpb.VirtualService{Id: web}); err != nil {
		t.Fatal(err)
	}
	select {
	case <-c.Resets():
		t.Fatal("reset on the first connection")
	default:
	}
	f.Stop()
	if _, err := c.GetStats(ctx); err == nil {
		t.Fatal("call with the forwarder stopped succeeded")
	}
	if err := f.Restart(); err != nil {
		t.Fatal(err)
	}
	l, err := c.ListServices(ctx)
	if err != nil {
		t.Fatalf("after restart: %v", err)
	}
	if len(l) != 0 {
		t.Fatalf("after restart: %d services", len(l))
	}
	select {
	case <-c.Resets():
	default:
		t.Fatal("no reset after reconnecting")
	}
}

// The connection stays open while the forwarder restarts: the first call after it writes
// to a dead socket and is retried on a new one.
func TestReconnectStaleConnection(t *testing.T) {
	f := fwdtest.New(t)
	c := fwdclient.New(f.Path)
	defer c.Close()
	ctx := context.Background()
	if _, err := c.GetStats(ctx); err != nil {
		t.Fatal(err)
	}
	if err := f.Restart(); err != nil {
		t.Fatal(err)
	}
	// The fake's Stop has closed our connection's peer; give the close a moment to land.
	time.Sleep(10 * time.Millisecond)
	var err error
	for i := 0; i < 2; i++ {
		if _, err = c.GetStats(ctx); err == nil {
			break
		}
	}
	if err != nil {
		t.Fatal(err)
	}
}

// rawServer answers each request with what reply makes of it.
func rawServer(t *testing.T, reply func(req *fwdpb.Request) []byte) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "fwd")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "s")
	ln, err := net.Listen("unix", path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close(); os.RemoveAll(dir) })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				for {
					var hdr [4]byte
					if _, err := io.ReadFull(c, hdr[:]); err != nil {
						return
					}
					body := make([]byte, binary.BigEndian.Uint32(hdr[:]))
					if _, err := io.ReadFull(c, body); err != nil {
						return
					}
					req := &fwdpb.Request{}
					if err := proto.Unmarshal(body, req); err != nil {
						return
					}
					out := reply(req)
					if out == nil {
						time.Sleep(time.Hour)
					}
					// Less than a length prefix: the server hangs up after it.
					if _, err := c.Write(out); err != nil || len(out) < 4 {
						return
					}
				}
			}()
		}
	}()
	return path
}

func frame(m proto.Message) []byte {
	b, _ := proto.Marshal(m)
	return append(binary.BigEndian.AppendUint32(nil, uint32(len(b))), b...)
}

func TestFraming(t *testing.T) {
	tests := []struct {
		name    string
		reply   func(req *fwdpb.Request) []byte
		timeout time.Duration
		wantErr string
	}{
		{"good", func(req *fwdpb.Request) []byte { return frame(&fwdpb.Response{Id: req.GetId()}) }, 0, ""},
		{"wrong id", func(req *fwdpb.Request) []byte { return frame(&fwdpb.Response{Id: req.GetId() + 1}) },
			0, "framing lost"},
		{"huge length", func(*fwdpb.Request) []byte { return []byte{0xff, 0xff, 0xff, 0xff} }, 0, "framing lost"},
		{"closed", func(*fwdpb.Request) []byte { return []byte{0, 0} }, 0, "closed the connection"},
		{"not a message", func(*fwdpb.Request) []byte { return []byte{0, 0, 0, 2, 0xff, 0xff} }, 0, "decode"},
		{"no answer", func(*fwdpb.Request) []byte { return nil }, 100 * time.Millisecond, "deadline exceeded"},
		{"status", func(req *fwdpb.Request) []byte {
			return frame(&fwdpb.Response{Id: req.GetId(), Status: int32(syscall.ENOSPC), Error: "add_real: full"})
		}, 0, "add_real: full"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := fwdclient.New(rawServer(t, tt.reply))
			defer c.Close()
			ctx := context.Background()
			if tt.timeout > 0 {
				var cancel context.CancelFunc
				ctx, cancel = context.WithTimeout(ctx, tt.timeout)
				defer cancel()
			}
			_, err := c.GetStats(ctx)
			if tt.wantErr == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("error %v, want %q", err, tt.wantErr)
			}
		})
	}
}

// Request ids go up by one per call on a connection.
func TestRequestIDs(t *testing.T) {
	var mu sync.Mutex
	var ids []uint64
	c := fwdclient.New(rawServer(t, func(req *fwdpb.Request) []byte {
		mu.Lock()
		defer mu.Unlock()
		ids = append(ids, req.GetId())
		return frame(&fwdpb.Response{Id: req.GetId()})
	}))
	defer c.Close()
	for i := 0; i < 3; i++ {
		if _, err := c.ListRoutes(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if len(ids) != 3 || ids[0] != 1 || ids[1] != 2 || ids[2] != 3 {
		t.Fatalf("ids %v", ids)
	}
}

// A config_version that goes backwards on the same connection means a forwarder that
// lost its configuration: Resets says so.
func TestResetOnVersionBackwards(t *testing.T) {
	var mu sync.Mutex
	versions := []uint64{5, 6, 2}
	c := fwdclient.New(rawServer(t, func(req *fwdpb.Request) []byte {
		mu.Lock()
		defer mu.Unlock()
		v := versions[0]
		versions = versions[1:]
		return frame(&fwdpb.Response{Id: req.GetId(), ConfigVersion: v})
	}))
	defer c.Close()
	for i, wantReset := range []bool{false, false, true} {
		if _, err := c.GetStats(context.Background()); err != nil {
			t.Fatal(err)
		}
		select {
		case <-c.Resets():
			if !wantReset {
				t.Fatalf("call %d: reset", i)
			}
		default:
			if wantReset {
				t.Fatalf("call %d: no reset", i)
			}
		}
	}
	if c.ConfigVersion() != 2 {
		t.Errorf("config version %d", c.ConfigVersion())
	}
}

// SetSync / GetSync: a setting is kept and read back with its peers, off without peers, and
// refused with the field named (the fake checks what the forwarder checks first).
func TestSync(t *testing.T) {
	ctx := context.Background()
	f := fwdtest.New(t)
	c := fwdclient.New(f.Path)
	defer c.Close()
	key := []byte("0123456789abcdef0123")
	cfg := &fwdpb.SyncConfig{Id: 1, Listen: "10.0.99.1:8472", Key: key,
		Peers: []string{"10.0.99.2:8472", "10.0.99.3:8472"}}
	if err := c.SetSync(ctx, cfg); err != nil {
		t.Fatal(err)
	}
	st, err := c.GetSync(ctx)
	if err != nil || st.State != "ready" || len(st.Peers) != 2 || st.Peers[1].Address != "10.0.99.3:8472" {
		t.Fatalf("GetSync = %v, %v", st, err)
	}
	f.SetSyncState("syncing")
	if st, _ := c.GetSync(ctx); st.State != "syncing" {
		t.Fatalf("state %q, want syncing", st.State)
	}
	err = c.SetSync(ctx, &fwdpb.SyncConfig{Id: 1, Listen: "10.0.99.1:8472", Key: key[:8]})
	if !errors.Is(err, syscall.EINVAL) || !strings.Contains(err.Error(), "set_sync.config.key") {
		t.Fatalf("short key: %v", err)
	}
	err = c.SetSync(ctx, &fwdpb.SyncConfig{Id: 1, Listen: "10.0.99.1:8472", Key: key[:], Replicas: 3})
	if !errors.Is(err, syscall.EINVAL) || !strings.Contains(err.Error(), "set_sync.config.replicas") {
		t.Fatalf("3 replicas: %v", err)
	}
	if err := c.SetSync(ctx, &fwdpb.SyncConfig{}); err != nil {
		t.Fatal(err)
	}
	if st, _ := c.GetSync(ctx); st.State != "off" || f.Sync() != nil {
		t.Fatalf("off: %v", st)
	}
}
