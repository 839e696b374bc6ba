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

// TestAgentTakesANewStore: a controller whose store was made again from scratch (a later
// epoch) is followed although its version is lower; a state of the older store, whatever
// its version, is then refused.
func TestAgentTakesANewStore(t *testing.T) {
	dir := pki(t)
	f := fwdtest.New(t)
	old, remade, oldAgain := newFakeCtl(), newFakeCtl(), newFakeCtl()
	addrA, addrB, addrC := freeAddr(t), freeAddr(t), freeAddr(t)
	stopA := serveCtl(t, dir, addrA, old)
	stopB := serveCtl(t, dir, addrB, remade)
	serveCtl(t, dir, addrC, oldAgain)
	v5 := []*fwdpb.VirtualService{svc("tcp", "10.100.0.1", 80, "nat", "maglev", "10.1.0.11:80/100/1")}
	old.publish(&ctlpb.DesiredState{Version: 5, StoreEpoch: 100, Services: v5})
	a := startAgent(t, dir, addrA+","+addrB+","+addrC, f.Path)
	eventually(t, 5*time.Second, "version 5 of the old store", runs(f, v5))

	v2 := []*fwdpb.VirtualService{svc("tcp", "10.100.0.2", 80, "nat", "maglev", "10.1.0.12:80/100/1")}
	remade.publish(&ctlpb.DesiredState{Version: 2, StoreEpoch: 200, Services: v2})
	stopA()
	eventually(t, 5*time.Second, "version 2 of the store made again", runs(f, v2))

	oldAgain.publish(&ctlpb.DesiredState{Version: 9, StoreEpoch: 100, Services: v5})
	stopB()
	eventually(t, 5*time.Second, "the old store's state counted as stale", func() (bool, string) {
		var n uint64
		a.call(t.Context(), func() { n = a.staleDesired })
		return n > 0, ""
	})
	if ok, got := runs(f, v2)(); !ok {
		t.Fatalf("the forwarder went back to the old store's state: %s", got)
	}
}
