/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The forwarder's log as JSON lines (--log-format json; docs/operations.md, "Logs"): DPDK's
 * log stream, each line an object with the Go components' names for the same things
 * (internal/logging: time, level, msg, component), so that one query reads every hvlb process's
 * journal. The text format stays DPDK's own.
 */
#ifndef HVLB_LOG_JSON_H
#define HVLB_LOG_JSON_H

#include <stddef.h>
#include <stdio.h>

/* A stream writing each line written to it as a JSON object to out; NULL on failure. */
FILE *log_json_stream(FILE *out);

/* One log line (without its newline) of DPDK level (RTE_LOG_*) as a JSON object and a newline
 * into buf (at most len bytes, cut and still valid JSON); the length written. For the
 * stream and its test. t: seconds since 1970 and nanoseconds. */
size_t log_json_line(char *buf, size_t len, const char *line, size_t n, unsigned level,
		     long long t_s, long t_ns);

/* "--log-format FMT" among the forwarder's own options (after "--"), checked: 0 and *json, or
 * -1 with a message on stderr for a FMT that is neither text nor json. */
int log_format_arg(int argc, char **argv, int *json);

/* "--id ID" among the forwarder's own options (after "--"): 0 and *id (NULL without one or
 * with an empty one), or
 * -1 with a message on stderr for an ID the controller would refuse (log_kv_set_forwarder). */
int log_id_arg(int argc, char **argv, const char **id);

#endif
