/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The control thread's side of flow steering: the set of overrides (connections moved off
 * their default owner), the moves in progress, and publishing the overrides as an immutable
 * steering table (steer_link.table, which workers and dispatch stages read). Who decides the
 * moves is another module's business (RSS-A in rssa_ctl.c, an operator's SteerFlow). All of
 * it runs on the control thread only; the telemetry thread reads its counters (plain 64-bit
 * reads).
 */
#ifndef HVLB_STEER_CTL_H
#define HVLB_STEER_CTL_H

#include <stdbool.h>
#include <stdint.h>

#include "lcore_env.h"
#include "steer_msg.h"

#define STEER_MAX_OVERRIDES (STEER_MAX_KEYS / 2) /* connections */
#define STEER_MAX_MIGS 128                     /* moves in progress */
#define STEER_MAX_RETIRED 16                   /* tables waiting for a grace period */

/* A connection that lives away from its default owner. */
struct steer_override {
	struct flow_key key[2]; /* ORIG tuple, and the reply tuple when n_keys is 2 */
	uint8_t n_keys;
	uint8_t priority;
	uint8_t manual;         /* an operator's request, not RSS-A */
	uint16_t worker;        /* its owner now */
	uint16_t from;          /* the owner it was last moved from */
	uint64_t period;        /* RSS-A period of the last move (its cooldown) */
	uint64_t since;         /* TSC of the last move */
};

enum steer_mig_state {
	MIG_FREE = 0,
	MIG_SENT,      /* MIGRATE on the old owner's command ring */
	MIG_EXPORTED,  /* on its way to the new owner */
	MIG_READY,     /* the new owner has it (or there was nothing): publish */
	MIG_PUBLISHED, /* override published: waiting for every worker to see it */
	MIG_UNMARKING, /* UNMARK on the old owner's inbox */
};

struct steer_mig {
	uint8_t state;
	uint8_t n_keys;
	uint8_t priority;
	uint8_t manual;
	uint8_t publish;  /* MIG_READY: whether the override is published (a vanished
			     connection RSS-A picked is not) */
	uint16_t from;
	uint16_t to;
	uint32_t seq;
	uint32_t hash[2];
	struct flow_key key[2];
	uint64_t token;   /* RCU token of the publication (MIG_PUBLISHED) */
	uint64_t gen;     /* the first publication that listed it as fresh (dispatch stage) */
	uint64_t period;  /* RSS-A's period when it was asked for */
	uint64_t started; /* TSC */
};

struct steer_ctl {
	struct lcore_env *env;
	struct steer_link link;  /* what the lcores read: owned here */
	bool fence_moves;        /* dispatch stages run: tables list the moves in progress */
	int socket;              /* where tables are built */
	/* overrides */
	struct steer_override *ovr;
	uint32_t n_ovr;
	bool dirty;              /* ovr changed since the last publication */
	uint64_t last_publish;   /* TSC */
	/* moves */
	struct steer_mig mig[STEER_MAX_MIGS];
	unsigned n_mig;
	uint32_t seq_next;
	struct {
		struct steer_table *t;
		uint64_t token;
	} retired[STEER_MAX_RETIRED];
	unsigned n_retired;
	/* counters (since start) */
	uint64_t moves_done;
	uint64_t moves_failed;   /* refused, or the connection lost in the hand-over */
	uint64_t moves_vanished; /* RSS-A picked a connection that had ended */
	uint64_t publications;
	uint64_t gone;
	/* Placing new connections of priority tenants (steer_place.c): each worker's mean load
	 * over RSS-A's last complete period (rssa_ctl.c writes it; 0 before the first), and the
	 * connections moved. */
	double load[FWD_MAX_WORKERS];
	uint64_t rssa_period;
	uint64_t placed;
	uint64_t poll_now; /* the TSC the current steer_ctl_poll round runs at */
};

/* Set up for the workers of env (which must exist), fencing moves when dispatch stages run,
 * on socket. NULL when out of memory. The caller points env->steer at its link. */
struct steer_ctl *steer_ctl_create(struct lcore_env *env, bool fence_moves, int socket);
void steer_ctl_free(struct steer_ctl *sc);

/* One round of the control thread at TSC now: notes from workers, moves in progress,
 * publication. */
void steer_ctl_poll(struct steer_ctl *sc, uint64_t now);

/* Whether a connection is between two workers now (its RS slot must not be reclaimed). */
bool steer_ctl_busy(const struct steer_ctl *sc);

/* Start moving the connection whose tuples are key[0] (ORIG) and key[1] (reply, when n_keys
 * is 2) from its owner now to worker `to`. manual: an operator's request (an override is
 * published even if the connection does not exist yet). period: RSS-A's period now (the
 * override's cooldown counts from it). 0, -EBUSY (already moving), -ENOSPC (too many
 * overrides or moves), -EINVAL (to is its owner already). */
int steer_ctl_move(struct steer_ctl *sc, const struct flow_key *key, uint8_t n_keys, uint16_t to,
		   uint8_t priority, bool manual, uint64_t period, uint64_t now);

/* A worker's STEER_NOTE_PLACE (steer_place.c): move that new connection to the least-loaded
 * worker when its owner is loaded more than STEER_PLACE_MARGIN above it. */
#define STEER_PLACE_MARGIN 0.05
void steer_ctl_place(struct steer_ctl *sc, const struct steer_note *n);

/* The owner of a connection now, as far as the control thread knows (override or default). */
uint16_t steer_ctl_owner(const struct steer_ctl *sc, const struct flow_key *orig);

#endif
