/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * LD_PRELOAD shim for the SIP tests' UAC (sipp -t un, one UDP socket per call): a UDP bind to
 * port 0 gets the next port of SEQPORT_RANGE ("first-last") instead of a random ephemeral
 * one, so no two calls of a run share a client port, as no two UEs share an address.
 *
 * Why: the kernel picks ephemeral UDP ports at random, and a new call that happens to reuse
 * the port of an earlier call within the forwarder's UDP timeout (300 s) is that earlier
 * call's flow, pinned to its NF; with that NF dead, the new call would fail although the
 * health check took the NF out. Sequential ports make every call a new flow. Ports in use
 * are skipped; past the end of the range the kernel's choice is left alone.
 *
 *   SEQPORT_RANGE=20000-60000 LD_PRELOAD=build/lab/libseqport.so sipp ... -t un
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

typedef int (*bind_fn)(int, const struct sockaddr *, socklen_t);

static unsigned next_port, last_port;
static int ready;

static void
seqport_init(void)
{
	const char *r = getenv("SEQPORT_RANGE");
	char *end;
	unsigned long a, b;

	ready = 1;
	if (r == NULL)
		return;
	a = strtoul(r, &end, 10);
	if (*end != '-')
		return;
	b = strtoul(end + 1, &end, 10);
	if (*end != '\0' || a == 0 || b > 65535 || a > b)
		return;
	next_port = (unsigned)a;
	last_port = (unsigned)b;
}

static int
is_udp(int fd)
{
	int type = 0;
	socklen_t len = sizeof(type);

	return getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &len) == 0 && type == SOCK_DGRAM;
}

int
bind(int fd, const struct sockaddr *addr, socklen_t len)
{
	static bind_fn real_bind;
	struct sockaddr_storage ss;
	in_port_t *port;

	if (real_bind == NULL)
		real_bind = (bind_fn)dlsym(RTLD_NEXT, "bind");
	if (!ready)
		seqport_init(); /* sipp is single-threaded; so are its binds */
	if (addr == NULL || len > sizeof(ss) || next_port == 0 || !is_udp(fd))
		return real_bind(fd, addr, len);
	memcpy(&ss, addr, len);
	if (ss.ss_family == AF_INET && len >= sizeof(struct sockaddr_in))
		port = &((struct sockaddr_in *)&ss)->sin_port;
	else if (ss.ss_family == AF_INET6 && len >= sizeof(struct sockaddr_in6))
		port = &((struct sockaddr_in6 *)&ss)->sin6_port;
	else
		return real_bind(fd, addr, len);
	if (*port != 0)
		return real_bind(fd, addr, len);
	while (next_port != 0 && next_port <= last_port) {
		*port = htons((in_port_t)next_port++);
		if (real_bind(fd, (struct sockaddr *)&ss, len) == 0)
			return 0;
		if (errno != EADDRINUSE)
			return -1;
	}
	return real_bind(fd, addr, len);
}
