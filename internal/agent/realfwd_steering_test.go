package agent

import (
	"context"
	"errors"
	"fmt"
	"syscall"
	"testing"
	"time"

	"hvlb/internal/fwdclient"
	"hvlb/internal/pb/fwdpb"
)

// The real forwarder's steering read-out reaches the controller in the agent's reports:
// its ports, RSS-A's settings and its worker; the dispatch stage is off by default.
func TestAgentRealForwarderSteering(t *testing.T) {
	f := startRealForwarder(t)
	fc := fwdclient.New(f.Path)
	defer fc.Close()
	s, err := fc.GetSteering(context.Background(), MaxReportedOverrides)
	if errors.Is(err, syscall.EINVAL) {
		t.Skipf("this forwarder build does not answer GetSteering: %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	if len(s.GetPorts()) != 2 || s.GetPorts()[0].GetName() != "net_null0" || s.GetPorts()[0].GetMechanism() == "" ||
		len(s.GetWorkers()) != 1 || s.GetRssa().GetPeriodMs() == 0 || s.GetOverridesTotal() != 0 ||
		s.GetDispatch() == nil || s.GetDispatch().GetEnabled() {
		t.Errorf("GetSteering: %v", s)
	}

	dir := pki(t)
	ctl := newFakeCtl()
	addr := freeAddr(t)
	serveCtl(t, dir, addr, ctl)
	startAgent(t, dir, addr, f.Path, func(c *Config) { c.ResyncInterval = time.Hour })
	eventually(t, 10*time.Second, "steering reported", func() (bool, string) {
		r := ctl.lastReport()
		return len(r.GetSteering().GetPorts()) == 2 && len(r.GetSteering().GetWorkers()) == 1, fmt.Sprint(r.GetSteering())
	})
}

// With dispatch = on, the read-out has one dispatch stage on the first worker lcore, polling
// both ports, and its counters move and reach the agent's reports: net_null's RX hands out zero-filled frames endlessly,
// which are not TCP or UDP, so they go to the worker raw, and the stage is busy.
func TestAgentRealForwarderDispatch(t *testing.T) {
	f := startRealForwarder(t, withDispatch)
	fc := fwdclient.New(f.Path)
	defer fc.Close()
	var s *fwdpb.Steering
	eventually(t, 10*time.Second, "the dispatch stage counting", func() (bool, string) {
		var err error
		if s, err = fc.GetSteering(context.Background(), MaxReportedOverrides); err != nil {
			return false, err.Error()
		}
		d := s.GetDispatch()
		return d.GetRawPackets() > 0 && d.GetBusySeconds() > 0, fmt.Sprint(d)
	})
	d := s.GetDispatch()
	if !d.GetEnabled() || d.GetStages() != 1 || d.GetLcore() != 1 || d.GetRxQueues() != 2 || len(s.GetWorkers()) != 1 ||
		s.GetWorkers()[0].GetLcore() != 2 {
		t.Errorf("GetSteering: %v", s)
	}
	t.Logf("dispatch stage: %v", d)

	dir := pki(t)
	ctl := newFakeCtl()
	addr := freeAddr(t)
	serveCtl(t, dir, addr, ctl)
	startAgent(t, dir, addr, f.Path, func(c *Config) { c.ResyncInterval = time.Hour })
	eventually(t, 10*time.Second, "the dispatch stage reported", func() (bool, string) {
		d := ctl.lastReport().GetSteering().GetDispatch()
		return d.GetEnabled() && d.GetRawPackets() > 0, fmt.Sprint(d)
	})
}
