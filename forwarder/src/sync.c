/* SPDX-License-Identifier: BSD-3-Clause */
/* Connection sync, the control thread's side (sync.h). */
#include <errno.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

#include <rte_cycles.h>
#include <rte_log.h>
#include <rte_malloc.h>
#include <rte_ring.h>
#include <rte_ring_elem.h>

#include "log_kv.h"
#include "steer.h"
#include "sync.h"
#include "worker.h"

/* Per round: datagrams received, and items taken from each worker's ring. */
#define SYNC_RX_BUDGET 256
#define SYNC_DRAIN_BUDGET 1024
#define SYNC_SOCK_BUF (8u << 20)

_Static_assert(SYNC_MAX_PEERS == CFG_SYNC_PEERS, "one peer limit");
_Static_assert(SYNC_MAX_PEERS <= 16, "peers are bits of a uint16_t");

static const char *const state_names[] = {"off", "syncing", "ready"};

const char *
sync_state_name(enum sync_state st)
{
	return (unsigned)st < RTE_DIM(state_names) ? state_names[st] : "unknown";
}

void
sync_ctl_each_counter(const struct sync_ctl *s, sync_counter_fn fn, void *arg)
{
#define SYNC_CTR_EACH(f, name, help) fn(arg, name, s->ctr.f);
	SYNC_COUNTERS(SYNC_CTR_EACH)
#undef SYNC_CTR_EACH
	for (unsigned r = 1; r < SYNC_REJ_MAX; r++)
		fn(arg, sync_reject_name(r), s->ctr.rejects[r]);
}

void
sync_list_counters(sync_counter_info_fn fn, void *arg)
{
	static const char rej_help[] = "Sync messages refused for this reason (docs/sync.md).";

#define SYNC_CTR_INFO(f, name, help) fn(arg, name, help);
	SYNC_COUNTERS(SYNC_CTR_INFO)
#undef SYNC_CTR_INFO
	for (unsigned r = 1; r < SYNC_REJ_MAX; r++)
		fn(arg, sync_reject_name(r), rej_help);
}

struct sync_ctl *
sync_ctl_create(struct lcore_env *env)
{
	struct sync_ctl *s = rte_zmalloc("sync", sizeof(*s), RTE_CACHE_LINE_SIZE);

	if (s == NULL)
		return NULL;
	s->env = env;
	s->fd = -1;
	return s;
}

void
sync_ctl_free(struct sync_ctl *s)
{
	if (s == NULL)
		return;
	if (s->fd >= 0)
		close(s->fd);
	rte_free(s);
}

static uint64_t
ms_ticks(const struct sync_ctl *s, uint64_t ms)
{
	return s->env->hz / 1000 * ms;
}

/* ---- addresses and the socket ---- */

static socklen_t
sockaddr_of(const struct cfg_endpoint *e, struct sockaddr_storage *ss)
{
	memset(ss, 0, sizeof(*ss));
	if (e->af == HVLB_AF_INET) {
		struct sockaddr_in *in = (struct sockaddr_in *)ss;

		in->sin_family = AF_INET;
		in->sin_port = e->port;
		memcpy(&in->sin_addr, e->addr.b, 4);
		return sizeof(*in);
	}
	struct sockaddr_in6 *in6 = (struct sockaddr_in6 *)ss;

	in6->sin6_family = AF_INET6;
	in6->sin6_port = e->port;
	memcpy(&in6->sin6_addr, e->addr.b, 16);
	return sizeof(*in6);
}

static bool
endpoint_of(const struct sockaddr_storage *ss, struct cfg_endpoint *e)
{
	memset(e, 0, sizeof(*e));
	if (ss->ss_family == AF_INET) {
		const struct sockaddr_in *in = (const struct sockaddr_in *)ss;

		e->af = HVLB_AF_INET;
		e->port = in->sin_port;
		memcpy(e->addr.b, &in->sin_addr, 4);
		return true;
	}
	if (ss->ss_family == AF_INET6) {
		const struct sockaddr_in6 *in6 = (const struct sockaddr_in6 *)ss;

		e->af = HVLB_AF_INET6;
		e->port = in6->sin6_port;
		memcpy(e->addr.b, &in6->sin6_addr, 16);
		return true;
	}
	return false;
}

static void
endpoint_name(const struct cfg_endpoint *e, char *buf, size_t len)
{
	char a[48]; /* INET6_ADDRSTRLEN and a NUL */

	cfg_format_addr(&e->addr, e->af, a, sizeof(a));
	snprintf(buf, len, e->af == HVLB_AF_INET6 ? "[%s]:%u" : "%s:%u", a,
		 rte_be_to_cpu_16(e->port));
}

/* Big buffers: a dump arrives as fast as the peer's workers walk. As root the limits of
 * net.core.[rw]mem_max do not apply (the *FORCE options); otherwise the kernel caps them. */
static void
sock_buffers(int fd)
{
	int v = SYNC_SOCK_BUF;

	if (setsockopt(fd, SOL_SOCKET, SO_RCVBUFFORCE, &v, sizeof(v)) != 0)
		setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &v, sizeof(v));
	if (setsockopt(fd, SOL_SOCKET, SO_SNDBUFFORCE, &v, sizeof(v)) != 0)
		setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &v, sizeof(v));
}

static int
sock_open(const struct cfg_endpoint *listen, struct cfg_endpoint *bound, char *err)
{
	struct sockaddr_storage ss;
	socklen_t len = sockaddr_of(listen, &ss);
	int one = 1, rc;
	int fd = socket(ss.ss_family, SOCK_DGRAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);

	if (fd < 0) {
		rc = -errno;
		snprintf(err, CFG_ERR_LEN, "listen: cannot open a UDP socket: %s", strerror(-rc));
		return rc;
	}
	if (ss.ss_family == AF_INET6)
		setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &one, sizeof(one));
	sock_buffers(fd);
	if (bind(fd, (struct sockaddr *)&ss, len) != 0) {
		rc = -errno;
		snprintf(err, CFG_ERR_LEN, "listen: cannot bind: %s", strerror(-rc));
		close(fd);
		return rc;
	}
	len = sizeof(ss);
	if (getsockname(fd, (struct sockaddr *)&ss, &len) != 0 || !endpoint_of(&ss, bound)) {
		rc = -errno;
		snprintf(err, CFG_ERR_LEN, "listen: getsockname: %s", strerror(-rc));
		close(fd);
		return rc;
	}
	return fd;
}

static uint64_t
epoch_now(void)
{
	struct timeval tv;

	gettimeofday(&tv, NULL);
	return (uint64_t)tv.tv_sec * 1000000 + (uint64_t)tv.tv_usec;
}

/* ---- sending ---- */

static void
send_msg(struct sync_ctl *s, struct sync_peer *p, struct sync_builder *b)
{
	size_t len;

	sync_msg_set_seq(b, ++s->seq);
	len = sync_msg_finish(b, &s->key);
	if (len == 0 || sendto(s->fd, b->buf, len, 0, (struct sockaddr *)&p->sa, p->sa_len) !=
				(ssize_t)len) {
		s->ctr.tx_failed++;
		return;
	}
	s->ctr.tx_msgs++;
	s->ctr.tx_recs += b->count;
	p->tx_msgs++;
	p->tx_recs += b->count;
}

/* A message without records (a dump request or end), sent at once. */
static void
send_empty(struct sync_ctl *s, struct sync_peer *p, uint8_t type)
{
	uint8_t buf[SYNC_HDR_LEN + SYNC_TAG_LEN];
	struct sync_builder b;

	sync_msg_begin(&b, buf, type, s->set.id, s->epoch, 0);
	send_msg(s, p, &b);
}

static void
builder_flush(struct sync_ctl *s, struct sync_peer *p, struct sync_builder *b)
{
	if (b->buf == NULL || b->count == 0)
		return;
	send_msg(s, p, b);
	b->count = 0;
}

static void
peer_flush(struct sync_ctl *s, struct sync_peer *p)
{
	builder_flush(s, p, &p->out);
	builder_flush(s, p, &p->pull);
}

/* r into the message of its type being filled for p (connections, or k-way's pulls). */
static void
peer_add(struct sync_ctl *s, struct sync_peer *p, const struct sync_rec *r)
{
	bool pull = r->op == SYNC_OP_PULL;
	struct sync_builder *b = pull ? &p->pull : &p->out;
	uint8_t *buf = pull ? p->pull_buf : p->buf;
	uint8_t type = pull ? SYNC_MSG_PULL : SYNC_MSG_CONNS;

	if (b->buf == NULL || b->count == 0)
		sync_msg_begin(b, buf, type, s->set.id, s->epoch, 0);
	if (sync_msg_add(b, r))
		return;
	/* Full (19 records, fewer with extensions): send it, and begin the next with r. */
	builder_flush(s, p, b);
	sync_msg_begin(b, buf, type, s->set.id, s->epoch, 0);
	sync_msg_add(b, r);
}

static void
ask_dump(struct sync_ctl *s, struct sync_peer *p, uint64_t now)
{
	p->asked_at = now;
	p->answered = false;
	p->dump_done = false;
	send_empty(s, p, SYNC_MSG_DUMP_REQ);
	s->ctr.dumps_asked++;
}

/* ---- serving a dump ---- */

static void
dump_start(struct sync_ctl *s, unsigned i)
{
	struct sync_peer *p = &s->peers[i];

	p->dump_left = s->env->n_workers;
	p->dump_again = false;
	for (uint16_t w = 0; w < s->env->n_workers; w++)
		s->dump_pending[w] |= (uint16_t)(1u << i);
}

/* Dump walks that did not fit on a worker's ring last round. */
static void
dump_push(struct sync_ctl *s)
{
	for (uint16_t w = 0; w < s->env->n_workers; w++) {
		struct sync_item it = {.kind = SYNC_ITEM_DUMP, .peers = s->dump_pending[w]};

		if (it.peers != 0 &&
		    rte_ring_sp_enqueue_elem(s->env->workers[w]->sync_in, &it, sizeof(it)) == 0) {
			s->dump_pending[w] = 0;
			idle_wake_kick(&s->env->workers[w]->wake);
		}
	}
}

/* A worker's walk for the peers in mask is over: the last one ends the dump. */
static void
dump_walked(struct sync_ctl *s, uint16_t mask)
{
	for (unsigned i = 0; i < s->n_peers; i++) {
		struct sync_peer *p = &s->peers[i];

		if (!(mask & (1u << i)) || p->dump_left == 0 || --p->dump_left > 0)
			continue;
		if (p->dump_again) {
			dump_start(s, i);
			continue;
		}
		peer_flush(s, p);
		send_empty(s, p, SYNC_MSG_DUMP_END);
		s->ctr.dumps_served++;
	}
}

static void
on_dump_request(struct sync_ctl *s, unsigned i, uint64_t epoch)
{
	struct sync_peer *p = &s->peers[i];

	if (p->dump_left > 0) {
		/* Asked again by the run it is walking for: that walk answers it. */
		if (epoch != p->dump_epoch) {
			p->dump_again = true;
			p->dump_epoch = epoch;
		}
		return;
	}
	p->dump_epoch = epoch;
	LOG_KV(INFO, "sync peer asks for a dump", LOG_S(LOG_K_PEER, p->name));
	dump_start(s, i);
}

/* ---- draining the workers ---- */

static void
drain_worker(struct sync_ctl *s, struct worker *w)
{
	struct sync_item it[64];
	unsigned n, total = 0;

	do {
		n = rte_ring_sc_dequeue_burst_elem(w->sync_out, it, sizeof(it[0]), RTE_DIM(it),
						   NULL);
		for (unsigned k = 0; k < n; k++) {
			uint16_t peers;

			if (it[k].kind == SYNC_ITEM_DUMP_DONE) {
				dump_walked(s, it[k].peers);
				continue;
			}
			/* All-to-all: as the worker said; k-way: by the rule (sync_kway.c). */
			peers = sync_kway_route(s, &it[k]);
			if (it[k].kind == SYNC_ITEM_PULL)
				s->ctr.pulls_sent += (unsigned)__builtin_popcount(peers);
			for (unsigned i = 0; i < s->n_peers; i++)
				if (peers & (1u << i))
					peer_add(s, &s->peers[i], &it[k].rec);
		}
		total += n;
	} while (n == RTE_DIM(it) && total < SYNC_DRAIN_BUDGET);
}

/* ---- receiving ---- */

static int
peer_find(const struct sync_ctl *s, const struct sockaddr_storage *from)
{
	struct cfg_endpoint e;

	if (!endpoint_of(from, &e))
		return -1;
	for (unsigned i = 0; i < s->n_peers; i++) {
		const struct cfg_endpoint *p = &s->peers[i].ep;

		if (p->af == e.af && p->port == e.port && hvlb_addr_eq(&p->addr, &e.addr))
			return (int)i;
	}
	return -1;
}

/* Each record to the worker that owns its connection, as a packet of it would go; a pull's
 * (k-way) to the worker its tuple's packet would go to, naming the asker (peer index). */
static void
hand_records(struct sync_ctl *s, const uint8_t *buf, const struct sync_hdr *h, unsigned from)
{
	const struct steer_table *t = steer_link_table(s->env->steer);
	bool pull = h->type == SYNC_MSG_PULL;
	struct sync_item it = {.kind = pull ? SYNC_ITEM_PULL : SYNC_ITEM_REC,
			       .peers = pull ? (uint16_t)(1u << from) : 0};
	const uint8_t *p = sync_msg_recs(buf);
	bool overridden;

	if (pull)
		s->ctr.pulls_in += h->count;
	for (unsigned i = 0; i < h->count; i++) {
		bool to_vip;
		uint16_t o;

		p = sync_msg_rec(p, &it.rec);
		to_vip = !pull || it.rec.state == SYNC_PULL_ORIG;
		o = steer_owner_by_table(t, s->env->n_workers, &it.rec.orig,
					 steer_client_hash_of(&it.rec.orig, to_vip), &overridden);
		if (rte_ring_sp_enqueue_elem(s->env->workers[o]->sync_in, &it, sizeof(it)) != 0)
			s->ctr.worker_full++;
		else
			idle_wake_kick(&s->env->workers[o]->wake); /* a write only if asleep */
	}
}

static void
on_new_epoch(struct sync_ctl *s, struct sync_peer *p, const struct sync_hdr *h, uint64_t now)
{
	LOG_KV(INFO, p->id == 0 ? "sync peer up" : "sync peer restarted",
	       LOG_S(LOG_K_PEER, p->name), LOG_U("sync_id", h->sender), LOG_U("epoch", h->epoch));
	p->id = h->sender;
	/* A new run of the peer may hold connections no one else has (restored from its
	 * state_dir): while we are ready, ask it; while syncing, the asking is going on. */
	if (s->state == SYNC_STATE_READY && h->type != SYNC_MSG_DUMP_END)
		ask_dump(s, p, now);
}

static void
receive_one(struct sync_ctl *s, const uint8_t *buf, size_t len,
	    const struct sockaddr_storage *from, uint64_t now)
{
	struct sync_hdr h;
	enum sync_reject r = sync_msg_verify(buf, len, &s->key,
					     &h);
	struct sync_peer *p;
	int i;

	if (r == SYNC_OK && (i = peer_find(s, from)) < 0)
		r = SYNC_REJ_UNKNOWN_PEER;
	if (r == SYNC_OK && h.sender == s->set.id)
		r = SYNC_REJ_SELF;
	if (r == SYNC_OK)
		r = sync_replay_check(&s->peers[i].rx, h.epoch, h.seq);
	if (r != SYNC_OK) {
		s->ctr.rejects[r]++;
		return;
	}
	p = &s->peers[i];
	s->ctr.rx_msgs++;
	s->ctr.rx_recs += h.count;
	p->rx_msgs++;
	p->rx_recs += h.count;
	p->last_heard = now;
	p->answered = true;
	if (sync_replay_commit(&p->rx, h.epoch, h.seq))
		on_new_epoch(s, p, &h, now);
	switch (h.type) {
	case SYNC_MSG_CONNS:
	case SYNC_MSG_PULL:
		hand_records(s, buf, &h, (unsigned)i);
		break;
	case SYNC_MSG_DUMP_REQ:
		on_dump_request(s, (unsigned)i, h.epoch);
		break;
	case SYNC_MSG_DUMP_END:
		p->dump_done = true;
		break;
	}
}

/* Whether every worker's ring can take a whole message's records: if not, datagrams wait in
 * the socket's buffer (back-pressure) rather than be lost at a full ring. */
static bool
workers_have_room(const struct sync_ctl *s)
{
	for (uint16_t w = 0; w < s->env->n_workers; w++)
		if (rte_ring_free_count(s->env->workers[w]->sync_in) < SYNC_MAX_RECS + 1)
			return false;
	return true;
}

static void
receive(struct sync_ctl *s, uint64_t now)
{
	uint8_t buf[SYNC_MAX_DGRAM + 1];

	for (unsigned k = 0; k < SYNC_RX_BUDGET && workers_have_room(s); k++) {
		struct sockaddr_storage from;
		socklen_t flen = sizeof(from);
		ssize_t n = recvfrom(s->fd, buf, sizeof(buf), MSG_DONTWAIT | MSG_TRUNC,
				     (struct sockaddr *)&from, &flen);

		if (n < 0) {
			if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
				s->ctr.rx_errors++;
			return;
		}
		/* MSG_TRUNC: n is the datagram's real length, so an oversized one is seen as such. */
		receive_one(s, buf, (size_t)n, &from, now);
	}
}

/* ---- the state ---- */

static void
state_step(struct sync_ctl *s, uint64_t now)
{
	uint64_t heard = 0;

	if (s->state != SYNC_STATE_SYNCING)
		return;
	/* k-way: each peer has its share only, so every live one's dump is waited for (and the
	 * peers are given half the live window to be heard first). */
	if (s->set.replicas != 0 && now - s->syncing_since >= ms_ticks(s, SYNC_LIVE_MS / 2) &&
	    sync_kway_dumps_done(s)) {
		s->state = SYNC_STATE_READY;
		s->ready_at = now;
		LOG_KV(INFO, "sync ready: every live peer's share received",
		       LOG_U("replicas", s->set.replicas));
		return;
	}
	for (unsigned i = 0; i < s->n_peers; i++) {
		struct sync_peer *p = &s->peers[i];

		if (p->dump_done && s->set.replicas == 0) {
			s->state = SYNC_STATE_READY;
			s->ready_at = now;
			LOG_KV(INFO, "sync ready: table received", LOG_S(LOG_K_PEER, p->name));
			return;
		}
		if (now - p->asked_at >= ms_ticks(s, p->answered ? SYNC_DUMP_WAIT_MS
								 : SYNC_ASK_AGAIN_MS))
			ask_dump(s, p, now);
		if (p->last_heard > heard)
			heard = p->last_heard;
	}
	/* No peer has said anything for a while: this forwarder is the first (or the only one
	 * left); what it has is all there is. */
	if (now - RTE_MAX(heard, s->syncing_since) >= ms_ticks(s, SYNC_ALONE_MS)) {
		s->state = SYNC_STATE_READY;
		s->ready_at = now;
		LOG_KV(INFO, "sync ready: no peer answered", LOG_U("waited_ms", SYNC_ALONE_MS));
	}
}

void
sync_ctl_poll(struct sync_ctl *s, uint64_t now)
{
	if (s->fd < 0)
		return;
	receive(s, now);
	if (s->set.replicas != 0) {
		/* Hellos keep this forwarder live at its peers when it has nothing to say. */
		if (now - s->hello_at >= ms_ticks(s, SYNC_HELLO_MS)) {
			s->hello_at = now;
			for (unsigned i = 0; i < s->n_peers; i++)
				send_empty(s, &s->peers[i], SYNC_MSG_CONNS);
		}
		sync_kway_members(s, now);
	}
	for (uint16_t w = 0; w < s->env->n_workers; w++)
		drain_worker(s, s->env->workers[w]);
	for (unsigned i = 0; i < s->n_peers; i++)
		peer_flush(s, &s->peers[i]);
	dump_push(s);
	state_step(s, now);
}

/* ---- the setting ---- */

/* The new peer list, keeping what is known of peers that stay (by address). */
static void
peers_set(struct sync_ctl *s, const struct cfg_sync *set)
{
	struct sync_peer *old = malloc(sizeof(s->peers));
	uint16_t n_old = s->n_peers;

	if (old != NULL)
		memcpy(old, s->peers, sizeof(s->peers));
	memset(s->peers, 0, sizeof(s->peers));
	for (unsigned i = 0; i < set->n_peers; i++) {
		struct sync_peer *p = &s->peers[i];

		for (unsigned k = 0; old != NULL && k < n_old; k++)
			if (memcmp(&old[k].ep, &set->peers[i], sizeof(old[k].ep)) == 0) {
				*p = old[k];
				p->dump_left = 0; /* walks in progress are for the old indexes */
				p->out.buf = NULL;
				p->out.count = 0;
				p->pull.buf = NULL;
				p->pull.count = 0;
			}
		p->ep = set->peers[i];
		p->sa_len = sockaddr_of(&p->ep, &p->sa);
		endpoint_name(&p->ep, p->name, sizeof(p->name));
	}
	s->n_peers = set->n_peers;
	memset(s->dump_pending, 0, sizeof(s->dump_pending));
	/* Live bits are peer indexes: followed anew from the next round (the ids stay). */
	s->live = 0;
	free(old);
}

int
sync_ctl_apply(struct sync_ctl *s, const struct cfg_sync *set, char *err)
{
	struct cfg_endpoint bound = s->bound;
	bool was_on = s->env->sync_on;
	int fd = s->fd;

	/* The agent sends its setting again each round: the same one changes nothing. Applied
	 * anew, it ended the dumps being walked for the peers (peers_set), whose end was then
	 * never sent: the asker waited SYNC_DUMP_WAIT_MS to ask again, and under k-way, which
	 * waits for every live peer's end at once, could stay syncing for good. (Both copies
	 * come zeroed from the same parsers, so the bytes compare.) */
	if (fd >= 0 && set->n_peers > 0 && memcmp(set, &s->set, sizeof(*set)) == 0)
		return 0;
	if (set->n_peers > 0 &&
	    (fd < 0 || memcmp(&set->listen, &s->set.listen, sizeof(set->listen)) != 0)) {
		fd = sock_open(&set->listen, &bound, err);
		if (fd < 0)
			return fd;
	}
	if (fd != s->fd && s->fd >= 0)
		close(s->fd);
	if (set->n_peers == 0 && fd >= 0) {
		close(fd);
		fd = -1;
	}
	s->fd = fd;
	s->bound = fd >= 0 ? bound : (struct cfg_endpoint){0};
	s->set = *set;
	if (sync_key_set(&s->key, set->key, set->key_len) != 0)
		memset(&s->key, 0, sizeof(s->key)); /* off: no key */
	peers_set(s, set);
	if (s->epoch == 0)
		s->epoch = epoch_now();
	s->env->sync_on = set->n_peers > 0;
	s->env->sync_replicas = set->n_peers > 0 ? set->replicas : 0;
	if (set->n_peers == 0) {
		s->state = SYNC_STATE_OFF;
		LOG_KV(INFO, "sync off", LOG_U("peers", 0));
		return 0;
	}
	if (!was_on || s->state == SYNC_STATE_OFF) {
		s->state = SYNC_STATE_SYNCING;
		s->syncing_since = rte_rdtsc();
		for (unsigned i = 0; i < s->n_peers; i++)
			s->peers[i].asked_at = 0; /* asked at the next round */
		for (unsigned i = 0; i < s->n_peers; i++)
			s->peers[i].answered = false;
	}
	LOG_KV(INFO, "sync on", LOG_U("sync_id", set->id), LOG_U("peers", set->n_peers),
	       LOG_S("state", sync_state_name(s->state)));
	return 0;
}
