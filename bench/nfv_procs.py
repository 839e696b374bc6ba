# SPDX-License-Identifier: BSD-3-Clause
"""What bench/nfv.py starts and must not leave behind: each DPDK process's --file-prefix,
the record of the processes started, the check for survivors and huge page files at the end,
and the huge pages a run alone reserves."""

import os
import shutil
import signal
import time
from pathlib import Path

DPDK_RUN = Path("/var/run/dpdk")


def prefix(name):
    """Each DPDK process its own --file-prefix, unique to this run: its runtime directory
    (/var/run/dpdk/PREFIX, with the telemetry socket) is then ours to remove after, and no
    process shares the default "rte" one with another program on the machine."""
    return f"hvlb_nfv{os.getpid()}_{name}"


# What this run started (what, pid, the executable's name), checked for survivors at the end.
STARTED = []


def alive(pid, exe):
    """Whether process pid still runs exe (not a zombie, not a reused pid)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        return state != "Z" and Path(f"/proc/{pid}/exe").resolve().name.startswith(exe)
    except (OSError, IndexError):
        return False


def end_process(pid, exe, sig=None, grace=10.0):
    """Process pid (running exe) gone: sig first if given, SIGKILL after grace seconds."""
    if sig is not None and alive(pid, exe):
        os.kill(pid, sig)
    end = time.monotonic() + grace
    while alive(pid, exe):
        if time.monotonic() > end:
            os.kill(pid, signal.SIGKILL)
            end = time.monotonic() + grace
        time.sleep(0.05)


def hugepage_files():
    """Every file in a hugetlbfs mount (DPDK's PREFIXmap_* when a process does not run
    --in-memory): a benchmark that leaves one leaves its memory reserved."""
    files = set()
    for line in Path("/proc/mounts").read_text().splitlines():
        f = line.split()
        if len(f) > 2 and f[2] == "hugetlbfs" and os.path.isdir(f[1]):
            files |= {os.path.join(f[1], n) for n in os.listdir(f[1])}
    return files


def left_behind():
    """What this run left, once its working directory (the vhost-user and OVS sockets, OVS's
    database) is removed: processes still running (ended now) and huge page files; its DPDK
    runtime directories (with the telemetry sockets), which DPDK leaves, are removed here.
    Empty when the run was clean."""
    left = []
    for what, pid, exe in STARTED:
        if alive(pid, exe):
            left.append(f"{what} (pid {pid})")
            end_process(pid, exe, signal.SIGKILL)
    mine = prefix("")
    for d in (DPDK_RUN.iterdir() if DPDK_RUN.is_dir() else ()):
        if d.name.startswith(mine):
            shutil.rmtree(d, ignore_errors=True)  # DPDK leaves its runtime directory
    # Huge page files of this run's prefixes only: other work on the machine makes its own.
    return left + sorted(f for f in hugepage_files() if os.path.basename(f).startswith(mine))


HP = Path("/sys/kernel/mm/hugepages/hugepages-2048kB")


def reserve_huge_pages(pages):
    """At least pages 2 MiB huge pages reserved (as bench/run.sh does, for a run of this script
    alone); returns what to restore, or None."""
    try:
        old = int((HP / "nr_hugepages").read_text())
        if old < pages:
            (HP / "nr_hugepages").write_text(str(pages))
            return old
    except OSError:
        pass
    return None
