/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The service settings of core/vs_settings.h as a table, and their one translation to and
 * from the local API's messages, by field name (protobuf-c's descriptors): a setting added to
 * VS_SETTINGS and to proto/fwd.proto is read, checked, stored, listed and saved with no code
 * of its own.
 */
#ifndef HVLB_VS_SETTING_DEFS_H
#define HVLB_VS_SETTING_DEFS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <protobuf-c/protobuf-c.h>

#include "vs_settings.h"

struct vs_setting_def {
	const char *name;
	uint32_t max;
	unsigned flags;
	vs_setting_check_fn check;
	size_t off; /* in struct vs_settings */
};

extern const struct vs_setting_def vs_setting_defs[];
extern const unsigned vs_n_settings;

static inline uint32_t *
vs_setting_at(struct vs_settings *s, const struct vs_setting_def *d)
{
	return (uint32_t *)((char *)s + d->off);
}

static inline uint32_t
vs_setting_get(const struct vs_settings *s, const struct vs_setting_def *d)
{
	return *(const uint32_t *)((const char *)s + d->off);
}

/* Each of c->set's values against its range and its row's check: 0, or -EINVAL with err
 * naming the field ("conn_rate_limit: ..."). */
int vs_settings_check(const struct vs_setting_ctx *c, char *err, size_t len);

/* Every setting from a VirtualService (m). -EINVAL with err when the message lacks a uint32
 * field of a setting's name: a build whose proto and VS_SETTINGS disagree (test_settings). */
int vs_settings_from_msg(const ProtobufCMessage *m, struct vs_settings *out, char *err,
			 size_t len);

/* The settings an UpdateService (m) sets (set_<name> true) into *io; *any tells whether it
 * set one. -EINVAL with err as vs_settings_from_msg. */
int vs_settings_update_from_msg(const ProtobufCMessage *m, struct vs_settings *io, bool *any,
				char *err, size_t len);

/* Every setting into a VirtualService (m), for listings. */
void vs_settings_to_msg(const struct vs_settings *s, ProtobufCMessage *m);

#endif
