/* SPDX-License-Identifier: BSD-3-Clause */
/* The forwarder's fixed sizes, shared by every module (one definition each). */
#ifndef HVLB_FWD_LIMITS_H
#define HVLB_FWD_LIMITS_H

#define FWD_MAX_PORTS 8
#define FWD_MAX_WORKERS 64
#define FWD_MAX_DISPATCH 8
#define FWD_MAX_LOCAL 64   /* own addresses, all ports */
#define FWD_MAX_ROUTES 1024
#define FWD_BURST 32
#define FWD_NEIGH_MAX 4096

#endif
