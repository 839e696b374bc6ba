/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The forwarder's JSON log lines (src/log_json.c): the Go components' field names, DPDK's
 * levels as slog's, RTE_LOG's type apart, quotes and control characters escaped, a line too
 * long cut and still an object; and --log-format's check. The structured lines (src/log_kv.c):
 * their fields as text (slog's logfmt) and as members of the JSON object, under the names the
 * Go components use, numbers as numbers.
 */
#include <errno.h>
#include <rte_log.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "log_json.h"
#include "drop_log.h"
#include "log_kv.h"

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

static void
test_kv(void)
{
	char id[64], rk[64], line[512], buf[1024];
	const struct log_field f[] = {
		LOG_S(LOG_K_SERVICE, log_service_id(id, sizeof(id), "tcp", "10.100.0.1", 80, 0)),
		LOG_S(LOG_K_REAL, log_real_key(rk, sizeof(rk), "fd00:1::11", 8080)),
		LOG_U(LOG_K_WORKER, 3),
		LOG_S(LOG_K_ERR, "weight \"x\": bad\n"),
		LOG_S("empty", NULL),
	};
	size_t n;

	/* As text: slog's form, a value with spaces or quotes quoted, an empty one "". */
	n = log_kv_format(line, sizeof(line), false, "real changed", f, 5);
	CHECK_EQ(n, strlen(line));
	const char *text = "real changed service=tcp-10.100.0.1-80 real=[fd00:1::11]:8080 worker=3 "
			   "err=\"weight \\\"x\\\": bad\\n\" empty=\"\"";
	if (strcmp(line, text) != 0)
		fprintf(stderr, "got  %s\nwant %s\n", line, text);
	CHECK(strcmp(line, text) == 0);

	/* As JSON: each field a member, the number a number, the message alone in msg. */
	char typed[600];
	n = log_kv_format(line, sizeof(line), true, "real changed", f, 5);
	snprintf(typed, sizeof(typed), "USER1: %s", line);
	log_json_line(buf, sizeof(buf), typed, strlen(typed), RTE_LOG_INFO, 0, 0);
	const char *want = "{\"time\":\"1970-01-01T00:00:00.000Z\",\"level\":\"INFO\","
			   "\"msg\":\"real changed\",\"component\":\"forwarder\",\"logtype\":\"USER1\","
			   "\"service\":\"tcp-10.100.0.1-80\",\"real\":\"[fd00:1::11]:8080\","
			   "\"worker\":3,\"err\":\"weight \\\"x\\\": bad \",\"empty\":\"\"}\n";
	if (strcmp(buf, want) != 0)
		fprintf(stderr, "got  %swant %s", buf, want);
	CHECK(strcmp(buf, want) == 0);

	/* A VXLAN tenant's service id, as model.ServiceIDVNI. */
	CHECK(strcmp(log_service_id(id, sizeof(id), "udp", "10.0.0.1", 53, 100),
		     "udp-10.0.0.1-53-vni100") == 0);

	/* Fields that do not fit are left out whole: the line stays one object. */
	char small[160];
	n = log_json_line(small, sizeof(small), typed, strlen(typed), RTE_LOG_INFO, 0, 0);
	CHECK(n > 0 && n < sizeof(small) && small[n - 1] == '\n');
	CHECK(strstr(small, "\"component\":\"forwarder\"") != NULL);
	CHECK(strstr(small, "\"worker\"") == NULL);
}

/* The drops' summary: the reasons that moved since the last look, by name, how many in that
 * time; the segment's ARP for others left out; the last look brought up to date. */
static void
test_drop_fields(void)
{
	uint64_t last[HVLB_DROP_MAX] = {0}, now[HVLB_DROP_MAX] = {0};
	struct log_field out[HVLB_DROP_MAX];
	char line[512];

	last[HVLB_DROP_NO_VS] = 10;
	now[HVLB_DROP_NO_VS] = 15;
	now[HVLB_DROP_ARP_IGNORED] = 1000;
	now[HVLB_DROP_NEIGH_MISS] = 2;
	size_t n = drop_log_fields(now, last, out);
	CHECK_EQ(n, 2);
	log_kv_format(line, sizeof(line), false, "packets dropped", out, n);
	CHECK(strstr(line, "no_vs=5") != NULL && strstr(line, "neigh_miss=2") != NULL);
	CHECK(strstr(line, "arp_ignored") == NULL);
	CHECK_EQ(last[HVLB_DROP_NO_VS], 15);
	CHECK_EQ(drop_log_fields(now, last, out), 0); /* nothing moved since */
}

/* --id: checked by the controller's rule; once set, every line carries it, as the agent's:
 * the text lines first after the message, the JSON lines (log_kv's or DPDK's) beside
 * component. Last: the id stays set. */
static void
test_forwarder_id(void)
{
	char *bad[] = {"f", "--", "--id", "fwd 1", NULL};
	char *none[] = {"f", "--", "--id", NULL};
	char *eal[] = {"f", "--id", "x y", "--", NULL}; /* before "--": EAL's, not ours */
	char *empty[] = {"f", "--", "--id", "", NULL};    /* the unit's HVLB_AGENT_ID unset */
	char *ok[] = {"f", "-l", "0", "--", "-c", "x.ini", "--id", "fwd-1", NULL};
	const struct log_field f[] = {LOG_S(LOG_K_SERVICE, "tcp-10.100.0.1-80")};
	const char *id;
	char line[256], typed[300], buf[512];

	CHECK_EQ(log_id_arg(4, bad, &id), -1);
	CHECK_EQ(log_id_arg(3, none, &id), -1);
	CHECK_EQ(log_id_arg(4, eal, &id), 0);
	CHECK(id == NULL);
	CHECK_EQ(log_id_arg(4, empty, &id), 0);
	CHECK(id == NULL);
	CHECK_EQ(log_kv_set_forwarder(".a"), -EINVAL);
	CHECK_EQ(log_kv_set_forwarder(""), -EINVAL);
	CHECK(strcmp(log_kv_forwarder(), "") == 0); /* nothing refused was kept */
	CHECK_EQ(log_id_arg(8, ok, &id), 0);
	CHECK(id != NULL && strcmp(id, "fwd-1") == 0);
	CHECK(strcmp(log_kv_forwarder(), "fwd-1") == 0);

	log_kv_format(line, sizeof(line), false, "service added", f, 1);
	CHECK(strcmp(line, "service added forwarder=fwd-1 service=tcp-10.100.0.1-80") == 0);

	log_kv_format(line, sizeof(line), true, "service added", f, 1);
	snprintf(typed, sizeof(typed), "USER1: %s", line);
	log_json_line(buf, sizeof(buf), typed, strlen(typed), RTE_LOG_INFO, 0, 0);
	const char *want = "{\"time\":\"1970-01-01T00:00:00.000Z\",\"level\":\"INFO\","
			   "\"msg\":\"service added\",\"component\":\"forwarder\",\"forwarder\":\"fwd-1\","
			   "\"logtype\":\"USER1\",\"service\":\"tcp-10.100.0.1-80\"}\n";
	if (strcmp(buf, want) != 0)
		fprintf(stderr, "got  %swant %s", buf, want);
	CHECK(strcmp(buf, want) == 0);
	const char *m = "EAL: Detected 2 lcore(s)";
	log_json_line(buf, sizeof(buf), m, strlen(m), RTE_LOG_INFO, 0, 0);
	CHECK(strstr(buf, "\"forwarder\":\"fwd-1\"") != NULL);
}

int
main(void)
{
	RUN(test_kv);
	RUN(test_drop_fields);
	RUN(test_line);
	RUN(test_cut);
	RUN(test_arg);
	RUN(test_forwarder_id);
	return check_summary();
}
