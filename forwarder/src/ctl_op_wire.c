/* SPDX-License-Identifier: BSD-3-Clause */
/* The control socket's wire side (ctl_op.h ctl_handle): a Request decoded, run by ctl_op_run,
 * its Response packed. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <rte_byteorder.h>

#include "ctl_log.h"
#include "ctl_op.h"

/* The response behind its 4-byte big-endian length, in one malloc'd buffer. */
static int
pack(const Hvlb__Fwd__V1__Response *resp, uint8_t **out, size_t *out_len)
{
	size_t n = hvlb__fwd__v1__response__get_packed_size(resp);
	uint32_t be = rte_cpu_to_be_32((uint32_t)n);
	uint8_t *buf;

	if (n > UINT32_MAX)
		return -E2BIG;
	buf = malloc(n + 4);
	if (buf == NULL)
		return -ENOMEM;
	memcpy(buf, &be, 4);
	hvlb__fwd__v1__response__pack(resp, buf + 4);
	*out = buf;
	*out_len = n + 4;
	return 0;
}

int
ctl_handle(struct fwd *f, const uint8_t *req, size_t len, uint8_t **out, size_t *out_len)
{
	Hvlb__Fwd__V1__Response resp = HVLB__FWD__V1__RESPONSE__INIT;
	struct ctl_req r = {.f = f, .resp = &resp};
	Hvlb__Fwd__V1__Request *m = hvlb__fwd__v1__request__unpack(NULL, len, req);
	int rc;

	if (m == NULL) {
		rc = ctl_fail(&r, -EINVAL, "request: not a valid Request message");
	} else {
		uint64_t before = f->cfg->version;

		resp.id = m->id;
		rc = ctl_op_run(&r, m);
		ctl_log_op(&r, m, rc, before);
		hvlb__fwd__v1__request__free_unpacked(m, NULL);
	}
	resp.config_version = f->cfg->version;
	if (rc == 0) {
		rc = pack(&resp, out, out_len);
		/* A read-out too big to serialize still gets an answer, without its body. */
		if (rc < 0)
			ctl_fail(&r, rc, "response: %s", strerror(-rc));
	}
	if (rc < 0) {
		resp.status = -rc;
		resp.error = r.err;
		resp.body_case = HVLB__FWD__V1__RESPONSE__BODY__NOT_SET;
		rc = pack(&resp, out, out_len);
	}
	ctl_arena_free(&r);
	return rc;
}
