/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The start-up file's reader (src/cfgini.c, cfgfile*.c) without EAL: files written to a
 * temporary directory, loaded, and the errors logged (captured from DPDK's log) compared with
 * what an operator should read: the file, the line, the section and the key.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <rte_log.h>

#include "cfgfile.h"
#include "check.h"
#include "fwd.pb-c.h"
#include "vs_setting_defs.h"

static char dir[] = "/tmp/hvlb_test_cfgfile_XXXXXX";
static char path[sizeof(dir) + 16];
static char logbuf[8192];
static FILE *log_fp;

/* The two ports every file below starts with (lines 1-6 after [forwarder]'s). */
#define PORTS "[port0]\ndev = net_ring_p0\naddr = 10.9.0.2/24\n" \
	      "[port1]\ndev = net_ring_p1\naddr = 10.1.0.1/24\n"

static void
write_file(const char *text)
{
	FILE *fp = fopen(path, "w");

	CHECK(fp != NULL);
	if (fp == NULL)
		return;
	fputs(text, fp);
	fclose(fp);
}

/* What the reader logged since the last call. */
static const char *
logged(void)
{
	long n;

	fflush(log_fp);
	n = ftell(log_fp);
	rewind(log_fp);
	n = (long)fread(logbuf, 1, n > 0 && (size_t)n < sizeof(logbuf) ? (size_t)n
							       : sizeof(logbuf) - 1, log_fp);
	logbuf[n > 0 ? n : 0] = '\0';
	rewind(log_fp);
	if (ftruncate(fileno(log_fp), 0) != 0)
		logbuf[0] = '\0';
	return logbuf;
}

/* Load text: NULL expected when err is given, which must then be in the log, after the
 * file's path. */
static void
expect_load(const char *text, const char *err)
{
	struct fwd_settings s;
	struct cfgini *cfg;
	char want[512];

	write_file(text);
	cfg = cfgfile_load(path, &s);
	const char *log = logged();
	if (err == NULL) {
		CHECK(cfg != NULL);
		if (cfg == NULL)
			fprintf(stderr, "unexpected error: %s", log);
	} else {
		CHECK(cfg == NULL);
		snprintf(want, sizeof(want), "%s%s", path, err);
		if (strstr(log, want) == NULL) {
			fprintf(stderr, "want \"%s\" in the log, which has:\n%s", want, log);
			CHECK(0);
		}
	}
	cfgini_free(cfg);
}

/* The same through cfgfile_check (load and apply), output to nowhere. */
static void
expect_check(const char *text, const char *err)
{
	FILE *out = fopen("/dev/null", "w");
	char want[512];
	int rc;

	write_file(text);
	rc = cfgfile_check(path, out);
	fclose(out);
	const char *log = logged();
	if (err == NULL) {
		CHECK_EQ(rc, 0);
		if (rc != 0)
			fprintf(stderr, "unexpected error: %s", log);
		return;
	}
	CHECK(rc != 0);
	snprintf(want, sizeof(want), "%s%s", path, err);
	if (strstr(log, want) == NULL) {
		fprintf(stderr, "want \"%s\" in the log, which has:\n%s", want, log);
		CHECK(0);
	}
}

static void
test_good_file(void)
{
	struct fwd_settings s;
	struct cfgini *cfg;

	write_file("[forwarder]\nconn_max = 4096   ; a comment\nrssa = off\n\n" PORTS
		   "[port2]\ndev = net_ring_p2\nrx_desc = 2048\n"
		   "[vs.web]\nprotocol = tcp\nvip = 10.100.0.1\nport = 80\nscheduler = rr\n"
		   "timeout_udp = 5\nrs.1 = 10.1.0.11:8080 weight=5\n"
		   "[timeouts]\nudp = 30\n[tunnel]\nmtu = 1400\n[local_pool]\naddrs = 10.1.0.100\n");
	cfg = cfgfile_load(path, &s);
	CHECK(cfg != NULL);
	CHECK_EQ(s.conn_max, 4096);
	CHECK_EQ(s.rssa.enabled, 0);
	CHECK_EQ(s.n_ports, 3);
	CHECK_EQ(s.port[2].rx_desc, 2048);
	CHECK_EQ(s.tunnel.mtu, 1400);
	CHECK_EQ(s.local_pool.n_addrs, 1);
	CHECK_EQ(s.idle_sleep_max_us, 100); /* the default */
	CHECK_EQ(s.idle_sleep_wake_max_us, 2000);
	CHECK_EQ(s.mbufs, 0);               /* unset: sized from the ports' rings */
	CHECK_EQ(s.worker_slice_us, 0);     /* the default: the kernel's */
	cfgini_free(cfg);
	expect_check("[forwarder]\nconn_max = 4096\n" PORTS
		     "[vs.web]\nprotocol = tcp\nvip = 10.100.0.1\nport = 80\n"
		     "rs.1 = 10.1.0.11:8080 weight=5\n[sync]\nid = 1\nlisten = 10.1.0.1:8472\n"
		     "key = 000102030405060708090a0b0c0d0e0f\npeer.1 = 10.1.0.2:8472\n",
		     NULL);
	/* k-way replication: 0 to 2 backups a connection, the limit named. */
	expect_check("[forwarder]\nconn_max = 4096\n" PORTS
		     "[sync]\nid = 1\nlisten = 10.1.0.1:8472\nreplicas = 1\n"
		     "key = 000102030405060708090a0b0c0d0e0f\npeer.1 = 10.1.0.2:8472\n",
		     NULL);
	expect_check(PORTS "[sync]\nid = 1\nlisten = 10.1.0.1:8472\nreplicas = 3\n"
			  "key = 000102030405060708090a0b0c0d0e0f\npeer.1 = 10.1.0.2:8472\n",
		     ":10: [sync] replicas: 3, must be 0 (every peer holds every connection) to 2");
	CHECK(logged()[0] == '\0');
}

static void
test_unknown_key(void)
{
	expect_load("[forwarder]\nconn_max = 4096\n; a comment\nconn_maxx = 4096\n" PORTS,
		    ":4: [forwarder] conn_maxx: unknown key (did you mean conn_max?)");
	/* In a service, the timeouts and reals by prefix; one too far from any has no guess. */
	expect_load(PORTS "[vs.a]\nprotocol = tcp\nshceduler = rr\n",
		    ":9: [vs.a] shceduler: unknown key (did you mean scheduler?)");
	expect_load(PORTS "[vs.a]\nprotocol = tcp\ntimeout_ud = 5\n",
		    ":9: [vs.a] timeout_ud: unknown key (did you mean timeout_udp?)");
	expect_load(PORTS "[vs.a]\nprotocol = tcp\nbananas = 5\n",
		    ":9: [vs.a] bananas: unknown key\n");
	expect_load("[forwarder]\nlocal_pool_adrs = 10.1.0.9\n" PORTS,
		    ":2: [forwarder] local_pool_adrs: unknown key (did you mean local_pool_addrs?)");
	/* Every unknown key is reported, not only the first. */
	write_file("[forwarder]\nconn_maxx = 1\nmbufz = 2\n" PORTS);
	struct fwd_settings s;
	CHECK(cfgfile_load(path, &s) == NULL);
	const char *log = logged();
	CHECK(strstr(log, ":2: [forwarder] conn_maxx") != NULL);
	CHECK(strstr(log, ":3: [forwarder] mbufz: unknown key (did you mean mbufs?)") != NULL);
}

static void
test_unknown_section(void)
{
	expect_load(PORTS "[vss.web]\nprotocol = tcp\n",
		    ":7: [vss.web]: unknown section (did you mean [vs.web]?)");
	expect_load(PORTS "\n[timeout]\nudp = 5\n",
		    ":8: [timeout]: unknown section (did you mean [timeouts]?)");
	expect_load(PORTS "[bananas]\nudp = 5\n", ":7: [bananas]: unknown section\n");
	expect_load(PORTS "[port01]\ndev = c\n",
		    ":7: [port01]: unknown section (did you mean [port0]?)");
	/* A port past a gap would never be read. */
	expect_load("[port0]\ndev = a\n[port2]\ndev = c\n",
		    ":3: [port2]: ports are port0 to port7, without a gap");
}

static void
test_syntax(void)
{
	expect_load("[forwarder]\nconn_max = 1\nconn_max = 2\n" PORTS,
		    ":3: [forwarder] conn_max: given again (first at line 2)");
	expect_load(PORTS "[port0]\n", ":7: [port0] again (first at line 1)");
	expect_load("conn_max = 1\n" PORTS, ":1: conn_max: a key before any [section]");
	expect_load(PORTS "[vs.a]\njust words\n", ":8: 'just words': not [section] nor key = value");
	expect_load(PORTS "[vs.a] trailing\n", ":7: '[vs.a] trailing': a section is [name] alone");
	expect_load(PORTS "[vs.a]\nprotocol =\n", ":8: 'protocol': a key has 1 to 63 characters");
	expect_load("", ": no [port0] section");
}

static void
test_bad_value(void)
{
	expect_load("[forwarder]\nmbufs = 8\n\nconn_max = 12abc\n" PORTS,
		    ":4: [forwarder] conn_max: '12abc' is not a number");
	expect_load("[forwarder]\nconn_max = -1\n" PORTS,
		    ":2: [forwarder] conn_max: '-1' is not a number");
	expect_load("[forwarder]\nconn_max = 8\n" PORTS,
		    ":2: [forwarder] conn_max: must be between 64 and");
	expect_load("[forwarder]\nidle_wake = soon\n" PORTS,
		    ":2: [forwarder] idle_wake: 'soon' is not rx or sleep");
	expect_load("[forwarder]\nworker_slice_us = 50\n" PORTS,
		    ":2: [forwarder] worker_slice_us: 50 is not 0 (the kernel's) or from 100 to "
		    "100000");
	expect_load("[forwarder]\nrssa_q = x\n" PORTS, ":2: [forwarder] rssa_q: 'x' is not a number");
	expect_load(PORTS "[tunnel]\nmtu = 100\n",
		    ":8: [tunnel] mtu: '100' is not a number from 1280 to 9216");
	expect_load(PORTS "[local_pool]\nports = 9-1\n",
		    ":8: [local_pool] ports: '9-1' is not a range");
	expect_load("[port0]\ndev = a\nrx_desc = 1000\n",
		    ":3: [port0] rx_desc: 1000 is not a power of two");
	/* Each [portN] key's own check (cfgfile_port.c), at its line. */
	expect_load("[port0]\ndev = a\nmtu = 500\n",
		    ":3: [port0] mtu: 500 is not from 576 to 9216");
	expect_load("[port0]\ndev = a\nmac = 02:00:00:00:00\n",
		    ":3: [port0] mac: '02:00:00:00:00' is not a MAC address");
	expect_load("[port0]\ndev = a\nrx_desc = x\n",
		    ":3: [port0] rx_desc: 'x' is not a number from 0 to 4294967295");
	expect_check("[port0]\ndev = a\naddr = 10.9.0.2/24, 10.9.0.3/99\n", ":3: [port0] addr:");
	/* The sections applied to the store: enum words listed from the name tables. */
	expect_check(PORTS "[vs.a]\nprotocol = tcp\nvip = 10.100.0.1\nmode = natt\n",
		     ":10: [vs.a] mode: 'natt' is not nat | dr | tunnel | fullnat | vxlan");
	expect_check(PORTS "[vs.a]\nprotocol = tcp\nvip = 10.100.0.1\nport = 70000\n",
		     ":10: [vs.a] port: 70000 is not a port (0-65535)");
	expect_check(PORTS "[vs.a]\nprotocol = tcp\nvip = 10.100.0.1\npriority = 9\n",
		     ":10: [vs.a] priority:");
	expect_check(PORTS "[vs.a]\nprotocol = tcp\nvip = 10.100.0.1\nrs.1 = 10.1.0.2 weigth=3\n",
		     ":10: [vs.a] rs.1: 'weigth=3' is not weight=N");
	/* A setting's own check (core/vs_settings.h), naming its key and line. */
	expect_check(PORTS "[vs.a]\nprotocol = tcp\nvip = 10.100.0.1\npersistence_timeout = 60\n"
		     "persistence_prefix = 33\n",
		     ":11: [vs.a] persistence_prefix: must be 0 to 32 for an IPv4 service");
	expect_check(PORTS "[vs.a]\nprotocol = udp\nvip = 10.100.0.1\nhash = sip_call_id\n"
		     "persistence_timeout = 60\n",
		     ":11: [vs.a] persistence_timeout: not with hash sip_call_id");
	expect_check(PORTS "[route.x]\nprefix = 10.0.0.0/8\nport = 65536\n",
		     ":9: [route.x] port: no port 65536");
	expect_check(PORTS "[neigh.x]\naddr = 10.1.0.9\nmac = 02:00:00:00:00:zz\nport = 1\n",
		     ":9: [neigh.x] mac: missing or not a MAC address");
}

/* Every plain setting (core/vs_settings.h) is a uint32 field of VirtualService, and an
 * UpdateService field with its set_ flag, of its name; each is read from the file, bounded,
 * and set only by its flag in an update. */
static void
test_settings(void)
{
	Hvlb__Fwd__V1__VirtualService vs = HVLB__FWD__V1__VIRTUAL_SERVICE__INIT;
	Hvlb__Fwd__V1__UpdateService up = HVLB__FWD__V1__UPDATE_SERVICE__INIT;
	struct vs_settings set, back;
	char err[160] = "", text[512];
	bool any;

	CHECK(vs_n_settings > 0);
	memset(&set, 0xab, sizeof(set));
	vs_settings_to_msg(&set, &vs.base);
	CHECK_EQ(vs_settings_from_msg(&vs.base, &back, err, sizeof(err)), 0);
	if (err[0] != '\0')
		fprintf(stderr, "%s\n", err);
	CHECK(memcmp(&set, &back, sizeof(set)) == 0);
	CHECK_EQ(vs_settings_update_from_msg(&up.base, &back, &any, err, sizeof(err)), 0);
	CHECK(!any);
	CHECK(memcmp(&set, &back, sizeof(set)) == 0);
	for (unsigned i = 0; i < vs_n_settings; i++) {
		const struct vs_setting_def *d = &vs_setting_defs[i];
		const ProtobufCFieldDescriptor *f = protobuf_c_message_descriptor_get_field_by_name(
			up.base.descriptor, d->name);
		char set_name[64];

		snprintf(set_name, sizeof(set_name), "set_%s", d->name);
		const ProtobufCFieldDescriptor *fs =
			protobuf_c_message_descriptor_get_field_by_name(up.base.descriptor, set_name);
		CHECK(f != NULL && fs != NULL);
		if (f == NULL || fs == NULL)
			continue;
		*(protobuf_c_boolean *)((char *)&up + fs->offset) = 1;
		*(uint32_t *)((char *)&up + f->offset) = 7;
		CHECK_EQ(vs_settings_update_from_msg(&up.base, &back, &any, err, sizeof(err)), 0);
		CHECK(any);
		CHECK_EQ(vs_setting_get(&back, d), 7);
		*(protobuf_c_boolean *)((char *)&up + fs->offset) = 0;
		/* Past its range, in the file: an error naming the key (and its line). */
		if (d->max < UINT32_MAX) {
			char want[128];

			snprintf(text, sizeof(text), PORTS "[vs.a]\nprotocol = tcp\nvip = 10.100.0.1\n"
				 "%s = %llu\n", d->name, (unsigned long long)d->max + 1);
			snprintf(want, sizeof(want), ":10: [vs.a] %s: must be 0 to %u", d->name, d->max);
			expect_check(text, want);
		}
	}
}

int
main(void)
{
	if (mkdtemp(dir) == NULL) {
		perror("mkdtemp");
		return 1;
	}
	snprintf(path, sizeof(path), "%s/f.ini", dir);
	log_fp = tmpfile();
	if (log_fp == NULL || rte_openlog_stream(log_fp) != 0) {
		perror("log stream");
		return 1;
	}
	RUN(test_good_file);
	RUN(test_unknown_key);
	RUN(test_unknown_section);
	RUN(test_syntax);
	RUN(test_bad_value);
	RUN(test_settings);
	rte_openlog_stream(NULL);
	unlink(path);
	rmdir(dir);
	return check_summary();
}
