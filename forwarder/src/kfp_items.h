/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What a worker keeps of the connections it handed to the in-kernel fast path (struct
 * worker_kfp, a member of struct worker; worker_kfp.h says what is done with it).
 */
#ifndef HVLB_KFP_ITEMS_H
#define HVLB_KFP_ITEMS_H

#include <stdint.h>

#include "conn.h"
#include "fwd_limits.h"
#include "xdp_fast_entry.h"

#define KFP_MAX 65536      /* entries a worker hands to the kernel at most */
#define KFP_INDEX (2 * KFP_MAX) /* slots of the index from a connection to its entries */
#define KFP_MIN_PKTS 4     /* a direction's frames forwarded before it is handed over */
#define KFP_HDR_MAX 128    /* the bytes of a frame learning compares */
#define KFP_SCAN_BATCH 64  /* entries looked at per scan at least */
#define KFP_SCAN_PER_S 100 /* scans a second */
#define KFP_SCAN_CYCLE 64  /* scans that look at every entry once: each entry every 0.64 s */
#define KFP_IDLE_NS 2000000000ull /* an entry that carried no frame for this long goes back */

struct kfp_item {
	struct conn *c;
	struct conn_key orig;  /* c's when taught: a connection in c's place since is another */
	uint32_t rs_gen;
	uint32_t nh_epoch;     /* the worker's epoch when taught */
	uint16_t in_port;      /* the port whose program has the entry */
	uint8_t dir;           /* enum conn_dir */
	uint8_t af;            /* 4 or 6: the key's family, so its port's map */
	uint32_t slot;         /* its counts' slot in the port's hvlb_fast_count (worker_kfp.c) */
	uint64_t since_ns;     /* CLOCK_MONOTONIC when taught (the program's clock) */
	union {
		struct xdp_fast_key k4;
		struct xdp_fast_key6 k6;
	} key;
	uint64_t pkts, bytes;  /* the slot's counts folded so far (it is never zeroed) */
};

struct worker_kfp {
	uint8_t on;            /* kernel_fast_path, and a port has the program (each iteration) */
	uint8_t avail;         /* a port of the worker has the program */
	uint32_t n;            /* items in use */
	uint32_t held[FWD_MAX_PORTS]; /* of them, in each port's program (worker_kfp_entries) */
	uint32_t cursor;       /* the scan's next item */
	uint64_t tick;         /* TSC of the last scan */
	uint32_t epoch_seen;   /* the worker's nh_epoch at the last scan */
	uint8_t cap_seen;      /* a capture ran at the last scan */
	struct kfp_item *items; /* KFP_MAX, allocated at the first learning */
	uint32_t *index;       /* KFP_INDEX slots by the connection's address, linear probing:
				  an item's position + 1, 0 for none (worker_kfp.c) */
	/* The count slots of the worker's own range, the same on every port (worker_kfp.c,
	 * alloc_lists) not in use: n_free of them, in free. */
	uint32_t n_free;
	uint32_t *free;
	/* The frame worker_kfp_before copied as it arrived, for worker_kfp_after. */
	uint16_t in_port;
	uint32_t in_n;
	uint8_t in[KFP_HDR_MAX];
};

#endif
