// Package ctlsrv is the controller's gRPC service for agents (hvlb.ctl.v1.AgentService):
// registration, the versioned desired-state stream and the report stream. It translates
// between gRPC and the controller runtime, and checks that each agent acts only for the
// forwarder its client certificate names.
package ctlsrv

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"io"
	"log/slog"
	"sync"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/keepalive"
	"google.golang.org/grpc/peer"
	"google.golang.org/grpc/status"

	"hvlb/internal/certs"
	"hvlb/internal/controller"
	"hvlb/internal/model"
	"hvlb/internal/pb/ctlpb"
	"hvlb/internal/store"
)

// Server implements ctlpb.AgentServiceServer.
type Server struct {
	ctlpb.UnimplementedAgentServiceServer
	c        *controller.Controller
	log      *slog.Logger
	stop     chan struct{}
	stopOnce sync.Once
	anon     bool // agents without a client certificate may act for any forwarder
}

// New returns the service over controller c.
func New(c *controller.Controller, log *slog.Logger) *Server {
	if log == nil {
		log = slog.Default()
	}
	return &Server{c: c, log: log, stop: make(chan struct{})}
}

// AllowAnonymousAgents lets agents that present no client certificate (plaintext, or TLS
// without client certificates: --insecure-dev) act for any forwarder. Call it before
// serving. An agent that presents a certificate is still held to the forwarder it names.
func (s *Server) AllowAnonymousAgents() { s.anon = true }

// authorize checks that the agent on ctx may act for forwarder id: its verified client
// certificate must name id (certs.AgentID: CN hvlb-agent:<id>, URI SAN
// urn:hvlb:agent:<id>). Other certificates the CA signed (hvlbctl's, the controller's)
// name no forwarder and are refused.
func (s *Server) authorize(ctx context.Context, id string) error {
	var leaf *x509.Certificate
	var from string
	if p, ok := peer.FromContext(ctx); ok {
		from = p.Addr.String()
		if ti, ok := p.AuthInfo.(credentials.TLSInfo); ok && len(ti.State.VerifiedChains) > 0 &&
			len(ti.State.VerifiedChains[0]) > 0 {
			leaf = ti.State.VerifiedChains[0][0]
		}
	}
	if leaf == nil {
		if s.anon {
			return nil
		}
		s.log.Warn("agent refused: no verified client certificate", "forwarder", id, "from", from)
		return status.Error(codes.Unauthenticated, "no verified client certificate: an agent needs its forwarder's (hvlbctl certs init --agent ID)")
	}
	named, err := certs.AgentID(leaf)
	if err != nil {
		s.log.Warn("agent refused", "forwarder", id, "from", from, "err", err)
		return status.Errorf(codes.PermissionDenied, "%v: not an agent certificate (hvlbctl certs init --agent ID)", err)
	}
	if named != id {
		s.log.Warn("agent refused: certificate of another forwarder", "forwarder", id, "certificate_of", named, "from", from)
		return status.Errorf(codes.PermissionDenied, "forwarder %q: the client certificate is forwarder %q's", id, named)
	}
	return nil
}

// Shutdown ends every open stream with Unavailable, so that a graceful stop of the gRPC
// server need not wait for agents to hang up; agents reconnect to the next controller.
func (s *Server) Shutdown() { s.stopOnce.Do(func() { close(s.stop) }) }

var errShutdown = status.Error(codes.Unavailable, "controller shutting down")

// NewGRPCServer returns a gRPC server with the service registered. With a TLS config
// (which should require client certificates) it serves mutual TLS; with nil, plaintext
// (development only). Keepalives find dead agents' streams (an agent's host that vanished
// without resetting its connections) within 15 s. The standard health service answers the
// agents' liveness probes (agent.Config.ControllerTimeout): a controller that stops
// answering it (stopped, hung, its host gone) loses its agents to the next controller.
func NewGRPCServer(tlsCfg *tls.Config, srv *Server) *grpc.Server {
	opts := []grpc.ServerOption{
		grpc.KeepaliveParams(keepalive.ServerParameters{Time: 10 * time.Second, Timeout: 5 * time.Second}),
		grpc.KeepaliveEnforcementPolicy(keepalive.EnforcementPolicy{MinTime: 5 * time.Second, PermitWithoutStream: true}),
	}
	if tlsCfg != nil {
		opts = append(opts, grpc.Creds(credentials.NewTLS(tlsCfg)))
	}
	g := grpc.NewServer(opts...)
	ctlpb.RegisterAgentServiceServer(g, srv)
	healthpb.RegisterHealthServer(g, health.NewServer())
	return g
}

// toStatus maps controller and store errors to gRPC codes.
func toStatus(err error) error {
	var fe *model.FieldError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &fe):
		return status.Error(codes.InvalidArgument, err.Error())
	case errors.Is(err, store.ErrNotFound):
		return status.Error(codes.NotFound, err.Error())
	case errors.Is(err, controller.ErrStopped):
		return status.Error(codes.Unavailable, err.Error())
	case errors.Is(err, store.ErrUnavailable):
		return status.Error(codes.Unavailable, err.Error())
	case errors.Is(err, controller.ErrSessionReplaced):
		return status.Error(codes.Aborted, err.Error())
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return status.FromContextError(err).Err()
	}
	return status.Error(codes.Internal, err.Error())
}

// Register records the agent's forwarder.
func (s *Server) Register(ctx context.Context, req *ctlpb.RegisterRequest) (*ctlpb.RegisterReply, error) {
	if req.GetForwarder() == nil {
		return nil, status.Error(codes.InvalidArgument, "forwarder: required")
	}
	if err := s.authorize(ctx, req.GetForwarder().GetId()); err != nil {
		return nil, err
	}
	v, err := s.c.Register(ctx, controller.FromInfo(req.GetForwarder()))
	if err != nil {
		return nil, toStatus(err)
	}
	return &ctlpb.RegisterReply{DesiredVersion: v}, nil
}

// WatchDesired sends the forwarder's desired state at once (unless the agent already has
// this version) and again after every change, until the agent goes away.
func (s *Server) WatchDesired(req *ctlpb.WatchRequest, stream grpc.ServerStreamingServer[ctlpb.DesiredState]) error {
	ctx := stream.Context()
	id := req.GetForwarderId()
	if err := model.ValidName("forwarder_id", id); err != nil {
		return toStatus(err)
	}
	if err := s.authorize(ctx, id); err != nil {
		return err
	}
	if err := s.c.WatchStarted(ctx, id); err != nil {
		return toStatus(err)
	}
	defer s.c.WatchEnded(id)
	known, knownEpoch := req.GetKnownVersion(), uint64(0)
	s.log.Info("agent watching desired state", "forwarder", id, "known_version", known)
	for {
		ds, changed, err := s.c.DesiredState(id)
		if err != nil {
			return toStatus(err)
		}
		// Not "newer than": a controller started on another store may be behind the
		// agent, and the agent must still converge on what this controller says (or
		// refuse it: the agent decides, by the store's epoch and version).
		if ds.GetVersion() != known || knownEpoch != 0 && ds.GetStoreEpoch() != knownEpoch {
			if err := stream.Send(ds); err != nil {
				return err
			}
			known, knownEpoch = ds.GetVersion(), ds.GetStoreEpoch()
		}
		select {
		case <-ctx.Done():
			return nil
		case <-s.stop:
			return errShutdown
		case <-changed:
		}
	}
}

// Report records the agent's reports until it closes the stream.
func (s *Server) Report(stream grpc.ClientStreamingServer[ctlpb.AgentReport, ctlpb.ReportAck]) error {
	ctx := stream.Context()
	type recv struct {
		rep *ctlpb.AgentReport
		err error
	}
	// Receive in a goroutine so that Shutdown can end the stream; the goroutine ends with
	// the stream, whose context is cancelled once this handler returns.
	ch := make(chan recv)
	go func() {
		for {
			rep, err := stream.Recv()
			select {
			case ch <- recv{rep, err}:
			case <-ctx.Done():
				return
			}
			if err != nil {
				return
			}
		}
	}()
	var id string
	for {
		var r recv
		select {
		case <-s.stop:
			return errShutdown
		case r = <-ch:
		}
		if errors.Is(r.err, io.EOF) {
			return stream.SendAndClose(&ctlpb.ReportAck{})
		}
		if r.err != nil {
			return r.err
		}
		if id == "" {
			if err := s.authorize(ctx, r.rep.GetForwarderId()); err != nil {
				return err
			}
			id = r.rep.GetForwarderId()
		} else if r.rep.GetForwarderId() != id {
			return status.Errorf(codes.InvalidArgument, "forwarder_id: %q on a stream of %q", r.rep.GetForwarderId(), id)
		}
		if err := s.c.RecordReport(ctx, r.rep); err != nil {
			return toStatus(err)
		}
	}
}

// Query holds an agent's Query stream for the controller's questions to its forwarder
// (fwdquery.Hub): the agent's first message names its forwarder, authorised as a report's.
func (s *Server) Query(stream grpc.BidiStreamingServer[ctlpb.FwdAnswer, ctlpb.FwdQuery]) error {
	ctx, cancel := context.WithCancel(stream.Context())
	defer cancel()
	hello, err := stream.Recv()
	if err != nil {
		return err
	}
	id := hello.GetForwarderId()
	if err := model.ValidName("forwarder_id", id); err != nil {
		return toStatus(err)
	}
	if err := s.authorize(ctx, id); err != nil {
		return err
	}
	go func() {
		select {
		case <-s.stop:
			cancel()
		case <-ctx.Done():
		}
	}()
	err = s.c.Queries().Serve(ctx, id, stream)
	if errors.Is(err, io.EOF) {
		return nil // the agent closed it
	}
	if ctx.Err() != nil {
		select {
		case <-s.stop:
			return errShutdown
		default:
			return nil
		}
	}
	return err
}
