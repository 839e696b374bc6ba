package store

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"go.etcd.io/etcd/api/v3/mvccpb"
	clientv3 "go.etcd.io/etcd/client/v3"
	"go.uber.org/zap"

	"hvlb/internal/certs"
)

// EtcdConfig says how to reach the etcd cluster of a controller group.
type EtcdConfig struct {
	Endpoints []string // e.g. https://10.0.0.1:2379
	// A TLS client certificate for etcd (--client-cert-auth); CAFile alone: TLS without one.
	CertFile, KeyFile, CAFile string
	DialTimeout               time.Duration // default 5 s
}

// DefaultEtcdPrefix is where a controller group keeps its records in etcd.
const DefaultEtcdPrefix = "/hvlb/"

// etcdRequestTimeout bounds each request to etcd, so that a controller cut off from etcd
// answers the API with an error instead of hanging.
const etcdRequestTimeout = 5 * time.Second

// etcdRetryFor is how long an update keeps retrying when other controllers keep committing
// first.
const etcdRetryFor = 30 * time.Second

// DialEtcd connects to the cluster (lazily: the first request finds out whether it is up).
func DialEtcd(cfg EtcdConfig) (*clientv3.Client, error) {
	if len(cfg.Endpoints) == 0 {
		return nil, errors.New("etcd: no endpoint")
	}
	if cfg.DialTimeout <= 0 {
		cfg.DialTimeout = 5 * time.Second
	}
	cc := clientv3.Config{Endpoints: cfg.Endpoints, DialTimeout: cfg.DialTimeout, Logger: zap.NewNop(),
		// A member that stops answering (its host cut off) is left within 2 s.
		DialKeepAliveTime: time.Second, DialKeepAliveTimeout: time.Second}
	if cfg.CAFile != "" || cfg.CertFile != "" || cfg.KeyFile != "" {
		tc, err := certs.ClientTLS(cfg.CAFile, cfg.CertFile, cfg.KeyFile)
		if err != nil {
			return nil, fmt.Errorf("etcd: %w", err)
		}
		cc.TLS = tc
	}
	cli, err := clientv3.New(cc)
	if err != nil {
		return nil, fmt.Errorf("etcd %s: %w", strings.Join(cfg.Endpoints, ","), err)
	}
	return cli, nil
}

// OpenEtcd opens the store kept in etcd under prefix (DefaultEtcdPrefix when empty), creating
// it if the cluster has none. Several controllers open the same one; each write is a
// transaction that commits only if the version key is still what the writer read (a
// compare-and-swap), so versions stay one sequence, one per committed change, whichever
// controller takes the write. The store does not close cli.
func OpenEtcd(cli *clientv3.Client, prefix string) (*Store, error) {
	if prefix == "" {
		prefix = DefaultEtcdPrefix
	}
	ctx, cancel := context.WithCancel(context.Background())
	be := &etcdBackend{cli: cli, kv: cli.KV, prefix: prefix, ctx: ctx, stop: cancel, watchDone: make(chan struct{})}
	s, err := newStore(be)
	if err != nil {
		cancel()
		return nil, fmt.Errorf("store in etcd under %s: %w", prefix, err)
	}
	return s, nil
}

type etcdBackend struct {
	cli       *clientv3.Client
	kv        clientv3.KV // cli's; a test puts faults in it
	prefix    string
	ctx       context.Context // ends at close
	stop      context.CancelFunc
	watchDone chan struct{}
	// notified is the latest revision of the version key that the store has been told of
	// (its own commits notify as they return), so the watch does not tell it twice.
	notified atomic.Int64
	// writeMu makes this controller's own writes take turns, as bbolt's writer lock does: a
	// write then retries only when another controller committed first, never because a
	// goroutine of its own did (16 of them once starved one another past etcdRetryFor).
	writeMu sync.Mutex
}

// sawRevision records that the store knows of revision rev; false if it did already.
func (b *etcdBackend) sawRevision(rev int64) bool {
	for {
		cur := b.notified.Load()
		if rev <= cur {
			return false
		}
		if b.notified.CompareAndSwap(cur, rev) {
			return true
		}
	}
}

func (b *etcdBackend) key(bucket, key []byte) string {
	return b.prefix + string(bucket) + "/" + string(key)
}

func (b *etcdBackend) bucketRange(bucket []byte) (string, string) {
	start := b.prefix + string(bucket) + "/"
	return start, clientv3.GetPrefixRangeEnd(start)
}

// unavailable names what failed and why: etcd's own message says which limit or right was
// in the way (database space exceeded, permission denied, no leader).
func unavailable(what string, err error) error {
	if errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("%w: etcd %s: no answer within %s", ErrUnavailable, what, etcdRequestTimeout)
	}
	return fmt.Errorf("%w: etcd %s: %v", ErrUnavailable, what, err)
}

// begin reads the meta bucket (a linearizable read: it sees every write acknowledged
// before it), whose revision every other read of the transaction is pinned to.
func (b *etcdBackend) begin() (*etcdTx, error) {
	ctx, cancel := context.WithTimeout(context.Background(), etcdRequestTimeout)
	defer cancel()
	start, end := b.bucketRange(bucketMeta)
	resp, err := b.kv.Get(ctx, start, clientv3.WithRange(end))
	if err != nil {
		return nil, unavailable("read", err)
	}
	tx := &etcdTx{b: b, rev: resp.Header.Revision, meta: map[string][]byte{}, writes: map[string][]byte{}}
	for _, kv := range resp.Kvs {
		tx.meta[string(kv.Key)] = kv.Value
		if string(kv.Key) == b.key(bucketMeta, keyVersion) {
			tx.versionMod = kv.ModRevision
		}
	}
	return tx, nil
}

func (b *etcdBackend) view(fn func(kvTx) error) error {
	tx, err := b.begin()
	if err != nil {
		return err
	}
	tx.readOnly = true
	return fn(tx)
}

func (b *etcdBackend) update(fn func(kvTx) error) error {
	b.writeMu.Lock()
	defer b.writeMu.Unlock()
	deadline := time.Now().Add(etcdRetryFor)
	for attempt := 0; ; attempt++ {
		if attempt > 0 {
			// Another controller committed first: wait a random while, growing with each
			// loss up to 100 ms, so that controllers in a race spread out rather than
			// collide again.
			time.Sleep(time.Duration(rand.Int64N(int64(min(time.Millisecond<<min(attempt, 7), 100*time.Millisecond)))))
		}
		tx, err := b.begin()
		if err != nil {
			return err
		}
		if err := fn(tx); err != nil {
			return err
		}
		if len(tx.writes) == 0 {
			return nil
		}
		ok, err := tx.commit()
		if err != nil || ok {
			return err
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%w: etcd write: other controllers kept committing first for %s", ErrUnavailable, etcdRetryFor)
		}
	}
}

// watch calls changed whenever the version key changes: a commit by any controller.
func (b *etcdBackend) watch(changed func()) {
	go func() {
		defer close(b.watchDone)
		key := b.key(bucketMeta, keyVersion)
		for b.ctx.Err() == nil {
			// WithRequireLeader: a member cut off from the others ends the watch instead of
			// staying silent, and the loop starts a new one (on another member, if any).
			wc := b.cli.Watch(clientv3.WithRequireLeader(b.ctx), key)
			for resp := range wc {
				for _, ev := range resp.Events {
					if b.sawRevision(ev.Kv.ModRevision) {
						changed()
					}
				}
			}
			select {
			case <-b.ctx.Done():
			case <-time.After(time.Second):
				changed() // changes may have been missed while no watch was open
			}
		}
	}()
}

func (b *etcdBackend) close() error {
	b.stop()
	<-b.watchDone
	return nil
}

// etcdTx reads at one revision and keeps its writes until commit. Writes are kept by full
// key (nil: deleted), so reads see them and the commit sends each key once.
type etcdTx struct {
	b          *etcdBackend
	rev        int64
	readOnly   bool
	meta       map[string][]byte // the meta bucket at rev
	versionMod int64             // the version key's mod revision at rev; 0: none yet
	writes     map[string][]byte
}

func (t *etcdTx) get(bucket, key []byte) ([]byte, error) {
	k := t.b.key(bucket, key)
	if v, ok := t.writes[k]; ok {
		return v, nil
	}
	if bytes.Equal(bucket, bucketMeta) {
		return t.meta[k], nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), etcdRequestTimeout)
	defer cancel()
	resp, err := t.b.kv.Get(ctx, k, clientv3.WithRev(t.rev))
	if err != nil {
		return nil, unavailable("read", err)
	}
	if len(resp.Kvs) == 0 {
		return nil, nil
	}
	return resp.Kvs[0].Value, nil
}

// etcdPage is how many records one range read of each returns.
const etcdPage = 500

func (t *etcdTx) each(bucket, from []byte, fn func(k, v []byte) (bool, error)) error {
	start, end := t.b.bucketRange(bucket)
	if from != nil {
		start = t.b.key(bucket, from)
	}
	strip := len(t.b.prefix) + len(bucket) + 1
	pending := t.pendingIn(start, end)
	if len(pending) == 0 { // nothing of ours to merge: read page by page, as far as fn goes
		for {
			kvs, more, err := t.rangeRead(start, end, etcdPage)
			if err != nil {
				return err
			}
			for _, kv := range kvs {
				if ok, err := fn(kv.Key[strip:], kv.Value); err != nil || !ok {
					return err
				}
			}
			if !more {
				return nil
			}
			start = string(kvs[len(kvs)-1].Key) + "\x00"
		}
	}
	kvs, _, err := t.rangeRead(start, end, 0)
	if err != nil {
		return err
	}
	merged := map[string][]byte{}
	for _, kv := range kvs {
		merged[string(kv.Key)] = kv.Value
	}
	for _, k := range pending {
		if v := t.writes[k]; v != nil {
			merged[k] = v
		} else {
			delete(merged, k)
		}
	}
	keys := make([]string, 0, len(merged))
	for k := range merged {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if ok, err := fn([]byte(k[strip:]), merged[k]); err != nil || !ok {
			return err
		}
	}
	return nil
}

// pendingIn returns the keys this transaction wrote in [start, end).
func (t *etcdTx) pendingIn(start, end string) []string {
	var out []string
	for k := range t.writes {
		if k >= start && k < end {
			out = append(out, k)
		}
	}
	return out
}

// rangeRead reads [start, end) at the transaction's revision, at most limit records (0: all),
// and says whether more remain.
func (t *etcdTx) rangeRead(start, end string, limit int64) ([]*mvccpb.KeyValue, bool, error) {
	ctx, cancel := context.WithTimeout(context.Background(), etcdRequestTimeout)
	defer cancel()
	resp, err := t.b.kv.Get(ctx, start, clientv3.WithRange(end), clientv3.WithRev(t.rev), clientv3.WithLimit(limit))
	if err != nil {
		return nil, false, unavailable("read", err)
	}
	return resp.Kvs, resp.More, nil
}

func (t *etcdTx) put(bucket, key, value []byte) error {
	if t.readOnly {
		return errors.New("store: a write in a read-only transaction")
	}
	t.writes[t.b.key(bucket, key)] = append([]byte{}, value...) // never nil: nil means deleted
	return nil
}

func (t *etcdTx) del(bucket, key []byte) error {
	if t.readOnly {
		return errors.New("store: a write in a read-only transaction")
	}
	t.writes[t.b.key(bucket, key)] = nil
	return nil
}

func (t *etcdTx) nextSequence(bucket []byte) (uint64, error) {
	n, err := t.sequence(bucket)
	if err != nil {
		return 0, err
	}
	return n + 1, t.setSequence(bucket, n+1)
}

// sequenceKey is the meta key that holds a bucket's sequence (bbolt keeps it in the bucket).
func sequenceKey(bucket []byte) []byte { return []byte("sequence-" + string(bucket)) }

func (t *etcdTx) sequence(bucket []byte) (uint64, error) {
	v, err := t.get(bucketMeta, sequenceKey(bucket))
	if err != nil || len(v) != 8 {
		return 0, err
	}
	return binary.BigEndian.Uint64(v), nil
}

func (t *etcdTx) setSequence(bucket []byte, n uint64) error {
	return t.put(bucketMeta, sequenceKey(bucket), u64(n))
}

// commit sends the writes as one transaction that applies only if the version key has not
// changed since the transaction's snapshot; false: another writer came first. Every commit
// writes the version key (the same value when the version does not move), so any two
// transactions that overlap in time conflict, and the writes are serialisable.
func (t *etcdTx) commit() (bool, error) {
	vkey := t.b.key(bucketMeta, keyVersion)
	if _, ok := t.writes[vkey]; !ok {
		cur := t.meta[vkey]
		if cur == nil {
			cur = u64(0)
		}
		t.writes[vkey] = cur
	}
	ops := make([]clientv3.Op, 0, len(t.writes))
	for k, v := range t.writes {
		if v == nil {
			ops = append(ops, clientv3.OpDelete(k))
		} else {
			ops = append(ops, clientv3.OpPut(k, string(v)))
		}
	}
	// Every commit names itself in the write-id key, so that one whose answer is lost can
	// be told apart from another controller's (writeOutcome).
	id := writeID()
	ops = append(ops, clientv3.OpPut(t.b.writeIDKey(), id))
	ctx, cancel := context.WithTimeout(context.Background(), etcdRequestTimeout)
	defer cancel()
	resp, err := t.b.kv.Txn(ctx).
		If(clientv3.Compare(clientv3.ModRevision(vkey), "=", t.versionMod)).
		Then(ops...).Commit()
	if err != nil {
		if refusedBeforeApply(err) {
			return false, fmt.Errorf("%w: etcd write refused, nothing written: %v", ErrUnavailable, err)
		}
		// The request may have reached etcd and been applied (or be applied yet) though its
		// answer was lost: a member dying under it, a timeout. Find out.
		at := t.meta[vkey] // the version the write compared against, for the fence
		if at == nil {
			at = u64(0)
		}
		return t.b.writeOutcome(t.versionMod, at, id, err)
	}
	if resp.Succeeded {
		t.b.sawRevision(resp.Header.Revision)
	}
	return resp.Succeeded, nil
}
