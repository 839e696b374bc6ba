package agent

import (
	"context"
	"errors"
	"syscall"
	"time"

	"hvlb/internal/fwdclient"
)

// Defaults of the forwarder's liveness probe (Config.FwdProbeInterval, FwdDeadAfter).
const (
	DefaultFwdProbeInterval = 250 * time.Millisecond
	DefaultFwdDeadAfter     = 1500 * time.Millisecond
)

// liveness says whether the forwarder answers its local API, probing it on a connection of
// its own so that a long reconcile on the agent's main connection does not look like a
// dead forwarder. A forwarder is answering while its last answer is less than deadAfter
// old; one whose socket refuses connections or drops them (the process is gone) is dead at
// once. The first probe's verdict and every change after it go to each of outs.
type liveness struct {
	fc        *fwdclient.Client
	interval  time.Duration
	deadAfter time.Duration
	outs      []mailbox[live]
	// syncOut, when set, gets the forwarder's sync state ("off", "syncing", "ready"; "" when
	// it does not say) at the first answer and at every change.
	syncOut *mailbox[string]
}

func (l *liveness) run(ctx context.Context) {
	defer l.fc.Close()
	t := time.NewTicker(l.interval)
	defer t.Stop()
	var lastOK time.Time
	var verdict live
	syncState, syncSent := "", false
	for {
		pctx, cancel := context.WithTimeout(ctx, l.deadAfter)
		_, err := l.fc.GetStats(pctx)
		if err == nil && l.syncOut != nil {
			st, serr := l.fc.GetSync(pctx)
			if s := st.GetState(); serr == nil && (s != syncState || !syncSent) {
				syncState, syncSent = s, true
				l.syncOut.put(s)
			}
		}
		cancel()
		if ctx.Err() != nil {
			return
		}
		now := time.Now()
		if err == nil {
			lastOK = now
		}
		alive := err == nil || !processGone(err) && !lastOK.IsZero() && now.Sub(lastOK) < l.deadAfter
		// A forwarder that restarted between two probes answers the second one on a new
		// connection: the client says so, and it is a new forwarder (a new epoch) that
		// must get its configuration before its VIPs are announced again.
		restarted := false
		select {
		case <-l.fc.Resets():
			restarted = true
		default:
		}
		if verdict.epoch == 0 || alive != verdict.up || restarted && alive {
			verdict = live{up: alive, epoch: verdict.epoch + 1}
			for _, m := range l.outs {
				m.put(verdict)
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// processGone says whether err means nothing serves the socket any more: nobody listens
// (a killed forwarder leaves its socket file behind), there is no socket, or the forwarder
// dropped the connection without answering.
func processGone(err error) bool {
	return errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ENOENT) ||
		errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE) || errors.Is(err, fwdclient.ErrClosed)
}
