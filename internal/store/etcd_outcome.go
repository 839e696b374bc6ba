package store

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"

	"go.etcd.io/etcd/api/v3/v3rpc/rpctypes"
	clientv3 "go.etcd.io/etcd/client/v3"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// A write whose answer etcd did not give (a member that died under it, a timeout) may
// have been applied, or be applied yet: its proposal can be in raft's log. The store
// finds out which before it answers, and says "outcome unknown" only when it cannot.
//
// Every commit is a compare-and-swap on the version key's revision (commit), and every
// commit writes the write-id key with an id of its own. So the first commit after the
// revision a write compared against is the only one that can be that write, and it can
// apply only while nothing else has committed:
//  1. a fence, a commit of the same compare that changes nothing (the version key keeps
//     its value), goes first: if it applies, the lost write had not, and never can now;
//  2. else another commit came first: the first write-id after the compared revision (read
//     from etcd's history with a watch) says whether it was the lost write's.

// writeIDKey is outside every bucket, so that no range read of the store sees it.
func (b *etcdBackend) writeIDKey() string { return b.prefix + "write-id" }

func writeID() string {
	var r [12]byte
	rand.Read(r[:])
	return hex.EncodeToString(r[:])
}

// refusedBeforeApply says whether etcd refused the request before proposing it, so that
// nothing of it was written: out of space or too many requests (ResourceExhausted),
// permission denied, not authenticated, an invalid request (too many operations, too
// large).
func refusedBeforeApply(err error) bool {
	code := codes.Unknown
	var ee rpctypes.EtcdError
	if errors.As(err, &ee) {
		code = ee.Code()
	} else if st, ok := status.FromError(err); ok {
		code = st.Code()
	}
	switch code {
	case codes.PermissionDenied, codes.Unauthenticated, codes.InvalidArgument, codes.ResourceExhausted:
		return true
	}
	return false
}

// ErrOutcomeUnknown: a write was sent and etcd's answer lost, and the store could not tell
// whether it was applied (it comes with ErrUnavailable: the API answers 503). Read the
// state back before trying again.
var ErrOutcomeUnknown = errors.New("outcome unknown")

// writeOutcome settles a commit that compared the version key against versionMod and
// wrote id, whose answer was lost (cause): applied (true, nil: the write is done), not
// applied (false, nil: the update runs again, as when another controller came first), or
// an error wrapping ErrOutcomeUnknown.
func (b *etcdBackend) writeOutcome(versionMod int64, version []byte, id string, cause error) (bool, error) {
	unknown := func(why error) (bool, error) {
		return false, fmt.Errorf("%w: etcd write: %v; %w: it may have been applied (%v), read the state "+
			"back before trying again", ErrUnavailable, cause, ErrOutcomeUnknown, why)
	}
	ctx, cancel := context.WithTimeout(context.Background(), etcdRequestTimeout)
	defer cancel()
	vkey := b.key(bucketMeta, keyVersion)
	fence, err := b.kv.Txn(ctx).
		If(clientv3.Compare(clientv3.ModRevision(vkey), "=", versionMod)).
		Then(clientv3.OpPut(vkey, string(version)), clientv3.OpPut(b.writeIDKey(), writeID())).Commit()
	if err != nil {
		return unknown(fmt.Errorf("the fence: %w", err))
	}
	if fence.Succeeded {
		b.sawRevision(fence.Header.Revision)
		return false, nil // nothing had committed since versionMod: the write had not
	}
	// Something committed first: the first write-id after versionMod is that commit's.
	wctx, wcancel := context.WithCancel(ctx)
	defer wcancel()
	for resp := range b.cli.Watch(wctx, b.writeIDKey(), clientv3.WithRev(versionMod+1)) {
		if err := resp.Err(); err != nil {
			return unknown(fmt.Errorf("etcd's history: %w", err))
		}
		for _, ev := range resp.Events {
			if string(ev.Kv.Value) != id {
				return false, nil
			}
			b.sawRevision(ev.Kv.ModRevision)
			return true, nil
		}
	}
	if ctx.Err() != nil {
		return unknown(fmt.Errorf("etcd's history: %w", ctx.Err()))
	}
	return unknown(errors.New("etcd's history: the watch ended"))
}
