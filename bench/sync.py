#!/usr/bin/env python3
"""Connection sync, how fast: `fwd_bench --mode sync` (forwarder/bench/sync_bench.c).

One forwarder with one worker on memory-fed ring ports, sync on, its peer a UDP socket of the
benchmark on the loopback:
- publish: new TCP connections (a SYN each) turned into records in datagrams that reach the
  peer, the worker and the control thread stepped in turn on one core;
- absorb: records of new connections from the peer (tagged before the clock starts) verified
  by the control thread and inserted by the worker, on one core;
- lag: the worker on its own core, the control thread as in production (up to 1 ms in poll()
  between rounds), SYNs offered at a steady rate: from a SYN reaching the worker's RX ring to
  its record reaching the peer's socket, p50 and p99.
Best of REPS runs for the rates, the median run's lag. Prints one JSON object; with --doc FILE
(make bench: docs/benchmarks.md) also writes its section of FILE, in place of the one there.
"""

import datetime
import json
import subprocess
import sys
from pathlib import Path

import docsection

REPO = Path(__file__).resolve().parents[1]
BIN = REPO / "build" / "forwarder" / "bench" / "fwd_bench"
HEADING = "## Connection sync"
EAL = ["-l", "0,1", "--no-pci", "--no-huge", "-m", "2048", "--file-prefix", "hvlb_syncb",
       "--log-level=lib.*:error", "--log-level=user1:error"]


def run_once(seconds, lag_kcps):
    p = subprocess.run([BIN, *EAL, "--", "--mode", "sync", "--seconds", str(seconds),
                        "--lag-kcps", str(lag_kcps)], capture_output=True, text=True,
                       timeout=300)
    if p.returncode != 0:
        raise RuntimeError(f"fwd_bench --mode sync: exit {p.returncode}: {p.stderr[-2000:]}")
    return json.loads(p.stdout.strip().splitlines()[-1])


def run(seconds, lag_kcps, reps):
    runs = [run_once(seconds, lag_kcps) for _ in range(reps)]
    by_lag = sorted(runs, key=lambda r: r["sync_lag_p99_ms"])
    mid = by_lag[len(by_lag) // 2]
    pub = max(r["publish_conns_per_s"] for r in runs)
    absorb = max(r["absorb_conns_per_s"] for r in runs)
    return {"sync_conns_per_s": round(min(pub, absorb)), "sync_publish_conns_per_s": round(pub),
            "sync_absorb_conns_per_s": round(absorb),
            "sync_lag_p50_ms": mid["sync_lag_p50_ms"], "sync_lag_p99_ms": mid["sync_lag_p99_ms"],
            "sync_lag_kcps": lag_kcps, "sync_lag_samples": mid["lag_samples"],
            "sync_lost": sum(r["ring_full"] + r["worker_ring_full"] + r["send_failed"]
                             for r in runs),
            "sync_reps": reps}


def markdown(r):
    return [HEADING, "",
            "`bench/sync.py` (`fwd_bench --mode sync`, forwarder/bench/sync_bench.c): one forwarder,",
            "one worker on memory-fed ring ports, sync on, its peer a UDP socket on the loopback",
            "(docs/sync.md). Best of "
            f"{r['sync_reps']} runs for the rates, the median run's lag.", "",
            "| | |", "|---|---|",
            f"| publish: new connections to records at the peer (worker + control thread, one core) "
            f"| {r['sync_publish_conns_per_s']:,} connections/s |",
            f"| absorb: peer's records verified and inserted (control thread + worker, one core) "
            f"| {r['sync_absorb_conns_per_s']:,} connections/s |",
            f"| lag, SYN at the worker to its record at the peer, at {r['sync_lag_kcps']}k "
            f"connections/s: p50 / p99 | {r['sync_lag_p50_ms']} / {r['sync_lag_p99_ms']} ms |",
            "", "`sync_conns_per_s` is the smaller of publish and absorb (the direction: 500k a "
            "forwarder). The",
            "lag is mostly the control thread's wait in poll() (up to 1 ms a round, as main.c runs",
            "it) and, on this 2-CPU VM, three busy threads sharing two CPUs; records lost on the "
            f"way in these runs: {r['sync_lost']}.", "",
            f"- date: {datetime.date.today()}; machine: {docsection.machine()}. A shared VM: "
            "figures from one run.", ""]


def main():
    ap = docsection.parser(__doc__)
    ap.add_argument("--seconds", type=float, default=1.0)
    ap.add_argument("--lag-kcps", type=int, default=100)
    ap.add_argument("--reps", type=int, default=3)
    a = ap.parse_args()
    if not BIN.exists():
        print(json.dumps({"skipped": f"{BIN} not built (make build)"}))
        return 0
    return docsection.report(run(a.seconds, a.lag_kcps, a.reps), a.doc, HEADING, markdown)


if __name__ == "__main__":
    sys.exit(main())
