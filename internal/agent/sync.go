package agent

import (
	"context"
	"fmt"
	"slices"

	"hvlb/internal/logging"
	"hvlb/internal/pb/ctlpb"
	"hvlb/internal/pb/fwdpb"
)

// syncConfig is the forwarder's connection-sync setting for the controller's sync settings
// (docs/sync.md): this forwarder's id, socket and key, and its peers' sockets.
func syncConfig(s *ctlpb.SyncSettings) *fwdpb.SyncConfig {
	c := &fwdpb.SyncConfig{Id: s.GetId(), Listen: s.GetListen(), Key: s.GetKey(), Replicas: s.GetReplicas()}
	for _, p := range s.GetPeers() {
		c.Peers = append(c.Peers, p.GetAddress())
	}
	return c
}

// applySync gives the forwarder the desired state's connection-sync setting. The forwarder
// takes the same setting again as no change, so it is simply set at every apply; that also
// gives it back to a forwarder that restarted without its state. A desired state without
// sync settings (an agent with no --sync-addr) leaves the forwarder's own setting alone.
func (a *Agent) applySync(ctx context.Context) error {
	s := a.desired.GetSync()
	if s == nil {
		return nil
	}
	if err := a.fc.SetSync(ctx, syncConfig(s)); err != nil {
		return fmt.Errorf("connection sync: %w", err)
	}
	return nil
}

// applyLocalPool gives the forwarder the desired state's FullNAT local pool when it differs
// from the one GetLocalPool reports (addresses in order; the range, unless the desired one
// leaves it). A desired state without one leaves the forwarder's own pool alone. The
// forwarder refuses a change its live connections forbid (EBUSY naming local_pool.addrs or
// local_pool.ports): that is this apply's error, reported like any other, and tried again at
// the next apply.
func (a *Agent) applyLocalPool(ctx context.Context) error {
	want := a.desired.GetLocalPool()
	if want == nil {
		return nil
	}
	have, err := a.fc.GetLocalPool(ctx)
	if err != nil {
		return fmt.Errorf("local pool: read: %w", err)
	}
	sameRange := want.GetPortMin() == 0 ||
		(want.GetPortMin() == have.GetPortMin() && want.GetPortMax() == have.GetPortMax())
	if slices.Equal(want.GetAddresses(), have.GetAddresses()) && sameRange {
		return nil
	}
	if _, err := a.fc.SetLocalPool(ctx, want); err != nil {
		a.log.Warn("the forwarder refused the local pool", "addrs", want.GetAddresses(),
			"port_min", want.GetPortMin(), "port_max", want.GetPortMax(), logging.Err, err)
		return fmt.Errorf("local pool: %w", err)
	}
	a.log.Info("applied", "change", fmt.Sprintf("local pool %v ports %d-%d", want.GetAddresses(),
		want.GetPortMin(), want.GetPortMax()))
	return nil
}
