#!/usr/bin/env python3
"""Several workers on dedicated cores: `fwd_bench --mode scale` (forwarder/bench/scale_bench.c).

The real forwarder with N workers, each on a core of its own, on memory-fed ring ports of one
RX queue per worker, every flow on the queue of the worker that owns it (as RSS would put it),
fed by a generator core per worker; then the same with one software dispatch stage in front of the
workers on a port of one RX queue (a virtual port without RSS). 64-byte UDP to a NAT service:
10,000 established flows per worker, and a new flow every packet. Mpps in all, per worker, and
per worker against one worker's (the scaling).

It needs a core for each worker, generator and the main thread. With --doc FILE it writes its
section of FILE and keeps the run in bench/measured/scale.json; on a machine with fewer than 5
cores it prints {"skipped": ...} and the section shows that kept run, said to be one (its
date and machine), not this machine's figure (here the skew model, bench/skew.py, stands for
several workers).
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import docsection

REPO = Path(__file__).resolve().parents[1]
BIN = Path(os.environ.get("HVLB_FWD_BENCH", REPO / "build" / "forwarder" / "bench" / "fwd_bench"))
HEADING = "## Several workers on dedicated cores"
KEPT = REPO / "bench" / "measured" / "scale.json"
HP = Path("/sys/kernel/mm/hugepages/hugepages-2048kB/nr_hugepages")
HP_FREE = Path("/sys/kernel/mm/hugepages/hugepages-2048kB/free_hugepages")
# A new-flow run's tables: about 700 MiB a worker (4 M entries); established runs far less.
HUGE_PAGES_PER_WORKER = 400
FLOWS = 10000
EST_SECONDS, NEW_SECONDS = 1.0, 0.2
# The skew search (offered load, paced): at most 0.1 % loss, bisection between LO_SHARE of its
# high end (taken to pass) and the high end (1.15 times the same workers' established rate,
# taken to fail); each trial a warm-up for RSS-A (10 periods of 50 ms) and a window.
LOSS = 0.001
LO_SHARE = 0.3
SKEW_STEPS = int(os.environ.get("BENCH_SCALE_SKEW_STEPS", "7"))
SKEW_WARMUP, SKEW_SECONDS, PERIOD_MS = 1.0, 0.3, 50


def plan(cores):
    """(workers, stages, generators) rows that fit on cores, the main thread's included. A
    generator per worker: on a 16-core Xeon one generator fed only about one worker (its
    frames' cache lines come back from the worker's core, as the worker's come from it), so
    with fewer the generators, not the workers, were measured."""
    rows = []
    for n in range(1, 15):
        if n + n + 1 <= cores:
            rows.append((n, 0, n))
    for n in (1, 2, 3, 4, 6):
        if 1 + n + n + 1 <= cores:
            rows.append((n, 1, n))
    return rows


def skew_plan(cores):
    """(workers, load, rssa, stages) setups that fit with a core to spare for the system (a
    stage or worker the kernel preempts loses frames): the skew bench's 2, 4 and 6 workers
    (the paper's 6 queues), a generator per worker, a dispatch stage per two or three
    workers."""
    out = []
    for n in (2, 4, 6):
        stages = max(1, n // 3)
        if n + stages + n + 1 > cores - 1:
            continue
        out += [(n, "uniform", "off", 0), (n, "skewed", "off", 0), (n, "skewed", "on", 0),
                (n, "skewed", "on", stages)]
    return out


def reserve_huge_pages(workers):
    """Reserve 2 MiB pages for the largest run where we may; returns (eal args, old count or
    None to leave alone)."""
    want = HUGE_PAGES_PER_WORKER * workers + 512
    try:
        old = int(HP.read_text())
        if old < want:
            HP.write_text(str(want))
        if int(HP_FREE.read_text()) >= want:
            return ["--in-memory"], old
        HP.write_text(str(old))
    except OSError:
        old = None
    return ["--no-huge", "-m", str(800 * workers + 1024)], None


def run_one(eal, n, stages, gens, flows, seconds, extra=()):
    cores = n + stages + gens + 1
    # HVLB_SCALE_LCORES: an EAL lcore map instead of a core each (a functional check on a
    # smaller machine, e.g. "(0-9)@(0,1)": no figure).
    lmap = os.environ.get("HVLB_SCALE_LCORES")
    cpus = ["--lcores", lmap.replace("N", str(cores - 1))] if lmap else ["-l", f"0-{cores - 1}"]
    cmd = [str(BIN), *cpus, "--no-pci", *eal, "--file-prefix", "hvlb_scale",
           "--log-level=lib.*:error", "--log-level=user1:error", "--", "--mode", "scale",
           "--workers", str(n), "--stages", str(stages), "--gens", str(gens),
           *(["--flows", flows] if flows else []), "--seconds", str(seconds), *extra]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)}: exit {p.returncode}: {p.stderr[-2000:]}")
    return json.loads(p.stdout.strip().splitlines()[-1])


def run_skew_only():
    """The skew search alone, its high ends from the kept run's rows (same machine kind)."""
    res = json.loads(KEPT.read_text())
    cores = int(os.environ.get("HVLB_SCALE_CORES", 0)) or os.cpu_count() or 1
    eal, old = reserve_huge_pages(2)
    try:
        est = {row["workers"]: row["mpps"] for row in res["rows"]
               if row["flows"] == "established" and not row["stages"]}
        res["skew"] = [skew_search(eal, *setup, 1.15 * est[setup[0]])
                       for setup in skew_plan(cores) if setup[0] in est]
        res["skew_stamp"] = docsection.stamp({})
    finally:
        if old is not None:
            HP.write_text(str(old))
    return res


def run(reps):
    cores = int(os.environ.get("HVLB_SCALE_CORES", 0)) or os.cpu_count() or 1
    rows = plan(cores)
    if len(rows) < 2:
        return {"skipped": f"needs at least 5 cores for two workers, their generators and the "
                           f"main thread; this machine has {cores} (the skew model, "
                           f"bench/skew.py, stands for several workers here)"}
    eal, old = reserve_huge_pages(max(n for n, _, _ in rows))
    res = docsection.stamp({"rows": [], "reps": reps, "eal": " ".join(eal),
                            "topology": topology()})
    try:
        for n, stages, gens in rows:
            for flows, secs in ((str(FLOWS), EST_SECONDS), ("new", NEW_SECONDS)):
                if stages and flows == "new":
                    continue
                # Interleaving would cost a table set-up a repetition; each row's best of reps.
                runs = [run_one(eal, n, stages, gens, flows, secs) for _ in range(reps)]
                best = max(runs, key=lambda r: r["mpps"])
                best["spread"] = [min(r["mpps"] for r in runs), best["mpps"]]
                res["rows"].append(best)
                print(json.dumps(best), file=sys.stderr, flush=True)
        est = {row["workers"]: row["mpps"] for row in res["rows"]
               if row["flows"] == "established" and not row["stages"]}
        res["skew"] = [skew_search(eal, *setup, 1.15 * est[setup[0]])
                       for setup in skew_plan(cores) if setup[0] in est]
    finally:
        if old is not None:
            HP.write_text(str(old))
    return res


def skew_search(eal, n, load, rssa, stages, hi):
    """The highest offered rate (Mpps) a setup forwards with at most LOSS lost, and the trial
    at that rate."""
    lo, best, trials = LO_SHARE * hi, None, []
    low_end = lo
    for _ in range(SKEW_STEPS):
        rate = (lo + hi) / 2
        r = run_one(eal, n, stages, n, None, SKEW_SECONDS,
                    ["--rate", f"{rate:.3f}", "--load", load, "--rssa", rssa, "--warmup",
                     str(SKEW_WARMUP), "--period-ms", str(PERIOD_MS)])
        print(f"  skew {n}w {load} rssa={rssa} stages={stages} {rate:.2f} Mpps: loss "
              f"{r['loss']:.4f} moves {r['moves']} behind {r['behind']} drops {r['drops']}",
              file=sys.stderr, flush=True)
        trials.append({"rate": round(rate, 2), "loss": r["loss"], "moves": r["moves"],
                       "behind": r["behind"], "drops": r["drops"]})
        # A generator that fell behind offered less than asked: the rate was not tried.
        if r["loss"] <= LOSS and r["offered_mpps"] >= 0.99 * rate:
            lo, best = rate, r
        else:
            hi = rate
    # None: not even the low end passed (it is "taken to pass" only for the bisection).
    return {"workers": n, "load": load, "rssa": rssa == "on", "stages": stages,
            "mpps": round(lo, 2) if best else None, "low_end": round(low_end, 2),
            "resolution": round((hi - lo), 2), "trials": trials,
            "moves": best["moves"] if best else 0,
            "load_per_worker": best["load_per_worker"] if best else None}


def topology():
    """What the cores are: threads per core and sockets (lscpu), for the footnote."""
    try:
        out = subprocess.run(["lscpu"], capture_output=True, text=True).stdout
    except OSError:
        return ""
    keep = ("Model name", "Thread(s) per core", "Core(s) per socket", "Socket(s)", "NUMA node(s)",
            "L3 cache", "L2 cache")
    return "; ".join(" ".join(line.split()) for line in out.splitlines()
                     if line.split(":")[0].strip() in keep)


def markdown(r):
    if "skipped" in r:
        kept = json.loads(KEPT.read_text())
        return markdown(kept)[:-1] + [
            f"- Not measured by this run ({r['skipped']}): the figures above are the last run "
            f"on a machine with the cores, kept in `bench/measured/scale.json` "
            f"({kept['date']}, {kept['machine']}).", ""]
    # Every row against one worker on its own queue (a dispatch row too: what its workers get
    # against a core that reads its own queue).
    one = {row["flows"]: row["mpps_per_worker"]
           for row in r["rows"] if row["workers"] == 1 and not row["stages"]}
    lines = [HEADING, "",
             "`bench/scale.py` (`fwd_bench --mode scale`, forwarder/bench/scale_bench.c): the "
             "real forwarder with N workers, each running `worker_main` on a core of its own, on "
             "memory-fed ring ports with an RX queue per worker; every flow arrives on the queue "
             "of the worker that owns it (as RSS would put it: no packet handed off), fed by "
             "generator cores (one per worker) that recycle what the workers send. 64-byte "
             "UDP to a NAT service, 10,000 established flows per worker, or a new flow every "
             "packet (every worker's table sized for its run). The dispatch rows: one stage "
             "(`dispatch = 1`) on a core of its own polls a port of one RX queue (a virtual port "
             "without RSS) and puts each packet on its owner's inbox. Best of "
             f"{r['reps']} runs each; the spread is the worst and best. A generator per worker: "
             "on the machine below one generator fed about one worker (every frame's lines go "
             "to the worker's core and back), so fewer generators would have measured "
             "themselves.", "",
             "| workers | dispatch stage | flows | Mpps | Mpps per worker | per worker vs 1 worker | "
             "Mpps per forwarding core | runs (min-max) | drops |",
             "|---|---|---|---|---|---|---|---|---|"]
    for row in r["rows"]:
        base = one.get(row["flows"])
        vs = f"{100 * row['mpps_per_worker'] / base:.0f}%" if base else "-"
        lines.append(
            f"| {row['workers']} | {'1 stage' if row['stages'] else '-'} | {row['flows']} | "
            f"{row['mpps']:.2f} | {row['mpps_per_worker']:.2f} | {vs} | "
            f"{row['mpps'] / (row['workers'] + row['stages']):.2f} | "
            f"{row['spread'][0]:.2f}-{row['spread'][1]:.2f} | {row['drops']} |")
    lines += [""] + summary(r, one) + skew_markdown(r) + [
        "", f"- date: {r['date']}; machine: {r['machine']}; {r['topology']}; EAL memory: "
        f"`{r['eal']}`.", ""]
    return lines


def skew_markdown(r):
    """The skew search's rows, each against the same workers' uniform rate."""
    rows = r.get("skew") or []
    if not rows:
        return []
    uni = {x["workers"]: x["mpps"] for x in rows if x["load"] == "uniform" and x["mpps"]}
    out = ["", "### Skew and RSS-A on dedicated cores", "",
           "The skew bench's flows (bench/skew.py: 80 UDP flows, uniform or the paper's skewed "
           "scenario, each on the RX queue of its default owner) offered at a paced rate by the "
           "generators, a frame lost where its RX queue is full (a NIC's drop); RSS-A (period "
           f"{PERIOD_MS} ms, the defaults otherwise) run by the control thread on the main core. "
           f"Mpps: the highest rate forwarded with at most {100 * LOSS:g} % loss (bisection, "
           f"{SKEW_STEPS} steps from {LO_SHARE:g} to 1.15 times the same workers' established "
           f"rate above; each trial {SKEW_WARMUP:g} s of warm-up, then {SKEW_SECONDS:g} s "
           "measured). Moved flows reach their owner by handoff (the worker that reads them "
           "passes them on), or through dispatch stages (on cores of their own, polling the "
           "workers' queues).", "",
           "| workers | load | RSS-A | moved flows reach their owner by | Mpps (≤0.1 % loss) | "
           "vs the same workers uniform | flows moved |", "|---|---|---|---|---|---|---|"]
    for x in rows:
        by = (f"{x['stages']} dispatch stage(s)" if x["stages"] else
              "handoff" if x["rssa"] else "-")
        vs = (f"{100 * x['mpps'] / uni[x['workers']]:.1f}%"
              if x["mpps"] and uni.get(x["workers"]) else "-")
        mpps = f"{x['mpps']:.2f}" if x["mpps"] else f"below {x['low_end']:.2f} (none passed)"
        out.append(f"| {x['workers']} | {x['load']} | {'on' if x['rssa'] else 'off'} | {by} | "
                   f"{mpps} | {vs} | {x['moves']} |")
    with_rssa = [t for x in rows if x["rssa"] for t in x.get("trials", [])]
    moved = [t for t in with_rssa if t["moves"] > 0]
    if moved:
        bad = [t for t in moved if t["loss"] > LOSS]
        out += ["", f"- RSS-A moved flows in {len(moved)} of its {len(with_rssa)} trials; "
                f"{len(bad)} of those lost more than {100 * LOSS:g} % of the window's frames "
                f"({100 * min(t['loss'] for t in bad):.0f}-{100 * max(t['loss'] for t in bad):.0f} %)"
                if bad else f"- RSS-A moved flows in {len(moved)} of its {len(with_rssa)} trials, "
                "none losing more than the limit"]
        if bad and all(t["moves"] == 0 for x in rows if x["rssa"] and x["mpps"]
                       for t in x.get("trials", []) if t["rate"] == x["mpps"]):
            out[-1] += (": every RSS-A row's rate is one at which it moved nothing, so these "
                        "rows are not RSS-A's gain.")
        else:
            out[-1] += "."
    st = r.get("skew_stamp")
    if st:
        out += ["", f"- the skew rows: a later run ({st['date']}, {st['machine']}), their high "
                "ends from the rows above."]
    if r.get("skew_note"):
        out += ["", f"- {r['skew_note']}"]
    out += ["", "The uniform rows here are below the recycled established rows above: each "
            "generator paces its flows and a burst that finds an RX queue full loses frames, "
            "where a recycling generator only refills what came back. Compare the rows of this "
            "table with each other. Each trial's JSON line (fwd_bench) gives the forwarder's "
            "drops by reason, its moved packets and failed moves: where frames went."]
    out += ["", "The same setups in the skew model (section \"Several workers, skew and RSS-A\") "
            "are priced on one thread; here the cores are real, and so are what they share. The "
            "paper: 13.83 / 14.79 = 93.5 % with 6 queues."]
    return out


def summary(r, one):
    """What the table says, from its rows."""
    out = []
    for flows in ("established", "new"):
        rows = [x for x in r["rows"] if x["flows"] == flows and not x["stages"]]
        top = max(rows, key=lambda x: x["workers"])
        out.append(f"- {flows}: {top['workers']} workers forward {top['mpps']:.1f} Mpps, "
                   f"{100 * top['mpps_per_worker'] / one[flows]:.0f}% of one worker's rate "
                   f"each (the worst row: "
                   f"{min(100 * x['mpps_per_worker'] / one[flows] for x in rows):.0f}%).")
    st = [x for x in r["rows"] if x["stages"]]
    if st:
        best = max(st, key=lambda x: x["mpps"])
        last = max(st, key=lambda x: x["workers"])
        out.append(
            f"- one dispatch stage: at most {best['mpps']:.1f} Mpps (with {best['workers']} "
            f"workers behind it), {best['mpps'] / one['established']:.1f} workers' worth; with "
            f"{last['workers']} behind it {last['mpps']:.1f}. Where it falls behind more workers: "
            "each packet's lines cross from the generator's core to the stage's and on to the "
            "worker's, and the one RX queue is filled by every generator at once "
            "(multi-producer), which a NIC's queue is not. On a port with RSS the workers read "
            "their own queues (the rows above); the stage is for ports with one queue.")
    return out


def main():
    ap = docsection.parser(__doc__)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--skew-only", action="store_true",
                    help="only the skew search, its high ends from the kept run's rows")
    a = ap.parse_args()
    if not BIN.exists():
        print(json.dumps({"skipped": f"{BIN} not built (make build)"}))
        return 0
    res = run_skew_only() if a.skew_only else run(a.reps)
    if "skipped" in res:
        if a.doc and KEPT.exists():
            docsection.write(a.doc, HEADING, markdown(res))
        print(json.dumps(res))
        return 0
    # Kept for machines without the cores; not a functional check's (HVLB_SCALE_LCORES).
    if a.doc and not os.environ.get("HVLB_SCALE_LCORES"):
        KEPT.write_text(json.dumps(res, indent=1) + "\n")
    return docsection.report(res, a.doc, HEADING, markdown)


if __name__ == "__main__":
    sys.exit(main())
