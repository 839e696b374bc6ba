/* SPDX-License-Identifier: BSD-3-Clause */
/* An idle lcore's sleep that its RX queues' kernel sockets can end (idle.h). */
#define _GNU_SOURCE /* ppoll: a sleep to the microsecond, on descriptors */
#include <errno.h>
#include <poll.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "idle.h"

/* The kernel's struct sched_attr (linux/sched/types.h), which glibc does not wrap. */
struct idle_sched_attr {
	uint32_t size;
	uint32_t sched_policy;
	uint64_t sched_flags;
	int32_t sched_nice;
	uint32_t sched_priority;
	uint64_t sched_runtime; /* a normal-policy thread's slice, in ns (Linux 6.12) */
	uint64_t sched_deadline;
	uint64_t sched_period;
};

int
idle_set_slice(uint32_t us)
{
	pid_t tid = (pid_t)syscall(SYS_gettid);
	struct idle_sched_attr a = {.size = sizeof(a), .sched_policy = SCHED_OTHER,
				    .sched_runtime = (uint64_t)us * 1000};

	if (us == 0 || sched_getscheduler(0) != SCHED_OTHER)
		return 0;
	errno = 0;
	a.sched_nice = getpriority(PRIO_PROCESS, (id_t)tid); /* kept: -1 is a valid nice */
	if (errno != 0)
		return -errno;
	return syscall(SYS_sched_setattr, 0, &a, 0) == 0 ? 0 : -errno;
}

void
idle_sleep_wake(uint32_t us, struct idle_wake *wake)
{
	struct timespec ts = {.tv_sec = us / 1000000, .tv_nsec = (long)(us % 1000000) * 1000};
	bool work = false;

	__atomic_store_n(&wake->asleep, 1, __ATOMIC_SEQ_CST);
	for (unsigned i = 0; i < IDLE_WATCH_MAX && !work; i++)
		work = wake->watch[i] != NULL && !rte_ring_empty(wake->watch[i]);
	if (!work) {
		int r = ppoll(wake->fd, wake->n, &ts, NULL);

		if (r > 0 && wake->kick >= 0 && (wake->fd[wake->kick].revents & POLLIN)) {
			uint64_t v;

			if (read(wake->fd[wake->kick].fd, &v, sizeof(v)) < 0) /* resets it */
				v = 0;
		}
	}
	__atomic_store_n(&wake->asleep, 0, __ATOMIC_RELEASE);
}

void
idle_wake_kick_slow(struct idle_wake *w)
{
	uint64_t one = 1;

	/* Nonblocking: a counter that is already set is as good as a second write. */
	if (write(w->fd[w->kick].fd, &one, sizeof(one)) < 0)
		return;
}
