/* SPDX-License-Identifier: BSD-3-Clause */
/* A two-worker forwarder on ring ports for the fixture tests (ringtest.h). */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <rte_eal.h>
#include <rte_mbuf.h>

#include "ctl_op.h"
#include "pkt_build.h"
#include "ringtest.h"
#include "fwd.h"

int ringtest_failed;

struct fwd *
ringtest_start(char *argv0, const char *mem_mb, const char *config, const char *tag,
	       struct ringfwd_ports *rp)
{
	char *eal[] = {argv0, "--no-huge", "--no-pci", "--no-shconf", "-m", (char *)mem_mb,
		       "-l", "0", "--log-level=lib.*:error", "--log-level=user1:warning"};
	unsigned lcores[2] = {0, 0};
	char path[64];
	struct fwd *f;
	int fd;

	if (rte_eal_init(RTE_DIM(eal), eal) < 0)
		return NULL;
	snprintf(path, sizeof(path), "/tmp/hvlb_%s_XXXXXX", tag);
	fd = mkstemp(path);
	if (fd < 0 || dprintf(fd, "%s", config) < 0) {
		fprintf(stderr, "cannot write the config file %s\n", path);
		return NULL;
	}
	close(fd);
	if (ringfwd_make_ports(rp, path, 2, 1024, tag) != 0) {
		unlink(path);
		return NULL;
	}
	f = fwd_create(path, 2, lcores);
	unlink(path);
	if (f == NULL || fwd_start(f) != 0) {
		fprintf(stderr, "the forwarder did not start\n");
		return NULL;
	}
	return f;
}

int
ringtest_finish(struct fwd *f, const char *name, bool check_leaks)
{
	if (check_leaks)
		EXPECT(rte_mempool_in_use_count(f->pool) == 0, "%u mbufs leaked",
		       rte_mempool_in_use_count(f->pool));
	if (ringtest_failed)
		printf("FAIL\n");
	else
		printf("ok   %s\n", name);
	fwd_destroy(f);
	rte_eal_cleanup();
	return ringtest_failed;
}

void
ringtest_put(struct fwd *f, const struct ringfwd_ports *rp, uint16_t port, const uint8_t *data,
	     uint32_t len)
{
	struct rte_mbuf *m = rte_pktmbuf_alloc(f->pool);

	memcpy(rte_pktmbuf_append(m, (uint16_t)len), data, len);
	m->port = f->ports.p[port].port_id;
	rte_ring_enqueue(rp->rx[port][0], m);
}

void
ringtest_run_drain(struct fwd *f, const struct ringfwd_ports *rp)
{
	struct rte_mbuf *m;

	ringfwd_run_until_idle(f);
	for (uint16_t p = 0; p < f->ports.n; p++)
		for (uint16_t q = 0; q < rp->n_queues; q++)
			while (rte_ring_dequeue(rp->tx[p][q], (void **)&m) == 0)
				rte_pktmbuf_free(m);
}

uint32_t
ringtest_tcp4(uint8_t *f, const uint8_t *src, uint16_t sport, const uint8_t *dst, uint16_t dport,
	      uint8_t flags, uint8_t ttl, const uint8_t *eth_dst, const uint8_t *eth_src)
{
	struct pkt_spec s = {.af = 4, .proto = HVLB_PROTO_TCP, .ttl = ttl, .tcp_flags = flags,
			     .sport = sport, .dport = dport, .ip_id = 7, .payload_len = 10};

	memcpy(s.src, src, 4);
	memcpy(s.dst, dst, 4);
	memcpy(s.eth_dst, eth_dst, 6);
	memcpy(s.eth_src, eth_src, 6);
	return pkt_build(f, &s);
}

Hvlb__Fwd__V1__Response *
ringtest_ask(struct fwd *f, Hvlb__Fwd__V1__Request *req, bool offline)
{
	size_t n = hvlb__fwd__v1__request__get_packed_size(req), out_len = 0;
	uint8_t *packed = malloc(n ? n : 1), *out = NULL;
	Hvlb__Fwd__V1__Response *resp = NULL;

	hvlb__fwd__v1__request__pack(req, packed);
	if (offline)
		ringfwd_readers_offline(f, true);
	if (ctl_handle(f, packed, n, &out, &out_len) == 0 && out_len >= 4)
		resp = hvlb__fwd__v1__response__unpack(NULL, out_len - 4, out + 4);
	if (offline)
		ringfwd_readers_offline(f, false);
	free(packed);
	free(out);
	if (resp == NULL) {
		fprintf(stderr, "no response\n");
		exit(2);
	}
	return resp;
}

const struct conn *
ringtest_find_conn(struct fwd *f, const struct flow_key *k)
{
	enum conn_dir dir;

	for (uint16_t w = 0; w < f->env.n_workers; w++) {
		const struct conn *c = conn_lookup(f->workers[w]->conns, k, conn_key_hash(k), &dir);

		if (c != NULL)
			return c;
	}
	return NULL;
}

uint64_t
ringtest_wsum(struct fwd *f, size_t off)
{
	uint64_t n = 0;

	for (uint16_t w = 0; w < f->env.n_workers; w++)
		n += *(const uint64_t *)((const uint8_t *)&f->workers[w]->stats + off);
	return n;
}
