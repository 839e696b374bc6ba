/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The idle back-off of every polling lcore (workers and dispatch stages): spin for a while
 * after the last packet, so a burst that pauses briefly never pays a wake-up, then sleep for
 * doubling periods up to a ceiling, offline for RCU meanwhile so that configuration changes
 * never wait for a sleeper. A worker whose RX queues are kernel sockets (af_packet, AF_XDP)
 * sleeps in ppoll() on them instead (idle_wake = rx): a frame's arrival ends the sleep at once,
 * rather than at its end (up to the ceiling later).
 */
#ifndef HVLB_IDLE_H
#define HVLB_IDLE_H

#include <poll.h>
#include <stdbool.h>
#include <stdint.h>

#include <rte_common.h>
#include <rte_cycles.h>
#include <rte_rcu_qsbr.h>

/* Consecutive empty polls before an idle lcore starts sleeping: about 10-50 µs of spinning. */
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
	if (max_us == 0 || ++s->empty_polls < IDLE_SPIN_POLLS)
		return false;
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
