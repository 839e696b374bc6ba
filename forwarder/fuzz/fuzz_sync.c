/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * libFuzzer harness of the connection-sync receive path (docs/sync.md): datagrams sent from
 * the configured peer's address (a loopback UDP socket of the harness) to the sync socket of
 * a forwarder on ring ports with the fixture configuration (fuzz_env.h), which then runs until
 * idle: the control thread verifies and hands records to the workers, which apply them to
 * their tables. State carries over from one input to the next.
 *
 * Input: one flags byte, then the datagram. Flags bit 0: tag the datagram with the cluster key
 * (so the fuzzer reaches the records and what the workers do with them; else it goes as it
 * is, and nearly always fails the tag); bit 1: number it after the last (else the replay
 * window decides on the number it carries); bit 2: send it twice (the second is a replay).
 *
 * Checks: every datagram is accepted or refused under exactly one counted reason; a workers'
 * table never holds more connections than its capacity; nothing leaks (ASan).
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "fuzz_check.h"
#include "fuzz_env.h"

#define FUZZ_SYNC_KEY "fuzz-sync-key-0123456789abcdef"

static struct fwd *fwd;
static int peer_fd;
static struct sockaddr_in fwd_sa;
static struct sync_key key;
static uint64_t seq;

static uint64_t
handled(void)
{
	const struct sync_counters *c = &fwd->sync->ctr;
	uint64_t n = c->rx_msgs;

	for (unsigned r = 1; r < SYNC_REJ_MAX; r++)
		n += c->rejects[r];
	return n;
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	struct sockaddr_in sa = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
	socklen_t len = sizeof(sa);
	struct cfg_sync s = {.id = 1, .n_peers = 1};
	char err[CFG_ERR_LEN] = "";

	(void)argc;
	fuzz_eal_init((*argv)[0]);
	fwd = fuzz_fwd_create(fuzz_config_path(), 2, 0);
	peer_fd = socket(AF_INET, SOCK_DGRAM, 0);
	FUZZ_CHECK(peer_fd >= 0 && bind(peer_fd, (struct sockaddr *)&sa, sizeof(sa)) == 0 &&
		   getsockname(peer_fd, (struct sockaddr *)&sa, &len) == 0);
	sync_key_set(&key, FUZZ_SYNC_KEY, strlen(FUZZ_SYNC_KEY));
	s.listen.af = HVLB_AF_INET;
	s.listen.addr.w[0] = htonl(INADDR_LOOPBACK);
	s.peers[0] = s.listen;
	s.peers[0].port = sa.sin_port;
	s.key_len = key.len;
	memcpy(s.key, key.b, key.len);
	ringfwd_readers_offline(fwd, true);
	FUZZ_CHECK(fwd_sync_set(fwd, &s, err) == 0);
	ringfwd_readers_offline(fwd, false);
	fwd_sa = (struct sockaddr_in){.sin_family = AF_INET, .sin_port = fwd->sync->bound.port,
				      .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
	return 0;
}

/* The datagram as the fuzzer wants it sent: retagged and renumbered, when it is long enough
 * to have a header and a tag. */
static size_t
prepare(uint8_t flags, const uint8_t *data, size_t size, uint8_t *buf)
{
	memcpy(buf, data, size);
	if (size < SYNC_HDR_LEN + SYNC_TAG_LEN)
		return size;
	if (flags & 2) {
		uint64_t be = ++seq;

		for (int i = 0; i < 8; i++)
			buf[24 + i] = (uint8_t)(be >> (56 - 8 * i));
	}
	if (flags & 1)
		sync_msg_tag(&key, buf, size - SYNC_TAG_LEN, buf + size - SYNC_TAG_LEN);
	return size;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t buf[SYNC_MAX_DGRAM + 64];
	uint64_t before = handled();
	unsigned sends;
	uint8_t flags;

	if (size < 1 || size - 1 > sizeof(buf))
		return 0;
	flags = data[0];
	size = prepare(flags, data + 1, size - 1, buf);
	sends = flags & 4 ? 2 : 1;
	for (unsigned i = 0; i < sends; i++)
		FUZZ_CHECK(sendto(peer_fd, buf, size, 0, (struct sockaddr *)&fwd_sa,
				  sizeof(fwd_sa)) == (ssize_t)size);
	/* The loopback delivers at once; a round or two takes it in. */
	for (int round = 0; round < 50 && handled() - before < sends; round++)
		ringfwd_run_until_idle(fwd);
	FUZZ_CHECK(handled() - before == sends);
	for (uint16_t w = 0; w < fwd->env.n_workers; w++)
		FUZZ_CHECK(conn_count(fwd->workers[w]->conns) <= conn_capacity(fwd->workers[w]->conns));
	fuzz_drain_tx(fwd, NULL);
	return 0;
}
