/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * libFuzzer harness of the in-kernel fast path's learning (core/xdp_fast_entry.h) on
 * arbitrary pairs of frames: the input's first half is a frame as it came, its second half the
 * frame as the forwarder sent it (the worker compares as many bytes of each). Besides not
 * crashing or reading past either (each copied into a buffer of exactly its length), checks
 * what learning promises: an entry it learns, applied by the XDP program's own rewrite
 * (core/xdp_fast_rewrite.h) to the first frame, gives the second byte for byte but for its
 * checksums (a VLAN tag kept as it was; learning does not read them: the program adjusts them by the sums it learnt,
 * which test_xdp_fast checks against the fixtures' frames).
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz_check.h"
#include "xdp_fast_entry.h"
#include "xdp_fast_rewrite.h"

/* a and b alike wherever mask is 0 (the checksums' bytes are 1 in it). */
static void
check_same_but(const uint8_t *a, const uint8_t *b, const uint8_t *mask, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		FUZZ_CHECK(mask[i] || a[i] == b[i]);
}

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	uint32_t n = (uint32_t)(size / 2);
	struct xdp_fast_entry e;
	uint8_t *in, *out, *got, *mask;

	if (n > 2048)
		return 0;
	in = malloc(n ? n : 1);
	out = malloc(n ? n : 1);
	memcpy(in, data, n);
	memcpy(out, data + n, n);
	if (xdp_fast_learn_any(in, n, out, n, &e) == 0) {
		/* The IP header behind one VLAN tag, or none. */
		uint32_t l2 = in[12] == 0x81 && in[13] == 0x00 ? 18 : 14;

		got = malloc(n);
		mask = calloc(1, n);
		memcpy(got, in, n);
		if (e.af == 6) {
			uint32_t l4 = l2 + 40, csum = l4 + (got[l2 + 6] == XDP_FAST_TCP ? 16 : 6);

			FUZZ_CHECK(n >= l4 + 8 && csum + 2 <= n);
			xdp_fast_rewrite6(got, got + l2, got + l4, &e.val.v6);
			mask[csum] = mask[csum + 1] = 1;
		} else {
			uint32_t l4 = l2 + 20, csum = l4 + (got[l2 + 9] == XDP_FAST_TCP ? 16 : 6);

			FUZZ_CHECK(e.af == 4 && n >= l4 + 8 && csum + 2 <= n);
			xdp_fast_rewrite4(got, got + l2, got + l4, &e.val.v4);
			mask[l2 + 10] = mask[l2 + 11] = mask[csum] = mask[csum + 1] = 1;
		}
		check_same_but(got, out, mask, n);
		free(got);
		free(mask);
	}
	free(in);
	free(out);
	return 0;
}
