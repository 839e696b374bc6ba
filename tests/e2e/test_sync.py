"""End to end: two forwarders that sync their connections (docs/sync.md).

lab/topologies/sync.yaml: the router sends the VIP to forwarder A; the NFs' default route is
forwarder B, so every NAT reply reaches B, which knows the connections A opened only by sync.
Long-lived TCP echo connections (payload checked by SHA-256 at the client) and UDP
request/response flows run through it while:

1. both directions work across the two forwarders (A client -> NF, B NF -> client);
2. the router's route moves to B (an ECMP change): B carries everything;
3. A is killed and started again with no state of its own: it asks B for its table and says
   `ready` only once B's dump is complete, with every connection in it; then the route moves
   back to A, which carries the connections it learnt by the dump;
4. datagrams with a wrong key sent to A's sync port are counted (sync_bad_mac) and change
   nothing.

No connection may see a reset or lose a byte.
"""

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "lab"))

import fwdlab  # noqa: E402
import labtools  # noqa: E402

TOPO = "lab/topologies/sync.yaml"
VIP = "10.100.0.1"
NFS = [("nf1", "10.1.0.11"), ("nf2", "10.1.0.12"), ("nf3", "10.1.0.13")]
ECHO_PORT = 5001
TCP_CONNS, UDP_FLOWS = 20, 4
DURATION = 16.0
RATE = 20_000
KEY = "5c1f0e8a9b2d4c6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6"
ECHO_CLIENT = REPO / "lab" / "echo_client.py"

if not fwdlab.FORWARDER.exists():
    pytest.skip(f"{fwdlab.FORWARDER} not built (make build)", allow_module_level=True)


def services():
    return [
        {"protocol": "tcp", "vip": VIP, "port": ECHO_PORT, "mode": "nat",
         "reals": [(a, ECHO_PORT, 100) for _, a in NFS]},
        {"protocol": "udp", "vip": VIP, "port": 53, "mode": "nat",
         "reals": [(a, labtools.UDP_PORT, 100) for _, a in NFS]},
    ]


def start(topo, host):
    return fwdlab.start_forwarder(topo, workers=1, services=services(), name=host, host=host,
                                  extra=fwdlab.sync_section(topo.meta, host, KEY))


def sync(fw):
    return fw.client.sync()


def counter(status, name):
    return next((c.value for c in status.counters if c.name == name), 0)


def conns(fw, proto=None):
    return [c for c in fw.client.iter_connections() if proto is None or c.protocol == proto]


def established(fw):
    """{client: real} of the established echo connections a forwarder has."""
    return {c.client: c.real for c in conns(fw, "tcp") if c.state == "established"}


def test_two_forwarders_share_their_connections(lab):
    topo = lab(TOPO)
    for host, a in NFS:
        labtools.start_nfsim(topo, host, host, addr=a)
    fa, fb = start(topo, "fwda"), start(topo, "fwdb")
    labtools.wait_until(lambda: sync(fa).state == "ready" and sync(fb).state == "ready",
                        "both forwarders ready", 15)

    client = subprocess.Popen(topo.argv("client", [
        sys.executable, ECHO_CLIENT, VIP, str(ECHO_PORT), "--tcp-count", str(TCP_CONNS),
        "--udp-ports", ",".join(str(43000 + i) for i in range(UDP_FLOWS)),
        "--duration", str(DURATION), "--rate", str(RATE), "--chunk", "1000"]),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert client.stderr.readline().strip() == f"connected {TCP_CONNS}"
        # 1. A opened them, B carries their replies: both know every one, to the same NF.
        ea = labtools.wait_until(lambda: len(e := established(fa)) == TCP_CONNS and e,
                                 "A's connections established", 20)
        labtools.wait_until(lambda: established(fb) == ea, "B to know them as A does", 20)
        sa = sync(fa)
        assert counter(sa, "sync_rx_records") > 0 and counter(sa, "sync_tx_records") > 0
        # Replies that overtook their connection's record wait for it at B (docs/sync.md):
        # how many, and how many waited in vain (dropped; the NF retransmits), for the record.
        sb = sync(fb)
        print(f"sync: {counter(sb, 'sync_replies_held')} repl(ies) at B before their "
              f"connection's record, {counter(sb, 'sync_replies_expired')} in vain")

        # 2. An ECMP change: the router sends the VIP to B.
        sent_to_nfs = lambda: sum(c.packets_in for c in conns(fb, "tcp"))  # noqa: E731
        before = sent_to_nfs()
        topo.run("rtr", ["ip", "route", "replace", "10.100.0.0/24", "via", "10.8.0.2"])
        labtools.wait_until(lambda: sent_to_nfs() > before + 10 * TCP_CONNS,
                            "B to carry the clients' packets", 10)
        time.sleep(1.0)  # traffic flows through B alone for a while

        # 3. A dies and comes back with nothing of its own.
        os.killpg(fa.proc.pid, signal.SIGKILL)
        fa.proc.wait(timeout=10)
        t0 = time.monotonic()
        fa = start(topo, "fwda")
        st = labtools.wait_until(lambda: (s := sync(fa)).state == "ready" and s,
                                 "the new A ready", 15)
        ready_s = time.monotonic() - t0
        assert "sync ready: table received peer=10.0.99.2:8472" in fa.log(), fa.log()[-3000:]
        got = established(fa)
        want = established(fb)
        assert set(want) <= set(got) or len(set(want) - set(got)) <= 1, (len(got), len(want))
        assert all(got[k] == v for k, v in want.items() if k in got)
        print(f"sync: A restarted, ready after {ready_s:.2f}s with {len(got)} connections "
              f"(B has {len(want)})")
        # ... and carries them again.
        topo.run("rtr", ["ip", "route", "replace", "10.100.0.0/24", "via", "10.9.0.2"])

        # 4. A stranger with the wrong key changes nothing.
        before = len(conns(fa))
        bad = bytes.fromhex(KEY)[::-1]
        topo.run("fwdb", [sys.executable, "-c", FORGE, "10.0.99.1", str(fwdlab.SYNC_PORT),
                          bad.hex()])
        labtools.wait_until(lambda: counter(sync(fa), "sync_bad_mac") >= 5,
                            "A to count the forged messages", 10)
        assert len(conns(fa)) == before

        out, err = client.communicate(timeout=DURATION + 60)
    finally:
        if client.poll() is None:
            client.kill()
            client.communicate()
    res = json.loads(out)
    bad_tcp = [r for r in res["tcp"] if r["error"] or not r.get("sha_ok")]
    assert len(res["tcp"]) == TCP_CONNS and not bad_tcp, (bad_tcp[:3], err[-2000:])
    udp = res["udp"]
    print(f"sync: {TCP_CONNS} TCP connections intact; UDP {udp['replies']}/{udp['sent']} "
          f"answered")
    # The outage of A never touched UDP (B carried it); a few requests may be lost when the
    # route moves, nothing more.
    assert udp["replies"] >= 0.95 * udp["sent"], udp


# Five well-formed sync messages carrying one connection record each, tagged with the key
# given in hex: sent to the forwarder's sync port.
FORGE = r"""
import hashlib, hmac, socket, struct, sys
host, port, key = sys.argv[1], int(sys.argv[2]), bytes.fromhex(sys.argv[3])
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
for seq in range(1, 6):
    hdr = struct.pack(">IBBHIIQQ", 0x48565359, 1, 1, 1, 99, 0, 1, seq)
    rec = struct.pack(">BBBBBxxxI16s16s16sHHHxx", 1, 6, 4, 3, 4, 900000,
                      socket.inet_aton("10.0.0.99") + bytes(12),
                      socket.inet_aton("10.100.0.1") + bytes(12),
                      socket.inet_aton("10.1.0.11") + bytes(12), 4444, 5001, 5001)
    body = hdr + rec
    s.sendto(body + hmac.new(key, body, hashlib.sha256).digest()[:16], (host, port))
"""
