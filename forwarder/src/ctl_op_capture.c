/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Capture: the local API of per-packet capture (capture_ctl.h). "start" checks the filter
 * and the bounds (an error names the field), "read" hands over the packets taken so far
 * (each read forgets what it returns), "stop" ends a capture early. Every action answers
 * with the capture's status.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <rte_byteorder.h>
#include <rte_cycles.h>

#include "ctl.h"
#include "ctl_op.h"

/* A read's answer stays well under the socket's frame (CTL_MAX_FRAME). */
#define CAPTURE_READ_DEFAULT 256u
#define CAPTURE_READ_MAX 4096u
#define CAPTURE_READ_BYTES (CTL_MAX_FRAME / 2)

/* "addr" or "addr:port" ("[v6]:port") into *a, *af, *port (0: any); "" is any. */
static int
parse_side(struct ctl_req *r, const char *s, const char *field, union hvlb_addr *a,
	   uint8_t *af, uint16_t *port, uint8_t *has)
{
	uint16_t p = 0;

	*has = 0;
	*port = 0;
	if (s == NULL || s[0] == '\0')
		return 0;
	if (cfg_parse_endpoint(s, a, af, &p) != 0 && cfg_parse_addr(s, a, af) != 0)
		return ctl_fail(r, -EINVAL, "capture.%s: not addr, addr:port or [addr]:port",
				field);
	*port = p; /* cfg_parse_endpoint gives it in network order */
	*has = 1;
	return 0;
}

/* A limit: 0 takes def; above max is refused, naming the field. */
static int
bound(struct ctl_req *r, uint32_t v, uint32_t def, uint32_t min, uint32_t max,
      const char *field, uint32_t *out)
{
	*out = v == 0 ? def : v;
	if (*out < min || *out > max)
		return ctl_fail(r, -EINVAL, "capture.%s: %u is out of range %u to %u", field, v,
				min, max);
	return 0;
}

static int
parse_start(struct ctl_req *r, const Hvlb__Fwd__V1__Capture *m, struct capture_params *p)
{
	struct cap_filter *f = &p->filter;
	uint8_t af_c = 0, af_v = 0;
	int rc;

	memset(p, 0, sizeof(*p));
	p->drop_reason = -1;
	if (m->protocol != NULL && m->protocol[0] != '\0' && cfg_parse_proto(m->protocol, &f->proto) != 0)
		return ctl_fail(r, -EINVAL, "capture.protocol: must be tcp, udp or sctp");
	if ((rc = parse_side(r, m->client, "client", &f->client, &af_c, &f->client_port,
			     &f->has_client)) != 0 ||
	    (rc = parse_side(r, m->vip, "vip", &f->vip, &af_v, &f->vip_port, &f->has_vip)) != 0)
		return rc;
	if (f->has_client && f->has_vip && af_c != af_v)
		return ctl_fail(r, -EINVAL, "capture.vip: not the client's address family");
	f->af = f->has_client ? af_c : af_v;
	if (m->drop_reason != NULL && m->drop_reason[0] != '\0') {
		p->drop_reason = hvlb_drop_from_name(m->drop_reason);
		if (p->drop_reason <= 0)
			return ctl_fail(r, -EINVAL, "capture.drop_reason: %s is not a drop reason "
					"(docs/drops.md)", m->drop_reason);
		if (f->has_client || f->has_vip || f->proto != 0)
			return ctl_fail(r, -EINVAL, "capture.drop_reason: not with protocol, client "
					"or vip (a flow's capture takes its drops too)");
	} else if (!f->has_client && !f->has_vip) {
		return ctl_fail(r, -EINVAL, "capture.client: a flow capture needs client or vip "
				"(or give drop_reason)");
	}
	if ((rc = bound(r, m->max_packets, CAP_DEFAULT_PACKETS, 1, CAP_MAX_PACKETS,
			"max_packets", &p->max_packets)) != 0 ||
	    (rc = bound(r, m->duration_s, CAP_DEFAULT_DURATION_S, 1, CAP_MAX_DURATION_S,
			"duration_s", &p->duration_s)) != 0 ||
	    (rc = bound(r, m->snap_len, CAP_DEFAULT_SNAP, CAP_MIN_SNAP, CAP_MAX_SNAP, "snap_len",
			&p->snap_len)) != 0 ||
	    (rc = bound(r, m->rate_pps, CAP_DEFAULT_RATE, 1, CAP_MAX_RATE, "rate_pps",
			&p->rate_pps)) != 0)
		return rc;
	if (p->drop_reason > 0)
		snprintf(p->desc, sizeof(p->desc), "drop_reason %s", hvlb_drop_name(p->drop_reason));
	else
		snprintf(p->desc, sizeof(p->desc), "%s client %s vip %s",
			 f->proto != 0 ? m->protocol : "any", f->has_client ? m->client : "any",
			 f->has_vip ? m->vip : "any");
	return 0;
}

/* Up to max of the unread packets into s (forgotten here once copied). */
static int
read_packets(struct ctl_req *r, Hvlb__Fwd__V1__CaptureStatus *s, uint32_t max)
{
	struct capture_ctl *c = r->f->cap;
	size_t bytes = 0;

	s->packets = CTL_NEW_ARRAY(r, Hvlb__Fwd__V1__CapturedPacket, max);
	if (s->packets == NULL)
		return CTL_ENOMEM(r);
	for (const struct cap_slot *p; s->n_packets < max && (p = capture_ctl_peek(c)) != NULL;) {
		Hvlb__Fwd__V1__CapturedPacket *m;
		uint8_t *data;

		if (bytes + p->len > CAPTURE_READ_BYTES)
			break;
		m = CTL_NEW(r, Hvlb__Fwd__V1__CapturedPacket, hvlb__fwd__v1__captured_packet__init);
		data = ctl_alloc(r, p->len > 0 ? p->len : 1);
		if (m == NULL || data == NULL)
			return CTL_ENOMEM(r);
		memcpy(data, p->data, p->len);
		m->time_ns = capture_ctl_time_ns(c, p->tsc);
		m->worker = p->worker;
		m->point = CTL_CONST_STR(cap_point_name(p->point));
		if (p->point == CAP_POINT_DROP)
			m->drop_reason = CTL_CONST_STR(hvlb_drop_name(p->reason));
		m->orig_len = p->orig_len;
		m->data.data = data;
		m->data.len = p->len;
		bytes += p->len;
		s->packets[s->n_packets++] = m;
		capture_ctl_pop(c);
	}
	return 0;
}

int
ctl_op_capture(struct ctl_req *r, const Hvlb__Fwd__V1__Capture *m)
{
	Hvlb__Fwd__V1__CaptureStatus *s =
		CTL_NEW(r, Hvlb__Fwd__V1__CaptureStatus, hvlb__fwd__v1__capture_status__init);
	const char *action = m->action != NULL ? m->action : "";
	struct capture_status st;
	int rc;

	if (s == NULL)
		return CTL_ENOMEM(r);
	if (strcmp(action, "start") == 0) {
		struct capture_params p;

		if ((rc = parse_start(r, m, &p)) != 0)
			return rc;
		rc = capture_ctl_start(r->f->cap, &p);
		if (rc == -EBUSY)
			return ctl_fail(r, rc, "capture: one is running already; stop it first");
		if (rc != 0)
			return CTL_ENOMEM(r);
	} else if (strcmp(action, "read") == 0) {
		uint32_t max = m->max_read == 0 ? CAPTURE_READ_DEFAULT : m->max_read;

		if (max > CAPTURE_READ_MAX)
			return ctl_fail(r, -EINVAL, "capture.max_read: %u is above %u", max,
					CAPTURE_READ_MAX);
		/* Drain first, so that a read sees what the workers took until now. */
		capture_ctl_poll(r->f->cap, rte_rdtsc());
		if ((rc = read_packets(r, s, max)) != 0)
			return rc;
	} else if (strcmp(action, "stop") == 0) {
		capture_ctl_stop(r->f->cap, "stopped");
	} else {
		return ctl_fail(r, -EINVAL, "capture.action: must be start, read or stop");
	}
	capture_ctl_status(r->f->cap, &st);
	s->id = st.id;
	s->running = st.running;
	s->stopped = CTL_CONST_STR(st.stopped);
	s->taken = st.taken;
	s->skipped_rate = st.skipped_rate;
	s->skipped_full = st.skipped_full;
	s->skipped_budget = st.skipped_budget;
	s->buffered = st.buffered;
	s->snap_len = st.snap_len;
	s->filter = ctl_strdup(r, st.desc);
	if (s->filter == NULL)
		return CTL_ENOMEM(r);
	r->resp->body_case = HVLB__FWD__V1__RESPONSE__BODY_CAPTURE_STATUS;
	r->resp->capture_status = s;
	return 0;
}
