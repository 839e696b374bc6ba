// Package store keeps the controller's desired state: services with their reals,
// forwarders' static descriptions and load-balancing requests. Every committed change bumps
// one global version, stamps it on the objects it wrote and appends an entry to a change
// log. The records live in a backend (backend.go): an embedded bbolt file (Open, the
// default) or an etcd cluster shared by a group of controllers (OpenEtcd). Either way
// writers are serialised, so concurrent updates never interleave, and readers see
// consistent snapshots.
package store

import (
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"sync"
	"time"

	"hvlb/internal/model"
)

// Errors that callers map to API statuses; they come wrapped with the object's name.
var (
	ErrNotFound = errors.New("not found")
	ErrExists   = errors.New("already exists")
	ErrConflict = errors.New("version conflict")
	// ErrUnavailable: the backend could not be read or refused a write (etcd unreachable,
	// out of quota, permission denied); the message names the cause. Nothing of the
	// transaction was written unless the error also wraps ErrOutcomeUnknown (etcd_outcome.go).
	ErrUnavailable = errors.New("store unavailable")
)

// ChangeLogSize is how many change-log entries the store keeps.
const ChangeLogSize = 10000

var (
	bucketMeta       = []byte("meta")
	bucketServices   = []byte("services")
	bucketForwarders = []byte("forwarders")
	bucketLBRequests = []byte("lb-requests")
	bucketChanges    = []byte("changes")
	bucketHardRemove = []byte("hard-removals")
	bucketPolicy     = []byte("policy-weights") // the comprehensive policy's published weights, by service id
	keyVersion       = []byte("version")
	keySchema        = []byte("schema")
	keySyncKey       = []byte("sync-key") // the forwarders' connection-sync HMAC key
	keyEpoch         = []byte("epoch")    // when the store was made (Epoch)
	allBuckets       = [][]byte{bucketMeta, bucketServices, bucketForwarders, bucketLBRequests, bucketChanges,
		bucketHardRemove, bucketPolicy}
)

const schemaVersion = 1

// Store is the desired state. Its methods are safe for concurrent use.
type Store struct {
	be  backend
	now func() time.Time

	mu      sync.Mutex
	changed chan struct{} // closed and replaced after every committed change
}

// newStore checks the schema of the records in be and creates what a new store lacks (the
// sync key, the epoch), without bumping the version.
func newStore(be backend) (*Store, error) {
	now := time.Now()
	err := be.update(func(kv kvTx) error {
		v, err := kv.get(bucketMeta, keySchema)
		if err != nil {
			return err
		}
		if v != nil && binary.BigEndian.Uint64(v) != schemaVersion {
			return fmt.Errorf("schema version %d, this controller reads %d", binary.BigEndian.Uint64(v), schemaVersion)
		}
		if v == nil {
			if err := kv.put(bucketMeta, keySchema, u64(schemaVersion)); err != nil {
				return err
			}
		}
		// A store of an older controller has no epoch: it gets one now, later than any
		// store made before (agents that took its states know none: they take the same
		// versions on).
		if e, err := kv.get(bucketMeta, keyEpoch); err != nil {
			return err
		} else if e == nil {
			if err := kv.put(bucketMeta, keyEpoch, u64(uint64(now.UnixNano()))); err != nil {
				return err
			}
		}
		if key, err := kv.get(bucketMeta, keySyncKey); err != nil || key != nil {
			return err
		}
		key := make([]byte, SyncKeyLen)
		if _, err := rand.Read(key); err != nil {
			return err
		}
		return kv.put(bucketMeta, keySyncKey, key)
	})
	if err != nil {
		return nil, err
	}
	s := &Store{be: be, now: time.Now, changed: make(chan struct{})}
	be.watch(s.notify)
	return s, nil
}

// SyncKeyLen is the length of the forwarders' connection-sync key.
const SyncKeyLen = 32

// SyncKey is the key the forwarders authenticate their connection-sync messages with: made
// at random when the store is created, handed to every forwarder in its desired state, and
// never shown by the REST API.
func (t *ReadTx) SyncKey() []byte {
	v, _ := t.kv.get(bucketMeta, keySyncKey) // the backends read the meta bucket up front
	return append([]byte(nil), v...)
}

// Epoch is when the store was made (Unix nanoseconds): a store made again from scratch has a
// later one, so agents take its desired states although its versions start again at 1
// (and refuse those of an older store). It moves with the state (export, import).
func (t *ReadTx) Epoch() uint64 {
	v, _ := t.kv.get(bucketMeta, keyEpoch) // the backends read the meta bucket up front
	if len(v) != 8 {
		return 0
	}
	return binary.BigEndian.Uint64(v)
}

// Close closes the backend.
func (s *Store) Close() error { return s.be.close() }

// Changed returns a channel that is closed after the next committed change (this
// controller's, or, with etcd, any controller's of the group).
func (s *Store) Changed() <-chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.changed
}

func (s *Store) notify() {
	s.mu.Lock()
	close(s.changed)
	s.changed = make(chan struct{})
	s.mu.Unlock()
}

// View runs fn on a read-only snapshot.
func (s *Store) View(fn func(*ReadTx) error) error {
	return s.be.view(func(kv kvTx) error { return fn(&ReadTx{kv: kv}) })
}

// Update runs fn in a read-write transaction. If fn writes anything, the transaction
// commits at the next version, with what as its change-log entry, and Update returns that
// version; if fn writes nothing, the version stays and Update returns it. An error from fn
// rolls everything back. fn may run more than once (etcd runs it again when another
// controller committed first), so it must only compute from what it reads in t.
func (s *Store) Update(what string, fn func(*Tx) error) (uint64, error) {
	var version uint64
	var changed bool
	err := s.be.update(func(kv kvTx) error {
		t := &Tx{ReadTx: ReadTx{kv: kv}}
		cur := t.Version()
		t.next = cur + 1
		changed = false
		if err := fn(t); err != nil {
			return err
		}
		if !t.changed {
			version = cur
			return nil
		}
		if err := kv.put(bucketMeta, keyVersion, u64(t.next)); err != nil {
			return err
		}
		entry, err := json.Marshal(model.Change{Version: t.next, Time: s.now().UTC(), What: what})
		if err != nil {
			return err
		}
		if err := kv.put(bucketChanges, u64(t.next), entry); err != nil {
			return err
		}
		if t.next > ChangeLogSize {
			if err := kv.del(bucketChanges, u64(t.next-ChangeLogSize)); err != nil {
				return err
			}
		}
		version, changed = t.next, true
		return nil
	})
	if err != nil {
		return 0, err
	}
	if changed {
		s.notify()
	}
	return version, nil
}

// Version returns the current version.
func (s *Store) Version() (v uint64, err error) {
	err = s.View(func(t *ReadTx) error { v = t.Version(); return nil })
	return v, err
}

// ReadTx reads one consistent snapshot.
type ReadTx struct{ kv kvTx }

// Version returns the snapshot's version (0 for a new store).
func (t *ReadTx) Version() uint64 {
	v, _ := t.kv.get(bucketMeta, keyVersion) // the backends read the meta bucket up front
	if v == nil {
		return 0
	}
	return binary.BigEndian.Uint64(v)
}

// Service returns one service.
func (t *ReadTx) Service(id string) (model.Service, error) {
	var s model.Service
	err := getJSON(t.kv, bucketServices, id, "service", &s)
	return s, err
}

// Services returns every service, ordered by id.
func (t *ReadTx) Services() ([]model.Service, error) {
	return listJSON[model.Service](t.kv, bucketServices)
}

// Forwarder returns one forwarder.
func (t *ReadTx) Forwarder(id string) (model.Forwarder, error) {
	var f model.Forwarder
	err := getJSON(t.kv, bucketForwarders, id, "forwarder", &f)
	return f, err
}

// Forwarders returns every forwarder, ordered by id.
func (t *ReadTx) Forwarders() ([]model.Forwarder, error) {
	return listJSON[model.Forwarder](t.kv, bucketForwarders)
}

// LBRequest returns one load-balancing request.
func (t *ReadTx) LBRequest(id string) (model.LBRequest, error) {
	var r model.LBRequest
	err := getJSON(t.kv, bucketLBRequests, id, "lb-request", &r)
	return r, err
}

// LBRequests returns every load-balancing request, oldest first.
func (t *ReadTx) LBRequests() ([]model.LBRequest, error) {
	rs, err := listJSON[model.LBRequest](t.kv, bucketLBRequests)
	sort.SliceStable(rs, func(i, j int) bool { return rs[i].Version < rs[j].Version })
	return rs, err
}

// Changes returns up to limit change-log entries after version since, oldest first.
func (t *ReadTx) Changes(since uint64, limit int) ([]model.Change, error) {
	out := []model.Change{}
	err := t.kv.each(bucketChanges, u64(since+1), func(k, v []byte) (bool, error) {
		var ch model.Change
		if err := json.Unmarshal(v, &ch); err != nil {
			return false, fmt.Errorf("change %d: %w", binary.BigEndian.Uint64(k), err)
		}
		out = append(out, ch)
		return len(out) < limit, nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Tx is a read-write transaction; everything it writes carries version Next().
type Tx struct {
	ReadTx
	next    uint64
	changed bool
}

// Next returns the version this transaction commits at if it writes anything.
func (t *Tx) Next() uint64 { return t.next }

// PutService writes s, stamping it with the transaction's version. It, and a real it has,
// are no longer hard-removed (see HardRemoval).
func (t *Tx) PutService(s model.Service) error {
	s.Version = t.next
	if err := t.forgetHardRemovals(func(h HardRemoval) bool {
		return h.Service == s.ID && (h.Address == "" || s.FindReal(h.Address, h.RealPort) >= 0)
	}); err != nil {
		return err
	}
	return t.put(bucketServices, s.ID, s)
}

// DeleteService removes a service, and the hard removals of its reals (and of itself) with it.
func (t *Tx) DeleteService(id string) error {
	if err := t.del(bucketServices, id, "service"); err != nil {
		return err
	}
	return t.forgetHardRemovals(func(h HardRemoval) bool { return h.Service == id })
}

// PutForwarder writes f, stamping it with the transaction's version.
func (t *Tx) PutForwarder(f model.Forwarder) error {
	f.Version = t.next
	return t.put(bucketForwarders, f.ID, f)
}

// DeleteForwarder removes a forwarder.
func (t *Tx) DeleteForwarder(id string) error {
	return t.del(bucketForwarders, id, "forwarder")
}

// PutLBRequest writes r, stamping it with the transaction's version.
func (t *Tx) PutLBRequest(r model.LBRequest) error {
	r.Version = t.next
	return t.put(bucketLBRequests, r.ID, r)
}

// NewLBRequestID returns an id no other load-balancing request has had.
func (t *Tx) NewLBRequestID() (string, error) {
	n, err := t.kv.nextSequence(bucketLBRequests)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("lbr-%d", n), nil
}

func (t *Tx) put(bucket []byte, key string, v any) error {
	if key == "" {
		return fmt.Errorf("store: empty key in %s", bucket)
	}
	t.changed = true
	return putJSON(t.kv, bucket, []byte(key), v)
}

func (t *Tx) del(bucket []byte, key, kind string) error {
	v, err := t.kv.get(bucket, []byte(key))
	if err != nil {
		return err
	}
	if v == nil {
		return fmt.Errorf("%s %q: %w", kind, key, ErrNotFound)
	}
	t.changed = true
	return t.kv.del(bucket, []byte(key))
}

func putJSON(kv kvTx, bucket, key []byte, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return kv.put(bucket, key, data)
}

func getJSON(kv kvTx, bucket []byte, key, kind string, v any) error {
	data, err := kv.get(bucket, []byte(key))
	if err != nil {
		return err
	}
	if data == nil {
		return fmt.Errorf("%s %q: %w", kind, key, ErrNotFound)
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("%s %q: stored record: %w", kind, key, err)
	}
	return nil
}

func listJSON[T any](kv kvTx, bucket []byte) ([]T, error) {
	out := []T{}
	err := kv.each(bucket, nil, func(k, v []byte) (bool, error) {
		var x T
		if err := json.Unmarshal(v, &x); err != nil {
			return false, fmt.Errorf("%s %q: stored record: %w", "object", k, err)
		}
		out = append(out, x)
		return true, nil
	})
	return out, err
}

func u64(v uint64) []byte {
	b := make([]byte, 8)
	binary.BigEndian.PutUint64(b, v)
	return b
}
