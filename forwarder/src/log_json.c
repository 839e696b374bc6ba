/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The forwarder's JSON log lines (log_json.h). DPDK formats each message and writes it to its
 * log stream, telling the level of the message being written by rte_log_cur_msg_loglevel();
 * this stream gathers the bytes into lines and writes each as one object.
 */
#define _GNU_SOURCE
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <rte_log.h>

#include "log_json.h"
#include "log_kv.h"

#define LINE_MAX_LEN 2048

struct log_json {
	FILE *out;
	size_t n;
	char line[LINE_MAX_LEN];
};

/* slog's names for DPDK's levels. */
static const char *
level_name(unsigned level)
{
	if (level <= RTE_LOG_ERR)
		return "ERROR";
	if (level == RTE_LOG_WARNING)
		return "WARN";
	if (level <= RTE_LOG_INFO)
		return "INFO";
	return "DEBUG";
}

/* s[0..n) as the inside of a JSON string into buf; the length written, never past len. */
static size_t
escape(char *buf, size_t len, const char *s, size_t n)
{
	size_t o = 0;

	for (size_t i = 0; i < n && o + 7 < len; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == '"' || c == '\\') {
			buf[o++] = '\\';
			buf[o++] = (char)c;
		} else if (c < 0x20) {
			o += (size_t)snprintf(buf + o, len - o, "\\u%04x", c);
		} else {
			buf[o++] = (char)c;
		}
	}
	return o;
}

/* The fields log_kv put after the message (sep key mark value ...) as JSON members, each
 * led by a comma, into buf; the length written, 0 when they do not fit. */
static size_t
fields_json(char *buf, size_t len, const char *p, const char *end)
{
	size_t o = 0;

	while (p < end) {
		const char *next = memchr(p + 1, LOG_KV_SEP, (size_t)(end - p - 1));
		const char *f = p + 1, *fe = next != NULL ? next : end, *mark = f;

		while (mark < fe && *mark != LOG_KV_STR && *mark != LOG_KV_NUM)
			mark++;
		bool num = mark < fe && *mark == LOG_KV_NUM && mark + 1 < fe;
		for (const char *d = mark + 1; num && d < fe; d++)
			num = *d >= '0' && *d <= '9';
		if (o + 4 >= len)
			return 0;
		buf[o++] = ',';
		buf[o++] = '"';
		o += escape(buf + o, len - o, f, (size_t)(mark - f));
		if (o + 4 >= len)
			return 0;
		memcpy(buf + o, num ? "\":" : "\":\"", num ? 2 : 3);
		o += num ? 2 : 3;
		if (mark < fe)
			o += escape(buf + o, len - o, mark + 1, (size_t)(fe - mark - 1));
		if (o + 2 >= len)
			return 0;
		if (!num)
			buf[o++] = '"';
		p = fe;
	}
	buf[o] = '\0';
	return o;
}

size_t
log_json_line(char *buf, size_t len, const char *line, size_t n, unsigned level, long long t_s,
	      long t_ns)
{
	char when[32], logtype[16] = "";
	time_t secs = (time_t)t_s;
	struct tm tm;
	size_t o;

	/* RTE_LOG's "USER1: " (its type) leads the message: a field of its own. */
	const char *colon = memchr(line, ':', n < 16 ? n : 16);
	if (colon != NULL && colon + 1 < line + n && colon[1] == ' ') {
		bool word = colon > line;
		for (const char *p = line; p < colon; p++)
			word = word && ((*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9'));
		if (word) {
			snprintf(logtype, sizeof(logtype), "%.*s", (int)(colon - line), line);
			n -= (size_t)(colon + 2 - line);
			line = colon + 2;
		}
	}
	/* log_kv's fields (log_kv.h) follow the message. */
	const char *sep = memchr(line, LOG_KV_SEP, n);
	size_t msg_n = sep != NULL ? (size_t)(sep - line) : n;

	gmtime_r(&secs, &tm);
	strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%S", &tm);
	o = (size_t)snprintf(buf, len, "{\"time\":\"%s.%03ldZ\",\"level\":\"%s\",\"msg\":\"", when,
			     t_ns / 1000000, level_name(level));
	if (o >= len)
		return 0;
	/* The end of the object first, so that a message too long is cut, never the object;
	 * fields that cannot all fit are left out whole. */
	char tail[LINE_MAX_LEN + 64];
	/* The forwarder's id is letters, digits and ".-_" (log_kv_set_forwarder): no escaping. */
	const char *id = log_kv_forwarder();
	size_t tn = (size_t)snprintf(tail, sizeof(tail), "\",\"component\":\"forwarder\"%s%s%s%s%s%s",
				     id[0] != '\0' ? ",\"" LOG_K_FORWARDER "\":\"" : "", id,
				     id[0] != '\0' ? "\"" : "",
				     logtype[0] != '\0' ? ",\"logtype\":\"" : "", logtype,
				     logtype[0] != '\0' ? "\"" : "");
	size_t room = len - o - 1 < sizeof(tail) ? len - o - 1 : sizeof(tail);

	if (sep != NULL && room > tn + 3)
		tn += fields_json(tail + tn, room - tn - 3, sep, line + n);
	memcpy(tail + tn, "}\n", 3);
	tn += 2;
	if (o + tn + 1 > len)
		return 0;
	o += escape(buf + o, len - o - tn, line, msg_n);
	memcpy(buf + o, tail, tn + 1);
	return o + tn;
}

static void
emit(struct log_json *lj)
{
	char buf[LINE_MAX_LEN * 2 + 160];
	struct timespec ts;
	int level = rte_log_cur_msg_loglevel();
	size_t n;

	clock_gettime(CLOCK_REALTIME, &ts);
	n = log_json_line(buf, sizeof(buf), lj->line, lj->n, level > 0 ? (unsigned)level
							       : RTE_LOG_INFO,
			  (long long)ts.tv_sec, ts.tv_nsec);
	fwrite(buf, 1, n, lj->out);
	fflush(lj->out);
	lj->n = 0;
}

static ssize_t
lj_write(void *cookie, const char *b, size_t size)
{
	struct log_json *lj = cookie;

	for (size_t i = 0; i < size; i++) {
		if (b[i] == '\n') {
			emit(lj);
			continue;
		}
		if (lj->n < sizeof(lj->line))
			lj->line[lj->n++] = b[i];
	}
	return (ssize_t)size;
}

static int
lj_close(void *cookie)
{
	struct log_json *lj = cookie;

	if (lj->n > 0)
		emit(lj);
	free(lj);
	return 0;
}

FILE *
log_json_stream(FILE *out)
{
	cookie_io_functions_t io = {.write = lj_write, .close = lj_close};
	struct log_json *lj = calloc(1, sizeof(*lj));
	FILE *f;

	if (lj == NULL)
		return NULL;
	lj->out = out;
	f = fopencookie(lj, "w", io);
	if (f == NULL) {
		free(lj);
		return NULL;
	}
	setvbuf(f, NULL, _IOLBF, 0);
	return f;
}

int
log_format_arg(int argc, char **argv, int *json)
{
	bool own = false;

	*json = 0;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--") == 0) {
			own = true;
			continue;
		}
		if (!own || strcmp(argv[i], "--log-format") != 0)
			continue;
		if (i + 1 < argc && strcmp(argv[i + 1], "json") == 0) {
			*json = 1;
		} else if (i + 1 >= argc || strcmp(argv[i + 1], "text") != 0) {
			fprintf(stderr, "hvlb-forwarder: --log-format %s: want text or json\n",
				i + 1 < argc ? argv[i + 1] : "(none)");
			return -1;
		}
	}
	return 0;
}

int
log_id_arg(int argc, char **argv, const char **id)
{
	bool own = false;

	*id = NULL;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--") == 0) {
			own = true;
			continue;
		}
		if (!own || strcmp(argv[i], "--id") != 0)
			continue;
		/* Empty: none (the unit passes the agent's HVLB_AGENT_ID, empty on a host without). */
		if (i + 1 < argc && argv[i + 1][0] == '\0')
			continue;
		if (i + 1 >= argc || log_kv_set_forwarder(argv[i + 1]) != 0) {
			fprintf(stderr,
				"hvlb-forwarder: --id %s: want 1-63 letters, digits, '.', '_' or '-', "
				"starting with a letter or digit (the agent's --id)\n",
				i + 1 < argc ? argv[i + 1] : "(none)");
			return -1;
		}
		*id = argv[i + 1];
	}
	return 0;
}
