/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * xdp_fast_idle (core/xdp_fast_entry.h), the scan's test of whether an entry handed to the
 * kernel has gone quiet. The program stamps last_ns on whichever core carries a frame while a
 * worker looks, so last_ns may be later than the worker's now_ns: such an entry is busy. Read
 * as unsigned ns since, it was 2^64 ns old, and every busy connection was taken back and
 * handed over again several times a second, its frames overtaken in the meantime (reordered:
 * TCP's spurious retransmits).
 */
#include <stdint.h>

#include "check.h"
#include "xdp_fast_entry.h"

#define S 1000000000ull
#define IDLE (2 * S)

static void
test_quiet_and_busy(void)
{
	/* No frame yet: counted from the teaching. */
	CHECK(!xdp_fast_idle(10 * S, 0, 10 * S - 1, IDLE));
	CHECK(xdp_fast_idle(12 * S, 0, 10 * S, IDLE));
	/* The last frame 2 s ago or more, and less. */
	CHECK(xdp_fast_idle(20 * S, 18 * S, 10 * S, IDLE));
	CHECK(!xdp_fast_idle(20 * S, 18 * S + 1, 10 * S, IDLE));
	/* A frame counted after now_ns was read, on another core: busy. */
	CHECK(!xdp_fast_idle(20 * S, 20 * S + 1, 10 * S, IDLE));
	CHECK(!xdp_fast_idle(20 * S, 20 * S + 50000, 10 * S, IDLE));
	/* Taught after now_ns was read (the same scan's clock): busy too. */
	CHECK(!xdp_fast_idle(20 * S, 0, 20 * S + 10, IDLE));
	CHECK(!xdp_fast_idle(20 * S, 20 * S, 20 * S, IDLE));
}

int
main(void)
{
	RUN(test_quiet_and_busy);
	return check_summary();
}
