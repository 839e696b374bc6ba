"""Helpers that drive the lab's Go tools inside a topology (for tests and the demo).

    import labtools
    nf = labtools.start_nfsim(topo, "nf1", "nf1", addr="10.1.0.11", work_us=100)
    labtools.set_knobs(topo, "nf1", "10.1.0.11", delay_ms=5, cpu_load_pct=80)
    m = labtools.scrape(topo, "nf1", "10.1.0.11")      # {'hvlb_nf_cpu_utilization': 0.8, ...}
    rep = labtools.loadgen(topo, "client", "10.100.0.1:80", mode="http", flows=8, duration=5)
    rep["per_nf"]["nf1"]["rps"], rep["total"]["rtt_ms"]["p99"]
    conns = labtools.wait_until(lambda: list(fw.client.iter_connections()), "a connection", 5)

Every call runs inside the topology's namespaces (through topo.run / topo.popen), so traffic
never leaves them.
"""

from __future__ import annotations

import itertools
import json
import os
import re
import time
from pathlib import Path

from topo import LabError

REPO = Path(__file__).resolve().parents[1]
BIN = Path(os.environ.get("HVLB_BIN", REPO / "build" / "bin"))

_prefix_no = itertools.count()


def unique_prefix(stem="hvt"):
    """A topology prefix no other run uses at the same time (stem, pid, counter)."""
    return f"{stem}{os.getpid() % 100000}_{next(_prefix_no)}"


def wait_until(cond, what, timeout=20.0, interval=0.2):
    """Polls cond until it returns something true and returns that; raises LabError naming
    what after timeout seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        v = cond()
        if v:
            return v
        time.sleep(interval)
    raise LabError(f"timed out after {timeout:g} s waiting for {what}")


# nfsim's default ports (cmd/hvlb-nfsim flags).
HTTP_PORT, TCP_PORT, UDP_PORT, ADMIN_PORT = 80, 5001, 9000, 9100


def _hostport(addr, port):
    if port is None:
        return ""
    if addr is None:
        return f":{port}"
    return f"[{addr}]:{port}" if ":" in addr else f"{addr}:{port}"


def start_nfsim(topo, host, name, addr=None, http=HTTP_PORT, tcp=TCP_PORT, udp=UDP_PORT,
                admin=ADMIN_PORT, cores=1, work_us=0, max_rps=0, delay_ms=0, cpu_load_pct=0,
                cpu_window="1s", extra=(), wait=5.0):
    """Starts hvlb-nfsim in a host, bound to addr (all addresses if None), and waits until
    it serves. A port of None turns that service off. Returns the tracked Popen."""
    argv = [BIN / "hvlb-nfsim", "-name", name,
            "-http", _hostport(addr, http), "-tcp", _hostport(addr, tcp),
            "-udp", _hostport(addr, udp), "-admin", _hostport(addr, admin),
            "-cores", cores, "-work-us", work_us, "-max-rps", max_rps,
            "-delay-ms", delay_ms, "-cpu-load", cpu_load_pct, "-cpu-window", cpu_window, *extra]
    p = topo.popen(host, argv, name=name)
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        log = p.log_path.read_text(errors="replace")
        if "msg=serving" in log:
            return p
        if p.poll() is not None:
            raise LabError(f"nfsim {name} in {host} exited {p.returncode}:\n{log}")
        time.sleep(0.02)
    raise LabError(f"nfsim {name} in {host}: not serving after {wait}s:\n{p.log_path.read_text()}")


def vtep_mac(addr):
    """A VTEP's inner MAC by hvlb's convention (docs/mode-vxlan.md): 02:00 and its IPv4
    address."""
    return "02:00:" + ":".join(f"{int(b):02x}" for b in addr.split("."))


def make_vtep(topo, host, vni, under, remote, inner, peer, dev="eth0"):
    """host's kernel vxlan device "vx" in vni: from its underlay address under (on dev),
    unicast to remote (the forwarder's VTEP); inner address inner (/24) with the MAC hvlb
    sends to, a static neighbour for peer (hvlb answers no inner ARP), and checksums filled
    before encapsulation (no offload for hvlb to find unfilled)."""
    for cmd in (["ip", "link", "add", "vx", "type", "vxlan", "id", str(vni), "local", under,
                 "remote", remote, "dstport", "4789", "dev", dev],
                ["ip", "link", "set", "vx", "address", vtep_mac(under)],
                ["ip", "addr", "add", inner + "/24", "dev", "vx"],
                ["ip", "link", "set", "vx", "up"],
                ["ip", "neigh", "replace", peer, "lladdr", vtep_mac(remote), "dev", "vx",
                 "nud", "permanent"],
                ["ethtool", "-K", "vx", "tx", "off", "tso", "off", "gso", "off"]):
        topo.run(host, cmd)


def set_knobs(topo, host, addr, port=ADMIN_PORT, **knobs):
    """Changes an NF's knobs (work_us, max_rps, delay_ms, cpu_load_pct) through its admin
    endpoint; returns the knobs now in force."""
    p = topo.run(host, ["curl", "-sS", "--max-time", "5", "-X", "POST", "-H",
                        "Content-Type: application/json", "--data", json.dumps(knobs),
                        f"http://{_hostport(addr or '127.0.0.1', port)}/knobs"])
    out = json.loads(p.stdout)
    if "error" in out:
        raise LabError(f"nfsim in {host}: knobs {knobs}: {out['error']}")
    return out


_SAMPLE = re.compile(r"^([a-zA-Z_:][a-zA-Z0-9_:]*(?:\{[^}]*\})?)\s+(\S+)")


def scrape(topo, host, addr, port=ADMIN_PORT):
    """Reads an NF's /metrics into {'name{labels}': value}."""
    p = topo.run(host, ["curl", "-sS", "--max-time", "5",
                        f"http://{_hostport(addr or '127.0.0.1', port)}/metrics"])
    out = {}
    for line in p.stdout.splitlines():
        m = _SAMPLE.match(line)
        if m and not line.startswith("#"):
            out[m.group(1)] = float(m.group(2))
    return out


def loadgen(topo, host, target, mode="http", flows=4, duration=2.0, path=None, rate=None,
            size=None, upload=False, timeout=None, bind=None, extra=()):
    """Runs hvlb-loadgen in a host and returns its JSON report as a dict (see
    internal/loadgen.Report). It fails only if the tool does not run at all."""
    argv = [BIN / "hvlb-loadgen", "-json", "-mode", mode, "-target", target,
            "-flows", flows, "-duration", f"{float(duration)}s"]
    for flag, val in (("-path", path), ("-rate", rate), ("-size", size), ("-bind", bind),
                      ("-timeout", f"{timeout}s" if timeout else None)):
        if val is not None:
            argv += [flag, val]
    if upload:
        argv.append("-upload")
    argv += list(extra)
    p = topo.run(host, argv, check=False, timeout=float(duration) + 30)
    if p.returncode not in (0, 3) or not p.stdout.strip():
        raise LabError(f"loadgen in {host} to {target}: exit {p.returncode}: {p.stderr.strip()}")
    return json.loads(p.stdout)
