/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The connection-sync wire format between forwarders (docs/sync.md has the byte diagram):
 * one UDP datagram is a fixed header, up to SYNC_MAX_RECS fixed-size connection records, and
 * a 16-byte tag, HMAC-SHA256(key, header + records) truncated. Everything is in network byte
 * order. This file encodes, decodes and verifies messages and keeps each sender's replay
 * window; it knows nothing of DPDK, sockets or connection tables (src/sync*.c do).
 *
 * A message is accepted only whole: sync_msg_verify checks every field of the header and of
 * every record, and the tag, before anything is handed out, so a rejected message changes
 * nothing; its reason is one of SYNC_REJECTS (counted under that name).
 */
#ifndef HVLB_CORE_SYNC_WIRE_H
#define HVLB_CORE_SYNC_WIRE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "types.h"

#define SYNC_MAGIC 0x48565359u /* "HVSY" */
#define SYNC_VERSION 1
#define SYNC_HDR_LEN 32
#define SYNC_REC_LEN 68 /* a record without extension */
#define SYNC_TAG_LEN 16
#define SYNC_MAX_DGRAM 1400
/* Records without extension that fit in SYNC_MAX_DGRAM with the header and the tag: 19
 * (fewer when some carry an extension). */
#define SYNC_MAX_RECS ((SYNC_MAX_DGRAM - SYNC_HDR_LEN - SYNC_TAG_LEN) / SYNC_REC_LEN)
#define SYNC_KEY_MIN 16
#define SYNC_KEY_MAX 64
/* The longest a record may say a connection has left: a day, in ms. */
#define SYNC_TIMEOUT_MAX_MS (86400u * 1000u)

enum sync_msg_type {
	SYNC_MSG_CONNS = 1,    /* connection records */
	SYNC_MSG_DUMP_REQ = 2, /* send me every connection you have (no records) */
	SYNC_MSG_DUMP_END = 3, /* the dump you asked for is complete (no records) */
	/* k-way replication (docs/sync.md): a packet of these connections reached me and I hold
	 * none of them; send me their records if you have them (records of op SYNC_OP_PULL,
	 * nothing else). A forwarder older than it refuses the message (sync_bad_type). */
	SYNC_MSG_PULL = 4,
};

enum sync_op {
	SYNC_OP_UPSERT = 1, /* the connection exists, in this state, for this long */
	SYNC_OP_DELETE = 2, /* the connection is over */
	/* Only in a SYNC_MSG_PULL, and nothing else there: which connection is asked for, by the
	 * tuple its packet had (state SYNC_PULL_ORIG: the client's, orig; SYNC_PULL_REPLY: the
	 * NF's reply tuple); no flags, no time, and no extension but a vxlan tuple's
	 * (SYNC_EXT_VXLAN: its tenant's VNI, client VTEP 0). */
	SYNC_OP_PULL = 3,
};

#define SYNC_PULL_ORIG 0
#define SYNC_PULL_REPLY 1

/* Record flags. */
#define SYNC_RF_FIN_ORIG 0x01  /* the client has sent a FIN */
#define SYNC_RF_FIN_REPLY 0x02 /* the NF has sent a FIN */
#define SYNC_RF_NAT 0x04       /* the connection has a reply tuple (NAT mode) */
/* A SYN proxy's connection (core/synproxy.h): sp_delta is its translation (NF ISN - cookie
 * ISN), or with SYNC_RF_SP_WAIT, whose NF has not answered yet, the cookie. Both need NAT and
 * TCP. A forwarder older than these flags refuses a message carrying one (sync_bad_record):
 * every forwarder of a pool speaks them before a service's proxy is turned on. */
#define SYNC_RF_SYNPROXY 0x08
#define SYNC_RF_SP_WAIT 0x10
/* A tunnel-mode connection (docs/mode-tunnel.md) and its encapsulation, one of the two; with
 * SYNC_RF_NF_XAF its NF's address is of the other family than the client's (IPv4 in IPv6 or
 * the reverse). A receiver applies such a record only to a service of the same mode and
 * encapsulation (sync_mode_mismatch otherwise); a forwarder older than these flags refuses the
 * message (sync_bad_record). */
#define SYNC_RF_TUN_IPIP 0x20
#define SYNC_RF_TUN_GUE 0x40
#define SYNC_RF_NF_XAF 0x80
#define SYNC_RF_ALL                                                                                \
	(SYNC_RF_FIN_ORIG | SYNC_RF_FIN_REPLY | SYNC_RF_NAT | SYNC_RF_SYNPROXY | SYNC_RF_SP_WAIT |  \
	 SYNC_RF_TUN_IPIP | SYNC_RF_TUN_GUE | SYNC_RF_NF_XAF)

/* A record's extension (its byte 5, a zero pad before them), after its 68 bytes: what a mode
 * needs beyond the common fields. Its length is the kind's (SYNC_EXT_LEN). A record without
 * one is the same bytes as before, so a pool that has no FullNAT or vxlan service sends what
 * it did and a peer older than the extensions still takes everything else; that older peer
 * refuses a message carrying one (sync_bad_record: its pad byte is not zero), so every
 * forwarder of a pool speaks them before such a service is added (docs/sync.md). */
enum sync_ext {
	SYNC_EXT_NONE = 0,
	SYNC_EXT_FULLNAT = 1, /* local address (16, the client's family), local port (2), pad (2) */
	SYNC_EXT_VXLAN = 2,   /* VNI (4: a zero byte, 24 bits), the client's VTEP (4, IPv4) */
	SYNC_EXT_MAX
};
#define SYNC_EXT_FULLNAT_LEN 20
#define SYNC_EXT_VXLAN_LEN 8
/* The longest record: with the longest extension. */
#define SYNC_REC_MAX_LEN (SYNC_REC_LEN + SYNC_EXT_FULLNAT_LEN)

/* One connection as a record says it, in memory (ports and addresses network order, as in
 * struct flow_key). */
struct sync_rec {
	struct flow_key orig;     /* client -> VIP */
	union hvlb_addr nf_addr;  /* the NF */
	uint16_t nf_port;         /* network order; 0: the VIP's port (conn.h rs_port) */
	uint8_t op;               /* enum sync_op */
	uint8_t state;            /* enum conn_state */
	uint8_t flags;            /* SYNC_RF_* */
	uint8_t pad[3];
	uint32_t timeout_ms;      /* what the connection has left; 0 for a delete */
	uint32_t sp_delta;        /* SYNC_RF_SYNPROXY: conn.h sp_delta; else 0 */
	uint8_t ext;              /* enum sync_ext: which of the members below is set */
	uint16_t lport;           /* SYNC_EXT_FULLNAT: the local port, network order */
	union hvlb_addr laddr;    /* SYNC_EXT_FULLNAT: the local address */
	uint32_t vni;             /* SYNC_EXT_VXLAN: the tenant's VNI, host order */
	uint32_t client_vtep;     /* SYNC_EXT_VXLAN: the client's VTEP, network order (the NF's
				     is nf_addr, the real) */
};

/* A message's header, decoded. */
struct sync_hdr {
	uint8_t type;     /* enum sync_msg_type */
	uint16_t count;   /* records */
	uint32_t sender;  /* the sender's id ([sync] id) */
	uint64_t epoch;   /* the sender's start time (µs since 1970): a restart is a new epoch */
	uint64_t seq;     /* per sender epoch and receiver, from 1 */
};

/* Why a message was refused, each counted under its name (docs/sync.md). The first three
 * reasons and the tag are checked by sync_msg_verify; the others by the receiver. */
#define SYNC_REJECTS(X)                                                                            \
	X(BAD_LEN, "sync_bad_len")           /* shorter than a header + tag, or not header +    \
						count records + tag */                           \
	X(BAD_MAGIC, "sync_bad_magic")       /* not an hvlb sync message */                      \
	X(BAD_VERSION, "sync_bad_version")   /* a version this forwarder does not speak */      \
	X(BAD_TYPE, "sync_bad_type")         /* an unknown message type, or records in a       \
						message that has none */                         \
	X(OVERSIZE, "sync_oversize")         /* over SYNC_MAX_DGRAM bytes or SYNC_MAX_RECS */    \
	X(BAD_MAC, "sync_bad_mac")           /* the tag does not match: wrong key, or altered */ \
	X(BAD_RECORD, "sync_bad_record")     /* a record with an unknown op, protocol, family,   \
						state or flag, or a non-zero pad */              \
	X(UNKNOWN_PEER, "sync_unknown_peer") /* from an address that is not a configured peer */ \
	X(SELF, "sync_self")                 /* carries this forwarder's own id */               \
	X(REPLAY, "sync_replay")             /* a sequence number already seen, or too old for \
						the window */                                    \
	X(OLD_EPOCH, "sync_old_epoch")       /* from an earlier run of the peer */

enum sync_reject {
	SYNC_OK = 0,
#define SYNC_REJECT_ENUM(name, str) SYNC_REJ_##name,
	SYNC_REJECTS(SYNC_REJECT_ENUM)
#undef SYNC_REJECT_ENUM
		SYNC_REJ_MAX
};

/* The counter name of a reason ("sync_bad_mac"); "none" for SYNC_OK. */
const char *sync_reject_name(unsigned r);

/* The shared key of a cluster: the HMAC-SHA256 key. */
struct sync_key {
	uint8_t len;
	uint8_t b[SYNC_KEY_MAX];
};

/* 0, or -1 when len is outside SYNC_KEY_MIN .. SYNC_KEY_MAX. */
int sync_key_set(struct sync_key *k, const void *key, size_t len);

/* A message being built in buf (SYNC_MAX_DGRAM bytes). */
struct sync_builder {
	uint8_t *buf;
	uint16_t count;
	uint16_t len; /* header and records so far */
};

/* Start a message of type in buf. */
void sync_msg_begin(struct sync_builder *b, uint8_t *buf, uint8_t type, uint32_t sender,
		    uint64_t epoch, uint64_t seq);
/* Append a record; false when the message has no room for it (send it, begin another). */
bool sync_msg_add(struct sync_builder *b, const struct sync_rec *r);
/* Set the sequence number (the sender numbers a message only when it sends it). */
void sync_msg_set_seq(struct sync_builder *b, uint64_t seq);
/* Write the count and the tag; returns the datagram's length, or 0 if HMAC failed. */
size_t sync_msg_finish(struct sync_builder *b, const struct sync_key *k);

/* The tag of len bytes of data under k (the first SYNC_TAG_LEN bytes of HMAC-SHA256) into
 * tag: 0, or -1 if libcrypto failed. */
int sync_msg_tag(const struct sync_key *k, const uint8_t *data, size_t len, uint8_t *tag);

/* Check a received datagram: length, magic, version, type, size, tag, and every record.
 * SYNC_OK fills *h; records are then read with sync_msg_rec. */
enum sync_reject sync_msg_verify(const uint8_t *buf, size_t len, const struct sync_key *k,
				 struct sync_hdr *h);
/* The first record of a message sync_msg_verify accepted. */
static inline const uint8_t *
sync_msg_recs(const uint8_t *buf)
{
	return buf + SYNC_HDR_LEN;
}
/* Read the record at p (one of h->count, from sync_msg_recs); returns where the next one is. */
const uint8_t *sync_msg_rec(const uint8_t *p, struct sync_rec *r);

/* A sender's replay window (per receiver, as IPsec's): the highest sequence number seen in
 * the sender's current epoch and a 64-bit map of the ones below it. */
struct sync_replay {
	uint64_t epoch; /* 0: nothing seen yet */
	uint64_t top;
	uint64_t map;   /* bit i: top - i seen */
};

/* Whether (epoch, seq) may be accepted: SYNC_OK, SYNC_REJ_REPLAY or SYNC_REJ_OLD_EPOCH.
 * Changes nothing: the receiver calls sync_replay_commit once the message is accepted. */
enum sync_reject sync_replay_check(const struct sync_replay *w, uint64_t epoch, uint64_t seq);
/* Record (epoch, seq) as seen; a higher epoch starts a new window. Returns whether the epoch
 * was new (the sender restarted, or is heard for the first time). */
bool sync_replay_commit(struct sync_replay *w, uint64_t epoch, uint64_t seq);

#endif
