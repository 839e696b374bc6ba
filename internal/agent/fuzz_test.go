package agent

import (
	"context"
	"slices"
	"testing"

	"hvlb/internal/fwdclient"
	"hvlb/internal/fwdclient/fwdtest"
	"hvlb/internal/pb/fwdpb"
)

// Small alphabets, so that the desired state and the forwarder's often share services and
// reals (the interesting case), with the spellings the agent must see as one ("fd00:0::1").
var (
	fzProtos = []string{"tcp", "udp"}
	fzVIPs   = []string{"10.100.0.1", "10.100.0.2", "fd00::1", "fd00:0::1", "not-an-ip"}
	fzPorts  = []uint32{0, 80, 53}
	fzModes  = []string{"", "nat", "dr", "xx"}
	fzScheds = []string{"", "maglev", "rr", "wrr", "sh"}
	fzReals  = []string{"10.1.0.11", "10.1.0.12", "fd01::11", "fd01:0:0::11", "::ffff:10.1.0.11"}
	fzRPorts = []uint32{0, 8080}
)

// fzServices reads a list of services from b: a count, then per service its id, mode,
// scheduler and reals, each a byte choosing among the alphabets above. A service or real
// given twice (as the agent would see them: svcKey, realKey) is kept once, as the
// controller's validation and the forwarder guarantee.
func fzServices(b []byte) ([]*fwdpb.VirtualService, []byte) {
	next := func() int {
		if len(b) == 0 {
			return 0
		}
		v := int(b[0])
		b = b[1:]
		return v
	}
	var out []*fwdpb.VirtualService
	services := map[string]bool{}
	for n := next() % 4; n > 0; n-- {
		vs := &fwdpb.VirtualService{Id: &fwdpb.ServiceId{Protocol: fzProtos[next()%len(fzProtos)],
			Vip: fzVIPs[next()%len(fzVIPs)], Vport: fzPorts[next()%len(fzPorts)]},
			Mode: fzModes[next()%len(fzModes)], Scheduler: fzScheds[next()%len(fzScheds)]}
		reals := map[string]bool{}
		for r := next() % 4; r > 0; r-- {
			rs := &fwdpb.RealService{Address: fzReals[next()%len(fzReals)],
				Port: fzRPorts[next()%len(fzRPorts)], Weight: uint32(next()), Health: uint32(next() % 3)}
			if k := realKey(rs.Address, rs.Port); !reals[k] {
				reals[k] = true
				vs.RealServices = append(vs.RealServices, rs)
			}
		}
		if k := svcKey(vs.Id); !services[k] {
			services[k] = true
			out = append(out, vs)
		}
	}
	return out, b
}

// FuzzReconcile: from any state the forwarder has, a reconcile to any desired state that
// reports no error leaves the forwarder running exactly the desired state, and planning
// again then finds nothing to do (against the fake forwarder, which refuses what the real
// one does).
func FuzzReconcile(f *testing.F) {
	fwd := fwdtest.New(f)
	fc := fwdclient.New(fwd.Path)
	defer fc.Close()
	f.Add([]byte{})
	f.Add([]byte{1, 0, 0, 1, 1, 1, 2, 0, 1, 100, 1, 1, 1, 200, 1, 1, 0, 0, 1, 1, 1, 2, 0, 1, 100, 1, 1, 0, 50, 1})
	f.Add([]byte{2, 0, 2, 1, 0, 0, 1, 2, 0, 1, 1, 1, 0, 1, 1, 2, 3, 1, 1, 1, 3, 2, 1, 0, 1, 1, 0, 4, 2, 0, 1})
	f.Add([]byte{1, 0, 0, 1, 2, 3, 1, 0, 1, 7, 1, 1, 1, 0, 1, 1, 2, 0, 1, 0, 7, 1})
	f.Fuzz(func(t *testing.T, b []byte) {
		actual, rest := fzServices(b)
		desired, _ := fzServices(rest)
		ctx := context.Background()
		fwd.Load(nil)
		for _, vs := range actual { // what the forwarder accepts of them, as the agent would have left it
			_ = fc.AddService(ctx, vs)
		}
		have, err := fc.ListServices(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := reconcile(ctx, fc, desired, have, nil); err != nil {
			return // refused somewhere: the next pass (a new desired state) starts from what is there
		}
		if got, want := summary(fwd.Services()), summary(desired); !slices.Equal(got, want) {
			t.Fatalf("from %q to %q: forwarder runs %q", summary(have), want, got)
		}
		have, err = fc.ListServices(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if steps := plan(desired, have, nil); len(steps) != 0 {
			var desc []string
			for _, s := range steps {
				desc = append(desc, s.desc)
			}
			t.Fatalf("to %q: once there, the plan still says %q", summary(desired), desc)
		}
	})
}
