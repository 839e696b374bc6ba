#!/usr/bin/env python3
"""make demo: a forwarder in front of four NFs, with real traffic, in network namespaces.

Brings up lab/topologies/demo.yaml (2 clients, a router, 1 forwarder, 4 NFs on 2 NF hosts),
starts hvlb-nfsim for each NF, hvlb-forwarder on AF_PACKET ports and the control plane
(hvlb-controller and hvlb-agent, TLS and mutual TLS, in the router's namespace), creates a NAT
virtual service with hvlbctl (TCP/HTTP) and through the NFV-manager request (UDP), runs mixed
HTTP and UDP traffic for about 20 seconds with a progress line, prints how it spread and what
the controller reads back, and tears everything down (--keep leaves it running and prints how
to poke at it).
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import ctlab  # noqa: E402
import fwctl  # noqa: E402
import fwdlab  # noqa: E402
import labtools  # noqa: E402
import topo as topolib  # noqa: E402

TOPOLOGY = HERE / "topologies" / "demo.yaml"
PREFIX = "hvlbdemo"
VIP = "10.100.0.1"
WEIGHTS = {"nf1": 300, "nf2": 200, "nf3": 200, "nf4": 100}


def preflight():
    """Exactly what is missing, or None."""
    if os.geteuid() != 0:
        return "the demo needs root (network namespaces, veth, AF_PACKET): run it as root"
    reason = topolib.unavailable()
    if reason:
        return reason
    for tool in ("ip", "tc", "curl"):
        if shutil.which(tool) is None:
            return f"'{tool}' is not installed: run scripts/deps.sh"
    for path in (fwdlab.FORWARDER, *(labtools.BIN / b for b in (
            "hvlb-nfsim", "hvlb-loadgen", "hvlb-controller", "hvlb-agent", "hvlbctl"))):
        if not Path(path).exists():
            return f"{path} is not built: run make build"
    if not Path("/proc/net/packet").exists():
        return "the kernel has no AF_PACKET sockets (CONFIG_PACKET)"
    return None


def table(rows, header):
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    fmt = "  ".join("{:<%d}" % w for w in widths)
    out = [fmt.format(*header)]
    out += [fmt.format(*[str(c) for c in r]) for r in rows]
    return "\n".join(out)


def loadgen_popen(topo, host, argv):
    return subprocess.Popen(topo.argv(host, [labtools.BIN / "hvlb-loadgen", "-json", *argv]),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def progress(fw, t0, duration, last):
    st = fw.stats()
    rx = sum(w.rx_packets for w in st.workers)
    tx = sum(w.tx_packets for w in st.workers)
    act = sum(w.active_conns for w in st.workers)
    tot = sum(w.total_conns for w in st.workers)
    now = time.monotonic()
    pps = (rx - last[0]) / max(now - last[1], 1e-3)
    el = now - t0
    bar = "#" * int(30 * min(el / duration, 1))
    cr, nl = ("\r", "") if sys.stdout.isatty() else ("", "\n")
    sys.stdout.write(f"{cr}  [{bar:<30}] {el:4.1f}s  rx {rx:>8}  tx {tx:>8}  {pps:8.0f} pps  "
                     f"conns {act:>5} active / {tot:>6} total {nl}")
    sys.stdout.flush()
    return rx, now


def show(cp, *args, note=""):
    """Runs hvlbctl with args in the control plane and prints the command and its output."""
    proc = cp.ctl(*args)
    print(f"$ hvlbctl {' '.join(args)}{note}")
    print("  " + proc.stdout.strip().replace("\n", "\n  "))


def wait_applied(fw, services, reals, timeout=20):
    """Until the agent has applied the services and the NFs' neighbours are resolved."""
    def applied():
        svcs = fw.client.list_services()
        return len(svcs) == services and all(len(s.real_services) == reals and
                                             all(r.health == 1 for r in s.real_services)
                                             for s in svcs)
    labtools.wait_until(applied, "the agent to apply the services", timeout)
    time.sleep(1.0)  # neighbour resolution


def report(fw, nfs, http, udp, duration):
    st = fw.stats()
    counters = fwctl.status_by_service(st.service_status)
    print("\nvirtual services read back from the forwarder:")
    rows = []
    for s in st.services:
        c = counters[fwctl.service_key(s.id)]
        rows.append([s.id.protocol, f"{s.id.vip}:{s.id.vport}", s.mode, s.scheduler,
                     c.total_conns, c.packets])
    print(table(rows, ["proto", "vip", "mode", "scheduler", "connections", "packets"]))

    names = {nf["addr"]: nf["name"] for nf in nfs}
    total_w = sum(WEIGHTS.values())
    svc = {c.id.protocol: c for c in st.service_status}  # one service of each protocol
    tcp_reals = {names[r.address]: r for r in svc["tcp"].reals}
    udp_reals = {names[r.address]: r for r in svc["udp"].reals}
    total_conns = sum(r.total_conns for r in tcp_reals.values()) or 1
    print("\nper NF (TCP = short HTTP connections from client1, UDP = request/response from "
          "client2):")
    rows = []
    for name in sorted(WEIGHTS):
        t, u = tcp_reals[name], udp_reals[name]
        hp = http["per_nf"].get(name, {})
        up = udp["per_nf"].get(name, {})
        mbps = (t.bytes + u.bytes) * 8 / duration / 1e6
        rows.append([name, WEIGHTS[name], f"{WEIGHTS[name] / total_w:.0%}",
                     t.total_conns, f"{t.total_conns / total_conns:.0%}",
                     f"{hp.get('rps', 0):.0f}", f"{up.get('rps', 0):.0f}", f"{mbps:.2f}",
                     f"{hp.get('rtt_ms', {}).get('p50', 0):.2f}",
                     f"{hp.get('rtt_ms', {}).get('p99', 0):.2f}",
                     f"{up.get('rtt_ms', {}).get('p50', 0):.2f}"])
    print(table(rows, ["nf", "weight", "share", "tcp conns", "got", "http req/s", "udp req/s",
                       "Mbit/s", "http p50 ms", "http p99 ms", "udp p50 ms"]))

    print("\nconnection spread (bar: connections; | marks the weight's share):")
    for name in sorted(WEIGHTS):
        got = tcp_reals[name].total_conns / total_conns
        want = WEIGHTS[name] / total_w
        bar = list("#" * int(50 * got) + " " * (52 - int(50 * got)))
        bar[int(50 * want)] = "|"
        print(f"  {name} {''.join(bar)} {got:5.1%} (weight {want:.0%})")

    print("\nforwarder:")
    rows = [[w.worker, w.rx_packets, w.tx_packets, w.total_conns, w.active_conns,
             w.local_replies, sum(d.count for d in w.drops)] for w in st.workers]
    print(table(rows, ["worker", "rx", "tx", "conns", "active", "arp/nd/echo", "dropped"]))
    drops = [[d.reason, d.count] for d in st.drops] or [["(none)", 0]]
    print(table(drops, ["drop reason", "count"]))
    print(f"mbufs in use {st.mempool_in_use}/{st.mempool_size}; "
          f"clients: http errors {http['total']['errors']}, udp lost {udp['total']['lost']}")
    return http["total"]["errors"] == 0 and tcp_reals and all(
        r.total_conns > 0 for r in tcp_reals.values())


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--keep", action="store_true", help="leave the topology running")
    ap.add_argument("--duration", type=float, default=20.0)
    args = ap.parse_args()
    why = preflight()
    if why:
        print(f"demo: {why}", file=sys.stderr)
        return 1
    topolib.teardown(PREFIX)  # a demo left running earlier
    topo = topolib.Topology.load(TOPOLOGY, prefix=PREFIX)
    nfs = topo.spec["nfs"]
    ok = False
    try:
        print(f"topology {TOPOLOGY.name}: hosts {', '.join(topo.hosts)}")
        topo.up()
        for nf in nfs:
            labtools.start_nfsim(topo, nf["host"], nf["name"], addr=nf["addr"], work_us=50)
        fw = fwdlab.start_forwarder(topo, workers=1)
        cp = ctlab.ControlPlane(topo, fw.sock, host="rtr").start()
        print("forwarder, controller and agent up (forwarder fwd-a registered)")
        tcp_reals = ",".join(f"{nf['addr']}:{labtools.HTTP_PORT}:{WEIGHTS[nf['name']]}"
                             for nf in nfs)
        udp_nfs = ",".join(f"{nf['addr']}:{labtools.UDP_PORT}:{WEIGHTS[nf['name']]}"
                           for nf in nfs)
        show(cp, "vs", "add", "tcp", f"{VIP}:80", "--mode", "nat", "--sched", "maglev",
             "--real", tcp_reals, "--check", "tcp", "--interval", "500ms")
        show(cp, "lb-request", "--protocol", "udp", "--vip", f"{VIP}:53", "--nf", udp_nfs,
             "--upstream", "demo-client-net", note="  (the NFV manager's request)")
        wait_applied(fw, 2, len(nfs))
        print(f"traffic for {args.duration:.0f} s: client1 HTTP (new connection per request), "
              "client2 UDP request/response")
        d = f"{args.duration}s"
        http = loadgen_popen(topo, "client1", ["-mode", "http", "-new-conn", "-flows", "16",
                                               "-duration", d, "-target", f"{VIP}:80"])
        udp = loadgen_popen(topo, "client2", ["-mode", "udp", "-flows", "8", "-rate", "2000",
                                              "-duration", d, "-target", f"{VIP}:53"])
        t0, last = time.monotonic(), (0, time.monotonic())
        while http.poll() is None or udp.poll() is None:
            last = progress(fw, t0, args.duration, last)
            time.sleep(1.0)
        print()
        hout, herr = http.communicate()
        uout, uerr = udp.communicate()
        if not hout.strip() or not uout.strip():
            print(f"demo: load generator failed: {herr}{uerr}", file=sys.stderr)
            return 1
        ok = report(fw, nfs, json.loads(hout), json.loads(uout), args.duration)
        time.sleep(2.5)  # one more agent report, so the controller has the final counters
        print("\nread back from the controller:")
        for cmd in (["vs", "list"], ["fr", "list"], ["vs", "show", f"tcp-{VIP}-80"]):
            show(cp, *cmd)
        if args.keep:
            print(f"\nleft running (prefix {PREFIX}). Try:\n"
                  f"  ip netns exec {PREFIX}-client1 curl http://{VIP}/\n"
                  f"  ip netns exec {PREFIX}-rtr {labtools.BIN}/hvlbctl --certs {cp.certs} vs list\n"
                  f"  {labtools.BIN}/hvlbctl --forwarder {fw.sock} stats --rate\n"
                  f"  {labtools.BIN}/hvlbctl --forwarder {fw.sock} conns\n"
                  f"  dpdk-telemetry.py -f {topo.prefix}_forwarder  (then /hvlb/stats)\n"
                  f"  make demo-down   # tear it down")
            return 0 if ok else 1
    finally:
        if not args.keep:
            topo.down()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
