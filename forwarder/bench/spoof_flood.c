/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A spoofed TCP flood at a set rate for a set time: SYNs, bare ACKs, SYN+FINs, RSTs and
 * flagless segments to one VIP:port, each from a random address of a source prefix and a
 * random port, as a forger with no handshake to complete sends them. Raw IPv4 (IP_HDRINCL),
 * so the kernel routes and resolves the next hop; checksums are right, so a SYN reaches the
 * connection table instead of stopping at the checksum check. SYNs come from the lower half
 * of the source prefix and every other kind from its upper half, so that a forged ACK never
 * happens to belong to a forged SYN's connection (the forwarder would rightly forward it):
 * whatever non-SYN reaches an NF from the prefix was wrongly forwarded. Needs CAP_NET_RAW;
 * meant for a lab namespace (bench/flood.py, tests/e2e/test_spoof.py) whose router drops
 * what comes back to the source prefix.
 *
 *   spoof_flood --dst 10.100.0.1 --dport 80 [--src 198.18.0.0/15] [--pps 20000]
 *               [--seconds 5] [--mix syn=50,ack=40,synfin=4,rst=3,null=3] [--seed N]
 *
 * Prints one JSON line: packets sent of each kind, the time taken and the rate reached.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <getopt.h>
#include <netinet/in.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define BATCH 32
#define PKT_LEN 40 /* IPv4 and TCP headers, no options, no payload */

enum kind { K_SYN, K_ACK, K_SYNFIN, K_RST, K_NULL, K_MAX };

static const char *const kind_names[K_MAX] = {"syn", "ack", "synfin", "rst", "null"};
static const uint8_t kind_flags[K_MAX] = {0x02, 0x10, 0x03, 0x04, 0x00};

struct opts {
	struct in_addr dst;
	uint16_t dport;
	uint32_t src_net, src_mask;
	double pps, seconds;
	unsigned mix[K_MAX]; /* weights */
	uint64_t seed;
};

static uint64_t rng_state;

static uint64_t
rng(void)
{
	/* xorshift64*: fast, and reproducible from --seed. */
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545F4914F6CDD1Dull;
}

static uint16_t
csum_fold(uint32_t s)
{
	while (s >> 16)
		s = (s & 0xffff) + (s >> 16);
	return (uint16_t)~s;
}

static uint32_t
csum_add(uint32_t s, const uint8_t *p, size_t n)
{
	for (size_t i = 0; i + 1 < n; i += 2)
		s += (uint32_t)(p[i] << 8 | p[i + 1]);
	return s;
}

/* One segment of kind k from a random source of the prefix: SYNs from its lower half, the
 * rest from its upper half. */
static void
build(uint8_t *p, const struct opts *o, enum kind k)
{
	uint32_t half = (~o->src_mask >> 1) + 1; /* the prefix's top host bit */
	uint32_t host = ((uint32_t)rng() & ~o->src_mask & ~half) | (k == K_SYN ? 0 : half);
	uint32_t src = htonl(o->src_net | host);
	uint16_t sport = (uint16_t)(1024 + rng() % 64512), c;
	uint32_t seq = (uint32_t)rng(), ack = k == K_SYN || k == K_NULL ? 0 : (uint32_t)rng();
	uint8_t pseudo[12];

	memset(p, 0, PKT_LEN);
	p[0] = 0x45;
	p[2] = 0;
	p[3] = PKT_LEN;
	p[6] = 0x40; /* DF */
	p[8] = 64;
	p[9] = IPPROTO_TCP;
	memcpy(p + 12, &src, 4);
	memcpy(p + 16, &o->dst, 4);
	c = htons(csum_fold(csum_add(0, p, 20)));
	memcpy(p + 10, &c, 2);

	uint8_t *t = p + 20;
	t[0] = (uint8_t)(sport >> 8);
	t[1] = (uint8_t)sport;
	t[2] = (uint8_t)(o->dport >> 8);
	t[3] = (uint8_t)o->dport;
	for (int i = 0; i < 4; i++) {
		t[4 + i] = (uint8_t)(seq >> (24 - 8 * i));
		t[8 + i] = (uint8_t)(ack >> (24 - 8 * i));
	}
	t[12] = 5 << 4;
	t[13] = kind_flags[k];
	t[14] = 0xfa; /* window 64240 */
	t[15] = 0xf0;
	memcpy(pseudo, p + 12, 8);
	pseudo[8] = 0;
	pseudo[9] = IPPROTO_TCP;
	pseudo[10] = 0;
	pseudo[11] = 20;
	c = htons(csum_fold(csum_add(csum_add(0, pseudo, 12), t, 20)));
	memcpy(t + 16, &c, 2);
}

static enum kind
pick(const struct opts *o, unsigned total)
{
	unsigned r = (unsigned)(rng() % total);

	for (int k = 0; k < K_MAX; k++) {
		if (r < o->mix[k])
			return (enum kind)k;
		r -= o->mix[k];
	}
	return K_SYN;
}

static double
now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int
parse_mix(const char *s, unsigned *mix)
{
	char *dup = strdup(s), *save = NULL;
	int rc = 0;

	memset(mix, 0, sizeof(unsigned) * K_MAX);
	for (char *tok = strtok_r(dup, ",", &save); tok != NULL; tok = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(tok, '=');
		int k;

		if (eq == NULL)
			goto bad;
		*eq = '\0';
		for (k = 0; k < K_MAX && strcmp(tok, kind_names[k]) != 0; k++)
			;
		if (k == K_MAX)
			goto bad;
		mix[k] = (unsigned)strtoul(eq + 1, NULL, 10);
	}
	goto out;
bad:
	rc = -1;
out:
	free(dup);
	return rc;
}

static int
parse_opts(int argc, char **argv, struct opts *o)
{
	static const struct option lo[] = {
		{"dst", required_argument, NULL, 'd'}, {"dport", required_argument, NULL, 'p'},
		{"src", required_argument, NULL, 's'}, {"pps", required_argument, NULL, 'r'},
		{"seconds", required_argument, NULL, 't'}, {"mix", required_argument, NULL, 'm'},
		{"seed", required_argument, NULL, 'S'}, {NULL, 0, NULL, 0}};
	char net[32] = "198.18.0.0/15";
	int c, plen;

	*o = (struct opts){.dport = 80, .pps = 20000, .seconds = 5, .seed = 1};
	parse_mix("syn=50,ack=40,synfin=4,rst=3,null=3", o->mix);
	while ((c = getopt_long(argc, argv, "", lo, NULL)) != -1) {
		if (c == 'd' && inet_pton(AF_INET, optarg, &o->dst) == 1)
			continue;
		if (c == 'p')
			o->dport = (uint16_t)atoi(optarg);
		else if (c == 's')
			snprintf(net, sizeof(net), "%s", optarg);
		else if (c == 'r')
			o->pps = atof(optarg);
		else if (c == 't')
			o->seconds = atof(optarg);
		else if (c == 'm' && parse_mix(optarg, o->mix) == 0)
			continue;
		else if (c == 'S')
			o->seed = strtoull(optarg, NULL, 0);
		else
			return -1;
	}
	char *slash = strchr(net, '/');
	struct in_addr a;
	if (o->dst.s_addr == 0 || slash == NULL || o->pps <= 0 || o->seconds <= 0)
		return -1;
	*slash = '\0';
	plen = atoi(slash + 1);
	if (inet_pton(AF_INET, net, &a) != 1 || plen < 1 || plen > 31)
		return -1;
	o->src_mask = plen == 32 ? ~0u : ~(~0u >> plen);
	o->src_net = ntohl(a.s_addr) & o->src_mask;
	return 0;
}

int
main(int argc, char **argv)
{
	static uint8_t pkts[BATCH][PKT_LEN];
	struct mmsghdr msgs[BATCH];
	struct iovec iov[BATCH];
	struct sockaddr_in to = {.sin_family = AF_INET};
	uint64_t sent[K_MAX] = {0}, total = 0, errors = 0;
	unsigned mix_total = 0;
	struct opts o;
	double start, end;
	int fd;

	if (parse_opts(argc, argv, &o) != 0) {
		fprintf(stderr, "usage: %s --dst ADDR [--dport N] [--src NET/LEN] [--pps N] "
				"[--seconds S] [--mix syn=W,ack=W,synfin=W,rst=W,null=W] [--seed N]\n",
			argv[0]);
		return 2;
	}
	for (int k = 0; k < K_MAX; k++)
		mix_total += o.mix[k];
	if (mix_total == 0)
		return 2;
	rng_state = o.seed | 1;
	fd = socket(AF_INET, SOCK_RAW, IPPROTO_RAW);
	if (fd < 0) {
		perror("socket(AF_INET, SOCK_RAW)");
		return 1;
	}
	to.sin_addr = o.dst;
	memset(msgs, 0, sizeof(msgs));
	for (int i = 0; i < BATCH; i++) {
		iov[i] = (struct iovec){.iov_base = pkts[i], .iov_len = PKT_LEN};
		msgs[i].msg_hdr = (struct msghdr){.msg_name = &to, .msg_namelen = sizeof(to),
						  .msg_iov = &iov[i], .msg_iovlen = 1};
	}
	start = now_s();
	end = start + o.seconds;
	for (double t = start; t < end; t = now_s()) {
		/* Paced: never ahead of pps x elapsed, one batch at most at once. */
		uint64_t due = (uint64_t)((t - start) * o.pps);
		unsigned n = due > total ? (unsigned)(due - total < BATCH ? due - total : BATCH) : 0;
		enum kind kinds[BATCH];
		int done;

		if (n == 0) {
			struct timespec ts = {0, 50000};
			nanosleep(&ts, NULL);
			continue;
		}
		for (unsigned i = 0; i < n; i++) {
			kinds[i] = pick(&o, mix_total);
			build(pkts[i], &o, kinds[i]);
		}
		done = sendmmsg(fd, msgs, n, 0);
		if (done < 0) {
			errors++;
			done = 0;
			if (errno != ENOBUFS && errno != EAGAIN && errno != EINTR) {
				perror("sendmmsg");
				return 1;
			}
		}
		for (int i = 0; i < done; i++)
			sent[kinds[i]]++;
		/* A batch the kernel did not take is not sent again: the rate counts what left. */
		total += n;
	}
	double took = now_s() - start;
	uint64_t out = 0;
	printf("{\"seconds\": %.3f, \"pps_asked\": %.0f", took, o.pps);
	for (int k = 0; k < K_MAX; k++) {
		printf(", \"%s\": %lu", kind_names[k], (unsigned long)sent[k]);
		out += sent[k];
	}
	printf(", \"sent\": %lu, \"pps\": %.0f, \"send_errors\": %lu}\n", (unsigned long)out,
	       out / took, (unsigned long)errors);
	close(fd);
	return 0;
}
