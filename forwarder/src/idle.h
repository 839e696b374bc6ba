/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The idle back-off of every polling lcore (workers and dispatch stages): spin for a while
 * after the last packet, so a burst that pauses briefly never pays a wake-up, then sleep for
 * doubling periods up to a ceiling, offline for RCU meanwhile so that configuration changes
 * never wait for a sleeper. While spinning the lcore yields its core after every empty poll:
 * where it shares the core (kernel-socket ports, a VM, a lab), the thread a packet it just
 * sent woke (a client in connect(), the NF's stack) runs at once rather than after the spin
 * or the lcore's slice, up to 2 ms on AF_XDP; with nothing else to run, sched_yield()
 * returns at once (docs/benchmarks.md, "The kernel-interface path against nftables").
 * A worker sleeps in ppoll() (idle_wake = rx) on its RX queues' kernel sockets (af_packet,
 * AF_XDP) and on a kick eventfd that whoever gives it work writes while it sleeps: a frame or
 * a handoff ends the sleep at once, rather than at its end. Where both cover every source of
 * urgent work, the ceiling can be milliseconds (idle_sleep_wake_max_us; worker_loop.c
 * idle_ceiling) at no cost in latency.
 */
#ifndef HVLB_IDLE_H
#define HVLB_IDLE_H

#include <poll.h>
#include <sched.h>
#include <stdbool.h>
#include <stdint.h>

#include <rte_branch_prediction.h>
#include <rte_common.h>
#include <rte_cycles.h>
#include <rte_rcu_qsbr.h>
#include <rte_ring.h>

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
 * (port_ksock.h), POLLIN, and the lcore's kick eventfd, which whoever puts work on one of its
 * rings (inbox, steering commands, sync items, worker 0's control frames) writes while it
 * sleeps (idle_wake_kick), so that handed-over packets wake it as its own frames do. */
#define IDLE_WAKE_MAX 9
#define IDLE_WATCH_MAX 4
struct idle_wake {
	uint16_t n;
	int16_t kick;          /* fd[kick] is the kick eventfd; -1: none */
	bool all_rx;           /* every RX queue of the lcore is in fd: a frame always wakes it */
	uint8_t asleep;        /* set around the sleep; read by kickers */
	const struct rte_ring *watch[IDLE_WATCH_MAX]; /* the rings kickers fill (inbox, commands,
					   sync, worker 0's control frames), looked at once asleep is
					   set; NULL: none */
	struct pollfd fd[IDLE_WAKE_MAX];
};

/* After putting work on a ring of the lcore that sleeps on w: write its eventfd if it is
 * asleep. The fence orders the enqueue before the read of asleep, as the sleeper orders its
 * store of asleep before its look at its rings (watch): one of the two sees the other. */
void idle_wake_kick_slow(struct idle_wake *w);

static inline void
idle_wake_kick(struct idle_wake *w)
{
	if (__atomic_load_n(&w->kick, __ATOMIC_ACQUIRE) < 0)
		return;
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	if (unlikely(__atomic_load_n(&w->asleep, __ATOMIC_ACQUIRE)))
		idle_wake_kick_slow(w);
}

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

/* idle_sleep_wake_max_us: the longest sleep of a worker that its frames and its kick eventfd
 * both wake (idle_wake = rx, every RX queue a kernel socket); what it does on its own
 * (expiry, sending sync records) waits that long at most. 2 ms: an idle forwarder on AF_XDP
 * then takes about 3 % of a core against 18 % at the 100 µs ceiling of the others. */
#define IDLE_SLEEP_WAKE_MAX_US_DEFAULT 2000

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
