/* SPDX-License-Identifier: BSD-3-Clause */
/* Per-packet capture's ring set-up and names (capture.h). */
#include "capture.h"

static uint32_t
slot_size(uint32_t snap_len)
{
	/* Each slot 8-byte aligned, so the next slot's tsc is. */
	return (uint32_t)((sizeof(struct cap_slot) + snap_len + 7u) & ~7u);
}

size_t
cap_ring_mem_size(uint32_t slots, uint32_t snap_len)
{
	return (size_t)slots * slot_size(snap_len);
}

int
cap_ring_init(struct cap_ring *r, void *mem, uint32_t slots, uint32_t snap_len)
{
	if (slots == 0 || (slots & (slots - 1)) != 0)
		return -1;
	*r = (struct cap_ring){ .mask = slots - 1, .slot_size = slot_size(snap_len),
				.snap_len = snap_len, .mem = mem };
	return 0;
}

const char *
cap_point_name(unsigned point)
{
	static const char *const names[] = { "rx", "tx", "drop" };

	return point < sizeof(names) / sizeof(names[0]) ? names[point] : "?";
}
