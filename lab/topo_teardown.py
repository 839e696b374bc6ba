"""Tearing a topology down, and finding what a topology left behind: its processes (each
recorded with its start time, so a reused pid is never killed), namespaces, root links,
state and DPDK runtime directories (lab/topo.py re-exports teardown, leftovers and
read_state)."""

from __future__ import annotations

import json
import os
import shutil
import signal
import time
from pathlib import Path

from topo_base import NAME_RE, STATE_DIR, LabError, require_root, sh as _sh


def read_state(prefix):
    try:
        return json.loads((STATE_DIR / f"{prefix}.json").read_text())
    except (OSError, ValueError):
        return {}


def _proc_start(pid):
    """The start time of a process (field 22 of /proc/pid/stat), to tell a pid reused."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
        return stat.rsplit(")", 1)[1].split()[19]
    except (OSError, IndexError):
        return None


def _kill_group(pid, timeout=3):
    """SIGTERM to the process group pid leads (popen starts each in its own session), then
    SIGKILL whatever is left after timeout."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(pid, sig)
        except (ProcessLookupError, PermissionError):
            return
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if not _group_alive(pid):
                return
            time.sleep(0.02)


def _group_alive(pgid):
    """True while a process of the group is alive (zombies wait for their parent to reap
    them and count as dead)."""
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            fields = (d / "stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[2]) == pgid and fields[0] != "Z":
            return True
    return False


def _netns_pids(ns):
    p = _sh(["ip", "netns", "pids", ns], check=False)
    return [int(x) for x in p.stdout.split() if x.isdigit()]


def _kill_pids(pids, timeout=3):
    for sig in (signal.SIGTERM, signal.SIGKILL):
        alive = []
        for pid in pids:
            try:
                os.kill(pid, sig)
                alive.append(pid)
            except ProcessLookupError:
                pass
        if not alive:
            return
        deadline = time.monotonic() + timeout
        while alive and time.monotonic() < deadline:
            time.sleep(0.02)
            alive = [pid for pid in alive if _alive(pid)]
        pids = alive


def _alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie is dead for our purposes; its parent reaps it.
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


def _prefixed_netns(prefix):
    p = _sh(["ip", "netns", "list"], check=False)
    names = [line.split()[0] for line in p.stdout.splitlines() if line.strip()]
    return [n for n in names if n.startswith(prefix + "-")]


def teardown(prefix, keep_logs=False):
    """Removes everything a topology with this prefix made: tracked processes, processes
    inside its namespaces, the namespaces (recorded or named <prefix>-*), stray root links
    named <prefix>-*, DPDK runtime directories named <prefix>_* or <prefix>-*, the state
    file and the logs."""
    if not NAME_RE.match(prefix or ""):
        raise LabError(f"prefix {prefix!r}: want [A-Za-z0-9_]+")
    require_root()
    st = read_state(prefix)
    for proc in st.get("procs", []):
        if proc.get("start") and _proc_start(proc["pid"]) == proc["start"]:
            _kill_group(proc["pid"])
    recorded = [c["name"] for c in st.get("created", []) if c.get("kind") == "netns"]
    namespaces = list(dict.fromkeys(recorded + _prefixed_netns(prefix)))
    pids = [pid for ns in namespaces for pid in _netns_pids(ns)]
    _kill_pids(pids)
    errors = []
    for ns in namespaces:
        if Path("/run/netns", ns).exists():
            p = _sh(["ip", "netns", "del", ns], check=False)
            if p.returncode != 0:
                errors.append(f"ip netns del {ns}: {p.stderr.strip()}")
    for link in _root_links(prefix):
        _sh(["ip", "link", "del", link], check=False)
    for path in (STATE_DIR / f"{prefix}.json", STATE_DIR / f"{prefix}.tmp"):
        path.unlink(missing_ok=True)
    logdir = STATE_DIR / f"{prefix}.logs"
    if not keep_logs:
        shutil.rmtree(logdir, ignore_errors=True)
    for d in _dpdk_runtime_dirs(prefix):
        shutil.rmtree(d, ignore_errors=True)
    if errors:
        raise LabError("; ".join(errors))


def _dpdk_runtime_dirs(prefix):
    """DPDK runtime directories (EAL --file-prefix) of processes run with this prefix."""
    base = Path("/var/run/dpdk")
    if not base.is_dir():
        return []
    return [d for d in base.iterdir() if d.name.startswith((prefix + "_", prefix + "-"))]


def _root_links(prefix):
    p = _sh(["ip", "-o", "link", "show"], check=False)
    out = []
    for line in p.stdout.splitlines():
        parts = line.split(":", 2)
        if len(parts) > 1:
            name = parts[1].strip().split("@")[0]
            if name.startswith(prefix + "-"):
                out.append(name)
    return out


def leftovers(prefix, pids=()):
    """What a topology with this prefix left behind: namespaces, root links, processes in
    them or among pids, mounts naming the prefix (huge-page mounts), DPDK runtime
    directories, the state file. Empty when clean."""
    found = [f"netns {n}" for n in _prefixed_netns(prefix)]
    found += [f"link {l}" for l in _root_links(prefix)]
    found += [f"process {pid}" for pid in pids if _alive(pid)]
    try:
        for line in Path("/proc/mounts").read_text().splitlines():
            if f"/{prefix}-" in line or f"/{prefix}." in line:
                found.append(f"mount {line.split()[1]}")
    except OSError:
        pass
    found += [f"dpdk runtime dir {d}" for d in _dpdk_runtime_dirs(prefix)]
    if (STATE_DIR / f"{prefix}.json").exists():
        found.append(f"state {STATE_DIR / (prefix + '.json')}")
    return found


# ---------------------------------------------------------------------------------------
# CLI
