/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The control socket's request handlers (ctl_op_*): ctl_op.c (routing each request to its
 * handler, configuration changes), ctl_op_read.c (read-outs), ctl_op_steer.c (flow steering),
 * ctl_op_sync.c (connection sync), ctl_op_zero.c (zeroing counters), ctl_op_wire.c (decoding
 * and packing) and ctl_op_util.c (the helpers below); ctl_state.c replays a saved
 * configuration through them. Everything a response points to is allocated from the request's
 * arena and freed in one go once the response is serialized, so handlers never free piecemeal
 * and an error half way through a listing leaks nothing.
 */
#ifndef HVLB_CTL_OP_H
#define HVLB_CTL_OP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cfgstore.h"
#include "fwd.h"
#include "fwd.pb-c.h"

#define CTL_ERR_LEN 256
/* Long enough for "tcp [ffff:...:ffff]:65535". */
#define CTL_NAME_LEN 64

struct ctl_chunk;

/* One request being handled. */
struct ctl_req {
	struct fwd *f;
	struct ctl_chunk *arena;
	Hvlb__Fwd__V1__Response *resp;
	char err[CTL_ERR_LEN];
	/* Replaying a saved configuration before the workers exist (ctl_state.c): changes are
	 * not published one by one; the caller publishes the result once. */
	bool replay;
};

/* Zeroed memory from the request's arena; NULL when out of memory. */
void *ctl_alloc(struct ctl_req *r, size_t size);
/* A copy of s in the arena; NULL when out of memory. */
char *ctl_strdup(struct ctl_req *r, const char *s);
/* Free everything allocated for the request. */
void ctl_arena_free(struct ctl_req *r);
/* Set the error message and return rc (a negative errno), for `return ctl_fail(...)`. */
int ctl_fail(struct ctl_req *r, int rc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* A new protobuf-c message of type T from the arena, initialised by init_fn; NULL if no
 * memory. */
#define CTL_NEW(r, T, init_fn)                                                                     \
	({                                                                                         \
		T *ctl_new_ = ctl_alloc((r), sizeof(T));                                           \
		if (ctl_new_ != NULL)                                                              \
			init_fn(ctl_new_);                                                         \
		ctl_new_;                                                                          \
	})

/* An array of n message pointers from the arena (n may be 0). */
#define CTL_NEW_ARRAY(r, T, n) ((T **)ctl_alloc((r), sizeof(T *) * ((n) > 0 ? (n) : 1)))

#define CTL_ENOMEM(r) ctl_fail((r), -ENOMEM, "out of memory")

/* Cast for protobuf-c's char * fields pointing at constant names (never freed: the
 * response is packed, then its arena is dropped). */
#define CTL_CONST_STR(s) ((char *)(uintptr_t)(s))

/* A service key as given by a ServiceId; vport in network order. */
struct ctl_svc {
	union hvlb_addr vip;
	uint16_t vport;
	uint8_t proto;
	uint8_t af;
	uint32_t vni; /* a vxlan service's (ServiceId.vni); 0: none */
};

static inline int
ctl_addr_is_zero(const union hvlb_addr *a)
{
	return a->q[0] == 0 && a->q[1] == 0;
}

/* Validate a ServiceId; errors name path ("add_real.service"). */
int ctl_parse_service(struct ctl_req *r, const char *path, const Hvlb__Fwd__V1__ServiceId *id,
		      struct ctl_svc *k);
/* The configured service for k, or NULL (no error set). */
struct cfg_vs *ctl_lookup_service(struct cfgstore *st, const struct ctl_svc *k);
/* The configured service for k, or NULL with ENOENT set naming op. */
struct cfg_vs *ctl_find_service(struct ctl_req *r, const char *op, const struct ctl_svc *k);

/* "10.0.0.1:80" or "[fd00::1]:80"; port in network order. */
void ctl_fmt_endpoint(char *buf, size_t len, const union hvlb_addr *a, uint8_t af,
		      uint16_t port);
/* "tcp 10.0.0.1:80". */
void ctl_fmt_service(char *buf, size_t len, uint8_t proto, const union hvlb_addr *vip,
		     uint8_t af, uint16_t vport);
/* "tcp", "udp", "icmp", "icmpv6" or the number. */
const char *ctl_proto_name(uint8_t proto, char *buf, size_t len);

/* Handle one serialized Request (without its length prefix). On success *out is a malloc'd
 * framed Response (length prefix included) of *out_len bytes, for the caller to free; the
 * request's own errors are in the Response. -ENOMEM if no response could be built. The socket
 * (ctl.c) calls it; tests drive the API with it without a socket. (ctl_op_wire.c) */
int ctl_handle(struct fwd *f, const uint8_t *req, size_t len, uint8_t **out, size_t *out_len);

/* Run one decoded request: its handler fills r->resp. 0 or -errno with r->err set. */
int ctl_op_run(struct ctl_req *r, const Hvlb__Fwd__V1__Request *m);

/* A real service as a request gives it. */
struct ctl_rs {
	union hvlb_addr addr;
	uint16_t port; /* network order */
	uint8_t af;
	uint8_t health;
	uint32_t weight;
	uint32_t conn_limit;
};

/* A whole RealService (m) for a service of family af, mode and vport (network order), checked
 * (errors under path) into *out. (ctl_op.c) */
int ctl_parse_real(struct ctl_req *r, const char *path, const Hvlb__Fwd__V1__RealService *m,
		   uint8_t af, int mode, uint16_t vport, struct ctl_rs *out);

/* The service operations (ctl_op.c), and SetService (ctl_op_set.c), which makes a service be
 * a whole VirtualService through them, published once. */
int ctl_op_add_service(struct ctl_req *r, const Hvlb__Fwd__V1__AddService *m);
int ctl_op_update_service(struct ctl_req *r, const Hvlb__Fwd__V1__UpdateService *m);
int ctl_op_set_service(struct ctl_req *r, const Hvlb__Fwd__V1__SetService *m);
/* Publish the store to the workers (not while replaying): 0, or the error in r. (ctl_op.c) */
int ctl_publish(struct ctl_req *r);

/* A service as ListServices gives it, reals included (ctl_op_read.c); NULL if no memory. */
Hvlb__Fwd__V1__VirtualService *ctl_virtual_service(struct ctl_req *r, const struct cfg_vs *v);

/* A Timeouts message as conn_timeouts (NULL: all 0). */
void ctl_timeouts_of(const Hvlb__Fwd__V1__Timeouts *t, struct conn_timeouts *to);
/* conn_timeouts as a Timeouts message from the arena; NULL when out of memory. */
Hvlb__Fwd__V1__Timeouts *ctl_timeouts_msg(struct ctl_req *r, const struct conn_timeouts *to);

/* Read-outs (ctl_op_read.c). Each fills r->resp's body; 0 or a negative errno. */
int ctl_op_list_services(struct ctl_req *r);
int ctl_op_list_routes(struct ctl_req *r);
int ctl_op_list_neighbors(struct ctl_req *r);
int ctl_op_get_stats(struct ctl_req *r);
int ctl_op_get_timeouts(struct ctl_req *r);

/* Connections (ctl_op_conns.c): the listing with its filters, and one connection as it lists
 * it (c a copy the caller made; now in ticks); NULL if no memory. */
int ctl_op_list_connections(struct ctl_req *r, const Hvlb__Fwd__V1__ListConnections *m);
Hvlb__Fwd__V1__Connection *ctl_conn_msg(struct ctl_req *r, const struct conn *c, uint16_t worker,
					uint64_t now);
/* What the forwarder does with one flow (ctl_op_trace.c). */
int ctl_op_trace_flow(struct ctl_req *r, const Hvlb__Fwd__V1__TraceFlow *m);
/* Capture: start, read or stop the packet capture (ctl_op_capture.c). */
int ctl_op_capture(struct ctl_req *r, const Hvlb__Fwd__V1__Capture *m);
/* FullNAT (ctl_op_fullnat.c): client_addr by name ("" gives -1: off, or unchanged); it is
 * refused but for a fullnat service; a connection's local endpoint ("" but for FullNAT);
 * GetLocalPool. */
int ctl_parse_client_addr(struct ctl_req *r, const char *path, const char *s, int *out);
int ctl_check_client_addr(struct ctl_req *r, const char *path, int on, int mode, uint8_t proto);
char *ctl_conn_local(struct ctl_req *r, const struct conn *c);
int ctl_op_get_local_pool(struct ctl_req *r);
int ctl_op_set_local_pool(struct ctl_req *r, const Hvlb__Fwd__V1__SetLocalPool *m);

/* Switching to dr or tunnel: every real service of vs must leave the port alone (ctl_op_util.c). */
int ctl_check_dr_ports(struct ctl_req *r, const struct cfg_vs *vs);

/* SIP call affinity (ctl_op_sip.c): a service's hash by name ("" gives -1: 5tuple, or
 * unchanged); refused, as prefix.hash, but for a nat udp service with maglev or sh. */
int ctl_parse_hash(struct ctl_req *r, const char *path, const char *s, int *out);
int ctl_check_hash(struct ctl_req *r, const char *prefix, int hash, int mode, uint8_t proto,
		   int sched);

/* Zeroing the service counters' views (ctl_op_zero.c, stats_zero.h). */
int ctl_op_zero_counters(struct ctl_req *r, const Hvlb__Fwd__V1__ZeroCounters *m);

/* Flow steering (ctl_op_steer.c). */
int ctl_op_get_steering(struct ctl_req *r, const Hvlb__Fwd__V1__GetSteering *m);
int ctl_op_set_rssa(struct ctl_req *r, const Hvlb__Fwd__V1__SetRssa *m);
int ctl_op_steer_flow(struct ctl_req *r, const Hvlb__Fwd__V1__SteerFlow *m);

/* Connection sync (ctl_op_sync.c). */
int ctl_op_set_sync(struct ctl_req *r, const Hvlb__Fwd__V1__SetSync *m);
int ctl_op_get_sync(struct ctl_req *r);
/* Every sync counter (control thread's, then the workers' sums), for SyncStatus and Stats. */
int ctl_sync_counters(struct ctl_req *r, Hvlb__Fwd__V1__Counter ***out, size_t *n);

#endif
