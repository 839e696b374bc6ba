/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Structured log lines: a fixed message and key/value fields (docs/operations.md, "Logs").
 * The keys for what every hvlb component logs about are the Go components' own
 * (internal/logging; a Go test reads them here), so one query finds a service's or a real's
 * lines in the forwarder's journal as in the agent's and the controller's. As text a line
 * reads "msg key=value key=\"a value\"" (slog's text form); as JSON (--log-format json) the
 * fields are members of the line's object (log_json.c).
 */
#ifndef HVLB_LOG_KV_H
#define HVLB_LOG_KV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <rte_log.h>

/* The names shared with internal/logging/logging.go (kept equal by its test). */
#define LOG_K_FORWARDER "forwarder" /* a forwarder's id */
#define LOG_K_SERVICE "service"     /* a service's id: tcp-10.100.0.1-80 */
#define LOG_K_REAL "real"           /* a real's address:port ([addr]:port for IPv6) */
#define LOG_K_CLIENT "client"       /* a client's address:port */
#define LOG_K_WORKER "worker"       /* a worker's index */
#define LOG_K_PEER "peer"           /* a peer's address:port (a sync peer, a BGP router) */
#define LOG_K_ERR "err"             /* why something failed */

struct log_field {
	const char *key;
	const char *str; /* a string's value (NULL reads as "") */
	uint64_t num;    /* a number's */
	bool is_num;
};

#define LOG_S(k, v) ((struct log_field){.key = (k), .str = (v)})
#define LOG_U(k, v) ((struct log_field){.key = (k), .num = (uint64_t)(v), .is_num = true})

/* LOG_KV(INFO, "service added", LOG_S(LOG_K_SERVICE, id), LOG_U("reals", n)): one line of
 * DPDK level INFO and type USER1, its fields after the message. */
#define LOG_KV(level, msg, ...)                                                                 \
	log_kv(RTE_LOG_##level, (msg), (const struct log_field[]){__VA_ARGS__},                 \
	       sizeof((const struct log_field[]){__VA_ARGS__}) / sizeof(struct log_field))

/* Whether lines are written for log_json's stream (set once, before the first line). */
void log_kv_set_json(bool json);

/* The forwarder's id (the agent's --id, the controller's name for it: --id ID among the
 * forwarder's own options), which every line then carries as LOG_K_FORWARDER, as the agent's
 * do. Set once, before the first line; -EINVAL (nothing set) unless id is 1-63 letters, digits,
 * '.', '_' or '-' starting with a letter or digit, the controller's rule (model.ValidName). */
int log_kv_set_forwarder(const char *id);

/* The id log_kv_set_forwarder set; "" when none. */
const char *log_kv_forwarder(void);

/* Writes one line (see LOG_KV). */
void log_kv(uint32_t level, const char *msg, const struct log_field *f, size_t n);

/* The line log_kv writes, without its newline, into buf (at most len bytes, always ended);
 * json: in the form log_json_line reads its fields from (which adds the forwarder's id to
 * every line itself), else with the forwarder's id first. The length written. */
size_t log_kv_format(char *buf, size_t len, bool json, const char *msg, const struct log_field *f,
		     size_t n);

/* A service's id as the Go components write it (model.ServiceIDVNI): PROTO-VIP-PORT, with
 * -vniN in a VXLAN tenant. */
const char *log_service_id(char *buf, size_t len, const char *proto, const char *vip,
			   unsigned port, unsigned vni);

/* A real's key as the Go components write it (model.RealKey): addr:port, [addr]:port. */
const char *log_real_key(char *buf, size_t len, const char *addr, unsigned port);

/* In a JSON-mode line, what separates the message and each field, and marks a field's value
 * as a string or a number (log_json_line turns them into members). */
#define LOG_KV_SEP '\x1f'
#define LOG_KV_STR '='
#define LOG_KV_NUM '#'

#endif
