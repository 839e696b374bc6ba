/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The in-kernel fast path's program (bpf/xdp_fast.bpf.c) run by the kernel on test frames
 * (BPF_PROG_TEST_RUN), against the packet fixtures' own expected frames: an entry learnt from
 * the first frame of a connection and direction the forwarder forwarded (xdp_fast_learn of a
 * fixture's in and out frames, a SYN's mostly) must turn each later frame of that connection
 * and direction into exactly what the forwarder sent for it (its IP ID, TTL, payload and so
 * checksums differ), or give it to the forwarder's socket (XDP_PASS here: the test's program
 * has no socket in xsks_map) where the forwarder must see it (SYN, FIN, RST). Then the cases
 * the fixtures lack: no entry, an expiring TTL, fragments, options, a VLAN tag (kept) and two
 * (up), UDP without a checksum, XDP_TX, the program's counts, and IPv6's own (hop limit, extension headers).
 *
 * Usage: test_xdp_fast OBJECT FIXTURES... Needs root (loading a program); says why and skips
 * (77) without.
 */
#include <errno.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <linux/bpf.h>

#include "check.h"
#include "xdp_fast_entry.h"

#define MAX_FRAME 2048
#define MAX_CASES 1024

struct fx_case {
	char name[96];
	int n_in, n_out, in_port, out_port;
	uint8_t in[MAX_FRAME], out[MAX_FRAME];
	uint32_t in_len, out_len;
};

static struct fx_case cases[MAX_CASES];
static int n_cases;
static int prog_fd, flows_fd, flows6_fd, stats_fd, count_fd;
static int learnt, redirected, stacked, passed; /* over every fixture file */
static int learnt6, redirected6; /* of them, IPv6 */

static uint32_t
unhex(const char *s, uint8_t *b)
{
	uint32_t n = 0;

	while (s[0] && s[1] && s[0] != '\n' && n < MAX_FRAME) {
		unsigned v;

		if (sscanf(s, "%2x", &v) != 1)
			break;
		b[n++] = (uint8_t)v;
		s += 2;
	}
	return n;
}

static void
read_fixtures(const char *path)
{
	char line[8192];
	FILE *f = fopen(path, "r");
	struct fx_case *c = NULL;

	n_cases = 0;
	if (f == NULL) {
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
		exit(1);
	}
	while (fgets(line, sizeof(line), f)) {
		int port;
		char hex[8192];

		if (strncmp(line, "case ", 5) == 0 && n_cases < MAX_CASES) {
			c = &cases[n_cases++];
			memset(c, 0, sizeof(*c));
			sscanf(line + 5, "%95s", c->name);
		} else if (c && sscanf(line, "in %d %8191s", &port, hex) == 2) {
			c->n_in++;
			c->in_port = port;
			c->in_len = unhex(hex, c->in);
		} else if (c && sscanf(line, "out %d %8191s", &port, hex) == 2) {
			c->n_out++;
			c->out_port = port;
			c->out_len = unhex(hex, c->out);
		}
	}
	fclose(f);
}

/* One run of the program on frame (len bytes) arriving on ifindex; the frame as it came out in
 * out. Returns the program's verdict. */
static int
run(const uint8_t *frame, uint32_t len, uint32_t ifindex, uint8_t *out, uint32_t *out_len)
{
	/* The frame lies at data .. data_end of ctx (the kernel checks data_end against len). */
	struct xdp_md ctx = {.data_end = len, .ingress_ifindex = ifindex};
	uint8_t buf[MAX_FRAME];
	LIBBPF_OPTS(bpf_test_run_opts, o, .data_in = frame, .data_size_in = len,
		    .data_out = buf, .data_size_out = sizeof(buf), .ctx_in = &ctx,
		    .ctx_size_in = sizeof(ctx), .repeat = 1);
	int err = bpf_prog_test_run_opts(prog_fd, &o);

	CHECK_EQ(err, 0);
	if (out) {
		memcpy(out, buf, o.data_size_out);
		*out_len = o.data_size_out;
	}
	return (int)o.retval;
}

static int
tcp_flags_common(const uint8_t *f)
{
	if (f[12] == 0x86 && f[13] == 0xdd)
		return f[20] != 6 || !(f[67] & 0x07);
	return f[23] != 6 || !(f[47] & 0x07); /* UDP, or TCP without SYN, FIN, RST */
}

/* The same rewrite learnt (the egress interface is the caller's). */
static int
same_rewrite(const struct xdp_fast_entry *a, const struct xdp_fast_entry *b)
{
	struct xdp_fast_entry x = *a, y = *b;

	if (x.af != y.af)
		return 0;
	if (x.af == 6) {
		x.val.v6.oif = y.val.v6.oif = 0;
		return memcmp(&x.val.v6, &y.val.v6, offsetof(struct xdp_fast_val6, via)) == 0;
	}
	x.val.v4.oif = y.val.v4.oif = 0;
	return memcmp(&x.val.v4, &y.val.v4, offsetof(struct xdp_fast_val, via)) == 0;
}

/* The map of e's family. */
static int
map_of(const struct xdp_fast_entry *e)
{
	return e->af == 6 ? flows6_fd : flows_fd;
}

/* e's entry in its map, sent on as via says, to interface 2 (anything but the ingress one,
 * lo: bpf_redirect). */
static void
put(struct xdp_fast_entry *e, uint8_t via)
{
	xdp_fast_entry_egress(e, 2, via, 0, 0);
	CHECK_EQ(bpf_map_update_elem(map_of(e), &e->key, &e->val, BPF_ANY), 0);
}

/* Every frame of the fixtures read of a connection and direction whose first frame taught
 * an entry (the fixture files' cases run in order, each file on a forwarder of its own). */
static void
fixture_frames(void)
{
	for (int i = 0; i < n_cases; i++) {
		struct fx_case *first = &cases[i];
		struct xdp_fast_entry e;

		if (first->n_in != 1 || first->n_out != 1 ||
		    xdp_fast_learn_any(first->in, first->in_len, first->out, first->out_len, &e) != 0)
			continue;
		/* Only where this key was not learnt by an earlier case (the first frame). */
		int seen = 0;
		for (int j = 0; j < i && !seen; j++) {
			struct xdp_fast_entry ej;

			seen = cases[j].n_in == 1 && cases[j].n_out == 1 &&
			       cases[j].in_port == first->in_port &&
			       xdp_fast_learn_any(cases[j].in, cases[j].in_len, cases[j].out,
						  cases[j].out_len, &ej) == 0 &&
			       ej.af == e.af && memcmp(&ej.key, &e.key, sizeof(e.key)) == 0;
		}
		if (seen)
			continue;
		learnt++;
		learnt6 += e.af == 6;
		const struct xdp_fast_meta meta = {.magic = XDP_FAST_META_MAGIC, .oif = 2};
		put(&e, XDP_FAST_VIA_REDIRECT);
		for (int j = i + 1; j < n_cases; j++) {
			struct fx_case *c = &cases[j];
			struct xdp_fast_entry ej;
			uint8_t got[MAX_FRAME];
			uint32_t got_len = 0;
			int verdict;

			if (c->n_in != 1 || c->n_out != 1 || c->in_port != first->in_port ||
			    xdp_fast_learn_any(c->in, c->in_len, c->out, c->out_len, &ej) != 0 ||
			    ej.af != e.af || memcmp(&ej.key, &e.key, sizeof(e.key)) != 0 ||
			    !same_rewrite(&ej, &e))
				continue; /* another connection, or this one sent elsewhere since */
			verdict = run(c->in, c->in_len, 1, got, &got_len);
			if (tcp_flags_common(c->in)) {
				if (verdict != XDP_REDIRECT || got_len != c->out_len ||
				    memcmp(got, c->out, got_len) != 0)
					fprintf(stderr, "case %s (entry from %s): verdict %d, frame %s\n",
						c->name, first->name, verdict,
						got_len == c->out_len && !memcmp(got, c->out, got_len) ?
							"as the forwarder's" : "not the forwarder's");
				CHECK_EQ(verdict, XDP_REDIRECT);
				CHECK_EQ(got_len, c->out_len);
				CHECK_MEM(got, c->out, c->out_len);
				redirected++;
				redirected6 += e.af == 6;
				/* The same through the stack: passed up rewritten, the metadata
				 * naming the egress interface in front of it. */
				put(&e, XDP_FAST_VIA_STACK);
				CHECK_EQ(run(c->in, c->in_len, 1, got, &got_len), XDP_PASS);
				CHECK_EQ(got_len, c->out_len + sizeof(struct xdp_fast_meta));
				CHECK_MEM(got, &meta, sizeof(meta));
				CHECK_MEM(got + sizeof(meta), c->out, c->out_len);
				put(&e, XDP_FAST_VIA_REDIRECT);
				stacked++;
			} else {
				CHECK_EQ(verdict, XDP_PASS);
				CHECK_MEM(got, c->in, c->in_len);
				passed++;
			}
		}
		CHECK_EQ(bpf_map_delete_elem(map_of(&e), &e.key), 0);
	}
}

static char **fixture_files;
static int n_fixture_files;

static void
test_fixture_frames(void)
{
	for (int i = 0; i < n_fixture_files; i++)
		read_fixtures(fixture_files[i]), fixture_frames();
	printf("fixtures: %d entries learnt (%d IPv6), %d frames rewritten as the forwarder did "
	       "(%d IPv6; each redirected, and passed up for the TC program), %d given to it\n",
	       learnt, learnt6, redirected, redirected6, passed);
	/* Not vacuous: NAT TCP and UDP both ways, two-arm and one-arm (XDP_TX's case), FullNAT,
	 * services changed between packets. */
	CHECK(learnt >= 40);
	CHECK(redirected >= 30);
	CHECK(passed >= 10);
	CHECK(learnt6 >= 4);
	CHECK(redirected6 >= 2);
	CHECK_EQ(stacked, redirected);
}

/* A UDP frame 10.0.0.1:1000 -> 10.100.0.1:53 (TTL 64, checksums right) and its entry to
 * 10.1.0.11:5353. */
static uint32_t
udp_frame(uint8_t *f, int with_csum)
{
	static const uint8_t hdr[] = {
		0x02, 0, 0, 0, 0, 0x01, 0x02, 0, 0, 0, 0x09, 0x01, 0x08, 0x00,
		0x45, 0, 0, 46, 0x12, 0x34, 0, 0, 64, 17, 0, 0, 10, 0, 0, 1, 10, 100, 0, 1,
		0x03, 0xe8, 0, 53, 0, 26, 0, 0};
	uint32_t sum = 0;

	memset(f, 0, 60);
	memcpy(f, hdr, sizeof(hdr));
	memcpy(f + 42, "hello, fast path!!", 18);
	for (int i = 14; i < 34; i += 2)
		sum += (uint32_t)(f[i] << 8 | f[i + 1]);
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	f[24] = (uint8_t)(~sum >> 8);
	f[25] = (uint8_t)~sum;
	if (with_csum) {
		sum = 17 + 26; /* pseudo-header: protocol, UDP length */
		for (int i = 26; i < 34; i += 2)
			sum += (uint32_t)(f[i] << 8 | f[i + 1]);
		for (int i = 34; i < 60; i += 2)
			sum += (uint32_t)(f[i] << 8 | f[i + 1]);
		while (sum >> 16)
			sum = (sum & 0xffff) + (sum >> 16);
		sum = ~sum & 0xffff;
		if (sum == 0)
			sum = 0xffff;
		f[40] = (uint8_t)(sum >> 8);
		f[41] = (uint8_t)sum;
	}
	return 60;
}

static void
udp_entry(const uint8_t *in, struct xdp_fast_key *k, struct xdp_fast_val *v)
{
	uint8_t out[60];

	memcpy(out, in, 60);
	memcpy(out, "\x02\x00\x00\x00\x01\x11\x02\x00\x00\x00\x00\x02", 12);
	memcpy(out + 30, "\x0a\x01\x00\x0b", 4);
	memcpy(out + 36, "\x14\xe9", 2);
	out[22]--; /* checksums are not looked at by learning but by the program's sums */
	CHECK_EQ(xdp_fast_learn(in, 60, out, 60, k, v), 0);
}

static void
test_the_frames_the_fixtures_lack(void)
{
	uint8_t f[60], g[MAX_FRAME], h[60];
	uint32_t n = udp_frame(f, 1), gl;
	struct xdp_fast_key k;
	struct xdp_fast_val v;
	struct xdp_fast_count got;
	uint32_t slot = 7;

	udp_entry(f, &k, &v);
	v.slot = slot;
	CHECK_EQ(run(f, n, 1, NULL, NULL), XDP_PASS); /* no entry */
	v.oif = 2;
	CHECK_EQ(bpf_map_update_elem(flows_fd, &k, &v, BPF_ANY), 0);
	CHECK_EQ(run(f, n, 1, g, &gl), XDP_REDIRECT);
	CHECK_EQ(g[22], 63);
	CHECK_MEM(g + 30, "\x0a\x01\x00\x0b", 4);
	CHECK(g[40] != 0 || g[41] != 0);

	memcpy(h, f, n); /* UDP without a checksum keeps none */
	h[40] = h[41] = 0;
	CHECK_EQ(run(h, n, 1, g, &gl), XDP_REDIRECT);
	CHECK(g[40] == 0 && g[41] == 0);

	memcpy(h, f, n); /* TTL 1: the forwarder answers it */
	h[22] = 1;
	CHECK_EQ(run(h, n, 1, g, &gl), XDP_PASS);
	CHECK_MEM(g, h, n);

	memcpy(h, f, n); /* a first fragment, then a later one */
	h[20] = 0x20;
	CHECK_EQ(run(h, n, 1, NULL, NULL), XDP_PASS);
	h[20] = 0x00, h[21] = 0x10;
	CHECK_EQ(run(h, n, 1, NULL, NULL), XDP_PASS);

	memcpy(h, f, n); /* IP options */
	h[14] = 0x46;
	CHECK_EQ(run(h, n, 1, NULL, NULL), XDP_PASS);

	memcpy(h, f, n); /* a VLAN TPID whose tag hides no IP header behind it: up */
	h[12] = 0x81;
	CHECK_EQ(run(h, n, 1, NULL, NULL), XDP_PASS);

	/* One VLAN tag: rewritten as the untagged frame, the tag kept (as the forwarder keeps
	 * it), and no part of the MTU; two tags (QinQ): up. */
	uint8_t t[64], want[64], plain[MAX_FRAME];
	uint32_t pl = 0;

	v.slot = slot + 1; /* its own counts: the ones below are slot's */
	CHECK_EQ(bpf_map_update_elem(flows_fd, &k, &v, BPF_ANY), 0);
	CHECK_EQ(run(f, n, 1, plain, &pl), XDP_REDIRECT);
	memcpy(t, f, 12);
	memcpy(t + 12, "\x81\x00\x00\x64", 4);
	memcpy(t + 16, f + 12, n - 12);
	memcpy(want, plain, 12);
	memcpy(want + 12, t + 12, 4);
	memcpy(want + 16, plain + 12, n - 12);
	v.max_len = (uint16_t)n;
	CHECK_EQ(bpf_map_update_elem(flows_fd, &k, &v, BPF_ANY), 0);
	CHECK_EQ(run(t, n + 4, 1, g, &gl), XDP_REDIRECT);
	CHECK_EQ(gl, n + 4);
	CHECK_MEM(g, want, n + 4);
	v.via = XDP_FAST_VIA_STACK;
	CHECK_EQ(bpf_map_update_elem(flows_fd, &k, &v, BPF_ANY), 0);
	CHECK_EQ(run(t, n + 4, 1, g, &gl), XDP_PASS);
	CHECK_MEM(g + sizeof(struct xdp_fast_meta), want, n + 4);
	v.via = XDP_FAST_VIA_REDIRECT;
	v.slot = slot;
	CHECK_EQ(bpf_map_update_elem(flows_fd, &k, &v, BPF_ANY), 0);
	{
		struct xdp_fast_entry e;

		/* Learnt from the tagged pair: the untagged frame's entry. */
		CHECK_EQ(xdp_fast_learn_any(t, n + 4, want, n + 4, &e), 0);
		CHECK_EQ(e.af, 4);
		CHECK_MEM(&e.key.k4, &k, sizeof(k));
		want[15] ^= 1; /* another VLAN out: not what the program does */
		CHECK_EQ(xdp_fast_learn_any(t, n + 4, want, n + 4, &e), -1);
	}
	uint8_t q[68];

	memcpy(q, t, 12);
	memcpy(q + 12, "\x81\x00\x00\x0a", 4);
	memcpy(q + 16, t + 12, n - 8);
	CHECK_EQ(run(q, n + 8, 1, NULL, NULL), XDP_PASS);

	v.max_len = 59; /* longer than the egress port takes: up, to be fragmented there */
	CHECK_EQ(bpf_map_update_elem(flows_fd, &k, &v, BPF_ANY), 0);
	CHECK_EQ(run(f, n, 1, NULL, NULL), XDP_PASS);
	v.max_len = 60;
	v.oif = 1; /* out of the interface it came in by */
	CHECK_EQ(bpf_map_update_elem(flows_fd, &k, &v, BPF_ANY), 0);
	CHECK_EQ(run(f, n, 1, NULL, NULL), XDP_TX);

	/* The entry's counts, in its slot: the 3 frames sent (rewriting the entry leaves them),
	 * as the forwarder reads them, mapped into its memory. */
	size_t len = ((size_t)XDP_FAST_SLOTS * sizeof(got) + 4095) / 4096 * 4096;
	const struct xdp_fast_count *mapped = mmap(NULL, len, PROT_READ, MAP_SHARED, count_fd, 0);

	CHECK(mapped != MAP_FAILED);
	CHECK_EQ(bpf_map_lookup_elem(count_fd, &slot, &got), 0);
	CHECK_EQ(got.packets, 3);
	CHECK_EQ(got.bytes, 180);
	CHECK(got.last_ns != 0);
	if (mapped != MAP_FAILED) {
		CHECK_EQ(mapped[slot].packets, 3);
		CHECK_EQ(mapped[slot].bytes, 180);
		CHECK_EQ(mapped[slot].last_ns, got.last_ns);
		munmap((void *)(uintptr_t)mapped, len);
	}
	v.slot = XDP_FAST_SLOTS; /* past the array (never written so): up, uncounted */
	CHECK_EQ(bpf_map_update_elem(flows_fd, &k, &v, BPF_ANY), 0);
	CHECK_EQ(run(f, n, 1, NULL, NULL), XDP_PASS);
	CHECK_EQ(bpf_map_lookup_elem(count_fd, &slot, &got), 0);
	CHECK_EQ(got.packets, 3);
	CHECK_EQ(bpf_map_delete_elem(flows_fd, &k), 0);

	int ncpu = libbpf_num_possible_cpus();
	uint64_t vals[ncpu > 0 ? ncpu : 1], fast = 0, up = 0;
	uint32_t i = XDP_FAST_STAT_FAST_PKTS;

	CHECK_EQ(bpf_map_lookup_elem(stats_fd, &i, vals), 0);
	for (int c = 0; c < ncpu; c++)
		fast += vals[c];
	i = XDP_FAST_STAT_UP_PKTS;
	CHECK_EQ(bpf_map_lookup_elem(stats_fd, &i, vals), 0);
	for (int c = 0; c < ncpu; c++)
		up += vals[c];
	CHECK(fast >= 4);
	CHECK(up >= 8);
}

/* An IPv6 UDP frame [fd00::1]:1000 -> [fd00:100::1]:53 (hop limit 64), its checksum right, and
 * as the forwarder would send it to [fd00:1::11]:5353 (out, when not NULL): 80 bytes. */
static void
udp6_csum(uint8_t *f)
{
	uint32_t sum = 17 + 26; /* pseudo-header: next header, UDP length */

	f[60] = f[61] = 0;
	for (int i = 22; i < 80; i += 2) /* the addresses, then the UDP header and payload */
		sum += (uint32_t)(f[i] << 8 | f[i + 1]);
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	sum = ~sum & 0xffff;
	f[60] = (uint8_t)((sum ? sum : 0xffff) >> 8);
	f[61] = (uint8_t)(sum ? sum : 0xffff);
}

static void
udp6_frame(uint8_t *f, uint8_t *out)
{
	static const uint8_t hdr[] = {
		0x02, 0, 0, 0, 0, 0x01, 0x02, 0, 0, 0, 0x09, 0x01, 0x86, 0xdd,
		0x60, 0, 0, 0, 0, 26, 17, 64,
		0xfd, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1,
		0xfd, 0, 0x01, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1,
		0x03, 0xe8, 0, 53, 0, 26, 0, 0};

	memset(f, 0, 80);
	memcpy(f, hdr, sizeof(hdr));
	memcpy(f + 62, "hello, fast path!!", 18);
	udp6_csum(f);
	if (out == NULL)
		return;
	memcpy(out, f, 80);
	memcpy(out, "\x02\x00\x00\x00\x01\x11\x02\x00\x00\x00\x00\x02", 12);
	memcpy(out + 38, "\xfd\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x11", 16);
	memcpy(out + 56, "\x14\xe9", 2);
	out[21]--;
	udp6_csum(out);
}

/* IPv6: an entry learnt turns the frame into the forwarder's (checksum adjusted by the sums
 * learnt); an expiring hop limit and an extension header go up; learning refuses what the
 * program could not repeat. */
static void
test_ipv6(void)
{
	uint8_t f[80], o[80], g[MAX_FRAME];
	struct xdp_fast_entry e;
	uint32_t gl = 0;

	udp6_frame(f, o);
	CHECK_EQ(xdp_fast_learn_any(f, 80, o, 80, &e), 0);
	CHECK_EQ(e.af, 6);
	CHECK_EQ(e.val.v6.hop_dec, 1);
	xdp_fast_entry_egress(&e, 2, XDP_FAST_VIA_REDIRECT, 0, 3);
	CHECK_EQ(bpf_map_update_elem(flows6_fd, &e.key, &e.val, BPF_ANY), 0);
	CHECK_EQ(run(f, 80, 1, g, &gl), XDP_REDIRECT);
	CHECK_EQ(gl, 80);
	CHECK_MEM(g, o, 80);
	f[21] = 1; /* the hop limit expires here: the forwarder answers */
	CHECK_EQ(run(f, 80, 1, NULL, NULL), XDP_PASS);
	udp6_frame(f, NULL);
	f[20] = 0; /* a hop-by-hop options header */
	CHECK_EQ(run(f, 80, 1, g, &gl), XDP_PASS);
	CHECK_MEM(g, f, 80);
	udp6_frame(f, NULL);
	/* Without its entry, the frame goes up. */
	CHECK_EQ(bpf_map_delete_elem(flows6_fd, &e.key), 0);
	CHECK_EQ(run(f, 80, 1, NULL, NULL), XDP_PASS);

	struct xdp_fast_key6 k;
	struct xdp_fast_val6 v;

	udp6_frame(f, o);
	o[15] ^= 0x01; /* the flow label */
	CHECK_EQ(xdp_fast_learn6(f, 80, o, 80, &k, &v), -1);
	udp6_frame(f, o);
	o[21]--; /* the hop limit by 2 */
	CHECK_EQ(xdp_fast_learn6(f, 80, o, 80, &k, &v), -1);
	udp6_frame(f, o);
	o[70] ^= 1; /* the payload */
	CHECK_EQ(xdp_fast_learn6(f, 80, o, 80, &k, &v), -1);
	udp6_frame(f, o);
	f[60] = f[61] = 0; /* no UDP checksum: none such in IPv6 */
	CHECK_EQ(xdp_fast_learn6(f, 80, o, 80, &k, &v), -1);
	udp6_frame(f, o);
	f[20] = o[20] = 0; /* an extension header */
	CHECK_EQ(xdp_fast_learn6(f, 80, o, 80, &k, &v), -1);
}

/* Learning refuses what the program could not repeat. */
static void
test_learning_refuses(void)
{
	uint8_t f[60], o[60];
	struct xdp_fast_key k;
	struct xdp_fast_val v;

	udp_frame(f, 1);
	memcpy(o, f, 60);
	CHECK_EQ(xdp_fast_learn(f, 60, o, 60, &k, &v), 0); /* nothing changed: fine */
	o[50] ^= 1; /* the payload changed */
	CHECK_EQ(xdp_fast_learn(f, 60, o, 60, &k, &v), -1);
	memcpy(o, f, 60);
	o[22] -= 2; /* the TTL by 2 */
	CHECK_EQ(xdp_fast_learn(f, 60, o, 60, &k, &v), -1);
	memcpy(o, f, 60);
	o[18] ^= 1; /* the IP ID */
	CHECK_EQ(xdp_fast_learn(f, 60, o, 60, &k, &v), -1);
	CHECK_EQ(xdp_fast_learn(f, 60, o, 59, &k, &v), -1); /* the length */
	memcpy(o, f, 60);
	o[40] = o[41] = 0; /* a UDP checksum dropped */
	CHECK_EQ(xdp_fast_learn(f, 60, o, 60, &k, &v), -1);
}

int
main(int argc, char **argv)
{
	struct bpf_object *obj;
	int err;

	if (argc < 3) {
		fprintf(stderr, "usage: %s OBJECT FIXTURES...\n", argv[0]);
		return 2;
	}
	fixture_files = argv + 2;
	n_fixture_files = argc - 2;
	RUN(test_learning_refuses);
	if (geteuid() != 0) {
		printf("SKIP the program's runs: loading an XDP program needs root\n");
		check_summary();
		return check_tests_failed ? 1 : 77;
	}
	obj = bpf_object__open_file(argv[1], NULL);
	err = libbpf_get_error(obj);
	if (err == 0)
		err = bpf_object__load(obj);
	if (err != 0) {
		fprintf(stderr, "%s: cannot load: %s\n", argv[1], strerror(-err));
		return 1;
	}
	prog_fd = bpf_program__fd(bpf_object__find_program_by_name(obj, "hvlb_fast"));
	flows_fd = bpf_map__fd(bpf_object__find_map_by_name(obj, "hvlb_fast_flows"));
	flows6_fd = bpf_map__fd(bpf_object__find_map_by_name(obj, "hvlb_fast_flow6"));
	stats_fd = bpf_map__fd(bpf_object__find_map_by_name(obj, "hvlb_fast_stats"));
	count_fd = bpf_map__fd(bpf_object__find_map_by_name(obj, "hvlb_fast_count"));
	RUN(test_fixture_frames);
	RUN(test_the_frames_the_fixtures_lack);
	RUN(test_ipv6);
	bpf_object__close(obj);
	return check_summary();
}
