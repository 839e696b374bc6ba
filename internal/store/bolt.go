package store

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	bolt "go.etcd.io/bbolt"
)

// Open opens (creating if needed) the store file at path: one controller's desired state
// in an embedded bbolt file. A file held by another process fails after a second instead of
// waiting forever.
func Open(path string) (*Store, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("store %s: %w", path, err)
	}
	db, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: time.Second})
	if err != nil {
		return nil, fmt.Errorf("store %s: %w", path, err)
	}
	err = db.Update(func(tx *bolt.Tx) error {
		for _, b := range allBuckets {
			if _, err := tx.CreateBucketIfNotExists(b); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("store %s: %w", path, err)
	}
	s, err := newStore(boltBackend{db})
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("store %s: %w", path, err)
	}
	return s, nil
}

// boltBackend: bbolt serialises writers itself, and a transaction runs fn once.
type boltBackend struct{ db *bolt.DB }

func (b boltBackend) view(fn func(kvTx) error) error {
	return b.db.View(func(tx *bolt.Tx) error { return fn(boltTx{tx}) })
}

func (b boltBackend) update(fn func(kvTx) error) error {
	return b.db.Update(func(tx *bolt.Tx) error { return fn(boltTx{tx}) })
}

func (b boltBackend) watch(func()) {}

func (b boltBackend) close() error { return b.db.Close() }

type boltTx struct{ tx *bolt.Tx }

func (t boltTx) get(bucket, key []byte) ([]byte, error) {
	return t.tx.Bucket(bucket).Get(key), nil
}

func (t boltTx) each(bucket, from []byte, fn func(k, v []byte) (bool, error)) error {
	c := t.tx.Bucket(bucket).Cursor()
	k, v := c.First()
	if from != nil {
		k, v = c.Seek(from)
	}
	for ; k != nil; k, v = c.Next() {
		if more, err := fn(k, v); err != nil || !more {
			return err
		}
	}
	return nil
}

func (t boltTx) put(bucket, key, value []byte) error {
	return t.tx.Bucket(bucket).Put(key, value)
}

func (t boltTx) del(bucket, key []byte) error {
	return t.tx.Bucket(bucket).Delete(key)
}

func (t boltTx) nextSequence(bucket []byte) (uint64, error) {
	if !t.tx.Writable() {
		return 0, errors.New("store: a sequence number outside an update")
	}
	return t.tx.Bucket(bucket).NextSequence()
}

func (t boltTx) sequence(bucket []byte) (uint64, error) {
	return t.tx.Bucket(bucket).Sequence(), nil
}

func (t boltTx) setSequence(bucket []byte, n uint64) error {
	b := t.tx.Bucket(bucket)
	if b == nil {
		return fmt.Errorf("store: no bucket %q", bucket)
	}
	return b.SetSequence(n)
}
