/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * af_packet ports' frame size and ring (port.h PORT_AFP_*): the default framesz hvlb-forwarder
 * gives net_af_packet devices, so that a datagram the kernel reassembled is received whole, the
 * default framecnt (core/ring_plan.h), and the mbuf data room their RX queues need, checked at
 * start-up.
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
#include "ring_plan.h"
#include "vdev_args.h"

#define LOG(l, ...) RTE_LOG(l, USER1, __VA_ARGS__)
#define AFP_DEFAULT_FRAMESZ 2048 /* the PMD's own defaults */
#define AFP_DEFAULT_FRAMECNT 512

/* Whether a --vdev argument names an af_packet device ("net_af_packet0,iface=..."). */
static bool
is_afp_vdev(const char *a)
{
	return strncmp(a, "net_af_packet", 13) == 0 || strncmp(a, "eth_af_packet", 13) == 0;
}

static bool
has_key(const char *a, const char *key)
{
	return vdev_arg(a, key) != NULL;
}

/* a with what it leaves unset of hvlb's defaults added: the frame size (when it sets neither
 * framesz nor blocksz) and the ring's frames (framecnt, ring_afp_framecnt for its frame size
 * and queue pairs), or a itself when it needs none. NULL: no memory. */
static char *
with_framesz(char *a)
{
	const char *fs = vdev_arg(a, "framesz"), *qp = vdev_arg(a, "qpairs");
	uint32_t framesz = fs != NULL ? (uint32_t)strtoul(fs, NULL, 0)
			   : has_key(a, "blocksz") ? AFP_DEFAULT_FRAMESZ : PORT_AFP_FRAMESZ;
	char frame[64] = "", cnt[32] = "", *n;

	if (!is_afp_vdev(a) || (has_key(a, "framecnt") && (fs != NULL || has_key(a, "blocksz"))))
		return a;
	if (fs == NULL && !has_key(a, "blocksz"))
		snprintf(frame, sizeof(frame), ",framesz=%u,blocksz=%u", PORT_AFP_FRAMESZ,
			 PORT_AFP_FRAMESZ);
	if (!has_key(a, "framecnt"))
		snprintf(cnt, sizeof(cnt), ",framecnt=%u",
			 ring_afp_framecnt(framesz, qp != NULL ? (uint32_t)strtoul(qp, NULL, 0) : 1));
	if (asprintf(&n, "%s%s%s", a, frame, cnt) < 0)
		return NULL;
	return n;
}

int
port_afp_argv(int argc, char **argv, char ***out)
{
	return vdev_argv_map(argc, argv, out, with_framesz);
}

/* key's value in the devargs of DPDK port pid when it is an af_packet device, else dflt; 0
 * when it is not one. */
static uint32_t
afp_devarg(uint16_t pid, const char *key, uint32_t dflt)
{
	struct rte_eth_dev_info info;
	const struct rte_devargs *da;
	struct rte_kvargs *kv;
	const char *v;
	uint32_t f = dflt;

	if (rte_eth_dev_info_get(pid, &info) != 0 || info.driver_name == NULL ||
	    strcmp(info.driver_name, "net_af_packet") != 0)
		return 0;
	da = info.device != NULL ? rte_dev_devargs(info.device) : NULL;
	if (da == NULL || da->args == NULL)
		return f;
	kv = rte_kvargs_parse(da->args, NULL);
	if (kv == NULL)
		return f;
	if ((v = rte_kvargs_get(kv, key)) != NULL)
		f = (uint32_t)strtoul(v, NULL, 0);
	rte_kvargs_free(kv);
	return f;
}

uint32_t
port_afp_framesz(uint16_t pid)
{
	return afp_devarg(pid, "framesz", AFP_DEFAULT_FRAMESZ);
}

uint32_t
port_afp_framecnt(uint16_t pid)
{
	return afp_devarg(pid, "framecnt", AFP_DEFAULT_FRAMECNT);
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
