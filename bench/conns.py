#!/usr/bin/env python3
"""The connection table at scale: `fwd_bench --mode conns` (forwarder/bench/conns_bench.c).

For 1,000, 1 M and 10 M live NAT connections (each reachable by its client and its reply
tuple), in a table sized for them: the table's bytes per live connection, and the cost of a
lookup of existing connections in random order, in bursts of 32 as a worker looks them up
(the best of 3 passes of 2 M lookups). Prints one JSON object; with --doc FILE (make bench:
docs/benchmarks.md) also writes its section of FILE, in place of the one there.
"""

import datetime
import json
import subprocess
import sys
from pathlib import Path

import docsection

REPO = Path(__file__).resolve().parents[1]
BIN = REPO / "build" / "forwarder" / "bench" / "fwd_bench"
HEADING = "## Connection table at scale"
EAL = ["-l", "0", "--no-pci", "--no-huge", "-m", "256", "--file-prefix", "hvlb_connb",
       "--log-level=lib.*:error", "--log-level=user1:error"]


HP = Path("/sys/kernel/mm/hugepages/hugepages-2048kB/nr_hugepages")
# The 10 M table (16 M entries) is under 3 GiB; reserve that much in 2 MiB pages while the
# bench runs, where the machine has room to spare (twice it available) and we may (root).
RESERVE_PAGES = 3 * 512


def mem_available_kib():
    for line in Path("/proc/meminfo").read_text().splitlines():
        if line.startswith("MemAvailable:"):
            return int(line.split()[1])
    return 0


def reserve_huge_pages():
    """Raise the 2 MiB page reservation for the run; returns the old count to restore, or
    None when left alone (not root, no room, or already enough)."""
    try:
        old = int(HP.read_text())
    except OSError:
        return None
    if old >= RESERVE_PAGES or mem_available_kib() < 2 * RESERVE_PAGES * 2048:
        return None
    try:
        HP.write_text(str(RESERVE_PAGES))
    except OSError:
        return None
    return old


def run():
    old = reserve_huge_pages()
    try:
        return run_bench()
    finally:
        if old is not None:
            HP.write_text(str(old))


def run_bench():
    p = subprocess.run([BIN, *EAL, "--", "--mode", "conns"], capture_output=True, text=True,
                       timeout=600)
    if p.returncode != 0:
        raise RuntimeError(f"fwd_bench --mode conns: exit {p.returncode}: {p.stderr[-2000:]}")
    r = json.loads(p.stdout.strip().splitlines()[-1])
    res = {"conn_lookup_10m_over_1k": r["lookup_10m_over_1k"],
           "conn_bytes_per_slot": r["bytes_per_slot"], "conn_entry_bytes": r["entry_bytes"]}
    for n in ("1k", "1m", "10m"):
        res[f"conn_bytes_{n}"] = r["bytes_per_conn"][n]
        res[f"conn_lookup_ns_{n}"] = r["lookup_ns"][n]
        res[f"conn_huge_page_mib_{n}"] = r["huge_page_mib"][n]
        res[f"conn_pages_{n}"] = r["pages"][n]
    return res


def markdown(r):
    rows = [f"| {n} | {r[f'conn_bytes_{k}']:.0f} | {r[f'conn_lookup_ns_{k}']:.1f} | "
            f"{r[f'conn_lookup_ns_{k}'] / r['conn_lookup_ns_1k']:.2f} x | "
            f"{r[f'conn_huge_page_mib_{k}']:.0f} ({r[f'conn_pages_{k}']}) |"
            for n, k in (("1,000", "1k"), ("1 M", "1m"), ("10 M", "10m"))]
    return [HEADING, "",
            "`bench/conns.py` (`fwd_bench --mode conns`, forwarder/bench/conns_bench.c), one core: "
            "live NAT connections (each found by its client and its reply tuple) in a table sized "
            "for them; lookups of existing connections in random order, in bursts of 32 with "
            "every bucket and entry prefetched (`conn_lookup_burst`), the best of 3 passes of "
            "2 M. The table is in 2 MiB huge pages: reserved ones (`hugetlb`, as the forwarder's "
            "DPDK memory is; the script reserves 3 GiB of them for its run when it may), else "
            "transparent ones as far as the kernel grants them (`thp`).", "",
            "| connections | table bytes / connection | ns / lookup | vs 1,000 | in huge pages (MiB) |",
            "|---|---|---|---|---|", *rows, "",
            f"bytes per connection: {r['conn_bytes_per_slot']:.0f} (at the table's capacity; "
            f"issue 27's target: 64 on the packet path, for IPv4). Of them {r['conn_entry_bytes']} "
            "are the entry, every line of which an established packet reads or writes (its key "
            "and real in the first line; its flags, generation, deadline and counters in the "
            "second), so the packet path touches "
            f"{r['conn_entry_bytes'] + 32:.0f}: the entry and its two keys' bucket slots of 8 "
            "bytes at a load of at most 50 % (32); the embryonic ring's 4 are off the path. The "
            "split that would bring an IPv4 connection to one line is not done (`struct conn` "
            "is read field by field in about 400 places, its key as a 40-byte `flow_key` in "
            "about 90 outside the tests, and persist.c and sync copy it whole). Its budget: a "
            "hot line of the 16-byte key, the real's IPv4 address and port (6), the RS and VS "
            "slots (4), the RS generation (4), state, mode, flags, the table's own flags and "
            "the timeout set (5), per-direction packets and bytes (24) and a deadline is 59 "
            "bytes plus the deadline: 63 with a 32-bit one (table ticks in milliseconds, "
            "which caps a timeout at 24 days), 67 with today's 64-bit one; cold, 32 bytes "
            "(creation time, the two keys' hashes, the per-mode 8 bytes, in use); an IPv6 "
            "connection 48 more (its two addresses and its real's, 16 each). An established "
            "IPv4 packet would then touch its 64-byte line and its key's bucket (a line shared "
            "by 8 slots; 32 bytes of index a connection at a load of at most 50 %).", "",
            "A connection is two cache lines (128 bytes) and its two keys take two bucket slots "
            "of 8 bytes at a load of at most 50 %; capacity is a power of two, so 10 M "
            "connections sit in a 16 M table. At 1,000 the table is in cache; at 10 M each "
            "lookup waits on memory (a bucket, then the entry) in a VM, where a TLB miss walks "
            "two page tables: the direction of issue 16 (at most 1.5 x) is not met here.", "",
            f"- date: {datetime.date.today()}; machine: {docsection.machine()}. A shared VM: "
            "figures from one run.", ""]


def main():
    a = docsection.parser(__doc__).parse_args()
    if not BIN.exists():
        print(json.dumps({"skipped": f"{BIN} not built (make build)"}))
        return 0
    return docsection.report(run(), a.doc, HEADING, markdown)


if __name__ == "__main__":
    sys.exit(main())
