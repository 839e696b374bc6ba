/* SPDX-License-Identifier: BSD-3-Clause */
/* The [portN] sections of the start-up file: each port's settings (cfgfile_load) and its
 * addresses (cfgfile_apply). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <rte_ether.h>

#include "cfgfile.h"

/* [portN]'s keys (cfgfile.h CFGFILE_KEY_CONST): each read below as port_key_<name>. */
#define PORT_KEYS(X) X(port, dev) X(port, mac) X(port, addr) X(port, exception) X(port, rx_desc) \
	X(port, mtu)
PORT_KEYS(CFGFILE_KEY_CONST)
const char *const cfgfile_port_keys[] = {PORT_KEYS(CFGFILE_KEY_NAME) NULL};

/* [portN]'s settings into *ps (its addr is cfgfile_apply's). */
static int
load_port(const struct cfgini *cfg, const char *sect, struct port_settings *ps)
{
	const char *dev = cfgini_get(cfg, sect, port_key_dev);
	const char *mac = cfgini_get(cfg, sect, port_key_mac);
	const char *exc = cfgini_get(cfg, sect, port_key_exception);
	uint32_t rx_desc, mtu;

	if (exc != NULL && strcmp(exc, "off") != 0)
		snprintf(ps->exception, sizeof(ps->exception), "%s", exc);
	if (cfgfile_get_u32(cfg, sect, port_key_rx_desc, 0, &rx_desc) != 0)
		return -1;
	if (rx_desc != 0 && (rx_desc < 64 || rx_desc > 32768 || (rx_desc & (rx_desc - 1)))) {
		cfgini_err(cfg, sect, port_key_rx_desc,
			   "%u is not a power of two from 64 to 32768", rx_desc);
		return -1;
	}
	ps->rx_desc = (uint16_t)rx_desc;
	/* The link's MTU: a longer IPv4 packet leaving by the port is fragmented to it
	 * (worker_mtu.c), as a datagram an af_packet port's kernel reassembled is. */
	if (cfgfile_get_u32(cfg, sect, port_key_mtu, PORT_MTU_DEFAULT, &mtu) != 0)
		return -1;
	if (mtu < PORT_MTU_MIN || mtu > PORT_MTU_MAX) {
		cfgini_err(cfg, sect, port_key_mtu, "%u is not from %u to %u", mtu, PORT_MTU_MIN,
			   PORT_MTU_MAX);
		return -1;
	}
	ps->mtu = (uint16_t)mtu;
	if (dev != NULL)
		snprintf(ps->dev, sizeof(ps->dev), "%s", dev);
	if (mac != NULL) {
		if (rte_ether_unformat_addr(mac, &ps->mac) != 0) {
			cfgini_err(cfg, sect, port_key_mac, "'%s' is not a MAC address", mac);
			return -1;
		}
		ps->has_mac = 1;
	}
	return 0;
}

int
cfgfile_load_ports(const struct cfgini *cfg, struct fwd_settings *s)
{
	char sect[32];

	for (s->n_ports = 0; s->n_ports < FWD_MAX_PORTS; s->n_ports++) {
		snprintf(sect, sizeof(sect), "port%u", s->n_ports);
		if (!cfgini_has_section(cfg, sect))
			break;
		if (load_port(cfg, sect, &s->port[s->n_ports]) != 0)
			return -1;
	}
	if (s->n_ports == 0) {
		cfgini_err(cfg, NULL, NULL, "no [port0] section");
		return -1;
	}
	/* cfgfile_check_keys took any [portN]: one past the last read would be ignored. */
	for (unsigned i = 0; i < cfg->n_sect; i++) {
		const char *n = cfg->sect[i].name;

		if (strncmp(n, "port", 4) == 0 && strtoul(n + 4, NULL, 10) >= s->n_ports) {
			cfgini_err(cfg, n, NULL, "ports are port0 to port%u, without a gap",
				   FWD_MAX_PORTS - 1);
			return -1;
		}
	}
	return 0;
}


/* Split a comma-separated list in place; calls fn for each trimmed item. */
static int
for_each_item(char *list, int (*fn)(void *arg, const char *item), void *arg)
{
	for (char *save = NULL, *it = strtok_r(list, ",", &save); it != NULL;
	     it = strtok_r(NULL, ",", &save)) {
		while (*it == ' ' || *it == '\t')
			it++;
		char *e = it + strlen(it);
		while (e > it && (e[-1] == ' ' || e[-1] == '\t'))
			*--e = '\0';
		if (*it != '\0' && fn(arg, it) != 0)
			return -1;
	}
	return 0;
}

struct addr_ctx {
	const struct cfgini *cfg;
	const char *sect;
	struct cfgstore *st;
	uint16_t port;
};

static int
add_addr(void *arg, const char *item)
{
	struct addr_ctx *c = arg;
	char err[CFG_ERR_LEN];

	if (cfg_addr_add(c->st, c->port, item, err) != 0) {
		cfgini_err(c->cfg, c->sect, port_key_addr, "%s", err);
		return -1;
	}
	return 0;
}

int
cfgfile_apply_ports(const struct cfgini *cfg, const struct cfgfile_target *t)
{
	char sect[32], buf[CFGINI_VALUE_LEN];

	for (uint16_t p = 0; p < t->n_ports; p++) {
		snprintf(sect, sizeof(sect), "port%u", p);
		const char *v = cfgini_get(cfg, sect, port_key_addr);
		if (v == NULL)
			continue;
		struct addr_ctx c = {.cfg = cfg, .sect = sect, .st = t->st, .port = p};
		snprintf(buf, sizeof(buf), "%s", v);
		if (for_each_item(buf, add_addr, &c) != 0)
			return -1;
	}
	return 0;
}
