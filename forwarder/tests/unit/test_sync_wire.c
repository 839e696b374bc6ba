/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Unit tests of the sync wire format (core/sync_wire.c): records survive a round trip field
 * for field; every malformed, altered, oversized or unauthenticated message is refused with
 * its own reason and yields nothing; the replay window accepts each sequence number once,
 * in any order within 64, refuses older ones and earlier epochs, and starts over on a new
 * epoch; and the MAC is HMAC-SHA256 (RFC 4231's test vector), truncated.
 */
#include <stdlib.h>

#include "check.h"
#include "conn.h"
#include "sync_wire.h"

static struct sync_key key, other_key;

static struct sync_rec
rec4(uint32_t i)
{
	struct sync_rec r;

	memset(&r, 0, sizeof(r));
	r.op = SYNC_OP_UPSERT;
	r.orig.proto = HVLB_PROTO_TCP;
	r.orig.af = HVLB_AF_INET;
	hvlb_addr_set4(&r.orig.src, __builtin_bswap32(0x0a000001u + i));
	hvlb_addr_set4(&r.orig.dst, __builtin_bswap32(0x0a640001u));
	hvlb_addr_set4(&r.nf_addr, __builtin_bswap32(0x0a01000bu + (i & 3)));
	r.orig.sport = __builtin_bswap16((uint16_t)(1024 + i));
	r.orig.dport = __builtin_bswap16(80);
	r.nf_port = __builtin_bswap16(8080);
	r.state = CONN_S_ESTABLISHED;
	r.flags = SYNC_RF_NAT | SYNC_RF_FIN_ORIG;
	r.timeout_ms = 900000 - i;
	return r;
}

static struct sync_rec
rec6(void)
{
	struct sync_rec r;

	memset(&r, 0, sizeof(r));
	r.op = SYNC_OP_UPSERT;
	r.orig.proto = HVLB_PROTO_UDP;
	r.orig.af = HVLB_AF_INET6;
	for (int k = 0; k < 16; k++) {
		r.orig.src.b[k] = (uint8_t)(0xfd + k);
		r.orig.dst.b[k] = (uint8_t)(0x20 + k);
		r.nf_addr.b[k] = (uint8_t)(0x40 + k);
	}
	r.orig.sport = 0x3412;
	r.orig.dport = 0x3500;
	r.state = CONN_S_UDP;
	r.timeout_ms = 300000;
	return r;
}

static size_t
build(uint8_t *buf, uint8_t type, uint64_t epoch, uint64_t seq, unsigned n,
      const struct sync_key *k)
{
	struct sync_builder b;

	sync_msg_begin(&b, buf, type, 7, epoch, seq);
	for (unsigned i = 0; i < n; i++) {
		struct sync_rec r = i == 1 ? rec6() : rec4(i);
		CHECK(sync_msg_add(&b, &r));
	}
	return sync_msg_finish(&b, k);
}

static void
test_round_trip(void)
{
	uint8_t buf[SYNC_MAX_DGRAM];
	struct sync_hdr h;
	size_t len = build(buf, SYNC_MSG_CONNS, 1234567, 42, SYNC_MAX_RECS, &key);

	CHECK_EQ(len, SYNC_HDR_LEN + SYNC_MAX_RECS * SYNC_REC_LEN + SYNC_TAG_LEN);
	CHECK(len <= SYNC_MAX_DGRAM);
	CHECK_EQ(sync_msg_verify(buf, len, &key, &h), SYNC_OK);
	CHECK_EQ(h.type, SYNC_MSG_CONNS);
	CHECK_EQ(h.count, SYNC_MAX_RECS);
	CHECK_EQ(h.sender, 7);
	CHECK_EQ(h.epoch, 1234567);
	CHECK_EQ(h.seq, 42);
	const uint8_t *p = sync_msg_recs(buf);
	for (unsigned i = 0; i < h.count; i++) {
		struct sync_rec got, want = i == 1 ? rec6() : rec4(i);

		p = sync_msg_rec(p, &got);
		CHECK_MEM(&got, &want, sizeof(got));
	}
}

static void
test_full_message_refuses_more(void)
{
	uint8_t buf[SYNC_MAX_DGRAM];
	struct sync_builder b;
	struct sync_rec r = rec4(0);
	unsigned n = 0;

	sync_msg_begin(&b, buf, SYNC_MSG_CONNS, 1, 1, 1);
	while (sync_msg_add(&b, &r))
		n++;
	CHECK_EQ(n, SYNC_MAX_RECS);
}

static void
test_empty_types(void)
{
	uint8_t buf[SYNC_MAX_DGRAM];
	struct sync_hdr h;
	size_t len = build(buf, SYNC_MSG_DUMP_REQ, 5, 1, 0, &key);

	CHECK_EQ(len, SYNC_HDR_LEN + SYNC_TAG_LEN);
	CHECK_EQ(sync_msg_verify(buf, len, &key, &h), SYNC_OK);
	CHECK_EQ(h.type, SYNC_MSG_DUMP_REQ);
	len = build(buf, SYNC_MSG_DUMP_END, 5, 2, 0, &key);
	CHECK_EQ(sync_msg_verify(buf, len, &key, &h), SYNC_OK);
	CHECK_EQ(h.type, SYNC_MSG_DUMP_END);
	/* A dump request carries no records. */
	len = build(buf, SYNC_MSG_DUMP_REQ, 5, 3, 2, &key);
	CHECK_EQ(sync_msg_verify(buf, len, &key, &h), SYNC_REJ_BAD_TYPE);
	len = build(buf, 9, 5, 3, 0, &key);
	CHECK_EQ(sync_msg_verify(buf, len, &key, &h), SYNC_REJ_BAD_TYPE);
}

/* A pull (k-way replication): tuples only, in a pull message only. */
static void
test_pull(void)
{
	uint8_t buf[SYNC_MAX_DGRAM];
	struct sync_builder b;
	struct sync_hdr h;
	struct sync_rec r = rec4(3), got;
	size_t len;

	r.op = SYNC_OP_PULL;
	r.state = SYNC_PULL_REPLY;
	r.flags = 0;
	r.timeout_ms = 0;
	sync_msg_begin(&b, buf, SYNC_MSG_PULL, 7, 5, 1);
	CHECK(sync_msg_add(&b, &r));
	len = sync_msg_finish(&b, &key);
	CHECK_EQ(sync_msg_verify(buf, len, &key, &h), SYNC_OK);
	CHECK_EQ(h.type, SYNC_MSG_PULL);
	CHECK_EQ(h.count, 1);
	sync_msg_rec(sync_msg_recs(buf), &got);
	CHECK_MEM(&got, &r, sizeof(got));
	/* A pull in a connections message, an upsert in a pull message: refused. */
	sync_msg_begin(&b, buf, SYNC_MSG_CONNS, 7, 5, 2);
	CHECK(sync_msg_add(&b, &r));
	len = sync_msg_finish(&b, &key);
	CHECK_EQ(sync_msg_verify(buf, len, &key, &h), SYNC_REJ_BAD_RECORD);
	len = build(buf, SYNC_MSG_PULL, 5, 3, 1, &key);
	CHECK_EQ(sync_msg_verify(buf, len, &key, &h), SYNC_REJ_BAD_RECORD);
	/* A pull with flags, time or another state: refused. */
	r.flags = SYNC_RF_NAT;
	sync_msg_begin(&b, buf, SYNC_MSG_PULL, 7, 5, 4);
	CHECK(sync_msg_add(&b, &r));
	len = sync_msg_finish(&b, &key);
	CHECK_EQ(sync_msg_verify(buf, len, &key, &h), SYNC_REJ_BAD_RECORD);
	r.flags = 0;
	r.state = 2;
	sync_msg_begin(&b, buf, SYNC_MSG_PULL, 7, 5, 5);
	CHECK(sync_msg_add(&b, &r));
	len = sync_msg_finish(&b, &key);
	CHECK_EQ(sync_msg_verify(buf, len, &key, &h), SYNC_REJ_BAD_RECORD);
	/* An empty pull is no harm (nothing asked). */
	len = build(buf, SYNC_MSG_PULL, 5, 6, 0, &key);
	CHECK_EQ(sync_msg_verify(buf, len, &key, &h), SYNC_OK);
}

static enum sync_reject
verify_one(uint8_t type, const struct sync_rec *r, uint64_t seq, struct sync_rec *got)
{
	uint8_t buf[SYNC_MAX_DGRAM];
	struct sync_builder b;
	struct sync_hdr h;
	enum sync_reject v;

	sync_msg_begin(&b, buf, type, 7, 5, seq);
	CHECK(sync_msg_add(&b, r));
	v = sync_msg_verify(buf, sync_msg_finish(&b, &key), &key, &h);
	if (v == SYNC_OK)
		sync_msg_rec(sync_msg_recs(buf), got);
	return v;
}

/* A vxlan tuple's pull names its tenant by the VNI (the extension) and no client VTEP: the
 * asker of an NF's reply does not know it. A VTEP in a pull, another extension in a pull, or a
 * connection's record without a VTEP: refused. */
static void
test_pull_vxlan(void)
{
	struct sync_rec r = rec4(3), got;

	r.op = SYNC_OP_PULL;
	r.state = SYNC_PULL_REPLY;
	r.flags = 0;
	r.timeout_ms = 0;
	r.ext = SYNC_EXT_VXLAN;
	r.vni = 0x123456;
	r.client_vtep = 0;
	CHECK_EQ(verify_one(SYNC_MSG_PULL, &r, 1, &got), SYNC_OK);
	CHECK_EQ(got.ext, SYNC_EXT_VXLAN);
	CHECK_EQ(got.vni, 0x123456u);
	CHECK_EQ(got.client_vtep, 0u);
	r.client_vtep = 0x0500000a;
	CHECK_EQ(verify_one(SYNC_MSG_PULL, &r, 2, &got), SYNC_REJ_BAD_RECORD);
	r.client_vtep = 0;
	r.vni = 0;
	CHECK_EQ(verify_one(SYNC_MSG_PULL, &r, 3, &got), SYNC_REJ_BAD_RECORD);
	r.vni = 0x123456;
	r.ext = SYNC_EXT_FULLNAT;
	r.lport = 0x1234;
	CHECK_EQ(verify_one(SYNC_MSG_PULL, &r, 4, &got), SYNC_REJ_BAD_RECORD);
	/* An upsert of a vxlan connection still needs its client's VTEP. */
	r = rec4(3);
	r.flags = 0;
	r.ext = SYNC_EXT_VXLAN;
	r.vni = 0x123456;
	r.client_vtep = 0;
	CHECK_EQ(verify_one(SYNC_MSG_CONNS, &r, 5, &got), SYNC_REJ_BAD_RECORD);
	r.client_vtep = 0x0500000a;
	CHECK_EQ(verify_one(SYNC_MSG_CONNS, &r, 6, &got), SYNC_OK);
}

/* Each way of spoiling a good message, with the reason it must be refused for. h is never
 * written on a refusal. */
static void
expect_reject(const uint8_t *buf, size_t len, enum sync_reject want)
{
	struct sync_hdr h;

	memset(&h, 0xa5, sizeof(h));
	CHECK_EQ(sync_msg_verify(buf, len, &key, &h), want);
	CHECK_EQ(h.sender, 0xa5a5a5a5u);
}

/* Rewrite the tag after a change, so that only the change is wrong. */
static void
retag(uint8_t *buf, size_t len)
{
	struct sync_builder b = {.buf = buf,
				 .count = (uint16_t)(buf[6] << 8 | buf[7]),
				 .len = (uint16_t)(len - SYNC_TAG_LEN)};

	sync_msg_finish(&b, &key);
}

static void
test_rejects(void)
{
	uint8_t good[SYNC_MAX_DGRAM], buf[SYNC_MAX_DGRAM + 64];
	size_t len = build(good, SYNC_MSG_CONNS, 9, 1, 3, &key);

	/* Truncated anywhere: header, records, tag. */
	for (size_t cut = 0; cut < len; cut++)
		expect_reject(good, cut, SYNC_REJ_BAD_LEN);
	/* A byte too many. */
	memcpy(buf, good, len);
	buf[len] = 0;
	expect_reject(buf, len + 1, SYNC_REJ_BAD_LEN);
	/* Over the datagram limit, and a count over the records a datagram holds. */
	expect_reject(buf, SYNC_MAX_DGRAM + 1, SYNC_REJ_OVERSIZE);
	memcpy(buf, good, len);
	buf[6] = 0;
	buf[7] = SYNC_MAX_RECS + 1;
	expect_reject(buf, len, SYNC_REJ_OVERSIZE);
	/* Magic, version. */
	memcpy(buf, good, len);
	buf[0] ^= 0x20;
	expect_reject(buf, len, SYNC_REJ_BAD_MAGIC);
	memcpy(buf, good, len);
	buf[4] = SYNC_VERSION + 1;
	retag(buf, len);
	expect_reject(buf, len, SYNC_REJ_BAD_VERSION);
	/* A bit of the header past the count, of a record or of the tag flipped: the tag no
	 * longer matches (the reserved word is refused before the tag is checked, and a record's
	 * extension byte gives it another length, found when the records are walked). */
	for (size_t i = 8; i < len; i += 5) {
		bool ext = i >= SYNC_HDR_LEN && i < len - SYNC_TAG_LEN &&
			   (i - SYNC_HDR_LEN) % SYNC_REC_LEN == 5;

		memcpy(buf, good, len);
		buf[i] ^= 0x01;
		expect_reject(buf, len, i >= 12 && i < 16 ? SYNC_REJ_BAD_TYPE
				      : ext		 ? SYNC_REJ_BAD_LEN
							 : SYNC_REJ_BAD_MAC);
	}
	/* Another key. */
	len = build(buf, SYNC_MSG_CONNS, 9, 1, 3, &other_key);
	expect_reject(buf, len, SYNC_REJ_BAD_MAC);
	/* Well tagged, but a record no forwarder writes. */
	static const struct {
		unsigned off;
		uint8_t v;
	} bad[] = {
		{0, 3},                    /* op */
		{1, 1},                    /* protocol ICMP */
		{2, 5},                    /* family */
		{3, CONN_S_NONE},          /* state of an upsert */
		{3, CONN_S_UNCONFIRMED},   /* never leaves its forwarder */
		{3, CONN_S_UDP},           /* for TCP */
		{4, 0x80},                 /* flag */
		{5, SYNC_EXT_MAX},         /* an unknown extension */
		{8, 0xff},                 /* timeout over a day */
		{16, 1},                   /* IPv4 client with bytes past its 4 */
		{12, 224},                 /* a multicast client (martian: parse.h) */
		{12, 127},                 /* a loopback client */
		{44, 239},                 /* a multicast NF */
		{66, 1},                   /* a SYN proxy's delta without its flag */
		{6, 1},                    /* the same, high half */
		{4, SYNC_RF_NAT | SYNC_RF_SP_WAIT}, /* waiting, but no SYN proxy */
		{4, SYNC_RF_SYNPROXY},     /* a SYN proxy without NAT */
		{4, SYNC_RF_TUN_IPIP | SYNC_RF_TUN_GUE}, /* two encapsulations */
		{4, SYNC_RF_TUN_GUE | SYNC_RF_NAT},      /* a tunnel with NAT */
		{4, SYNC_RF_NF_XAF | SYNC_RF_NAT},       /* another family without a tunnel */
	};
	len = build(good, SYNC_MSG_CONNS, 9, 1, 3, &key);
	for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		memcpy(buf, good, len);
		buf[SYNC_HDR_LEN + bad[i].off] = bad[i].v;
		retag(buf, len);
		expect_reject(buf, len, SYNC_REJ_BAD_RECORD);
	}
	/* SCTP: its states are TCP's (core/sctp.h), so a TCP record made SCTP passes, and with
	 * UDP's state it is refused like a TCP one. */
	{
		struct sync_hdr h;

		memcpy(buf, good, len);
		buf[SYNC_HDR_LEN + 1] = HVLB_PROTO_SCTP;
		retag(buf, len);
		CHECK_EQ(sync_msg_verify(buf, len, &key, &h), SYNC_OK);
		buf[SYNC_HDR_LEN + 3] = CONN_S_UDP;
		retag(buf, len);
		expect_reject(buf, len, SYNC_REJ_BAD_RECORD);
	}
	/* A delete with a state or a timeout. */
	memcpy(buf, good, len);
	buf[SYNC_HDR_LEN + 0] = SYNC_OP_DELETE;
	retag(buf, len);
	expect_reject(buf, len, SYNC_REJ_BAD_RECORD);
	buf[SYNC_HDR_LEN + 3] = CONN_S_NONE;
	retag(buf, len);
	expect_reject(buf, len, SYNC_REJ_BAD_RECORD); /* its timeout is not 0 */
	memset(buf + SYNC_HDR_LEN + 8, 0, 4);
	retag(buf, len);
	{
		struct sync_hdr h;
		CHECK_EQ(sync_msg_verify(buf, len, &key, &h), SYNC_OK);
	}
}

/* A tunnel's record: its encapsulation travels; an IPv6 NF for an IPv4 client only with
 * SYNC_RF_NF_XAF, and then the NF's address whole. */
static void
test_tunnel_flags(void)
{
	uint8_t buf[SYNC_MAX_DGRAM];
	struct sync_builder b;
	struct sync_rec r = rec4(9), back;
	struct sync_hdr h;
	size_t len;

	r.flags = SYNC_RF_TUN_GUE | SYNC_RF_NF_XAF;
	r.nf_port = 0;
	for (int k = 0; k < 16; k++)
		r.nf_addr.b[k] = (uint8_t)(0xfd + k);
	sync_msg_begin(&b, buf, SYNC_MSG_CONNS, 7, 1, 1);
	CHECK(sync_msg_add(&b, &r));
	len = sync_msg_finish(&b, &key);
	CHECK_EQ(sync_msg_verify(buf, len, &key, &h), SYNC_OK);
	sync_msg_rec(sync_msg_recs(buf), &back);
	CHECK_EQ(back.flags, r.flags);
	CHECK_MEM(&back.nf_addr, &r.nf_addr, sizeof(r.nf_addr));
	r.flags = SYNC_RF_TUN_GUE; /* the same NF said to be of the client's family */
	sync_msg_begin(&b, buf, SYNC_MSG_CONNS, 7, 1, 2);
	CHECK(sync_msg_add(&b, &r));
	len = sync_msg_finish(&b, &key);
	expect_reject(buf, len, SYNC_REJ_BAD_RECORD);
}

/* A SYN proxy's connection: its delta goes whole, both halves; a UDP record cannot carry one. */
static void
test_synproxy_delta(void)
{
	uint8_t buf[SYNC_MAX_DGRAM];
	struct sync_builder b;
	struct sync_rec r = rec4(5), back;
	struct sync_hdr h;
	size_t len;

	r.flags |= SYNC_RF_SYNPROXY | SYNC_RF_SP_WAIT;
	r.sp_delta = 0xdeadbeefu;
	sync_msg_begin(&b, buf, SYNC_MSG_CONNS, 7, 1, 1);
	CHECK(sync_msg_add(&b, &r));
	len = sync_msg_finish(&b, &key);
	CHECK_EQ(sync_msg_verify(buf, len, &key, &h), SYNC_OK);
	sync_msg_rec(sync_msg_recs(buf), &back);
	CHECK_EQ(back.sp_delta, 0xdeadbeefu);
	CHECK_EQ(back.flags, r.flags);
	CHECK_MEM(&back.orig, &r.orig, sizeof(r.orig));
	r = rec6();
	r.flags = SYNC_RF_NAT | SYNC_RF_SYNPROXY;
	r.sp_delta = 1;
	sync_msg_begin(&b, buf, SYNC_MSG_CONNS, 7, 1, 2);
	CHECK(sync_msg_add(&b, &r));
	len = sync_msg_finish(&b, &key);
	expect_reject(buf, len, SYNC_REJ_BAD_RECORD);
}

static struct sync_rec
rec_fnat(void)
{
	struct sync_rec r = rec4(3);

	r.flags = SYNC_RF_FIN_ORIG; /* FullNAT: no NAT flag, its reply is on the local address */
	r.ext = SYNC_EXT_FULLNAT;
	hvlb_addr_set4(&r.laddr, __builtin_bswap32(0x0a010064u)); /* 10.1.0.100 */
	r.lport = __builtin_bswap16(40001);
	return r;
}

static struct sync_rec
rec_vxlan(void)
{
	struct sync_rec r = rec4(4);

	r.flags = 0;
	r.nf_port = 0; /* the NF's VTEP, a real of port 0 */
	r.ext = SYNC_EXT_VXLAN;
	r.vni = 0x123456;
	r.client_vtep = __builtin_bswap32(0x0a000a05u); /* 10.0.10.5 */
	return r;
}

/* The extensions' bytes (docs/sync.md, "Format"), a record without one unchanged beside them,
 * and each read back as it was written. */
static void
test_extensions(void)
{
	static const uint8_t fn_ext[SYNC_EXT_FULLNAT_LEN] = {
		10, 1, 0, 100, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x9c, 0x41, 0, 0};
	static const uint8_t vx_ext[SYNC_EXT_VXLAN_LEN] = {0, 0x12, 0x34, 0x56, 10, 0, 10, 5};
	uint8_t buf[SYNC_MAX_DGRAM], plain[SYNC_MAX_DGRAM];
	struct sync_rec in[3] = {rec_fnat(), rec4(1), rec_vxlan()}, got;
	struct sync_builder b;
	struct sync_hdr h;
	const uint8_t *p;
	size_t len;

	sync_msg_begin(&b, buf, SYNC_MSG_CONNS, 7, 1, 1);
	for (int i = 0; i < 3; i++)
		CHECK(sync_msg_add(&b, &in[i]));
	len = sync_msg_finish(&b, &key);
	CHECK_EQ(len, SYNC_HDR_LEN + 3 * SYNC_REC_LEN + SYNC_EXT_FULLNAT_LEN + SYNC_EXT_VXLAN_LEN +
			      SYNC_TAG_LEN);
	CHECK_EQ(sync_msg_verify(buf, len, &key, &h), SYNC_OK);
	CHECK_EQ(h.count, 3);
	p = buf + SYNC_HDR_LEN;
	CHECK_EQ(p[5], SYNC_EXT_FULLNAT);
	CHECK_MEM(p + SYNC_REC_LEN, fn_ext, sizeof(fn_ext));
	p += SYNC_REC_LEN + SYNC_EXT_FULLNAT_LEN;
	CHECK_EQ(p[5], SYNC_EXT_NONE);
	/* The plain record is the bytes a forwarder without extensions writes for it. */
	sync_msg_begin(&b, plain, SYNC_MSG_CONNS, 7, 1, 1);
	CHECK(sync_msg_add(&b, &in[1]));
	CHECK_MEM(p, plain + SYNC_HDR_LEN, SYNC_REC_LEN);
	p += SYNC_REC_LEN;
	CHECK_EQ(p[5], SYNC_EXT_VXLAN);
	CHECK_MEM(p + SYNC_REC_LEN, vx_ext, sizeof(vx_ext));
	p = sync_msg_recs(buf);
	for (int i = 0; i < 3; i++) {
		p = sync_msg_rec(p, &got);
		CHECK_MEM(&got, &in[i], sizeof(got));
	}
	CHECK(p == buf + len - SYNC_TAG_LEN);
	/* Fewer records a datagram when they are longer: 15 FullNAT ones, then no room. */
	sync_msg_begin(&b, buf, SYNC_MSG_CONNS, 7, 1, 2);
	unsigned n = 0;
	while (sync_msg_add(&b, &in[0]))
		n++;
	CHECK_EQ(n, (SYNC_MAX_DGRAM - SYNC_HDR_LEN - SYNC_TAG_LEN) / SYNC_REC_MAX_LEN);
	len = sync_msg_finish(&b, &key);
	CHECK(len <= SYNC_MAX_DGRAM);
	CHECK_EQ(sync_msg_verify(buf, len, &key, &h), SYNC_OK);
	CHECK_EQ(h.count, n);
}

/* Extensions no forwarder writes, each refused whole. */
static void
test_extension_rejects(void)
{
	static const struct {
		int vxlan;
		unsigned off;  /* from the record's start */
		uint8_t v;
	} bad[] = {
		{0, 4, SYNC_RF_NAT},                      /* FullNAT with NAT's reply */
		{0, 4, SYNC_RF_TUN_IPIP},                 /* or a tunnel */
		{0, SYNC_REC_LEN + 4, 1},                 /* IPv4 local address, bytes past its 4 */
		{0, SYNC_REC_LEN + 16, 0},                /* local port 0 (high byte; low below) */
		{0, SYNC_REC_LEN + 18, 1},                /* pad */
		{1, 4, SYNC_RF_NAT},                      /* vxlan with NAT's reply */
		{1, 2, HVLB_AF_INET6},                    /* IPv6 inner: not in the overlay */
		{1, SYNC_REC_LEN + 0, 1},                 /* a VNI over 24 bits */
		{1, SYNC_REC_LEN + 4, 0},                 /* no client VTEP (with the next three) */
	};
	uint8_t buf[SYNC_MAX_DGRAM];

	for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct sync_rec r = bad[i].vxlan ? rec_vxlan() : rec_fnat();
		struct sync_builder b;
		size_t len;

		if (bad[i].off == SYNC_REC_LEN + 16)
			r.lport = 0;
		if (bad[i].vxlan && bad[i].off == SYNC_REC_LEN + 4)
			r.client_vtep = 0;
		sync_msg_begin(&b, buf, SYNC_MSG_CONNS, 7, 1, 1);
		CHECK(sync_msg_add(&b, &r));
		buf[SYNC_HDR_LEN + bad[i].off] = bad[i].v;
		len = sync_msg_finish(&b, &key);
		expect_reject(buf, len, SYNC_REJ_BAD_RECORD);
	}
	/* And VNI 0. */
	struct sync_rec r = rec_vxlan();
	struct sync_builder b;

	r.vni = 0;
	sync_msg_begin(&b, buf, SYNC_MSG_CONNS, 7, 1, 1);
	CHECK(sync_msg_add(&b, &r));
	expect_reject(buf, sync_msg_finish(&b, &key), SYNC_REJ_BAD_RECORD);
}

static void
test_replay_window(void)
{
	struct sync_replay w = {0};

	/* First contact: any epoch is new. */
	CHECK_EQ(sync_replay_check(&w, 100, 1), SYNC_OK);
	CHECK(sync_replay_commit(&w, 100, 1));
	CHECK_EQ(sync_replay_check(&w, 100, 1), SYNC_REJ_REPLAY);
	CHECK_EQ(sync_replay_check(&w, 100, 0), SYNC_REJ_REPLAY);
	/* Out of order within the window: each once. */
	CHECK_EQ(sync_replay_check(&w, 100, 5), SYNC_OK);
	CHECK(!sync_replay_commit(&w, 100, 5));
	for (uint64_t s = 2; s < 5; s++) {
		CHECK_EQ(sync_replay_check(&w, 100, s), SYNC_OK);
		sync_replay_commit(&w, 100, s);
		CHECK_EQ(sync_replay_check(&w, 100, s), SYNC_REJ_REPLAY);
	}
	/* 64 ahead: 5 falls out of the window, 6 is still in it. */
	sync_replay_commit(&w, 100, 69);
	CHECK_EQ(sync_replay_check(&w, 100, 5), SYNC_REJ_REPLAY);
	CHECK_EQ(sync_replay_check(&w, 100, 6), SYNC_OK);
	CHECK_EQ(sync_replay_check(&w, 100, 69), SYNC_REJ_REPLAY);
	/* A jump far ahead forgets everything below. */
	sync_replay_commit(&w, 100, 1000);
	CHECK_EQ(sync_replay_check(&w, 100, 999), SYNC_OK);
	CHECK_EQ(sync_replay_check(&w, 100, 900), SYNC_REJ_REPLAY);
	/* An earlier epoch is refused; a later one starts over, from any number. */
	CHECK_EQ(sync_replay_check(&w, 99, 5000), SYNC_REJ_OLD_EPOCH);
	CHECK_EQ(sync_replay_check(&w, 101, 1), SYNC_OK);
	CHECK(sync_replay_commit(&w, 101, 1));
	CHECK_EQ(w.top, 1);
	CHECK_EQ(sync_replay_check(&w, 101, 2), SYNC_OK);
	CHECK_EQ(sync_replay_check(&w, 100, 2000), SYNC_REJ_OLD_EPOCH);
}

/* RFC 4231 test case 1: a key of 20 bytes 0x0b, data "Hi There"; the tag is the first 16
 * bytes of its HMAC-SHA256. */
static void
test_hmac_vector(void)
{
	static const uint8_t want[16] = {0xb0, 0x34, 0x4c, 0x61, 0xd8, 0xdb, 0x38, 0x53,
					 0x5c, 0xa8, 0xaf, 0xce, 0xaf, 0x0b, 0xf1, 0x2b};
	uint8_t k20[20], tag[SYNC_TAG_LEN], big[SYNC_KEY_MAX + 1] = {0};
	struct sync_key k;

	memset(k20, 0x0b, sizeof(k20));
	CHECK_EQ(sync_key_set(&k, k20, SYNC_KEY_MIN - 1), -1);
	CHECK_EQ(sync_key_set(&k, big, sizeof(big)), -1);
	CHECK_EQ(sync_key_set(&k, k20, sizeof(k20)), 0);
	CHECK_EQ(sync_msg_tag(&k, (const uint8_t *)"Hi There", 8, tag), 0);
	CHECK_MEM(tag, want, sizeof(want));
}

int
main(void)
{
	CHECK(sync_key_set(&key, "0123456789abcdef0123", 20) == 0);
	CHECK(sync_key_set(&other_key, "0123456789abcdef0124", 20) == 0);
	RUN(test_round_trip);
	RUN(test_full_message_refuses_more);
	RUN(test_empty_types);
	RUN(test_pull);
	RUN(test_pull_vxlan);
	RUN(test_rejects);
	RUN(test_synproxy_delta);
	RUN(test_tunnel_flags);
	RUN(test_extensions);
	RUN(test_extension_rejects);
	RUN(test_replay_window);
	RUN(test_hmac_vector);
	return check_summary();
}
