#!/usr/bin/env python3
"""make demo-scaleout: three forwarders behind a real BGP router, one killed mid-traffic.

Brings up lab/topologies/scaleout.yaml (lab/scaleout.py): FRR routers in front of and behind
three forwarders, each forwarder's agent announcing the VIP by BGP and syncing connections
with the others, a controller, three NFs. Opens 1,000 long-lived TCP connections and 50 UDP
flows through one NAT VIP (every byte checked at the client), shows the routers' ECMP routes
and how the traffic spreads, SIGKILLs one forwarder and its agent, shows the routes shrink and
how many connections survived, brings the forwarder back, and tears everything down (--keep
leaves it running).
"""

import argparse
import json
import os
import signal
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import demo  # noqa: E402  (preflight, table)
import frr  # noqa: E402
import fwctl  # noqa: E402
import scaleout  # noqa: E402
import topo as topolib  # noqa: E402

TOPOLOGY = HERE / "topologies" / "scaleout.yaml"
PREFIX = "hvlbso"


def show_routes(pool):
    rows = []
    for role, prefix in (("upstream", f"{scaleout.VIP}/32"), ("nf_side", pool.client_prefix)):
        hops = pool.routers[role].routes().get(prefix, [])
        names = {m.front: m.id for m in pool.members} | {m.back: m.id for m in pool.members}
        rows.append([pool.routers[role].host, prefix, ", ".join(names.get(h, h) for h in hops)])
    print(demo.table(rows, ["router", "prefix", "ECMP next hops (forwarders)"]))


def show_spread(pool, since=None):
    rows, now = [], {}
    for m in pool.members:
        if m.fw is None or m.fw.proc.poll() is not None:
            rows.append([m.id, "(down)", "", ""])
            continue
        st = m.fw.stats()
        pk = sum(s.packets for s in st.service_status)
        now[m.id] = pk
        sy = m.fw.client.call(get_sync=fwctl.pb.GetSync()).sync
        rows.append([m.id, pk - (since or {}).get(m.id, 0),
                     sum(w.active_conns for w in st.workers), sy.state])
    print(demo.table(rows, ["forwarder", "VIP packets", "connections held", "sync"]))
    return now


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--keep", action="store_true", help="leave the topology running")
    ap.add_argument("--conns", type=int, default=1000,
                    help="long-lived TCP connections (tests/e2e/test_demos.py runs fewer)")
    args = ap.parse_args()
    why = demo.preflight() or frr.unavailable()
    if why:
        print(f"demo: {why}", file=sys.stderr)
        return 1
    topolib.teardown(PREFIX)
    topo = topolib.Topology.load(TOPOLOGY, prefix=PREFIX)
    ok = False
    try:
        print(f"topology {TOPOLOGY.name}: hosts {', '.join(topo.hosts)}")
        topo.up()
        pool = scaleout.Pool(topo).start()
        print("3 forwarders with their agents, 2 FRR routers, a controller and 3 NFs are up")
        pool.add_service()
        pool.wait_routes({m.id for m in pool.members})
        print("\nthe routers learnt the VIP (upstream) and the clients' prefix (NF side) from "
              "every agent:")
        show_routes(pool)
        print(f"\n{args.conns:,} TCP connections (echo, every byte checked) and 50 UDP flows start")
        traffic = scaleout_traffic(pool, args.conns)
        time.sleep(3)
        base = show_spread(pool)
        print(f"\nSIGKILL {pool.members[1].id} and its agent")
        t = time.monotonic()
        pool.kill(1)
        pool.wait_routes({pool.members[0].id, pool.members[2].id})
        print(f"routes withdrawn after {time.monotonic() - t:.2f} s:")
        show_routes(pool)
        time.sleep(3)
        print("\nthe survivors carry everything (each held every connection by sync):")
        show_spread(pool, base)
        print(f"\n{pool.members[1].id} comes back (it takes its peers' table before it "
              "announces)")
        pool.start_member(1)
        took = pool.wait_routes({m.id for m in pool.members}, timeout=60)
        print(f"announced again {took:.2f} s after its start:")
        show_routes(pool)
        time.sleep(2)
        rep = traffic.finish()
        tcp, udp = rep["tcp"], rep["udp"]
        print(f"\nclients: {tcp['survived']}/{tcp['count']} TCP connections intact end to end "
              f"({tcp['bytes']} bytes echoed), UDP {udp['replies']}/{udp['sent']} answered; "
              f"new connections during the kill: "
              f"{sum(1 for _, ok in rep['probes'] if not ok)} of {len(rep['probes'])} failed")
        ok = tcp["survived"] >= 0.999 * tcp["count"]
        if args.keep:
            print(f"\nleft running (prefix {PREFIX}). Try:\n"
                  f"  ip netns exec {PREFIX}-rtr ip route show {scaleout.VIP}\n"
                  f"  ip netns exec {PREFIX}-rtr vtysh --vty_socket "
                  f"{pool.routers['upstream'].dir} -c 'show bgp summary'\n"
                  f"  python3 lab/topo.py down --prefix {PREFIX}   # tear it down")
            return 0 if ok else 1
    finally:
        if not args.keep:
            topo.down()
    return 0 if ok else 1


class scaleout_traffic:
    """lab/echo_pool.py in the client namespace, as the scale-out test runs it."""

    def __init__(self, pool, conns):
        self.proc = pool.topo.popen("client", [
            "python3", HERE / "echo_pool.py", scaleout.VIP, scaleout.ECHO_PORT, "--count", conns,
            "--udp-count", 50, "--udp-port", scaleout.UDP_PORT, "--duration", 600,
            "--chunk", 100, "--open-rate", 400, "--probe-interval", 0.2], name="echo_pool")
        deadline = time.monotonic() + 60
        while "connected" not in self.proc.log_path.read_text():
            if time.monotonic() > deadline or self.proc.poll() is not None:
                raise RuntimeError(f"echo_pool: {self.proc.log_path.read_text()}")
            time.sleep(0.2)

    def finish(self):
        self.proc.send_signal(signal.SIGUSR1)
        self.proc.wait(timeout=120)
        text = self.proc.log_path.read_text()
        return json.loads(text[text.index("{"):])


if __name__ == "__main__":
    if os.geteuid() != 0:
        print("demo: needs root", file=sys.stderr)
        sys.exit(1)
    sys.exit(main())
