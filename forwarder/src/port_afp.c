/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * af_packet ports' frame size (port.h PORT_AFP_*): the default framesz hvlb-forwarder gives
 * net_af_packet devices, so that a datagram the kernel reassembled is received whole, and the
 * mbuf data room their RX queues need, checked at start-up.
 */
#define _GNU_SOURCE /* asprintf */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <rte_devargs.h>
#include <rte_kvargs.h>
#include <rte_log.h>
#include <rte_mbuf.h>

#include "port.h"

#define LOG(l, ...) RTE_LOG(l, USER1, __VA_ARGS__)
#define AFP_DEFAULT_FRAMESZ 2048 /* the PMD's own default */

/* Whether a --vdev argument names an af_packet device ("net_af_packet0,iface=..."). */
static bool
is_afp_vdev(const char *a)
{
	return strncmp(a, "net_af_packet", 13) == 0 || strncmp(a, "eth_af_packet", 13) == 0;
}

/* Whether devargs (after the device name) set key ("framesz" matches ",framesz=" only). */
static bool
has_key(const char *a, const char *key)
{
	size_t n = strlen(key);

	for (const char *p = strchr(a, ','); p != NULL; p = strchr(p + 1, ','))
		if (strncmp(p + 1, key, n) == 0 && p[1 + n] == '=')
			return true;
	return false;
}

/* a with the default frame size added, or a itself when it needs none. NULL: no memory. */
static char *
with_framesz(char *a)
{
	char *n;

	if (!is_afp_vdev(a) || has_key(a, "framesz") || has_key(a, "blocksz"))
		return a;
	if (asprintf(&n, "%s,framesz=%u,blocksz=%u", a, PORT_AFP_FRAMESZ, PORT_AFP_FRAMESZ) < 0)
		return NULL;
	return n;
}

int
port_afp_argv(int argc, char **argv, char ***out)
{
	char **v = calloc((size_t)argc + 1, sizeof(*v));

	if (v == NULL)
		return -1;
	for (int i = 0; i < argc; i++) {
		v[i] = argv[i];
		if (strcmp(argv[i], "--") == 0) { /* the application's own options follow */
			for (int j = i + 1; j < argc; j++)
				v[j] = argv[j];
			break;
		}
		if (strcmp(argv[i], "--vdev") == 0 && i + 1 < argc) {
			v[i + 1] = with_framesz(argv[i + 1]);
			i++;
		} else if (strncmp(argv[i], "--vdev=", 7) == 0) {
			char *a = with_framesz(argv[i] + 7), *n;

			if (a != argv[i] + 7) {
				if (a == NULL || asprintf(&n, "--vdev=%s", a) < 0)
					n = NULL;
				free(a);
				v[i] = n;
			}
		}
		if (v[i] == NULL) {
			free(v);
			return -1;
		}
	}
	*out = v;
	return argc;
}

uint32_t
port_afp_framesz(uint16_t pid)
{
	struct rte_eth_dev_info info;
	const struct rte_devargs *da;
	struct rte_kvargs *kv;
	const char *v;
	uint32_t f = AFP_DEFAULT_FRAMESZ;

	if (rte_eth_dev_info_get(pid, &info) != 0 || info.driver_name == NULL ||
	    strcmp(info.driver_name, "net_af_packet") != 0)
		return 0;
	da = info.device != NULL ? rte_dev_devargs(info.device) : NULL;
	if (da == NULL || da->args == NULL)
		return f;
	kv = rte_kvargs_parse(da->args, NULL);
	if (kv == NULL)
		return f;
	if ((v = rte_kvargs_get(kv, "framesz")) != NULL)
		f = (uint32_t)strtoul(v, NULL, 0);
	rte_kvargs_free(kv);
	return f;
}

int
port_rx_room(const struct port_settings *s, uint16_t idx)
{
	uint16_t pid = idx;
	uint32_t f, room;

	if (s->dev[0] != '\0' && rte_eth_dev_get_port_by_name(s->dev, &pid) != 0)
		return 0; /* port_setup says it is missing */
	if ((f = port_afp_framesz(pid)) == 0)
		return 0;
	room = f - PORT_AFP_MBUF_HDR + RTE_PKTMBUF_HEADROOM;
	if (f <= PORT_AFP_FRAME_HDR || room > UINT16_MAX) {
		LOG(ERR, "port%u (%s): framesz=%u: an af_packet frame must be longer than %u bytes "
		    "and fit an mbuf (at most %u)\n", idx, s->dev, f, PORT_AFP_FRAME_HDR,
		    UINT16_MAX - RTE_PKTMBUF_HEADROOM + PORT_AFP_MBUF_HDR);
		return -1;
	}
	return room <= RTE_MBUF_DEFAULT_BUF_SIZE ? 0 : (int)room;
}
