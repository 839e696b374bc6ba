/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Structured log lines (log_kv.h): the message and its fields written as text (logfmt, as
 * Go's slog writes it) or, for the JSON stream, separated so that log_json_line makes each
 * field a member of the line's object.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "log_kv.h"

#define LOG_KV_LINE 1024
#define LOG_KV_ID_MAX 63 /* model.MaxNameLen */

static bool kv_json;
static char kv_forwarder[LOG_KV_ID_MAX + 1];

void
log_kv_set_json(bool json)
{
	kv_json = json;
}

static bool
id_char(char c, bool first)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       (!first && (c == '.' || c == '_' || c == '-'));
}

int
log_kv_set_forwarder(const char *id)
{
	size_t n = id != NULL ? strlen(id) : 0;

	if (n == 0 || n > LOG_KV_ID_MAX)
		return -EINVAL;
	for (size_t i = 0; i < n; i++)
		if (!id_char(id[i], i == 0))
			return -EINVAL;
	memcpy(kv_forwarder, id, n + 1);
	return 0;
}

const char *
log_kv_forwarder(void)
{
	return kv_forwarder;
}

/* Appends s[0..) to buf at *o (never past len - 1), dropping what would break the line. */
static void
put_raw(char *buf, size_t len, size_t *o, const char *s, bool json)
{
	for (; *s != '\0' && *o + 1 < len; s++) {
		/* The separator is the JSON form's; a newline would end the line early. */
		if (*s == '\n' || (json && *s == LOG_KV_SEP))
			buf[(*o)++] = ' ';
		else
			buf[(*o)++] = *s;
	}
	buf[*o] = '\0';
}

/* slog's text handler quotes a value that is empty or has a space, '=', '"' or a control
 * character; so does this. */
static bool
needs_quotes(const char *s)
{
	if (*s == '\0')
		return true;
	for (; *s != '\0'; s++)
		if ((unsigned char)*s <= ' ' || *s == '=' || *s == '"' || *s == 0x7f)
			return true;
	return false;
}

static void
put_quoted(char *buf, size_t len, size_t *o, const char *s)
{
	char e[8];

	put_raw(buf, len, o, "\"", false);
	for (; *s != '\0'; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			snprintf(e, sizeof(e), "\\%c", c);
		else if (c == '\n')
			snprintf(e, sizeof(e), "\\n");
		else if (c < ' ')
			snprintf(e, sizeof(e), "\\x%02x", c);
		else
			snprintf(e, sizeof(e), "%c", c);
		put_raw(buf, len, o, e, false);
	}
	put_raw(buf, len, o, "\"", false);
}

size_t
log_kv_format(char *buf, size_t len, bool json, const char *msg, const struct log_field *f,
	      size_t n)
{
	char num[24], sep[2] = {LOG_KV_SEP, '\0'};
	size_t o = 0;

	if (len == 0)
		return 0;
	buf[0] = '\0';
	put_raw(buf, len, &o, msg, json);
	/* As the agent's lines: the forwarder first (a JSON line gets it from log_json_line). */
	if (!json && kv_forwarder[0] != '\0') {
		put_raw(buf, len, &o, " " LOG_K_FORWARDER "=", false);
		put_raw(buf, len, &o, kv_forwarder, false);
	}
	for (size_t i = 0; i < n; i++) {
		const char *v = f[i].str != NULL ? f[i].str : "";
		char mark[2] = {f[i].is_num ? LOG_KV_NUM : LOG_KV_STR, '\0'};

		if (f[i].is_num) {
			snprintf(num, sizeof(num), "%llu", (unsigned long long)f[i].num);
			v = num;
		}
		put_raw(buf, len, &o, json ? sep : " ", false);
		put_raw(buf, len, &o, f[i].key, json);
		put_raw(buf, len, &o, json ? mark : "=", false);
		if (json || !needs_quotes(v))
			put_raw(buf, len, &o, v, json);
		else
			put_quoted(buf, len, &o, v);
	}
	return o;
}

void
log_kv(uint32_t level, const char *msg, const struct log_field *f, size_t n)
{
	char line[LOG_KV_LINE];

	log_kv_format(line, sizeof(line), kv_json, msg, f, n);
	rte_log(level, RTE_LOGTYPE_USER1, "USER1: %s\n", line);
}

const char *
log_service_id(char *buf, size_t len, const char *proto, const char *vip, unsigned port,
	       unsigned vni)
{
	int k = snprintf(buf, len, "%s-%s-%u", proto != NULL ? proto : "", vip != NULL ? vip : "",
			 port);

	if (vni != 0 && k > 0 && (size_t)k < len)
		snprintf(buf + k, len - (size_t)k, "-vni%u", vni);
	return buf;
}

const char *
log_real_key(char *buf, size_t len, const char *addr, unsigned port)
{
	bool v6 = addr != NULL && strchr(addr, ':') != NULL;

	snprintf(buf, len, "%s%s%s:%u", v6 ? "[" : "", addr != NULL ? addr : "", v6 ? "]" : "",
		 port);
	return buf;
}
