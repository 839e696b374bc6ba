"""End to end: per-packet capture (`hvlbctl capture`, docs/operations.md "Capturing packets")
of one flow and of one drop reason in a 3-forwarder pool, read back by tcpdump.

The scale-out lab (lab/scaleout.py: two FRR routers, a controller, three forwarders with their
agents, BGP with ECMP, connection sync, three NFs). A client holds echoed TCP connections to
the VIP and keeps talking on them, and sends UDP datagrams from ever new ports to a VIP port no
service has (dropped as no_vs). Checked:

- `hvlbctl capture --client CLIENT --vip VIP:PORT` (POST /v1/capture: every forwarder's
  workers copy the flow's packets, the controller reads them through the agents) writes a
  pcapng that tcpdump reads, one line per packet; the packets are the client's flow only, as
  received (rx: client -> VIP; the NF's reply -> client) and as sent after the rewrite (tx:
  client -> the NF the connection went to; VIP -> client), from more than one forwarder (the
  routers' ECMP spread the connections); each forwarder's rx of the client's packet has its
  tx to an NF;
- `hvlbctl capture --drop-reason no_vs` holds only the datagrams to the port without a
  service, each marked drop no_vs;
- `hvlbctl --forwarder SOCKET capture` on one forwarder does the same from its local API;
- a capture stops itself (at its duration), and a bound past its maximum is a 400 naming
  the field.
"""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "lab"))

import frr  # noqa: E402
import fwdlab  # noqa: E402
import labtools  # noqa: E402
import pcapng  # noqa: E402

if (why := frr.unavailable() or fwdlab.unbuilt("hvlb-nfsim")) is not None:
    pytest.skip(why, allow_module_level=True)
if shutil.which("tcpdump") is None:
    pytest.skip("tcpdump is not installed (scripts/deps.sh installs it)", allow_module_level=True)

import scaleout  # noqa: E402

TOPO = "lab/topologies/scaleout.yaml"
CLIENT_ADDR = "10.0.0.2"
CONNS = 12
NO_SERVICE_PORT = 9

# Holds n echoed connections, a line on each every 0.2 s, and a UDP datagram every 0.05 s
# from a new port to a VIP port with no service; prints "held" once the connections echo.
CLIENT = """
import socket, sys, time
vip, port, n, dead = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
conns = []
for i in range(n):
    s = socket.create_connection((vip, port), timeout=5)
    s.sendall(b"echo\\n")
    conns.append(s)
for s in conns:
    s.setblocking(False)
print("held", flush=True)
i = 0
while True:
    for s in conns:
        s.sendall(b"line %d\\n" % i)
        try:
            s.recv(65536)
        except BlockingIOError:
            pass
    for _ in range(4):
        u = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        u.sendto(b"nobody here %d" % i, (vip, dead))
        u.close()
        time.sleep(0.05)
    i += 1
"""

# tcpdump -nn's line for an IPv4 TCP or UDP packet: source and destination endpoints.
LINE = re.compile(r"IP (\d+\.\d+\.\d+\.\d+)\.(\d+) > (\d+\.\d+\.\d+\.\d+)\.(\d+):")


@pytest.fixture
def pool(lab):
    p = scaleout.Pool(lab(TOPO)).start()
    p.add_service()
    p.wait_routes({m.id for m in p.members})
    return p


def tcpdump(path):
    """tcpdump -r's lines, each as (src, sport, dst, dport)."""
    out = subprocess.run(["tcpdump", "-r", str(path), "-nn"], capture_output=True, text=True, check=True).stdout
    lines = [ln for ln in out.splitlines() if ln.strip()]
    parsed = [LINE.search(ln) for ln in lines]
    assert all(parsed), lines
    return [(m[1], int(m[2]), m[3], int(m[4])) for m in parsed], out


def comments(path):
    """Each packet's forwarder, point and drop reason, from its pcapng comment."""
    got = []
    for p in pcapng.read(path):
        kv = dict(f.split("=", 1) for f in p["comment"].split()[1:])
        assert kv["forwarder"] == p["interface"], p
        got.append(kv)
    return got


def test_capture_a_flow_and_a_drop_reason(pool):
    client = pool.topo.popen("client", ["python3", "-c", CLIENT, scaleout.VIP, scaleout.ECHO_PORT, CONNS,
                                        NO_SERVICE_PORT], name="client")
    labtools.wait_until(lambda: "held" in client.log_path.read_text(), "the client's connections", timeout=60)
    nfs = {nf["addr"] for nf in pool.topo.nfs}
    ids = {m.id for m in pool.members}
    port = int(scaleout.ECHO_PORT)

    # One flow (the client and the VIP's port) through the controller, every forwarder.
    flow = pool.dir / "flow.pcapng"
    out = pool.ctl("capture", "--client", CLIENT_ADDR, "--vip", f"{scaleout.VIP}:{port}", "--duration", "3",
                   "--count", "5000", "-w", flow).stdout
    print(out)
    pkts, text = tcpdump(flow)
    meta = comments(flow)
    assert len(pkts) == len(meta) > 0 and f"{len(pkts)} packets" in out, out
    for fid in ids:
        assert f"{fid}: took" in out and "stopped by time" in out, out
    seen = {"rx in": 0, "tx in": 0, "rx reply": 0, "tx reply": 0}
    pairs = {}
    for (src, sport, dst, dport), kv in zip(pkts, meta):
        point = kv["point"]
        if src == CLIENT_ADDR:
            # The client's packet: to the VIP as received, to an NF after the rewrite.
            want = scaleout.VIP if point == "rx" else nfs
            assert dport == port and (dst == want if point == "rx" else dst in want), (point, src, dst, dport)
            seen[f"{point} in"] += 1
            pairs.setdefault((kv["forwarder"], sport), set()).add(point)
        else:
            # The NF's reply: from the NF as received, from the VIP after the rewrite.
            assert dst == CLIENT_ADDR and sport == port, (point, src, dst)
            assert (src in nfs) if point == "rx" else (src == scaleout.VIP), (point, src)
            seen[f"{point} reply"] += 1
        assert point in ("rx", "tx"), kv
    print(seen)
    assert all(seen.values()), (seen, text)
    assert len({kv["forwarder"] for kv in meta}) >= 2, meta  # ECMP spread 12 connections
    # Where a forwarder took a client's packet as received, it took it sent on too.
    assert all(points == {"rx", "tx"} for points in pairs.values()), pairs

    # One drop reason through the controller: only the datagrams to the port without a service.
    drops = pool.dir / "drops.pcapng"
    out = pool.ctl("capture", "--drop-reason", "no_vs", "--duration", "2", "-w", drops).stdout
    print(out)
    pkts, _ = tcpdump(drops)
    meta = comments(drops)
    assert pkts and all((src, dst, dport) == (CLIENT_ADDR, scaleout.VIP, NO_SERVICE_PORT)
                        for src, _, dst, dport in pkts), pkts
    assert all((kv["point"], kv.get("drop_reason")) == ("drop", "no_vs") for kv in meta), meta

    # The same from one forwarder's local API.
    m = pool.members[0]
    local = pool.dir / "local.pcapng"
    p = pool.topo.run(m.host, [labtools.BIN / "hvlbctl", "--forwarder", m.fw.sock, "capture", "--drop-reason",
                               "no_vs", "--duration", "2", "-w", local])
    pkts, _ = tcpdump(local)
    assert pkts and all((dst, dport) == (scaleout.VIP, NO_SERVICE_PORT) for _, _, dst, dport in pkts), p.stdout
    assert {kv["forwarder"] for kv in comments(local)} == {"local"}

    # The bounds: a 400 that names the field.
    bad = pool.ctl("capture", "--client", CLIENT_ADDR, "--count", "100001", "-w", pool.dir / "x", check=False)
    assert bad.returncode != 0 and "max_packets" in bad.stderr and "HTTP 400" in bad.stderr, bad.stderr
