package ctlapp

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"

	"hvlb/internal/apitypes"
	"hvlb/internal/etcdtest"
	"hvlb/internal/pb/ctlpb"
	"hvlb/internal/pb/fwdpb"
)

// agentSession is a test agent's session with one controller: Register, WatchDesired and
// a Report stream, as hvlb-agent opens them.
type agentSession struct {
	report grpc.ClientStreamingClient[ctlpb.AgentReport, ctlpb.ReportAck]
	end    func()
}

func openSession(t *testing.T, addr, id string) *agentSession {
	t.Helper()
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	s := &agentSession{end: func() { cancel(); conn.Close() }}
	t.Cleanup(s.end)
	agent := ctlpb.NewAgentServiceClient(conn)
	if _, err := agent.Register(ctx, &ctlpb.RegisterRequest{Forwarder: &ctlpb.ForwarderInfo{
		Id: id, Hostname: "host-" + id, Ports: []string{"p0"}, Queues: 1, CapacityPps: 1_000_000}}); err != nil {
		t.Fatal(err)
	}
	watch, err := agent.WatchDesired(ctx, &ctlpb.WatchRequest{ForwarderId: id})
	if err != nil {
		t.Fatal(err)
	}
	recvDesired(t, watch)
	if s.report, err = agent.Report(ctx); err != nil {
		t.Fatal(err)
	}
	return s
}

func (s *agentSession) send(t *testing.T, rep *ctlpb.AgentReport) {
	t.Helper()
	if err := s.report.Send(rep); err != nil {
		t.Fatal(err)
	}
}

func forwarderAt(c *restClient, id string) apitypes.Forwarder {
	var f apitypes.Forwarder
	c.do("GET", "/v1/forwarders/"+id, "", &f)
	return f
}

func metricsOf(c *restClient) string {
	resp, err := c.hc.Get(c.base + "/metrics")
	if err != nil {
		return ""
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	return string(raw)
}

// TestGroupSharesReports: an agent reports to the follower; the leader lists its forwarder
// ready with its report (applied version, load, BGP), sees its health verdicts, exports its
// counters, and places a load-balancing request on it. The agent moves to the leader: both
// controllers show the newer session, and a report on the old session is refused.
func TestGroupSharesReports(t *testing.T) {
	srv := etcdtest.Start(t)
	_, ca, aGRPC := startMember(t, srv, "ctl-a")
	waitCond(t, "a leads", func() bool { _, h := health(ca); return h["role"] == "leader" })
	_, cb, bGRPC := startMember(t, srv, "ctl-b")
	waitCond(t, "b follows", func() bool { _, h := health(cb); return h["role"] == "follower" })
	if code := ca.do("POST", "/v1/services", `{"protocol": "tcp", "vip": "10.100.0.1", "port": 80,
		"reals": [{"address": "10.1.0.1", "port": 80}]}`, nil); code != http.StatusCreated {
		t.Fatalf("create: %d", code)
	}

	sid := &fwdpb.ServiceId{Protocol: "tcp", Vip: "10.100.0.1", Vport: 80}
	rep := &ctlpb.AgentReport{ForwarderId: "fwd-a", AppliedVersion: 1, State: "ready",
		Stats: &fwdpb.Stats{Workers: []*fwdpb.WorkerStats{{RxPackets: 1000, ActiveConns: 7}}},
		Health: []*ctlpb.HealthChange{{Service: sid, Address: "10.1.0.1", Port: 80, Up: false,
			Reason: "connect: connection refused", AtUnixMs: time.Now().UnixMilli()}},
		Bgp:       []*ctlpb.BgpPeer{{Address: "10.9.0.1", RemoteAs: 65000, State: "established"}},
		Announced: []string{"10.100.0.1/32"}}
	onB := openSession(t, bGRPC, "fwd-a")
	onB.send(t, rep)

	waitCond(t, "the leader sees fwd-a ready, through b", func() bool {
		f := forwarderAt(ca, "fwd-a")
		return f.State == "ready" && f.Controller == "ctl-b" && f.Connected && f.AppliedVersion == 1 &&
			f.Load.ActiveConns == 7 && len(f.BGP) == 1 && len(f.Announced) == 1 && f.LastReport != nil
	})
	waitCond(t, "the leader sees fwd-a's verdict", func() bool {
		var svc struct{ Reals []struct{ Health string } }
		ca.do("GET", "/v1/services/tcp-10.100.0.1-80", "", &svc)
		return len(svc.Reals) == 1 && svc.Reals[0].Health == "down"
	})
	if m := metricsOf(ca); !strings.Contains(m, `hvlb_worker_rx_packets_total{forwarder="fwd-a",worker="0"} 1000`) {
		t.Errorf("the leader's metrics lack fwd-a's counters")
	}
	var lb struct{ State, Forwarder string }
	if code := ca.do("POST", "/v1/lb-requests", `{"protocol": "tcp", "vip": "10.100.0.9", "port": 80,
		"nfs": [{"address": "10.1.0.1", "port": 80}]}`, &lb); code != http.StatusCreated || lb.Forwarder != "fwd-a" {
		t.Fatalf("lb-request at the leader: %d %+v, want it placed on fwd-a", code, lb)
	}

	// The agent registers with the leader while its stream with b is still open (as when b
	// is slow to notice the agent is gone): the newer session wins everywhere.
	onA := openSession(t, aGRPC, "fwd-a")
	rep.AppliedVersion = 3
	onA.send(t, rep)
	for _, c := range []*restClient{ca, cb} {
		waitCond(t, "the newer session everywhere", func() bool {
			f := forwarderAt(c, "fwd-a")
			return f.State == "ready" && f.Controller == "ctl-a" && f.AppliedVersion == 3
		})
	}
	rep.AppliedVersion = 2 // the old session's report: refused, and it changes nothing
	onB.send(t, rep)
	if _, err := onB.report.CloseAndRecv(); err == nil || !strings.Contains(err.Error(), "replaced") {
		t.Fatalf("a report on the replaced session: %v, want it refused", err)
	}
	onB.end() // its desired-state stream ends on b, which no longer holds the forwarder
	for _, c := range []*restClient{ca, cb} {
		waitCond(t, "still the newer session", func() bool {
			f := forwarderAt(c, "fwd-a")
			return f.State == "ready" && f.Controller == "ctl-a" && f.AppliedVersion == 3 && f.Connected
		})
	}
}
