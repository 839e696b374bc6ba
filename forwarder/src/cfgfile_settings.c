/* SPDX-License-Identifier: BSD-3-Clause */
/* A [vs.*] section's plain settings (core/vs_settings.h): each the key of its name. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfgfile.h"
#include "vs.h"
#include "vs_setting_defs.h"

int
cfgfile_vs_settings(const struct cfgini *cfg, const char *sect, uint8_t proto, uint8_t af,
		    int mode, int sched, int hash, struct vs_settings *set)
{
	struct vs_setting_ctx c = {.proto = proto, .af = af, .mode = (uint8_t)mode,
				   .sched = (uint8_t)sched,
				   .hash = (uint8_t)(hash < 0 ? VS_HASH_5TUPLE : hash), .set = set};
	char err[VS_SETTING_ERR_LEN];

	for (unsigned i = 0; i < vs_n_settings; i++) {
		const struct vs_setting_def *d = &vs_setting_defs[i];
		const char *v = cfgini_get(cfg, sect, d->name);
		unsigned long long n;
		char *end;

		*vs_setting_at(set, d) = 0;
		if (v == NULL)
			continue;
		errno = 0;
		n = strtoull(v, &end, 0);
		if (errno != 0 || *end != '\0' || end == v || *v == '-' || n > UINT32_MAX) {
			cfgini_err(cfg, sect, d->name, "'%s' is not a number from 0 to %u", v,
				   d->max);
			return -1;
		}
		*vs_setting_at(set, d) = (uint32_t)n;
	}
	if (vs_settings_check(&c, err, sizeof(err)) != 0) {
		/* err is "<name>: why": the key is the name. */
		char key[64];
		const char *colon = strchr(err, ':');
		size_t n = colon != NULL ? (size_t)(colon - err) : 0;

		snprintf(key, sizeof(key), "%.*s", (int)n, err);
		cfgini_err(cfg, sect, key, "%s", colon != NULL ? colon + 2 : err);
		return -1;
	}
	return 0;
}
