/* SPDX-License-Identifier: BSD-3-Clause */
/* IPv4 fragmentation (ipfrag.h). */
#include <string.h>

#include "csum.h"
#include "ipfrag.h"

#define IP4_OPT_EOL 0
#define IP4_OPT_NOP 1
#define IP4_OPT_COPIED 0x80

/* Copy ip's options that have the copied flag into out (when not NULL); their length. An
 * option whose length runs past the header ends the walk (the parser checked only the IHL). */
static uint16_t
copied_options(const uint8_t *ip, uint8_t *out)
{
	uint16_t ihl = (uint16_t)((ip[0] & 0x0f) * 4), n = 0;

	for (uint16_t i = 20; i < ihl;) {
		uint8_t type = ip[i], olen;

		if (type == IP4_OPT_EOL)
			break;
		if (type == IP4_OPT_NOP) {
			i++;
			continue;
		}
		if (i + 1 >= ihl || (olen = ip[i + 1]) < 2 || i + olen > ihl)
			break;
		if (type & IP4_OPT_COPIED) {
			if (out != NULL)
				memcpy(out + n, ip + i, olen);
			n = (uint16_t)(n + olen);
		}
		i = (uint16_t)(i + olen);
	}
	return n;
}

uint16_t
ip4frag_later_hlen(const uint8_t *ip)
{
	return (uint16_t)(20 + ((copied_options(ip, NULL) + 3) & ~3u));
}

uint16_t
ip4frag_write(uint8_t *out, const uint8_t *ip, uint16_t l3_len, uint16_t off, uint16_t len)
{
	uint16_t ihl = (uint16_t)((ip[0] & 0x0f) * 4), hlen = ihl;
	uint16_t frag = (uint16_t)(ip[6] << 8 | ip[7]);
	uint16_t at = (uint16_t)((frag & IP4_OFF_MASK) + off / 8);
	bool more = (frag & IP4_FLAG_MF) || off + len < l3_len - ihl;
	uint16_t total, c;

	if (off == 0) {
		memcpy(out, ip, ihl);
	} else {
		uint16_t opt = copied_options(ip, out + 20);

		memcpy(out, ip, 20);
		hlen = (uint16_t)(20 + ((opt + 3) & ~3u));
		memset(out + 20 + opt, IP4_OPT_EOL, hlen - 20 - opt);
		out[0] = (uint8_t)(0x40 | hlen / 4);
	}
	total = (uint16_t)(hlen + len);
	frag = (uint16_t)((frag & IP4_FLAG_DF) | (more ? IP4_FLAG_MF : 0) | at);
	out[2] = (uint8_t)(total >> 8);
	out[3] = (uint8_t)total;
	out[6] = (uint8_t)(frag >> 8);
	out[7] = (uint8_t)frag;
	out[10] = out[11] = 0;
	c = csum_ipv4_hdr(out, hlen);
	memcpy(out + 10, &c, 2);
	memcpy(out + hlen, ip + ihl + off, len);
	return total;
}
