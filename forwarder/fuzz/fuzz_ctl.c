/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * libFuzzer harness of the control socket's decoder and handlers: ctl_handle() (ctl_op.h),
 * as the socket calls it, with arbitrary request bytes (a serialized Request without its
 * length prefix) against a forwarder on ring ports with the fixture configuration
 * (fuzz_env.h). Configuration changes carry over from one input to the next; the workers
 * are offline while the request is handled (a publication waits for online readers) and run
 * until idle after it, so they take every snapshot published.
 *
 * Checks: ctl_handle always answers (it returns 0: it only fails without memory); the answer is
 * a length prefix and a Response that decodes, whose id is the request's when the request
 * decoded, and whose error is set exactly when its status is.
 */
#include <arpa/inet.h>
#include <string.h>

#include "ctl_op.h"
#include "fuzz_check.h"
#include "fuzz_env.h"

static struct fwd *fwd;

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	fuzz_eal_init((*argv)[0]);
	fwd = fuzz_fwd_create(fuzz_config_path(), 2, 0);
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	Hvlb__Fwd__V1__Request *req = hvlb__fwd__v1__request__unpack(NULL, size, data);
	Hvlb__Fwd__V1__Response *resp;
	uint8_t *out = NULL;
	size_t out_len = 0;
	uint32_t prefix;

	ringfwd_readers_offline(fwd, true);
	FUZZ_CHECK(ctl_handle(fwd, data, size, &out, &out_len) == 0);
	ringfwd_readers_offline(fwd, false);
	FUZZ_CHECK(out != NULL && out_len >= sizeof(prefix));
	memcpy(&prefix, out, sizeof(prefix));
	FUZZ_CHECK(ntohl(prefix) == out_len - sizeof(prefix));
	resp = hvlb__fwd__v1__response__unpack(NULL, out_len - sizeof(prefix),
					       out + sizeof(prefix));
	FUZZ_CHECK(resp != NULL);
	FUZZ_CHECK((resp->status != 0) == (resp->error != NULL && resp->error[0] != '\0'));
	FUZZ_CHECK(req == NULL ? resp->status != 0 : resp->id == req->id);
	hvlb__fwd__v1__response__free_unpacked(resp, NULL);
	hvlb__fwd__v1__request__free_unpacked(req, NULL);
	free(out);
	ringfwd_run_until_idle(fwd);
	return 0;
}
