/* SPDX-License-Identifier: BSD-3-Clause */
#include <string.h>

#include "drop.h"

static const char *const drop_names[HVLB_DROP_MAX] = {
	[HVLB_DROP_NONE] = "none",
#define HVLB_DROP_STR(name, str) [HVLB_DROP_##name] = str,
	HVLB_DROP_REASONS(HVLB_DROP_STR)
#undef HVLB_DROP_STR
};

const char *
hvlb_drop_name(unsigned reason)
{
	return reason < HVLB_DROP_MAX ? drop_names[reason] : "invalid";
}

int
hvlb_drop_from_name(const char *s)
{
	for (unsigned i = 0; i < HVLB_DROP_MAX; i++)
		if (strcmp(drop_names[i], s) == 0)
			return (int)i;
	return -1;
}
