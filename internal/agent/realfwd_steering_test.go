package agent

import (
	"context"
	"errors"
	"fmt"
	"syscall"
	"testing"
	"time"

	"hvlb/internal/fwdclient"
)

// The real forwarder's steering read-out reaches the controller in the agent's reports:
// its ports, RSS-A's settings and its worker.
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
		len(s.GetWorkers()) != 1 || s.GetRssa().GetPeriodMs() == 0 || s.GetOverridesTotal() != 0 {
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
