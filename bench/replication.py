#!/usr/bin/env python3
"""k-way replication against all-to-all, per forwarder: `kway_sim` (forwarder/bench/kway_sim.c).

An in-process simulation of N forwarders that runs the real placement rule (core/hrw.c) and
the real wire code (core/sync_wire.c: each record in a tagged datagram for each peer it goes
to, verified and decoded there), not the worker and control threads (fwd_bench --mode sync
measures those). The pool grows with its load: PER_FWD connections per forwarder, living
LIFETIME_S each; for each N and scheme (all-to-all, k = 1, k = 2): the entries each forwarder
holds with every connection open, and the sync records it receives a second (pulls included),
max over the forwarders; with k-way, the records a forwarder's departure makes the others send.
Prints one JSON object; with --doc FILE (make bench: docs/benchmarks.md) also writes its
section of FILE ("## Replication"), in place of the one there.
"""

import argparse
import datetime
import json
import subprocess
from pathlib import Path

import docsection

REPO = Path(__file__).resolve().parents[1]
BIN = REPO / "build" / "forwarder" / "bench" / "kway_sim"
HEADING = "## Replication"
SIZES = (3, 4, 8, 12, 16)
SCHEMES = ((0, "all-to-all"), (1, "k = 1"), (2, "k = 2"))
BYTES_PER_ENTRY = 164.5  # a table slot (docs/scale-out.md, "Sizing past the lab")


def run_one(n, k, conns, life):
    p = subprocess.run([BIN, str(n), str(k), str(conns), str(life)], capture_output=True,
                       text=True, timeout=900)
    if p.returncode != 0:
        raise RuntimeError(f"kway_sim {n} {k}: exit {p.returncode}: {p.stderr[-2000:]}")
    return json.loads(p.stdout.strip().splitlines()[-1])


def run(per_fwd, life):
    rows = []
    for n in SIZES:
        for k, _ in SCHEMES:
            rows.append(run_one(n, k, per_fwd * n, life))
    return {"replication": {"per_forwarder_conns": per_fwd, "lifetime_s": life, "rows": rows}}


def markdown(r):
    rep = r["replication"]
    per, life = rep["per_forwarder_conns"], rep["lifetime_s"]
    out = [HEADING, "",
           "`bench/replication.py` (`kway_sim`, forwarder/bench/kway_sim.c): N forwarders simulated in",
           "one process with the real placement rule (core/hrw.c) and wire code (core/sync_wire.c: every",
           "record tagged, verified and decoded at each peer it goes to); not the worker and control",
           "threads (\"Connection sync\" above measures those). The pool grows with its load:",
           f"{per:,} connections a forwarder, each living {life} s (its SYN, SYN-ACK through another",
           "forwarder by a second ECMP hash, established, a refresh a minute from each side, both FINs,",
           "both ends; a pull where the NF's side holds no copy). Per forwarder, max over the pool:",
           "entries held with every connection open, and records received a second.", "",
           "| forwarders | scheme | entries held | of the pool's | records in /s | rebalance on a leave |",
           "|---|---|---|---|---|---|"]
    for row in rep["rows"]:
        name = dict(SCHEMES)[row["replicas"]]
        share = row["entries_max"] / row["conns"]
        reb = f"{row['rebalance_recs']:,}" if row["replicas"] else "-"
        out.append(f"| {row['forwarders']} | {name} | {row['entries_max']:,} | {share:.0%} | "
                   f"{row['rx_recs_per_s_max']:,.0f} | {reb} |")
    out += ["", "All-to-all: each forwarder's entries and records grow with the pool (N times its own",
            "share); k-way: they stay about flat (each connection has its carrier, its NF-side",
            f"forwarder and their k backups). Entries are {BYTES_PER_ENTRY} B of table each.",
            f"{datetime.date.today().isoformat()}, {docsection.machine()}.", ""]
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--per-forwarder", type=int, default=2000)
    ap.add_argument("--lifetime", type=int, default=60)
    ap.add_argument("--doc")
    a = ap.parse_args()
    r = run(a.per_forwarder, a.lifetime)
    if a.doc:
        docsection.write(a.doc, HEADING, markdown(r))
    print(json.dumps(r))


if __name__ == "__main__":
    main()
