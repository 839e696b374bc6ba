/* SPDX-License-Identifier: BSD-3-Clause */
/* The benchmarks' 64-byte frame (fwd_bench.c, scale_bench.c): one UDP datagram from a client
 * to the NAT VIP the benches configure. */
#ifndef HVLB_BENCH_FRAME_H
#define HVLB_BENCH_FRAME_H

#include <stdint.h>
#include <string.h>

#include "csum.h"

#define BENCH_FRAME_LEN 60 /* 64 bytes on the wire with the FCS */

/* Write the frame from client 10.x.y.z (its low 24 bits) port sport to 10.100.0.1:53, from
 * the router's MAC to port 0's, UDP checksum 0 (none), 18 bytes of 0xAB payload. */
static inline void
bench_frame_write(uint8_t *p, uint32_t client, uint16_t sport)
{
	static const uint8_t hdr[] = {
		0x02, 0, 0, 0, 0, 0x01, 0x02, 0, 0, 0, 0x09, 0x01, 0x08, 0x00, /* Ethernet */
		0x45, 0, 0, 46, 0, 0, 0x40, 0, 64, 17, 0, 0,                    /* IPv4 */
		10, 0, 0, 0, 10, 100, 0, 1,                                     /* src, dst */
		0, 0, 0, 53, 0, 26, 0, 0,                                       /* UDP */
	};
	uint16_t c;

	memcpy(p, hdr, sizeof(hdr));
	memset(p + sizeof(hdr), 0xAB, BENCH_FRAME_LEN - sizeof(hdr));
	p[27] = (uint8_t)(client >> 16);
	p[28] = (uint8_t)(client >> 8);
	p[29] = (uint8_t)client;
	p[34] = (uint8_t)(sport >> 8);
	p[35] = (uint8_t)sport;
	c = csum_ipv4_hdr(p + 14, 20);
	memcpy(p + 24, &c, 2);
}

#endif
