/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The store's connection timeouts (cfgstore.h): the global ones, and the timeout sets services
 * hold for their own (conn.h CONN_TO_SETS): who holds which, and the values each resolves to.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "cfgstore.h"

#define ERR(...) snprintf(err, CFG_ERR_LEN, __VA_ARGS__)

/* A free timeout set, its values cleared (the global ones), or 0 when none is. */
uint8_t
cfg_to_set_alloc(struct cfgstore *st)
{
	for (unsigned i = 1; i < CONN_TO_SETS; i++)
		if (!st->to_set_used[i]) {
			st->to_set_used[i] = 1;
			memset(&st->to_sets[i], 0, sizeof(st->to_sets[i]));
			return (uint8_t)i;
		}
	return 0;
}

/* Every value at most a week; err names the first that is not. */
static int
timeouts_check(const struct conn_timeouts *to, char *err)
{
	const uint32_t max = 7 * 24 * 3600;

#define TO_CHECK(f, name)                                                                          \
	if (to->f > max)                                                                           \
		return ERR("timeouts." name ": must be <= %u seconds", max), -EINVAL;
	TO_CHECK(tcp_syn, "tcp_syn")
	TO_CHECK(tcp_est, "tcp_established")
	TO_CHECK(tcp_fin, "tcp_fin")
	TO_CHECK(tcp_tw, "tcp_time_wait")
	TO_CHECK(tcp_close, "tcp_close")
	TO_CHECK(udp, "udp")
#undef TO_CHECK
	return 0;
}

static bool
timeouts_zero(const struct conn_timeouts *to)
{
	return (to->tcp_syn | to->tcp_est | to->tcp_fin | to->tcp_tw | to->tcp_close | to->udp) == 0;
}

int
cfg_timeouts_set(struct cfgstore *st, const struct conn_timeouts *to, char *err)
{
	struct conn_timeouts *t = &st->timeouts;

	/* Validate every value before changing any, so a bad request changes nothing. */
	if (timeouts_check(to, err) != 0)
		return -EINVAL;
#define TO_SET(f) t->f = to->f != 0 ? to->f : t->f;
	TO_SET(tcp_syn)
	TO_SET(tcp_est)
	TO_SET(tcp_fin)
	TO_SET(tcp_tw)
	TO_SET(tcp_close)
	TO_SET(udp)
#undef TO_SET
	st->version++;
	return 0;
}

int
cfg_vs_set_timeouts(struct cfgstore *st, struct cfg_vs *vs, const struct conn_timeouts *to,
		    char *err)
{
	if (timeouts_check(to, err) != 0)
		return -EINVAL;
	if (vs->to_set == 0 && timeouts_zero(to))
		return 0;
	/* Made while every set was taken: its connections so far keep the global values. */
	if (vs->to_set == 0 && (vs->to_set = cfg_to_set_alloc(st)) == 0)
		return ERR("timeouts: every one of the %u timeout sets is held by a service",
			   CONN_TO_SETS - 1), -ENOSPC;
	st->to_sets[vs->to_set] = *to;
	st->version++;
	return 0;
}

void
cfg_vs_timeouts(const struct cfgstore *st, const struct cfg_vs *vs, struct conn_timeouts *out)
{
	if (vs->to_set == 0)
		memset(out, 0, sizeof(*out));
	else
		*out = st->to_sets[vs->to_set];
}

void
cfg_timeouts_resolved(const struct cfgstore *st, uint8_t set, struct conn_timeouts *out)
{
	const struct conn_timeouts *g = &st->timeouts, *o = &st->to_sets[set];

	*out = *g;
	if (set == 0 || !st->to_set_used[set])
		return;
#define TO_OWN(f) out->f = o->f != 0 ? o->f : g->f;
	TO_OWN(tcp_syn)
	TO_OWN(tcp_est)
	TO_OWN(tcp_fin)
	TO_OWN(tcp_tw)
	TO_OWN(tcp_close)
	TO_OWN(udp)
#undef TO_OWN
}
