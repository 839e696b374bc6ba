/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The idle back-off of every polling lcore (workers and dispatch stages): spin for a while
 * after the last packet, so a burst that pauses briefly never pays a wake-up, then sleep for
 * doubling periods up to a ceiling, offline for RCU meanwhile so that configuration changes
 * never wait for a sleeper.
 */
#ifndef HVLB_IDLE_H
#define HVLB_IDLE_H

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

/* After a poll that found busy items of work: reset when busy, else spin or sleep (at most
 * max_us; 0 never sleeps) as RCU reader rcu_id of rcu. Returns whether it slept. */
static inline bool
idle_backoff(struct idle *s, unsigned busy, uint32_t max_us, struct rte_rcu_qsbr *rcu,
	     unsigned rcu_id)
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
	rte_delay_us_sleep(s->sleep_us);
	rte_rcu_qsbr_thread_online(rcu, rcu_id);
	return true;
}

#endif
