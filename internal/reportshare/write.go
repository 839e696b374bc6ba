package reportshare

import (
	"context"
	"errors"
	"fmt"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"

	"hvlb/internal/pb/ctlpb"
	"hvlb/internal/store"
)

// written is what the writer knows of one forwarder's key.
type written struct {
	rec    *ctlpb.SharedReport // the record this controller last wrote; nil: none to keep
	lease  int64               // the lease it was written under
	modRev int64               // the key's revision as last seen; 0: absent
	at     time.Time           // the last write (tried)
}

// newer reports whether a comes after b.
func newer(a, b *ctlpb.SharedReport) bool {
	return a.GetSession() > b.GetSession() || a.GetSession() == b.GetSession() && a.GetSeq() > b.GetSeq()
}

// writeLoop writes pending records, each forwarder's at most once per interval (a record
// that has to wait is replaced by any newer one meanwhile, and written at the interval's
// end) unless it changes what the group shows of the forwarder (standingChanged: written
// at once), and writes every record again when the lease changes.
func (s *Sharer) writeLoop(ctx context.Context) {
	keys := map[string]*written{}
	timer := time.NewTimer(time.Hour)
	defer timer.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-s.wake:
		case <-timer.C:
		}
		lease := s.lease.Load()
		if lease == 0 {
			continue // the lease's return wakes this loop
		}
		now := time.Now()
		due := map[string]*ctlpb.SharedReport{}
		next := time.Duration(0)
		s.mu.Lock()
		for id, w := range keys {
			if _, ok := s.pending[id]; !ok && w.rec != nil && w.lease != lease {
				s.pending[id] = w.rec // its key went with the old lease
			}
		}
		for id, rec := range s.pending {
			w := keys[id]
			if w == nil {
				w = &written{}
				keys[id] = w
			}
			if wait := s.cfg.Interval - now.Sub(w.at); wait > 0 && w.lease == lease && !standingChanged(w.rec, rec) {
				if next == 0 || wait < next {
					next = wait
				}
				continue
			}
			due[id] = rec
			delete(s.pending, id)
		}
		s.mu.Unlock()
		for id, rec := range due {
			if err := s.write(ctx, keys[id], rec, lease); err != nil && ctx.Err() == nil {
				s.m.failures.Inc()
				s.cfg.Log.Warn("shared reports: write", "forwarder", id, "err", err)
				s.mu.Lock()
				if _, ok := s.pending[id]; !ok {
					s.pending[id] = rec // again at the interval's end, unless a newer one comes
				}
				s.mu.Unlock()
				if next == 0 || s.cfg.Interval < next {
					next = s.cfg.Interval
				}
			}
		}
		if next > 0 {
			timer.Reset(next)
		}
	}
}

// standingChanged says whether rec changes what the others show of the forwarder from the
// record last written (last; nil: none to compare with), beyond its counters: its session,
// whether its agent's desired-state stream is open or lost, the state its agent reports.
// Such records skip the interval: at a registration the record says that no stream is open
// yet, and the others would show the forwarder failed for a whole interval after its agent
// came back (a controller stopped gracefully gives its lease back, so its record goes at
// once and nothing else says ready). A session writes a few of them, then counters only.
func standingChanged(last, rec *ctlpb.SharedReport) bool {
	return last != nil && (last.GetSession() != rec.GetSession() || last.GetConnected() != rec.GetConnected() ||
		last.GetStreamLost() != rec.GetStreamLost() || last.GetReport().GetState() != rec.GetReport().GetState())
}

// write writes rec to its key unless the key holds a newer record (another controller has
// the agent's newer session: rec is dropped). The compare-and-swap on the key's revision
// reads the key when it fails, so that one round trip usually does.
func (s *Sharer) write(ctx context.Context, w *written, rec *ctlpb.SharedReport, lease int64) error {
	w.at = time.Now()
	val, err := encode(rec)
	if err != nil {
		return err
	}
	key := s.recordKey(rec.GetReport().GetForwarderId())
	for range 3 {
		cctx, cancel := context.WithTimeout(ctx, requestTimeout)
		resp, err := s.cfg.Client.Txn(cctx).
			If(clientv3.Compare(clientv3.ModRevision(key), "=", w.modRev)).
			Then(clientv3.OpPut(key, string(val), clientv3.WithLease(clientv3.LeaseID(lease)))).
			Else(clientv3.OpGet(key)).Commit()
		cancel()
		if err != nil {
			return unavailable("write", err)
		}
		if resp.Succeeded {
			w.rec, w.lease, w.modRev = rec, lease, resp.Header.Revision
			s.m.written.Inc()
			s.m.bytes.Add(float64(len(val)))
			return nil
		}
		kvs := resp.Responses[0].GetResponseRange().GetKvs()
		if len(kvs) == 0 {
			w.modRev = 0
			continue
		}
		w.modRev = kvs[0].ModRevision
		if cur, err := decode(kvs[0].Value); err == nil && !newer(rec, cur) {
			w.rec = nil
			s.m.superseded.Inc()
			s.cfg.Log.Info("shared reports: a newer session of the forwarder is with another controller",
				"forwarder", rec.GetReport().GetForwarderId(), "controller", cur.GetController(),
				"session", cur.GetSession(), "ours", rec.GetSession())
			return nil
		}
	}
	return errors.New("the key kept changing under the write")
}

// unavailable names what failed and etcd's reason, as the store's errors do.
func unavailable(what string, err error) error {
	if errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("%w: etcd %s: no answer within %s", store.ErrUnavailable, what, requestTimeout)
	}
	return fmt.Errorf("%w: etcd %s: %v", store.ErrUnavailable, what, err)
}
