/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The connection-sync wire format (sync_wire.h). Header (32 bytes), records (68 bytes each,
 * and an extension's length), tag (16 bytes); offsets below, the diagram in docs/sync.md.
 */
#include <string.h>

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>

#include "conn.h"
#include "parse.h"
#include "sync_wire.h"

/* Header offsets. */
#define H_MAGIC 0
#define H_VERSION 4
#define H_TYPE 5
#define H_COUNT 6
#define H_SENDER 8
#define H_RESERVED 12
#define H_EPOCH 16
#define H_SEQ 24

/* Record offsets. */
#define R_OP 0
#define R_PROTO 1
#define R_AF 2
#define R_STATE 3
#define R_FLAGS 4
#define R_EXT 5 /* enum sync_ext (a zero pad before the extensions) */
#define R_SP_HI 6 /* the SYN proxy's delta, high 16 bits (zero without SYNC_RF_SYNPROXY) */
#define R_TIMEOUT 8
#define R_CLIENT 12
#define R_VIP 28
#define R_NF 44
#define R_CPORT 60
#define R_VPORT 62
#define R_NPORT 64
#define R_SP_LO 66 /* and its low 16 bits: two pads of version 1 before the proxy, so the
		      record keeps its length and a pool without proxies its bytes */

_Static_assert(R_SP_LO + 2 == SYNC_REC_LEN, "record layout");

/* Extension offsets, from the end of the record's 68 bytes. */
#define X_FN_LADDR 0
#define X_FN_LPORT 16
#define X_FN_PAD 18 /* 2 bytes, zero */
#define X_VX_VNI 0
#define X_VX_CVTEP 4

static const uint8_t ext_len[SYNC_EXT_MAX] = {
	[SYNC_EXT_NONE] = 0,
	[SYNC_EXT_FULLNAT] = SYNC_EXT_FULLNAT_LEN,
	[SYNC_EXT_VXLAN] = SYNC_EXT_VXLAN_LEN,
};

/* A record's whole length from its extension byte; 0 for an unknown extension. */
static size_t
rec_len(const uint8_t *p)
{
	return p[R_EXT] < SYNC_EXT_MAX ? SYNC_REC_LEN + ext_len[p[R_EXT]] : 0;
}
_Static_assert(SYNC_MAX_RECS == 19, "19 records a datagram");

static const char *const sync_reject_names[SYNC_REJ_MAX] = {
	[SYNC_OK] = "none",
#define SYNC_REJECT_NAME(name, str) [SYNC_REJ_##name] = str,
	SYNC_REJECTS(SYNC_REJECT_NAME)
#undef SYNC_REJECT_NAME
};

const char *
sync_reject_name(unsigned r)
{
	return r < SYNC_REJ_MAX ? sync_reject_names[r] : "unknown";
}

static inline void
put16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

static inline void
put32(uint8_t *p, uint32_t v)
{
	put16(p, (uint16_t)(v >> 16));
	put16(p + 2, (uint16_t)v);
}

static inline void
put64(uint8_t *p, uint64_t v)
{
	put32(p, (uint32_t)(v >> 32));
	put32(p + 4, (uint32_t)v);
}

static inline uint16_t
get16(const uint8_t *p)
{
	return (uint16_t)(p[0] << 8 | p[1]);
}

static inline uint32_t
get32(const uint8_t *p)
{
	return (uint32_t)get16(p) << 16 | get16(p + 2);
}

static inline uint64_t
get64(const uint8_t *p)
{
	return (uint64_t)get32(p) << 32 | get32(p + 4);
}

int
sync_key_set(struct sync_key *k, const void *key, size_t len)
{
	if (len < SYNC_KEY_MIN || len > SYNC_KEY_MAX)
		return -1;
	memset(k, 0, sizeof(*k));
	memcpy(k->b, key, len);
	k->len = (uint8_t)len;
	return 0;
}

/* ---- building ---- */

void
sync_msg_begin(struct sync_builder *b, uint8_t *buf, uint8_t type, uint32_t sender,
	       uint64_t epoch, uint64_t seq)
{
	b->buf = buf;
	b->count = 0;
	b->len = SYNC_HDR_LEN;
	memset(buf, 0, SYNC_HDR_LEN);
	put32(buf + H_MAGIC, SYNC_MAGIC);
	buf[H_VERSION] = SYNC_VERSION;
	buf[H_TYPE] = type;
	put32(buf + H_SENDER, sender);
	put64(buf + H_EPOCH, epoch);
	put64(buf + H_SEQ, seq);
}

void
sync_msg_set_seq(struct sync_builder *b, uint64_t seq)
{
	put64(b->buf + H_SEQ, seq);
}

/* Ports are kept in network order in memory: their bytes go out as they are. */
static void
rec_encode(uint8_t *p, const struct sync_rec *r)
{
	memset(p, 0, SYNC_REC_LEN);
	p[R_OP] = r->op;
	p[R_PROTO] = r->orig.proto;
	p[R_AF] = r->orig.af;
	p[R_STATE] = r->state;
	p[R_FLAGS] = r->flags;
	put32(p + R_TIMEOUT, r->timeout_ms);
	memcpy(p + R_CLIENT, r->orig.src.b, 16);
	memcpy(p + R_VIP, r->orig.dst.b, 16);
	memcpy(p + R_NF, r->nf_addr.b, 16);
	memcpy(p + R_CPORT, &r->orig.sport, 2);
	memcpy(p + R_VPORT, &r->orig.dport, 2);
	memcpy(p + R_NPORT, &r->nf_port, 2);
	put16(p + R_SP_HI, (uint16_t)(r->sp_delta >> 16));
	put16(p + R_SP_LO, (uint16_t)r->sp_delta);
	p[R_EXT] = r->ext;
	p += SYNC_REC_LEN;
	if (r->ext == SYNC_EXT_FULLNAT) {
		memset(p, 0, SYNC_EXT_FULLNAT_LEN);
		memcpy(p + X_FN_LADDR, r->laddr.b, 16);
		memcpy(p + X_FN_LPORT, &r->lport, 2);
	} else if (r->ext == SYNC_EXT_VXLAN) {
		put32(p + X_VX_VNI, r->vni);
		memcpy(p + X_VX_CVTEP, &r->client_vtep, 4);
	}
}

bool
sync_msg_add(struct sync_builder *b, const struct sync_rec *r)
{
	size_t len = SYNC_REC_LEN + (r->ext < SYNC_EXT_MAX ? ext_len[r->ext] : 0);

	if (b->len + len + SYNC_TAG_LEN > SYNC_MAX_DGRAM)
		return false;
	rec_encode(b->buf + b->len, r);
	b->len = (uint16_t)(b->len + len);
	b->count++;
	return true;
}

int
sync_msg_tag(const struct sync_key *k, const uint8_t *data, size_t len, uint8_t *tag)
{
	uint8_t md[EVP_MAX_MD_SIZE];
	unsigned md_len = 0;

	if (HMAC(EVP_sha256(), k->b, k->len, data, len, md, &md_len) == NULL || md_len < SYNC_TAG_LEN)
		return -1;
	memcpy(tag, md, SYNC_TAG_LEN);
	return 0;
}

size_t
sync_msg_finish(struct sync_builder *b, const struct sync_key *k)
{
	size_t body = b->len;

	put16(b->buf + H_COUNT, b->count);
	if (sync_msg_tag(k, b->buf, body, b->buf + body) != 0)
		return 0;
	return body + SYNC_TAG_LEN;
}

/* ---- reading ---- */

static bool
addr_fits(const uint8_t *a, uint8_t af)
{
	static const uint8_t zero[12];

	return af == HVLB_AF_INET6 || memcmp(a + 4, zero, sizeof(zero)) == 0;
}

/* Whether a at p, of family af (16 bytes, an IPv4 address in the first 4), is a source no
 * host sends from (parse.h): no connection's client or NF is one, and the fast path counts
 * on it (parse_fast.h), so a record naming one is refused. */
static bool
addr_martian(const uint8_t *a, uint8_t af)
{
	union hvlb_addr v;

	if (af == HVLB_AF_INET)
		return parse_martian4(a);
	memcpy(v.b, a, sizeof(v.b));
	return parse_martian6(&v);
}

/* A TCP (or SCTP: its states are TCP's, core/sctp.h) record's state is one a connection can
 * be in once both sides know of it (never NONE, nor UNCONFIRMED, which stays local: conn.h); a
 * UDP record's is UDP. A delete names
 * no state. */
static bool
rec_state_ok(uint8_t op, uint8_t proto, uint8_t state)
{
	if (op == SYNC_OP_DELETE)
		return state == CONN_S_NONE;
	if (op == SYNC_OP_PULL)
		return state == SYNC_PULL_ORIG || state == SYNC_PULL_REPLY;
	if (proto == HVLB_PROTO_UDP)
		return state == CONN_S_UDP;
	return state >= CONN_S_SYN_SENT && state <= CONN_S_CLOSE;
}

/* An extension: its mode's connections have neither NAT's reply, a SYN proxy nor a tunnel; a
 * FullNAT one's local address is of the client's family, a non-zero port, a zero pad; a vxlan
 * one's (IPv4 only, TCP or UDP) a VNI of 24 bits, not 0, and a client VTEP (a pull's: none,
 * the asker of an NF's reply does not know it). */
static bool
ext_ok(const uint8_t *p)
{
	const uint8_t *x = p + SYNC_REC_LEN;

	if (p[R_EXT] == SYNC_EXT_NONE)
		return true;
	if (p[R_FLAGS] & (SYNC_RF_NAT | SYNC_RF_SYNPROXY | SYNC_RF_SP_WAIT | SYNC_RF_TUN_IPIP |
			  SYNC_RF_TUN_GUE | SYNC_RF_NF_XAF))
		return false;
	if (p[R_EXT] == SYNC_EXT_FULLNAT)
		return addr_fits(x + X_FN_LADDR, p[R_AF]) && get16(x + X_FN_LPORT) != 0 &&
		       get16(x + X_FN_PAD) == 0;
	uint32_t vni = get32(x + X_VX_VNI);
	return p[R_AF] == HVLB_AF_INET && p[R_PROTO] != HVLB_PROTO_SCTP && vni != 0 &&
	       vni <= 0xffffffu && (get32(x + X_VX_CVTEP) == 0) == (p[R_OP] == SYNC_OP_PULL);
}

static bool
rec_ok(const uint8_t *p)
{
	uint8_t op = p[R_OP], proto = p[R_PROTO], af = p[R_AF];

	if (op != SYNC_OP_UPSERT && op != SYNC_OP_DELETE && op != SYNC_OP_PULL)
		return false;
	/* A pull names a tuple and nothing more: a vxlan tuple's tenant by its VNI. */
	if (op == SYNC_OP_PULL && (p[R_FLAGS] != 0 || get32(p + R_TIMEOUT) != 0 ||
				   (p[R_EXT] != SYNC_EXT_NONE && p[R_EXT] != SYNC_EXT_VXLAN)))
		return false;
	if (proto != HVLB_PROTO_TCP && proto != HVLB_PROTO_UDP && proto != HVLB_PROTO_SCTP)
		return false;
	if (af != HVLB_AF_INET && af != HVLB_AF_INET6)
		return false;
	if (!rec_state_ok(op, proto, p[R_STATE]) || (p[R_FLAGS] & ~SYNC_RF_ALL) != 0)
		return false;
	/* The proxy's flags: a translation needs a NAT TCP connection; a delta only with them. */
	if ((p[R_FLAGS] & SYNC_RF_SP_WAIT) && !(p[R_FLAGS] & SYNC_RF_SYNPROXY))
		return false;
	if ((p[R_FLAGS] & SYNC_RF_SYNPROXY) &&
	    (proto != HVLB_PROTO_TCP || !(p[R_FLAGS] & SYNC_RF_NAT)))
		return false;
	if (!(p[R_FLAGS] & SYNC_RF_SYNPROXY) &&
	    (p[R_SP_HI] | p[R_SP_HI + 1] | p[R_SP_LO] | p[R_SP_LO + 1]) != 0)
		return false;
	if (get32(p + R_TIMEOUT) > SYNC_TIMEOUT_MAX_MS ||
	    (op == SYNC_OP_DELETE && get32(p + R_TIMEOUT) != 0))
		return false;
	/* A tunnel: one encapsulation, no NAT; only a tunnel's NF may be of the other family. */
	uint8_t tun = p[R_FLAGS] & (SYNC_RF_TUN_IPIP | SYNC_RF_TUN_GUE);
	if (tun == (SYNC_RF_TUN_IPIP | SYNC_RF_TUN_GUE) || (tun != 0 && (p[R_FLAGS] & SYNC_RF_NAT)) ||
	    (tun == 0 && (p[R_FLAGS] & SYNC_RF_NF_XAF)))
		return false;
	uint8_t nf_af = p[R_FLAGS] & SYNC_RF_NF_XAF ? (uint8_t)(HVLB_AF_INET + HVLB_AF_INET6 - af) : af;
	if (!addr_fits(p + R_CLIENT, af) || !addr_fits(p + R_VIP, af) || !addr_fits(p + R_NF, nf_af))
		return false;
	if (addr_martian(p + R_CLIENT, af) || addr_martian(p + R_NF, nf_af))
		return false;
	return ext_ok(p);
}

enum sync_reject
sync_msg_verify(const uint8_t *buf, size_t len, const struct sync_key *k, struct sync_hdr *h)
{
	uint8_t tag[SYNC_TAG_LEN];
	size_t body;
	uint16_t count;

	if (len > SYNC_MAX_DGRAM)
		return SYNC_REJ_OVERSIZE;
	if (len < SYNC_HDR_LEN + SYNC_TAG_LEN)
		return SYNC_REJ_BAD_LEN;
	if (get32(buf + H_MAGIC) != SYNC_MAGIC)
		return SYNC_REJ_BAD_MAGIC;
	if (buf[H_VERSION] != SYNC_VERSION)
		return SYNC_REJ_BAD_VERSION;
	count = get16(buf + H_COUNT);
	if (count > SYNC_MAX_RECS)
		return SYNC_REJ_OVERSIZE;
	/* Each record's length is its own (its extension): walk them to find the tag. */
	body = SYNC_HDR_LEN;
	for (unsigned i = 0; i < count; i++) {
		size_t rl;

		if (body + SYNC_REC_LEN + SYNC_TAG_LEN > len)
			return SYNC_REJ_BAD_LEN;
		rl = rec_len(buf + body);
		if (rl == 0)
			return SYNC_REJ_BAD_RECORD; /* an extension this forwarder does not know */
		body += rl;
	}
	if (len != body + SYNC_TAG_LEN)
		return SYNC_REJ_BAD_LEN;
	if (buf[H_TYPE] < SYNC_MSG_CONNS || buf[H_TYPE] > SYNC_MSG_PULL ||
	    (buf[H_TYPE] != SYNC_MSG_CONNS && buf[H_TYPE] != SYNC_MSG_PULL && count != 0) ||
	    get32(buf + H_RESERVED) != 0)
		return SYNC_REJ_BAD_TYPE;
	if (sync_msg_tag(k, buf, body, tag) != 0 || CRYPTO_memcmp(tag, buf + body, SYNC_TAG_LEN) != 0)
		return SYNC_REJ_BAD_MAC;
	/* Pulls in a pull message only, and only pulls there. */
	for (const uint8_t *p = buf + SYNC_HDR_LEN; p < buf + body; p += rec_len(p))
		if (!rec_ok(p) || (p[R_OP] == SYNC_OP_PULL) != (buf[H_TYPE] == SYNC_MSG_PULL))
			return SYNC_REJ_BAD_RECORD;
	h->type = buf[H_TYPE];
	h->count = count;
	h->sender = get32(buf + H_SENDER);
	h->epoch = get64(buf + H_EPOCH);
	h->seq = get64(buf + H_SEQ);
	return SYNC_OK;
}

const uint8_t *
sync_msg_rec(const uint8_t *p, struct sync_rec *r)
{
	memset(r, 0, sizeof(*r));
	r->op = p[R_OP];
	r->orig.proto = p[R_PROTO];
	r->orig.af = p[R_AF];
	r->state = p[R_STATE];
	r->flags = p[R_FLAGS];
	r->timeout_ms = get32(p + R_TIMEOUT);
	memcpy(r->orig.src.b, p + R_CLIENT, 16);
	memcpy(r->orig.dst.b, p + R_VIP, 16);
	memcpy(r->nf_addr.b, p + R_NF, 16);
	memcpy(&r->orig.sport, p + R_CPORT, 2);
	memcpy(&r->orig.dport, p + R_VPORT, 2);
	memcpy(&r->nf_port, p + R_NPORT, 2);
	r->sp_delta = (uint32_t)get16(p + R_SP_HI) << 16 | get16(p + R_SP_LO);
	r->ext = p[R_EXT];
	if (r->ext == SYNC_EXT_FULLNAT) {
		memcpy(r->laddr.b, p + SYNC_REC_LEN + X_FN_LADDR, 16);
		memcpy(&r->lport, p + SYNC_REC_LEN + X_FN_LPORT, 2);
	} else if (r->ext == SYNC_EXT_VXLAN) {
		r->vni = get32(p + SYNC_REC_LEN + X_VX_VNI);
		memcpy(&r->client_vtep, p + SYNC_REC_LEN + X_VX_CVTEP, 4);
	}
	return p + rec_len(p);
}

/* ---- replay window ---- */

enum sync_reject
sync_replay_check(const struct sync_replay *w, uint64_t epoch, uint64_t seq)
{
	if (seq == 0)
		return SYNC_REJ_REPLAY; /* sequence numbers start at 1 */
	if (epoch < w->epoch)
		return SYNC_REJ_OLD_EPOCH;
	if (epoch > w->epoch || seq > w->top)
		return SYNC_OK;
	if (w->top - seq >= 64 || ((w->map >> (w->top - seq)) & 1))
		return SYNC_REJ_REPLAY;
	return SYNC_OK;
}

bool
sync_replay_commit(struct sync_replay *w, uint64_t epoch, uint64_t seq)
{
	if (epoch > w->epoch) {
		w->epoch = epoch;
		w->top = seq;
		w->map = 1;
		return true;
	}
	if (seq > w->top) {
		uint64_t shift = seq - w->top;

		w->map = shift >= 64 ? 1 : (w->map << shift) | 1;
		w->top = seq;
		return false;
	}
	w->map |= 1ull << (w->top - seq);
	return false;
}
