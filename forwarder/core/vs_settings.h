/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A service's plain settings: numbers with a range, each named once in VS_SETTINGS and carried
 * by that name through every layer with no code of its own (docs/architecture.md, "Adding a
 * service field"):
 *   - the local API: VirtualService.<name>, and UpdateService.set_<name> with <name>, found by
 *     name in the messages' descriptors (src/vs_setting_defs.c), in requests and listings, so the
 *     saved configuration (ctl_state.c, which replays the listing) carries them too;
 *   - the file: the [vs.*] key <name> (cfgfile.c), and --check-config's print;
 *   - the store (struct cfg_vs), the snapshot's input (struct vs_config) and what workers read
 *     (struct vs): a struct vs_settings each, copied whole.
 *
 * X(name, max, flags, check):
 *   name  the field's name in every layer;
 *   max   the largest value; 0 is always allowed and is the default;
 *   flags VS_SETTING_PICKS: while it is not 0, the worker picks the real of the service's new
 *         connections itself (struct vs.pick = HVLB_SCHED_PAYLOAD: worker_fwd.c's conn_new);
 *   check a function of the feature's own, declared below its row, that checks a value
 *         against the rest of the service (0, or -EINVAL with err naming the field); or NULL.
 *
 * The Go side has the same names: the controller's model (model.ServiceSettings) and the
 * agent's plan take the fields by name, and the tests of the schema check they agree.
 */
#ifndef HVLB_CORE_VS_SETTINGS_H
#define HVLB_CORE_VS_SETTINGS_H

#include <stdbool.h>
#include <stdint.h>

#define VS_SETTING_PICKS 1u
#define VS_SETTING_ERR_LEN 128 /* the room a check has for its message */

/* What a check sees of the service the settings are for, as it will be. */
struct vs_settings;
struct vs_setting_ctx {
	uint8_t proto;
	uint8_t af;
	uint8_t mode;  /* enum vs_mode */
	uint8_t sched; /* enum sched_kind */
	uint8_t hash;  /* enum vs_hash */
	const struct vs_settings *set;
};

typedef int (*vs_setting_check_fn)(const struct vs_setting_ctx *c, uint32_t value, char *err);

#define VS_SETTINGS(X)                                                                    \
	/* New connections a second at most, over the forwarder (worker_fwd_rare.h: each     \
	 * worker a token bucket of its share); 0: no limit. */                               \
	X(conn_rate_limit, UINT32_MAX, 0, NULL)                                           \
	/* Source-IP persistence (ipvsadm -p; src/worker_persist.c): a client's new           \
	 * connections go to the real of its earlier ones while it opens one at least every     \
	 * persistence_timeout seconds; 0: off. */                                             \
	X(persistence_timeout, 86400, VS_SETTING_PICKS, vs_check_persistence)                  \
	/* The bits of the client's address that make one client (ipvsadm -M); 0: all. */      \
	X(persistence_prefix, 128, 0, vs_check_persistence_prefix)

/* Their checks, in src/worker_persist.c. */
int vs_check_persistence(const struct vs_setting_ctx *c, uint32_t value, char *err);
int vs_check_persistence_prefix(const struct vs_setting_ctx *c, uint32_t value, char *err);

struct vs_settings {
#define VS_SETTING_MEMBER(name, max, flags, check) uint32_t name;
	VS_SETTINGS(VS_SETTING_MEMBER)
#undef VS_SETTING_MEMBER
};

/* Whether a setting of s makes the worker pick its service's reals (VS_SETTING_PICKS). */
static inline bool
vs_settings_pick(const struct vs_settings *s)
{
	bool pick = false;

#define VS_SETTING_PICK(name, max, flags, check) pick |= ((flags) & VS_SETTING_PICKS) && s->name;
	VS_SETTINGS(VS_SETTING_PICK)
#undef VS_SETTING_PICK
	return pick;
}

#endif
