/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The Call-ID of a SIP message (sip.h). Reads the datagram's bytes only: no allocation, no
 * state, so the same code serves the worker, the tests and the fuzzer.
 */
#include <string.h>

#include "hash.h"
#include "sip.h"

static inline int
sip_ws(uint8_t c)
{
	return c == ' ' || c == '\t';
}

static inline int
sip_lws(uint8_t c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* The line that starts at i: its end (before CRLF or LF) in *le; returns the start of the
 * next line, or 0 when the line does not end within len (no line starts at 0 but the first). */
static uint32_t
sip_line(const uint8_t *p, uint32_t len, uint32_t i, uint32_t *le)
{
	const uint8_t *nl = memchr(p + i, '\n', len - i);
	uint32_t e;

	if (nl == NULL)
		return 0;
	e = (uint32_t)(nl - p);
	*le = e > i && p[e - 1] == '\r' ? e - 1 : e;
	return e + 1;
}

/* If the header line p[i..le) is a Call-ID, the offset of its value (after the colon); else
 * 0. The name is a token up to optional whitespace and the colon. */
static uint32_t
sip_is_call_id(const uint8_t *p, uint32_t i, uint32_t le)
{
	static const char name[] = "call-id";
	uint32_t n = 0;

	while (i + n < le && p[i + n] != ':' && !sip_ws(p[i + n]))
		n++;
	if (n == 1) {
		if ((p[i] | 0x20) != 'i')
			return 0;
	} else if (n == sizeof(name) - 1) {
		for (uint32_t k = 0; k < n; k++)
			if ((p[i + k] | 0x20) != (uint8_t)name[k])
				return 0;
	} else {
		return 0;
	}
	i += n;
	while (i < le && sip_ws(p[i]))
		i++;
	return i < le && p[i] == ':' ? i + 1 : 0;
}

int
sip_call_id(const uint8_t *p, uint32_t len, uint32_t *off, uint32_t *vlen)
{
	uint32_t i, next, le, vs, ve;

	/* The start line (request or status) is no header. */
	next = len > 0 ? sip_line(p, len, 0, &le) : 0;
	for (i = next; next != 0 && i < len; i = next) {
		next = sip_line(p, len, i, &le);
		if (next == 0 || le == i)
			return -1; /* truncated, or the blank line: the body follows */
		if (sip_ws(p[i]))
			continue; /* a continuation of another header */
		vs = sip_is_call_id(p, i, le);
		if (vs == 0)
			continue;
		/* The header's value runs on over folded lines (those starting with whitespace). */
		ve = le;
		while (next < len && sip_ws(p[next])) {
			next = sip_line(p, len, next, &ve);
			if (next == 0)
				return -1;
		}
		while (vs < ve && sip_lws(p[vs]))
			vs++;
		while (ve > vs && sip_lws(p[ve - 1]))
			ve--;
		if (ve == vs)
			return -1;
		*off = vs;
		*vlen = ve - vs;
		return 0;
	}
	return -1;
}

uint32_t
sip_call_id_hash(const uint8_t *v, uint32_t len)
{
	uint32_t h = 0, i = 0;

	/* hash_bytes chains: hash_bytes(b, hash_bytes(a)) is hash_bytes of a then b. */
	while (i < len) {
		uint32_t s;

		while (i < len && sip_lws(v[i]))
			i++;
		s = i;
		while (i < len && !sip_lws(v[i]))
			i++;
		if (i > s)
			h = hash_bytes(v + s, i - s, h);
	}
	return h;
}
