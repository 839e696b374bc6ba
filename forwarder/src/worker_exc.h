/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A worker's side of the exception path (exception.h): frames for the forwarder's own
 * address that it does not answer go on the ring to the control thread, which writes them to
 * the kernel's device of the data port they came in on. Out of line: only packets that would
 * otherwise be dropped (local_unhandled, icmp_unhandled) or go to the control thread (ARP
 * replies, NAs) come here.
 */
#ifndef HVLB_WORKER_EXC_H
#define HVLB_WORKER_EXC_H

#include <stdbool.h>
#include <stdint.h>

#include <rte_mbuf.h>

struct worker;

/* m (received on data port in_port) to the kernel: true, m taken (queued, or dropped as
 * exception_full); false when the port has no exception path, m still the caller's. */
bool worker_exc_to_kernel(struct worker *w, struct rte_mbuf *m, uint16_t in_port);

/* A copy of m (an ARP reply or NA to our address, which the control thread learns from) for
 * the kernel too, so that its own neighbour resolution completes; nothing without a path. */
void worker_exc_copy(struct worker *w, const struct rte_mbuf *m, uint16_t in_port);

#endif
