#!/usr/bin/env python3
"""What the in-kernel fast path's bookkeeping costs the forwarder (docs/kernel-fast-path.md).

With FLOWS busy UDP flows held in the kernel (two entries each, one per direction), counts the
bpf() system calls the forwarder makes a second (its scan folds every entry's counts every
0.64 s: a memory read each since the counts are mapped) and times a GetStats (its
kernel_fast_entries gauge). Topology lab/topologies/kernelpath.yaml, the forwarder as shipped
(AF_XDP ports, the fast path on). As root, with perf; part of `make bench` (about 40 s):

    python3 bench/kfp_books.py [--flows 3000] [--seconds 5] [--doc docs/benchmarks.md]

Prints one JSON line; with --doc, writes its section of that file.
"""

import json
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "lab"))
sys.path.insert(0, str(HERE))

import docsection  # noqa: E402
import fwdlab  # noqa: E402
import topo as topolib  # noqa: E402

HEADING = "## The in-kernel fast path's bookkeeping"

VIP, NF, PORT = "10.100.0.1", "10.1.0.11", 9
SERVICES = [{"protocol": "udp", "vip": VIP, "port": PORT, "reals": [(NF, PORT, 100)]}]
ECHO = f"""
import socket
u = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); u.bind(("0.0.0.0", {PORT}))
while True:
    d, a = u.recvfrom(2048); u.sendto(d, a)
"""
# FLOWS sockets, each sending a datagram every 0.4 s (well within the 2 s an idle entry
# is kept), their answers read and dropped; for SECS seconds.
FLOWS = """
import socket, sys, time
n, secs, vip, port = int(sys.argv[1]), float(sys.argv[2]), sys.argv[3], int(sys.argv[4])
socks = []
for i in range(n):
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.setblocking(False)
    s.bind(("0.0.0.0", 20000 + i)); socks.append(s)
end = time.monotonic() + secs
while time.monotonic() < end:
    t = time.monotonic()
    for s in socks:
        try:
            s.sendto(b"x" * 18, (vip, port))
        except BlockingIOError:
            pass
    for s in socks:
        try:
            while s.recv(100):
                pass
        except BlockingIOError:
            pass
    time.sleep(max(0, 0.4 - (time.monotonic() - t)))
"""


def entries(fw):
    return sum(p.kernel_fast_entries for p in fw.stats().ports)


def measure(a):
    prefix = "hvlbkfpb"
    t = topolib.Topology.load(HERE.parent / "lab" / "topologies" / "kernelpath.yaml", prefix=prefix)
    topolib.teardown(prefix)
    t.up()
    fw = None
    try:
        t.popen("nf", ["python3", "-c", ECHO], name="echo")
        fw = fwdlab.start_forwarder(t, workers=1, services=SERVICES, port_kind="af_xdp")
        sender = t.popen("client", ["python3", "-c", FLOWS, str(a.flows), str(a.seconds + 30),
                                    VIP, str(PORT)], name="flows")
        end = time.monotonic() + 25
        while entries(fw) < 1.9 * a.flows:
            if time.monotonic() > end:
                raise RuntimeError(f"only {entries(fw)} entries in the kernel")
            time.sleep(0.2)
        held = entries(fw)
        handed = worker_counter(fw, "kernel_fast_handed")
        perf = subprocess.run(["perf", "stat", "-x,", "-e", "syscalls:sys_enter_bpf", "-p",
                               str(fw.proc.pid), "--", "sleep", str(a.seconds)],
                              capture_output=True, text=True, check=True)
        calls = int(perf.stderr.strip().splitlines()[-1].split(",")[0])
        handed = worker_counter(fw, "kernel_fast_handed") - handed
        times = []
        for _ in range(10):
            t0 = time.perf_counter()
            fw.stats()
            times.append((time.perf_counter() - t0) * 1000)
        sender.kill()
        return {"flows": a.flows, "entries": held, "seconds": a.seconds,
                "bpf_calls_per_s": round(calls / a.seconds, 1),
                "handed_per_s": round(handed / a.seconds, 1),
                "getstats_ms_median": round(statistics.median(times), 3)}
    finally:
        if fw:
            fw.stop()
        t.down()


def worker_counter(fw, name):
    return sum(c.value for w in fw.stats().workers for c in w.counters if c.name == name)


def markdown(res):
    r = res["kfp_books"]
    return [HEADING, "",
            "`bench/kfp_books.py` (docs/kernel-fast-path.md, \"Keeping its books\"): "
            f"{r['flows']:,} UDP flows through AF_XDP ports, each sending a datagram every 0.4 s "
            f"and answered, the forwarder as shipped; {r['entries']:,} connection directions in "
            "the kernel. The worker folds every entry's counts every 0.64 s from the array it maps "
            "(no system call), and `kernel_fast_entries` is its own count (no walk of the map).",
            "",
            f"- `bpf()` calls by the forwarder (`perf stat -e syscalls:sys_enter_bpf`, "
            f"{r['seconds']} s): **{r['bpf_calls_per_s']:,} a second** with "
            f"{r['entries']:,} entries held (a hand-over is one, a take-back one; "
            f"{r['handed_per_s']:,} hand-overs a second in the window). A look a system call, as "
            f"before 2026-12-05, would be {r['entries'] / 0.64:,.0f} a second.",
            f"- a `GetStats` (the agent asks 4 times a second): **{r['getstats_ms_median']} ms**, "
            "median of 10 (docs/kernel-fast-path.md has what a walk of the map cost).",
            "", f"{res['date']}, {res['machine']}.", ""]


def main():
    ap = docsection.parser(__doc__)
    ap.add_argument("--flows", type=int, default=3000)
    ap.add_argument("--seconds", type=int, default=5)
    a = ap.parse_args()
    why = topolib.unavailable() or (None if shutil.which("perf") else "no perf")
    if why:
        print(json.dumps({"kfp_books": {"skipped": why}}))
        return 0
    return docsection.report(docsection.stamp({"kfp_books": measure(a)}), a.doc, HEADING,
                             markdown)


if __name__ == "__main__":
    sys.exit(main())
