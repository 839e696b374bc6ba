/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What a worker's inbox ring carries: mbuf and message pointers, told apart by tags in their
 * low bits (mbufs and steering messages are cache-line aligned, so those bits are free). The
 * one place that says which bit means what:
 *   no tag  a packet whose connection this worker owns (handed on by a peer or a dispatch
 *           stage);
 *   bit 0   a steering message (steer_msg.h): a connection arriving, or an unmark;
 *   bit 1   a packet a dispatch stage could not attribute (ARP, ICMP, fragments, malformed):
 *           the worker classifies it in full, as if received on its own queue.
 * Plain packets pay one test of both bits.
 */
#ifndef HVLB_INBOX_H
#define HVLB_INBOX_H

#include <stdbool.h>
#include <stdint.h>

#define INBOX_TAG_MSG ((uintptr_t)1)
#define INBOX_TAG_RAW ((uintptr_t)2)
#define INBOX_TAGS (INBOX_TAG_MSG | INBOX_TAG_RAW)

struct rte_mbuf;
struct steer_msg;

static inline bool
inbox_is_plain(const void *p)
{
	return ((uintptr_t)p & INBOX_TAGS) == 0;
}

static inline void *
inbox_tag_msg(struct steer_msg *m)
{
	return (void *)((uintptr_t)m | INBOX_TAG_MSG);
}

static inline bool
inbox_is_msg(const void *p)
{
	return ((uintptr_t)p & INBOX_TAG_MSG) != 0;
}

static inline struct steer_msg *
inbox_msg(void *p)
{
	return (struct steer_msg *)((uintptr_t)p & ~INBOX_TAG_MSG);
}

static inline void *
inbox_tag_raw(struct rte_mbuf *m)
{
	return (void *)((uintptr_t)m | INBOX_TAG_RAW);
}

/* The mbuf of an entry that is not a steering message, tagged raw or not. */
static inline struct rte_mbuf *
inbox_mbuf(void *p)
{
	return (struct rte_mbuf *)((uintptr_t)p & ~INBOX_TAGS);
}

/* For one ring burst per owner: move the entries of objs[0..*n) whose owner (owner[i]) is
 * owner[0] to out, in order, and set *o to it; the rest stay in objs and owner, in order, and
 * *n counts them. Returns how many were moved. */
static inline uint16_t
inbox_batch_take(void **objs, uint16_t *owner, uint16_t *n, void **out, uint16_t *o)
{
	uint16_t k = 0, rest = 0;

	*o = owner[0];
	for (uint16_t i = 0; i < *n; i++) {
		if (owner[i] == *o) {
			out[k++] = objs[i];
		} else {
			objs[rest] = objs[i];
			owner[rest++] = owner[i];
		}
	}
	*n = rest;
	return k;
}

#endif
