/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * parse_fast.h's contract, checked by test_parse and fuzz_parse alike: what parse_fast4
 * accepts (to the frame's own destination MAC, made unicast, as a port's MAC is), parse_frame
 * accepts too, with the same pkt_info byte for byte once parse_fast4_finish has run; or
 * parse_frame drops it as martian, and parse_fast4_martian says so (the only fault
 * parse_fast4 leaves to its caller).
 */
#ifndef HVLB_TESTS_PARSE_FAST_CONTRACT_H
#define HVLB_TESTS_PARSE_FAST_CONTRACT_H

#include <stdbool.h>
#include <string.h>

#include "parse.h"
#include "parse_fast.h"

/* f[0..len) and what parse_frame answered for it (r, and *pi when r is NONE). Returns whether
 * the contract holds; *accepted says whether parse_fast4 took the frame. */
static inline bool
parse_fast_contract_holds(const uint8_t *f, uint32_t len, enum hvlb_drop r,
			  const struct pkt_info *pi, bool *accepted)
{
	struct pkt_info fast;
	uint8_t mac[6];

	*accepted = false;
	if (len < 6)
		return true;
	memcpy(mac, f, 6);
	mac[0] &= 0xfe;
	memset(&fast, 0, sizeof(fast));
	if (!parse_fast4(f, len, parse_fast_mac48(mac), &fast))
		return true;
	*accepted = true;
	parse_fast4_finish(&fast);
	if (parse_fast4_martian(&fast))
		return r == HVLB_DROP_MARTIAN;
	return r == HVLB_DROP_NONE && memcmp(&fast, pi, sizeof(fast)) == 0;
}

#endif
