/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What sections and keys the start-up file may have (cfgfile.h cfgfile_check_keys): anything
 * else is an error naming its line, with the nearest known name as a suggestion, so that a
 * misspelt key does not leave a setting at its default unnoticed. The key lists themselves are
 * the readers' (CFGFILE_KEY_CONST next to the code that reads each); this only says which
 * section kind takes which lists.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfgfile.h"

/* Room for a prefix and a name, as suggested. */
#define NAME_BUF (2 * CFGINI_NAME_LEN)

/* A section kind: its name (port: port0 .. portN-1), or, ending in '.', the prefix of its
 * names (vs.web), and the key lists it takes. */
struct cfgfile_section_kind {
	const char *name;
	struct cfgfile_keys keys[3];
};

static const struct cfgfile_section_kind kinds[] = {
	{"forwarder", {{"", cfgfile_fwd_keys}, {"local_pool_", cfgfile_pool_keys}}},
	{"port", {{"", cfgfile_port_keys}}},
	{"route.", {{"", cfgfile_route_keys}}},
	{"neigh.", {{"", cfgfile_neigh_keys}}},
	{"vs.", {{"", cfgfile_vs_keys}, {"timeout_", cfgfile_timeout_keys}, {"rs.", NULL}}},
	{"tunnel", {{"", cfgfile_tunnel_keys}}},
	{"local_pool", {{"", cfgfile_pool_keys}}},
	{"timeouts", {{"", cfgfile_timeout_keys}}},
	{"sync", {{"", cfgfile_sync_keys}, {"peer.", NULL}}},
};

/* The edit distance of a and b (insertions, deletions, substitutions and swaps of two
 * neighbours), stopping at 3: only a near name is worth suggesting. */
static unsigned
edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	unsigned d[CFGINI_NAME_LEN + 1][CFGINI_NAME_LEN + 1];

	if (la > CFGINI_NAME_LEN || lb > CFGINI_NAME_LEN)
		return 3;
	for (size_t i = 0; i <= la; i++)
		d[i][0] = (unsigned)i;
	for (size_t j = 0; j <= lb; j++)
		d[0][j] = (unsigned)j;
	for (size_t i = 1; i <= la; i++)
		for (size_t j = 1; j <= lb; j++) {
			unsigned v = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);

			v = RTE_MIN(v, d[i - 1][j] + 1);
			v = RTE_MIN(v, d[i][j - 1] + 1);
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
				v = RTE_MIN(v, d[i - 2][j - 2] + 1);
			d[i][j] = v;
		}
	return RTE_MIN(d[la][lb], 3u);
}

/* Keep cand in best when it is nearer to name than what best holds (*dist). Near: at most 2
 * edits, and fewer than half of name's length. */
static void
nearer(const char *name, const char *cand, char *best, unsigned *dist)
{
	unsigned d = edit_distance(name, cand);

	if (d < *dist && d <= 2 && 2 * d < strlen(name)) {
		*dist = d;
		snprintf(best, NAME_BUF, "%s", cand);
	}
}

static bool
is_prefix_kind(const struct cfgfile_section_kind *k)
{
	return k->name[strlen(k->name) - 1] == '.';
}

/* A [portN] section's N, or -1 when name is not port followed by a number as the forwarder
 * writes it (port01 is not port1, and would never be read). */
static int
port_index(const char *name)
{
	char *end;
	unsigned long n;

	if (strncmp(name, "port", 4) != 0 || name[4] < '0' || name[4] > '9' ||
	    (name[4] == '0' && name[5] != '\0'))
		return -1;
	n = strtoul(name + 4, &end, 10);
	return *end != '\0' || n > 999 ? -1 : (int)n;
}

/* The kind of section name, or NULL. */
static const struct cfgfile_section_kind *
kind_of(const char *name)
{
	for (unsigned i = 0; i < RTE_DIM(kinds); i++) {
		const struct cfgfile_section_kind *k = &kinds[i];

		if (is_prefix_kind(k) ? strncmp(name, k->name, strlen(k->name)) == 0
		    : strcmp(k->name, "port") == 0 ? port_index(name) >= 0
						   : strcmp(name, k->name) == 0)
			return k;
	}
	return NULL;
}

static bool
key_known(const struct cfgfile_section_kind *k, const char *key, char *best, unsigned *dist)
{
	char full[NAME_BUF];

	for (unsigned i = 0; i < RTE_DIM(k->keys) && k->keys[i].prefix != NULL; i++) {
		const struct cfgfile_keys *ks = &k->keys[i];
		size_t lp = strlen(ks->prefix);

		if (ks->names == NULL) {
			if (strncmp(key, ks->prefix, lp) == 0 && key[lp] != '\0')
				return true;
			continue;
		}
		for (const char *const *n = ks->names; *n != NULL; n++) {
			snprintf(full, sizeof(full), "%s%s", ks->prefix, *n);
			if (strcmp(key, full) == 0)
				return true;
			nearer(key, full, best, dist);
		}
	}
	return false;
}

/* The known section name nearest to name ("vs.web" for "vss.web"), in best. */
static void
nearest_section(const char *name, char *best)
{
	char cand[NAME_BUF];
	const char *dot = strchr(name, '.');
	unsigned dist = 3;

	best[0] = '\0';
	for (unsigned i = 0; i < RTE_DIM(kinds); i++) {
		const char *kn = kinds[i].name;

		if (is_prefix_kind(&kinds[i])) {
			/* The part before the first dot against the prefix, the rest kept. */
			unsigned d;

			if (dot == NULL)
				continue;
			snprintf(cand, sizeof(cand), "%.*s", (int)(dot - name + 1), name);
			d = edit_distance(cand, kn);
			if (d <= 2 && d < dist) {
				dist = d;
				snprintf(best, NAME_BUF, "%s%s", kn, dot + 1);
			}
		} else if (strcmp(kn, "port") == 0) {
			for (unsigned p = 0; p < FWD_MAX_PORTS; p++) {
				snprintf(cand, sizeof(cand), "port%u", p);
				nearer(name, cand, best, &dist);
			}
		} else {
			nearer(name, kn, best, &dist);
		}
	}
}

int
cfgfile_check_keys(const struct cfgini *ini)
{
	char best[NAME_BUF];
	int rc = 0;

	for (unsigned i = 0; i < ini->n_sect; i++) {
		const struct cfgini_section *s = &ini->sect[i];
		const struct cfgfile_section_kind *k = kind_of(s->name);

		if (k == NULL) {
			nearest_section(s->name, best);
			cfgini_err(ini, s->name, NULL, "unknown section%s%s%s",
				   best[0] != '\0' ? " (did you mean [" : "", best,
				   best[0] != '\0' ? "]?)" : "");
			rc = -1;
			continue;
		}
		for (unsigned j = s->first; j < s->first + s->n; j++) {
			const char *key = ini->ent[j].name;
			unsigned dist = 3;

			best[0] = '\0';
			if (key_known(k, key, best, &dist))
				continue;
			cfgini_err(ini, s->name, key, "unknown key%s%s%s",
				   best[0] != '\0' ? " (did you mean " : "", best,
				   best[0] != '\0' ? "?)" : "");
			rc = -1;
		}
	}
	return rc;
}
