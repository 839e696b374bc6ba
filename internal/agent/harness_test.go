package agent

// The harness the agent's tests share: a minimal controller in process (fakeCtl) behind mTLS,
// agents started against it and a fake forwarder (fwdtest), an agent with no controller
// session (newTestAgent), and eventually, which waits for a condition.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"

	"hvlb/internal/certs"
	"hvlb/internal/fwdclient"
	"hvlb/internal/fwdclient/fwdtest"
	"hvlb/internal/health"
	"hvlb/internal/pb/ctlpb"
	"hvlb/internal/pb/fwdpb"
	"hvlb/internal/testport"
)

// fakeCtl is a minimal controller: it publishes desired states and records what agents
// register and report.
type fakeCtl struct {
	ctlpb.UnimplementedAgentServiceServer
	healthpb.UnimplementedHealthServer // but Check

	mu        sync.Mutex
	desired   *ctlpb.DesiredState
	changed   chan struct{} // closed on each publish
	registers []*ctlpb.ForwarderInfo
	reports   []*ctlpb.AgentReport
	probes    atomic.Int64 // liveness probes answered (grpc.health.v1 Check)
}

// Check answers the agent's liveness probe, counted.
func (f *fakeCtl) Check(context.Context, *healthpb.HealthCheckRequest) (*healthpb.HealthCheckResponse, error) {
	f.probes.Add(1)
	return &healthpb.HealthCheckResponse{Status: healthpb.HealthCheckResponse_SERVING}, nil
}

func newFakeCtl() *fakeCtl { return &fakeCtl{changed: make(chan struct{})} }

func (f *fakeCtl) publish(ds *ctlpb.DesiredState) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.desired = ds
	close(f.changed)
	f.changed = make(chan struct{})
}

func (f *fakeCtl) Register(_ context.Context, req *ctlpb.RegisterRequest) (*ctlpb.RegisterReply, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.registers = append(f.registers, req.GetForwarder())
	return &ctlpb.RegisterReply{DesiredVersion: f.desired.GetVersion()}, nil
}

func (f *fakeCtl) WatchDesired(req *ctlpb.WatchRequest, stream grpc.ServerStreamingServer[ctlpb.DesiredState]) error {
	sent := int64(-1)
	for {
		f.mu.Lock()
		ds, ch := f.desired, f.changed
		f.mu.Unlock()
		if ds != nil && int64(ds.GetVersion()) > sent {
			if err := stream.Send(ds); err != nil {
				return err
			}
			sent = int64(ds.GetVersion())
		}
		select {
		case <-ch:
		case <-stream.Context().Done():
			return nil
		}
	}
}

func (f *fakeCtl) Report(stream grpc.ClientStreamingServer[ctlpb.AgentReport, ctlpb.ReportAck]) error {
	for {
		r, err := stream.Recv()
		if errors.Is(err, io.EOF) {
			return stream.SendAndClose(&ctlpb.ReportAck{})
		}
		if err != nil {
			return err
		}
		f.mu.Lock()
		f.reports = append(f.reports, r)
		f.mu.Unlock()
	}
}

func (f *fakeCtl) lastReport() *ctlpb.AgentReport {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.reports) == 0 {
		return nil
	}
	return f.reports[len(f.reports)-1]
}

func (f *fakeCtl) healthChanges() []*ctlpb.HealthChange {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []*ctlpb.HealthChange
	for _, r := range f.reports {
		out = append(out, r.GetHealth()...)
	}
	return out
}

func (f *fakeCtl) registered() []*ctlpb.ForwarderInfo {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.registers)
}

// pki writes a CA and certificates (internal/certs) once per test.
func pki(t *testing.T) string {
	dir := t.TempDir()
	if err := certs.Generate(dir, certs.Options{Agents: []string{"fwd-a"}}); err != nil {
		t.Fatal(err)
	}
	return dir
}

// ctlServer is a controller's gRPC server listening on addr (mutual TLS with the
// certificates in dir), for the caller to register its services on and serve ln with.
func ctlServer(t *testing.T, dir, addr string) (*grpc.Server, net.Listener) {
	t.Helper()
	tlsCfg, err := certs.ServerTLS(filepath.Join(dir, certs.ControllerFile),
		filepath.Join(dir, certs.ControllerKeyFile), filepath.Join(dir, certs.CAFile))
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	return grpc.NewServer(grpc.Creds(credentials.NewTLS(tlsCfg))), ln
}

// serveCtl serves f on addr (mutual TLS with the certificates in dir) until stop.
func serveCtl(t *testing.T, dir, addr string, f *fakeCtl) (stop func()) {
	t.Helper()
	srv, ln := ctlServer(t, dir, addr)
	ctlpb.RegisterAgentServiceServer(srv, f)
	healthpb.RegisterHealthServer(srv, f)
	go srv.Serve(ln)
	var once sync.Once
	stop = func() { once.Do(srv.Stop) }
	t.Cleanup(stop)
	return stop
}

// freeAddr is a loopback address where nothing listens, for a server the test starts later.
func freeAddr(t *testing.T) string {
	t.Helper()
	addr, err := testport.TCP("127.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	return addr
}

type testLog struct{ t *testing.T }

func (w testLog) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimSpace(string(p)))
	return len(p), nil
}

// startAgent runs an agent for the forwarder at fwdSocket against the controller at addr until the test
// ends.
func startAgent(t *testing.T, dir, addr, fwdSocket string, opts ...func(*Config)) *Agent {
	t.Helper()
	a := newAgentWith(t, dir, addr, fwdSocket, opts...)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- a.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Run: %v", err)
		}
	})
	return a
}

// newAgentWith returns the agent startAgent runs, not started; its forwarder client is
// closed when the test ends.
func newAgentWith(t *testing.T, dir, addr, fwdSocket string, opts ...func(*Config)) *Agent {
	t.Helper()
	cert, key := certs.AgentFiles("fwd-a")
	tlsCfg, err := certs.ClientTLS(filepath.Join(dir, certs.CAFile), filepath.Join(dir, cert), filepath.Join(dir, key))
	if err != nil {
		t.Fatal(err)
	}
	fc := fwdclient.New(fwdSocket)
	cfg := Config{
		ID: "fwd-a", Controller: addr, TLS: tlsCfg, Forwarder: fc, Hostname: "host-a", Version: "test",
		ReportInterval: 100 * time.Millisecond, ResyncInterval: 200 * time.Millisecond,
		BackoffMin: 50 * time.Millisecond, BackoffMax: 200 * time.Millisecond,
		Logger: slog.New(slog.NewTextHandler(testLog{t}, &slog.HandlerOptions{Level: slog.LevelDebug})),
	}
	for _, o := range opts {
		o(&cfg)
	}
	a, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { fc.Close() })
	return a
}

// eventually polls cond until it holds or the time is up.
func eventually(t *testing.T, within time.Duration, what string, cond func() (bool, string)) {
	t.Helper()
	deadline := time.Now().Add(within)
	var last string
	for time.Now().Before(deadline) {
		var ok bool
		if ok, last = cond(); ok {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("%s: not within %v; last: %s", what, within, last)
}

// runs says the forwarder runs exactly want.
func runs(f *fwdtest.Forwarder, want []*fwdpb.VirtualService) func() (bool, string) {
	return func() (bool, string) {
		got := summary(f.Services())
		return slices.Equal(got, summary(want)), fmt.Sprintf("%q", got)
	}
}

func reportedVersion(c *fakeCtl, v uint64) func() (bool, string) {
	return func() (bool, string) {
		r := c.lastReport()
		return r.GetAppliedVersion() == v && r.GetStats() != nil, fmt.Sprintf("%v", r)
	}
}

// newTestAgent is an agent for the forwarder f with no controller session, whose
// apply and onTransition the test calls itself.
func newTestAgent(t *testing.T, f *fwdtest.Forwarder) *Agent {
	fc := fwdclient.New(f.Path)
	t.Cleanup(func() { fc.Close() })
	tr := make(chan health.Transition, 4)
	a := &Agent{cfg: Config{ApplyTimeout: time.Second}, log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		fc: fc, checks: health.NewSet(tr), transitions: tr, reportNow: make(chan struct{}, 1),
		targets: map[string]target{}, verdicts: map[string]verdict{}, seeded: map[string]bool{}}
	t.Cleanup(a.checks.Close)
	return a
}
