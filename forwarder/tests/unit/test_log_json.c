/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The forwarder's JSON log lines (src/log_json.c): the Go components' field names, DPDK's
 * levels as slog's, RTE_LOG's type apart, quotes and control characters escaped, a line too
 * long cut and still an object; and --log-format's check.
 */
#include <rte_log.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "log_json.h"

static void
test_line(void)
{
	char buf[512];
	const char *m = "USER1: port0: \"eth0\"\tup";
	size_t n = log_json_line(buf, sizeof(buf), m, strlen(m), RTE_LOG_WARNING, 1764646481LL,
				 875000000L);

	CHECK_EQ(n, strlen(buf));
	const char *want = "{\"time\":\"2025-12-02T03:34:41.875Z\",\"level\":\"WARN\",\"msg\":"
			   "\"port0: \\\"eth0\\\"\\u0009up\",\"component\":\"forwarder\","
			   "\"logtype\":\"USER1\"}\n";
	if (strcmp(buf, want) != 0)
		fprintf(stderr, "got  %swant %s", buf, want);
	CHECK(strcmp(buf, want) == 0);
	m = "EAL: Detected 2 lcore(s)";
	log_json_line(buf, sizeof(buf), m, strlen(m), RTE_LOG_INFO, 0, 0);
	CHECK(strstr(buf, "\"level\":\"INFO\",\"msg\":\"Detected 2 lcore(s)\"") != NULL);
	CHECK(strstr(buf, "\"logtype\":\"EAL\"") != NULL);
	m = "no type here: at all";
	log_json_line(buf, sizeof(buf), m, strlen(m), RTE_LOG_ERR, 0, 0);
	CHECK(strstr(buf, "\"level\":\"ERROR\",\"msg\":\"no type here: at all\"") != NULL);
	CHECK(strstr(buf, "logtype") == NULL);
}

static void
test_cut(void)
{
	char big[1000], buf[200];

	memset(big, '"', sizeof(big));
	size_t n = log_json_line(buf, sizeof(buf), big, sizeof(big), RTE_LOG_DEBUG, 0, 0);
	CHECK(n < sizeof(buf));
	CHECK(n > 0 && buf[n - 1] == '\n');
	CHECK(strstr(buf, "\"component\":\"forwarder\"}") != NULL);
}

static void
test_arg(void)
{
	char *ok[] = {"f", "-l", "0,1", "--", "-c", "x.ini", "--log-format", "json", NULL};
	char *text[] = {"f", "--", "--log-format", "text", NULL};
	char *bad[] = {"f", "--", "--log-format", "xml", NULL};
	char *eal[] = {"f", "--log-format", "xml", "--", NULL}; /* before "--": EAL's, not ours */
	int json;

	CHECK_EQ(log_format_arg(8, ok, &json), 0);
	CHECK_EQ(json, 1);
	CHECK_EQ(log_format_arg(4, text, &json), 0);
	CHECK_EQ(json, 0);
	CHECK_EQ(log_format_arg(4, bad, &json), -1);
	CHECK_EQ(log_format_arg(4, eal, &json), 0);
	CHECK_EQ(json, 0);
}

int
main(void)
{
	RUN(test_line);
	RUN(test_cut);
	RUN(test_arg);
	return check_summary();
}
