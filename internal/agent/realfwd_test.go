package agent

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"hvlb/internal/fwdclient"
	"hvlb/internal/pb/ctlpb"
	"hvlb/internal/pb/fwdpb"
)

// realForwarder is hvlb-forwarder itself on two net_null ports (no NIC, no huge pages).
type realForwarder struct {
	t        *testing.T
	bin      string
	dir      string
	Path     string // control socket
	cmd      *exec.Cmd
	done     chan struct{} // closed when the process has exited
	n        int
	prefix   string // EAL's file prefix
	dispatch bool   // [forwarder] dispatch = on: one more lcore, the dispatch stage's
}

// withDispatch runs the forwarder with the software dispatch stage on its first worker
// lcore, and one worker after it.
func withDispatch(f *realForwarder) { f.dispatch = true }

const realForwarderINI = `[forwarder]
conn_max = 4096
mbufs = 4095

[port0]
dev = net_null0
addr = 10.9.0.2/24

[port1]
dev = net_null1
addr = 10.1.0.1/24

[vs.boot]
protocol = tcp
vip = 10.100.0.9
port = 443
rs.1 = 10.1.0.90:443 weight=100
`

// startRealForwarder starts the forwarder built in build/forwarder (or $HVLB_FORWARDER),
// and skips the test, saying why, when there is none or it cannot run here.
func startRealForwarder(t *testing.T, opts ...func(*realForwarder)) *realForwarder {
	bin := os.Getenv("HVLB_FORWARDER")
	if bin == "" {
		bin, _ = filepath.Abs("../../build/forwarder/src/hvlb-forwarder")
	}
	if _, err := os.Stat(bin); err != nil {
		t.Skipf("no forwarder binary (%v): build it with make forwarder, or set HVLB_FORWARDER", err)
	}
	dir, err := os.MkdirTemp("", "rfwd")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	f := &realForwarder{t: t, bin: bin, dir: dir, Path: filepath.Join(dir, "f.sock")}
	for _, o := range opts {
		o(f)
	}
	ini := realForwarderINI
	if f.dispatch {
		ini = strings.Replace(ini, "[forwarder]\n", "[forwarder]\ndispatch = on\n", 1)
	}
	if err := os.WriteFile(filepath.Join(dir, "f.ini"), []byte(ini), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := f.start(); err != nil {
		t.Skipf("the forwarder does not run here: %v", err)
	}
	t.Cleanup(f.stop)
	return f
}

func firstCPU() int {
	var set unix.CPUSet
	if err := unix.SchedGetaffinity(0, &set); err == nil {
		for i := 0; i < 1024; i++ {
			if set.IsSet(i) {
				return i
			}
		}
	}
	return 0
}

func (f *realForwarder) logPath() string { return filepath.Join(f.dir, fmt.Sprintf("f%d.log", f.n)) }

func (f *realForwarder) start() error {
	f.n++
	cpu := firstCPU()
	log, err := os.Create(f.logPath())
	if err != nil {
		return err
	}
	defer log.Close()
	f.prefix = fmt.Sprintf("hvlbagenttest%d_%d", os.Getpid(), f.n)
	lcores := fmt.Sprintf("0@%d,1@%d", cpu, cpu)
	if f.dispatch {
		lcores += fmt.Sprintf(",2@%d", cpu)
	}
	f.cmd = exec.Command(f.bin, "--lcores", lcores, "--no-pci", "--no-huge",
		"--no-shconf", "-m", "512", "--file-prefix", f.prefix,
		"--vdev", "net_null0", "--vdev", "net_null1", "--log-level=lib.*:warning",
		"--", "-c", filepath.Join(f.dir, "f.ini"), "-s", f.Path)
	f.cmd.Stdout, f.cmd.Stderr = log, log
	if err := f.cmd.Start(); err != nil {
		return err
	}
	exited := make(chan struct{})
	f.done = exited
	go func() {
		f.cmd.Wait()
		close(exited)
	}()
	c := fwdclient.New(f.Path)
	defer c.Close()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		select {
		case <-exited:
			f.removeRuntimeDir()
			b, _ := os.ReadFile(f.logPath())
			return fmt.Errorf("exited at start:\n%s", b)
		default:
		}
		if _, err := c.GetStats(context.Background()); err == nil {
			return nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	f.cmd.Process.Kill()
	<-exited
	f.removeRuntimeDir()
	b, _ := os.ReadFile(f.logPath())
	return fmt.Errorf("no control socket within 20s:\n%s", b)
}

func (f *realForwarder) stop() {
	if f.cmd != nil && f.cmd.Process != nil {
		f.cmd.Process.Kill()
		<-f.done
		f.removeRuntimeDir()
	}
	if f.t.Failed() {
		b, _ := os.ReadFile(f.logPath())
		f.t.Logf("forwarder log:\n%s", b)
	}
}

// removeRuntimeDir removes EAL's runtime directory (its telemetry socket), wherever EAL
// put it.
func (f *realForwarder) removeRuntimeDir() {
	for _, d := range []string{"/var/run/dpdk", os.Getenv("XDG_RUNTIME_DIR") + "/dpdk", "/tmp/dpdk"} {
		os.RemoveAll(filepath.Join(d, f.prefix))
	}
}

func (f *realForwarder) services(t *testing.T) []*fwdpb.VirtualService {
	c := fwdclient.New(f.Path)
	defer c.Close()
	l, err := c.ListServices(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// The reconcile table against the real forwarder: from each starting state to each
// desired one, the forwarder ends up running exactly the desired services.
func TestReconcileRealForwarder(t *testing.T) {
	f := startRealForwarder(t)
	fc := fwdclient.New(f.Path)
	defer fc.Close()
	ctx := context.Background()
	web := func(reals ...string) *fwdpb.VirtualService {
		return svc("tcp", "10.100.0.1", 80, "nat", "maglev", reals...)
	}
	dns := svc("udp", "fd00::53", 53, "", "", "[fd01::5]:0/100/1")
	steps := []struct {
		name    string
		desired []*fwdpb.VirtualService
		hard    hardSet
	}{
		{"boot config to desired", []*fwdpb.VirtualService{web("10.1.0.11:8080/100/1", "10.1.0.12:8080/50/1"), dns}, nil},
		{"weight change", []*fwdpb.VirtualService{web("10.1.0.11:8080/100/1", "10.1.0.12:8080/700/1"), dns}, nil},
		{"health 0", []*fwdpb.VirtualService{web("10.1.0.11:8080/100/0", "10.1.0.12:8080/700/1"), dns}, nil},
		{"limits", []*fwdpb.VirtualService{limited(web("10.1.0.11:8080/100/0", "10.1.0.12:8080/700/1"), 2000, 0, 64), dns}, nil},
		{"limits changed", []*fwdpb.VirtualService{limited(web("10.1.0.11:8080/100/0", "10.1.0.12:8080/700/1"), 0, 8, 64),
			limited(dns, 30, 0)}, nil},
		{"down_conns and all_down", []*fwdpb.VirtualService{
			settings(web("10.1.0.11:8080/100/0", "10.1.0.12:8080/700/1"), "reschedule", "keep_last"),
			settings(dns, "keep", "")}, nil},
		{"real removed", []*fwdpb.VirtualService{web("10.1.0.11:8080/100/0"), dns}, nil},
		{"nat to dr", []*fwdpb.VirtualService{svc("tcp", "10.100.0.1", 80, "dr", "wrr", "10.1.0.11:0/100/1"), dns}, nil},
		{"IPv6 written another way", []*fwdpb.VirtualService{
			svc("tcp", "10.100.0.1", 80, "dr", "wrr", "10.1.0.11:0/100/1"),
			svc("udp", "fd00:0::53", 53, "nat", "maglev", "[fd01:0:0::5]:0/100/1")}, nil},
		{"service removed", []*fwdpb.VirtualService{dns}, nil},
		{"service added again", []*fwdpb.VirtualService{web("10.1.0.12:8080/1/1"), dns}, nil},
		{"service removed hard", []*fwdpb.VirtualService{dns},
			hardSetOf(hardRemoval("tcp", "10.100.0.1", 80, "", 0, 9))},
		{"everything removed", nil, nil},
	}
	for _, s := range steps {
		actual, err := fc.ListServices(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := reconcile(ctx, fc, s.desired, actual, s.hard); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		if got, want := summary(f.services(t)), summary(s.desired); !slices.Equal(got, want) {
			t.Fatalf("%s: forwarder runs\n %q\nwant\n %q", s.name, got, want)
		}
		// Once there, nothing more to do.
		actual, _ = fc.ListServices(ctx)
		if p := plan(s.desired, actual, nil); len(p) != 0 {
			t.Errorf("%s: a second pass would still do %v", s.name, p[0].desc)
		}
	}
}

// The agent against the real forwarder: the controller's state replaces the boot
// configuration; the forwarder killed and started again (with its boot configuration) gets
// the controller's state back without anyone asking.
func TestAgentRealForwarderRestart(t *testing.T) {
	f := startRealForwarder(t)
	dir := pki(t)
	ctl := newFakeCtl()
	addr := freeAddr(t)
	serveCtl(t, dir, addr, ctl)
	want := []*fwdpb.VirtualService{svc("tcp", "10.100.0.1", 80, "nat", "maglev",
		"10.1.0.11:8080/100/1", "10.1.0.12:8080/200/1")}
	ctl.publish(&ctlpb.DesiredState{Version: 3, Services: want})
	startAgent(t, dir, addr, f.Path, func(c *Config) { c.ResyncInterval = time.Hour })
	eventually(t, 10*time.Second, "applied", func() (bool, string) {
		got := summary(f.services(t))
		return slices.Equal(got, summary(want)), fmt.Sprintf("%q", got)
	})
	eventually(t, 5*time.Second, "reported", reportedVersion(ctl, 3))

	f.stop()
	if err := f.start(); err != nil {
		t.Fatalf("restart: %v", err)
	}
	eventually(t, 10*time.Second, "restored after the restart", func() (bool, string) {
		got := summary(f.services(t))
		return slices.Equal(got, summary(want)), fmt.Sprintf("%q", got)
	})
}

// The forwarder's local API refuses a loopback VIP or real and a real at its own service's
// VIP (any port), naming the field: the controller's validation again, for whatever else
// drives the local API.
func TestRealForwarderRefusesLoopbackAndOwnVIP(t *testing.T) {
	f := startRealForwarder(t)
	fc := fwdclient.New(f.Path)
	defer fc.Close()
	ctx := context.Background()
	boot := &fwdpb.ServiceId{Protocol: "tcp", Vip: "10.100.0.9", Vport: 443}
	tests := []struct {
		name string
		do   func() error
		want string
	}{
		{"loopback vip", func() error {
			return fc.AddService(ctx, svc("udp", "127.0.0.1", 5060, "", "", "10.1.0.11:5060/100/1"))
		}, "add_service.service.vip: a loopback address"},
		{"loopback vip, IPv6", func() error { return fc.AddService(ctx, svc("udp", "::1", 5060, "", "")) },
			"add_service.service.vip: a loopback address"},
		{"loopback real in a new service", func() error {
			return fc.AddService(ctx, svc("udp", "10.100.0.7", 5060, "", "", "10.1.0.11:5060/100/1", "127.0.0.53:5060/100/1"))
		}, "add_service.service.real_services[1].address: a loopback address"},
		{"own vip in a new service", func() error {
			return fc.AddService(ctx, svc("udp", "10.100.0.7", 5060, "", "", "10.100.0.7:5061/100/1"))
		}, "add_service.service.real_services[0].address: the service's own VIP"},
		{"loopback real added", func() error {
			return fc.AddReal(ctx, boot, &fwdpb.RealService{Address: "127.0.0.1", Port: 443, Weight: 1, Health: 1})
		}, "address: a loopback address"},
		{"own vip added, another port", func() error {
			return fc.AddReal(ctx, boot, &fwdpb.RealService{Address: "10.100.0.9", Port: 8443, Weight: 1, Health: 1})
		}, "address: the service's own VIP"},
		{"IPv6 own vip", func() error {
			return fc.AddService(ctx, svc("tcp", "fd00::9", 80, "", "", "[fd00:0::9]:80/100/1"))
		}, "real_services[0].address: the service's own VIP"},
	}
	for _, tt := range tests {
		err := tt.do()
		var fe *fwdclient.Error
		if !errors.As(err, &fe) || fe.Status != unix.EINVAL || !strings.Contains(fe.Message, tt.want) {
			t.Errorf("%s: %v, want EINVAL saying %q", tt.name, err, tt.want)
		}
	}
	// Nothing of it was taken: the boot service alone, as it was.
	if got, want := summary(f.services(t)), []string{"tcp/10.100.0.9/443 nat maglev keep drop [10.1.0.90:443/100/1]"}; !slices.Equal(got, want) {
		t.Errorf("forwarder runs %q, want %q", got, want)
	}
}
