/* SPDX-License-Identifier: BSD-3-Clause */
/* An idle lcore's sleep that its RX queues' kernel sockets can end (idle.h). */
#define _GNU_SOURCE /* ppoll: a sleep to the microsecond, on descriptors */
#include <poll.h>
#include <time.h>

#include "idle.h"

void
idle_sleep_wake(uint32_t us, struct idle_wake *wake)
{
	struct timespec ts = {.tv_sec = us / 1000000, .tv_nsec = (long)(us % 1000000) * 1000};

	ppoll(wake->fd, wake->n, &ts, NULL);
}
