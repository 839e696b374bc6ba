/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The messages that move a connection from one worker to another (steer_ctl.c drives it,
 * worker_steer.c carries it out):
 *
 *  1. the control thread puts MIGRATE on the old owner's command ring;
 *  2. the old owner takes the connection out of its table and puts it, as CONN, on the new
 *     owner's inbox, and from then on passes every packet of it it sees to the new owner
 *     behind it (its "moved" list). The inbox is a FIFO, so the entry arrives before any of
 *     those packets;
 *  3. the new owner inserts it and says so (note IMPORTED);
 *  4. only then the control thread publishes the override, so other workers (and the new
 *     owner's own RX queues) send the flow straight to the new owner, which has its state;
 *  5. once every worker has passed a quiescent point after that publication, no worker can
 *     still send the flow to the old owner except what is already queued in the old owner's
 *     inbox: the control thread puts UNMARK behind it on that inbox, and the old owner drops
 *     its moved entry when it reaches it.
 *
 * The only reordering: a packet another worker handed to the old owner before the flip may
 * reach the new owner after one that worker sent it directly after the flip; that is at most
 * what was queued in the old owner's inbox at the flip (tests/fixtures/test_handoff.c bounds
 * it).
 *
 * Inbox entries are mbuf pointers; a message is told apart by a tag in its pointer
 * (inbox.h).
 */
#ifndef HVLB_STEER_MSG_H
#define HVLB_STEER_MSG_H

#include <stdbool.h>
#include <stdint.h>

#include <rte_common.h>

#include "conn.h"
#include "steer.h"

struct rte_mempool;
struct rte_ring;

#define STEER_POOL_SIZE 2047  /* messages in flight, all workers */
#define STEER_NOTES_SIZE 4096 /* worker -> control thread notes */

enum steer_msg_type {
	STEER_MSG_MIGRATE = 1, /* control -> old owner's command ring */
	STEER_MSG_CONN,        /* old owner -> new owner's inbox: the connection */
	STEER_MSG_UNMARK,      /* control -> old owner's inbox: forget the moved entry seq */
};

struct steer_msg {
	uint8_t type;
	uint8_t n_keys;         /* 1, or 2 with a NAT reply tuple */
	uint16_t from;
	uint16_t to;
	uint32_t seq;           /* the control thread's number for this move */
	uint32_t hash[2];       /* flow_hash of each key */
	struct flow_key key[2]; /* ORIG tuple, then the reply tuple */
	struct conn conn;       /* CONN */
} __rte_cache_aligned;

enum steer_note_type {
	STEER_NOTE_EXPORTED = 1, /* old owner: sent; key = the reply tuple if n_keys is 2 */
	STEER_NOTE_NOT_FOUND,    /* old owner: no such connection; forwarding anyway */
	STEER_NOTE_ABORTED,      /* old owner: refused (moved list or new owner's inbox full) */
	STEER_NOTE_IMPORTED,     /* new owner: inserted */
	STEER_NOTE_IMPORT_FAILED, /* new owner: no room; the connection is lost */
	STEER_NOTE_UNMARKED,     /* old owner: moved entry gone */
	STEER_NOTE_GONE,         /* a steered connection ended (expired, hard remove); key */
	STEER_NOTE_PLACE,        /* a new connection of a priority tenant (docs/mode-vxlan.md):
				    key its ORIG tuple, seq its priority; to the least loaded */
};

/* 48 bytes, a ring element. */
struct steer_note {
	uint8_t type;
	uint8_t n_keys;
	uint16_t worker;
	uint32_t seq;
	struct flow_key key;
};

/* The channels between the control thread's steering (steer_ctl.c, which creates them, alone
 * publishes `table` and frees them) and the lcores that read them. */
struct steer_link {
	struct steer_table *table; /* flow overrides; NULL when none; read with
				      steer_link_table, swapped by the control thread */
	struct rte_mempool *pool;  /* struct steer_msg: commands and connection hand-overs */
	struct rte_ring *notes;    /* workers -> control thread: struct steer_note */
};

/* The overrides in force, for a reader between two of its RCU quiescent points. */
static inline const struct steer_table *
steer_link_table(const struct steer_link *l)
{
	return __atomic_load_n(&l->table, __ATOMIC_ACQUIRE);
}

#endif
