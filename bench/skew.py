#!/usr/bin/env python3
"""The multi-worker and skew benchmark (run by bench/run.sh): the highest rate each setup
forwards with at most 0.1 % loss (a no-drop-rate search), with 1 and 2 workers, uniform and
skewed load, with and without RSS-A, the workers on the queues or behind the software
dispatch stage. Each trial is one run of `fwd_bench --mode skew` (forwarder/bench/skew.c),
which models one dedicated core per worker (and one for the dispatch stage) on a single
thread.

    python3 bench/skew.py BIN [EAL args...]     # JSON on stdout, progress on stderr

All trials of a run use the same prices (the cycles of each kind of work, measured first: the
median of five calibrations with 2 workers), so the setups differ only in what the forwarder
does, and 1 and 2 workers are priced alike.
Environment: BENCH_SKEW_WARMUP (simulated seconds before measuring, default 0.4: 8 RSS-A
periods), BENCH_SKEW_SECONDS (measured, 0.2), BENCH_SKEW_PERIOD_MS (RSS-A period, 50; the
paper's 1 s scaled down so a trial simulates seconds, not minutes), BENCH_SKEW_STEPS
(bisection steps, 8: about 0.3 % resolution).
"""

import json
import os
import statistics
import subprocess
import sys

LOSS = 0.001
LO_SHARE = 0.3  # a search's low end, as a share of its high end (taken to pass)
WARMUP = os.environ.get("BENCH_SKEW_WARMUP", "0.4")
SECONDS = os.environ.get("BENCH_SKEW_SECONDS", "0.2")
PERIOD = os.environ.get("BENCH_SKEW_PERIOD_MS", "50")
STEPS = int(os.environ.get("BENCH_SKEW_STEPS", "8"))
# More workers (the paper's 6 queues): the same warm-up (RSS-A needs its periods), a shorter
# measured window and fewer steps, to keep make bench within minutes. BENCH_SKEW_CURVE=""
# leaves them out.
CURVE = [int(n) for n in os.environ.get("BENCH_SKEW_CURVE", "6").split(",") if n]
CURVE_SECONDS = "0.1"
CURVE_STEPS = int(os.environ.get("BENCH_SKEW_CURVE_STEPS", "7"))


def fwd_bench(binary, eal, *args):
    p = subprocess.run([binary, *eal, "--", "--mode", "skew", *args], capture_output=True,
                       text=True, timeout=600)
    if p.returncode != 0:
        raise RuntimeError(f"fwd_bench {' '.join(args)}: exit {p.returncode}: {p.stderr[-2000:]}")
    return json.loads(p.stdout.strip().splitlines()[-1])


def prices(binary, eal, workers, n=5, steer="software", key="prices"):
    """The median of n calibrations, and the TSC rate (the prices' unit)."""
    runs = [fwd_bench(binary, eal, "--workers", str(workers), "--load", "skewed", "--steer",
                      steer, "--calibrate") for _ in range(n)]
    cols = zip(*[[float(x) for x in r[key].split(",")] for r in runs])
    return ",".join(f"{statistics.median(c):.2f}" for c in cols), runs[0]["hz"]


def trial(binary, eal, price, workers, load, rssa, steer, rate, stages=1,
          timing=(WARMUP, SECONDS)):
    """price: (the workers' prices, the dispatch stage's), the latter used with steer dispatch."""
    wp, dp = price
    extra = ["--dispatch-prices", dp, "--stages", str(stages)] if steer == "dispatch" else []
    return fwd_bench(binary, eal, "--workers", str(workers), "--load", load, "--rssa", rssa,
                     "--steer", steer, "--rate", f"{rate:.3f}", "--prices", wp, *extra,
                     "--warmup", timing[0], "--seconds", timing[1], "--period-ms", PERIOD)


def ndr(binary, eal, price, workers, load, rssa, steer, hi, stages=1, steps=STEPS,
        timing=(WARMUP, SECONDS)):
    """The highest rate (Mpps) with loss <= LOSS, by bisection between LO_SHARE hi (taken to
    pass) and hi (taken to fail); and the trial at that rate."""
    lo, best = LO_SHARE * hi, None
    for _ in range(steps):
        rate = (lo + hi) / 2
        r = trial(binary, eal, price, workers, load, rssa, steer, rate, stages, timing)
        print(f"  {workers}w {load:7} rssa={rssa:3} {steer:8} x{stages} {rate:7.3f} Mpps: loss "
              f"{r['loss']:.4f} moves {r['moves']} load {r['load']} dispatch "
              f"{r['dispatch_load']}", file=sys.stderr)
        if r["loss"] <= LOSS:
            lo, best = rate, r
        else:
            hi = rate
    return lo, best


def resolution(hi, steps):
    """The bisection's last step (Mpps)."""
    return round((1 - LO_SHARE) * hi / 2 ** steps, 2)


def summary(rate, r):
    """A setup's figures: its no-drop rate and what the trial at that rate saw."""
    return {"mpps": round(rate, 2), "moves": r["moves"] if r else 0,
            "load": r["load"] if r else None,
            "dispatch_load": r["dispatch_load"] if r else None}


def main():
    binary, eal = sys.argv[1], sys.argv[2:]
    pw, hz = prices(binary, eal, 2)
    pd, _ = prices(binary, eal, 2, steer="dispatch", key="dispatch_prices")
    print(f"  prices (cycles: iteration, own, out, in; the same with steering): {pw}; "
          f"dispatch stage (iteration, packet; the same with steering): {pd}", file=sys.stderr)

    def top(workers):
        """Upper end of a search: 1.2 times what the workers could do at their own-packet
        price."""
        return 1.2 * workers * hz / float(pw.split(",")[1]) / 1e6

    res = {"prices": pw, "dispatch_prices": pd, "tsc_hz": hz, "loss_max": LOSS,
           "period_ms": int(PERIOD), "resolution_mpps": resolution(top(2), STEPS)}
    setups = [("w1_uniform", 1, "uniform", "off", "software"),
              ("w2_uniform", 2, "uniform", "off", "software"),
              ("w2_uniform_rssa", 2, "uniform", "on", "software"),
              ("w2_skewed", 2, "skewed", "off", "software"),
              ("w2_skewed_rssa", 2, "skewed", "on", "software"),
              ("w2_skewed_rssa_flow_rules", 2, "skewed", "on", "nic"),
              ("w2_uniform_dispatch", 2, "uniform", "off", "dispatch"),
              ("w2_skewed_dispatch", 2, "skewed", "off", "dispatch"),
              ("w2_skewed_rssa_dispatch", 2, "skewed", "on", "dispatch")]
    for name, w, load, rssa, steer in setups:
        res[name] = summary(*ndr(binary, eal, (pw, pd), w, load, rssa, steer, top(w)))
    uni = res["w2_uniform"]["mpps"]
    duni = res["w2_uniform_dispatch"]["mpps"]
    # The headline: the dispatch stage, the software path that lets RSS-A even out the load.
    res["skew_over_uniform"] = round(res["w2_skewed_rssa_dispatch"]["mpps"] / duni, 3)
    res["skew_over_uniform_dispatch_no_rssa"] = round(res["w2_skewed_dispatch"]["mpps"] / duni, 3)
    res["skew_over_uniform_handoff"] = round(res["w2_skewed_rssa"]["mpps"] / uni, 3)
    res["skew_over_uniform_no_rssa"] = round(res["w2_skewed"]["mpps"] / uni, 3)
    res["skew_over_uniform_flow_rules"] = round(res["w2_skewed_rssa_flow_rules"]["mpps"] / uni, 3)
    # What the stage's core buys: skewed with it against skewed without (same 2 workers).
    res["dispatch_skewed_over_handoff_skewed"] = round(
        res["w2_skewed_rssa_dispatch"]["mpps"] / res["w2_skewed_rssa"]["mpps"], 3)
    res["dispatch_uniform_over_uniform"] = round(duni / uni, 3)
    res["two_workers_over_one"] = round(uni / res["w1_uniform"]["mpps"], 3)
    # More workers: the workers on the queues, and behind one dispatch stage per two workers
    # (one stage feeds about three at these prices; skew puts more on some stages).
    res["curve"] = []
    for n in CURVE:
        stages = (n + 1) // 2
        row = {"workers": n, "dispatch_stages": stages}
        for name, load, rssa, steer in (("uniform", "uniform", "off", "software"),
                                        ("skewed_rssa", "skewed", "on", "software"),
                                        ("uniform_dispatch", "uniform", "off", "dispatch"),
                                        ("skewed_rssa_dispatch", "skewed", "on", "dispatch")):
            row[name] = summary(*ndr(binary, eal, (pw, pd), n, load, rssa, steer, top(n), stages,
                                     steps=CURVE_STEPS, timing=(WARMUP, CURVE_SECONDS)))
        row["skew_over_uniform_handoff"] = round(row["skewed_rssa"]["mpps"] /
                                                 row["uniform"]["mpps"], 3)
        row["skew_over_uniform_dispatch"] = round(row["skewed_rssa_dispatch"]["mpps"] /
                                                  row["uniform_dispatch"]["mpps"], 3)
        row["resolution_mpps"] = resolution(top(n), CURVE_STEPS)
        res["curve"].append(row)
    print(json.dumps(res))


if __name__ == "__main__":
    main()
