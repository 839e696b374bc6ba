package agent

import (
	"context"
	"fmt"

	"hvlb/internal/pb/ctlpb"
	"hvlb/internal/pb/fwdpb"
)

// syncConfig is the forwarder's connection-sync setting for the controller's sync settings
// (docs/sync.md): this forwarder's id, socket and key, and its peers' sockets.
func syncConfig(s *ctlpb.SyncSettings) *fwdpb.SyncConfig {
	c := &fwdpb.SyncConfig{Id: s.GetId(), Listen: s.GetListen(), Key: s.GetKey()}
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
