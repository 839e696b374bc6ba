/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The control thread's side of flow steering: the set of overrides (connections moved off
 * their default owner) and the moves in progress (steer_ctl.c), and RSS-A, which samples the
 * workers' load and decides moves (balance.c). All of it runs on the control thread only; the
 * telemetry thread reads its figures (plain 64-bit and double reads).
 */
#ifndef HVLB_STEER_CTL_H
#define HVLB_STEER_CTL_H

#include <stdbool.h>
#include <stdint.h>

#include "fwd.h"
#include "rssa.h"
#include "steer_msg.h"

#define STEER_MAX_OVERRIDES (STEER_MAX_KEYS / 2) /* connections */
#define STEER_MAX_MIGS 128                     /* moves in progress */
#define STEER_MAX_RETIRED 16                   /* tables waiting for a grace period */
#define BAL_MAX_CANDIDATES 64                  /* heaviest flows considered per worker */

/* A connection that lives away from its default owner. */
struct steer_override {
	struct flow_key key[2]; /* ORIG tuple, and the reply tuple when n_keys is 2 */
	uint8_t n_keys;
	uint8_t priority;
	uint8_t manual;         /* an operator's request, not RSS-A */
	uint16_t worker;        /* its owner now */
	uint16_t from;          /* the owner it was last moved from */
	uint64_t period;        /* RSS-A period of the last move (cooldown) */
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
	uint64_t started; /* TSC */
};

/* RSS-A's view of one worker. */
struct bal_worker {
	uint64_t busy;     /* busy_cycles at the last sample */
	uint64_t pkts;     /* packets at the last sample (received + handed in) */
	double load;       /* the last sample */
	double cost;       /* cycles per packet, last sample with packets */
	uint32_t *scan;    /* per connection slot: packets at the first scan */
	uint32_t *tag;     /* per connection slot: low bits of `created` (0: none) */
};

struct bal_cand {
	struct flow_key key[2];
	uint8_t n_keys;
	uint8_t priority;
	uint16_t worker;
	double load;
};

struct steer_ctl {
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
	/* RSS-A */
	struct rssa rssa;
	bool rssa_on;
	uint32_t period_ms;
	uint64_t sample_cycles;
	uint64_t next_sample;
	uint64_t last_sample;
	uint64_t scan_at;        /* TSC of the first scan; 0: none pending */
	uint64_t rssa_moves;     /* moves RSS-A asked for */
	struct bal_worker w[FWD_MAX_WORKERS];
	struct bal_cand cand[FWD_MAX_WORKERS * BAL_MAX_CANDIDATES];
	unsigned n_cand;
};

/* The RSS-A settings of the [forwarder] section and SetRssa. */
struct rssa_settings {
	bool enabled;
	uint32_t period_ms;
	struct rssa_params p;
};

void rssa_settings_default(struct rssa_settings *s);
/* NULL when valid, else a message naming the field. */
const char *rssa_settings_check(const struct rssa_settings *s);

/* Set up (after the workers exist): rings, message pool, RSS-A. 0 or -ENOMEM. */
int steer_ctl_init(struct fwd *f, const struct rssa_settings *s, int socket);
void steer_ctl_free(struct fwd *f);

/* One round of the control thread at TSC now: notes from workers, moves in progress,
 * publication, and RSS-A's samples and decisions. */
void steer_ctl_poll(struct fwd *f, uint64_t now);

/* Whether a connection is between two workers now (its RS slot must not be reclaimed). */
bool steer_ctl_busy(const struct fwd *f);

/* Start moving the connection whose tuples are key[0] (ORIG) and key[1] (reply, when n_keys
 * is 2) from its owner now to worker `to`. manual: an operator's request (an override is
 * published even if the connection does not exist yet). 0, -EBUSY (already moving), -ENOSPC
 * (too many overrides or moves), -EINVAL (to is its owner already). */
int steer_ctl_move(struct fwd *f, const struct flow_key *key, uint8_t n_keys, uint16_t to,
		   uint8_t priority, bool manual, uint64_t now);

/* The owner of a connection now, as far as the control thread knows (override or default). */
uint16_t steer_ctl_owner(const struct fwd *f, const struct flow_key *orig);

/* Change RSS-A's settings (valid). */
void steer_ctl_set_rssa(struct fwd *f, const struct rssa_settings *s);
void steer_ctl_get_rssa(const struct fwd *f, struct rssa_settings *s);

/* RSS-A (balance.c): a sample at now; on a period's end, measure and move. */
void bal_poll(struct fwd *f, uint64_t now);

#endif
