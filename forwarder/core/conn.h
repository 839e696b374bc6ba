/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The per-worker connection table. One worker owns it: no locks, no atomics, no allocation
 * after init (the caller provides the memory). Each connection is reachable by two keys: the
 * tuple as the client sent it (direction ORIG) and, in NAT mode, the tuple the NF answers with
 * (direction REPLY: src = RS address and port, dst = client). Buckets are one cache line of 8
 * (signature, index) slots; a key lives in one of two buckets. Expiry is incremental: each call
 * of conn_expire looks at a bounded number of entries.
 */
#ifndef HVLB_CORE_CONN_H
#define HVLB_CORE_CONN_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "hash.h"
#include "parse.h"
#include "toeplitz.h"
#include "types.h"

enum conn_dir {
	CONN_DIR_ORIG = 0,  /* client -> VIP */
	CONN_DIR_REPLY = 1, /* RS -> client */
};

enum conn_state {
	CONN_S_NONE = 0,
	CONN_S_SYN_SENT,    /* client SYN seen */
	CONN_S_SYN_RECV,    /* RS SYN-ACK seen (NAT) */
	CONN_S_ESTABLISHED,
	CONN_S_FIN_WAIT,    /* one side sent FIN */
	CONN_S_TIME_WAIT,   /* both sides sent FIN */
	CONN_S_CLOSE,       /* RST seen */
	CONN_S_UDP,         /* UDP (and other datagram) flows */
	CONN_S_UNCONFIRMED, /* TCP met mid-stream with sync on, not yet confirmed by the NF */
	CONN_S_MAX
};

/* The rules of TCP state, each written once:
 * - only a SYN without ACK opens a connection: any other packet that matches none is dropped
 *   (tcp_no_conn) and creates nothing, so spoofed ACKs, FINs and RSTs cannot fill the table;
 * - a connection is embryonic (SYN_SENT, SYN_RECV: the short tcp_syn timeout, evictable when
 *   the table is full) until the client's ACK completes the handshake. With a reply direction
 *   (NAT) that is an ACK after the NF's SYN-ACK; without one (DR) the forwarder never sees the
 *   SYN-ACK, and the client's first ACK after its SYN is all it has;
 * - the mid-stream rule, only on a forwarder with connection sync on (docs/sync.md): a
 *   connection another forwarder opened may reach this one mid-stream (an ECMP change, a
 *   restart). Its entry, when sync brought it, is in the table and wins. Without one, a packet
 *   with ACK and neither SYN nor RST (conn_tcp_midstream) goes where the service's consistent
 *   choice (Maglev) sends it, and leaves at most an UNCONFIRMED entry: embryonic (tcp_syn
 *   timeout, evicted before any established connection when the table is full), never synced
 *   to peers, and never ESTABLISHED until a packet from the NF's side confirms it. A spoofed
 *   bare ACK therefore creates nothing that lasts. Without sync the first rule holds as is. */
static inline bool
conn_tcp_opens(uint8_t tcp_flags)
{
	return (tcp_flags & (HVLB_TCP_SYN | HVLB_TCP_ACK)) == HVLB_TCP_SYN;
}

static inline bool
conn_tcp_midstream(uint8_t tcp_flags)
{
	return (tcp_flags & (HVLB_TCP_SYN | HVLB_TCP_ACK | HVLB_TCP_RST)) == HVLB_TCP_ACK;
}

/* The protocols whose packets move the state machine: TCP, and SCTP, whose chunks sctp_parse
 * reduced to TCP flags (core/sctp.h, docs/sctp.md). The rest are datagrams (CONN_S_UDP). */
static inline bool
conn_proto_stateful(uint8_t proto)
{
	return proto == HVLB_PROTO_TCP || proto == HVLB_PROTO_SCTP;
}

/* Why a packet that opens nothing and finds no connection is dropped: tcp_no_conn, or for
 * SCTP (anything but an INIT) sctp_no_conn. */
static inline enum hvlb_drop
conn_no_conn_drop(uint8_t proto)
{
	return proto == HVLB_PROTO_SCTP ? HVLB_DROP_SCTP_NO_CONN : HVLB_DROP_TCP_NO_CONN;
}

static inline bool
conn_state_embryonic(uint8_t state)
{
	return state == CONN_S_SYN_SENT || state == CONN_S_SYN_RECV ||
	       state == CONN_S_UNCONFIRMED;
}

/* Timeouts per state, in seconds, as operators set them. */
struct conn_timeouts {
	uint32_t tcp_syn;  /* SYN_SENT and SYN_RECV; default 30 */
	uint32_t tcp_est;  /* ESTABLISHED; default 900 */
	uint32_t tcp_fin;  /* FIN_WAIT; default 120 */
	uint32_t tcp_tw;   /* TIME_WAIT; default 30 */
	uint32_t tcp_close; /* CLOSE; default 10 */
	uint32_t udp;      /* UDP; default 300, as in the paper */
};

void conn_timeouts_default(struct conn_timeouts *t);

/* A table holds this many timeout sets; each connection names one (conn.to_set). Set 0 is the
 * forwarder's global timeouts; the others belong to services (the control thread gives each
 * service one for its life while any is free, so a connection's index stays its service's
 * while it lives: src/cfgstore.h cfg_vs_set_timeouts). */
#define CONN_TO_SETS 256

/* A connection's key as the table keeps it: 16 bytes, the hot line's first. An IPv4 key whole
 * (struct flow_key keeps an IPv4 address's other 12 bytes zero); an IPv6 one's addresses
 * begin here and end in the entry's cold line (conn.src6, conn.dst6). The tail (ports,
 * protocol, family, pad) is a flow_key's, byte for byte. */
struct conn_key {
	uint32_t src4;  /* the client's address (an IPv6 one's first 4 bytes), network order */
	uint32_t dst4;  /* the VIP's, likewise */
	uint16_t sport; /* network order */
	uint16_t dport;
	uint8_t proto;
	uint8_t af;
	uint16_t pad;   /* the VXLAN tenant, or a sip_call_id connection's tag (core/sip.h) */
};

_Static_assert(sizeof(struct conn_key) == 16 && offsetof(struct conn_key, sport) == 8,
	       "a connection key is 16 bytes, its tail the last 8");

/* One connection: two cache lines, a hot one and a cold one. An established IPv4 packet of a
 * NAT or DR connection reads and writes the hot line only (its key, its NF, its service, its
 * state and counters, its deadline); the cold line holds what a new connection, a listing, a
 * sync record or a rarer mode needs (the creation time, the keys' hashes, the per-mode bytes,
 * an IPv6 connection's addresses past their first 4 bytes). A saved table is read by field
 * (conn_layout.h): a field added here is added to conn_layout.c's list too, and a test checks
 * every byte is named. Read the addresses whole through conn_orig_key, conn_orig_src/_dst
 * and conn_rs_addr (conn_insert writes them): they are split between the lines. */
struct conn {
#ifdef HVLB_TEST_LAYOUT_CHANGE
	/* The test build (meson -Dtest_layout_change=true): every other field moves, and the
	 * entry grows a cache line, as a future release's might (tests/e2e/test_upgrade_layout.py). */
	uint64_t test_extra;
#endif
	/* ---- the hot line ---- */
	struct conn_key orig;     /* client -> VIP, as received */
	uint32_t rs4;             /* the chosen NF's IPv4 address (an IPv6 one's first 4 bytes) */
	uint16_t rs_port;         /* network order; the port the NF sees */
	uint16_t rs_slot;         /* stable id of the RS, for counters */
	uint16_t vs_slot;         /* stable id of the VS */
	uint8_t state;            /* enum conn_state */
	uint8_t mode;             /* the VS mode at creation (vs.h VS_MODE_*) */
	uint8_t flags;            /* the owner's CONN_FL_* (conn.c only clears them) */
	uint8_t reserved;         /* conn.c's own flags (FIN seen per direction, ...) */
	uint8_t to_set;           /* its timeout set (CONN_TO_SETS), from its service */
	uint8_t in_use;           /* 1 while in the table */
	uint32_t rs_gen;          /* the RS's generation at creation (hard remove) */
	uint32_t deadline;        /* in table ticks (conn_tnow): see conn_deadline */
	uint32_t pkts[2];         /* per direction (a listing's count wraps at 2^32) */
	uint64_t bytes[2];
	/* ---- the cold line ---- */
	uint64_t created;         /* ticks (the caller's clock, `now`) */
	uint32_t hash[2];         /* the hash of each direction's key, for deletion */
	/* Per mode, 8 bytes: the SYN proxy is for NAT services only, FullNAT connections need
	 * no sequence translation, a tunnel's encapsulation is only a tunnel's and the VTEPs
	 * only a vxlan connection's. Read a member only for its connection's mode (conn.mode; a
	 * service never changes mode to or from vxlan, whose VNI is part of its identity). Each
	 * member keeps the offsets its fields had before they shared the bytes (asserted in
	 * conn.c). */
	union {
		struct { /* VS_MODE_NAT */
			uint32_t sp_delta; /* SYN proxy (CONN_FL_SYNPROXY): NF ISN - cookie
					      ISN; the cookie ISN while CONN_FL_SP_WAIT */
			uint16_t sp_win;   /* SYN proxy: the client's window, for the ACK to
					      the NF */
			uint16_t sp_pad;
		};
		struct { /* VS_MODE_NAT, CONN_FL_SCTP (never SYN-proxied): the tags its
			    client's and its NF's packets carry, 0 while not known
			    (core/sctp.h sctp_vtag_check) */
			uint32_t sctp_vtag[2];
		};
		struct { /* VS_MODE_FULLNAT */
			uint16_t fn_lport; /* the local port the NF sees as its client's,
					      network order */
			uint8_t fn_laddr;  /* the local address, an index in the forwarder's
					      pool (fullnat.h) */
			uint8_t fn_toa;    /* its SYN (udp: datagrams) carry the client's
					      address (core/toa.h), from its service */
			uint8_t fn_pad[4];
		};
		struct { /* VS_MODE_TUNNEL (CONN_FL_TUNNEL) */
			uint8_t tn_pad[6];
			uint8_t encap;     /* rewrite_tunnel.h enum tunnel_encap and the NF's
					      family (worker_tunnel.h TUNNEL_CONN_*), from its
					      service (or a peer's record) */
			uint8_t tn_pad2;
		};
		struct { /* VS_MODE_VXLAN (CONN_FL_VXLAN): the VTEPs, IPv4, network order.
			    rs_addr:rs_port is the VIP:vport its NF answers from, so the reply
			    tuple is the inner one; the RS the scheduler chose is nf_vtep. */
			uint32_t vx_client_vtep;
			uint32_t vx_nf_vtep;
		};
	};
	/* An IPv6 connection's addresses past their first 4 bytes (zero for IPv4): the
	 * client's, the VIP's and the NF's. */
	uint32_t src6[3];
	uint32_t dst6[3];
	uint32_t rs6[3];
	uint32_t cold_pad;
} __attribute__((aligned(HVLB_CACHE_LINE)));

#ifndef HVLB_TEST_LAYOUT_CHANGE
_Static_assert(sizeof(struct conn) == 128, "struct conn is two cache lines");
_Static_assert(offsetof(struct conn, created) == 64,
	       "the hot line is the first 64 bytes: what an established packet touches");
#endif
_Static_assert(offsetof(struct conn, encap) == offsetof(struct conn, sp_delta) + 6,
	       "a tunnel's byte is where sp_pad's first byte is");

/* An address of c's key, whole: an IPv4 one from the hot line alone (its other 12 bytes are
 * zero by the key's rule), an IPv6 one's rest from the cold line. */
static inline union hvlb_addr
conn_key_addr(const struct conn *c, uint32_t first, const uint32_t *rest)
{
	union hvlb_addr a = {.w = {first, 0, 0, 0}};

	if (c->orig.af != HVLB_AF_INET)
		memcpy(&a.w[1], rest, 12);
	return a;
}

/* The client's address and the VIP's, whole. */
static inline union hvlb_addr
conn_orig_src(const struct conn *c)
{
	return conn_key_addr(c, c->orig.src4, c->src6);
}

static inline union hvlb_addr
conn_orig_dst(const struct conn *c)
{
	return conn_key_addr(c, c->orig.dst4, c->dst6);
}

/* The connection's key as a flow_key (its addresses whole). */
static inline void
conn_orig_key(const struct conn *c, struct flow_key *k)
{
	k->src = conn_orig_src(c);
	k->dst = conn_orig_dst(c);
	memcpy(&k->sport, &c->orig.sport, 8);
}

/* The NF's address, whole (its family may be the other one: tunnels). */
static inline union hvlb_addr
conn_rs_addr(const struct conn *c)
{
	union hvlb_addr a;

	a.w[0] = c->rs4;
	memcpy(&a.w[1], c->rs6, sizeof(c->rs6));
	return a;
}

/* Set c's NF's address (a): conn_insert writes the key itself, into a zeroed entry. */
static inline void
conn_set_rs_addr(struct conn *c, const union hvlb_addr *a)
{
	c->rs4 = a->w[0];
	memcpy(c->rs6, &a->w[1], sizeof(c->rs6));
}

/* The tail (ports, protocol, family, pad) of a connection's key, as flow_key_tail. */
static inline uint64_t
conn_key_tail(const struct conn_key *k)
{
	uint64_t v;

	memcpy(&v, &k->sport, sizeof(v));
	return v;
}

/* The port the NF sees: rs_port, or with rs_port 0 the client's destination (a service on
 * every port, or an NF on the VIP's port). */
static inline uint16_t
conn_nf_port(const struct conn *c)
{
	return c->rs_port != 0 ? c->rs_port : c->orig.dport;
}

/* conn->flags */
#define CONN_FL_STEERED 0x1 /* lives away from its client's default owner (steer.h) */
#define CONN_FL_SYNCED 0x2  /* its latest state came from a peer, not from a packet here
			       (src/worker_sync.c) */
#define CONN_FL_SYNPROXY 0x4 /* opened by a SYN cookie: sequence numbers translated by sp_delta
				(core/synproxy.h) */
#define CONN_FL_SP_WAIT 0x8  /* of those, the NF has not answered the proxy's SYN yet */
#define CONN_FL_SP_EMB 0x10  /* counted among its service's embryonic connections (a
				synproxy auto service: src/worker_synproxy.c) */
#define CONN_FL_TUNNEL 0x20  /* tunnel mode (conn.encap): its packets are encapsulated
				(src/worker_tunnel.h) */
/* Any of them: the packets of such a connection take the SYN proxy's path. */
#define CONN_FL_SP_ANY (CONN_FL_SYNPROXY | CONN_FL_SP_WAIT | CONN_FL_SP_EMB)
#define CONN_FL_VXLAN 0x40   /* a vxlan service's (conn.vx_*): its packets leave encapsulated
				(src/worker_vxlan.h) */
#define CONN_FL_SCTP 0x80    /* an SCTP NAT association: its rewrite redoes the CRC32c where
				a port changes (core/sctp.h), off rewrite_nat4's path */
/* Any of them: the packets of such a connection leave the NAT/DR path, at one test. */
#define CONN_FL_RARE (CONN_FL_SP_ANY | CONN_FL_TUNNEL | CONN_FL_VXLAN | CONN_FL_SCTP)

struct conn_table; /* opaque; laid out by conn_table_init in caller memory */

/* Bytes the caller must provide for a table of max_conns connections (max_conns rounded up to
 * a power of two; buckets sized for a load factor of at most 50 % of slots). */
size_t conn_table_mem_size(uint32_t max_conns);

/* Where a table's connection array starts in its memory, and how many entries a table for
 * max_conns has: a saved table's descriptor records both (conn_layout.h). */
size_t conn_table_entries_off(void);
uint32_t conn_table_capacity_for(uint32_t max_conns);

/* Lay a table out in mem (conn_table_mem_size bytes, cache-line aligned, zeroed or not).
 * hz: ticks per second of the clock passed as `now` to the other calls. Returns the table. */
struct conn_table *conn_table_init(void *mem, uint32_t max_conns, uint64_t hz,
				   const struct conn_timeouts *to);

/* A table conn_table_init laid out for max_conns in memory now at mem (size bytes), perhaps at
 * another address than it was made at (a file mapped again after a restart): its internal
 * pointers are set to mem. NULL when mem does not hold such a table. For reading its entries
 * (conn_walk, conn_count); its timeouts are the old ones. */
struct conn_table *conn_table_attach(void *mem, size_t size, uint32_t max_conns);

/* Replace timeout set `set` (takes effect at each connection's next packet). */
void conn_table_set_timeouts(struct conn_table *t, uint8_t set, const struct conn_timeouts *to);

/* The hash every table of the process files keys by (conn_key_hash): the table's own (an IPv4
 * key's 16 bytes, an IPv6 key's flow hash) by default, or, once conn_set_hash(tz) is called, the Toeplitz hash of tz, the one the ports'
 * NICs give each packet (mbuf hash.rss), so that a packet that comes with it is looked up
 * without hashing its key. Set once at start-up, before any table is used (tables of
 * another hash, persisted ones, are re-filed by conn_import); tz must outlive them. */
void conn_set_hash(const struct toeplitz *tz);

extern const struct toeplitz *conn_hash_tz;

/* The table's own hash of an IPv4 key: its 16 bytes that can differ (addresses, ports,
 * protocol, family, pad; struct flow_key keeps an IPv4 address's other 12 bytes zero), where
 * the flow hash takes all 40. Not the flow hash: Maglev and the tunnels take that. */
static inline uint32_t
conn_key4_hash(const struct flow_key *k)
{
	return hash_16b(k->src.w[0], k->dst.w[0], flow_key_tail(k));
}

/* The hash a key is filed by in every table: with conn_set_hash, the Toeplitz hash; else
 * conn_key4_hash for an IPv4 key and the flow hash for an IPv6 one. */
static inline uint32_t
conn_key_hash(const struct flow_key *k)
{
	if (conn_hash_tz != NULL)
		return toeplitz_flow_hash(conn_hash_tz, k);
	if (k->af == HVLB_AF_INET)
		return conn_key4_hash(k);
	return flow_hash(k);
}

/* Whether two keys are the same to the table: an IPv4 key (a's af) by its 16 bytes, as
 * conn_key4_hash hashes it, one compare of three words; any other by all 40 bytes. */
static inline bool
conn_key_eq(const struct flow_key *a, const struct flow_key *b)
{
	if (a->af == HVLB_AF_INET)
		return ((a->src.w[0] ^ b->src.w[0]) | (a->dst.w[0] ^ b->dst.w[0])) == 0 &&
		       flow_key_tail(a) == flow_key_tail(b);
	return flow_key_eq(a, b);
}

/* Whether key is c's own (ORIG) key: as conn_key_eq, an IPv4 key by its hot line's 16 bytes;
 * an IPv6 one's addresses end in the cold line. known_v4 (the caller's constant): key is IPv4,
 * its family need not be asked. */
static inline bool
conn_orig_eq_af(const struct conn *c, const struct flow_key *key, bool known_v4)
{
	if (((key->src.w[0] ^ c->orig.src4) | (key->dst.w[0] ^ c->orig.dst4)) != 0 ||
	    flow_key_tail(key) != conn_key_tail(&c->orig))
		return false;
	return known_v4 || key->af == HVLB_AF_INET ||
	       (memcmp(&key->src.w[1], c->src6, sizeof(c->src6)) == 0 &&
		memcmp(&key->dst.w[1], c->dst6, sizeof(c->dst6)) == 0);
}

/* conn_orig_eq_af of a key not known to be IPv4. */
static inline bool
conn_orig_eq(const struct conn *c, const struct flow_key *key)
{
	return conn_orig_eq_af(c, key, false);
}

/* Find the connection that key (hash = conn_key_hash(key)) belongs to, in either direction.
 * Returns it and sets *dir, or NULL. */
struct conn *conn_lookup(struct conn_table *t, const struct flow_key *key, uint32_t hash,
			 enum conn_dir *dir);

/* Burst lookup: for i < n, conns[i] = conn_lookup(keys[i], hashes[i], &dirs[i]); prefetches
 * every bucket first. */
void conn_lookup_burst(struct conn_table *t, const struct flow_key *const *keys,
		       const uint32_t *hashes, unsigned n, struct conn **conns, uint8_t *dirs);

/* Insert a new connection for orig (hash = conn_key_hash(orig)) to rs_addr:rs_port. When
 * with_reply, it is also reachable by its reply tuple (NAT). Sets state from proto (TCP:
 * SYN_SENT, else UDP), its timeout set to_set and the deadline from now. Returns NULL when the
 * table is full or both buckets of a key are full. The caller fills rs_slot, vs_slot, mode,
 * rs_gen. */
struct conn *conn_insert(struct conn_table *t, const struct flow_key *orig, uint32_t hash,
			 const union hvlb_addr *rs_addr, uint16_t rs_port, int with_reply,
			 uint8_t to_set, uint64_t now);

/* As conn_insert, for a caller that knows orig is no key of the table, in either direction
 * (it looked orig up and nothing was inserted since): the one lookup that would check it is
 * saved. A new connection's REPLY key is checked as always. */
struct conn *conn_insert_absent(struct conn_table *t, const struct flow_key *orig, uint32_t hash,
				const union hvlb_addr *rs_addr, uint16_t rs_port, int with_reply,
				uint8_t to_set, uint64_t now);

/* As conn_insert, for a FullNAT connection: its REPLY key is NF -> local address (index
 * laddr in the forwarder's local addresses, conn_set_local) : lport. Sets fn_laddr and
 * fn_lport; the caller sets mode. */
struct conn *conn_insert_fullnat(struct conn_table *t, const struct flow_key *orig,
				 uint32_t hash, const union hvlb_addr *rs_addr, uint16_t rs_port,
				 uint8_t laddr, uint16_t lport, uint8_t to_set, uint64_t now);

/* The forwarder's local addresses (FullNAT's pool, fullnat.h), by index: what a FullNAT
 * connection's fn_laddr names, in every table of the process (one pool per forwarder). Set
 * once at start-up, before any table is used; addrs must outlive them. Without it,
 * conn_insert_fullnat and conn_import of a FullNAT connection fail. */
void conn_set_local(const union hvlb_addr *addrs);

/* Insert a copy of a connection another table held (all of it: state, counters, deadline,
 * flags), reachable by the same keys, filed by this process's hash (conn_key_hash: a table
 * persisted by a forwarder that hashed otherwise comes back right). For handing a connection
 * to another worker, and for a restart. Returns the
 * new entry, or NULL when the table is full, a bucket is, or one of its keys is taken. */
struct conn *conn_import(struct conn_table *t, const struct conn *src);

/* The tuple the NF answers c with (NAT, FullNAT), in *k; false when c has none (DR). */
bool conn_reply_tuple(const struct conn *c, struct flow_key *k);

/* The oldest embryonic connection (conn_state_embryonic) the table knows of, looking at no
 * more than budget candidates; NULL if none. For making room for a new SYN in a full table:
 * the caller accounts for it and conn_deletes it. */
struct conn *conn_evict_embryonic(struct conn_table *t, unsigned budget);

/* Remove a connection now (RST handling is via state timeouts; this is for hard removes). */
void conn_delete(struct conn_table *t, struct conn *c);

/* conn_delete in two steps, for a caller that others may still hold c from an earlier lookup
 * (a worker's burst: its packets are all looked up before any is forwarded). conn_unlink takes
 * c out of the table (no lookup finds it, in_use is 0) but keeps its entry from reuse, and the
 * table's count with it; conn_free, once no one holds it, frees the entry. Else a connection
 * that a later packet of the burst opened could take the entry that a packet after it still
 * holds as its own connection, and go out as the new one's. */
void conn_unlink(struct conn_table *t, struct conn *c);
void conn_free(struct conn_table *t, struct conn *c);

/* Account a packet of dir and move the TCP state machine (tcp_flags of the packet; ignored
 * for UDP), refreshing the deadline from the new state's timeout. */
void conn_update(struct conn_table *t, struct conn *c, enum conn_dir dir, uint8_t tcp_flags,
		 uint32_t bytes, uint64_t now);

/* Table ticks: the caller's clock (`now`, hz a second) shifted right so that one is 0.5 to 1
 * ms (at hz under 2,000, one of the caller's), so that a deadline fits the hot line's 32
 * bits: the longest timeout (a week, cfgstore_timeouts.c) is under half their range, and a
 * deadline is due once (int32_t)(deadline - tnow) <= 0 (conn_due). A worker takes the
 * table's now once a loop (conn_tnow) for its packets' conn_update_quick. */
uint32_t conn_tnow(const struct conn_table *t, uint64_t now);

/* conn_tnow of any table whose clock counts hz a second. */
uint32_t conn_ticks(uint64_t hz, uint64_t now);

static inline bool
conn_due(uint32_t deadline, uint32_t tnow)
{
	return (int32_t)(deadline - tnow) <= 0;
}

/* c's deadline on the caller's clock (to a table tick), given now; 0 when it is further in
 * the past than now. */
uint64_t conn_deadline(const struct conn_table *t, const struct conn *c, uint64_t now);

/* The table's timeouts in table ticks, CONN_S_MAX a timeout set (set * CONN_S_MAX + state):
 * fixed for the table's life (conn_table_set_timeouts writes them in place). For
 * conn_update_quick. */
const uint32_t *conn_timeout_ticks(const struct conn_table *t);

/* conn_update in line for the packets that move no state: every UDP one, and a TCP segment
 * of an established connection without SYN, FIN or RST. Returns false, having done nothing,
 * for any other: call conn_update. ticks: conn_timeout_ticks of c's table; tnow: its
 * conn_tnow. Reads and writes c's hot line only. */
static inline bool
conn_update_quick(const uint32_t *ticks, struct conn *c, enum conn_dir dir, uint8_t tcp_flags,
		  uint32_t bytes, uint32_t tnow)
{
	if (c->state != CONN_S_UDP &&
	    (c->state != CONN_S_ESTABLISHED ||
	     (tcp_flags & (HVLB_TCP_SYN | HVLB_TCP_FIN | HVLB_TCP_RST)) != 0))
		return false;
	c->pkts[dir]++;
	c->bytes[dir] += bytes;
	c->deadline = tnow + ticks[(size_t)c->to_set * CONN_S_MAX + c->state];
	return true;
}

/* Called for each connection conn_expire removes, before it is freed. */
typedef void (*conn_expire_cb)(void *arg, const struct conn *c);

/* Look at up to budget entries from where the last call stopped; remove those whose deadline
 * has passed (calling cb first, if not NULL). Returns how many it removed. */
unsigned conn_expire(struct conn_table *t, uint64_t now, unsigned budget, conn_expire_cb cb,
		     void *arg);

/* Connections in the table now, its capacity, and the free entries (capacity - count). */
uint32_t conn_count(const struct conn_table *t);
uint32_t conn_capacity(const struct conn_table *t);
uint32_t conn_room(const struct conn_table *t);

/* Walk in-use connections from index *cursor (0 to start), calling fn for each until fn
 * returns non-zero or max have been visited; *cursor is set to where to resume, and to
 * UINT32_MAX at the end. For listing (control thread, while the owner is paused or via a copy);
 * not for the fast path. */
typedef int (*conn_walk_fn)(void *arg, const struct conn *c);
void conn_walk(const struct conn_table *t, uint32_t *cursor, uint32_t max, conn_walk_fn fn,
	       void *arg);

/* As conn_walk, but bounded by the entries looked at (slots, in use or not) rather than by the
 * connections found: the same work per call however empty the table is. For walks that share
 * a worker's loop with forwarding (sync's dump and refresh). */
void conn_scan(const struct conn_table *t, uint32_t *cursor, uint32_t slots, conn_walk_fn fn,
	       void *arg);

/* The position of c in t's connection array (0 .. conn_capacity - 1), and the entry at a
 * position: for scans that remember entries between two passes. */
uint32_t conn_index(const struct conn_table *t, const struct conn *c);
const struct conn *conn_at(const struct conn_table *t, uint32_t idx);

/* Connection sync (docs/sync.md). The FIN-seen bits of c (conn.c's own flags), as
 * CONN_FIN_ORIG | CONN_FIN_REPLY. */
#define CONN_FIN_ORIG 0x1
#define CONN_FIN_REPLY 0x2
uint8_t conn_fin_seen(const struct conn *c);

/* The state a peer's record (peer_state) puts c in: the peer's, except that a SYN_RECV (the
 * NF answered there) completes a handshake whose client ACK came here already. Without it,
 * a pool whose ECMP splits the two directions keeps both copies short of established until
 * the client's next packet: an idle connection would end at the SYN timeouts. */
uint8_t conn_sync_state(const struct conn *c, uint8_t peer_state);

/* Whether c, just moved by a packet of direction dir with tcp_flags, shows here only half of
 * a handshake that completed: the client ACKed an answer that never came here (SYN_SENT), or
 * the NF, whose SYN-ACK came here, sends past it (SYN_RECV, a reply without SYN) while the
 * client's ACK went elsewhere. ECMP split the directions over two forwarders of a pool, and
 * under k-way replication the one that saw the other half told its own backups, not
 * necessarily this one: a peer's record completes it (conn_sync_state) when asked for. */
bool conn_half_handshake(const struct conn *c, enum conn_dir dir, uint8_t tcp_flags);

/* Whether a peer's record of state peer_state opens c anew: a SYN_SENT (the client's SYN,
 * there) where a client's SYN here would reopen c (it ended, or was met mid-stream). A
 * SYN_SENT for a connection past it here (SYN_RECV, ESTABLISHED) is the same handshake's,
 * stale: a holder's older copy answering a pull, or a refresh from the client's side before
 * it heard the NF answered; it must not take the connection back to its SYN timeout. */
bool conn_sync_reopens(const struct conn *c, uint8_t peer_state);

/* Put c in state (with its FIN-seen bits, CONN_FIN_*) until expires (the caller's clock), as
 * a peer or the mid-stream rule says: an embryonic state joins the eviction order as a SYN would. */
void conn_set_state(struct conn_table *t, struct conn *c, uint8_t state, uint8_t fin,
		    uint64_t expires);

/* The ticks a connection of timeout set `set` in state lives after its last packet. */
uint64_t conn_state_timeout(const struct conn_table *t, uint8_t set, uint8_t state);

/* The name of a state ("established", ...). */
const char *conn_state_name(unsigned state);

#endif
