package agent

import (
	"context"
	"slices"
	"testing"
	"time"

	"hvlb/internal/fwdclient"
	"hvlb/internal/fwdclient/fwdtest"
	"hvlb/internal/pb/ctlpb"
	"hvlb/internal/pb/fwdpb"
)

func hardRemoval(proto, vip string, vport uint32, addr string, port uint32, version uint64) *ctlpb.HardRemoval {
	return &ctlpb.HardRemoval{Service: &fwdpb.ServiceId{Protocol: proto, Vip: vip, Vport: vport},
		Address: addr, Port: port, Version: version}
}

func hardSetOf(hs ...*ctlpb.HardRemoval) hardSet {
	out := hardSet{}
	for _, h := range hs {
		out[hardKey(h)] = hardID(h)
	}
	return out
}

// TestReconcileHard: which removals are hard.
func TestReconcileHard(t *testing.T) {
	web := func(reals ...string) *fwdpb.VirtualService {
		return svc("tcp", "10.100.0.1", 80, "nat", "maglev", reals...)
	}
	web2 := func(reals ...string) *fwdpb.VirtualService {
		return svc("tcp", "10.100.0.2", 80, "nat", "maglev", reals...)
	}
	tests := []struct {
		name     string
		actual   []*fwdpb.VirtualService
		desired  []*fwdpb.VirtualService
		hard     hardSet
		wantOps  []string
		wantHard []string // hard removals reported done
	}{
		{
			name:     "listed real removed hard",
			actual:   []*fwdpb.VirtualService{web("10.1.0.11:8080/100/1", "10.1.0.12:8080/100/1")},
			desired:  []*fwdpb.VirtualService{web("10.1.0.11:8080/100/1")},
			hard:     hardSetOf(hardRemoval("tcp", "10.100.0.1", 80, "10.1.0.12", 8080, 7)),
			wantOps:  []string{"remove_real tcp/10.100.0.1/80 10.1.0.12:8080 hard=true"},
			wantHard: []string{"tcp/10.100.0.1/80 10.1.0.12:8080@7"},
		},
		{
			name:    "unlisted real removed softly",
			actual:  []*fwdpb.VirtualService{web("10.1.0.11:8080/100/1", "10.1.0.12:8080/100/1")},
			desired: []*fwdpb.VirtualService{web("10.1.0.12:8080/100/1")},
			hard:    hardSetOf(hardRemoval("tcp", "10.100.0.1", 80, "10.1.0.12", 8080, 7)),
			wantOps: []string{"remove_real tcp/10.100.0.1/80 10.1.0.11:8080 hard=false"},
		},
		{
			name:    "listed but desired: kept",
			actual:  []*fwdpb.VirtualService{web("10.1.0.11:8080/100/1")},
			desired: []*fwdpb.VirtualService{web("10.1.0.11:8080/100/1")},
			hard:    hardSetOf(hardRemoval("tcp", "10.100.0.1", 80, "10.1.0.11", 8080, 7)),
		},
		{
			name:    "listed but already gone: nothing",
			actual:  []*fwdpb.VirtualService{web("10.1.0.11:8080/100/1")},
			desired: []*fwdpb.VirtualService{web("10.1.0.11:8080/100/1")},
			hard:    hardSetOf(hardRemoval("tcp", "10.100.0.1", 80, "10.1.0.12", 8080, 7)),
		},
		{
			name:    "same real of another service: soft",
			actual:  []*fwdpb.VirtualService{web("10.1.0.11:8080/100/1"), web2("10.1.0.11:8080/100/1", "10.1.0.12:8080/100/1")},
			desired: []*fwdpb.VirtualService{web("10.1.0.11:8080/100/1"), web2("10.1.0.11:8080/100/1")},
			hard:    hardSetOf(hardRemoval("tcp", "10.100.0.1", 80, "10.1.0.12", 8080, 7)),
			wantOps: []string{"remove_real tcp/10.100.0.2/80 10.1.0.12:8080 hard=false"},
		},
		{
			name:     "IPv6 written another way",
			actual:   []*fwdpb.VirtualService{svc("tcp", "fd00::1", 80, "nat", "maglev", "[fd01::5]:80/1/1", "[fd01::6]:80/1/1")},
			desired:  []*fwdpb.VirtualService{svc("tcp", "fd00::1", 80, "nat", "maglev", "[fd01::5]:80/1/1")},
			hard:     hardSetOf(hardRemoval("tcp", "fd00:0::1", 80, "fd01:0::6", 80, 3)),
			wantOps:  []string{"remove_real tcp/fd00::1/80 [fd01::6]:80 hard=true"},
			wantHard: []string{"tcp/fd00::1/80 [fd01::6]:80@3"},
		},
		{
			name:    "service removed: its listed reals go with it",
			actual:  []*fwdpb.VirtualService{web("10.1.0.11:8080/100/1")},
			hard:    hardSetOf(hardRemoval("tcp", "10.100.0.1", 80, "10.1.0.11", 8080, 7)),
			wantOps: []string{"remove_service tcp/10.100.0.1/80"},
		},
		{
			name:     "listed service removed hard, another softly",
			actual:   []*fwdpb.VirtualService{web("10.1.0.11:8080/100/1"), web2("10.1.0.11:8080/100/1")},
			hard:     hardSetOf(hardRemoval("tcp", "10.100.0.1", 80, "", 0, 8)),
			wantOps:  []string{"remove_service tcp/10.100.0.1/80 hard", "remove_service tcp/10.100.0.2/80"},
			wantHard: []string{"tcp/10.100.0.1/80 :0@8"},
		},
		{
			name:    "listed service but desired: kept",
			actual:  []*fwdpb.VirtualService{web("10.1.0.11:8080/100/1")},
			desired: []*fwdpb.VirtualService{web("10.1.0.11:8080/100/1")},
			hard:    hardSetOf(hardRemoval("tcp", "10.100.0.1", 80, "", 0, 8)),
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := fwdtest.New(t)
			f.Load(tt.actual)
			fc := fwdclient.New(f.Path)
			defer fc.Close()
			ctx := context.Background()
			actual, err := fc.ListServices(ctx)
			if err != nil {
				t.Fatal(err)
			}
			done, err := reconcile(ctx, fc, tt.desired, actual, tt.hard)
			if err != nil {
				t.Fatal(err)
			}
			if got := f.Ops(); !slices.Equal(got, tt.wantOps) {
				t.Errorf("ops\n got %q\nwant %q", got, tt.wantOps)
			}
			var hard []string
			for _, d := range done {
				if d.hard != "" {
					hard = append(hard, d.hard)
				}
			}
			if !slices.Equal(hard, tt.wantHard) {
				t.Errorf("hard removals done %q, want %q", hard, tt.wantHard)
			}
			if got, want := summary(f.Services()), summary(tt.desired); !slices.Equal(got, want) {
				t.Errorf("forwarder runs\n %q\nwant\n %q", got, want)
			}
		})
	}
}

// TestAgentHardRemoval: an agent applies each hard removal the controller lists once;
// an agent that starts after the removal still applies it.
func TestAgentHardRemoval(t *testing.T) {
	web := func(reals ...string) *fwdpb.VirtualService {
		return svc("tcp", "10.100.0.1", 80, "nat", "maglev", reals...)
	}
	three := []*fwdpb.VirtualService{web("10.1.0.11:8080/100/1", "10.1.0.12:8080/100/1", "10.1.0.13:8080/100/1")}
	rm12 := hardRemoval("tcp", "10.100.0.1", 80, "10.1.0.12", 8080, 2)
	rm12again := hardRemoval("tcp", "10.100.0.1", 80, "10.1.0.12", 8080, 4)

	t.Run("once per removal", func(t *testing.T) {
		dir := pki(t)
		f := fwdtest.New(t)
		ctl := newFakeCtl()
		addr := freeAddr(t)
		serveCtl(t, dir, addr, ctl)
		startAgent(t, dir, addr, f.Path)
		steps := []struct {
			name    string
			ds      *ctlpb.DesiredState // nil: load reload into the forwarder instead
			reload  []*fwdpb.VirtualService
			want    []*fwdpb.VirtualService
			wantOps []string
		}{
			{name: "three reals", ds: &ctlpb.DesiredState{Version: 1, Services: three}, want: three,
				wantOps: []string{"add_service tcp/10.100.0.1/80 reals=3"}},
			{name: "one removed hard",
				ds:      &ctlpb.DesiredState{Version: 2, Services: []*fwdpb.VirtualService{web("10.1.0.11:8080/100/1", "10.1.0.13:8080/100/1")}, HardRemovals: []*ctlpb.HardRemoval{rm12}},
				want:    []*fwdpb.VirtualService{web("10.1.0.11:8080/100/1", "10.1.0.13:8080/100/1")},
				wantOps: []string{"remove_real tcp/10.100.0.1/80 10.1.0.12:8080 hard=true"}},
			{name: "another removed softly, the hard one still listed",
				ds:      &ctlpb.DesiredState{Version: 3, Services: []*fwdpb.VirtualService{web("10.1.0.11:8080/100/1")}, HardRemovals: []*ctlpb.HardRemoval{rm12}},
				want:    []*fwdpb.VirtualService{web("10.1.0.11:8080/100/1")},
				wantOps: []string{"remove_real tcp/10.100.0.1/80 10.1.0.13:8080 hard=false"}},
			{name: "the forwarder gets the removed real back from elsewhere: removed softly, not hard again",
				reload:  three,
				want:    []*fwdpb.VirtualService{web("10.1.0.11:8080/100/1")},
				wantOps: []string{"remove_real tcp/10.100.0.1/80 10.1.0.12:8080 hard=false", "remove_real tcp/10.100.0.1/80 10.1.0.13:8080 hard=false"}},
			{name: "added again (listed or not, a desired real stays)",
				ds: &ctlpb.DesiredState{Version: 4, Services: []*fwdpb.VirtualService{web("10.1.0.11:8080/100/1", "10.1.0.12:8080/100/1")},
					HardRemovals: []*ctlpb.HardRemoval{rm12}},
				want:    []*fwdpb.VirtualService{web("10.1.0.11:8080/100/1", "10.1.0.12:8080/100/1")},
				wantOps: []string{"add_real tcp/10.100.0.1/80 10.1.0.12:8080 weight=100 health=1"}},
			{name: "removed hard again: a new removal, applied",
				ds:      &ctlpb.DesiredState{Version: 5, Services: []*fwdpb.VirtualService{web("10.1.0.11:8080/100/1")}, HardRemovals: []*ctlpb.HardRemoval{rm12, rm12again}},
				want:    []*fwdpb.VirtualService{web("10.1.0.11:8080/100/1")},
				wantOps: []string{"remove_real tcp/10.100.0.1/80 10.1.0.12:8080 hard=true"}},
		}
		for _, s := range steps {
			f.ResetOps()
			if s.ds != nil {
				ctl.publish(s.ds)
				eventually(t, 5*time.Second, s.name+": report", reportedVersion(ctl, s.ds.GetVersion()))
			} else {
				f.Load(s.reload)
			}
			eventually(t, 5*time.Second, s.name, runs(f, s.want))
			time.Sleep(300 * time.Millisecond) // a resync more: nothing else may happen
			if got := f.Ops(); !slices.Equal(got, s.wantOps) {
				t.Errorf("%s: ops %q, want %q", s.name, got, s.wantOps)
			}
		}
	})

	t.Run("a service removed hard, once", func(t *testing.T) {
		dir := pki(t)
		f := fwdtest.New(t)
		ctl := newFakeCtl()
		addr := freeAddr(t)
		serveCtl(t, dir, addr, ctl)
		startAgent(t, dir, addr, f.Path)
		rmSvc := hardRemoval("tcp", "10.100.0.1", 80, "", 0, 2)
		ctl.publish(&ctlpb.DesiredState{Version: 1, Services: three})
		eventually(t, 5*time.Second, "added", runs(f, three))
		f.ResetOps()
		ctl.publish(&ctlpb.DesiredState{Version: 2, HardRemovals: []*ctlpb.HardRemoval{rmSvc}})
		eventually(t, 5*time.Second, "removed", runs(f, nil))
		eventually(t, 5*time.Second, "report", reportedVersion(ctl, 2))
		f.ResetOps()
		f.Load(three) // back from elsewhere: removed softly
		eventually(t, 5*time.Second, "removed again", runs(f, nil))
		time.Sleep(300 * time.Millisecond)
		if got, want := f.Ops(), []string{"remove_service tcp/10.100.0.1/80"}; !slices.Equal(got, want) {
			t.Errorf("ops %q, want %q", got, want)
		}
	})

	t.Run("agent started after the removal", func(t *testing.T) {
		dir := pki(t)
		f := fwdtest.New(t)
		f.Load(three)
		ctl := newFakeCtl()
		ctl.publish(&ctlpb.DesiredState{Version: 9, Services: []*fwdpb.VirtualService{web("10.1.0.11:8080/100/1")},
			HardRemovals: []*ctlpb.HardRemoval{rm12}})
		addr := freeAddr(t)
		serveCtl(t, dir, addr, ctl)
		f.ResetOps()
		startAgent(t, dir, addr, f.Path)
		eventually(t, 5*time.Second, "applied", runs(f, []*fwdpb.VirtualService{web("10.1.0.11:8080/100/1")}))
		want := []string{"remove_real tcp/10.100.0.1/80 10.1.0.12:8080 hard=true", "remove_real tcp/10.100.0.1/80 10.1.0.13:8080 hard=false"}
		if got := f.Ops(); !slices.Equal(got, want) {
			t.Errorf("ops %q, want %q", got, want)
		}
	})
}
