/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The service settings' table and translations (vs_setting_defs.h).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "vs_setting_defs.h"

#define VS_SETTING_DEF(n, mx, fl, ck) \
	{.name = #n, .max = (mx), .flags = (fl), .check = (ck), .off = offsetof(struct vs_settings, n)},

const struct vs_setting_def vs_setting_defs[] = {VS_SETTINGS(VS_SETTING_DEF)};
const unsigned vs_n_settings = sizeof(vs_setting_defs) / sizeof(vs_setting_defs[0]);

int
vs_settings_check(const struct vs_setting_ctx *c, char *err, size_t len)
{
	for (unsigned i = 0; i < vs_n_settings; i++) {
		const struct vs_setting_def *d = &vs_setting_defs[i];
		uint32_t v = vs_setting_get(c->set, d);
		char why[VS_SETTING_ERR_LEN] = "";

		if (v > d->max) {
			snprintf(err, len, "%s: must be 0 to %u", d->name, d->max);
			return -EINVAL;
		}
		if (d->check != NULL && d->check(c, v, why) != 0) {
			snprintf(err, len, "%s: %s", d->name, why);
			return -EINVAL;
		}
	}
	return 0;
}

/* The uint32 field called name of m, or NULL with err saying which is missing. */
static const ProtobufCFieldDescriptor *
field_of(const ProtobufCMessage *m, const char *name, ProtobufCType type, char *err, size_t len)
{
	const ProtobufCFieldDescriptor *f =
		protobuf_c_message_descriptor_get_field_by_name(m->descriptor, name);

	if (f == NULL || f->type != type || f->label != PROTOBUF_C_LABEL_NONE) {
		snprintf(err, len, "%s: no such %s field in %s (proto/fwd.proto and "
			 "core/vs_settings.h disagree)", name,
			 type == PROTOBUF_C_TYPE_BOOL ? "bool" : "uint32", m->descriptor->name);
		return NULL;
	}
	return f;
}

int
vs_settings_from_msg(const ProtobufCMessage *m, struct vs_settings *out, char *err, size_t len)
{
	for (unsigned i = 0; i < vs_n_settings; i++) {
		const struct vs_setting_def *d = &vs_setting_defs[i];
		const ProtobufCFieldDescriptor *f =
			field_of(m, d->name, PROTOBUF_C_TYPE_UINT32, err, len);

		if (f == NULL)
			return -EINVAL;
		*vs_setting_at(out, d) = *(const uint32_t *)((const char *)m + f->offset);
	}
	return 0;
}

int
vs_settings_update_from_msg(const ProtobufCMessage *m, struct vs_settings *io, bool *any,
			    char *err, size_t len)
{
	char set_name[64];

	*any = false;
	for (unsigned i = 0; i < vs_n_settings; i++) {
		const struct vs_setting_def *d = &vs_setting_defs[i];
		const ProtobufCFieldDescriptor *f, *fs;

		snprintf(set_name, sizeof(set_name), "set_%s", d->name);
		if ((fs = field_of(m, set_name, PROTOBUF_C_TYPE_BOOL, err, len)) == NULL ||
		    (f = field_of(m, d->name, PROTOBUF_C_TYPE_UINT32, err, len)) == NULL)
			return -EINVAL;
		if (!*(const protobuf_c_boolean *)((const char *)m + fs->offset))
			continue;
		*vs_setting_at(io, d) = *(const uint32_t *)((const char *)m + f->offset);
		*any = true;
	}
	return 0;
}

void
vs_settings_to_msg(const struct vs_settings *s, ProtobufCMessage *m)
{
	for (unsigned i = 0; i < vs_n_settings; i++) {
		const struct vs_setting_def *d = &vs_setting_defs[i];
		const ProtobufCFieldDescriptor *f =
			protobuf_c_message_descriptor_get_field_by_name(m->descriptor, d->name);

		if (f != NULL && f->type == PROTOBUF_C_TYPE_UINT32)
			*(uint32_t *)((char *)m + f->offset) = vs_setting_get(s, d);
	}
}
