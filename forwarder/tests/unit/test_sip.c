/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * sip.c: the Call-ID of SIP messages, full and compact header names, any case, whitespace
 * and folding, a missing header, truncated messages, a header-like line in a body, and the
 * hash of a value (whitespace-free, chained) against hash_bytes.
 */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "hash.h"
#include "sip.h"

#define INV "INVITE sip:bob@example.com SIP/2.0\r\nVia: SIP/2.0/UDP 10.0.0.1:5060\r\n"

/* The Call-ID sip_call_id finds in s (NULL: none), in buf. */
static const char *
find(const char *s, char *buf, size_t n)
{
	uint32_t off, len;

	if (sip_call_id((const uint8_t *)s, (uint32_t)strlen(s), &off, &len) != 0)
		return NULL;
	if (len >= n)
		len = (uint32_t)n - 1;
	memcpy(buf, s + off, len);
	buf[len] = '\0';
	return buf;
}

#define CHECK_ID(msg, want)                                                                        \
	do {                                                                                       \
		char b_[128];                                                                      \
		const char *got_ = find(msg, b_, sizeof(b_));                                      \
		const char *w_ = (want);                                                           \
		if (w_ == NULL)                                                                    \
			CHECK(got_ == NULL);                                                       \
		else                                                                               \
			CHECK(got_ != NULL && strcmp(got_, w_) == 0);                              \
	} while (0)

static void
test_full_and_compact(void)
{
	CHECK_ID(INV "Call-ID: a84b4c76e66710@pc33\r\nCSeq: 1 INVITE\r\n\r\n", "a84b4c76e66710@pc33");
	CHECK_ID(INV "i: abc@host\r\n\r\n", "abc@host");
	CHECK_ID("SIP/2.0 200 OK\r\nI:xyz\r\n\r\n", "xyz");
	/* The first of two. */
	CHECK_ID(INV "Call-ID: one\r\ni: two\r\n\r\n", "one");
	/* Bare LF line ends. */
	CHECK_ID("BYE sip:x SIP/2.0\nCall-ID: lf@h\n\n", "lf@h");
}

static void
test_case(void)
{
	CHECK_ID(INV "call-id: x1\r\n\r\n", "x1");
	CHECK_ID(INV "CALL-ID: x2\r\n\r\n", "x2");
	CHECK_ID(INV "cAlL-iD: x3\r\n\r\n", "x3");
}

static void
test_whitespace_and_folding(void)
{
	CHECK_ID(INV "Call-ID   :   spaced@h   \r\n\r\n", "spaced@h");
	CHECK_ID(INV "Call-ID:\tt@h\t\r\n\r\n", "t@h");
	CHECK_ID(INV "Call-ID:\r\n   folded@h\r\nCSeq: 1 INVITE\r\n\r\n", "folded@h");
	/* A folded value hashes as the unfolded one. */
	const char *a = "folded@h", *b = "folded@h \r\n ";
	CHECK_EQ(sip_call_id_hash((const uint8_t *)a, 8), sip_call_id_hash((const uint8_t *)b, 12));
	CHECK_EQ(sip_call_id_hash((const uint8_t *)a, 8), hash_bytes(a, 8, 0));
	CHECK_EQ(sip_call_id_hash((const uint8_t *)"ab\r\n cd", 7), hash_bytes("abcd", 4, 0));
	/* A continuation line of another header is no header of its own. */
	CHECK_ID(INV "Subject: hi\r\n Call-ID: no\r\nCall-ID: yes\r\n\r\n", "yes");
}

static void
test_missing(void)
{
	CHECK_ID(INV "CSeq: 1 INVITE\r\n\r\n", NULL);
	CHECK_ID(INV "Call-IDs: x\r\nCall: y\r\nix: z\r\n\r\n", NULL);
	CHECK_ID(INV "Call-ID:   \r\n\r\n", NULL);
	CHECK_ID(INV "Call-ID x\r\n\r\n", NULL);
	CHECK_ID("\r\n\r\n", NULL); /* a keep-alive */
	CHECK_ID("", NULL);
	/* The start line is no header. */
	CHECK_ID("i: x\r\n\r\n", NULL);
}

static void
test_truncated(void)
{
	const char *m = INV "Call-ID: cut@h\r\n\r\n";
	char buf[128];
	uint32_t off, len, n = (uint32_t)strlen(m);

	/* Every prefix that ends before the value's line does finds nothing; longer ones find
	 * the whole value, never a part of it. */
	for (uint32_t k = 0; k <= n; k++) {
		int rc = sip_call_id((const uint8_t *)m, k, &off, &len);

		if (k < (uint32_t)(strstr(m, "cut@h") - m) + 7) { /* its line ends with the LF */
			CHECK_EQ(rc, -1);
		} else {
			CHECK_EQ(rc, 0);
			CHECK(rc != 0 || (len == 5 && memcmp(m + off, "cut@h", 5) == 0));
		}
	}
	/* Truncated in a folded value's continuation. */
	memcpy(buf, INV "Call-ID:\r\n  fold", sizeof(INV "Call-ID:\r\n  fold"));
	CHECK(sip_call_id((const uint8_t *)buf, (uint32_t)strlen(buf), &off, &len) == -1);
}

static void
test_body(void)
{
	CHECK_ID(INV "Content-Type: application/sdp\r\nContent-Length: 20\r\n\r\nCall-ID: body@h\r\n",
		 NULL);
	CHECK_ID(INV "Call-ID: head@h\r\nContent-Length: 20\r\n\r\nv=0\r\ni: body@h\r\n", "head@h");
}

int
main(void)
{
	RUN(test_full_and_compact);
	RUN(test_case);
	RUN(test_whitespace_and_folding);
	RUN(test_missing);
	RUN(test_truncated);
	RUN(test_body);
	return check_summary();
}
