package ctlsrv

import (
	"context"
	"crypto/tls"
	"log/slog"
	"net"
	"path/filepath"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"
	"google.golang.org/grpc/test/bufconn"

	"hvlb/internal/controller"
	"hvlb/internal/model"
	"hvlb/internal/pb/ctlpb"
	"hvlb/internal/store"
)

// newService serves the agent service over an in-memory connection (TLS is the
// end-to-end test's business) and returns a client.
func newService(t *testing.T) (ctlpb.AgentServiceClient, *Server, *controller.Controller) {
	t.Helper()
	srv, c, dial := serve(t, nil, true)
	return dial(insecure.NewCredentials()), srv, c
}

// serve serves the agent service over an in-memory connection with serverTLS (nil:
// plaintext), anonymous agents allowed when anon, and returns a dialer of clients with
// the given credentials.
func serve(t *testing.T, serverTLS *tls.Config, anon bool) (*Server, *controller.Controller,
	func(credentials.TransportCredentials) ctlpb.AgentServiceClient) {
	t.Helper()
	st, err := store.Open(filepath.Join(t.TempDir(), "c.db"))
	if err != nil {
		t.Fatal(err)
	}
	quiet := slog.New(slog.DiscardHandler)
	c, err := controller.New(controller.Config{Store: st, Log: quiet})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	ctlDone := make(chan struct{})
	go func() { c.Run(ctx); close(ctlDone) }()
	srv := New(c, quiet)
	if anon {
		srv.AllowAnonymousAgents()
	}
	g := NewGRPCServer(serverTLS, srv)
	ln := bufconn.Listen(1 << 20)
	go g.Serve(ln)
	var conns []*grpc.ClientConn
	t.Cleanup(func() {
		for _, cc := range conns {
			cc.Close()
		}
		srv.Shutdown()
		g.Stop()
		cancel()
		<-ctlDone
		st.Close()
	})
	return srv, c, func(creds credentials.TransportCredentials) ctlpb.AgentServiceClient {
		conn, err := grpc.NewClient("passthrough:///bufnet",
			grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) { return ln.DialContext(ctx) }),
			grpc.WithTransportCredentials(creds))
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, conn)
		return ctlpb.NewAgentServiceClient(conn)
	}
}

func TestErrors(t *testing.T) {
	client, _, _ := newService(t)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	steps := []struct {
		name string
		do   func() error
		want codes.Code
	}{
		{"register nothing", func() error { _, err := client.Register(ctx, &ctlpb.RegisterRequest{}); return err }, codes.InvalidArgument},
		{"register bad id", func() error {
			_, err := client.Register(ctx, &ctlpb.RegisterRequest{Forwarder: &ctlpb.ForwarderInfo{Id: "a/b"}})
			return err
		}, codes.InvalidArgument},
		{"watch bad id", func() error {
			w, err := client.WatchDesired(ctx, &ctlpb.WatchRequest{ForwarderId: ""})
			if err == nil {
				_, err = w.Recv()
			}
			return err
		}, codes.InvalidArgument},
		{"report unregistered", func() error {
			r, err := client.Report(ctx)
			if err == nil {
				r.Send(&ctlpb.AgentReport{ForwarderId: "fwd-x"})
				_, err = r.CloseAndRecv()
			}
			return err
		}, codes.NotFound},
		{"register", func() error {
			_, err := client.Register(ctx, &ctlpb.RegisterRequest{Forwarder: &ctlpb.ForwarderInfo{Id: "fwd-a"}})
			return err
		}, codes.OK},
		{"report two ids on one stream", func() error {
			r, err := client.Report(ctx)
			if err == nil {
				r.Send(&ctlpb.AgentReport{ForwarderId: "fwd-a"})
				r.Send(&ctlpb.AgentReport{ForwarderId: "fwd-b"})
				_, err = r.CloseAndRecv()
			}
			return err
		}, codes.InvalidArgument},
		{"report bad state", func() error {
			r, err := client.Report(ctx)
			if err == nil {
				r.Send(&ctlpb.AgentReport{ForwarderId: "fwd-a", State: "asleep"})
				_, err = r.CloseAndRecv()
			}
			return err
		}, codes.InvalidArgument},
		{"reports", func() error {
			r, err := client.Report(ctx)
			if err == nil {
				r.Send(&ctlpb.AgentReport{ForwarderId: "fwd-a", State: "ready"})
				r.Send(&ctlpb.AgentReport{ForwarderId: "fwd-a", State: "ready"})
				_, err = r.CloseAndRecv()
			}
			return err
		}, codes.OK},
	}
	for _, st := range steps {
		if got := status.Code(st.do()); got != st.want {
			t.Fatalf("%s: %v, want %v", st.name, got, st.want)
		}
	}
}

// TestWatch: an agent that already has the current version gets nothing until a change;
// Shutdown ends the stream with Unavailable.
func TestWatch(t *testing.T) {
	client, srv, c := newService(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	reg, err := client.Register(ctx, &ctlpb.RegisterRequest{Forwarder: &ctlpb.ForwarderInfo{Id: "fwd-a"}})
	if err != nil {
		t.Fatal(err)
	}
	w, err := client.WatchDesired(ctx, &ctlpb.WatchRequest{ForwarderId: "fwd-a", KnownVersion: reg.GetDesiredVersion()})
	if err != nil {
		t.Fatal(err)
	}
	got := make(chan *ctlpb.DesiredState, 4)
	errc := make(chan error, 1)
	go func() {
		for {
			ds, err := w.Recv()
			if err != nil {
				errc <- err
				return
			}
			got <- ds
		}
	}()
	select {
	case ds := <-got:
		t.Fatalf("sent a version the agent has: %v", ds)
	case <-time.After(200 * time.Millisecond):
	}
	s := model.Service{Protocol: "udp", VIP: "10.0.0.1", Port: 53, Reals: []model.Real{{Address: "10.1.0.1", Port: 53, Weight: 1}}}
	if _, err := c.CreateService(ctx, s); err != nil {
		t.Fatal(err)
	}
	select {
	case ds := <-got:
		if ds.GetVersion() != reg.GetDesiredVersion()+1 || len(ds.GetServices()) != 1 {
			t.Fatalf("after a change: %v", ds)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no desired state after a change")
	}
	f, err := c.Forwarder(ctx, "fwd-a")
	if err != nil || !f.Connected {
		t.Fatalf("forwarder not shown as connected: %+v %v", f, err)
	}
	srv.Shutdown()
	select {
	case err := <-errc:
		if status.Code(err) != codes.Unavailable {
			t.Fatalf("after Shutdown: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("stream still open after Shutdown")
	}
}
