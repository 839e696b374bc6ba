package agent

import (
	"context"
	"log/slog"
	"net/netip"
	"slices"
	"time"

	"hvlb/internal/bgp"
	"hvlb/internal/logging"
	"hvlb/internal/pb/ctlpb"
)

// DefaultGracefulWait is how long a stopping agent waits between withdrawing its VIPs and
// closing its BGP sessions: enough for the routers to converge and for the flows the
// forwarder carries to move to another (Config.GracefulWait).
const DefaultGracefulWait = 5 * time.Second

// Reasons the agent announces nothing, as it logs them.
const (
	withdrawStopping   = "the agent is stopping"
	withdrawFwdDown    = "the forwarder does not answer its local API"
	withdrawNoDesired  = "no desired state yet"
	withdrawNotApplied = "the desired state is not applied to this forwarder yet"
	withdrawDraining   = "the forwarder is draining"
	withdrawSyncing    = "the forwarder has not received its peers' connections yet"
)

// The VIPs are announced only while the forwarder answers, has been given the desired
// state since it last (re)appeared, holds its peers' connections when it syncs with any
// (its sync state is "ready": docs/sync.md), is not draining, and the agent is not
// stopping: a router must never send traffic to a forwarder that cannot carry it.
//
// Two goroutines feed the decision. Run's owns the desired state and what was applied, and
// publishes its intent after every event; the liveness probe publishes its verdicts. The
// announcer (its own goroutine, the only one that changes the speaker's routes) combines
// the latest of each, so a forwarder that dies is withdrawn at once even while Run's
// goroutine waits on it in the middle of a reconcile.

// intent is what Run's goroutine would announce.
type intent struct {
	prefixes []netip.Prefix
	why      string // non-empty: announce nothing, for this reason
	// epoch is the liveness epoch the intent was formed in: an intent counts only while the
	// forwarder has been up since (live.epoch is the same), so the forwarder that comes
	// back is given the desired state before the routers send it traffic.
	epoch uint64
	// syncWanted: the forwarder has peers to sync with, so it must be "ready" (hold their
	// connections) before anything is announced.
	syncWanted bool
}

// live is a verdict of the liveness probe; epoch counts its changes.
type live struct {
	up    bool
	epoch uint64
}

// decide is what to announce for the latest intent, liveness verdict and the forwarder's
// sync state, and when that is nothing, why.
func decide(p intent, l live, syncState string) ([]netip.Prefix, string) {
	switch {
	case !l.up:
		return nil, withdrawFwdDown
	case p.why != "":
		return nil, p.why
	case p.epoch != l.epoch:
		return nil, withdrawNotApplied
	case p.syncWanted && syncState != "ready":
		return nil, withdrawSyncing
	}
	return p.prefixes, ""
}

// intent is Run's side of the decision, from the agent's state.
func (a *Agent) intent() intent {
	p := intent{epoch: a.fwdEpoch}
	switch {
	case a.desired == nil:
		p.why = withdrawNoDesired
	case a.applied == 0:
		p.why = withdrawNotApplied
	case a.desired.GetDraining():
		p.why = withdrawDraining
	default:
		p.prefixes = append(vipPrefixes(a.desired), a.cfg.Announce...)
	}
	p.syncWanted = len(a.desired.GetSync().GetPeers()) > 0
	return p
}

// publishIntent hands the announcer the current intent when it changed.
func (a *Agent) publishIntent() {
	if a.announcer == nil {
		return
	}
	p := a.intent()
	if p.why == a.lastIntent.why && p.epoch == a.lastIntent.epoch && p.syncWanted == a.lastIntent.syncWanted &&
		slices.Equal(p.prefixes, a.lastIntent.prefixes) {
		return
	}
	a.lastIntent = p
	a.announcer.intents.put(p)
}

// vipPrefixes returns the host route (/32, /128) of each distinct VIP of ds's services,
// sorted. A VIP that is not an address (the controller checks them) is left out.
func vipPrefixes(ds *ctlpb.DesiredState) []netip.Prefix {
	seen := map[netip.Addr]bool{}
	var out []netip.Prefix
	for _, vs := range ds.GetServices() {
		addr, err := netip.ParseAddr(vs.GetId().GetVip())
		if err != nil {
			continue
		}
		addr = addr.Unmap()
		if !seen[addr] {
			seen[addr] = true
			out = append(out, netip.PrefixFrom(addr, addr.BitLen()))
		}
	}
	slices.SortFunc(out, func(a, b netip.Prefix) int { return a.Addr().Compare(b.Addr()) })
	return out
}

// announcer owns the speaker's routes (see above).
type announcer struct {
	speaker *bgp.Speaker
	log     *slog.Logger
	wait    time.Duration // graceful stop: between the withdrawal and closing the sessions
	intents mailbox[intent]
	live    mailbox[live]
	sync    mailbox[string] // the forwarder's sync state, from the liveness probe

	why    string // why nothing is announced, as last logged
	errMsg string // the last announce error, as logged
}

// run announces what decide says until stop is closed, then stops the speaker gracefully.
func (an *announcer) run(stop <-chan struct{}) {
	var p intent
	var l live
	var syncState string
	for {
		select {
		case p = <-an.intents.ch:
		case l = <-an.live.ch:
		case syncState = <-an.sync.ch:
		case <-stop:
			an.stop()
			return
		}
		an.set(decide(p, l, syncState))
	}
}

// set makes the speaker announce want, logging each change of what is announced or of
// why nothing is.
func (an *announcer) set(want []netip.Prefix, why string) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if why != an.why && why != "" {
		an.log.Warn("BGP: withdrawing the VIPs", "why", why)
	}
	an.why = why
	if why == "" && !slices.Equal(want, an.speaker.Announced()) {
		an.log.Info("BGP: announcing", "prefixes", want)
	}
	err := an.speaker.SetPrefixes(ctx, want)
	msg := ""
	if err != nil {
		msg = err.Error()
	}
	if msg != an.errMsg && msg != "" {
		an.log.Warn("BGP: announce", logging.Err, err)
	}
	an.errMsg = msg
}

// stop is the graceful end: withdraw everything, wait for the routers to move the
// traffic, close the sessions.
func (an *announcer) stop() {
	an.set(nil, withdrawStopping)
	if an.wait > 0 {
		an.log.Info("BGP: VIPs withdrawn; waiting for the traffic to move", "wait", an.wait)
		time.Sleep(an.wait)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := an.speaker.Stop(ctx); err != nil {
		an.log.Warn("BGP: stop", logging.Err, err)
	}
	an.log.Info("BGP: sessions closed")
}

// bgpReport is the speaker's state for a report.
func (a *Agent) bgpReport(ctx context.Context) ([]*ctlpb.BgpPeer, []string) {
	if a.speaker == nil {
		return nil, nil
	}
	peers, err := a.speaker.Peers(ctx)
	if err != nil {
		a.log.Debug("BGP: read the peers", logging.Err, err)
	}
	out := make([]*ctlpb.BgpPeer, 0, len(peers))
	for _, p := range peers {
		out = append(out, &ctlpb.BgpPeer{Address: p.Address.String(), RemoteAs: p.RemoteAS, State: p.State,
			UptimeS: p.Uptime.Seconds(), PrefixesAnnounced: p.Announced, PrefixesAccepted: p.Accepted,
			Port: uint32(p.Port), Flaps: p.Flaps, NotificationsSent: p.NotificationsSent,
			NotificationsReceived: p.NotificationsReceived, BfdState: p.BFD, BfdDowns: p.BFDDowns})
	}
	announced := []string{}
	for _, p := range a.speaker.Announced() {
		announced = append(announced, p.String())
	}
	return out, announced
}

// mailbox holds the latest value one writer put, for one reader; older values are
// dropped unread.
type mailbox[T any] struct{ ch chan T }

func newMailbox[T any]() mailbox[T] { return mailbox[T]{ch: make(chan T, 1)} }

// put replaces what the mailbox holds with v. Only one goroutine puts.
func (m mailbox[T]) put(v T) {
	select {
	case <-m.ch:
	default:
	}
	m.ch <- v
}
