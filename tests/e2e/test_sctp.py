"""End to end: real SCTP associations through a NAT VIP (docs/sctp.md). The lab's kernel has no
SCTP module, so the endpoints are hvlb-sctp-peer (forwarder/tools/sctp_peer.c) on libusrsctp,
a user-space SCTP stack over raw IP: a server in two NF namespaces (lab/topologies/e2e.yaml),
a client in the client namespace opening 200 associations at once to the VIP's port 3868, which
the forwarder sends to the NFs' port 3869 (so every packet's CRC32c is computed again). Each
association must reach the NF the independent model (tests/model/hvlb_model.py) picks, keep it
for its second message, and be seen closed by the forwarder after the client's SHUTDOWNs.
"""

import json
import sys
from collections import Counter
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "lab"))
sys.path.insert(0, str(REPO / "tests" / "model"))

import fwdlab  # noqa: E402
import hvlb_model  # noqa: E402
import labtools  # noqa: E402

TOPO = "lab/topologies/e2e.yaml"
VIP, VPORT, RPORT = "10.100.0.1", 3868, 3869
NFS = [("nf1", "10.1.0.11"), ("nf2", "10.1.0.12")]
N, BASE = 200, 41000
PROTO_SCTP = 132
PEER = REPO / "build" / "forwarder" / "tools" / "hvlb-sctp-peer"

if not fwdlab.FORWARDER.exists():
    pytest.skip(f"{fwdlab.FORWARDER} not built (make build)", allow_module_level=True)
if not PEER.exists():
    pytest.skip(f"{PEER} not built: libusrsctp-dev is missing (scripts/deps.sh installs it)",
                allow_module_level=True)


def start_servers(topo):
    procs = [topo.popen(host, [str(PEER), "server", host, str(RPORT)], name=f"sctp-{host}")
             for host, _ in NFS]
    for p in procs:
        labtools.wait_until(lambda p=p: "ready" in Path(p.log_path).read_text(errors="replace")
                            or p.poll() is not None, f"{p.name} listening", timeout=10)
        assert p.poll() is None, Path(p.log_path).read_text(errors="replace")
    return procs


def sctp_conns(fw):
    conns, cursor = [], 0
    while True:
        page, cursor = fw.client.connections(cursor=cursor, service=("sctp", VIP, VPORT))
        conns += page
        if cursor == 0:
            return conns


@pytest.mark.parametrize("workers", [1, 2])
def test_200_associations_through_nat(lab, workers):
    """workers 2: each association's packets, whichever queue they arrive on, are handled by
    its owner (the client endpoint's worker, steer_owner_of_tuple), both ways."""
    topo = lab(TOPO)
    start_servers(topo)
    fw = fwdlab.start_forwarder(topo, workers=workers, services=[
        {"protocol": "sctp", "vip": VIP, "port": VPORT, "mode": "nat",
         "reals": [(a, RPORT, 100) for _, a in NFS]}])
    p = topo.run("client", [str(PEER), "client", VIP, str(VPORT), str(N), str(BASE)],
                 check=False, timeout=180)
    drops = {d.reason: d.count for d in fw.stats().drops if d.count}
    assert p.returncode == 0, (f"client exit {p.returncode}: {p.stderr}\ndrops {drops}\n"
                               + fw.log()[-3000:])
    got = [json.loads(line) for line in p.stdout.splitlines()]
    assert [g["port"] for g in got] == list(range(BASE, BASE + N))
    rs = [{"addr": a, "port": RPORT, "weight": 100} for _, a in NFS]
    table = hvlb_model.vs_maglev_table(rs)
    for g in got:
        want = NFS[hvlb_model.pick_rs(rs, PROTO_SCTP, "10.0.0.2", VIP, g["port"], VPORT,
                                      table=table)][0]
        assert g["nf"] == g["nf2"] == want, g
    count = Counter(g["nf"] for g in got)
    assert set(count) == {name for name, _ in NFS}, count
    # Nothing malformed, nothing unknown: every SCTP packet passed its checks.
    assert not any(r.startswith("sctp_") or r in ("not_for_us", "unknown_l4") for r in drops), drops
    svc = next(s for s in fw.stats().service_status if s.id.protocol == "sctp")
    assert svc.total_conns == N, svc
    # The client closed every association (SHUTDOWN, SHUTDOWN-ACK, SHUTDOWN-COMPLETE): the
    # forwarder followed each to time_wait or close.
    labtools.wait_until(lambda: len(conns := sctp_conns(fw)) == N and all(
        c.state in ("time_wait", "close") for c in conns), "every association closed",
        timeout=20)
    for r in svc.reals:
        assert r.handshake_samples > 0, f"{r.address}: no INIT / INIT-ACK RTT sample"
    if workers > 1:
        owners = Counter(c.worker for c in sctp_conns(fw))
        for c in sctp_conns(fw):
            port = int(c.client.rsplit(":", 1)[1])
            assert c.worker == hvlb_model.worker_owner(workers, "10.0.0.2", port), c
        print(f"associations per worker: {dict(owners)}")


def test_multihomed_client_through_nat(lab):
    """A client with two addresses lists both in its INIT (usrsctp binds every address); the
    forwarder hides them (and the NF's own in its INIT-ACK: docs/sctp.md, multi-homing), so the
    associations run on their one path through the VIP and neither side sends to an address
    the forwarder has no entry for (no not_for_us)."""
    topo = lab(TOPO)
    topo.run("client", ["ip", "addr", "add", "10.0.0.3/24", "dev", "eth0"])
    start_servers(topo)
    fw = fwdlab.start_forwarder(topo, services=[
        {"protocol": "sctp", "vip": VIP, "port": VPORT, "mode": "nat",
         "reals": [(a, RPORT, 100) for _, a in NFS]}])
    p = topo.run("client", [str(PEER), "client", VIP, str(VPORT), "10", str(BASE)],
                 check=False, timeout=180)
    drops = {d.reason: d.count for d in fw.stats().drops if d.count}
    assert p.returncode == 0, (f"client exit {p.returncode}: {p.stderr}\ndrops {drops}\n"
                               + fw.log()[-3000:])
    got = [json.loads(line) for line in p.stdout.splitlines()]
    assert len(got) == 10 and all(g["nf"] == g["nf2"] for g in got), got
    assert not any(r.startswith("sctp_") or r in ("not_for_us", "unknown_l4") for r in drops), drops
