package ctlapp

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"hvlb/internal/certs"
	"hvlb/internal/pb/ctlpb"
	"hvlb/internal/pb/fwdpb"
)

func TestConfigCheck(t *testing.T) {
	full := Config{TLSCert: "c", TLSKey: "k", TokensFile: "t", ClientCA: "ca"}
	tests := []struct {
		name    string
		mod     func(*Config)
		wantErr string
	}{
		{"everything", func(*Config) {}, ""},
		{"no TLS", func(c *Config) { c.TLSCert, c.TLSKey = "", "" }, "--tls-cert"},
		{"cert without key", func(c *Config) { c.TLSKey = "" }, "--tls-key"},
		{"no tokens", func(c *Config) { c.TokensFile = "" }, "--tokens-file"},
		{"no client CA", func(c *Config) { c.ClientCA = "" }, "--client-ca"},
		{"grpc cert without key", func(c *Config) { c.GRPCCert = "g" }, "--grpc-key"},
		{"insecure dev, nothing", func(c *Config) { *c = Config{InsecureDev: true} }, ""},
		{"insecure dev still pairs", func(c *Config) { *c = Config{InsecureDev: true, TLSCert: "c"} }, "--tls-key"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := full
			tc.mod(&c)
			err := c.check()
			if (err != nil) != (tc.wantErr != "") || (err != nil && !strings.Contains(err.Error(), tc.wantErr)) {
				t.Fatalf("err %v, want one naming %q", err, tc.wantErr)
			}
			if err == nil && c.TLSCert != "" && c.GRPCCert != c.TLSCert {
				t.Errorf("gRPC certificate does not default to the REST one")
			}
		})
	}
}

// running is one controller started by start.
type running struct {
	rest, grpc string
	cancel     context.CancelFunc
	done       chan error
}

func start(t *testing.T, cfg Config) *running {
	t.Helper()
	app, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	restLn, _ := net.Listen("tcp", "127.0.0.1:0")
	grpcLn, _ := net.Listen("tcp", "127.0.0.1:0")
	ctx, cancel := context.WithCancel(context.Background())
	r := &running{rest: "https://" + restLn.Addr().String(), grpc: grpcLn.Addr().String(), cancel: cancel, done: make(chan error, 1)}
	go func() { r.done <- app.Serve(ctx, restLn, grpcLn) }()
	return r
}

// stop shuts the controller down and checks it went quickly and cleanly.
func (r *running) stop(t *testing.T) {
	t.Helper()
	r.cancel()
	select {
	case err := <-r.done:
		if err != nil {
			t.Fatalf("Serve: %v", err)
		}
	case <-time.After(ShutdownGrace + 5*time.Second):
		t.Fatal("controller did not shut down")
	}
}

type restClient struct {
	t     *testing.T
	base  string
	token string
	hc    *http.Client
}

func (c *restClient) do(method, path, body string, out any) int {
	c.t.Helper()
	req, _ := http.NewRequest(method, c.base+path, strings.NewReader(body))
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			c.t.Fatalf("%s %s: %v: %s", method, path, err, raw)
		}
	}
	return resp.StatusCode
}

func recvDesired(t *testing.T, w grpc.ServerStreamingClient[ctlpb.DesiredState]) *ctlpb.DesiredState {
	t.Helper()
	type res struct {
		ds  *ctlpb.DesiredState
		err error
	}
	ch := make(chan res, 1)
	go func() { ds, err := w.Recv(); ch <- res{ds, err} }()
	select {
	case r := <-ch:
		if r.err != nil {
			t.Fatalf("WatchDesired: %v", r.err)
		}
		return r.ds
	case <-time.After(5 * time.Second):
		t.Fatal("no desired state within 5 s")
	}
	return nil
}

// TestEndToEnd starts the controller with TLS, bearer tokens and agent mTLS (certificates
// from certs.Init), registers a fake agent, creates a service over REST and sees it
// arrive on the agent's stream; reports flow back to the REST read-outs; then the
// controller restarts on the same store and nothing is lost.
func TestEndToEnd(t *testing.T) {
	dir := t.TempDir()
	if err := certs.Generate(dir, certs.Options{Agents: []string{"fwd-a", "fwd-b"}}); err != nil {
		t.Fatal(err)
	}
	p := func(f string) string { return filepath.Join(dir, f) }
	cfg := Config{DB: p("state/controller.db"), TokensFile: p(certs.TokensFile),
		TLSCert: p(certs.ControllerFile), TLSKey: p(certs.ControllerKeyFile), ClientCA: p(certs.CAFile),
		Log: slog.New(slog.DiscardHandler)}
	token, err := certs.ReadToken(p(certs.TokensFile))
	if err != nil {
		t.Fatal(err)
	}
	ctl := start(t, cfg)

	restTLS, err := certs.ClientTLS(p(certs.CAFile), "", "")
	if err != nil {
		t.Fatal(err)
	}
	rc := &restClient{t: t, base: ctl.rest, token: token, hc: &http.Client{Transport: &http.Transport{TLSClientConfig: restTLS}}}
	anon := &restClient{t: t, base: ctl.rest, hc: rc.hc}
	if st := anon.do("GET", "/v1/services", "", nil); st != 401 {
		t.Fatalf("no token: %d", st)
	}
	if st := anon.do("GET", "/healthz", "", nil); st != 200 {
		t.Fatalf("healthz: %d", st)
	}

	// An agent without a client certificate is refused.
	noCert, _ := certs.ClientTLS(p(certs.CAFile), "", "")
	bad, err := grpc.NewClient(ctl.grpc, grpc.WithTransportCredentials(credentials.NewTLS(noCert)))
	if err != nil {
		t.Fatal(err)
	}
	cctx, ccancel := context.WithTimeout(context.Background(), 5*time.Second)
	_, err = ctlpb.NewAgentServiceClient(bad).Register(cctx, &ctlpb.RegisterRequest{Forwarder: &ctlpb.ForwarderInfo{Id: "x"}})
	ccancel()
	bad.Close()
	if status.Code(err) != codes.Unavailable {
		t.Fatalf("agent without a client certificate: %v, want Unavailable (handshake refused)", err)
	}

	agentClient := func(cert, key string) ctlpb.AgentServiceClient {
		agentTLS, err := certs.ClientTLS(p(certs.CAFile), p(cert), p(key))
		if err != nil {
			t.Fatal(err)
		}
		conn, err := grpc.NewClient(ctl.grpc, grpc.WithTransportCredentials(credentials.NewTLS(agentTLS)))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { conn.Close() })
		return ctlpb.NewAgentServiceClient(conn)
	}
	agent := agentClient(certs.AgentFiles("fwd-a"))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()

	// A certificate speaks for its own forwarder only; hvlbctl's for none.
	for _, tc := range []struct {
		name      string
		cert, key string
	}{
		{"fwd-b's agent as fwd-a", "agent-fwd-b.pem", "agent-fwd-b-key.pem"},
		{"hvlbctl's certificate", certs.CtlFile, certs.CtlKeyFile},
		{"the controller's certificate", certs.ControllerFile, certs.ControllerKeyFile},
	} {
		_, err := agentClient(tc.cert, tc.key).Register(ctx, &ctlpb.RegisterRequest{Forwarder: &ctlpb.ForwarderInfo{Id: "fwd-a"}})
		if status.Code(err) != codes.PermissionDenied {
			t.Errorf("%s: register: %v, want PermissionDenied", tc.name, err)
		}
	}

	// Watching before registering is refused.
	w0, err := agent.WatchDesired(ctx, &ctlpb.WatchRequest{ForwarderId: "fwd-a"})
	if err == nil {
		_, err = w0.Recv()
	}
	if status.Code(err) != codes.NotFound {
		t.Fatalf("watch before register: %v", err)
	}
	reg, err := agent.Register(ctx, &ctlpb.RegisterRequest{Forwarder: &ctlpb.ForwarderInfo{
		Id: "fwd-a", Hostname: "host-a", Ports: []string{"net_af_packet0"}, Queues: 2, Cores: 3, NumaNodes: []uint32{0}}})
	if err != nil {
		t.Fatal(err)
	}
	if reg.GetDesiredVersion() != 1 {
		t.Errorf("desired version %d after registering, want 1", reg.GetDesiredVersion())
	}
	watch, err := agent.WatchDesired(ctx, &ctlpb.WatchRequest{ForwarderId: "fwd-a"})
	if err != nil {
		t.Fatal(err)
	}
	if ds := recvDesired(t, watch); ds.GetVersion() != 1 || len(ds.GetServices()) != 0 {
		t.Fatalf("first desired state: %v", ds)
	}

	body := `{"protocol":"tcp","vip":"10.100.0.1","port":80,"scheduler":"wrr",
		"health_check":{"kind":"http","http_path":"/health","interval_ms":500,"timeout_ms":200,"rise":1,"fall":2},
		"reals":[{"address":"10.1.0.11","weight":10},{"address":"10.1.0.12","port":8080,"drain":true},
		         {"address":"10.1.0.13","health_override":"down"}]}`
	if st := rc.do("POST", "/v1/services", body, nil); st != 201 {
		t.Fatalf("create service: %d", st)
	}
	ds := recvDesired(t, watch)
	sid := &fwdpb.ServiceId{Protocol: "tcp", Vip: "10.100.0.1", Vport: 80}
	want := &ctlpb.DesiredState{Version: 2, Services: []*fwdpb.VirtualService{{
		Id: sid, Mode: "nat", Scheduler: "wrr", RealServices: []*fwdpb.RealService{
			{Address: "10.1.0.11", Port: 80, Weight: 10, Health: 1},
			{Address: "10.1.0.12", Port: 8080, Weight: 0, Health: 1},
			{Address: "10.1.0.13", Port: 80, Weight: 100, Health: 0},
		}, DownConns: "keep", AllDown: "drop"}},
		Checks: []*ctlpb.HealthCheck{
			{Service: sid, Address: "10.1.0.11", Port: 80, Kind: "http", HttpPath: "/health", IntervalMs: 500, TimeoutMs: 200, Rise: 1, Fall: 2},
			{Service: sid, Address: "10.1.0.12", Port: 8080, Kind: "http", HttpPath: "/health", IntervalMs: 500, TimeoutMs: 200, Rise: 1, Fall: 2},
		}}
	if ds.GetStoreEpoch() == 0 {
		t.Fatalf("desired state without its store's epoch")
	}
	want.StoreEpoch = ds.GetStoreEpoch() // the same after the restart: the same store
	if !proto.Equal(ds, want) {
		t.Fatalf("desired state:\n got %v\nwant %v", ds, want)
	}
	if st := rc.do("PATCH", "/v1/services/tcp-10.100.0.1-80/reals/10.1.0.11:80", `{"weight":20}`, nil); st != 200 {
		t.Fatalf("patch: %d", st)
	}
	if ds := recvDesired(t, watch); ds.GetVersion() != 3 || ds.GetServices()[0].GetRealServices()[0].GetWeight() != 20 {
		t.Fatalf("after patch: %v", ds)
	}

	// Reports: applied version, stats and a health change show in the REST read-outs.
	rep, err := agent.Report(ctx)
	if err != nil {
		t.Fatal(err)
	}
	err = rep.Send(&ctlpb.AgentReport{ForwarderId: "fwd-a", AppliedVersion: 3, State: "ready",
		Stats:  &fwdpb.Stats{Workers: []*fwdpb.WorkerStats{{Worker: 0, RxPackets: 10, ActiveConns: 1}}},
		Health: []*ctlpb.HealthChange{{Service: sid, Address: "10.1.0.11", Port: 80, Up: false, Reason: "http: 503 (2/2)"}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rep.CloseAndRecv(); err != nil {
		t.Fatal(err)
	}
	var fwds []map[string]any
	rc.do("GET", "/v1/forwarders", "", &fwds)
	if len(fwds) != 1 || fwds[0]["state"] != "ready" || fwds[0]["applied_version"] != 3.0 ||
		fwds[0]["desired_version"] != 3.0 || fwds[0]["connected"] != true || fwds[0]["hostname"] != "host-a" {
		t.Fatalf("forwarders: %v", fwds)
	}
	var real map[string]any
	rc.do("GET", "/v1/services/tcp-10.100.0.1-80/reals/10.1.0.11:80", "", &real)
	if real["health"] != "down" || !strings.Contains(real["health_reason"].(string), "503") {
		t.Fatalf("real after a health report: %v", real)
	}
	mresp, err := rc.hc.Get(ctl.rest + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	metrics, _ := io.ReadAll(mresp.Body)
	mresp.Body.Close()
	for _, want := range []string{
		`hvlb_worker_rx_packets_total{forwarder="fwd-a",worker="0"} 10`,
		`hvlb_controller_store_version 3`,
		`hvlb_controller_forwarders{state="ready"} 1`,
		`hvlb_real_health_up{real="10.1.0.11:80",service="tcp-10.100.0.1-80"} 0`,
	} {
		if !strings.Contains(string(metrics), want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
	var before []map[string]any
	rc.do("GET", "/v1/services", "", &before)
	cancel()
	ctl.stop(t)

	// Restart on the same store: everything is still there.
	ctl = start(t, cfg)
	defer ctl.stop(t)
	rc.base = ctl.rest
	var after []map[string]any
	rc.do("GET", "/v1/services", "", &after)
	if len(after) != 1 || after[0]["version"] != before[0]["version"] || len(after[0]["reals"].([]any)) != 3 {
		t.Fatalf("after restart: %v\nbefore: %v", after, before)
	}
	var v map[string]uint64
	if rc.do("GET", "/v1/version", "", &v); v["version"] != 3 {
		t.Fatalf("version after restart: %v", v)
	}
	rc.do("GET", "/v1/forwarders", "", &fwds)
	if len(fwds) != 1 || fwds[0]["id"] != "fwd-a" {
		t.Fatalf("forwarders after restart: %v", fwds)
	}
	ctx2, cancel2 := context.WithCancel(context.Background())
	defer cancel2()
	watch, err = agentClient(certs.AgentFiles("fwd-a")).WatchDesired(ctx2, &ctlpb.WatchRequest{ForwarderId: "fwd-a"})
	if err != nil {
		t.Fatal(err)
	}
	ds = recvDesired(t, watch)
	want.Version = 3
	want.Services[0].RealServices[0].Weight = 20
	if !proto.Equal(ds, want) {
		t.Fatalf("desired state after restart:\n got %v\nwant %v", ds, want)
	}
}
