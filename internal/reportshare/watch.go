package reportshare

import (
	"context"
	"errors"
	"strings"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"

	"hvlb/internal/controller"
	"hvlb/internal/logging"
	"hvlb/internal/pb/ctlpb"
)

// watchLoop lists the records, hands each to sink, then follows the prefix's changes from
// the listing's revision on; when the watch ends (etcd cut off, history compacted), it
// lists again, and a record gone meanwhile counts as gone.
func (s *Sharer) watchLoop(ctx context.Context, sink Sink) {
	known := map[string]*ctlpb.SharedReport{}
	for ctx.Err() == nil {
		rev, err := s.list(ctx, sink, known)
		if err == nil {
			err = s.follow(ctx, sink, known, rev)
		}
		if errors.Is(err, controller.ErrStopped) || ctx.Err() != nil {
			return
		}
		s.cfg.Log.Warn("shared reports: watch ended; listing again", logging.Err, err)
		select {
		case <-ctx.Done():
		case <-time.After(time.Second):
		}
	}
}

// list reads every record and returns the revision it read at.
func (s *Sharer) list(ctx context.Context, sink Sink, known map[string]*ctlpb.SharedReport) (int64, error) {
	cctx, cancel := context.WithTimeout(ctx, requestTimeout)
	resp, err := s.cfg.Client.Get(cctx, s.recordPrefix(), clientv3.WithPrefix())
	cancel()
	if err != nil {
		return 0, unavailable("read", err)
	}
	seen := map[string]bool{}
	for _, kv := range resp.Kvs {
		id := strings.TrimPrefix(string(kv.Key), s.recordPrefix())
		seen[id] = true
		if err := s.take(ctx, sink, known, id, kv.Value); err != nil {
			return 0, err
		}
	}
	for id, rec := range known {
		if !seen[id] {
			delete(known, id)
			if err := sink.SharedGone(ctx, rec); err != nil {
				return 0, err
			}
		}
	}
	return resp.Header.Revision, nil
}

// follow hands sink the prefix's changes after revision rev until the watch ends.
func (s *Sharer) follow(ctx context.Context, sink Sink, known map[string]*ctlpb.SharedReport, rev int64) error {
	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	// WithRequireLeader: a member cut off from the others ends the watch instead of
	// staying silent, and the next listing goes to another member, if any.
	wc := s.cfg.Client.Watch(clientv3.WithRequireLeader(wctx), s.recordPrefix(), clientv3.WithPrefix(),
		clientv3.WithRev(rev+1))
	for resp := range wc {
		if err := resp.Err(); err != nil {
			return err
		}
		for _, ev := range resp.Events {
			id := strings.TrimPrefix(string(ev.Kv.Key), s.recordPrefix())
			if ev.Type == clientv3.EventTypeDelete {
				if rec := known[id]; rec != nil {
					delete(known, id)
					if err := sink.SharedGone(ctx, rec); err != nil {
						return err
					}
				}
				continue
			}
			if err := s.take(ctx, sink, known, id, ev.Kv.Value); err != nil {
				return err
			}
		}
	}
	return errors.New("watch closed")
}

// take decodes one record and hands it to sink; one that does not decode, or names another
// forwarder than its key, is counted and changes nothing. Only the controller's stopping
// is an error.
func (s *Sharer) take(ctx context.Context, sink Sink, known map[string]*ctlpb.SharedReport, id string, v []byte) error {
	rec, err := decode(v)
	switch {
	case err != nil:
		s.reject(id, "undecodable", err)
		return nil
	case rec.GetReport().GetForwarderId() != id:
		s.reject(id, "wrong_key", errors.New("the record names forwarder "+rec.GetReport().GetForwarderId()))
		return nil
	}
	known[id] = rec
	if err := sink.ApplyShared(ctx, rec); err != nil {
		if errors.Is(err, controller.ErrStopped) || ctx.Err() != nil {
			return controller.ErrStopped
		}
		s.reject(id, "invalid", err)
	}
	return nil
}

func (s *Sharer) reject(id, reason string, err error) {
	s.m.rejected.WithLabelValues(reason).Inc()
	s.cfg.Log.Warn("shared reports: record refused", "key", s.recordKey(id), "reason", reason, logging.Err, err)
}
