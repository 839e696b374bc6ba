/* SPDX-License-Identifier: BSD-3-Clause */
/* The kernel sockets behind kernel-interface ports (port_ksock.h). */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include <linux/if_packet.h>
#include <linux/if_xdp.h>

#include "port_ksock.h"

#ifndef AF_XDP
#define AF_XDP 44
#endif
#ifndef SOL_XDP
#define SOL_XDP 283
#endif

/* The socket's address family, or -1 for a descriptor that is not a socket. */
static int
sock_domain(int fd)
{
	int d;
	socklen_t len = sizeof(d);

	if (getsockopt(fd, SOL_SOCKET, SO_DOMAIN, &d, &len) != 0)
		return -1;
	return d;
}

static int
fd_cmp(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

/* This process's sockets of domain that keep(fd, arg) accepts, lowest first, at most max. */
static uint16_t
sockets_of(int domain, int (*keep)(int fd, const void *arg), const void *arg, int *fds,
	   uint16_t max)
{
	DIR *d = opendir("/proc/self/fd");
	struct dirent *e;
	uint16_t n = 0;

	if (d == NULL)
		return 0;
	while ((e = readdir(d)) != NULL && n < max) {
		char *end;
		long fd = strtol(e->d_name, &end, 10);

		if (*end != '\0' || end == e->d_name || fd == dirfd(d))
			continue;
		if (sock_domain((int)fd) == domain && (keep == NULL || keep((int)fd, arg)))
			fds[n++] = (int)fd;
	}
	closedir(d);
	qsort(fds, n, sizeof(fds[0]), fd_cmp);
	return n;
}

void
port_ksock_xdp_before(struct port_ksock_snap *snap)
{
	snap->n = sockets_of(AF_XDP, NULL, NULL, snap->fd, PORT_KSOCK_MAX);
}

void
port_ksock_xdp_after(struct port_ksocks *k, uint16_t q, const struct port_ksock_snap *snap)
{
	int now[PORT_KSOCK_MAX];
	uint16_t n = sockets_of(AF_XDP, NULL, NULL, now, PORT_KSOCK_MAX);

	if (q >= PORT_KSOCK_MAX || q != k->n)
		return; /* a queue without its socket before it: leave the set as it is */
	for (uint16_t i = 0; i < n; i++) {
		if (bsearch(&now[i], snap->fd, snap->n, sizeof(int), fd_cmp) != NULL)
			continue;
		k->kind = PORT_KSOCK_XDP;
		k->fd[k->n++] = now[i];
		return;
	}
}

static int
bound_to(int fd, const void *arg)
{
	struct sockaddr_ll sll;
	socklen_t len = sizeof(sll);

	return getsockname(fd, (struct sockaddr *)&sll, &len) == 0 &&
	       (uint32_t)sll.sll_ifindex == *(const uint32_t *)arg;
}

void
port_ksock_find_packet(struct port_ksocks *k, uint32_t if_index)
{
	if (k->kind != PORT_KSOCK_NONE || if_index == 0)
		return;
	k->n = sockets_of(AF_PACKET, bound_to, &if_index, k->fd, PORT_KSOCK_MAX);
	if (k->n > 0)
		k->kind = PORT_KSOCK_PACKET;
}

uint64_t
port_ksock_rx_drops(struct port_ksocks *k)
{
	uint64_t xdp = 0;

	for (uint16_t i = 0; i < k->n; i++) {
		if (k->kind == PORT_KSOCK_PACKET) {
			struct tpacket_stats st;
			socklen_t len = sizeof(st);

			if (getsockopt(k->fd[i], SOL_PACKET, PACKET_STATISTICS, &st, &len) == 0)
				__atomic_add_fetch(&k->packet_drops, st.tp_drops, __ATOMIC_RELAXED);
		} else {
			struct xdp_statistics st;
			socklen_t len = sizeof(st);

			if (getsockopt(k->fd[i], SOL_XDP, XDP_STATISTICS, &st, &len) == 0)
				xdp += st.rx_dropped + st.rx_invalid_descs + st.rx_ring_full;
		}
	}
	return k->kind == PORT_KSOCK_PACKET ? __atomic_load_n(&k->packet_drops, __ATOMIC_RELAXED)
					    : xdp;
}

const char *
port_ksock_kind_name(const struct port_ksocks *k)
{
	return k->kind == PORT_KSOCK_PACKET ? "af_packet" : k->kind == PORT_KSOCK_XDP ? "af_xdp" : "";
}
