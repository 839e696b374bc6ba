/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Unit tests of the RSS-A decision logic (core/rssa.c) on load traces: per-sample loads of
 * each worker as the control thread measures them (busy share of the loop, plus backlog), fed
 * period by period, with the moves checked against outcomes worked out by hand in the
 * comments. Thresholds are the paper's: Q = 1, epsilon = 0.95 (a sample is overloaded at
 * 0.95), theta_h = 0.5, N_sam = 20.
 */
#include <math.h>

#include "check.h"
#include "rssa.h"

#define NSAM 20

/* Feed one period: worker i's samples are trace[i][0 .. NSAM-1]. Returns rssa_sample's last
 * answer (true: the period completed). */
static bool
feed_period(struct rssa *r, const double trace[][NSAM])
{
	double load[RSSA_MAX_WORKERS];
	bool done = false;

	for (unsigned s = 0; s < NSAM; s++) {
		for (unsigned i = 0; i < r->n_workers; i++)
			load[i] = trace[i][s];
		done = rssa_sample(r, load);
	}
	return done;
}

static void
init(struct rssa *r, uint16_t n_workers)
{
	struct rssa_params p;

	rssa_params_default(&p);
	rssa_init(r, &p, n_workers);
}

static bool
near(double a, double b)
{
	return fabs(a - b) < 1e-9;
}

static void
test_params(void)
{
	struct rssa_params p;

	rssa_params_default(&p);
	CHECK(rssa_params_check(&p) == NULL);
	CHECK(near(p.q, 1.0) && near(p.epsilon, 0.95) && near(p.theta_h, 0.5) && p.n_sam == 20);
	p.epsilon = 1.5;
	CHECK(strncmp(rssa_params_check(&p), "epsilon:", 8) == 0);
	p.epsilon = NAN;
	CHECK(strncmp(rssa_params_check(&p), "epsilon:", 8) == 0);
	rssa_params_default(&p);
	p.theta_h = 0;
	CHECK(strncmp(rssa_params_check(&p), "theta_h:", 8) == 0);
	rssa_params_default(&p);
	p.n_sam = 0;
	CHECK(strncmp(rssa_params_check(&p), "n_sam:", 6) == 0);
	rssa_params_default(&p);
	p.q = 0;
	CHECK(strncmp(rssa_params_check(&p), "q:", 2) == 0);
}

/* 12 of worker 0's 20 samples reach 0.95: foe 0.6 >= 0.5, overloaded. Worker 1 has 8 (one
 * exactly at 0.95 counts): foe 0.4, not overloaded. The period ends on the 20th sample only. */
static void
test_overload_frequency(void)
{
	static const double trace[2][NSAM] = {
		{0.97, 0.99, 1.00, 0.90, 0.96, 0.98, 0.80, 1.02, 0.99, 0.70,
		 0.96, 0.97, 0.92, 0.99, 1.00, 0.60, 0.95, 0.88, 0.91, 0.50},
		{0.95, 0.99, 0.96, 0.30, 0.96, 0.40, 0.97, 0.20, 0.98, 0.10,
		 0.99, 0.20, 0.96, 0.30, 0.40, 0.50, 0.60, 0.70, 0.80, 0.90},
	};
	double sum0 = 0, sum1 = 0, one[2] = {1, 1};
	struct rssa r;

	init(&r, 2);
	for (unsigned s = 0; s < NSAM; s++) {
		sum0 += trace[0][s];
		sum1 += trace[1][s];
	}
	CHECK(!rssa_overloaded(&r, 0)); /* no complete period yet */
	CHECK(feed_period(&r, trace));
	CHECK_EQ(r.periods, 1);
	CHECK(near(r.w[0].foe, 0.60) && near(r.w[1].foe, 0.40));
	CHECK(near(r.w[0].load, sum0 / NSAM) && near(r.w[1].load, sum1 / NSAM));
	CHECK(rssa_overloaded(&r, 0) && !rssa_overloaded(&r, 1));
	/* 19 more samples do not end the next period. */
	for (unsigned s = 0; s < NSAM - 1; s++)
		CHECK(!rssa_sample(&r, one));
	CHECK(rssa_sample(&r, one));
	CHECK(near(r.w[0].foe, 1.0) && near(r.w[1].foe, 1.0));
}

/* Both workers busy (0.6-0.9) but never at 0.95 (worker 1 touches 0.94): foe 0 each, and
 * nothing moves, however skewed the flows look. */
static void
test_balanced_no_move(void)
{
	static const double trace[2][NSAM] = {
		{0.81, 0.85, 0.90, 0.88, 0.84, 0.86, 0.80, 0.89, 0.87, 0.83,
		 0.82, 0.90, 0.91, 0.85, 0.86, 0.84, 0.88, 0.87, 0.85, 0.86},
		{0.62, 0.70, 0.94, 0.66, 0.60, 0.71, 0.69, 0.64, 0.65, 0.70,
		 0.68, 0.66, 0.67, 0.61, 0.72, 0.73, 0.65, 0.69, 0.66, 0.68},
	};
	struct rssa_flow flows[] = {
		{.id = 1, .worker = 0, .load = 0.40},
		{.id = 2, .worker = 0, .load = 0.30},
		{.id = 3, .worker = 1, .load = 0.05},
	};
	struct rssa_move mv[8];
	struct rssa r;

	init(&r, 2);
	CHECK(feed_period(&r, trace));
	CHECK(near(r.w[0].foe, 0) && near(r.w[1].foe, 0));
	CHECK_EQ(rssa_plan(&r, flows, 3, mv, 8), 0);
}

/* All overloaded: nowhere to put anything. */
static void
test_all_overloaded_no_move(void)
{
	double trace[2][NSAM];
	struct rssa_flow flows[] = {{.id = 1, .worker = 0, .load = 0.1}};
	struct rssa_move mv[4];
	struct rssa r;

	for (unsigned s = 0; s < NSAM; s++) {
		trace[0][s] = 1.10;
		trace[1][s] = 0.96;
	}
	init(&r, 2);
	feed_period(&r, trace);
	CHECK_EQ(rssa_plan(&r, flows, 1, mv, 4), 0);
}

static int
move_of(const struct rssa_flow *f, const struct rssa_move *mv, unsigned n, uint32_t id)
{
	for (unsigned k = 0; k < n; k++)
		if (f[mv[k].flow].id == id)
			return (int)k;
	return -1;
}

/* Worker 0 runs at 1.6 (saturated, plus backlog) every sample, worker 1 at 0.3: foe 1 and 0.
 * Heaviest first, each while worker 1 stays below 0.95:
 *   0.30 -> L1 0.60, L0 1.30;  0.25 -> L1 0.85, L0 1.05;  0.20: 1.05, skip;  0.15: 1.00,
 *   skip;  0.05 -> L1 0.90, L0 1.00;  then no flow of worker 0 is left that fits.
 * Worker 1's own flow (id 9) never moves: it is not overloaded. */
static void
test_skew_moves_heaviest(void)
{
	double trace[2][NSAM];
	struct rssa_flow flows[] = {
		{.id = 4, .worker = 0, .load = 0.15}, {.id = 1, .worker = 0, .load = 0.30},
		{.id = 9, .worker = 1, .load = 0.20}, {.id = 3, .worker = 0, .load = 0.20},
		{.id = 5, .worker = 0, .load = 0.05}, {.id = 2, .worker = 0, .load = 0.25},
	};
	struct rssa_move mv[8];
	struct rssa r;
	unsigned n;

	for (unsigned s = 0; s < NSAM; s++) {
		trace[0][s] = 1.6;
		trace[1][s] = 0.3;
	}
	init(&r, 2);
	feed_period(&r, trace);
	n = rssa_plan(&r, flows, 6, mv, 8);
	CHECK_EQ(n, 3);
	CHECK(move_of(flows, mv, n, 1) >= 0 && move_of(flows, mv, n, 2) >= 0 &&
	      move_of(flows, mv, n, 5) >= 0);
	for (unsigned k = 0; k < n; k++)
		CHECK(mv[k].from == 0 && mv[k].to == 1);
	/* Heaviest first in the order of execution. */
	CHECK(flows[mv[0].flow].id == 1 && flows[mv[1].flow].id == 2);
	/* The cap on moves per period holds. */
	CHECK_EQ(rssa_plan(&r, flows, 6, mv, 1), 1);
}

/* Moving stops as soon as the source is below the threshold: 1.0 - 0.2 = 0.8. */
static void
test_stops_when_relieved(void)
{
	double trace[2][NSAM];
	struct rssa_flow flows[] = {
		{.id = 1, .worker = 0, .load = 0.20},
		{.id = 2, .worker = 0, .load = 0.10},
	};
	struct rssa_move mv[4];
	struct rssa r;

	for (unsigned s = 0; s < NSAM; s++) {
		trace[0][s] = 1.0;
		trace[1][s] = 0.3;
	}
	init(&r, 2);
	feed_period(&r, trace);
	CHECK_EQ(rssa_plan(&r, flows, 2, mv, 4), 1);
	CHECK_EQ(flows[mv[0].flow].id, 1);
}

/* Three workers, loads 1.2 / 0.5 / 0.2 (worker 1 at 0.5 is busy but not overloaded). The
 * 0.30 flow goes to the least loaded, worker 2 (0.5 after); worker 0 is then at 0.9. */
static void
test_least_loaded_target(void)
{
	double trace[3][NSAM];
	struct rssa_flow flows[] = {
		{.id = 1, .worker = 0, .load = 0.30},
		{.id = 2, .worker = 0, .load = 0.20},
	};
	struct rssa_move mv[4];
	struct rssa r;

	for (unsigned s = 0; s < NSAM; s++) {
		trace[0][s] = 1.2;
		trace[1][s] = 0.5;
		trace[2][s] = 0.2;
	}
	init(&r, 3);
	feed_period(&r, trace);
	CHECK_EQ(rssa_plan(&r, flows, 2, mv, 4), 1);
	CHECK(flows[mv[0].flow].id == 1 && mv[0].to == 2);
}

/* Priority flows move last and are placed first. Worker 0 at 1.1, targets worker 1 at 0.2
 * and worker 2 at 0.5. Class 0 flows go first: 0.10 (L0 1.00) and 0.05 (L0 0.95, still at
 * the threshold), so the class 1 flow of 0.30 moves too (L0 0.65). Placed again with the
 * priority flow first: 0.30 -> worker 1 (0.2 -> 0.5); 0.10 -> worker 1 (tie at 0.5, the
 * lower index; 0.6); 0.05 -> worker 2 (0.55). */
static void
test_priority_last_placed_first(void)
{
	double trace[3][NSAM];
	struct rssa_flow flows[] = {
		{.id = 10, .worker = 0, .load = 0.10},
		{.id = 11, .worker = 0, .load = 0.30, .priority = 1},
		{.id = 12, .worker = 0, .load = 0.05},
	};
	struct rssa_move mv[4];
	struct rssa r;
	unsigned n;

	for (unsigned s = 0; s < NSAM; s++) {
		trace[0][s] = 1.1;
		trace[1][s] = 0.2;
		trace[2][s] = 0.5;
	}
	init(&r, 3);
	feed_period(&r, trace);
	n = rssa_plan(&r, flows, 3, mv, 4);
	CHECK_EQ(n, 3);
	CHECK(flows[mv[0].flow].id == 11 && mv[0].to == 1);
	CHECK(flows[mv[1].flow].id == 10 && mv[1].to == 1);
	CHECK(flows[mv[2].flow].id == 12 && mv[2].to == 2);

	/* At 1.0 the class 0 flow of 0.10 is enough (L0 0.90): the priority flow stays. */
	for (unsigned s = 0; s < NSAM; s++)
		trace[0][s] = 1.0;
	feed_period(&r, trace);
	n = rssa_plan(&r, flows, 3, mv, 4);
	CHECK_EQ(n, 1);
	CHECK_EQ(flows[mv[0].flow].id, 10);
}

/* A pinned flow (moved within the cooldown) is passed over for the next one. */
static void
test_pinned_flow_stays(void)
{
	double trace[2][NSAM];
	struct rssa_flow flows[] = {
		{.id = 1, .worker = 0, .load = 0.30, .pinned = 1},
		{.id = 2, .worker = 0, .load = 0.20},
	};
	struct rssa_move mv[4];
	struct rssa r;

	for (unsigned s = 0; s < NSAM; s++) {
		trace[0][s] = 1.0;
		trace[1][s] = 0.2;
	}
	init(&r, 2);
	feed_period(&r, trace);
	CHECK_EQ(rssa_plan(&r, flows, 2, mv, 4), 1);
	CHECK_EQ(flows[mv[0].flow].id, 2);
}

/* Closed loop over 30 periods, as the control thread runs it: each period a worker's samples
 * are its flows' load plus a recorded drift (this period's, + for worker 0 and - for worker 1)
 * plus recorded noise; the planner runs, its moves are applied and the moved flows pinned for
 * `cooldown` periods. Flows: worker 0 holds 0.50 + 0.30 + 0.15 + 0.02 = 0.97, worker 1 holds
 * 0.50 + 0.42 = 0.92. Returns the moves of the 0.02 flow (the only one that ever fits); *gap
 * is the fewest periods between two of them. */
static unsigned
closed_loop(uint32_t cooldown, const double *drift, unsigned *gap)
{
	static const double noise[NSAM] = {
		0.010, -0.020, 0.030, 0.000, 0.020, -0.010, 0.025, 0.015, -0.030, 0.010,
		0.020, 0.005, -0.015, 0.030, 0.010, 0.020, -0.005, 0.010, 0.015, 0.000,
	};
	static const double fl[6] = {0.50, 0.30, 0.15, 0.02, 0.50, 0.42};
	uint16_t owner[6] = {0, 0, 0, 0, 1, 1};
	int64_t moved_at[6] = {-1000, -1000, -1000, -1000, -1000, -1000};
	unsigned small = 0;
	struct rssa_params p;
	struct rssa r;

	rssa_params_default(&p);
	p.cooldown = cooldown;
	rssa_init(&r, &p, 2);
	*gap = 1000;
	for (int64_t period = 0; period < 30; period++) {
		double base[2] = {0, 0}, trace[2][NSAM];
		struct rssa_flow flows[6];
		struct rssa_move mv[8];

		for (unsigned f = 0; f < 6; f++)
			base[owner[f]] += fl[f];
		/* Worker 1's noise is worker 0's shifted: they peak at different samples. */
		for (unsigned s = 0; s < NSAM; s++) {
			trace[0][s] = base[0] + drift[period] + noise[s];
			trace[1][s] = base[1] - drift[period] + noise[(s + 7) % NSAM];
		}
		CHECK(feed_period(&r, trace));
		for (unsigned f = 0; f < 6; f++)
			flows[f] = (struct rssa_flow){.id = f, .worker = owner[f], .load = fl[f],
				.pinned = period - moved_at[f] < (int64_t)cooldown};
		unsigned n = rssa_plan(&r, flows, 6, mv, 8);
		for (unsigned k = 0; k < n; k++) {
			uint32_t id = flows[mv[k].flow].id;
			CHECK_EQ(id, 3);
			CHECK_EQ(owner[id], mv[k].from);
			if (moved_at[id] >= 0 && period - moved_at[id] < *gap)
				*gap = (unsigned)(period - moved_at[id]);
			owner[id] = mv[k].to;
			moved_at[id] = period;
			small++;
		}
	}
	return small;
}

/* Steady loads near the threshold: period 0 moves the 0.02 flow (0.97 is overloaded, and
 * 0.92 + 0.02 stays below 0.95); then worker 0 sits at 0.95 and worker 1 at 0.94 (plus
 * noise): whichever of them is overloaded, no flow of it fits below 0.95 on the other, so
 * nothing moves again: one move in 30 periods, with or without a cooldown. */
static void
test_near_threshold_moves_once(void)
{
	double drift[30] = {0};
	unsigned gap;

	CHECK_EQ(closed_loop(5, drift, &gap), 1);
	CHECK_EQ(closed_loop(0, drift, &gap), 1);
}

/* Loads that swing by +-0.03 every period (recorded drift), so the two workers are
 * overloaded in turn. Period 0 moves the 0.02 flow to worker 1 (0.94); period 1 sees worker 1
 * at 0.97 and worker 0 at 0.92, so the flow would go back (0.94 < 0.95), period 2 forth again:
 * without a cooldown it moves every single period. With the cooldown of 5 periods it moves at
 * periods 0, 5, 10, 15, 20 and 25 only: never sooner than 5 periods after its last move. */
static void
test_no_ping_pong_swinging_loads(void)
{
	double drift[30];
	unsigned gap;

	for (unsigned p = 0; p < 30; p++)
		drift[p] = p == 0 ? 0 : (p % 2 ? -0.03 : 0.03);
	CHECK_EQ(closed_loop(0, drift, &gap), 30);
	CHECK_EQ(gap, 1);
	CHECK_EQ(closed_loop(5, drift, &gap), 6);
	CHECK_EQ(gap, 5);
}

/* Without a cooldown the threshold rule alone keeps a flow where it is when it would bring
 * the other worker to 0.95: worker 0 at 0.97 (overloaded), worker 1 at 0.93; the only flow
 * (0.03) would make worker 1 0.96. */
static void
test_threshold_blocks_transfer(void)
{
	double trace[2][NSAM];
	struct rssa_flow flows[] = {{.id = 1, .worker = 0, .load = 0.03}};
	struct rssa_params p;
	struct rssa_move mv[2];
	struct rssa r;

	rssa_params_default(&p);
	p.cooldown = 0;
	rssa_init(&r, &p, 2);
	for (unsigned s = 0; s < NSAM; s++) {
		trace[0][s] = 0.97;
		trace[1][s] = 0.93;
	}
	feed_period(&r, trace);
	CHECK_EQ(rssa_plan(&r, flows, 1, mv, 2), 0);
}

/* Recorded: the first period of the skew benchmark (bench/skew.py: 2 workers, the paper's
 * skewed load at 34 Mpps, RSS-A period 50 ms) as the control thread sampled it, and the 39
 * connections its flow scan found on the overloaded worker 1 with their measured loads. Worker
 * 1 is saturated (1.0 every sample: foe 1), worker 0 at 0.486 (foe 0). By hand: the heaviest,
 * 0.0488, goes to worker 0 (0.486 + 0.0488 < 0.95) and leaves worker 1 at 0.9512, still at the
 * threshold; the next, 0.0486, brings it to 0.9026: two moves, both 1 -> 0. */
static void
test_recorded_skew_trace(void)
{
	static const double loads[39] = {
		0.0242, 0.0242, 0.0242, 0.0242, 0.0242, 0.0242, 0.0242, 0.0242, 0.0242, 0.0242,
		0.0291, 0.0291, 0.0291, 0.0291, 0.0291, 0.0291, 0.0291, 0.0291, 0.0291, 0.0291,
		0.0485, 0.0485, 0.0488, 0.0486, 0.0485, 0.0485, 0.0485, 0.0485, 0.0412, 0.0288,
		0.0016, 0.0016, 0.0016, 0.0016, 0.0004, 0.0004, 0.0004, 0.0004, 0.0004};
	static const double w0[NSAM] = {
		0.486, 0.486, 0.487, 0.486, 0.486, 0.486, 0.487, 0.486, 0.486, 0.486,
		0.487, 0.486, 0.486, 0.486, 0.487, 0.486, 0.486, 0.486, 0.487, 0.486};
	double trace[2][NSAM];
	struct rssa_flow flows[39];
	struct rssa_move mv[8];
	struct rssa r;

	for (unsigned s = 0; s < NSAM; s++) {
		trace[0][s] = w0[s];
		trace[1][s] = 1.0;
	}
	for (unsigned k = 0; k < 39; k++)
		flows[k] = (struct rssa_flow){.id = k, .worker = 1, .load = loads[k]};
	init(&r, 2);
	CHECK(feed_period(&r, trace));
	CHECK(!rssa_overloaded(&r, 0) && rssa_overloaded(&r, 1));
	CHECK_EQ(rssa_plan(&r, flows, 39, mv, 8), 2);
	CHECK(flows[mv[0].flow].id == 22 && flows[mv[1].flow].id == 23);
	CHECK(mv[0].from == 1 && mv[0].to == 0 && mv[1].from == 1 && mv[1].to == 0);
}

/* Changing the parameters restarts the period in progress. */
static void
test_set_params_restarts(void)
{
	struct rssa_params p;
	double l[2] = {1, 1};
	struct rssa r;

	init(&r, 2);
	for (unsigned s = 0; s < 5; s++)
		rssa_sample(&r, l);
	rssa_params_default(&p);
	p.n_sam = 4;
	rssa_set_params(&r, &p);
	CHECK(!rssa_sample(&r, l) && !rssa_sample(&r, l) && !rssa_sample(&r, l));
	CHECK(rssa_sample(&r, l));
}

int
main(void)
{
	RUN(test_params);
	RUN(test_overload_frequency);
	RUN(test_balanced_no_move);
	RUN(test_all_overloaded_no_move);
	RUN(test_skew_moves_heaviest);
	RUN(test_stops_when_relieved);
	RUN(test_least_loaded_target);
	RUN(test_priority_last_placed_first);
	RUN(test_pinned_flow_stays);
	RUN(test_near_threshold_moves_once);
	RUN(test_no_ping_pong_swinging_loads);
	RUN(test_threshold_blocks_transfer);
	RUN(test_recorded_skew_trace);
	RUN(test_set_params_restarts);
	return check_summary();
}
