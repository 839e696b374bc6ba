/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What goes between the workers and the control thread's connection sync (docs/sync.md):
 * two single-producer single-consumer rings per worker of fixed-size items (rte_ring_*_elem):
 *
 *  - out (worker -> control): the records of the connections this worker created, changed or
 *    ended, collected during a burst and enqueued in bulk (a full ring loses them, counted
 *    sync_ring_full; the worker never waits), the records of a dump walk (for the peers that
 *    asked) and the end of each walk;
 *  - in (control -> worker): the records peers sent about connections this worker owns (by
 *    the owner rule packets follow), and the requests to walk the table for peers;
 *  - k-way replication (docs/sync.md): pulls both ways (out: a connection this worker missed,
 *    to ask its holders for; in: a peer asks for one this worker owns), and the control
 *    thread's request to send every connection carried here to its backups again (a peer
 *    left: some have a new one).
 *
 * Peers are named by their index in the control thread's peer list, as a bit mask.
 */
#ifndef HVLB_SYNC_LINK_H
#define HVLB_SYNC_LINK_H

#include <stdint.h>

#include "sync_wire.h"

#define SYNC_MAX_PEERS 16
#define SYNC_PEERS_ALL 0xffffu     /* every peer (a change any forwarder must hear of) */
#define SYNC_OUT_RING 16384        /* worker -> control items, per worker */
#define SYNC_IN_RING 16384         /* control -> worker items, per worker */

enum sync_item_kind {
	SYNC_ITEM_REC = 1,   /* both ways: a record (rec) for peers */
	SYNC_ITEM_DUMP,      /* control -> worker: walk your table for peers */
	SYNC_ITEM_DUMP_DONE, /* worker -> control: my walk for peers is over */
	SYNC_ITEM_PULL,      /* both ways: rec.orig is the tuple a packet had (rec.state
				SYNC_PULL_ORIG or _REPLY); in: peers is the asker */
	SYNC_ITEM_REBALANCE, /* control -> worker: walk the connections carried here for their
				backups (the pool lost a member) */
};

/* sync_item.flags. */
#define SYNC_ITEM_F_DUMP 0x01      /* a dump walk's record: the control thread keeps it from
				      askers the rule gives no copy (k-way) */
#define SYNC_ITEM_F_REBALANCE 0x02 /* a rebalance walk's record: to backups new since */
#define SYNC_ITEM_F_ASK_ALL 0x04   /* a pull the rule cannot place (a FullNAT reply: its tuple
				      names no client): to every live peer */

/* 76 bytes: a ring element. */
struct sync_item {
	struct sync_rec rec;
	uint16_t peers;      /* SYNC_PEERS_ALL, or the peers a dump is for */
	uint8_t kind;        /* enum sync_item_kind */
	uint8_t flags;       /* SYNC_ITEM_F_* */
	uint32_t pad2;
};

_Static_assert(sizeof(struct sync_item) % 4 == 0, "a ring element is whole 32-bit words");

#endif
