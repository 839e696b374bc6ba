package agent

import (
	"fmt"
	"syscall"
	"testing"
	"time"

	"hvlb/internal/fwdclient/fwdtest"
	"hvlb/internal/pb/ctlpb"
	"hvlb/internal/pb/fwdpb"
)

// Reports carry the forwarder's steering read-out, the dispatch stage's figures included,
// with up to MaxReportedOverrides overrides; a forwarder that refuses GetSteering (an older one) still gets its stats
// reported, without steering, and the next report has it again.
func TestAgentReportsSteering(t *testing.T) {
	dir := pki(t)
	f := fwdtest.New(t)
	set := &fwdpb.Steering{Rssa: &fwdpb.RssaConfig{Enabled: true, Q: 1}, FlowsMoved: 9, RssaMoves: 8,
		Dispatch: &fwdpb.DispatchStage{Enabled: true, Stages: 2, Lcore: 1, RxQueues: 2, RxPackets: 500, BusySeconds: 0.5,
			Fences: 3, FenceHeld: 40, FenceEarly: 1}}
	for i := 0; i < 150; i++ {
		set.Overrides = append(set.Overrides, &fwdpb.SteerOverride{Protocol: "tcp",
			Client: fmt.Sprintf("10.9.0.5:%d", 40000+i), Vip: "10.100.0.1:80", Worker: 1})
	}
	f.SetSteering(set)
	ctl := newFakeCtl()
	addr := freeAddr(t)
	serveCtl(t, dir, addr, ctl)
	startAgent(t, dir, addr, f.Path)

	eventually(t, 5*time.Second, "steering reported", func() (bool, string) {
		s := ctl.lastReport().GetSteering()
		return len(s.GetOverrides()) == MaxReportedOverrides && s.GetOverridesTotal() == 150 &&
			s.GetRssa().GetEnabled() && s.GetFlowsMoved() == 9 && s.GetDispatch().GetEnabled() &&
			s.GetDispatch().GetRxPackets() == 500 && s.GetDispatch().GetBusySeconds() == 0.5 &&
			s.GetDispatch().GetStages() == 2 && s.GetDispatch().GetFences() == 3 &&
			s.GetDispatch().GetFenceHeld() == 40 && s.GetDispatch().GetFenceEarly() == 1, fmt.Sprint(s)
	})

	ctl.mu.Lock()
	seen := len(ctl.reports)
	ctl.mu.Unlock()
	f.FailNext("get_steering", syscall.EINVAL)
	var without *ctlpb.AgentReport
	eventually(t, 5*time.Second, "a report without steering, then with it again", func() (bool, string) {
		ctl.mu.Lock()
		defer ctl.mu.Unlock()
		for _, r := range ctl.reports[seen:] {
			if without == nil && r.GetSteering() == nil {
				without = r
			}
		}
		last := ctl.reports[len(ctl.reports)-1]
		return without != nil && last.GetSteering() != nil, fmt.Sprint(without)
	})
	if without.GetState() != "ready" || without.GetStats() == nil {
		t.Errorf("report when GetSteering failed: %v", without)
	}
}
