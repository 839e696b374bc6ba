/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A sync peer played by a UDP socket on the loopback, speaking the wire format
 * (core/sync_wire.h) with the cluster key, for test_sync and test_sync_kway: what it sends
 * the forwarder under test and what it hears from it.
 */
#ifndef HVLB_SYNCPEER_H
#define HVLB_SYNCPEER_H

#include <netinet/in.h>
#include <stddef.h>
#include <stdint.h>

#include "fwd.h"
#include "sync_wire.h"

struct syncpeer {
	int fd;
	uint16_t port; /* its UDP port, in network order */
	uint32_t id;   /* the sender id of its messages */
	uint64_t epoch;
	uint64_t seq; /* the last message number sent */
	const struct sync_key *key;
	struct sockaddr_in to; /* the forwarder's sync socket (syncpeer_connect) */
};

/* A socket bound to a free loopback port for the peer of this id, epoch and key. 0 or -1. */
int syncpeer_open(struct syncpeer *p, uint32_t id, uint64_t epoch, const struct sync_key *key);

/* Fill s (its id, count and replicas already set) to listen on the loopback with the key of
 * peers[0], and to know the n peers' addresses. */
void syncpeer_setting(struct cfg_sync *s, const struct syncpeer *peers, unsigned n);

/* Address the n peers' messages to f's sync socket (after fwd_sync_set). */
void syncpeer_connect(struct syncpeer *peers, unsigned n, const struct fwd *f);

/* A message of type with n records from p under key k, numbered seq, into buf
 * (SYNC_MAX_DGRAM bytes): its length. */
size_t syncpeer_msg(const struct syncpeer *p, uint8_t *buf, uint8_t type,
		    const struct sync_rec *r, unsigned n, const struct sync_key *k, uint64_t seq);

/* len bytes of buf from p's socket to the forwarder, as they are. */
void syncpeer_send_raw(const struct syncpeer *p, const uint8_t *buf, size_t len);

/* The next message of type from p with n records, under p's key. */
void syncpeer_send(struct syncpeer *p, uint8_t type, const struct sync_rec *r, unsigned n);

/* What a peer heard since the last call: records (by op), messages by type, the last record. */
struct syncpeer_heard {
	unsigned recs;
	unsigned ops[4];
	unsigned types[5];
	struct sync_rec last;
};

/* Everything waiting on p's socket, each message verified with p's key (EXPECT). */
struct syncpeer_heard syncpeer_hear(const struct syncpeer *p);

#endif
