package store

import (
	"errors"
	"maps"

	"hvlb/internal/model"
)

// PolicyWeights returns the published weights of every service that has some.
func (t *ReadTx) PolicyWeights() (map[string]model.PolicyWeights, error) {
	list, err := listJSON[model.PolicyWeights](t.kv, bucketPolicy)
	out := make(map[string]model.PolicyWeights, len(list))
	for _, pw := range list {
		out[pw.Service] = pw
	}
	return out, err
}

// PutPolicyWeights stores the weights published for a service, unless they (the pool's and
// every forwarder's own) are the ones stored already; it returns the store's version after
// the write.
func (s *Store) PutPolicyWeights(pw model.PolicyWeights, what string) (uint64, error) {
	return s.Update(what, func(t *Tx) error {
		var cur model.PolicyWeights
		if err := getJSON(t.kv, bucketPolicy, pw.Service, "policy weights", &cur); err == nil &&
			maps.Equal(cur.Weights, pw.Weights) &&
			maps.EqualFunc(cur.PerForwarder, pw.PerForwarder, func(a, b map[string]int) bool { return maps.Equal(a, b) }) {
			return nil
		}
		pw.Version = t.next
		return t.put(bucketPolicy, pw.Service, pw)
	})
}

// DeletePolicyWeights drops the weights of services (no longer comprehensive, or gone).
// Ids with no weights are skipped; nothing to drop changes nothing.
func (s *Store) DeletePolicyWeights(what string, ids ...string) (uint64, error) {
	return s.Update(what, func(t *Tx) error {
		for _, id := range ids {
			if err := t.del(bucketPolicy, id, "policy weights"); err != nil && !errors.Is(err, ErrNotFound) {
				return err
			}
		}
		return nil
	})
}
