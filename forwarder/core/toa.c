/* SPDX-License-Identifier: BSD-3-Clause */
/* The TCP option with the client's address (toa.h). */
#include <string.h>

#include "csum.h"
#include "toa.h"

#define TOA_TCP_MAX_HLEN 60

static inline uint16_t
toa_rd16(const uint8_t *p)
{
	return (uint16_t)(p[0] << 8 | p[1]);
}

static inline void
toa_wr16(uint8_t *p, uint16_t host)
{
	p[0] = (uint8_t)(host >> 8);
	p[1] = (uint8_t)host;
}

/* The IP header at ip (family af) grown by len bytes: IPv4's total length and its header
 * checksum, or IPv6's payload length. */
static void
toa_ip_grow(uint8_t *ip, uint8_t af, uint16_t len)
{
	uint16_t old, new_, c;

	if (af != HVLB_AF_INET) {
		toa_wr16(ip + 4, (uint16_t)(toa_rd16(ip + 4) + len));
		return;
	}
	memcpy(&old, ip + 2, 2);
	toa_wr16(ip + 2, (uint16_t)(toa_rd16(ip + 2) + len));
	memcpy(&new_, ip + 2, 2);
	memcpy(&c, ip + 10, 2);
	c = csum_update16(c, old, new_);
	memcpy(ip + 10, &c, 2);
}

uint16_t
toa_room(const uint8_t *frame, const struct pkt_info *pi, uint8_t af)
{
	const uint8_t *tcp = frame + pi->l4_off;
	unsigned hlen = (unsigned)(tcp[12] >> 4) * 4;
	uint16_t len = af == HVLB_AF_INET ? TOA_LEN4 : TOA_LEN6;

	if (pi->key.proto != HVLB_PROTO_TCP || (pi->tcp_flags & (HVLB_TCP_SYN | HVLB_TCP_ACK)) !=
							    HVLB_TCP_SYN)
		return 0;
	if (pi->l4_len != hlen || hlen + len > TOA_TCP_MAX_HLEN)
		return 0;
	return len;
}

void
toa_insert(uint8_t *frame, const struct pkt_info *pi, uint16_t len, const union hvlb_addr *client,
	   uint16_t cport)
{
	uint8_t *ip, *tcp, *opt;
	unsigned hlen;
	uint32_t sum;

	memmove(frame, frame + len, (size_t)pi->l4_off + pi->l4_len);
	ip = frame + pi->l3_off;
	tcp = frame + pi->l4_off;
	hlen = (unsigned)(tcp[12] >> 4) * 4;
	opt = tcp + hlen;
	opt[0] = TOA_KIND;
	opt[1] = (uint8_t)len;
	memcpy(opt + 2, &cport, 2);
	memcpy(opt + 4, client->b, len == TOA_LEN4 ? 4 : 16);
	tcp[12] = (uint8_t)(((hlen + len) / 4) << 4 | (tcp[12] & 0x0f));
	toa_ip_grow(ip, pi->key.af, len);
	if (pi->key.af == HVLB_AF_INET) {
		uint32_t src, dst;

		memcpy(&src, ip + 12, 4);
		memcpy(&dst, ip + 16, 4);
		sum = csum_pseudo4(src, dst, HVLB_PROTO_TCP, (uint16_t)(hlen + len));
	} else {
		sum = csum_pseudo6(ip + 8, ip + 24, HVLB_PROTO_TCP, hlen + len);
	}
	memset(tcp + 16, 0, 2);
	uint16_t c = csum_fold(csum_partial(tcp, hlen + len, sum));
	memcpy(tcp + 16, &c, 2);
}

int
toa_find(const uint8_t *tcp, unsigned hlen, union hvlb_addr *client, uint16_t *cport,
	 uint8_t *af)
{
	for (unsigned i = 20; i < hlen;) {
		uint8_t kind = tcp[i];

		if (kind == 0)
			break;
		if (kind == 1) {
			i++;
			continue;
		}
		if (i + 1 >= hlen || tcp[i + 1] < 2 || i + tcp[i + 1] > hlen)
			break;
		if (kind == TOA_KIND && (tcp[i + 1] == TOA_LEN4 || tcp[i + 1] == TOA_LEN6)) {
			memset(client, 0, sizeof(*client));
			memcpy(cport, tcp + i + 2, 2);
			*af = tcp[i + 1] == TOA_LEN4 ? HVLB_AF_INET : HVLB_AF_INET6;
			memcpy(client->b, tcp + i + 4, *af == HVLB_AF_INET ? 4 : 16);
			return 0;
		}
		i += tcp[i + 1];
	}
	return -1;
}

uint16_t
toa_udp_room(const struct pkt_info *pi, uint8_t af)
{
	uint16_t len = af == HVLB_AF_INET ? TOA_LEN4 : TOA_LEN6;

	if (pi->key.proto != HVLB_PROTO_UDP || (uint32_t)pi->l3_len + len > TOA_UDP_MAX_L3)
		return 0;
	return len;
}

void
toa_udp_insert(uint8_t *frame, const struct pkt_info *pi, uint16_t len,
	       const union hvlb_addr *client, uint16_t cport)
{
	uint8_t *ip = frame + pi->l3_off, *udp = frame + pi->l4_off;
	uint8_t *t = frame + pi->l3_off + pi->l3_len;
	unsigned alen = len == TOA_LEN4 ? 4 : 16;
	uint16_t old, new_, c;
	uint32_t d;

	memcpy(t, client->b, alen);
	memcpy(t + alen, &cport, 2);
	t[alen + 2] = TOA_KIND;
	t[alen + 3] = (uint8_t)len;
	/* The trailer's own sum, as it lies in the segment: bytes at an odd offset are summed
	 * swapped. */
	d = csum_partial(t, len, 0);
	d = (d & 0xffff) + (d >> 16);
	d = (d & 0xffff) + (d >> 16);
	if ((pi->l4_len & 1) != 0)
		d = (uint16_t)((d >> 8) | (d << 8));
	memcpy(&old, udp + 4, 2);
	toa_wr16(udp + 4, (uint16_t)(toa_rd16(udp + 4) + len));
	memcpy(&new_, udp + 4, 2);
	/* The UDP length is in the header and in the pseudo-header. */
	d += 2 * csum_delta16(old, new_);
	toa_ip_grow(ip, pi->key.af, len);
	memcpy(&c, udp + 6, 2);
	if (pi->key.af == HVLB_AF_INET && c == 0)
		return; /* no checksum */
	c = csum_adjust(c, d);
	if (c == 0)
		c = 0xffff;
	memcpy(udp + 6, &c, 2);
}
