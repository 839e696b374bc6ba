/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * libFuzzer harness of a worker's whole classification and forwarding: frames through the
 * real worker loop (worker_poll_once) and control thread (fwd_control_poll) of a forwarder on
 * ring ports, two workers on the fixture topology (fuzz_env.h). State carries over from one
 * input to the next, as on a real forwarder (connections, learnt neighbours). Built twice:
 * fuzz_worker, and fuzz_dispatch (FUZZ_DISPATCH) with a software dispatch stage in front of
 * the workers (dispatch_poll_once, parse_peek_tuple).
 *
 * An input is a sequence of records, each [flags][length, 2 bytes big-endian][frame]:
 *   flags bit 0: the port (of two), bit 1: the RX queue, i.e. the worker (of two),
 *   bit 2: run the forwarder until idle before this frame (else it joins the burst).
 * A last record shorter than its length takes what is left.
 *
 * Checks, once the forwarder is idle after each input: every mbuf is back in the pool but
 * those it rightly holds (fuzz_held_mbufs); no transmitted frame is shorter than an Ethernet
 * header or carries a wrong IPv4 header checksum (every frame accepted had a right one).
 */
#include <rte_mbuf.h>

#include "fuzz_check.h"
#include "fuzz_env.h"
#include "parse.h"

#ifndef FUZZ_DISPATCH
#define FUZZ_DISPATCH 0
#endif
#define FUZZ_WORKERS 2
#define FUZZ_MAX_FRAMES 64
#define FUZZ_MAX_FRAME 2048

static struct fwd *fwd;

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	fuzz_eal_init((*argv)[0]);
	fwd = fuzz_fwd_create(fuzz_config_path(), FUZZ_WORKERS, FUZZ_DISPATCH);
	return 0;
}

static void
check_tx(const struct rte_mbuf *m)
{
	struct pkt_info pi;

	FUZZ_CHECK(m->nb_segs == 1 && m->pkt_len == m->data_len);
	FUZZ_CHECK(m->data_len >= 14);
	FUZZ_CHECK(parse_frame(rte_pktmbuf_mtod(m, const uint8_t *), m->data_len, &pi) !=
		   HVLB_DROP_BAD_IP_CSUM);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned frames = 0;

	/* Every input in the cookies' first period, as the fixtures they are seeded from. */
	fwd->env.sp_epoch = rte_rdtsc();
	while (size >= 3 && frames < FUZZ_MAX_FRAMES) {
		uint8_t flags = data[0];
		size_t len = (size_t)data[1] << 8 | data[2];
		struct rte_mbuf *m;

		data += 3;
		size -= 3;
		len = RTE_MIN(len, size);
		len = RTE_MIN(len, (size_t)FUZZ_MAX_FRAME);
		if (flags & 4)
			ringfwd_run_until_idle(fwd);
		m = rte_pktmbuf_alloc(fwd->pool);
		if (m == NULL)
			break;
		if (len > rte_pktmbuf_tailroom(m) || rte_pktmbuf_append(m, (uint16_t)len) == NULL) {
			rte_pktmbuf_free(m);
			break;
		}
		memcpy(rte_pktmbuf_mtod(m, uint8_t *), data, len);
		m->port = fwd->ports.p[(flags & 1) % fwd->ports.n].port_id;
		if (fuzz_rx((flags & 1) % fwd->ports.n, (flags >> 1 & 1) % FUZZ_WORKERS, m) != 0)
			rte_pktmbuf_free(m);
		data += len;
		size -= len;
		frames++;
	}
	ringfwd_run_until_idle(fwd);
	fuzz_drain_tx(fwd, check_tx);
	FUZZ_CHECK(rte_mempool_in_use_count(fwd->pool) == fuzz_held_mbufs(fwd));
	return 0;
}
