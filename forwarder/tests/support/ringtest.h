/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What the fixture tests that drive a two-worker forwarder on ring ports share (test_state,
 * test_capture, test_trace, test_sync, test_sync_kway): EXPECT, which records a failure and
 * goes on; the start (EAL, the config file written from the test's text, ring ports, two
 * workers on lcore 0, stepped by hand: ringfwd.h) and the end; packets in and out.
 */
#ifndef HVLB_RINGTEST_H
#define HVLB_RINGTEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "fwd.pb-c.h"
#include "ringfwd.h"

/* Set by EXPECT; main's exit status through ringtest_finish. */
extern int ringtest_failed;

#define EXPECT(cond, ...)                                                                          \
	do {                                                                                       \
		if (!(cond)) {                                                                     \
			fprintf(stderr, "FAIL line %d: ", __LINE__);                               \
			fprintf(stderr, __VA_ARGS__);                                              \
			fprintf(stderr, "\n");                                                     \
			ringtest_failed = 1;                                                       \
		}                                                                                  \
	} while (0)

/* The EAL (no huge pages, mem_mb of memory, lcore 0), then a forwarder of two workers made
 * from config (the file's text) on ring ports of 1024 entries whose rings tag names, started.
 * NULL after printing why (main then exits 2). */
struct fwd *ringtest_start(char *argv0, const char *mem_mb, const char *config, const char *tag,
			   struct ringfwd_ports *rp);

/* The end of main: with check_leaks, no mbuf may still be in use; prints "ok   name" or
 * "FAIL", destroys the forwarder and the EAL. Main's exit status. */
int ringtest_finish(struct fwd *f, const char *name, bool check_leaks);

/* A frame of len bytes into queue 0 of port's RX ring, as the NIC would give it. */
void ringtest_put(struct fwd *f, const struct ringfwd_ports *rp, uint16_t port,
		  const uint8_t *data, uint32_t len);

/* Run until idle and free every frame that went out. */
void ringtest_run_drain(struct fwd *f, const struct ringfwd_ports *rp);

/* An IPv4 TCP frame src:sport -> dst:dport with flags and ttl, 10 bytes of payload, IP id 7,
 * between the MACs eth_src and eth_dst, into f: its length. */
uint32_t ringtest_tcp4(uint8_t *f, const uint8_t *src, uint16_t sport, const uint8_t *dst,
		       uint16_t dport, uint8_t flags, uint8_t ttl, const uint8_t *eth_dst,
		       const uint8_t *eth_src);

/* One request through the local API's handler (ctl_handle), with the readers offline first
 * when offline (as the control thread finds the workers between their loops: a capture's stop
 * waits for their grace period): its decoded response (free_unpacked), or exit 2 without one. */
Hvlb__Fwd__V1__Response *ringtest_ask(struct fwd *f, Hvlb__Fwd__V1__Request *req, bool offline);

/* A worker counter (a uint64_t at offset off in struct worker_stats) summed over the workers. */
uint64_t ringtest_wsum(struct fwd *f, size_t off);
#define WSUM(f, field) ringtest_wsum(f, offsetof(struct worker_stats, field))

/* The connection of key k (either of its tuples) in whichever worker's table holds it, or
 * NULL. */
struct flow_key;
const struct conn *ringtest_find_conn(struct fwd *f, const struct flow_key *k);

#endif
