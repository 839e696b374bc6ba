package agent

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"google.golang.org/grpc"
	grpcbackoff "google.golang.org/grpc/backoff"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"hvlb/internal/logging"
	"hvlb/internal/pb/ctlpb"
	"hvlb/internal/pb/fwdpb"
)

// backoff is capped exponential back-off with jitter: each delay is drawn from
// [d/2, d] where d doubles from min to max, so agents that lost the controller together
// do not come back together.
type backoff struct {
	min, max, cur time.Duration
}

func (b *backoff) next() time.Duration {
	if b.cur == 0 {
		b.cur = b.min
	} else {
		b.cur = min(2*b.cur, b.max)
	}
	return b.cur/2 + rand.N(b.cur/2+1)
}

func (b *backoff) reset() { b.cur = 0 }

// dial makes a client connection to each controller of cfg.Controller (they connect
// lazily, and again by themselves after a failure, with back-off bounded like the agent's
// own).
func (a *Agent) dial() ([]*grpc.ClientConn, error) {
	bc := grpcbackoff.DefaultConfig
	bc.BaseDelay, bc.MaxDelay = a.cfg.BackoffMin, a.cfg.BackoffMax
	var conns []*grpc.ClientConn
	for _, addr := range a.controllers {
		conn, err := grpc.NewClient(addr,
			grpc.WithTransportCredentials(credentials.NewTLS(a.cfg.TLS)),
			grpc.WithConnectParams(grpc.ConnectParams{Backoff: bc, MinConnectTimeout: 10 * time.Second}))
		if err != nil {
			for _, c := range conns {
				c.Close()
			}
			return nil, fmt.Errorf("agent: controller %s: %w", addr, err)
		}
		conns = append(conns, conn)
	}
	return conns, nil
}

// controllerLoop runs sessions with the controllers until ctx ends, with back-off between
// them. Each session that ends moves to the next controller of the list (any controller
// of a group serves agents). Losing the controllers changes nothing at the forwarder.
func (a *Agent) controllerLoop(ctx context.Context) {
	bo := backoff{min: a.cfg.BackoffMin, max: a.cfg.BackoffMax}
	for attempt, i := 1, 0; ; attempt, i = attempt+1, (i+1)%len(a.conns) {
		addr := a.controllers[i]
		progressed, err := a.session(ctx, a.conns[i], addr)
		if ctx.Err() != nil {
			return
		}
		if progressed {
			bo.reset()
			attempt = 1
		}
		d := bo.next()
		next := a.controllers[(i+1)%len(a.conns)]
		a.log.Warn("controller session ended; the forwarder keeps its configuration",
			logging.ControllerAddr, addr, logging.Err, err, "attempt", attempt, "next", next, "retry_in", d.Round(time.Millisecond))
		select {
		case <-ctx.Done():
			return
		case <-time.After(d):
		}
	}
}

// session registers, then watches the desired state and streams reports until either
// fails. progressed says a desired state arrived (the controller works: back-off starts
// over).
func (a *Agent) session(ctx context.Context, conn grpc.ClientConnInterface, addr string) (progressed bool, err error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	client := ctlpb.NewAgentServiceClient(conn)
	// The liveness probe runs from the start: a controller that hangs in Register is left
	// as surely as one that hangs later.
	errc := make(chan error, 3)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		errc <- a.liveness(ctx, conn) // first, so that the session ends with this reason
		cancel()                      // a call waiting on the silent controller ends too
	}()
	defer wg.Wait()
	defer cancel()
	info := a.forwarderInfo(a.forwarderStats(ctx))
	if err := a.register(ctx, client, info, addr); err != nil {
		return false, livenessErr(errc, err)
	}
	watch, err := client.WatchDesired(ctx, &ctlpb.WatchRequest{ForwarderId: a.cfg.ID})
	if err != nil {
		return false, livenessErr(errc, fmt.Errorf("watch desired state: %w", err))
	}
	report, err := client.Report(ctx)
	if err != nil {
		return false, livenessErr(errc, fmt.Errorf("report: %w", err))
	}

	var got atomic.Bool
	wg.Add(2)
	go func() {
		defer wg.Done()
		for {
			ds, err := watch.Recv()
			if err != nil {
				errc <- fmt.Errorf("watch desired state: %w", err)
				return
			}
			got.Store(true)
			if err := a.deliver(ctx, ds); err != nil {
				errc <- err
				return
			}
		}
	}()
	go func() {
		defer wg.Done()
		errc <- a.reportLoop(ctx, cancel, client, report, info, addr)
	}()
	wg.Add(1)
	go func() {
		defer wg.Done()
		a.queryLoop(ctx, client, addr) // its end is not the session's
	}()
	err = <-errc
	cancel()
	wg.Wait()
	return got.Load(), err
}

// errNotAnswering ends a session whose controller stopped answering the liveness probe.
var errNotAnswering = errors.New("the controller does not answer")

// liveness asks the controller's gRPC health service every half ControllerTimeout and
// returns an error once none has been answered for ControllerTimeout (a stopped or hung
// controller, a host gone without resetting the connection: the session's streams would
// wait on it for ever, TCP and HTTP/2 flow control taking the reports for a long while).
// Any answer counts, an error status included (a controller without the health service
// still answers Unimplemented). It returns ctx's error when the session ends otherwise.
func (a *Agent) liveness(ctx context.Context, conn grpc.ClientConnInterface) error {
	timeout := a.cfg.ControllerTimeout
	hc := healthpb.NewHealthClient(conn)
	t := time.NewTicker(timeout / 2)
	defer t.Stop()
	lastAnswer := time.Now()
	answered := make(chan time.Time, 1)
	inFlight, due := false, true
	for {
		// One probe each half timeout, and one at a time: a hung controller is not sent a
		// pile of them, and an answered one is not followed at once by the next (that spun:
		// the agents and the controller busy with health checks back to back).
		if due && !inFlight {
			inFlight, due = true, false
			go func() {
				sent := time.Now()
				pctx, cancel := context.WithTimeout(ctx, timeout)
				defer cancel()
				_, err := hc.Check(pctx, &healthpb.HealthCheckRequest{})
				if st, ok := status.FromError(err); err == nil || ok && !isNoAnswer(st.Code()) {
					answered <- sent
				} else {
					answered <- time.Time{}
				}
			}()
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case at := <-answered:
			inFlight = false
			if at.After(lastAnswer) {
				lastAnswer = at
			}
		case <-t.C:
			due = true
		}
		if silent := time.Since(lastAnswer); silent >= timeout {
			return fmt.Errorf("%w for %s (--controller-timeout %s)", errNotAnswering, silent.Round(time.Millisecond), timeout)
		}
	}
}

// isNoAnswer says whether a probe's status code means that the controller did not answer
// (rather than answering with an error).
func isNoAnswer(c codes.Code) bool {
	return c == codes.DeadlineExceeded || c == codes.Unavailable || c == codes.Canceled
}

// livenessErr returns the liveness probe's error if it ended the session (err, a call
// cut off by the session's end, says less), else err.
func livenessErr(errc chan error, err error) error {
	select {
	case lerr := <-errc:
		if errors.Is(lerr, errNotAnswering) {
			return lerr
		}
		errc <- lerr
	default:
	}
	return err
}

func (a *Agent) register(ctx context.Context, client ctlpb.AgentServiceClient, info *ctlpb.ForwarderInfo, addr string) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	reply, err := client.Register(ctx, &ctlpb.RegisterRequest{Forwarder: info})
	if err != nil {
		return fmt.Errorf("register forwarder %s: %w", a.cfg.ID, err)
	}
	a.log.Info("registered", logging.ControllerAddr, addr,
		"ports", info.GetPorts(), "queues", info.GetQueues(), "desired_version", reply.GetDesiredVersion())
	return nil
}

// reportLoop sends a report at once (with every health verdict), then every report
// interval and on each health change. A report that cannot be sent within a few
// intervals (a controller gone silent) ends the session. The forwarder is registered
// again when what it looks like changes (it restarted with other ports or workers).
func (a *Agent) reportLoop(ctx context.Context, cancel context.CancelFunc, client ctlpb.AgentServiceClient,
	stream grpc.ClientStreamingClient[ctlpb.AgentReport, ctlpb.ReportAck], info *ctlpb.ForwarderInfo, addr string) error {
	t := time.NewTicker(a.cfg.ReportInterval)
	defer t.Stop()
	all := true
	for {
		rep, stats, err := a.buildReport(ctx, all)
		if err != nil {
			return err
		}
		all = false
		if stats != nil {
			if now := a.forwarderInfo(stats); !proto.Equal(now, info) {
				if err := a.register(ctx, client, now, addr); err != nil {
					return err
				}
				info = now
			}
		}
		watchdog := time.AfterFunc(3*a.cfg.ReportInterval+10*time.Second, cancel)
		err = stream.Send(rep)
		if !watchdog.Stop() {
			return errors.New("report: not sent in time, the controller is not reading")
		}
		if err != nil {
			if errors.Is(err, io.EOF) {
				_, err = stream.CloseAndRecv() // the stream's real status
			}
			return fmt.Errorf("report: %w", err)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
		case <-a.reportNow:
		}
	}
}

// MaxReportedOverrides bounds the steering overrides one report lists (the forwarder's
// overrides_total still counts them all).
const MaxReportedOverrides = 100

// buildReport gathers one report; the forwarder's own stats come back too (nil when the
// forwarder does not answer: the report then says "failed"; else "draining" while the
// desired state drains it).
func (a *Agent) buildReport(ctx context.Context, all bool) (*ctlpb.AgentReport, *fwdpb.Stats, error) {
	snap, err := a.snapshot(ctx, all)
	if err != nil {
		return nil, nil, err
	}
	rep := &ctlpb.AgentReport{ForwarderId: a.cfg.ID, AppliedVersion: snap.applied, Health: snap.health,
		State: "ready", Error: snap.applyErr}
	if snap.draining {
		rep.State = "draining"
	}
	fctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	rep.Bgp, rep.Announced = a.bgpReport(fctx)
	stats, err := a.fc.GetStats(fctx)
	if err != nil {
		rep.State, rep.Error = "failed", err.Error()
		rep.Paths = a.paths.measure(nil, time.Now())
		return rep, nil, nil
	}
	rep.Stats = stats
	// An older forwarder does not answer GetSteering: the report goes without it.
	steering, err := a.fc.GetSteering(fctx, MaxReportedOverrides)
	if err != nil {
		a.log.Debug("get steering", logging.Err, err)
	}
	rep.Steering = steering
	rep.Paths = a.paths.measure(stats, time.Now())
	conns, err := a.fc.Connections(fctx, MaxReportedConns, nil)
	if err != nil {
		a.log.Debug("list connections", logging.Err, err)
	}
	rep.Connections = conns
	return rep, stats, nil
}

func (a *Agent) forwarderStats(ctx context.Context) *fwdpb.Stats {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	stats, err := a.fc.GetStats(ctx)
	if err != nil {
		a.log.Warn("forwarder not answering; registering without its ports and workers", logging.Err, err)
		return nil
	}
	return stats
}

// sysCPU is where the CPUs' NUMA nodes are read (a variable for tests).
var sysCPU = "/sys/devices/system/cpu"

// forwarderInfo describes the forwarder from its stats: its ports, one queue per worker,
// the workers' cores plus the control thread's, and the NUMA nodes of the workers' cores.
func (a *Agent) forwarderInfo(stats *fwdpb.Stats) *ctlpb.ForwarderInfo {
	info := &ctlpb.ForwarderInfo{Id: a.cfg.ID, Hostname: a.cfg.Hostname, Version: a.cfg.Version,
		CapacityPps: a.cfg.CapacityPPS, SyncAddr: a.cfg.SyncAddr}
	if stats == nil {
		return info
	}
	for _, p := range stats.GetPorts() {
		info.Ports = append(info.Ports, p.GetName())
	}
	info.Queues = uint32(len(stats.GetWorkers()))
	lcores := map[uint32]bool{}
	nodes := map[uint32]bool{}
	for _, w := range stats.GetWorkers() {
		lcores[w.GetLcore()] = true
		// DPDK's lcore ids are CPU ids unless the EAL was told otherwise.
		m, _ := filepath.Glob(filepath.Join(sysCPU, "cpu"+strconv.Itoa(int(w.GetLcore())), "node*"))
		for _, n := range m {
			if id, err := strconv.ParseUint(filepath.Base(n)[len("node"):], 10, 32); err == nil {
				nodes[uint32(id)] = true
			}
		}
	}
	info.Cores = uint32(len(lcores)) + 1
	for n := range nodes {
		info.NumaNodes = append(info.NumaNodes, n)
	}
	slices.Sort(info.NumaNodes)
	return info
}

// Hostname is os.Hostname, or "" when it fails.
func Hostname() string {
	h, _ := os.Hostname()
	return h
}
