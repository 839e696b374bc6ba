/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * SIP call affinity (a service's hash = sip_call_id, docs/scheduling.md): the Call-ID of a SIP
 * message carried in one UDP datagram, and the hash a service schedules the message by. An
 * SBC or P-CSCF sends every call from one address and port, so the 5-tuple says nothing about
 * the call; the Call-ID (RFC 3261 section 20.8) names it in every message of it, its
 * retransmissions included.
 *
 * A sip_call_id service's connection entries are keyed by the client's 5-tuple plus the real
 * chosen (struct flow_key's pad: SIP_PAD_TAG | the real's slot), one entry per (client tuple,
 * real): the NF's replies (NF addr:port -> client) are distinct per real anyway and keep a
 * pad of 0 (conn.c conn_reply_key), so they are found as any NAT reply is.
 */
#ifndef HVLB_CORE_SIP_H
#define HVLB_CORE_SIP_H

#include <stdint.h>

#include "types.h"

/* The pad of a sip_call_id connection's ORIG key: this bit and the low 15 bits of the RS slot.
 * A VXLAN tenant index (core/vxlan.h) stays below it, so the two never meet. */
#define SIP_PAD_TAG 0x8000u
#define SIP_PAD_SLOT_MASK 0x7fffu

static inline uint16_t
sip_pad(uint16_t rs_slot)
{
	return (uint16_t)(SIP_PAD_TAG | (rs_slot & SIP_PAD_SLOT_MASK));
}

/* Find the Call-ID header (RFC 3261: "Call-ID" or its compact form "i", the name in any case,
 * folded continuation lines allowed) among the headers of the SIP message p[0..len): the
 * first such header before the blank line that ends the headers; a body is never searched.
 * On success returns 0 and sets *off, *vlen to its value with the whitespace around it
 * trimmed. Returns -1 when there is none, the value is empty, or the message ends (is
 * truncated) before the header's line does. */
int sip_call_id(const uint8_t *p, uint32_t len, uint32_t *off, uint32_t *vlen);

/* The hash a Call-ID value v[0..len) schedules by: hash_bytes (core/hash.h) of its bytes
 * without any whitespace (a folded value hashes as the same value unfolded, so every message
 * of a call agrees however its sender wrapped the line). */
uint32_t sip_call_id_hash(const uint8_t *v, uint32_t len);

#endif
