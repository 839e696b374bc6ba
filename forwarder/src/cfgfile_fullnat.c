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

#include "cfgfile.h"
#include "cfgstore.h"

/* [local_pool]'s keys, also [forwarder]'s with local_pool_ before them (cfgfile.h
 * CFGFILE_KEY_CONST): each read below as pool_key_<name>. */
#define POOL_KEYS(X) X(pool, addrs) X(pool, ports)
POOL_KEYS(CFGFILE_KEY_CONST)
const char *const cfgfile_pool_keys[] = {POOL_KEYS(CFGFILE_KEY_NAME) NULL};

/* key's value, from [local_pool] or else [forwarder] local_pool_<key>; *sect and *fkey name
 * where it was (for an error). */
static const char *
pool_entry(const struct cfgini *cfg, const char *key, const char **sect, char *fkey)
{
	const char *v = cfgini_get(cfg, "local_pool", key);

	*sect = "local_pool";
	snprintf(fkey, CFGINI_NAME_LEN, "%s", key);
	if (v != NULL)
		return v;
	*sect = "forwarder";
	snprintf(fkey, CFGINI_NAME_LEN, "local_pool_%s", key);
	return cfgini_get(cfg, "forwarder", fkey);
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
cfgfile_load_local_pool(const struct cfgini *cfg, struct fnat_pool *p)
{
	const char *asect, *psect, *err;
	char akey[CFGINI_NAME_LEN], pkey[CFGINI_NAME_LEN], buf[CFGINI_VALUE_LEN];
	const char *addrs = pool_entry(cfg, pool_key_addrs, &asect, akey);
	const char *ports = pool_entry(cfg, pool_key_ports, &psect, pkey);

	memset(p, 0, sizeof(*p));
	p->port_min = FNAT_PORT_MIN_DEFAULT;
	p->port_max = FNAT_PORT_MAX_DEFAULT;
	if (ports != NULL && parse_ports(ports, p) != 0) {
		cfgini_err(cfg, psect, pkey, "'%s' is not a range MIN-MAX within 1-65535", ports);
		return -1;
	}
	if (addrs == NULL)
		return 0;
	snprintf(buf, sizeof(buf), "%s", addrs); /* fits: cfgini's values are shorter */
	for (char *save = NULL, *it = strtok_r(buf, ", \t", &save); it != NULL;
	     it = strtok_r(NULL, ", \t", &save)) {
		if (p->n_addrs == FNAT_MAX_LADDRS) {
			cfgini_err(cfg, asect, akey, "at most %u addresses", FNAT_MAX_LADDRS);
			return -1;
		}
		if (cfg_parse_addr(it, &p->addrs[p->n_addrs], &p->af[p->n_addrs]) != 0) {
			cfgini_err(cfg, asect, akey, "'%s' is not an address", it);
			return -1;
		}
		p->n_addrs++;
	}
	if (fnat_pool_check(p, &err) != 0) {
		cfgini_err(cfg, asect, akey, "%s", err);
		return -1;
	}
	return 0;
}

int
cfgfile_vs_client_addr(const char *v, struct cfgstore *st, struct cfg_vs *vs, char *err)
{
	if (v == NULL)
		return 0;
	if (strcmp(v, "on") != 0 && strcmp(v, "off") != 0) {
		snprintf(err, CFG_ERR_LEN, "client_addr: '%s' is not on or off", v);
		return -1;
	}
	return cfg_vs_set_client_addr(st, vs, strcmp(v, "on") == 0, err) != 0 ? -1 : 0;
}
