/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * SIP call affinity in the local API (docs/scheduling.md): a service's hash by name and the
 * rule of which services may have sip_call_id (cfg_vs_hash_check), with the refusal naming
 * the request's field.
 */
#include <errno.h>
#include <stdio.h>

#include "ctl_op.h"
#include "scheduler.h"

int
ctl_parse_hash(struct ctl_req *r, const char *path, const char *s, int *out)
{
	*out = s[0] == '\0' ? -1 : vs_hash_from_name(s);
	if (s[0] != '\0' && *out < 0)
		return ctl_fail(r, -EINVAL, "%s: '%.16s' is not 5tuple or sip_call_id", path, s);
	return 0;
}

int
ctl_check_hash(struct ctl_req *r, const char *prefix, int hash, int mode, uint8_t proto,
	       int sched)
{
	char err[CFG_ERR_LEN] = "";

	if (cfg_vs_hash_check(hash, mode, proto, sched, err) != 0)
		return ctl_fail(r, -EINVAL, "%s.%s", prefix, err);
	return 0;
}
