package ctlsrv

import (
	"context"
	"io"
	"path/filepath"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"

	"hvlb/internal/certs"
	"hvlb/internal/pb/ctlpb"
)

// register, watch, report and open the query stream as forwarder id; each returns the
// call's error.
func asForwarder(ctx context.Context, c ctlpb.AgentServiceClient, id string) map[string]error {
	out := map[string]error{}
	_, out["register"] = c.Register(ctx, &ctlpb.RegisterRequest{Forwarder: &ctlpb.ForwarderInfo{Id: id}})
	w, err := c.WatchDesired(ctx, &ctlpb.WatchRequest{ForwarderId: id})
	if err == nil {
		_, err = w.Recv()
	}
	out["watch"] = err
	r, err := c.Report(ctx)
	if err == nil {
		if err = r.Send(&ctlpb.AgentReport{ForwarderId: id, State: "ready"}); err == nil || err == io.EOF {
			_, err = r.CloseAndRecv()
		}
	}
	out["report"] = err
	q, err := c.Query(ctx)
	if err == nil {
		if err = q.Send(&ctlpb.FwdAnswer{ForwarderId: id}); err == nil {
			q.CloseSend()
			if _, err = q.Recv(); err == io.EOF {
				err = nil // taken, then ended with the agent's close
			}
		}
	}
	out["query"] = err
	return out
}

// TestAgentIdentity: an agent acts only for the forwarder its certificate names.
func TestAgentIdentity(t *testing.T) {
	dir := t.TempDir()
	if err := certs.Generate(dir, certs.Options{Agents: []string{"fwd-a", "fwd-b"}}); err != nil {
		t.Fatal(err)
	}
	p := func(f string) string { return filepath.Join(dir, f) }
	serverTLS, err := certs.ServerTLS(p(certs.ControllerFile), p(certs.ControllerKeyFile), p(certs.CAFile))
	if err != nil {
		t.Fatal(err)
	}
	_, _, mtls := serve(t, serverTLS, false)
	withCert := func(cert, key string) credentials.TransportCredentials {
		cfg, err := certs.ClientTLS(p(certs.CAFile), p(cert), p(key))
		if err != nil {
			t.Fatal(err)
		}
		cfg.ServerName = "localhost"
		return credentials.NewTLS(cfg)
	}
	_, _, plain := serve(t, nil, false)
	_, _, dev := serve(t, nil, true)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()

	aCert, aKey := certs.AgentFiles("fwd-a")
	bCert, bKey := certs.AgentFiles("fwd-b")
	tests := []struct {
		name   string
		client ctlpb.AgentServiceClient
		id     string
		want   codes.Code
	}{
		{"fwd-a's certificate as fwd-a", mtls(withCert(aCert, aKey)), "fwd-a", codes.OK},
		{"fwd-a's certificate as fwd-b", mtls(withCert(aCert, aKey)), "fwd-b", codes.PermissionDenied},
		{"fwd-b's certificate as fwd-b", mtls(withCert(bCert, bKey)), "fwd-b", codes.OK},
		{"hvlbctl's certificate", mtls(withCert(certs.CtlFile, certs.CtlKeyFile)), "fwd-a", codes.PermissionDenied},
		{"the controller's certificate", mtls(withCert(certs.ControllerFile, certs.ControllerKeyFile)), "fwd-a", codes.PermissionDenied},
		{"no certificate, anonymous agents not allowed", plain(insecure.NewCredentials()), "fwd-a", codes.Unauthenticated},
		{"no certificate, --insecure-dev", dev(insecure.NewCredentials()), "fwd-a", codes.OK},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for op, err := range asForwarder(ctx, tc.client, tc.id) {
				if got := status.Code(err); got != tc.want {
					t.Errorf("%s: %v, want %v", op, err, tc.want)
				}
			}
		})
	}

	// A report stream cannot switch forwarders after its first report either.
	r, err := mtls(withCert(aCert, aKey)).Report(ctx)
	if err != nil {
		t.Fatal(err)
	}
	r.Send(&ctlpb.AgentReport{ForwarderId: "fwd-a", State: "ready"})
	r.Send(&ctlpb.AgentReport{ForwarderId: "fwd-b", State: "ready"})
	if _, err := r.CloseAndRecv(); status.Code(err) != codes.InvalidArgument {
		t.Errorf("switching forwarders on a stream: %v", err)
	}
}
