/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The control thread's side of per-packet capture (docs/operations.md, "Capturing packets"):
 * one capture at a time, published to the workers (worker_capture.h), their rings drained
 * into a buffer at each control poll, and stopped by itself at its packet count or its
 * deadline. The local API (ctl_op_capture.c) starts, reads and stops it.
 */
#ifndef HVLB_CAPTURE_CTL_H
#define HVLB_CAPTURE_CTL_H

#include <stdbool.h>
#include <stdint.h>

#include "capture.h"
#include "lcore_env.h"

/* Packets a worker's ring holds, and taken packets the buffer holds until read: a reader
 * slower than that leaves the rest on the rings, then skipped (skipped_full). */
#define CAPTURE_RING_SLOTS 256u
#define CAPTURE_BUF_SLOTS 2048u
#define CAPTURE_DESC_LEN 192

struct capture_ctl;

/* What a start asks for, checked by the caller against capture.h's bounds. */
struct capture_params {
	struct cap_filter filter;
	int drop_reason; /* enum hvlb_drop; -1 a flow capture */
	uint32_t max_packets;
	uint32_t duration_s;
	uint32_t snap_len;
	uint32_t rate_pps;
	char desc[CAPTURE_DESC_LEN]; /* the filter in words */
};

struct capture_status {
	uint64_t id;
	bool running;
	const char *stopped; /* "packets", "time", "stopped"; "" running or none */
	uint64_t taken, skipped_rate, skipped_full, skipped_budget;
	uint32_t buffered, snap_len;
	const char *desc;
};

struct capture_ctl *capture_ctl_create(struct lcore_env *env);
void capture_ctl_free(struct capture_ctl *c);

/* Start a capture (its unread packets of the last one are forgotten): 0, -EBUSY while one
 * runs, -ENOMEM. */
int capture_ctl_start(struct capture_ctl *c, const struct capture_params *p);

/* Withdraw the running capture (why: "packets", "time", "stopped"), wait for the workers to
 * let go of it and drain what they took. Nothing when none runs. */
void capture_ctl_stop(struct capture_ctl *c, const char *why);

/* Drain the workers' rings into the buffer; stop at the packet count or the deadline. */
void capture_ctl_poll(struct capture_ctl *c, uint64_t now);

void capture_ctl_status(const struct capture_ctl *c, struct capture_status *out);

/* The oldest unread packet (NULL: none), and forgetting it once read. */
const struct cap_slot *capture_ctl_peek(struct capture_ctl *c);
void capture_ctl_pop(struct capture_ctl *c);

/* A slot's TSC as Unix time in nanoseconds. */
uint64_t capture_ctl_time_ns(const struct capture_ctl *c, uint64_t tsc);

#endif
