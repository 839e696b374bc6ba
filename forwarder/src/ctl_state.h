/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The saved configuration (state_dir/config, persist.h) as a SavedConfig message
 * (proto/state.proto): written from the store with the local API's own messages, and replayed
 * at start-up through the API's handlers (ctl_op_run), each real given the slot and generation
 * it had, so that it is validated as any request is and reads across builds.
 */
#ifndef HVLB_CTL_STATE_H
#define HVLB_CTL_STATE_H

#include "persist.h"

/* persist's codec; its arg is the struct fwd. main sets it (persist_set_codec). */
extern const struct persist_codec ctl_state_codec;

#endif
