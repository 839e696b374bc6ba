package store

// backend is where the store's records live: buckets of keys in byte order, as bbolt has
// them (bolt.go), or the same layout under a key prefix in etcd (etcd.go). Store builds
// versions, the change log and every record on top of it, so both backends behave alike
// and one set of tests covers both.
type backend interface {
	// view runs fn on a consistent read-only snapshot.
	view(fn func(kvTx) error) error
	// update runs fn and commits what it wrote atomically, serialised with every other
	// writer; an error from fn (or from the commit) writes nothing. fn may run more than
	// once: etcd runs it again on a fresh snapshot when another writer committed first.
	update(fn func(kvTx) error) error
	// watch calls changed after every change another process commits (etcd: another
	// controller of the group); the bbolt file has no other writer.
	watch(changed func())
	close() error
}

// kvTx reads and writes one transaction's snapshot; within an update, reads see the
// transaction's own writes.
type kvTx interface {
	// get returns the value of key in bucket, nil when it has none.
	get(bucket, key []byte) ([]byte, error)
	// each calls fn on the records of bucket in key order, starting at key from (nil: the
	// first), until fn returns false or an error.
	each(bucket, from []byte, fn func(k, v []byte) (bool, error)) error
	put(bucket, key, value []byte) error
	del(bucket, key []byte) error
	// nextSequence returns the bucket's next sequence number (1, 2, ...), for ids that are
	// never reused.
	nextSequence(bucket []byte) (uint64, error)
	// sequence and setSequence read and set the bucket's last sequence number (export and
	// import).
	sequence(bucket []byte) (uint64, error)
	setSequence(bucket []byte, n uint64) error
}
