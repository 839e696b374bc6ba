/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Toeplitz tables (toeplitz.h). Bit j of the input (most significant bit of each byte first)
 * XORs into the hash the 32 key bits starting at bit j; so byte i with value v contributes the
 * XOR of the windows at 8i + b for every bit b set in v, which t[i][v] holds.
 */
#include "toeplitz.h"

const uint8_t toeplitz_key[TOEPLITZ_KEY_LEN] = {
	0x6d, 0x5a, 0x56, 0xda, 0x25, 0x5b, 0x0e, 0xc2, 0x41, 0x67, 0x25, 0x3d, 0x43, 0xa3,
	0x8f, 0xb0, 0xd0, 0xca, 0x2b, 0xcb, 0xae, 0x7b, 0x30, 0xb4, 0x77, 0xcb, 0x2d, 0xa3,
	0x80, 0x30, 0xf2, 0x0c, 0x6a, 0x42, 0xb7, 0x3b, 0xbe, 0xac, 0x01, 0xfa,
};

/* The 32 key bits starting at bit j (0: the first byte's most significant). */
static uint32_t
key_window(const uint8_t *key, unsigned j)
{
	uint64_t v = 0;

	for (unsigned k = 0; k < 8; k++) {
		unsigned b = j / 8 + k;

		v = v << 8 | (b < TOEPLITZ_KEY_LEN ? key[b] : 0);
	}
	return (uint32_t)(v >> (32 - j % 8));
}

void
toeplitz_init(struct toeplitz *tz, const uint8_t key[TOEPLITZ_KEY_LEN])
{
	for (unsigned i = 0; i < TOEPLITZ_IN_MAX; i++) {
		uint32_t w[8];

		for (unsigned b = 0; b < 8; b++)
			w[b] = key_window(key, 8 * i + b);
		for (unsigned v = 0; v < 256; v++) {
			uint32_t h = 0;

			for (unsigned b = 0; b < 8; b++)
				if (v & (0x80u >> b))
					h ^= w[b];
			tz->t[i][v] = h;
		}
	}
}
