/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * ZeroCounters (ipvsadm -Z): a new baseline for a service and its reals, or for every service
 * (retired ones too); stats_zero.h says why nothing is really zeroed.
 */
#include <errno.h>

#include "ctl_op.h"

static void
zero_service(struct fwd *f, const struct cfg_vs *v, uint64_t at_ms)
{
	struct slot_stats ss;
	uint64_t active;

	fwd_sum_vs(f, v->slot, &ss, &active);
	stats_zero_mark(&f->zero->vs[v->slot], &ss, at_ms);
	for (unsigned i = 0; i < v->n_rs; i++) {
		fwd_sum_rs(f, v->rs[i].slot, &ss, &active);
		stats_zero_mark(&f->zero->rs[v->rs[i].slot], &ss, at_ms);
	}
}

int
ctl_op_zero_counters(struct ctl_req *r, const Hvlb__Fwd__V1__ZeroCounters *m)
{
	const struct cfgstore *st = r->f->cfg;
	uint64_t at_ms = stats_zero_now_ms();
	struct ctl_svc k;
	struct cfg_vs *vs;
	int rc;

	if (m->service != NULL) {
		if ((rc = ctl_parse_service(r, "zero_counters.service", m->service, &k)) != 0)
			return rc;
		if ((vs = ctl_find_service(r, "zero_counters", &k)) == NULL)
			return -ENOENT;
		zero_service(r->f, vs, at_ms);
		return 0;
	}
	for (unsigned i = 0; i < st->n_vs; i++)
		zero_service(r->f, &st->vs[i], at_ms);
	for (unsigned i = 0; i < st->n_vs_retired; i++)
		zero_service(r->f, &st->vs_retired[i], at_ms);
	return 0;
}
