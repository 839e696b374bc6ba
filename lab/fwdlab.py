"""Running hvlb-forwarder inside a lab topology (for the end-to-end tests and the demo).

    fw = fwdlab.start_forwarder(topo, workers=1, services=[...])
    fw.client.add_real("tcp", "10.100.0.1", 80, "10.1.0.11", 80, weight=100)
    fw.stats()
    fw.telemetry("/hvlb/steering")   # a DPDK telemetry command's reply, as a dict
    fw.stop()
    why = fwdlab.unbuilt("hvlb-nfsim")   # an e2e module's skip: a binary not built, or None

The forwarder runs in the topology's forwarder host (topology meta.forwarder) on
net_af_packet ports bound to that host's DPDK-owned veths, with --no-huge and --in-memory so
it leaves no huge-page file or runtime directory behind. Its log is tracked by topo.popen.

A topology with several forwarders lists them in meta.forwarders ({host, ports, addrs,
gateway, sync_addr}, ...); start_forwarder(topo, host="fwdb", ...) runs one of them (the first
by default), and sync_section() writes the [sync] section that makes them peers.
"""

from __future__ import annotations

import json
import os
import subprocess
import time
from pathlib import Path

import fwctl
import labtools

REPO = Path(__file__).resolve().parents[1]
FORWARDER = Path(os.environ.get("HVLB_FORWARDER",
                                REPO / "build" / "forwarder" / "src" / "hvlb-forwarder"))
CONTROL_PLANE = ("hvlb-controller", "hvlb-agent", "hvlbctl")


def unbuilt(*extra):
    """Why a lab of the forwarder under its control plane cannot run here: the first of
    CONTROL_PLANE and extra (more binaries of build/bin, e.g. hvlb-nfsim), then the forwarder,
    that is not built, as a sentence; None when all are. An e2e module skips with it."""
    for b in CONTROL_PLANE + extra:
        if not (labtools.BIN / b).exists():
            return f"{labtools.BIN / b} not built (make build)"
    if not FORWARDER.exists():
        return f"{FORWARDER} not built (make build)"
    return None


def _lcores(workers):
    """EAL lcore mapping: lcore 0 (control thread) and one lcore per worker, spread over
    the machine's CPUs (more lcores than CPUs is fine: idle workers sleep)."""
    cpus = sorted(os.sched_getaffinity(0))
    parts = [f"{i}@{cpus[i % len(cpus)]}" for i in range(workers + 1)]
    return ",".join(parts)


SYNC_PORT = 8472


def forwarder_meta(meta, host=None):
    """The meta of the forwarder in host: meta.forwarder, or the entry of meta.forwarders
    (the first when host is None)."""
    fws = meta.get("forwarders") or [meta["forwarder"]]
    if host is None:
        return fws[0]
    for fw in fws:
        if fw["host"] == host:
            return fw
    raise KeyError(f"no forwarder in host {host!r} in the topology's meta")


def sync_section(meta, host, key_hex, port=SYNC_PORT):
    """The [sync] section that makes the forwarder in host a peer of every other forwarder of
    meta.forwarders (ids by their order, from 1), over their sync_addr."""
    fws = meta["forwarders"]
    me = next(i for i, fw in enumerate(fws) if fw["host"] == host)
    lines = ["[sync]", f"id = {me + 1}", f"listen = {fws[me]['sync_addr']}:{port}",
             f"key = {key_hex}"]
    lines += [f"peer.{i} = {fw['sync_addr']}:{port}" for i, fw in enumerate(fws) if i != me]
    return "\n".join(lines) + "\n"


# The PMD of the lab's kernel-interface ports: its vdev name and its devargs for one veth, with
# one queue per worker (af_packet: a socket per queue pair; AF_XDP: a socket bound to each of
# the veth's first queues).
PORT_KINDS = {
    "af_packet": ("net_af_packet", "iface={port},qpairs={workers}"),
    "af_xdp": ("net_af_xdp", "iface={port},start_queue=0,queue_count={workers}"),
}


def port_keys(port_settings, i):
    """The [portN] keys for port i: port_settings is either {key: value} for every port or
    {port index: {key: value}} port by port."""
    ps = port_settings or {}
    if any(isinstance(k, int) for k in ps):
        return dict(ps.get(i, {}))
    return dict(ps)


def config_text(meta, services=(), extra="", settings=None, host=None, port_kind="af_packet",
                port_settings=None):
    """The forwarder's INI configuration for a topology's forwarder (forwarder_meta: addrs, each
    port's addresses, "a/len[, b/len]"; gateway, and gateway6 for an IPv6 default route), with
    services as dicts {protocol, vip, port, mode, encap, scheduler, priority, conn_rate_limit,
    synproxy, synproxy_threshold, vni, reals:
    [(addr, port, weight[, conn_limit]), ...]} and settings overriding keys of its [forwarder]
    section (e.g. rssa, rssa_q); port_settings adds keys to [portN] sections, {key: value} to
    every one (e.g. rx_desc) or {port index: {key: value}} port by port (e.g. exception,
    docs/ports.md; dev replaces the port_kind's device)."""
    fw = forwarder_meta(meta, host)
    opts = {"conn_max": 65536, "idle_sleep_max_us": 100, **(settings or {})}
    lines = ["[forwarder]", *[f"{k} = {v}" for k, v in opts.items()], ""]
    for i, addr in enumerate(fw["addrs"]):
        more = port_keys(port_settings, i)
        dev = more.pop("dev", f"{PORT_KINDS[port_kind][0]}{i}")
        lines += [f"[port{i}]", f"dev = {dev}", f"addr = {addr}",
                  *[f"{k} = {v}" for k, v in more.items()], ""]
    lines += ["[route.default]", "prefix = 0.0.0.0/0", f"via = {fw['gateway']}", "port = 0", ""]
    if fw.get("gateway6"):
        lines += ["[route.default6]", "prefix = ::/0", f"via = {fw['gateway6']}", "port = 0", ""]
    for n, s in enumerate(services):
        lines += [f"[vs.s{n}]", f"protocol = {s['protocol']}", f"vip = {s['vip']}",
                  f"port = {s['port']}", f"mode = {s.get('mode', 'nat')}",
                  f"scheduler = {s.get('scheduler', 'maglev')}",
                  f"priority = {s.get('priority', 0)}",
                  f"conn_rate_limit = {s.get('conn_rate_limit', 0)}"]
        if "encap" in s:  # tunnel mode (docs/mode-tunnel.md)
            lines.append(f"encap = {s['encap']}")
        if "vni" in s:  # a vxlan service's tenant (docs/mode-vxlan.md)
            lines.append(f"vni = {s['vni']}")
        if "synproxy" in s:
            lines += [f"synproxy = {s['synproxy']}",
                      f"synproxy_threshold = {s.get('synproxy_threshold', 0)}"]
        if "client_addr" in s:  # fullnat tcp: the TOA (docs/mode-fullnat.md)
            lines.append(f"client_addr = {s['client_addr']}")
        if "hash" in s:  # nat udp: SIP call affinity (docs/scheduling.md)
            lines.append(f"hash = {s['hash']}")
        for k, (a, p, w, *limit) in enumerate(s.get("reals", ())):
            ep = f"{a}:{p}" if p else a
            lines.append(f"rs.{k} = {ep} weight={w}" + (f" conn_limit={limit[0]}" if limit else ""))
        lines.append("")
    return "\n".join(lines) + extra


class Forwarder:
    def __init__(self, topo, proc, sock, conf, prefix):
        self.topo, self.proc, self.sock, self.conf, self.prefix = topo, proc, sock, conf, prefix
        self.client = fwctl.Client(str(sock))

    def stats(self):
        return self.client.stats()

    def log(self):
        return Path(self.proc.log_path).read_text(errors="replace")

    def telemetry(self, cmd):
        """One DPDK telemetry command's reply (through dpdk-telemetry.py), as a dict."""
        p = subprocess.run(["dpdk-telemetry.py", "-f", self.prefix], input=cmd + "\n",
                           capture_output=True, text=True, timeout=30)
        # The tool prints its connection info, then "--> " and each reply as one JSON object.
        key = '{"' + cmd + '"'
        if p.returncode != 0 or key not in p.stdout:
            raise RuntimeError(f"dpdk-telemetry.py {cmd}: exit {p.returncode}:\n"
                               f"{p.stdout}{p.stderr}")
        return json.JSONDecoder().raw_decode(p.stdout[p.stdout.index(key):])[0][cmd]

    def stop(self):
        self.client.close()
        self.topo.stop(self.proc)


def kernel_off(topo, host=None):
    """Keeps the kernel's stack of the forwarder's host off its DPDK-owned veths (an nftables
    netdev ingress chain dropping everything: af_packet still gets every frame, since it taps
    them before that hook). Needed once that host's kernel holds the forwarder's own address
    (the exception path's TAP, docs/ports.md): the kernel would otherwise also answer what
    arrives on the veths itself (weak host model), and every answer would come twice."""
    fw = forwarder_meta(topo.meta, host)
    topo.run(fw["host"], ["nft", "add", "table", "netdev", "hvlb_dpdk"])
    for port in fw["ports"]:
        topo.run(fw["host"], ["nft", "add", "chain", "netdev", "hvlb_dpdk", port,
                              f"{{ type filter hook ingress device {port} priority 0; "
                              "policy drop; }"])


def start_forwarder(topo, workers=1, services=(), extra="", name="forwarder", wait=20.0,
                    settings=None, dispatch=False, host=None, port_kind="af_packet", port_args="",
                    port_settings=None, vdevs=None, own_args=()):
    """Starts hvlb-forwarder in the topology's forwarder host (host: one of meta.forwarders)
    and waits for its control socket. dispatch: a software dispatch stage on one more lcore
    feeds the workers. port_kind: a key of PORT_KINDS; port_args: more devargs for every port
    (",framecnt=4096"); port_settings: keys for every [portN] section ({"rx_desc": 4096}), or
    port by port ({1: {"exception": "tap"}}). vdevs {port index: "--vdev argument"} puts
    another device in that port's place (a memif or vhost-user port, docs/ports.md); name it
    in port_settings' dev. own_args: the forwarder's own options after "--" (--log-format json).
    Raises RuntimeError with the log if it does not come up."""
    meta = topo.meta
    fw = forwarder_meta(meta, host)
    rundir = topo.logdir  # removed with the topology
    rundir.mkdir(parents=True, exist_ok=True)
    sock = rundir / f"{name}.sock"
    conf = rundir / f"{name}.ini"
    if dispatch:
        settings = {**(settings or {}), "dispatch": "on"}
    conf.write_text(config_text(meta, services, extra, settings, host, port_kind, port_settings))
    # --no-huge: no huge-page mount to leave behind; --no-shconf: no shared config files. The
    # file prefix starts with the topology's, so its teardown removes EAL's runtime directory.
    prefix = f"{topo.prefix}_{name}"
    argv = [FORWARDER, "--lcores", _lcores(workers + (1 if dispatch else 0)), "--no-pci", "--no-huge", "--no-shconf",
            "-m", "512", "--file-prefix", prefix,
            "--log-level=lib.*:warning"]
    for i, port in enumerate(fw["ports"]):
        vdev, args = PORT_KINDS[port_kind]
        vdev = (vdevs or {}).get(
            i, f"{vdev}{i}," + args.format(port=port, workers=workers) + port_args)
        argv += ["--vdev", vdev]
    argv += ["--", "-c", conf, "-s", sock, *own_args]
    proc = topo.popen(fw["host"], argv, name=name)
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            break
        if sock.exists():
            try:
                f = Forwarder(topo, proc, sock, conf, prefix)
                f.client.stats()
                return f
            except OSError:
                pass
        time.sleep(0.1)
    log = Path(proc.log_path).read_text(errors="replace")
    topo.stop(proc)
    raise RuntimeError(f"hvlb-forwarder did not come up:\n{log[-4000:]}")
