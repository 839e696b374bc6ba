package controller

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"google.golang.org/protobuf/proto"

	"github.com/prometheus/client_golang/prometheus"

	"hvlb/internal/model"
	"hvlb/internal/pb/ctlpb"
	"hvlb/internal/pb/fwdpb"
	"hvlb/internal/store"
)

// clock is a settable time source.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time      { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Add(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }
func newClock() *clock               { return &clock{t: time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)} }
func quiet() *slog.Logger            { return slog.New(slog.DiscardHandler) }
func ctx() context.Context           { return context.Background() }
func strp(v string) *string          { return &v }
func mustNil(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func newCtl(t *testing.T, clk *clock, webhook string) *Controller {
	t.Helper()
	st, err := store.Open(filepath.Join(t.TempDir(), "c.db"))
	mustNil(t, err)
	c, err := New(Config{Store: st, Now: clk.Now, Webhook: webhook, Log: quiet()})
	mustNil(t, err)
	cctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { c.Run(cctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done; st.Close() })
	return c
}

func service(vip string, port int, fwds []string, reals ...model.Real) model.Service {
	s := model.Service{Protocol: "tcp", VIP: vip, Port: port, Forwarders: fwds, Reals: reals}
	if err := model.NormalizeService(&s); err != nil {
		panic(err)
	}
	return s
}

func TestBuildDesired(t *testing.T) {
	hc := &model.HealthCheck{Kind: "http", HTTPPath: "/ok", IntervalMS: 2000, TimeoutMS: 300, Rise: 1, Fall: 2, Port: 8080}
	a := service("10.0.0.1", 80, nil,
		model.Real{Address: "10.1.0.1", Port: 80, Weight: 10},
		model.Real{Address: "10.1.0.2", Port: 80, Weight: 20, Drain: true},
		model.Real{Address: "10.1.0.3", Port: 80, Weight: 30, HealthOverride: "down"},
		model.Real{Address: "10.1.0.4", Port: 80, Weight: 40, HealthOverride: "up"})
	b := service("10.0.0.2", 0, []string{"fwd-b"}, model.Real{Address: "10.1.0.5", Port: 0, Weight: 1, HealthOverride: "up"})
	c := service("10.0.0.3", 53, []string{"fwd-a", "fwd-b"}, model.Real{Address: "10.1.0.6", Port: 5353, Weight: 1})
	c.HealthCheck = hc
	d := service("10.0.0.4", 25, nil, model.Real{Address: "10.1.0.7", Port: 25, Weight: 1})
	d.HealthCheck = &model.HealthCheck{Kind: "none"}
	svcs := []model.Service{a, b, c, d}

	tests := []struct {
		fwd          string
		wantServices []string
		wantChecks   int
	}{
		{"fwd-a", []string{"tcp-10.0.0.1-80", "tcp-10.0.0.3-53", "tcp-10.0.0.4-25"}, 3},
		{"fwd-b", []string{"tcp-10.0.0.1-80", "tcp-10.0.0.2-0", "tcp-10.0.0.3-53", "tcp-10.0.0.4-25"}, 3},
		{"fwd-c", []string{"tcp-10.0.0.1-80", "tcp-10.0.0.4-25"}, 2},
	}
	for _, tc := range tests {
		t.Run(tc.fwd, func(t *testing.T) {
			ds := BuildDesired(42, tc.fwd, svcs, nil)
			if ds.GetVersion() != 42 {
				t.Errorf("version %d", ds.GetVersion())
			}
			var got []string
			for _, vs := range ds.GetServices() {
				id := vs.GetId()
				got = append(got, model.ServiceID(id.GetProtocol(), id.GetVip(), int(id.GetVport())))
			}
			if len(got) != len(tc.wantServices) {
				t.Fatalf("services %v, want %v", got, tc.wantServices)
			}
			for i := range got {
				if got[i] != tc.wantServices[i] {
					t.Fatalf("services %v, want %v", got, tc.wantServices)
				}
			}
			if len(ds.GetChecks()) != tc.wantChecks {
				t.Errorf("%d checks, want %d: %v", len(ds.GetChecks()), tc.wantChecks, ds.GetChecks())
			}
		})
	}

	ds := BuildDesired(1, "fwd-a", svcs, nil)
	vs := ds.GetServices()[0]
	want := []*fwdpb.RealService{
		{Address: "10.1.0.1", Port: 80, Weight: 10, Health: 1},
		{Address: "10.1.0.2", Port: 80, Weight: 0, Health: 1},
		{Address: "10.1.0.3", Port: 80, Weight: 30, Health: 0},
		{Address: "10.1.0.4", Port: 80, Weight: 40, Health: 1},
	}
	if vs.GetMode() != "nat" || vs.GetScheduler() != "maglev" || len(vs.GetRealServices()) != len(want) ||
		vs.GetDownConns() != "keep" || vs.GetAllDown() != "drop" {
		t.Fatalf("service: %v", vs)
	}
	for i, w := range want {
		if !proto.Equal(vs.GetRealServices()[i], w) {
			t.Errorf("real %d: %v, want %v", i, vs.GetRealServices()[i], w)
		}
	}
	// Checks for the reals without override only: the default check for service a.
	wantChecks := []*ctlpb.HealthCheck{
		{Service: &fwdpb.ServiceId{Protocol: "tcp", Vip: "10.0.0.1", Vport: 80}, Address: "10.1.0.1", Port: 80,
			Kind: "tcp", IntervalMs: 1000, TimeoutMs: 500, Rise: 2, Fall: 3},
		{Service: &fwdpb.ServiceId{Protocol: "tcp", Vip: "10.0.0.1", Vport: 80}, Address: "10.1.0.2", Port: 80,
			Kind: "tcp", IntervalMs: 1000, TimeoutMs: 500, Rise: 2, Fall: 3},
		{Service: &fwdpb.ServiceId{Protocol: "tcp", Vip: "10.0.0.3", Vport: 53}, Address: "10.1.0.6", Port: 5353,
			Kind: "http", HttpPath: "/ok", IntervalMs: 2000, TimeoutMs: 300, Rise: 1, Fall: 2, CheckPort: 8080},
	}
	for i, w := range wantChecks {
		if !proto.Equal(ds.GetChecks()[i], w) {
			t.Errorf("check %d: %v, want %v", i, ds.GetChecks()[i], w)
		}
	}

	// A udp check's payloads reach the agent as bytes, from text or hex.
	e := model.Service{Protocol: "udp", VIP: "10.0.0.5", Port: 53, Forwarders: []string{"fwd-x"},
		HealthCheck: &model.HealthCheck{Kind: "udp", SendHex: "00ff0a", Expect: "ok\r\n"},
		Reals:       []model.Real{{Address: "10.1.0.8", Port: 53, Weight: 1}}}
	mustNil(t, model.NormalizeService(&e))
	got := BuildDesired(1, "fwd-x", []model.Service{e}, nil).GetChecks()
	if len(got) != 1 || string(got[0].GetSend()) != "\x00\xff\n" || string(got[0].GetExpect()) != "ok\r\n" ||
		got[0].GetKind() != "udp" {
		t.Errorf("udp check %v", got)
	}
}

// TestBuildDesiredWeights: the weight each real gets in the desired state, from the
// operator or from the policy weights published for its service. A drained real gets 0
// whatever the policy published for it: the drain rule is effectiveWeight's alone.
func TestBuildDesiredWeights(t *testing.T) {
	reals := []model.Real{
		{Address: "10.1.0.1", Port: 80, Weight: 10},
		{Address: "10.1.0.2", Port: 80, Weight: 20, Drain: true},
		{Address: "10.1.0.3", Port: 80, Weight: 30}, // added since the publication
		{Address: "10.1.0.4", Port: 80, Weight: 0},  // added since, operator weight 0
	}
	static := service("10.0.0.1", 80, nil, reals...)
	comp := service("10.0.0.1", 80, nil, reals...)
	comp.Policy = model.Policy{Kind: model.PolicyComprehensive, PolicyParams: params(nil)}
	published := map[string]model.PolicyWeights{comp.ID: {Service: comp.ID,
		Weights: map[string]int{"10.1.0.1:80": 6000, "10.1.0.2:80": 4000}}}
	tests := []struct {
		name      string
		svc       model.Service
		published map[string]model.PolicyWeights
		want      []uint32 // by real, in order
	}{
		{"static: the operator's, drained 0", static, nil, []uint32{10, 0, 30, 0}},
		{"static ignores weights stored for its id", static, published, []uint32{10, 0, 30, 0}},
		{"comprehensive, nothing published: the operator's", comp, nil, []uint32{10, 0, 30, 0}},
		{"comprehensive: the policy's, drained 0, new real the mean", comp, published, []uint32{6000, 0, 5000, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ds := BuildDesired(1, "fwd-a", []model.Service{tt.svc}, tt.published)
			var got []uint32
			for _, rs := range ds.GetServices()[0].GetRealServices() {
				got = append(got, rs.GetWeight())
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("weights %v, want %v", got, tt.want)
			}
		})
	}
}

// TestRealHealth: a real's effective health, as the read-outs show it and the policy takes
// it: the override, else the latest agent verdict, else up.
func TestRealHealth(t *testing.T) {
	const svc = "tcp-10.0.0.1-80"
	s := &state{health: map[healthKey]healthObs{
		{svc, "10.1.0.1", 80}: {up: false, reason: "connect: refused", forwarder: "fwd-a"},
		{svc, "10.1.0.2", 80}: {up: true},
	}}
	tests := []struct {
		name                   string
		r                      model.Real
		wantHealth, wantReason string
	}{
		{"override down beats an up verdict", model.Real{Address: "10.1.0.2", Port: 80, HealthOverride: "down"}, "down", "health_override"},
		{"override up beats a down verdict", model.Real{Address: "10.1.0.1", Port: 80, HealthOverride: "up"}, "up", "health_override"},
		{"down verdict, named by its forwarder", model.Real{Address: "10.1.0.1", Port: 80}, "down", "fwd-a: connect: refused"},
		{"up verdict", model.Real{Address: "10.1.0.2", Port: 80}, "up", ""},
		{"no verdict yet: up", model.Real{Address: "10.1.0.3", Port: 80}, "up", ""},
	}
	for _, tt := range tests {
		if h, why := realHealth(s, svc, &tt.r); h != tt.wantHealth || why != tt.wantReason {
			t.Errorf("%s: %q (%q), want %q (%q)", tt.name, h, why, tt.wantHealth, tt.wantReason)
		}
	}
}

func report(id string, rx uint64, mut ...func(*ctlpb.AgentReport)) *ctlpb.AgentReport {
	r := &ctlpb.AgentReport{ForwarderId: id, AppliedVersion: 1, State: "ready",
		Stats: &fwdpb.Stats{Workers: []*fwdpb.WorkerStats{{Worker: 0, RxPackets: rx, ActiveConns: 3}}}}
	for _, m := range mut {
		m(r)
	}
	return r
}

// TestForwarderLifecycle: register, report, load, draining and failure by timeout.
func TestForwarderLifecycle(t *testing.T) {
	clk := newClock()
	c := newCtl(t, clk, "")
	steps := []struct {
		name      string
		do        func() error
		wantErr   bool
		wantState string
		wantPPS   float64
	}{
		{"report before register", func() error { return c.RecordReport(ctx(), report("fwd-a", 0)) }, true, "", 0},
		{"register bad id", func() error { _, err := c.Register(ctx(), model.Forwarder{ID: "a b"}); return err }, true, "", 0},
		{"register", func() error {
			_, err := c.Register(ctx(), model.Forwarder{ID: "fwd-a", Queues: 2, CapacityPPS: 1000})
			return err
		}, false, "ready", 0},
		{"first report", func() error { return c.RecordReport(ctx(), report("fwd-a", 1000)) }, false, "ready", 0},
		{"second report 2 s later", func() error {
			clk.Add(2 * time.Second)
			return c.RecordReport(ctx(), report("fwd-a", 2000))
		}, false, "ready", 500},
		{"bad state", func() error {
			return c.RecordReport(ctx(), report("fwd-a", 2000, func(r *ctlpb.AgentReport) { r.State = "sleepy" }))
		}, true, "ready", 500},
		{"draining", func() error {
			clk.Add(time.Second)
			return c.RecordReport(ctx(), report("fwd-a", 2000, func(r *ctlpb.AgentReport) { r.State = "draining" }))
		}, false, "draining", 0},
		{"silent for the timeout", func() error { clk.Add(DefaultReportTimeout + time.Second); return nil }, false, "failed", 0},
		{"reports again", func() error { return c.RecordReport(ctx(), report("fwd-a", 2000)) }, false, "ready", 0},
	}
	for _, st := range steps {
		err := st.do()
		if (err != nil) != st.wantErr {
			t.Fatalf("%s: err %v, wantErr %v", st.name, err, st.wantErr)
		}
		if st.wantState == "" {
			continue
		}
		f, err := c.Forwarder(ctx(), "fwd-a")
		mustNil(t, err)
		if f.State != st.wantState || f.Load.PPS != st.wantPPS {
			t.Fatalf("%s: state %s pps %v, want %s %v", st.name, f.State, f.Load.PPS, st.wantState, st.wantPPS)
		}
	}
	f, _ := c.Forwarder(ctx(), "fwd-a")
	if f.Load.HeadroomPPS == nil || *f.Load.HeadroomPPS != 1000 || f.Load.ActiveConns != 3 || f.AppliedVersion != 1 || f.LastReport == nil {
		t.Errorf("view: %+v", f)
	}
	if _, err := c.Forwarder(ctx(), "fwd-z"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("unknown forwarder: %v", err)
	}
}

// TestEffectiveHealth: override, else the latest agent report, else up.
func TestEffectiveHealth(t *testing.T) {
	clk := newClock()
	c := newCtl(t, clk, "")
	_, err := c.CreateService(ctx(), service("10.0.0.1", 80, nil,
		model.Real{Address: "10.1.0.1", Port: 80, Weight: 1}, model.Real{Address: "10.1.0.2", Port: 80, Weight: 1}))
	mustNil(t, err)
	_, err = c.Register(ctx(), model.Forwarder{ID: "fwd-a"})
	mustNil(t, err)
	sid := &fwdpb.ServiceId{Protocol: "tcp", Vip: "10.0.0.1", Vport: 80}
	health := func(up bool, reason string, at int64) func(*ctlpb.AgentReport) {
		return func(r *ctlpb.AgentReport) {
			r.Stats = nil
			r.Health = []*ctlpb.HealthChange{{Service: sid, Address: "10.1.0.1", Port: 80, Up: up, Reason: reason, AtUnixMs: at}}
		}
	}
	check := func(name, want, wantReason string) {
		t.Helper()
		r, err := c.Real(ctx(), "tcp-10.0.0.1-80", "10.1.0.1", 80)
		mustNil(t, err)
		if r.Health != want || r.HealthReason != wantReason {
			t.Errorf("%s: health %q (%q), want %q (%q)", name, r.Health, r.HealthReason, want, wantReason)
		}
	}
	check("no report", "up", "")
	mustNil(t, c.RecordReport(ctx(), report("fwd-a", 0, health(false, "connect: refused (3/3)", 2000))))
	check("reported down", "down", "fwd-a: connect: refused (3/3)")
	mustNil(t, c.RecordReport(ctx(), report("fwd-a", 0, health(true, "old", 1000))))
	check("older report ignored", "down", "fwd-a: connect: refused (3/3)")
	_, err = c.PatchReal(ctx(), "tcp-10.0.0.1-80", "10.1.0.1", 80, RealPatch{HealthOverride: strp("up")})
	mustNil(t, err)
	check("override wins", "up", "health_override")
	_, err = c.PatchReal(ctx(), "tcp-10.0.0.1-80", "10.1.0.1", 80, RealPatch{HealthOverride: strp("")})
	mustNil(t, err)
	mustNil(t, c.RecordReport(ctx(), report("fwd-a", 0, health(true, "ok (2/2)", 3000))))
	check("reported up", "up", "fwd-a: ok (2/2)")
}

func TestChoose(t *testing.T) {
	tests := []struct {
		name string
		fwds []model.Forwarder
		pps  map[string]uint64 // rx packets over the 1 s between two reports
		fail []string
		want string
	}{
		{"none", nil, nil, nil, ""},
		{"most headroom", []model.Forwarder{{ID: "a", CapacityPPS: 1000}, {ID: "b", CapacityPPS: 2000}},
			map[string]uint64{"a": 0, "b": 1500}, nil, "a"},
		{"unknown capacity is room", []model.Forwarder{{ID: "a", CapacityPPS: 1000}, {ID: "b"}},
			map[string]uint64{"a": 0, "b": 1e6}, nil, "b"},
		{"two unknown: lower load", []model.Forwarder{{ID: "a"}, {ID: "b"}},
			map[string]uint64{"a": 50, "b": 10}, nil, "b"},
		{"full", []model.Forwarder{{ID: "a", CapacityPPS: 100}}, map[string]uint64{"a": 100}, nil, ""},
		{"failed is skipped", []model.Forwarder{{ID: "a"}, {ID: "b", CapacityPPS: 10}},
			map[string]uint64{"a": 0, "b": 0}, []string{"a"}, "b"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			clk := newClock()
			c := newCtl(t, clk, "")
			for _, f := range tc.fwds {
				_, err := c.Register(ctx(), f)
				mustNil(t, err)
			}
			if len(tc.fail) > 0 {
				clk.Add(DefaultReportTimeout + time.Second)
			}
			failed := map[string]bool{}
			for _, id := range tc.fail {
				failed[id] = true
			}
			for id := range tc.pps {
				if failed[id] {
					continue
				}
				mustNil(t, c.RecordReport(ctx(), report(id, 0)))
			}
			clk.Add(time.Second)
			for id, n := range tc.pps {
				if !failed[id] {
					mustNil(t, c.RecordReport(ctx(), report(id, n)))
				}
			}
			var got string
			var err error
			c.do(ctx(), func(s *state) { got, err = c.choose(s) })
			mustNil(t, err)
			if got != tc.want {
				t.Errorf("chose %q, want %q", got, tc.want)
			}
		})
	}
}

func lbSpec(vip string) model.LBSpec {
	return model.LBSpec{Protocol: "tcp", VIP: vip, Port: 80, NFs: []model.NF{{Address: "10.1.0.1", Port: 80}}}
}

// TestLBRequestWebhook: no forwarder has room, so the NFV manager is asked; the request
// completes when a forwarder registers. A failing webhook fails the request.
func TestLBRequestWebhook(t *testing.T) {
	var mu sync.Mutex
	var calls []webhookBody
	fail := false
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var b webhookBody
		raw, _ := io.ReadAll(r.Body)
		json.Unmarshal(raw, &b)
		mu.Lock()
		defer mu.Unlock()
		calls = append(calls, b)
		if fail {
			http.Error(w, "out of capacity", http.StatusServiceUnavailable)
		}
	}))
	defer hook.Close()
	clk := newClock()
	c := newCtl(t, clk, hook.URL)

	req, err := c.CreateLBRequest(ctx(), lbSpec("10.9.0.1"))
	mustNil(t, err)
	if req.State != model.LBPending || req.ID != "lbr-1" || req.ServiceID != "tcp-10.9.0.1-80" {
		t.Fatalf("request: %+v", req)
	}
	mu.Lock()
	if len(calls) != 1 || calls[0].RequestID != "lbr-1" || calls[0].Reason != "no forwarder has room" {
		t.Fatalf("webhook calls: %+v", calls)
	}
	mu.Unlock()
	if _, err := c.CreateLBRequest(ctx(), lbSpec("10.9.0.1")); !errors.Is(err, store.ErrExists) {
		t.Fatalf("second request for the same service: %v", err)
	}
	if _, err := c.Service(ctx(), "tcp-10.9.0.1-80"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("pending request created its service: %v", err)
	}

	_, err = c.Register(ctx(), model.Forwarder{ID: "fwd-new", CapacityPPS: 1e6})
	mustNil(t, err)
	req, err = c.LBRequest("lbr-1")
	mustNil(t, err)
	if req.State != model.LBAccepted || req.Forwarder != "fwd-new" {
		t.Fatalf("after register: %+v", req)
	}
	svc, err := c.Service(ctx(), "tcp-10.9.0.1-80")
	mustNil(t, err)
	if len(svc.Forwarders) != 1 || svc.Forwarders[0] != "fwd-new" || len(svc.Reals) != 1 {
		t.Fatalf("service: %+v", svc)
	}

	// Now a forwarder has room: accepted at once, no webhook call.
	req, err = c.CreateLBRequest(ctx(), lbSpec("10.9.0.2"))
	mustNil(t, err)
	if req.State != model.LBAccepted || req.Forwarder != "fwd-new" {
		t.Fatalf("with room: %+v", req)
	}

	// The forwarder fails; the webhook refuses: the request fails with ErrWebhook.
	clk.Add(DefaultReportTimeout + time.Second)
	mu.Lock()
	fail = true
	mu.Unlock()
	req, err = c.CreateLBRequest(ctx(), lbSpec("10.9.0.3"))
	if !errors.Is(err, ErrWebhook) || req.State != model.LBFailed {
		t.Fatalf("failing webhook: %+v, %v", req, err)
	}
	mu.Lock()
	if len(calls) != 2 {
		t.Errorf("%d webhook calls, want 2", len(calls))
	}
	mu.Unlock()
}

func TestLBRequestNoWebhook(t *testing.T) {
	c := newCtl(t, newClock(), "")
	if _, err := c.CreateLBRequest(ctx(), lbSpec("10.9.0.1")); !errors.Is(err, ErrNoRoom) {
		t.Fatalf("err %v, want ErrNoRoom", err)
	}
	var fe *model.FieldError
	if _, err := c.CreateLBRequest(ctx(), model.LBSpec{Protocol: "tcp", VIP: "10.9.0.1"}); !errors.As(err, &fe) || fe.Field != "nfs" {
		t.Fatalf("no nfs: %v", err)
	}
}

// gather collects c's metrics as "name,label=value,..." -> value.
func gather(t *testing.T, c *Controller) map[string]float64 {
	t.Helper()
	return gatherCollector(t, c.Collector())
}

// gatherCollector is every sample col exports: "name,label=value..." -> value.
func gatherCollector(t *testing.T, col prometheus.Collector) map[string]float64 {
	t.Helper()
	reg := prometheus.NewRegistry()
	reg.MustRegister(col)
	mfs, err := reg.Gather()
	mustNil(t, err)
	got := map[string]float64{}
	for _, mf := range mfs {
		for _, m := range mf.GetMetric() {
			key := mf.GetName()
			for _, l := range m.GetLabel() {
				key += "," + l.GetName() + "=" + l.GetValue()
			}
			switch {
			case m.GetCounter() != nil:
				got[key] = m.GetCounter().GetValue()
			case m.GetGauge() != nil:
				got[key] = m.GetGauge().GetValue()
			}
		}
	}
	return got
}

func TestMetrics(t *testing.T) {
	clk := newClock()
	c := newCtl(t, clk, "")
	_, err := c.CreateService(ctx(), service("10.0.0.1", 80, nil, model.Real{Address: "10.1.0.1", Port: 80, Weight: 7}))
	mustNil(t, err)
	_, err = c.Register(ctx(), model.Forwarder{ID: "fwd-a"})
	mustNil(t, err)
	_, err = c.Register(ctx(), model.Forwarder{ID: "fwd-b"})
	mustNil(t, err)
	rep := report("fwd-a", 123, func(r *ctlpb.AgentReport) {
		r.Stats.Workers[0].Drops = []*fwdpb.DropCount{{Reason: "bad_csum", Count: 4}}
		r.Stats.Workers[0].Load, r.Stats.Workers[0].OverloadFreq = 0.75, 0.6
		r.Stats.Workers[0].FlowsMovedOut = 5
		r.Stats.Workers[0].ConnCapacity = 4096
		web := &fwdpb.ServiceId{Protocol: "tcp", Vip: "10.0.0.1", Vport: 80}
		r.Stats.Services = []*fwdpb.VirtualService{{Id: web, RealServices: []*fwdpb.RealService{{Address: "10.1.0.1", Port: 80}}}}
		r.Stats.ServiceStatus = []*fwdpb.ServiceStatus{{Id: web, Packets: 99,
			Reals: []*fwdpb.RealStatus{{Address: "10.1.0.1", Port: 80, ActiveConns: 2,
				HandshakeRttMs: 1.25, HandshakeSamples: 10, HandshakeRttSumUs: 13500}}}}
		r.Stats.ConnsRestored, r.Stats.ConnsRestoreFailed = 11, 1
		r.Stats.Ports = []*fwdpb.PortStats{{Port: 0, Name: "net_af_packet0", Ipackets: 5,
			BadL4Csum: 3, CsumUnfilled: 2, PeerCsumOffload: true}}
		r.Paths = []*ctlpb.PathMeasurement{{Address: "10.1.0.1", Port: 80, RttMs: 0.5}}
		r.Steering = &fwdpb.Steering{OverridesTotal: 150, FlowsMoved: 12, RssaMoves: 11,
			Overrides:    []*fwdpb.SteerOverride{{Protocol: "tcp", Worker: 1}},
			Publications: 4, MovesVanished: 2, Placed: 1, OverridesGone: 6}
	})
	mustNil(t, c.RecordReport(ctx(), rep))
	clk.Add(DefaultReportTimeout / 2)
	mustNil(t, c.RecordReport(ctx(), report("fwd-a", 200)))
	mustNil(t, c.RecordReport(ctx(), rep))        // keep the detailed stats as the latest
	clk.Add(DefaultReportTimeout/2 + time.Second) // fwd-b never reported: failed

	got := gather(t, c)
	for key, want := range map[string]float64{
		"hvlb_worker_rx_packets_total,forwarder=fwd-a,worker=0":                                      123,
		"hvlb_worker_active_connections,forwarder=fwd-a,worker=0":                                    3,
		"hvlb_worker_conn_capacity,forwarder=fwd-a,worker=0":                                         4096,
		"hvlb_worker_drops_total,forwarder=fwd-a,reason=bad_csum,worker=0":                           4,
		"hvlb_worker_load,forwarder=fwd-a,worker=0":                                                  0.75,
		"hvlb_worker_overload_frequency,forwarder=fwd-a,worker=0":                                    0.6,
		"hvlb_worker_flows_moved_out_total,forwarder=fwd-a,worker=0":                                 5,
		"hvlb_service_packets_total,forwarder=fwd-a,service=tcp-10.0.0.1-80":                         99,
		"hvlb_real_active_connections,forwarder=fwd-a,real=10.1.0.1:80,service=tcp-10.0.0.1-80":      2,
		"hvlb_port_rx_packets_total,forwarder=fwd-a,name=net_af_packet0,port=0":                      5,
		"hvlb_path_rtt_ms,forwarder=fwd-a,real=10.1.0.1:80":                                          0.5,
		"hvlb_real_weight,real=10.1.0.1:80,service=tcp-10.0.0.1-80":                                  7,
		"hvlb_real_health_up,real=10.1.0.1:80,service=tcp-10.0.0.1-80":                               1,
		"hvlb_controller_store_version":                                                              3,
		"hvlb_controller_forwarders,state=ready":                                                     1,
		"hvlb_controller_forwarders,state=failed":                                                    1,
		"hvlb_forwarder_state,forwarder=fwd-b,state=failed":                                          1,
		"hvlb_forwarder_applied_version,forwarder=fwd-a":                                             1,
		"hvlb_forwarder_steering_overrides,forwarder=fwd-a":                                          150,
		"hvlb_forwarder_flows_moved_total,forwarder=fwd-a":                                           12,
		"hvlb_port_bad_l4_csum_total,forwarder=fwd-a,name=net_af_packet0,port=0":                     3,
		"hvlb_port_csum_unfilled_total,forwarder=fwd-a,name=net_af_packet0,port=0":                   2,
		"hvlb_port_peer_csum_offload,forwarder=fwd-a,name=net_af_packet0,port=0":                     1,
		"hvlb_forwarder_conns_restored_total,forwarder=fwd-a":                                        11,
		"hvlb_forwarder_conns_restore_failed_total,forwarder=fwd-a":                                  1,
		"hvlb_forwarder_steering_publications_total,forwarder=fwd-a":                                 4,
		"hvlb_forwarder_rssa_moves_vanished_total,forwarder=fwd-a":                                   2,
		"hvlb_forwarder_steering_placed_total,forwarder=fwd-a":                                       1,
		"hvlb_forwarder_steering_overrides_gone_total,forwarder=fwd-a":                               6,
		"hvlb_real_handshake_rtt_ms,forwarder=fwd-a,real=10.1.0.1:80,service=tcp-10.0.0.1-80":        1.25,
		"hvlb_real_handshake_samples_total,forwarder=fwd-a,real=10.1.0.1:80,service=tcp-10.0.0.1-80": 10,
	} {
		if v, ok := got[key]; !ok || v != want {
			t.Errorf("%s = %v (present %v), want %v", key, v, ok, want)
		}
	}
	// The handshake samples' sum, in seconds (outside the table: its key would realign it all).
	if v := got["hvlb_real_handshake_rtt_seconds_total,forwarder=fwd-a,real=10.1.0.1:80,service=tcp-10.0.0.1-80"]; v != 0.0135 {
		t.Errorf("hvlb_real_handshake_rtt_seconds_total = %v, want 0.0135 (13500 us)", v)
	}
	if v, ok := got["hvlb_forwarder_steering_overrides,forwarder=fwd-b"]; ok {
		t.Errorf("fwd-b never reported steering, yet hvlb_forwarder_steering_overrides = %v", v)
	}
}

func TestConnectionsFilter(t *testing.T) {
	c := newCtl(t, newClock(), "")
	for _, id := range []string{"fwd-a", "fwd-b"} {
		_, err := c.Register(ctx(), model.Forwarder{ID: id})
		mustNil(t, err)
		mustNil(t, c.RecordReport(ctx(), report(id, 0, func(r *ctlpb.AgentReport) {
			r.Connections = []*fwdpb.Connection{
				{Protocol: "tcp", Client: "10.0.0.9:1000", Vip: "10.0.0.1:80", Real: "10.1.0.1:80"},
				{Protocol: "tcp", Client: "10.0.0.9:1001", Vip: "10.0.0.1:80", Real: "10.1.0.1:80"},
				{Protocol: "udp", Client: "[fd00::9]:1002", Vip: "[fd00::1]:53", Real: "[fd00::11]:53"},
			}
		})))
	}
	tests := []struct {
		fwd, svc string
		limit    int
		want     int
	}{
		{"", "", 1000, 6},
		{"fwd-a", "", 1000, 3},
		{"", "tcp-10.0.0.1-80", 1000, 4},
		{"", "udp-fd00::1-53", 1000, 2},
		{"", "udp-fd00::1-0", 1000, 2},
		{"", "tcp-10.0.0.1-80", 1, 2},
		{"fwd-z", "", 1000, 0},
	}
	for _, tc := range tests {
		got, err := c.Connections(ctx(), tc.fwd, tc.svc, tc.limit)
		mustNil(t, err)
		if len(got) != tc.want {
			t.Errorf("%+v: %d connections, want %d", tc, len(got), tc.want)
		}
	}
}
