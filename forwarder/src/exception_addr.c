/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The exception path's kernel interfaces get their data port's own addresses (exception.h),
 * so that the kernel's stack answers for them. Start-up only: the system calls are the
 * control thread's, before the lcores run.
 */
#include <errno.h>
#include <fcntl.h>
#include <net/if.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <rte_log.h>

#include "cfgstore.h"
#include "exception.h"

#define LOG(l, ...) RTE_LOG(l, USER1, __VA_ARGS__)

/* <linux/ipv6.h>'s struct in6_ifreq, which does not mix with <netinet/in.h>. */
struct exc_in6_ifreq {
	struct in6_addr addr;
	uint32_t prefixlen;
	int ifindex;
};

/* The k-th IPv4 address of the interface: the first is its own, the next ones labelled
 * ifname:k as ioctl needs. */
static int
exc_addr4(int fd, const char *ifname, unsigned k, const struct local_addr *l)
{
	struct ifreq ifr;
	struct sockaddr_in *sin = (struct sockaddr_in *)&ifr.ifr_addr;
	int n;

	memset(&ifr, 0, sizeof(ifr));
	n = k == 0 ? snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "%s", ifname)
		   : snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "%s:%u", ifname, k);
	if (n < 0 || (size_t)n >= sizeof(ifr.ifr_name))
		return -ENAMETOOLONG;
	sin->sin_family = AF_INET;
	memcpy(&sin->sin_addr, l->addr.b, 4);
	if (ioctl(fd, SIOCSIFADDR, &ifr) != 0)
		return -errno;
	sin->sin_addr.s_addr = l->plen == 0 ? 0 : htonl(~0u << (32 - l->plen));
	return ioctl(fd, SIOCSIFNETMASK, &ifr) != 0 ? -errno : 0;
}

/* Without duplicate address detection: the address is the forwarder's, and the kernel's
 * probes would leave through the forwarder, which does not see its own frames. */
static int
exc_addr6(int fd, const char *ifname, const struct local_addr *l)
{
	struct exc_in6_ifreq r = {.prefixlen = l->plen, .ifindex = (int)if_nametoindex(ifname)};
	char path[128];
	int sysctl;

	snprintf(path, sizeof(path), "/proc/sys/net/ipv6/conf/%s/accept_dad", ifname);
	sysctl = open(path, O_WRONLY);
	if (sysctl >= 0) {
		if (write(sysctl, "0", 1) != 1)
			LOG(WARNING, "%s: cannot write 0: %s\n", path, strerror(errno));
		close(sysctl);
	}
	memcpy(&r.addr, l->addr.b, 16);
	if (ioctl(fd, SIOCSIFADDR, &r) != 0 && errno != EEXIST)
		return -errno;
	return 0;
}

void
exc_give_addresses(const struct exc_set *e, const struct cfgstore *st)
{
	int fd4 = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	int fd6 = socket(AF_INET6, SOCK_DGRAM | SOCK_CLOEXEC, 0);

	for (uint16_t i = 0; i < e->n; i++) {
		const struct exc_port *x = &e->p[i];
		unsigned k4 = 0;

		if (x->ifname[0] == '\0')
			continue; /* a device of the operator's: so are its addresses */
		for (unsigned a = 0; a < st->n_local; a++) {
			const struct local_addr *l = &st->local[a];
			int rc;

			if (l->port != x->data)
				continue;
			rc = l->af == HVLB_AF_INET ? exc_addr4(fd4, x->ifname, k4++, l)
						   : exc_addr6(fd6, x->ifname, l);
			if (rc != 0)
				LOG(WARNING, "port%u exception: cannot give %s its address #%u: %s\n",
				    x->data, x->ifname, a, strerror(-rc));
		}
	}
	if (fd4 >= 0)
		close(fd4);
	if (fd6 >= 0)
		close(fd6);
}
