/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * slot_list.h: every slot noted is listed until the list is full; one more and it says it
 * overflowed (the caller then clears every slot), however many more come; a reset starts
 * afresh.
 */
#include "check.h"
#include "slot_list.h"

static struct slot_list l;

static void
test_fills_then_overflows(void)
{
	slot_list_reset(&l);
	CHECK_EQ(slot_list_len(&l), 0);
	CHECK(!slot_list_overflowed(&l));
	for (uint32_t i = 0; i < SLOT_LIST_MAX; i++)
		slot_list_add(&l, (uint16_t)(i * 7 + 1));
	CHECK(!slot_list_overflowed(&l));
	CHECK_EQ(slot_list_len(&l), SLOT_LIST_MAX);
	for (uint32_t i = 0; i < SLOT_LIST_MAX; i++)
		CHECK_EQ(l.slot[i], (uint16_t)(i * 7 + 1));
	slot_list_add(&l, 65535);
	CHECK(slot_list_overflowed(&l));
	CHECK_EQ(slot_list_len(&l), SLOT_LIST_MAX);
	CHECK_EQ(l.slot[SLOT_LIST_MAX - 1], (uint16_t)((SLOT_LIST_MAX - 1) * 7 + 1));
	/* More never wraps the count back to "not overflowed". */
	for (uint32_t i = 0; i < 10 * SLOT_LIST_MAX; i++)
		slot_list_add(&l, 3);
	CHECK(slot_list_overflowed(&l));
	CHECK_EQ(l.n, SLOT_LIST_MAX + 1);
}

static void
test_reset(void)
{
	slot_list_add(&l, 9);
	slot_list_reset(&l);
	CHECK(!slot_list_overflowed(&l));
	slot_list_add(&l, 42);
	CHECK_EQ(slot_list_len(&l), 1);
	CHECK_EQ(l.slot[0], 42);
}

int
main(void)
{
	RUN(test_fills_then_overflows);
	RUN(test_reset);
	return check_summary();
}
