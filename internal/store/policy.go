package store

import (
	"fmt"
	"maps"

	bolt "go.etcd.io/bbolt"

	"hvlb/internal/model"
)

// bucketPolicy holds the comprehensive policy's published weights, by service id. It is
// created on first use, so stores written before it existed open unchanged.
var bucketPolicy = []byte("policy-weights")

// PolicyWeights returns the published weights of every service that has some.
func (t *ReadTx) PolicyWeights() (map[string]model.PolicyWeights, error) {
	out := map[string]model.PolicyWeights{}
	b := t.tx.Bucket(bucketPolicy)
	if b == nil {
		return out, nil
	}
	list, err := listJSON[model.PolicyWeights](b)
	for _, pw := range list {
		out[pw.Service] = pw
	}
	return out, err
}

// PutPolicyWeights stores the weights published for a service, unless they are the ones
// stored already; it returns the store's version after the write.
func (s *Store) PutPolicyWeights(pw model.PolicyWeights, what string) (uint64, error) {
	if pw.Service == "" {
		return 0, fmt.Errorf("store: policy weights without a service")
	}
	return s.Update(what, func(t *Tx) error {
		b, err := t.tx.CreateBucketIfNotExists(bucketPolicy)
		if err != nil {
			return err
		}
		var cur model.PolicyWeights
		if err := getJSON(b, pw.Service, "policy weights", &cur); err == nil && maps.Equal(cur.Weights, pw.Weights) {
			return nil
		}
		pw.Version = t.next
		t.changed = true
		return putJSON(b, []byte(pw.Service), pw)
	})
}

// DeletePolicyWeights drops the weights of services (no longer comprehensive, or gone).
// Ids with no weights are skipped; nothing to drop changes nothing.
func (s *Store) DeletePolicyWeights(what string, ids ...string) (uint64, error) {
	return s.Update(what, func(t *Tx) error {
		b := t.tx.Bucket(bucketPolicy)
		if b == nil {
			return nil
		}
		return deleteKeys(t, b, ids)
	})
}

func deleteKeys(t *Tx, b *bolt.Bucket, ids []string) error {
	for _, id := range ids {
		if b.Get([]byte(id)) == nil {
			continue
		}
		t.changed = true
		if err := b.Delete([]byte(id)); err != nil {
			return err
		}
	}
	return nil
}
