/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The idle back-off of every polling lcore (workers and dispatch stages): spin for a while
 * after the last packet, so a burst that pauses briefly never pays a wake-up, then sleep for
 * doubling periods up to a ceiling, offline for RCU meanwhile so that configuration changes
 * never wait for a sleeper. While spinning the lcore yields its core after every empty poll:
 * where it shares the core (kernel-socket ports, a VM, a lab), the thread a packet it just
 * sent woke (a client in connect(), the NF's stack) runs at once rather than after the spin
 * or the lcore's slice, up to 2 ms on AF_XDP; with nothing else to run, sched_yield()
 * returns at once (docs/benchmarks.md, "The kernel-interface path against nftables"). A worker whose RX queues are kernel sockets (af_packet, AF_XDP)
 * sleeps in ppoll() on them instead (idle_wake = rx): a frame's arrival ends the sleep at once,
 * rather than at its end (up to the ceiling later).
 */
#ifndef HVLB_IDLE_H
#define HVLB_IDLE_H

#include <poll.h>
#include <sched.h>
#include <stdbool.h>
#include <stdint.h>

#include <rte_common.h>
#include <rte_cycles.h>
#include <rte_rcu_qsbr.h>

/* Consecutive empty polls before an idle lcore starts sleeping: about 10-50 µs of spinning on
 * memory-fed ports, up to 2 ms where a poll is a system call (AF_XDP's busy poll), each
 * followed by a yield. A spin of 50 µs of the TSC instead was tried on AF_XDP: 64-byte UDP
 * 0.73x nftables' against 0.95x, TCP 0.62x against 0.66x, the same connect latency (one run,
 * 3 repetitions): a worker that sleeps sooner under load pays more wake-ups. */
#define IDLE_SPIN_POLLS 1024

struct idle {
	uint32_t empty_polls; /* consecutive */
	uint32_t sleep_us;    /* the next sleep's length once spinning is over */
};

/* Descriptors whose readiness ends a sleep early: the kernel sockets of the lcore's RX queues
 * (port_ksock.h), POLLIN. */
#define IDLE_WAKE_MAX 8
struct idle_wake {
	uint16_t n;
	struct pollfd fd[IDLE_WAKE_MAX];
};

/* A worker's scheduling slice (worker_slice_us): on Linux 6.12 and later (EEVDF), a thread of
 * the normal policy may ask for a shorter slice than the kernel's (0.7-3 ms), which gives it an
 * earlier deadline when it wakes, so that a worker woken by a frame preempts what runs on its
 * core rather than wait for that task's slice to end, for the tail of connect latency on a
 * shared core. Fair share is unchanged. The kernel takes 100 µs to 100 ms; older kernels ignore
 * it. Off by default: on a shared 2-core VM 100 µs was better in some runs and worse in others
 * (docs/benchmarks.md, "The kernel-interface path against nftables"). */
#define IDLE_SLICE_US_DEFAULT 0 /* the kernel's */
#define IDLE_SLICE_US_MIN 100
#define IDLE_SLICE_US_MAX 100000

/* Ask for a slice of us for the calling thread, when it runs the normal policy (a real-time
 * one is left alone; its nice kept). 0 (nothing done when us is 0) or -errno. */
int idle_set_slice(uint32_t us);

/* Sleep us microseconds, or less if one of wake's descriptors becomes readable (idle.c). */
void idle_sleep_wake(uint32_t us, struct idle_wake *wake);

/* Sleep us microseconds, or less if one of wake's descriptors (when any) becomes readable. */
static inline void
idle_sleep(uint32_t us, struct idle_wake *wake)
{
	if (wake != NULL && wake->n > 0)
		idle_sleep_wake(us, wake);
	else
		rte_delay_us_sleep(us);
}

/* After a poll that found busy items of work: reset when busy, else spin or sleep (at most
 * max_us; 0 never sleeps; woken early by wake's descriptors when wake is not NULL) as RCU
 * reader rcu_id of rcu. Returns whether it slept. */
static inline bool
idle_backoff_wake(struct idle *s, unsigned busy, uint32_t max_us, struct rte_rcu_qsbr *rcu,
		  unsigned rcu_id, struct idle_wake *wake)
{
	if (busy > 0) {
		s->empty_polls = 0;
		s->sleep_us = 0;
		return false;
	}
	if (max_us == 0)
		return false; /* always polling, as asked: a core of its own, nothing to yield to */
	if (++s->empty_polls < IDLE_SPIN_POLLS) {
		sched_yield();
		return false;
	}
	s->sleep_us = s->sleep_us == 0 ? 1 : RTE_MIN(s->sleep_us * 2, max_us);
	rte_rcu_qsbr_thread_offline(rcu, rcu_id);
	idle_sleep(s->sleep_us, wake);
	rte_rcu_qsbr_thread_online(rcu, rcu_id);
	return true;
}

/* idle_backoff_wake without descriptors: sleeps for the whole period. */
static inline bool
idle_backoff(struct idle *s, unsigned busy, uint32_t max_us, struct rte_rcu_qsbr *rcu,
	     unsigned rcu_id)
{
	return idle_backoff_wake(s, busy, max_us, rcu, rcu_id, NULL);
}

#endif
