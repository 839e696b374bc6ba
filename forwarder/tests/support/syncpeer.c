/* SPDX-License-Identifier: BSD-3-Clause */
/* A sync peer on a loopback UDP socket (syncpeer.h). */
#include <arpa/inet.h>
#include <string.h>
#include <sys/socket.h>

#include "ringtest.h"
#include "sync.h"
#include "syncpeer.h"

int
syncpeer_open(struct syncpeer *p, uint32_t id, uint64_t epoch, const struct sync_key *key)
{
	struct sockaddr_in sa = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
	socklen_t len = sizeof(sa);

	memset(p, 0, sizeof(*p));
	p->id = id;
	p->epoch = epoch;
	p->key = key;
	p->fd = socket(AF_INET, SOCK_DGRAM, 0);
	if (p->fd < 0 || bind(p->fd, (struct sockaddr *)&sa, sizeof(sa)) != 0 ||
	    getsockname(p->fd, (struct sockaddr *)&sa, &len) != 0)
		return -1;
	p->port = sa.sin_port;
	return 0;
}

void
syncpeer_setting(struct cfg_sync *s, const struct syncpeer *peers, unsigned n)
{
	s->listen = (struct cfg_endpoint){.af = HVLB_AF_INET};
	s->listen.addr.w[0] = htonl(INADDR_LOOPBACK);
	for (unsigned i = 0; i < n; i++) {
		s->peers[i] = s->listen;
		s->peers[i].port = peers[i].port;
	}
	s->key_len = peers[0].key->len;
	memcpy(s->key, peers[0].key->b, peers[0].key->len);
}

void
syncpeer_connect(struct syncpeer *peers, unsigned n, const struct fwd *f)
{
	for (unsigned i = 0; i < n; i++)
		peers[i].to = (struct sockaddr_in){.sin_family = AF_INET,
						   .sin_port = f->sync->bound.port,
						   .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
}

size_t
syncpeer_msg(const struct syncpeer *p, uint8_t *buf, uint8_t type, const struct sync_rec *r,
	     unsigned n, const struct sync_key *k, uint64_t seq)
{
	struct sync_builder b;

	sync_msg_begin(&b, buf, type, p->id, p->epoch, seq);
	for (unsigned i = 0; i < n; i++)
		sync_msg_add(&b, &r[i]);
	return sync_msg_finish(&b, k);
}

void
syncpeer_send_raw(const struct syncpeer *p, const uint8_t *buf, size_t len)
{
	EXPECT(sendto(p->fd, buf, len, 0, (const struct sockaddr *)&p->to, sizeof(p->to)) ==
		       (ssize_t)len, "sendto");
}

void
syncpeer_send(struct syncpeer *p, uint8_t type, const struct sync_rec *r, unsigned n)
{
	uint8_t buf[SYNC_MAX_DGRAM];

	syncpeer_send_raw(p, buf, syncpeer_msg(p, buf, type, r, n, p->key, ++p->seq));
}

struct syncpeer_heard
syncpeer_hear(const struct syncpeer *p)
{
	struct syncpeer_heard h = {0};
	uint8_t buf[SYNC_MAX_DGRAM];
	ssize_t n;

	while ((n = recv(p->fd, buf, sizeof(buf), MSG_DONTWAIT)) > 0) {
		struct sync_hdr hd;

		EXPECT(sync_msg_verify(buf, (size_t)n, p->key, &hd) == SYNC_OK,
		       "a message we cannot read");
		if (hd.type < RTE_DIM(h.types))
			h.types[hd.type]++;
		const uint8_t *q = sync_msg_recs(buf);
		for (unsigned i = 0; i < hd.count; i++) {
			q = sync_msg_rec(q, &h.last);
			if (h.last.op < RTE_DIM(h.ops))
				h.ops[h.last.op]++;
		}
		h.recs += hd.count;
	}
	return h;
}
