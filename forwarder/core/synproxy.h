/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The SYN proxy of a NAT service (docs/synproxy.md): while it is on, a client's SYN creates
 * no connection entry. The forwarder answers with a SYN-ACK whose ISN is a SYN cookie; only
 * a client ACK that carries a valid cookie (ack - 1) creates the connection, and the forwarder
 * then opens the NF's side itself (a SYN with the client's ISN) and, once the NF answers,
 * translates the sequence numbers of the NF's side by delta = NF ISN - cookie ISN for the
 * rest of the connection.
 *
 * This file holds the pure parts: the cookie (a keyed hash, SipHash-2-4, of the 4-tuple, the
 * client's ISN and a coarse time counter, with an MSS index in its low bits), the frames the
 * proxy builds in place of the ones it received, and the translation. No DPDK, no allocation:
 * the worker (src/worker_synproxy.c) calls them.
 */
#ifndef HVLB_CORE_SYNPROXY_H
#define HVLB_CORE_SYNPROXY_H

#include <stdbool.h>
#include <stdint.h>

#include "parse.h"
#include "types.h"

/* The cookie's time counter advances once every SYNPROXY_PERIOD_S seconds; a cookie made
 * with counter t is accepted while the counter is t or t + 1 (so 64 to 128 s after it was
 * sent, as Linux's SYN cookies). */
#define SYNPROXY_PERIOD_S 64

/* The MSS values a cookie can carry (3 bits): the largest not above the client's MSS. */
#define SYNPROXY_MSS_N 8

/* The forwarder's secret (random at start). */
struct synproxy_key {
	uint64_t k[2];
};

/* The index of the largest cookie MSS not above mss (the client's MSS option; 0 when it sent
 * none, which RFC 9293 makes 536 for IPv4 and 1220 for IPv6). */
unsigned synproxy_mss_index(uint16_t mss, uint8_t af);

/* The MSS of index idx (< SYNPROXY_MSS_N). */
uint16_t synproxy_mss_value(unsigned idx);

/* The time counter at now seconds. */
static inline uint32_t
synproxy_counter(uint64_t now_s)
{
	return (uint32_t)(now_s / SYNPROXY_PERIOD_S);
}

/* The cookie (the ISN of the SYN-ACK) for a SYN of key (client -> VIP) with ISN isn, made at
 * counter t, carrying MSS index mss_idx. */
uint32_t synproxy_cookie(const struct synproxy_key *sk, const struct flow_key *key, uint32_t isn,
			 uint32_t t, unsigned mss_idx);

/* Whether cookie is one synproxy_cookie made for key and isn at counter t or t - 1: the MSS
 * index it carries (>= 0), or -1 (forged, or too old). */
int synproxy_cookie_check(const struct synproxy_key *sk, const struct flow_key *key,
			  uint32_t isn, uint32_t cookie, uint32_t t);

/* Fields of a parsed TCP segment (pi->key.proto TCP), host order. */
uint32_t synproxy_tcp_seq(const uint8_t *frame, const struct pkt_info *pi);
uint32_t synproxy_tcp_ack(const uint8_t *frame, const struct pkt_info *pi);
uint16_t synproxy_tcp_win(const uint8_t *frame, const struct pkt_info *pi);
/* Bytes of payload after the TCP header (0 when the data offset overruns the segment). */
uint32_t synproxy_tcp_payload(const uint8_t *frame, const struct pkt_info *pi);
/* The MSS option's value, or 0 when there is none (or the options are malformed). */
uint16_t synproxy_tcp_mss(const uint8_t *frame, const struct pkt_info *pi);

/* The length of the frames the builders below write: pi's L2 and L3 headers (IPv6 without
 * its extension headers: the builders leave them out), a TCP header with at most the MSS
 * option, zero-padded to the Ethernet minimum. */
uint32_t synproxy_frame_len(const struct pkt_info *pi, bool with_mss);

/* A client's SYN becomes, in place, the cookie SYN-ACK to the client: addresses and ports
 * swapped, seq = cookie, ack = ISN + 1, window = mss (one segment until the NF's first
 * window: the proxy holds one packet of the client's, no more), MSS option only (no window
 * scale, SACK or timestamps: the cookie cannot remember them), TTL 64, checksums computed.
 * frame must have room for synproxy_frame_len(pi, true) bytes. pi is updated (lengths, key)
 * to describe the new frame; returns its length. */
uint32_t synproxy_make_synack(uint8_t *frame, struct pkt_info *pi, uint32_t cookie, uint16_t mss);

/* A client's ACK (the cookie's) becomes, in place, the SYN the client would have sent:
 * same addresses and ports, seq = its seq - 1, ack 0, its window, MSS option mss; the payload
 * is cut. Then rewrite_nat_to_rs sends it to the NF. Room, pi and length as above. */
uint32_t synproxy_make_syn(uint8_t *frame, struct pkt_info *pi, uint16_t mss);

/* The NF's SYN-ACK (NF -> client) becomes, in place, the ACK the client would have sent the
 * NF: addresses and ports swapped (so NF-side addresses: client -> NF), seq = its ack, ack =
 * its seq + 1, window win, no options, TTL 64. Room, pi and length as above. */
uint32_t synproxy_make_ack(uint8_t *frame, struct pkt_info *pi, uint16_t win);

/* Translation of an established proxied connection, checksums updated incrementally.
 * Client -> NF: the ack number, and the SACK blocks' edges if any, + delta (they speak of the
 * NF's sequence space as the client knows it). */
void synproxy_to_nf(uint8_t *frame, const struct pkt_info *pi, uint32_t delta);

/* NF -> client: the sequence number - delta. */
void synproxy_to_client(uint8_t *frame, const struct pkt_info *pi, uint32_t delta);

/* Set the sequence number (an NF's RST to the proxy's SYN, passed on to the client with the
 * sequence number the client expects, cookie + 1). */
void synproxy_set_seq(uint8_t *frame, const struct pkt_info *pi, uint32_t seq);

#endif
