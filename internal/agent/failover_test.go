package agent

import (
	"testing"
	"time"

	"hvlb/internal/fwdclient/fwdtest"
	"hvlb/internal/pb/ctlpb"
	"hvlb/internal/pb/fwdpb"
)

// TestAgentFailsOverNeverBack: with two controllers, the agent moves to the second when the
// first stops; a desired state older than the one it took is refused (the forwarder keeps
// the newer one), and a newer one is applied.
func TestAgentFailsOverNeverBack(t *testing.T) {
	dir := pki(t)
	f := fwdtest.New(t)
	first, second := newFakeCtl(), newFakeCtl()
	addrA, addrB := freeAddr(t), freeAddr(t)
	stopA := serveCtl(t, dir, addrA, first)
	serveCtl(t, dir, addrB, second)
	v5 := []*fwdpb.VirtualService{svc("tcp", "10.100.0.1", 80, "nat", "maglev", "10.1.0.11:80/100/1")}
	first.publish(&ctlpb.DesiredState{Version: 5, Services: v5})
	a := startAgent(t, dir, addrA+","+addrB, f.Path)
	eventually(t, 5*time.Second, "version 5 from the first controller", runs(f, v5))

	second.publish(&ctlpb.DesiredState{Version: 3}) // behind: it would empty the forwarder
	stopA()
	eventually(t, 5*time.Second, "registered with the second controller", func() (bool, string) {
		return len(second.registered()) > 0 && second.lastReport() != nil, ""
	})
	eventually(t, 5*time.Second, "the stale state counted", func() (bool, string) {
		var n uint64
		a.call(t.Context(), func() { n = a.staleDesired })
		return n > 0, ""
	})
	if got := summary(f.Services()); len(got) != 1 {
		t.Fatalf("the forwarder went back to an older state: %q", got)
	}
	v6 := []*fwdpb.VirtualService{svc("tcp", "10.100.0.2", 80, "nat", "maglev", "10.1.0.12:80/100/1")}
	second.publish(&ctlpb.DesiredState{Version: 6, Services: v6})
	eventually(t, 5*time.Second, "version 6 from the second controller", runs(f, v6))
}
