/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The golden-bytes test of the local API, C side: the messages below are packed with
 * protobuf-c and compared byte for byte with the .bin files in proto/testdata, which the Go side
 * (internal/fwdclient/golden_test.go) marshals from the same values and checks the same
 * way. The files also decode here, and the decoded messages pack back to the same bytes.
 * Argument: the testdata directory.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <protobuf-c/protobuf-c.h>

#include "check.h"
#include "fwd.pb-c.h"

static const char *testdata;

/* Reads testdata/name into a malloc'd buffer; NULL (with a message) on error. */
static uint8_t *
read_file(const char *name, size_t *len)
{
	char path[4096];
	uint8_t *buf = NULL;
	long n;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", testdata, name);
	f = fopen(path, "rb");
	if (f == NULL) {
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
		return NULL;
	}
	if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0) {
		buf = malloc((size_t)n + 1);
		if (buf != NULL && fread(buf, 1, (size_t)n, f) != (size_t)n) {
			free(buf);
			buf = NULL;
		}
		*len = (size_t)n;
	}
	fclose(f);
	if (buf == NULL)
		fprintf(stderr, "%s: cannot read\n", path);
	return buf;
}

/* Packs m, compares with the file, and checks that the file decodes and packs back the
 * same. Returns the decoded message (free with protobuf_c_message_free_unpacked) or NULL. */
static ProtobufCMessage *
check_golden(const ProtobufCMessage *m, const char *name)
{
	size_t n = protobuf_c_message_get_packed_size(m), want_len = 0, i;
	uint8_t *got = malloc(n + 1), *want = read_file(name, &want_len), *again;
	ProtobufCMessage *back = NULL;

	CHECK(got != NULL);
	CHECK(want != NULL);
	if (got == NULL || want == NULL)
		goto out;
	CHECK_EQ(protobuf_c_message_pack(m, got), n);
	CHECK_EQ(n, want_len);
	for (i = 0; i < n && i < want_len && got[i] == want[i]; i++)
		;
	if (i < n || i < want_len) {
		fprintf(stderr, "%s: protobuf-c packs %zu bytes that differ from the file's %zu at offset %zu\n",
			name, n, want_len, i);
		check_failed_now = 1;
	}
	back = protobuf_c_message_unpack(m->descriptor, NULL, want_len, want);
	CHECK(back != NULL);
	if (back == NULL)
		goto out;
	CHECK_EQ(protobuf_c_message_get_packed_size(back), want_len);
	again = malloc(want_len + 1);
	CHECK(again != NULL);
	if (again != NULL) {
		protobuf_c_message_pack(back, again);
		CHECK_MEM(again, want, want_len);
		free(again);
	}
out:
	free(got);
	free(want);
	return back;
}

static void
test_request_add_service(void)
{
	Hvlb__Fwd__V1__ServiceId id = HVLB__FWD__V1__SERVICE_ID__INIT;
	Hvlb__Fwd__V1__RealService rs[2] = {HVLB__FWD__V1__REAL_SERVICE__INIT,
					    HVLB__FWD__V1__REAL_SERVICE__INIT};
	Hvlb__Fwd__V1__RealService *rsp[2] = {&rs[0], &rs[1]};
	Hvlb__Fwd__V1__VirtualService vs = HVLB__FWD__V1__VIRTUAL_SERVICE__INIT;
	Hvlb__Fwd__V1__Timeouts to = HVLB__FWD__V1__TIMEOUTS__INIT;
	Hvlb__Fwd__V1__AddService add = HVLB__FWD__V1__ADD_SERVICE__INIT;
	Hvlb__Fwd__V1__Request req = HVLB__FWD__V1__REQUEST__INIT;
	Hvlb__Fwd__V1__Request *back;

	id.protocol = "tcp";
	id.vip = "10.100.0.1";
	id.vport = 80;
	rs[0].address = "10.1.0.11";
	rs[0].port = 8080;
	rs[0].weight = 100;
	rs[0].health = 1;
	rs[1].address = "10.1.0.12";
	rs[1].port = 8080;
	rs[1].weight = 250;
	rs[1].health = 0;
	rs[1].conn_limit = 5000;
	vs.id = &id;
	vs.mode = "nat";
	vs.scheduler = "maglev";
	vs.down_conns = "reschedule";
	vs.all_down = "keep_last";
	vs.conn_rate_limit = 20000;
	to.udp = 2;
	to.tcp_fin = 60;
	vs.timeouts = &to;
	vs.synproxy = "auto";
	vs.synproxy_threshold = 500;
	vs.n_real_services = 2;
	vs.real_services = rsp;
	add.service = &vs;
	req.id = 1;
	req.op_case = HVLB__FWD__V1__REQUEST__OP_ADD_SERVICE;
	req.add_service = &add;

	back = (Hvlb__Fwd__V1__Request *)check_golden(&req.base, "request_add_service.bin");
	if (back == NULL)
		return;
	CHECK_EQ(back->op_case, HVLB__FWD__V1__REQUEST__OP_ADD_SERVICE);
	CHECK_EQ(back->add_service->service->n_real_services, 2);
	CHECK(strcmp(back->add_service->service->real_services[1]->address, "10.1.0.12") == 0);
	CHECK_EQ(back->add_service->service->real_services[1]->weight, 250);
	CHECK(strcmp(back->add_service->service->down_conns, "reschedule") == 0);
	CHECK(strcmp(back->add_service->service->all_down, "keep_last") == 0);
	CHECK_EQ(back->add_service->service->real_services[1]->conn_limit, 5000);
	CHECK_EQ(back->add_service->service->conn_rate_limit, 20000);
	CHECK(strcmp(back->add_service->service->synproxy, "auto") == 0);
	CHECK_EQ(back->add_service->service->synproxy_threshold, 500);
	CHECK(back->add_service->service->timeouts != NULL);
	if (back->add_service->service->timeouts != NULL)
		CHECK(back->add_service->service->timeouts->udp == 2 &&
		      back->add_service->service->timeouts->tcp_fin == 60 &&
		      back->add_service->service->timeouts->tcp_syn == 0);
	protobuf_c_message_free_unpacked(&back->base, NULL);
}

/* ZeroCounters of one service (the other form, every service, is the empty message). */
static void
test_request_zero_counters(void)
{
	Hvlb__Fwd__V1__ServiceId id = HVLB__FWD__V1__SERVICE_ID__INIT;
	Hvlb__Fwd__V1__ZeroCounters z = HVLB__FWD__V1__ZERO_COUNTERS__INIT;
	Hvlb__Fwd__V1__Request req = HVLB__FWD__V1__REQUEST__INIT;
	Hvlb__Fwd__V1__Request *back;

	id.protocol = "udp";
	id.vip = "10.100.0.1";
	id.vport = 53;
	z.service = &id;
	req.id = 30;
	req.op_case = HVLB__FWD__V1__REQUEST__OP_ZERO_COUNTERS;
	req.zero_counters = &z;

	back = (Hvlb__Fwd__V1__Request *)check_golden(&req.base, "request_zero_counters.bin");
	if (back == NULL)
		return;
	CHECK_EQ(back->op_case, HVLB__FWD__V1__REQUEST__OP_ZERO_COUNTERS);
	CHECK(back->zero_counters->service != NULL && back->zero_counters->service->vport == 53);
	protobuf_c_message_free_unpacked(&back->base, NULL);
}

static void
test_request_update_real(void)
{
	Hvlb__Fwd__V1__ServiceId id = HVLB__FWD__V1__SERVICE_ID__INIT;
	Hvlb__Fwd__V1__UpdateReal up = HVLB__FWD__V1__UPDATE_REAL__INIT;
	Hvlb__Fwd__V1__Request req = HVLB__FWD__V1__REQUEST__INIT;
	Hvlb__Fwd__V1__Request *back;

	id.protocol = "udp";
	id.vip = "fd00::53";
	id.vport = 53;
	up.service = &id;
	up.address = "fd01::5";
	up.port = 5353;
	up.set_weight = 1;
	up.weight = 0; /* drain: the flag travels, the zero does not */
	up.set_health = 1;
	up.health = 1;
	up.set_conn_limit = 1;
	up.conn_limit = 0; /* no limit: the flag travels, the zero does not */
	req.id = 300;
	req.op_case = HVLB__FWD__V1__REQUEST__OP_UPDATE_REAL;
	req.update_real = &up;

	back = (Hvlb__Fwd__V1__Request *)check_golden(&req.base, "request_update_real.bin");
	if (back == NULL)
		return;
	CHECK_EQ(back->id, 300);
	CHECK_EQ(back->op_case, HVLB__FWD__V1__REQUEST__OP_UPDATE_REAL);
	CHECK(back->update_real->set_weight);
	CHECK_EQ(back->update_real->weight, 0);
	CHECK(back->update_real->set_health);
	CHECK(back->update_real->set_conn_limit);
	CHECK_EQ(back->update_real->conn_limit, 0);
	CHECK_EQ(back->update_real->port, 5353);
	protobuf_c_message_free_unpacked(&back->base, NULL);
}

static void
test_response_stats(void)
{
	Hvlb__Fwd__V1__DropCount d0 = HVLB__FWD__V1__DROP_COUNT__INIT;
	Hvlb__Fwd__V1__DropCount d1 = HVLB__FWD__V1__DROP_COUNT__INIT;
	Hvlb__Fwd__V1__DropCount dsum = HVLB__FWD__V1__DROP_COUNT__INIT;
	Hvlb__Fwd__V1__DropCount *w0_drops[2] = {&d0, &d1}, *sum_drops[1] = {&dsum};
	Hvlb__Fwd__V1__WorkerStats w0 = HVLB__FWD__V1__WORKER_STATS__INIT;
	Hvlb__Fwd__V1__WorkerStats w1 = HVLB__FWD__V1__WORKER_STATS__INIT;
	Hvlb__Fwd__V1__WorkerStats *workers[2] = {&w0, &w1};
	Hvlb__Fwd__V1__Counter c0 = HVLB__FWD__V1__COUNTER__INIT;
	Hvlb__Fwd__V1__Counter c1 = HVLB__FWD__V1__COUNTER__INIT;
	Hvlb__Fwd__V1__Counter *w0_counters[2] = {&c0, &c1};
	Hvlb__Fwd__V1__ServiceId id = HVLB__FWD__V1__SERVICE_ID__INIT;
	Hvlb__Fwd__V1__RealService rs = HVLB__FWD__V1__REAL_SERVICE__INIT;
	Hvlb__Fwd__V1__RealService *rsp[1] = {&rs};
	Hvlb__Fwd__V1__VirtualService vs = HVLB__FWD__V1__VIRTUAL_SERVICE__INIT;
	Hvlb__Fwd__V1__VirtualService *services[1] = {&vs};
	Hvlb__Fwd__V1__RealStatus rst = HVLB__FWD__V1__REAL_STATUS__INIT;
	Hvlb__Fwd__V1__RealStatus *rstp[1] = {&rst};
	Hvlb__Fwd__V1__ServiceStatus vst = HVLB__FWD__V1__SERVICE_STATUS__INIT;
	Hvlb__Fwd__V1__ServiceStatus *status[1] = {&vst};
	Hvlb__Fwd__V1__PortStats port = HVLB__FWD__V1__PORT_STATS__INIT;
	Hvlb__Fwd__V1__PortStats *ports[1] = {&port};
	Hvlb__Fwd__V1__Stats stats = HVLB__FWD__V1__STATS__INIT;
	Hvlb__Fwd__V1__Response resp = HVLB__FWD__V1__RESPONSE__INIT;
	Hvlb__Fwd__V1__Response *back;

	d0.reason = "no_service";
	d0.count = 7;
	d1.reason = "bad_checksum";
	d1.count = 1;
	dsum.reason = "no_service";
	dsum.count = 7;
	w0.worker = 0;
	w0.lcore = 1;
	w0.rx_packets = 1000000;
	w0.rx_bytes = 1ull << 40;
	w0.tx_packets = 999999;
	w0.tx_bytes = 64000000;
	w0.handoff_out = 5;
	w0.handoff_in = 6;
	w0.active_conns = 42;
	w0.total_conns = 4242;
	w0.local_replies = 3;
	w0.n_drops = 2;
	w0.drops = w0_drops;
	w0.idle_sleeps = 10;
	w0.busy_polls = 20;
	w0.empty_polls = 30;
	c0.name = "rx_packets";
	c0.value = 1000000;
	c1.name = "vxlan_rx";
	c1.value = 3;
	w0.n_counters = 2;
	w0.counters = w0_counters;
	w1.worker = 1;
	w1.lcore = 2;
	w1.rx_packets = 12;

	id.protocol = "tcp";
	id.vip = "10.100.0.1";
	id.vport = 80;
	rs.address = "10.1.0.11";
	rs.port = 8080;
	rs.weight = 100;
	rs.health = 1;
	vs.id = &id;
	vs.mode = "nat";
	vs.scheduler = "maglev";
	vs.n_real_services = 1;
	vs.real_services = rsp;
	rst.address = "10.1.0.11";
	rst.port = 8080;
	rst.active_conns = 40;
	rst.total_conns = 4000;
	rst.packets = 123456;
	rst.bytes = 98765432;
	rst.handshake_rtt_ms = 0.625;
	rst.handshake_samples = 12;
	vst.id = &id;
	vst.key = 0xdeadbeef;
	vst.active_conns = 42;
	vst.total_conns = 4242;
	vst.packets = 1000000;
	vst.bytes = 1ull << 40;
	vst.n_reals = 1;
	vst.reals = rstp;

	port.port = 0;
	port.name = "net_af_packet0";
	port.ipackets = 1;
	port.opackets = 2;
	port.ibytes = 3;
	port.obytes = 4;
	port.imissed = 5;
	port.ierrors = 6;
	port.oerrors = 7;
	port.bad_l4_csum = 9;
	port.csum_unfilled = 8;
	port.peer_csum_offload = 1;

	stats.n_workers = 2;
	stats.workers = workers;
	stats.n_services = 1;
	stats.services = services;
	stats.n_drops = 1;
	stats.drops = sum_drops;
	stats.n_ports = 1;
	stats.ports = ports;
	stats.config_version = 17;
	stats.mempool_in_use = 512;
	stats.mempool_size = 16383;
	stats.n_service_status = 1;
	stats.service_status = status;

	resp.id = 2;
	resp.config_version = 17;
	resp.body_case = HVLB__FWD__V1__RESPONSE__BODY_STATS;
	resp.stats = &stats;

	back = (Hvlb__Fwd__V1__Response *)check_golden(&resp.base, "response_stats.bin");
	if (back == NULL)
		return;
	CHECK_EQ(back->body_case, HVLB__FWD__V1__RESPONSE__BODY_STATS);
	CHECK_EQ(back->stats->n_workers, 2);
	CHECK(back->stats->workers[0]->rx_bytes == 1ull << 40);
	CHECK_EQ(back->stats->workers[0]->n_drops, 2);
	CHECK_EQ(back->stats->workers[0]->n_counters, 2);
	CHECK(strcmp(back->stats->workers[0]->counters[1]->name, "vxlan_rx") == 0);
	CHECK_EQ(back->stats->workers[0]->counters[1]->value, 3);
	CHECK_EQ(back->stats->n_service_status, 1);
	CHECK_EQ(back->stats->service_status[0]->key, 0xdeadbeef);
	CHECK_EQ(back->stats->service_status[0]->reals[0]->handshake_samples, 12);
	CHECK(back->stats->service_status[0]->reals[0]->handshake_rtt_ms == 0.625);
	CHECK(strcmp(back->stats->ports[0]->name, "net_af_packet0") == 0);
	protobuf_c_message_free_unpacked(&back->base, NULL);
}

static void
test_response_error(void)
{
	Hvlb__Fwd__V1__Response resp = HVLB__FWD__V1__RESPONSE__INIT;
	Hvlb__Fwd__V1__Response *back;

	resp.id = 3;
	resp.status = ENOENT;
	resp.error = "update_real: service tcp 10.100.0.1:80 has no real 10.1.0.99:8080";
	resp.config_version = 17;

	back = (Hvlb__Fwd__V1__Response *)check_golden(&resp.base, "response_error.bin");
	if (back == NULL)
		return;
	CHECK_EQ(back->status, ENOENT);
	CHECK_EQ(back->body_case, HVLB__FWD__V1__RESPONSE__BODY__NOT_SET);
	protobuf_c_message_free_unpacked(&back->base, NULL);
}

int
main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: %s TESTDATA_DIR\n", argv[0]);
		return 2;
	}
	testdata = argv[1];
	RUN(test_request_add_service);
	RUN(test_request_update_real);
	RUN(test_request_zero_counters);
	RUN(test_response_stats);
	RUN(test_response_error);
	return check_summary();
}
