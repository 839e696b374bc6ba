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


def run_one(eal, n, stages, gens, flows, seconds):
    cores = n + stages + gens + 1
    # HVLB_SCALE_LCORES: an EAL lcore map instead of a core each (a functional check on a
    # smaller machine, e.g. "(0-9)@(0,1)": no figure).
    lmap = os.environ.get("HVLB_SCALE_LCORES")
    cpus = ["--lcores", lmap.replace("N", str(cores - 1))] if lmap else ["-l", f"0-{cores - 1}"]
    cmd = [str(BIN), *cpus, "--no-pci", *eal, "--file-prefix", "hvlb_scale",
           "--log-level=lib.*:error", "--log-level=user1:error", "--", "--mode", "scale",
           "--workers", str(n), "--stages", str(stages), "--gens", str(gens), "--flows",
           flows, "--seconds", str(seconds)]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)}: exit {p.returncode}: {p.stderr[-2000:]}")
    return json.loads(p.stdout.strip().splitlines()[-1])


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
    finally:
        if old is not None:
            HP.write_text(str(old))
    return res


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
    lines += [""] + summary(r, one) + [
        "", f"- date: {r['date']}; machine: {r['machine']}; {r['topology']}; EAL memory: "
        f"`{r['eal']}`.", ""]
    return lines


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
    a = ap.parse_args()
    if not BIN.exists():
        print(json.dumps({"skipped": f"{BIN} not built (make build)"}))
        return 0
    res = run(a.reps)
    if "skipped" in res:
        if a.doc and KEPT.exists():
            docsection.write(a.doc, HEADING, markdown(res))
        print(json.dumps(res))
        return 0
    if a.doc:
        KEPT.write_text(json.dumps(res, indent=1) + "\n")
    return docsection.report(res, a.doc, HEADING, markdown)


if __name__ == "__main__":
    sys.exit(main())
