/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The INI syntax of the start-up file, as DPDK's rte_cfgfile reads it ([section], key = value,
 * ';' starts a comment anywhere on a line, blanks around names and values ignored), but
 * keeping the line of every section and key, so that every error can name them, and refusing
 * what rte_cfgfile took silently: a section or a key given twice, a name or value too long
 * (it cut them short), text after a section's ']'.
 */
#ifndef HVLB_CFGINI_H
#define HVLB_CFGINI_H

#include <stdbool.h>

#include <rte_common.h>

#define CFGINI_NAME_LEN 64   /* a section or key name: at most 63 characters */
#define CFGINI_VALUE_LEN 256 /* a value: at most 255 */

struct cfgini_entry {
	const char *name;
	const char *value;
	unsigned line;
};

struct cfgini_section {
	const char *name;
	unsigned line;
	unsigned first; /* its entries: cfgini.ent[first .. first + n) */
	unsigned n;
};

struct cfgini {
	char *path;
	char *text;     /* the file, cut in place into the names and values */
	struct cfgini_section *sect;
	unsigned n_sect;
	struct cfgini_entry *ent;
	unsigned n_ent;
};

/* Read and parse path: NULL after logging "path:line: why". */
struct cfgini *cfgini_load(const char *path);

void cfgini_free(struct cfgini *ini);

/* The section named name, or NULL. */
const struct cfgini_section *cfgini_section(const struct cfgini *ini, const char *name);

static inline bool
cfgini_has_section(const struct cfgini *ini, const char *name)
{
	return cfgini_section(ini, name) != NULL;
}

/* The value of key in section sect, or NULL. */
const char *cfgini_get(const struct cfgini *ini, const char *sect, const char *key);

/* Log an error about key (NULL: the section itself) of sect (NULL: the file), as
 * "path:line: [sect] key: message", the line being the key's, else the section's. */
void cfgini_err(const struct cfgini *ini, const char *sect, const char *key, const char *fmt,
		...) __rte_format_printf(4, 5);

#endif
