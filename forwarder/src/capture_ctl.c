/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * One capture at a time (capture_ctl.h). The published struct capture_pub holds the filter
 * and each worker's ring; a stop withdraws it (NULL, release store), waits a grace period
 * (every worker passes the top of its loop, where it reads env->capture, so none still
 * writes to it), drains it and frees it. The buffer of unread packets is the control
 * thread's own; it outlives the capture until the next start.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <rte_common.h>
#include <rte_cycles.h>
#include <rte_malloc.h>
#include <rte_rcu_qsbr.h>

#include "capture_ctl.h"
#include "worker_capture.h"

struct capture_ctl {
	struct lcore_env *env;
	struct capture_pub *pub;  /* the running capture; NULL none */
	struct cap_ring buf;      /* taken packets not read yet */
	void *buf_mem;
	uint64_t id;
	const char *stopped;
	uint64_t deadline;        /* TSC */
	uint32_t max_packets;
	uint64_t taken;           /* moved into buf since the start */
	uint64_t skipped_rate, skipped_full, skipped_budget; /* the workers' sums at the stop */
	uint64_t start_tsc, start_ns;
	char desc[CAPTURE_DESC_LEN];
};

struct capture_ctl *
capture_ctl_create(struct lcore_env *env)
{
	struct capture_ctl *c = calloc(1, sizeof(*c));

	if (c != NULL) {
		c->env = env;
		c->stopped = "";
	}
	return c;
}

static void
pub_free(struct capture_pub *p)
{
	if (p == NULL)
		return;
	for (uint16_t i = 0; i < p->n_workers; i++)
		rte_free(p->w[i].ring.mem);
	rte_free(p);
}

void
capture_ctl_free(struct capture_ctl *c)
{
	if (c == NULL)
		return;
	/* The lcores have returned: nothing reads the capture any more. */
	c->env->capture = NULL;
	pub_free(c->pub);
	free(c->buf_mem);
	free(c);
}

static struct capture_pub *
pub_make(const struct lcore_env *env, const struct capture_params *p)
{
	uint16_t n = env->n_workers;
	struct capture_pub *pub =
		rte_zmalloc("capture", sizeof(*pub) + n * sizeof(pub->w[0]), RTE_CACHE_LINE_SIZE);

	if (pub == NULL)
		return NULL;
	pub->filter = p->filter;
	pub->drop_reason = p->drop_reason;
	pub->rate_pps = p->rate_pps;
	pub->max_packets = p->max_packets;
	pub->n_workers = n;
	for (uint16_t i = 0; i < n; i++) {
		size_t size = cap_ring_mem_size(CAPTURE_RING_SLOTS, p->snap_len);
		void *mem = rte_malloc("capture_ring", size, RTE_CACHE_LINE_SIZE);

		if (mem == NULL) {
			pub->n_workers = i;
			pub_free(pub);
			return NULL;
		}
		cap_ring_init(&pub->w[i].ring, mem, CAPTURE_RING_SLOTS, p->snap_len);
	}
	return pub;
}

int
capture_ctl_start(struct capture_ctl *c, const struct capture_params *p)
{
	size_t size = cap_ring_mem_size(CAPTURE_BUF_SLOTS, p->snap_len);
	struct capture_pub *pub;
	struct timespec ts;
	void *mem;

	if (c->pub != NULL)
		return -EBUSY;
	mem = malloc(size);
	pub = pub_make(c->env, p);
	if (mem == NULL || pub == NULL) {
		free(mem);
		pub_free(pub);
		return -ENOMEM;
	}
	free(c->buf_mem);
	c->buf_mem = mem;
	cap_ring_init(&c->buf, mem, CAPTURE_BUF_SLOTS, p->snap_len);
	c->id++;
	c->stopped = "";
	c->max_packets = p->max_packets;
	c->taken = c->skipped_rate = c->skipped_full = c->skipped_budget = 0;
	clock_gettime(CLOCK_REALTIME, &ts);
	c->start_tsc = rte_rdtsc();
	c->start_ns = (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
	c->deadline = c->start_tsc + (uint64_t)p->duration_s * c->env->hz;
	memcpy(c->desc, p->desc, sizeof(c->desc));
	c->pub = pub;
	__atomic_store_n(&c->env->capture, pub, __ATOMIC_RELEASE);
	return 0;
}

/* Move what the workers took into the buffer, in worker order, up to max_packets in all;
 * past it, counted as skipped_budget. A full buffer leaves the rest on the rings. */
static void
drain(struct capture_ctl *c)
{
	struct capture_pub *p = c->pub;

	for (uint16_t i = 0; i < p->n_workers; i++) {
		struct cap_ring *r = &p->w[i].ring;
		const struct cap_slot *s;

		while ((s = cap_ring_peek(r)) != NULL) {
			struct cap_slot *d;

			if (c->taken >= c->max_packets) {
				c->skipped_budget++;
				cap_ring_pop(r);
				continue;
			}
			if ((d = cap_ring_slot(&c->buf)) == NULL)
				break;
			memcpy(d, s, sizeof(*s) + s->len);
			cap_ring_push(&c->buf);
			cap_ring_pop(r);
			c->taken++;
		}
	}
}

void
capture_ctl_stop(struct capture_ctl *c, const char *why)
{
	struct capture_pub *p = c->pub;

	if (p == NULL)
		return;
	__atomic_store_n(&c->env->capture, NULL, __ATOMIC_RELEASE);
	/* Past it, no worker holds p (worker_loop.c reads env->capture after its quiescent
	 * point), so its rings are final and it may be freed. */
	rte_rcu_qsbr_synchronize(c->env->rcu, RTE_QSBR_THRID_INVALID);
	drain(c);
	for (uint16_t i = 0; i < p->n_workers; i++) {
		c->skipped_rate += p->w[i].skipped_rate;
		c->skipped_full += p->w[i].skipped_full;
		c->skipped_budget += p->w[i].skipped_budget;
	}
	c->pub = NULL;
	pub_free(p);
	c->stopped = why;
}

void
capture_ctl_poll(struct capture_ctl *c, uint64_t now)
{
	if (c->pub == NULL)
		return;
	drain(c);
	if (c->taken >= c->max_packets)
		capture_ctl_stop(c, "packets");
	else if ((int64_t)(now - c->deadline) >= 0)
		capture_ctl_stop(c, "time");
}

void
capture_ctl_status(const struct capture_ctl *c, struct capture_status *out)
{
	memset(out, 0, sizeof(*out));
	out->id = c->id;
	out->running = c->pub != NULL;
	out->stopped = c->stopped;
	out->taken = c->taken;
	out->skipped_rate = c->skipped_rate;
	out->skipped_full = c->skipped_full;
	out->skipped_budget = c->skipped_budget;
	if (c->pub != NULL) {
		for (uint16_t i = 0; i < c->pub->n_workers; i++) {
			/* Read while the workers write them: a count a moment old. */
			out->skipped_rate += c->pub->w[i].skipped_rate;
			out->skipped_full += c->pub->w[i].skipped_full;
			out->skipped_budget += c->pub->w[i].skipped_budget;
		}
	}
	out->buffered = c->buf_mem != NULL ? c->buf.head - c->buf.tail : 0;
	out->snap_len = c->buf.snap_len;
	out->desc = c->desc;
}

const struct cap_slot *
capture_ctl_peek(struct capture_ctl *c)
{
	return c->buf_mem != NULL ? cap_ring_peek(&c->buf) : NULL;
}

void
capture_ctl_pop(struct capture_ctl *c)
{
	cap_ring_pop(&c->buf);
}

uint64_t
capture_ctl_time_ns(const struct capture_ctl *c, uint64_t tsc)
{
	uint64_t d = tsc - c->start_tsc;

	return c->start_ns + (uint64_t)((unsigned __int128)d * 1000000000u / c->env->hz);
}
