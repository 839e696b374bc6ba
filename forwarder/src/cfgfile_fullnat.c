/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * FullNAT's local pool in the start-up file (docs/forwarder-config.md): a [local_pool]
 * section, or the same keys in [forwarder] prefixed local_pool_:
 *
 *   [local_pool]
 *   addrs = 10.1.0.1, fd01::1     ; addresses the NFs can answer (on an NF-side segment)
 *   ports = 1024-65535            ; the local ports, all workers together
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <rte_cfgfile.h>
#include <rte_log.h>

#include "cfgfile.h"
#include "cfgstore.h"

#define LOG(...) RTE_LOG(ERR, USER1, __VA_ARGS__)

static const char *
pool_entry(struct rte_cfgfile *cfg, const char *key, const char **sect)
{
	char fkey[64];
	const char *v;

	*sect = "local_pool";
	if (rte_cfgfile_has_section(cfg, "local_pool") &&
	    (v = rte_cfgfile_get_entry(cfg, "local_pool", key)) != NULL)
		return v;
	*sect = "forwarder";
	snprintf(fkey, sizeof(fkey), "local_pool_%s", key);
	return rte_cfgfile_get_entry(cfg, "forwarder", fkey);
}

static int
parse_ports(const char *v, struct fnat_pool *p)
{
	unsigned long lo, hi;
	char *end;

	lo = strtoul(v, &end, 10);
	if (end == v || *end != '-')
		return -1;
	v = end + 1;
	hi = strtoul(v, &end, 10);
	if (end == v || *end != '\0' || lo == 0 || lo > hi || hi > 65535)
		return -1;
	p->port_min = (uint16_t)lo;
	p->port_max = (uint16_t)hi;
	return 0;
}

int
cfgfile_load_local_pool(struct rte_cfgfile *cfg, struct fnat_pool *p)
{
	const char *sect, *err;
	const char *addrs = pool_entry(cfg, "addrs", &sect);
	const char *ports = pool_entry(cfg, "ports", &sect);
	char buf[1024];

	memset(p, 0, sizeof(*p));
	p->port_min = FNAT_PORT_MIN_DEFAULT;
	p->port_max = FNAT_PORT_MAX_DEFAULT;
	if (ports != NULL && parse_ports(ports, p) != 0) {
		LOG("config [%s] ports: '%s' is not a range MIN-MAX within 1-65535\n", sect, ports);
		return -1;
	}
	if (addrs == NULL)
		return 0;
	if (strlen(addrs) >= sizeof(buf)) {
		LOG("config [local_pool] addrs: too long\n");
		return -1;
	}
	snprintf(buf, sizeof(buf), "%s", addrs);
	for (char *save = NULL, *it = strtok_r(buf, ", \t", &save); it != NULL;
	     it = strtok_r(NULL, ", \t", &save)) {
		if (p->n_addrs == FNAT_MAX_LADDRS) {
			LOG("config [local_pool] addrs: at most %u addresses\n", FNAT_MAX_LADDRS);
			return -1;
		}
		if (cfg_parse_addr(it, &p->addrs[p->n_addrs], &p->af[p->n_addrs]) != 0) {
			LOG("config [local_pool] addrs: '%s' is not an address\n", it);
			return -1;
		}
		p->n_addrs++;
	}
	if (fnat_pool_check(p, &err) != 0) {
		LOG("config %s\n", err);
		return -1;
	}
	return 0;
}

int
cfgfile_vs_client_addr(struct rte_cfgfile *cfg, struct cfgstore *st, struct cfg_vs *vs,
		       const char *sect, char *err)
{
	const char *v = rte_cfgfile_get_entry(cfg, sect, "client_addr");

	if (v == NULL)
		return 0;
	if (strcmp(v, "on") != 0 && strcmp(v, "off") != 0) {
		snprintf(err, CFG_ERR_LEN, "client_addr: '%s' is not on or off", v);
		return -1;
	}
	return cfg_vs_set_client_addr(st, vs, strcmp(v, "on") == 0, err) != 0 ? -1 : 0;
}
