/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The local control API: a Unix socket (mode 0600, root only) served by the control thread.
 * Framing is a 4-byte big-endian length and a serialized hvlb.fwd.v1.Request; each gets one
 * Response, in order (proto/fwd.proto). Single-threaded and non-blocking: ctl_poll never
 * waits longer than its timeout, so the control thread's other duties keep their pace.
 */
#ifndef HVLB_CTL_H
#define HVLB_CTL_H

#include <stddef.h>
#include <stdint.h>

#include "fwd.h"

/* Requests above this are refused by closing the connection. */
#define CTL_MAX_FRAME (1u << 20)

struct ctl_server;

/* Listen on path (parent directory created, stale socket removed). NULL on failure, logged
 * with the path and the error. */
struct ctl_server *ctl_open(struct fwd *f, const char *path);

/* Wait up to timeout_ms for socket activity (or for wake_fd, when not -1, to be readable:
 * the connection-sync socket, so a peer's message is taken at once), then accept, read and
 * answer what is ready. */
void ctl_poll(struct ctl_server *s, int timeout_ms, int wake_fd);

/* Close every client and the listener, and remove the socket file. NULL is a no-op. */
void ctl_close(struct ctl_server *s);

#endif
