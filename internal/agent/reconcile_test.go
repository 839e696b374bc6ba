package agent

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"syscall"
	"testing"

	"google.golang.org/protobuf/proto"

	"hvlb/internal/fwdclient"
	"hvlb/internal/fwdclient/fwdtest"
	"hvlb/internal/model"
	"hvlb/internal/pb/ctlpb"
	"hvlb/internal/pb/fwdpb"
)

// svc builds a service; reals are "addr:port/weight/health".
func svc(proto, vip string, vport uint32, mode, sched string, reals ...string) *fwdpb.VirtualService {
	vs := &fwdpb.VirtualService{Id: &fwdpb.ServiceId{Protocol: proto, Vip: vip, Vport: vport},
		Mode: mode, Scheduler: sched}
	for _, r := range reals {
		var addr string
		var port, w, h uint32
		i := strings.LastIndex(r, ":")
		addr = strings.Trim(r[:i], "[]")
		if _, err := fmt.Sscanf(r[i+1:], "%d/%d/%d", &port, &w, &h); err != nil {
			panic(r)
		}
		vs.RealServices = append(vs.RealServices, &fwdpb.RealService{Address: addr, Port: port, Weight: w, Health: h})
	}
	return vs
}

// settings is a copy of vs with down_conns and all_down.
func settings(vs *fwdpb.VirtualService, downConns, allDown string) *fwdpb.VirtualService {
	vs = proto.Clone(vs).(*fwdpb.VirtualService)
	vs.DownConns, vs.AllDown = downConns, allDown
	return vs
}

// withTimeouts is a copy of vs with its own timeouts.
func withTimeouts(vs *fwdpb.VirtualService, t *fwdpb.Timeouts) *fwdpb.VirtualService {
	vs = proto.Clone(vs).(*fwdpb.VirtualService)
	vs.Timeouts = t
	return vs
}

// limited is a copy of vs with a rate limit and its reals' connection limits, in order.
func limited(vs *fwdpb.VirtualService, rate uint32, conns ...uint32) *fwdpb.VirtualService {
	vs = proto.Clone(vs).(*fwdpb.VirtualService)
	vs.ConnRateLimit = rate
	for i, c := range conns {
		vs.RealServices[i].ConnLimit = c
	}
	return vs
}

// summary is a service list as sorted text, for comparisons.
func summary(l []*fwdpb.VirtualService) []string {
	var out []string
	for _, vs := range l {
		var reals []string
		for _, rs := range vs.GetRealServices() {
			r := fmt.Sprintf("%s/%d/%d", realKey(rs.GetAddress(), rs.GetPort()), rs.GetWeight(), rs.GetHealth())
			if rs.GetConnLimit() != 0 {
				r += fmt.Sprintf(" limit=%d", rs.GetConnLimit())
			}
			reals = append(reals, r)
		}
		slices.Sort(reals)
		line := fmt.Sprintf("%s %s %s %s %s [%s]", svcKey(vs.GetId()), orDefault(vs.GetMode(), defaultMode),
			orDefault(vs.GetScheduler(), defaultScheduler),
			orDefault(vs.GetDownConns(), model.DefaultDownConns(vs.GetId().GetProtocol())),
			orDefault(vs.GetAllDown(), defaultAllDown), strings.Join(reals, " "))
		if vs.GetConnRateLimit() != 0 {
			line += fmt.Sprintf(" rate=%d", vs.GetConnRateLimit())
		}
		out = append(out, line)
	}
	slices.Sort(out)
	return out
}

// tenant is a vxlan service of VNI vni with a priority, its NF's VTEP the one real.
func tenant(vni, priority uint32) *fwdpb.VirtualService {
	vs := svc("tcp", "192.168.0.100", 80, "vxlan", "maglev", fmt.Sprintf("10.1.0.%d:0/100/1", vni/100+10))
	vs.Id.Vni, vs.Priority = vni, priority
	return vs
}

func TestReconcile(t *testing.T) {
	web := func(reals ...string) *fwdpb.VirtualService {
		return svc("tcp", "10.100.0.1", 80, "nat", "maglev", reals...)
	}
	dns := svc("udp", "fd00::53", 53, "", "", "[fd01::5]:0/100/1")
	tests := []struct {
		name    string
		actual  []*fwdpb.VirtualService
		desired []*fwdpb.VirtualService
		fail    string // an op the forwarder refuses once (ENOSPC)
		wantOps []string
		wantErr string
	}{
		{
			name:    "empty to desired",
			desired: []*fwdpb.VirtualService{web("10.1.0.11:8080/100/1", "10.1.0.12:8080/50/1"), dns},
			wantOps: []string{"add_service tcp/10.100.0.1/80 reals=2", "add_service udp/fd00::53/53 reals=1"},
		},
		{
			// Two tenants with the same protocol, vip and port: two services (the VNI is
			// in the key); a priority set by the controller is reconciled.
			name:    "vxlan tenants and a priority",
			actual:  []*fwdpb.VirtualService{tenant(100, 0)},
			desired: []*fwdpb.VirtualService{tenant(100, 7), tenant(200, 0)},
			wantOps: []string{"update_service tcp/192.168.0.100/80/vni100 priority=7",
				"add_service tcp/192.168.0.100/80/vni200 reals=1"},
		},
		{
			name:    "nothing to do",
			actual:  []*fwdpb.VirtualService{web("10.1.0.11:8080/100/1")},
			desired: []*fwdpb.VirtualService{web("10.1.0.11:8080/100/1")},
		},
		{
			name:    "weight change",
			actual:  []*fwdpb.VirtualService{web("10.1.0.11:8080/100/1", "10.1.0.12:8080/100/1")},
			desired: []*fwdpb.VirtualService{web("10.1.0.11:8080/100/1", "10.1.0.12:8080/300/1")},
			wantOps: []string{"update_real tcp/10.100.0.1/80 10.1.0.12:8080 weight=300"},
		},
		{
			name:    "health change only",
			actual:  []*fwdpb.VirtualService{web("10.1.0.11:8080/100/1")},
			desired: []*fwdpb.VirtualService{web("10.1.0.11:8080/100/0")},
			wantOps: []string{"update_real tcp/10.100.0.1/80 10.1.0.11:8080 health=0"},
		},
		{
			name:    "real removed softly",
			actual:  []*fwdpb.VirtualService{web("10.1.0.11:8080/100/1", "10.1.0.12:8080/100/1")},
			desired: []*fwdpb.VirtualService{web("10.1.0.11:8080/100/1")},
			wantOps: []string{"remove_real tcp/10.100.0.1/80 10.1.0.12:8080 hard=false"},
		},
		{
			name:    "real added",
			actual:  []*fwdpb.VirtualService{web("10.1.0.11:8080/100/1")},
			desired: []*fwdpb.VirtualService{web("10.1.0.11:8080/100/1", "10.1.0.13:8080/10/0")},
			wantOps: []string{"add_real tcp/10.100.0.1/80 10.1.0.13:8080 weight=10 health=0"},
		},
		{
			name:    "service removed",
			actual:  []*fwdpb.VirtualService{web("10.1.0.11:8080/100/1"), dns},
			desired: []*fwdpb.VirtualService{dns},
			wantOps: []string{"remove_service tcp/10.100.0.1/80"},
		},
		{
			name:    "scheduler and mode",
			actual:  []*fwdpb.VirtualService{web("10.1.0.11:8080/100/1")},
			desired: []*fwdpb.VirtualService{svc("tcp", "10.100.0.1", 80, "dr", "wrr", "10.1.0.11:0/100/1")},
			wantOps: []string{
				"remove_real tcp/10.100.0.1/80 10.1.0.11:8080 hard=false",
				"update_service tcp/10.100.0.1/80 mode=dr scheduler=wrr",
				"add_real tcp/10.100.0.1/80 10.1.0.11:0 weight=100 health=1",
			},
		},
		{
			name:    "down_conns and all_down",
			actual:  []*fwdpb.VirtualService{web("10.1.0.11:8080/100/1")},
			desired: []*fwdpb.VirtualService{settings(web("10.1.0.11:8080/100/1"), "reschedule", "keep_last")},
			wantOps: []string{"update_service tcp/10.100.0.1/80 down_conns=reschedule all_down=keep_last"},
		},
		{
			name:    "the protocols' defaults, given or not, are the same",
			actual:  []*fwdpb.VirtualService{web("10.1.0.11:8080/100/1"), dns},
			desired: []*fwdpb.VirtualService{settings(web("10.1.0.11:8080/100/1"), "keep", "drop"), settings(dns, "reschedule", "")},
		},
		{
			name:    "back to the default",
			actual:  []*fwdpb.VirtualService{settings(dns, "keep", "")},
			desired: []*fwdpb.VirtualService{dns},
			wantOps: []string{"update_service udp/fd00::53/53 down_conns=reschedule"},
		},
		{
			name:    "limits set",
			actual:  []*fwdpb.VirtualService{web("10.1.0.11:8080/100/1", "10.1.0.12:8080/100/1")},
			desired: []*fwdpb.VirtualService{limited(web("10.1.0.11:8080/100/1", "10.1.0.12:8080/100/1"), 1000, 0, 50)},
			wantOps: []string{
				"update_service tcp/10.100.0.1/80 conn_rate_limit=1000",
				"update_real tcp/10.100.0.1/80 10.1.0.12:8080 conn_limit=50",
			},
		},
		{
			name:    "own timeouts set",
			actual:  []*fwdpb.VirtualService{dns},
			desired: []*fwdpb.VirtualService{withTimeouts(dns, &fwdpb.Timeouts{Udp: 2})},
			wantOps: []string{"update_service udp/fd00::53/53 timeouts=udp:2"},
		},
		{
			name:    "own timeouts cleared; absent and all 0 agree",
			actual:  []*fwdpb.VirtualService{withTimeouts(dns, &fwdpb.Timeouts{Udp: 2, TcpFin: 9})},
			desired: []*fwdpb.VirtualService{withTimeouts(dns, &fwdpb.Timeouts{})},
			wantOps: []string{"update_service udp/fd00::53/53 timeouts=global"},
		},
		{
			name:    "own timeouts the same",
			actual:  []*fwdpb.VirtualService{withTimeouts(dns, &fwdpb.Timeouts{Udp: 2})},
			desired: []*fwdpb.VirtualService{withTimeouts(dns, &fwdpb.Timeouts{Udp: 2})},
		},
		{
			name:   "synproxy turned on, then its threshold",
			actual: []*fwdpb.VirtualService{web("10.1.0.11:8080/100/1")},
			desired: []*fwdpb.VirtualService{func() *fwdpb.VirtualService {
				vs := web("10.1.0.11:8080/100/1")
				vs.Synproxy, vs.SynproxyThreshold = "auto", 300
				return vs
			}()},
			wantOps: []string{"update_service tcp/10.100.0.1/80 synproxy=auto synproxy_threshold=300"},
		},
		{
			name:    "limits cleared, weight changed with one",
			actual:  []*fwdpb.VirtualService{limited(web("10.1.0.11:8080/100/1"), 1000, 50)},
			desired: []*fwdpb.VirtualService{web("10.1.0.11:8080/70/1")},
			wantOps: []string{
				"update_service tcp/10.100.0.1/80 conn_rate_limit=0",
				"update_real tcp/10.100.0.1/80 10.1.0.11:8080 weight=70 conn_limit=0",
			},
		},
		{
			name:    "a new real and a new service carry their limits",
			actual:  []*fwdpb.VirtualService{web("10.1.0.11:8080/100/1")},
			desired: []*fwdpb.VirtualService{limited(web("10.1.0.11:8080/100/1", "10.1.0.12:8080/100/1"), 0, 0, 9), limited(dns, 5, 7)},
			wantOps: []string{
				"add_real tcp/10.100.0.1/80 10.1.0.12:8080 weight=100 health=1 conn_limit=9",
				"add_service udp/fd00::53/53 reals=1",
			},
		},
		{
			name:    "IPv6 written another way is the same address",
			actual:  []*fwdpb.VirtualService{dns},
			desired: []*fwdpb.VirtualService{svc("udp", "fd00:0:0::53", 53, "nat", "maglev", "[fd01:0::5]:0/100/1")},
		},
		{
			name:    "a refused change does not stop the others",
			actual:  []*fwdpb.VirtualService{web("10.1.0.11:8080/100/1")},
			desired: []*fwdpb.VirtualService{web("10.1.0.11:8080/100/1", "10.1.0.12:8080/1/1"), dns},
			fail:    "add_real",
			wantOps: []string{"add_service udp/fd00::53/53 reals=1"},
			wantErr: "add_real tcp/10.100.0.1/80 10.1.0.12:8080",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := fwdtest.New(t)
			f.Load(tt.actual)
			fc := fwdclient.New(f.Path)
			defer fc.Close()
			if tt.fail != "" {
				f.FailNext(tt.fail, syscall.ENOSPC)
			}
			ctx := context.Background()
			actual, err := fc.ListServices(ctx)
			if err != nil {
				t.Fatal(err)
			}
			_, err = reconcile(ctx, fc, tt.desired, actual, nil)
			if tt.wantErr == "" && err != nil {
				t.Fatalf("reconcile: %v", err)
			}
			if tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)) {
				t.Fatalf("reconcile error %v, want %q", err, tt.wantErr)
			}
			if got := f.Ops(); !slices.Equal(got, tt.wantOps) {
				t.Errorf("ops\n got %q\nwant %q", got, tt.wantOps)
			}
			if tt.wantErr != "" {
				// The next pass finishes the job.
				actual, _ = fc.ListServices(ctx)
				if _, err := reconcile(ctx, fc, tt.desired, actual, nil); err != nil {
					t.Fatalf("second pass: %v", err)
				}
			}
			if got, want := summary(f.Services()), summary(tt.desired); !slices.Equal(got, want) {
				t.Errorf("forwarder runs\n %q\nwant\n %q", got, want)
			}
		})
	}
}

func TestEffectiveAndChecks(t *testing.T) {
	ds := &ctlpb.DesiredState{
		Version: 3,
		Services: []*fwdpb.VirtualService{
			svc("tcp", "10.100.0.1", 80, "", "", "10.1.0.11:8080/100/1", "10.1.0.12:8080/100/1", "10.1.0.13:8080/100/0"),
			svc("udp", "10.100.0.2", 53, "", "", "10.1.0.21:0/100/1"),
		},
		Checks: []*ctlpb.HealthCheck{
			{Service: &fwdpb.ServiceId{Protocol: "tcp", Vip: "10.100.0.1", Vport: 80}, Address: "10.1.0.11",
				Port: 8080, Kind: "tcp", IntervalMs: 100, Rise: 1, Fall: 2},
			{Service: &fwdpb.ServiceId{Protocol: "tcp", Vip: "10.100.0.1", Vport: 80}, Address: "10.1.0.12",
				Port: 8080, Kind: "http", HttpPath: "/health", CheckPort: 9000},
			{Service: &fwdpb.ServiceId{Protocol: "tcp", Vip: "10.100.0.1", Vport: 80}, Address: "10.1.0.13",
				Port: 8080, Kind: "none"},
			{Service: &fwdpb.ServiceId{Protocol: "udp", Vip: "10.100.0.2", Vport: 53}, Address: "10.1.0.21",
				Kind: "udp", Send: []byte{0x12, 0x34, 0}, Expect: []byte{0x12, 0x34}},
		},
	}
	specs, targets := checkSpecs(ds)
	if len(specs) != 3 || len(targets) != 3 {
		t.Fatalf("specs %v", specs)
	}
	tests := []struct {
		key      string
		kind     string
		port     uint16
		interval int64
	}{
		{"tcp/10.100.0.1/80 10.1.0.11:8080", "tcp", 8080, 100e6},
		{"tcp/10.100.0.1/80 10.1.0.12:8080", "http", 9000, 0},
		{"udp/10.100.0.2/53 10.1.0.21:0", "udp", 53, 0}, // keeps the client's port: the VIP's
	}
	for _, tt := range tests {
		s, ok := specs[tt.key]
		if !ok || s.Kind != tt.kind || s.Port != tt.port || int64(s.Interval) != tt.interval {
			t.Errorf("%s: spec %+v (present %t)", tt.key, s, ok)
		}
	}
	if s := specs["udp/10.100.0.2/53 10.1.0.21:0"]; s.Send != "\x12\x34\x00" || s.Expect != "\x12\x34" {
		t.Errorf("udp payloads: send %q, expect %q", s.Send, s.Expect)
	}
	down := map[string]bool{"tcp/10.100.0.1/80 10.1.0.11:8080": true, "tcp/10.100.0.1/80 10.1.0.13:8080": false}
	got := summary(effective(ds, func(k string) bool { return down[k] }))
	want := []string{
		// .11 is down by its checks, .13 by the controller (and stays down whatever the checks say).
		"tcp/10.100.0.1/80 nat maglev keep drop [10.1.0.11:8080/100/0 10.1.0.12:8080/100/1 10.1.0.13:8080/100/0]",
		"udp/10.100.0.2/53 nat maglev reschedule drop [10.1.0.21:0/100/1]",
	}
	if !slices.Equal(got, want) {
		t.Errorf("effective\n %q\nwant\n %q", got, want)
	}
	if ds.Services[0].RealServices[0].Health != 1 {
		t.Error("effective changed the desired state it was given")
	}
}

func TestBackoff(t *testing.T) {
	b := backoff{min: 100, max: 1000}
	wantCaps := []int64{100, 200, 400, 800, 1000, 1000}
	for i, c := range wantCaps {
		d := int64(b.next())
		if d < c/2 || d > c {
			t.Errorf("retry %d: %d, want within [%d, %d]", i+1, d, c/2, c)
		}
	}
	b.reset()
	if d := int64(b.next()); d < 50 || d > 100 {
		t.Errorf("after reset: %d", d)
	}
}
