// Package reportshare shares what agents report between the controllers of a group,
// through etcd (docs/controller.md, "Reports shared through etcd"). An agent reports to one
// controller at a time; that controller writes the forwarder's record (ctlpb.SharedReport)
// under <prefix>reports/<forwarder id>, bound to its own lease, at most once per forwarder
// per interval; every controller watches the prefix and hands each record to its runtime
// (controller.ApplyShared), so the leader's policy and ranking, and every controller's API
// and metrics, see every forwarder. A controller that dies takes its records with its lease
// (controller.SharedGone: those forwarders are failed until their agents are back).
//
// Records are ordered by (session, seq): the session is the etcd revision of the agent's
// registration (Claim), so a later registration, with whichever controller, has a larger
// one. A write is a compare-and-swap on the key's revision that never replaces a record
// with a larger pair.
package reportshare

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"

	"hvlb/internal/logging"
	"hvlb/internal/pb/ctlpb"
)

// DefaultInterval is the least time between two writes of one forwarder's record: the
// agents' default report interval, so that etcd takes one write per agent per report.
const DefaultInterval = 2 * time.Second

// DefaultTTL is the lease's time to live: a dead controller's records go within about this
// long.
const DefaultTTL = 4 * time.Second

// requestTimeout bounds each request to etcd.
const requestTimeout = 5 * time.Second

// Config configures a Sharer.
type Config struct {
	Client   *clientv3.Client
	Prefix   string        // the group's etcd prefix (e.g. "/hvlb/")
	Name     string        // this controller's name in the group
	TTL      time.Duration // the records' lease; default DefaultTTL, whole seconds, at least 2
	Interval time.Duration // default DefaultInterval
	Log      *slog.Logger
}

// Sink takes the records of the other controllers: controller.Controller.
type Sink interface {
	ApplyShared(ctx context.Context, rec *ctlpb.SharedReport) error
	SharedGone(ctx context.Context, rec *ctlpb.SharedReport) error
}

// Sharer writes this controller's records and reads everyone's. Claim and Publish are safe
// for concurrent use; Run does the work.
type Sharer struct {
	cfg   Config
	lease atomic.Int64 // the records' lease now; 0: none (etcd does not answer)
	m     *metrics

	mu      sync.Mutex
	pending map[string]*ctlpb.SharedReport // newest record not yet written, by forwarder
	wake    chan struct{}                  // a record is pending, or the lease changed
}

// New returns a Sharer; Run starts it.
func New(cfg Config) *Sharer {
	if cfg.TTL < 2*time.Second {
		cfg.TTL = DefaultTTL
	}
	if cfg.Interval <= 0 {
		cfg.Interval = DefaultInterval
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	return &Sharer{cfg: cfg, m: newMetrics(), pending: map[string]*ctlpb.SharedReport{}, wake: make(chan struct{}, 1)}
}

func (s *Sharer) recordPrefix() string        { return s.cfg.Prefix + "reports/" }
func (s *Sharer) recordKey(id string) string  { return s.recordPrefix() + id }
func (s *Sharer) sessionKey(id string) string { return s.cfg.Prefix + "report-sessions/" + id }

// Claim writes forwarder id's session key (this controller's name) and returns the
// revision of that write: larger than that of every registration before it. The key is
// one small record per forwarder, kept, which says where its agent last registered.
func (s *Sharer) Claim(ctx context.Context, id string) (int64, error) {
	ctx, cancel := context.WithTimeout(ctx, requestTimeout)
	defer cancel()
	resp, err := s.cfg.Client.Put(ctx, s.sessionKey(id), s.cfg.Name)
	if err != nil {
		return 0, unavailable("session of forwarder "+id, err)
	}
	return resp.Header.Revision, nil
}

// Publish queues forwarder rec's newest record, replacing one not yet written.
func (s *Sharer) Publish(rec *ctlpb.SharedReport) {
	s.mu.Lock()
	s.pending[rec.GetReport().GetForwarderId()] = rec
	s.mu.Unlock()
	s.poke()
}

func (s *Sharer) poke() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// Run holds the lease, writes the records and feeds sink the others' until ctx ends, then
// gives the lease back (its records go with it, and the agents, which lost their streams
// to this controller, are with others by then).
func (s *Sharer) Run(ctx context.Context, sink Sink) {
	var wg sync.WaitGroup
	wg.Add(3)
	go func() { defer wg.Done(); s.keepLease(ctx) }()
	go func() { defer wg.Done(); s.writeLoop(ctx) }()
	go func() { defer wg.Done(); s.watchLoop(ctx, sink) }()
	wg.Wait()
}

// keepLease grants the records' lease and keeps it alive; when it is lost (etcd did not
// answer for a TTL: the records are gone), it grants another, and the writer writes every
// record again under it.
func (s *Sharer) keepLease(ctx context.Context) {
	ttl := int64(s.cfg.TTL / time.Second)
	for ctx.Err() == nil {
		gctx, cancel := context.WithTimeout(ctx, s.cfg.TTL)
		grant, err := s.cfg.Client.Grant(gctx, ttl)
		cancel()
		if err == nil {
			var ka <-chan *clientv3.LeaseKeepAliveResponse
			if ka, err = s.cfg.Client.KeepAlive(ctx, grant.ID); err == nil {
				s.lease.Store(int64(grant.ID))
				s.poke()
				for range ka {
				}
			}
			s.lease.Store(0)
			if ctx.Err() != nil {
				rctx, rcancel := context.WithTimeout(context.Background(), time.Second)
				s.cfg.Client.Revoke(rctx, grant.ID)
				rcancel()
				return
			}
			if err == nil {
				err = errors.New("no keep-alive answered within its TTL")
			}
		}
		s.cfg.Log.Warn("shared reports: etcd lease lost; the records go until etcd answers again", logging.Err, err)
		select {
		case <-ctx.Done():
		case <-time.After(time.Second):
		}
	}
}
