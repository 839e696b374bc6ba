package store

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// DumpFormat names the format Export writes and Import reads.
const DumpFormat = "hvlb-store/1"

// Dump is every record of a store, whatever its backend: what `hvlb-controller export`
// writes, so that a site moves from bbolt to etcd (or back) without retyping anything.
type Dump struct {
	Format    string              `json:"format"`
	Version   uint64              `json:"version"`
	SyncKey   []byte              `json:"sync_key"`  // the forwarders' connection-sync key: it moves with the state
	Epoch     uint64              `json:"epoch"`     // when the store was made: it moves with the state (0: a dump of an older controller)
	Sequences map[string]uint64   `json:"sequences"` // by bucket: the next id is one more
	Buckets   map[string][]Record `json:"buckets"`
}

// Record is one stored object: its key (bytes: some are binary) and its JSON value.
type Record struct {
	Key   []byte          `json:"key"`
	Value json.RawMessage `json:"value"`
}

// dataBuckets are the buckets a dump carries whole (the meta bucket's few keys have fields).
var dataBuckets = [][]byte{bucketServices, bucketForwarders, bucketLBRequests, bucketChanges, bucketHardRemove, bucketPolicy}

// sequenced are the buckets whose sequence a dump carries.
var sequenced = [][]byte{bucketLBRequests}

// Export writes every record of the store, from one consistent snapshot, as JSON.
func (s *Store) Export(w io.Writer) error {
	d := Dump{Format: DumpFormat, Sequences: map[string]uint64{}, Buckets: map[string][]Record{}}
	err := s.View(func(t *ReadTx) error {
		d.Version, d.SyncKey, d.Epoch = t.Version(), t.SyncKey(), t.Epoch()
		for _, b := range sequenced {
			n, err := t.kv.sequence(b)
			if err != nil {
				return err
			}
			d.Sequences[string(b)] = n
		}
		for _, b := range dataBuckets {
			recs := []Record{}
			err := t.kv.each(b, nil, func(k, v []byte) (bool, error) {
				if !json.Valid(v) {
					return false, fmt.Errorf("%s %q: the stored record is not JSON", b, k)
				}
				recs = append(recs, Record{Key: append([]byte(nil), k...), Value: append(json.RawMessage(nil), v...)})
				return true, nil
			})
			if err != nil {
				return err
			}
			d.Buckets[string(b)] = recs
		}
		return nil
	})
	if err != nil {
		return err
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	return enc.Encode(d)
}

// importChunk is how many records one import transaction writes: etcd limits the
// operations of a transaction (--max-txn-ops, 128 by default) and its size.
const importChunk = 64

// ErrNotEmpty: Import refuses a store that has had a change.
var ErrNotEmpty = errors.New("the store is not empty")

// Import reads a dump into a store that has never had a change (version 0). Records go in
// chunks; the version, sync key, epoch and sequences go last, so a store whose import failed
// half-way still reads as empty (version 0) and the same import can simply run again.
func (s *Store) Import(r io.Reader) error {
	var d Dump
	dec := json.NewDecoder(r)
	if err := dec.Decode(&d); err != nil {
		return fmt.Errorf("dump: %w", err)
	}
	if d.Format != DumpFormat {
		return fmt.Errorf("dump: format %q, this controller reads %q", d.Format, DumpFormat)
	}
	if len(d.SyncKey) != SyncKeyLen {
		return fmt.Errorf("dump: a sync key of %d bytes, want %d", len(d.SyncKey), SyncKeyLen)
	}
	known := map[string]bool{}
	for _, b := range dataBuckets {
		known[string(b)] = true
	}
	for name, recs := range d.Buckets {
		if !known[name] {
			return fmt.Errorf("dump: unknown bucket %q", name)
		}
		for _, rec := range recs {
			if len(rec.Key) == 0 || !json.Valid(rec.Value) {
				return fmt.Errorf("dump: bucket %s: a record with an empty key or a value that is not JSON", name)
			}
		}
	}
	if v, err := s.Version(); err != nil || v != 0 {
		if err == nil {
			err = fmt.Errorf("%w (version %d): import goes into a new store", ErrNotEmpty, v)
		}
		return err
	}
	for _, b := range dataBuckets {
		recs := d.Buckets[string(b)]
		for len(recs) > 0 {
			chunk := recs[:min(importChunk, len(recs))]
			recs = recs[len(chunk):]
			err := s.be.update(func(kv kvTx) error {
				if v, err := kv.get(bucketMeta, keyVersion); err != nil || (v != nil && binary.BigEndian.Uint64(v) != 0) {
					if err == nil {
						err = fmt.Errorf("%w: another controller wrote to it during the import", ErrNotEmpty)
					}
					return err
				}
				for _, rec := range chunk {
					if err := kv.put(b, rec.Key, rec.Value); err != nil {
						return err
					}
				}
				return nil
			})
			if err != nil {
				return fmt.Errorf("import %s: %w", b, err)
			}
		}
	}
	err := s.be.update(func(kv kvTx) error {
		for name, n := range d.Sequences {
			if err := kv.setSequence([]byte(name), n); err != nil {
				return err
			}
		}
		if err := kv.put(bucketMeta, keySyncKey, d.SyncKey); err != nil {
			return err
		}
		if d.Epoch != 0 { // the versions go on in the same store, as the agents see it
			if err := kv.put(bucketMeta, keyEpoch, u64(d.Epoch)); err != nil {
				return err
			}
		}
		return kv.put(bucketMeta, keyVersion, u64(d.Version))
	})
	if err != nil {
		return fmt.Errorf("import: %w", err)
	}
	s.notify()
	return nil
}
