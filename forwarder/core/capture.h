/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Per-packet capture's DPDK-free parts (docs/operations.md, "Capturing packets"): the filter a
 * packet's flow is matched against, and the ring a worker copies matching packets into for the
 * control thread. The ring has one producer (its worker) and one consumer (the control
 * thread): the producer writes a slot, then publishes head with a release store; the consumer
 * reads head with an acquire load, copies the slot out, then publishes tail the same way. No
 * read-modify-write atomics, nothing that waits: a full ring refuses the packet, which the
 * worker counts as skipped.
 */
#ifndef HVLB_CORE_CAPTURE_H
#define HVLB_CORE_CAPTURE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "types.h"

/* Where a packet was taken (CapturedPacket.point). */
enum cap_point {
	CAP_POINT_RX = 0, /* as received, before any rewrite */
	CAP_POINT_TX,     /* as queued for sending, after the rewrite */
	CAP_POINT_DROP,   /* as dropped (the reason with it) */
};

/* What a flow capture keeps: a connection whose ORIG tuple (client -> VIP) matches, both of
 * its directions. 0 / unset fields match anything. */
struct cap_filter {
	union hvlb_addr client;
	union hvlb_addr vip;
	uint16_t client_port; /* network order; 0 any */
	uint16_t vip_port;    /* network order; 0 any */
	uint8_t proto;        /* 0 any */
	uint8_t af;           /* 0 any (no address given) */
	uint8_t has_client;
	uint8_t has_vip;
};

/* Whether a flow whose ORIG tuple is k passes f. */
static inline bool
cap_filter_match(const struct cap_filter *f, const struct flow_key *k)
{
	if (f->proto != 0 && f->proto != k->proto)
		return false;
	if (f->af != 0 && f->af != k->af)
		return false;
	if (f->has_client && !hvlb_addr_eq(&f->client, &k->src))
		return false;
	if (f->has_vip && !hvlb_addr_eq(&f->vip, &k->dst))
		return false;
	return (f->client_port == 0 || f->client_port == k->sport) &&
	       (f->vip_port == 0 || f->vip_port == k->dport);
}

/* A slot's header; snap_len bytes of packet follow it. */
struct cap_slot {
	uint64_t tsc;      /* when it was taken */
	uint32_t orig_len; /* the packet's whole length */
	uint16_t len;      /* bytes kept (at most the ring's snap_len) */
	uint8_t point;     /* enum cap_point */
	uint8_t reason;    /* enum hvlb_drop, point CAP_POINT_DROP */
	uint16_t worker;   /* the worker that took it */
	uint16_t pad[3];
	uint8_t data[];
};

struct cap_ring {
	uint32_t head;     /* written by the producer only */
	uint32_t pad0[15];
	uint32_t tail;     /* written by the consumer only */
	uint32_t pad1[15];
	uint32_t mask;     /* slots - 1 (a power of two) */
	uint32_t slot_size;
	uint32_t snap_len;
	uint8_t *mem;      /* slots * slot_size bytes, the caller's */
};

/* The bytes a ring of slots (a power of two) of snap_len bytes each needs. */
size_t cap_ring_mem_size(uint32_t slots, uint32_t snap_len);

/* Lay r out on mem (cap_ring_mem_size bytes); -1 if slots is not a power of two or 0. */
int cap_ring_init(struct cap_ring *r, void *mem, uint32_t slots, uint32_t snap_len);

/* Producer: the next free slot to fill, or NULL when the ring is full; cap_ring_push
 * publishes it. */
static inline struct cap_slot *
cap_ring_slot(struct cap_ring *r)
{
	uint32_t tail = __atomic_load_n(&r->tail, __ATOMIC_ACQUIRE);

	if (r->head - tail > r->mask)
		return NULL;
	return (struct cap_slot *)(r->mem + (size_t)(r->head & r->mask) * r->slot_size);
}

static inline void
cap_ring_push(struct cap_ring *r)
{
	__atomic_store_n(&r->head, r->head + 1, __ATOMIC_RELEASE);
}

/* Consumer: the oldest filled slot, or NULL when empty; cap_ring_pop frees it. */
static inline const struct cap_slot *
cap_ring_peek(const struct cap_ring *r)
{
	uint32_t head = __atomic_load_n(&r->head, __ATOMIC_ACQUIRE);

	if (head == r->tail)
		return NULL;
	return (const struct cap_slot *)(r->mem + (size_t)(r->tail & r->mask) * r->slot_size);
}

static inline void
cap_ring_pop(struct cap_ring *r)
{
	__atomic_store_n(&r->tail, r->tail + 1, __ATOMIC_RELEASE);
}

/* The name of a point ("rx", "tx", "drop"). */
const char *cap_point_name(unsigned point);

/* The bounds a capture's start is checked against (Capture in proto/fwd.proto). */
#define CAP_DEFAULT_PACKETS 1000u
#define CAP_MAX_PACKETS 100000u
#define CAP_DEFAULT_DURATION_S 10u
#define CAP_MAX_DURATION_S 300u
#define CAP_DEFAULT_SNAP 256u
#define CAP_MIN_SNAP 64u
#define CAP_MAX_SNAP 9216u
#define CAP_DEFAULT_RATE 1000u
#define CAP_MAX_RATE 100000u

#endif
