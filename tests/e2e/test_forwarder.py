"""End to end: the DPDK forwarder on AF_PACKET ports between a client namespace and three NF
namespaces running hvlb-nfsim (lab/topologies/e2e.yaml), driven through its control socket,
with real clients (curl, UDP sockets, HTTP over TCP). Expected NF choices come from the
independent Python model of hashing and Maglev (tests/model/hvlb_model.py).
"""

import json
import os
import signal
import subprocess
import sys
import time
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
NAT_VIP, DR_VIP, UDP_VIP = "10.100.0.1", "10.100.0.2", "10.100.0.1"
NFS = [("nf1", "10.1.0.11"), ("nf2", "10.1.0.12"), ("nf3", "10.1.0.13")]
WEIGHTS = [100, 200, 300]

if not fwdlab.FORWARDER.exists():
    pytest.skip(f"{fwdlab.FORWARDER} not built (make build)", allow_module_level=True)


def services():
    return [
        {"protocol": "tcp", "vip": NAT_VIP, "port": 80, "mode": "nat",
         "reals": [(a, 80, w) for (_, a), w in zip(NFS, WEIGHTS)]},
        {"protocol": "udp", "vip": UDP_VIP, "port": 53, "mode": "nat",
         "reals": [(a, labtools.UDP_PORT, 100) for _, a in NFS]},
        {"protocol": "tcp", "vip": DR_VIP, "port": 80, "mode": "dr",
         "reals": [(a, 0, 100) for _, a in NFS]},
    ]


@pytest.fixture
def bed(lab):
    """The e2e topology with an NF emulator in each NF namespace (listening on every address,
    so it also answers for the DR VIP on its lo) and a forwarder (one worker by default)."""
    topo = lab(TOPO)
    for host, _ in NFS:
        labtools.start_nfsim(topo, host, host, addr=None)

    def start(workers=1):
        return fwdlab.start_forwarder(topo, workers=workers, services=services())

    return topo, start


def curl(topo, url):
    p = topo.run("client", ["curl", "-sS", "-m", "5", url], check=False)
    assert p.returncode == 0, f"curl {url}: exit {p.returncode}: {p.stderr}"
    return p.stdout


def nf_of(body):
    """The NF that answered an nfsim HTTP reply ("nf=<name> ...")."""
    for tok in body.split():
        if tok.startswith("nf="):
            return tok[3:]
    raise AssertionError(f"no nf= in reply {body!r}")


# A client that opens n short TCP connections to vip:80 from local ports base, base+1, ...,
# one HTTP GET each, and prints one JSON line per connection: its local port and the NF that
# answered. Fixed ports make the expected spread exact (the kernel's own choice of ports would
# make a 15 % bound fail now and then by chance). Runs in the client netns.
SHORT_CONNS = r"""
import http.client, json, sys
vip, n, base = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
for i in range(n):
    c = http.client.HTTPConnection(vip, 80, timeout=5, source_address=("", base + i))
    c.connect()
    port = c.sock.getsockname()[1]
    c.request("GET", "/")
    body = c.getresponse().read().decode()
    c.close()
    nf = next(t[3:] for t in body.split() if t.startswith("nf="))
    print(json.dumps({"port": port, "nf": nf}))
"""

# One long-lived HTTP/1.1 keep-alive connection: reads commands on stdin ("get" -> prints the
# NF that answered, "quit"). Runs in the client netns.
LONG_CONN = r"""
import http.client, sys
c = http.client.HTTPConnection(sys.argv[1], 80, timeout=5)
for line in sys.stdin:
    if line.strip() != "get":
        break
    c.request("GET", "/")
    body = c.getresponse().read().decode()
    print(next(t[3:] for t in body.split() if t.startswith("nf=")), flush=True)
"""


def test_curl_and_udp_through_nat_and_dr(bed):
    topo, start = bed
    fw = start()
    seen = Counter(nf_of(curl(topo, f"http://{NAT_VIP}/")) for _ in range(12))
    assert set(seen) <= {n for n, _ in NFS} and sum(seen.values()) == 12
    # Direct routing: the NF answers from the VIP itself, straight to the router.
    dr = Counter(nf_of(curl(topo, f"http://{DR_VIP}/")) for _ in range(6))
    assert sum(dr.values()) == 6
    # UDP request/response through the NAT VIP.
    rep = labtools.loadgen(topo, "client", f"{UDP_VIP}:53", mode="udp", flows=4, duration=1.5,
                           rate=200)
    tot = rep["total"]
    assert tot["requests"] > 100 and tot["errors"] == 0, json.dumps(tot)
    st = fw.stats()
    nat = next(s for s in st.service_status if s.id.vip == NAT_VIP and s.id.protocol == "tcp")
    assert nat.total_conns >= 12
    assert st.mempool_in_use < 64  # nothing piling up


def test_1000_short_connections_follow_weights_and_model(bed):
    topo, start = bed
    fw = start()
    p = topo.run("client", ["python3", "-c", SHORT_CONNS, NAT_VIP, "1000", "30000"], timeout=120)
    conns = [json.loads(l) for l in p.stdout.splitlines()]
    assert len(conns) == 1000
    # The model gets the reals in the reverse of the forwarder's order: which NF a flow goes to
    # depends on the reals and weights, not on the order a forwarder holds them in.
    reals = [{"addr": a, "port": 80, "weight": w, "nf": name}
             for (name, a), w in zip(NFS, WEIGHTS)][::-1]
    table = hvlb_model.vs_maglev_table(reals)
    client = topo.addr("client")
    mismatches = 0
    for c in conns:
        want = reals[hvlb_model.pick_rs(reals, 6, client, NAT_VIP, c["port"], 80, table=table)]
        mismatches += want["nf"] != c["nf"]
    assert mismatches == 0, f"{mismatches} of 1000 connections not where the model puts them"
    count = Counter(c["nf"] for c in conns)
    for (name, _), w in zip(NFS, WEIGHTS):
        expect = 1000 * w / sum(WEIGHTS)
        assert abs(count[name] - expect) <= 0.15 * expect, f"{name}: {count[name]} vs {expect}"
    # The forwarder timed each connection's SYN against its NF's SYN-ACK (NAT): every RS has
    # samples and a plausible smoothed handshake RTT on this veth lab.
    nat = next(s for s in fw.stats().service_status
               if s.id.vip == NAT_VIP and s.id.protocol == "tcp")
    assert sorted(rs.address for rs in nat.reals) == sorted(a for _, a in NFS)
    for rs in nat.reals:
        assert rs.handshake_samples > 0, f"{rs.address}: no handshake RTT sample"
        assert 0 < rs.handshake_rtt_ms < 50, f"{rs.address}: handshake RTT {rs.handshake_rtt_ms} ms"
        # The sum of the samples (the agent's exact interval mean): their mean is plausible too.
        mean_ms = rs.handshake_rtt_sum_us / rs.handshake_samples / 1000
        assert 0 < mean_ms < 50, f"{rs.address}: handshake RTT samples' mean {mean_ms} ms"
        print(f"{rs.address}: handshake RTT {rs.handshake_rtt_ms:.3f} ms over "
              f"{rs.handshake_samples} (mean {mean_ms:.3f} ms)")


def test_long_connection_keeps_its_nf(bed):
    topo, start = bed
    fw = start()
    # Driven through pipes (topo.popen sends output to a log file).
    proc = subprocess.Popen(topo.argv("client", ["python3", "-u", "-c", LONG_CONN, NAT_VIP]),
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        def get():
            proc.stdin.write("get\n")
            proc.stdin.flush()
            return proc.stdout.readline().strip()

        first = get()
        assert first in {n for n, _ in NFS}
        others = [(n, a) for n, a in NFS if n != first]
        mine = dict(NFS)[first]
        # Weight change: only new connections follow it.
        fw.client.update_real("tcp", NAT_VIP, 80, mine, 80, weight=1)
        fw.client.update_real("tcp", NAT_VIP, 80, others[0][1], 80, weight=1000)
        assert [get() for _ in range(5)] == [first] * 5
        # Another NF goes down: this connection does not move.
        fw.client.update_real("tcp", NAT_VIP, 80, others[1][1], 80, health=0)
        assert [get() for _ in range(5)] == [first] * 5
        # This NF itself goes down (soft): existing connections continue.
        fw.client.update_real("tcp", NAT_VIP, 80, mine, 80, health=0)
        assert get() == first
        # New connections avoid the NFs that are down.
        fresh = Counter(nf_of(curl(topo, f"http://{NAT_VIP}/")) for _ in range(10))
        assert set(fresh) == {others[0][0]}, fresh
    finally:
        proc.stdin.close()
        proc.wait(timeout=10)


def test_hard_remove_ends_existing_connections(bed):
    topo, start = bed
    fw = start()
    proc = subprocess.Popen(topo.argv("client", ["python3", "-u", "-c", LONG_CONN, NAT_VIP]),
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        proc.stdin.write("get\n")
        proc.stdin.flush()
        first = proc.stdout.readline().strip()
        mine = dict(NFS)[first]
        fw.client.remove_real("tcp", NAT_VIP, 80, mine, 80, hard=True)
        proc.stdin.write("get\n")
        proc.stdin.flush()
        # The connection is gone from the forwarder: its next packet is dropped and counted,
        # and the client's request fails (reset by the NF it lands on, or times out).
        assert proc.stdout.readline().strip() == ""
        st = fw.stats()
        assert any(d.reason == "rs_removed" and d.count > 0 for d in st.drops), st.drops
        assert all(c.real.split(":")[0] != mine for c in fw.client.iter_connections())
    finally:
        proc.stdin.close()
        proc.wait(timeout=15)


def test_two_workers_each_connection_has_one_owner(bed):
    topo, start = bed
    fw = start(workers=2)
    p = topo.run("client", ["python3", "-c", SHORT_CONNS, NAT_VIP, "200", "32000"], timeout=120)
    assert len(p.stdout.splitlines()) == 200
    st = fw.stats()
    assert len(st.workers) == 2
    handoffs = sum(w.handoff_out for w in st.workers)
    assert handoffs > 0, "no packet needed its owner: the test proves nothing"
    owners = {}
    for c in fw.client.iter_connections():
        key = (c.protocol, c.client, c.vip)
        assert key not in owners, f"{key} held by workers {owners[key]} and {c.worker}"
        owners[key] = c.worker
        # Both directions were handled by this one owner.
        assert c.packets_in > 0 and c.packets_out > 0, c
    assert len(owners) >= 200
    assert set(owners.values()) == {0, 1}


def test_config_changes_never_stop_forwarding(bed):
    """Traffic keeps flowing, without one error, while the configuration is republished
    dozens of times (weights, health, a service added and removed)."""
    topo, start = bed
    fw = start()
    lg = subprocess.Popen(topo.argv("client", [labtools.BIN / "hvlb-loadgen", "-json", "-mode",
                                               "http", "-flows", "8", "-duration", "4s",
                                               "-target", f"{NAT_VIP}:80"]),
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    changes = 0
    try:
        for i in range(40):
            for (_, addr), w in zip(NFS, WEIGHTS):
                fw.client.update_real("tcp", NAT_VIP, 80, addr, 80, weight=w + i)
                changes += 1
            fw.client.add_service("udp", "10.100.0.9", 9999)
            fw.client.remove_service("udp", "10.100.0.9", 9999)
            changes += 2
    finally:
        out, err = lg.communicate(timeout=30)
    rep = json.loads(out)
    assert changes >= 200
    why = {f.get("last_error") for f in rep["flows"] if f.get("last_error")}
    drops = {d.reason: d.count for d in fw.stats().drops}
    assert rep["total"]["requests"] > 100 and rep["total"]["errors"] == 0, (rep["total"], why,
                                                                           drops)


def test_stats_through_dpdk_telemetry(bed):
    topo, start = bed
    fw = start()
    curl(topo, f"http://{NAT_VIP}/")
    stats = fw.telemetry("/hvlb/stats")
    assert stats["rx_packets"] > 0 and stats["tx_packets"] > 0, stats
    assert fw.stats().workers[0].rx_packets > 0


def test_sighup_reloads_what_can_change(bed):
    """SIGHUP reads the file again: RSS-A's settings apply without a restart, connections and
    services untouched."""
    topo, start = bed
    fw = start()
    services_before = len(fw.client.list_services())
    assert fw.client.steering().rssa.q == pytest.approx(1.0)
    conf = Path(fw.conf)
    conf.write_text(conf.read_text().replace("[forwarder]\n", "[forwarder]\nrssa_q = 0.8\n", 1))
    os.killpg(fw.proc.pid, signal.SIGHUP)
    labtools.wait_until(lambda: fw.client.steering().rssa.q == pytest.approx(0.8),
                        "RSS-A's Q reloaded", 10)
    assert "reloaded" in fw.log()
    assert len(fw.client.list_services()) == services_before
    curl(topo, f"http://{NAT_VIP}/")


def test_hvlbctl_drives_the_forwarder_directly(bed):
    """hvlbctl --forwarder SOCKET, the one CLI for a forwarder without the controller: a
    service added, traffic through it, read back, its counters and rates, and removed."""
    topo, start = bed
    fw = start()
    hvlbctl = labtools.BIN / "hvlbctl"
    if not hvlbctl.exists():
        pytest.skip(f"{hvlbctl} not built (make build)")

    def ctl(*args):
        p = subprocess.run([hvlbctl, "--forwarder", fw.sock, *map(str, args)],
                           capture_output=True, text=True, timeout=30)
        assert p.returncode == 0, f"hvlbctl {' '.join(map(str, args))}: {p.stderr}"
        return p.stdout

    ctl("vs", "add", "tcp", f"{NAT_VIP}:8080", "--sched", "rr")
    ctl("rs", "add", "tcp", f"{NAT_VIP}:8080", "10.1.0.12:80", "--weight", "5")
    svc = next(s for s in json.loads(ctl("-o", "json", "vs", "list"))["services"]
               if s["id"]["vport"] == 8080)
    assert svc["scheduler"] == "rr"
    assert [(r["address"], r["port"], r["weight"]) for r in svc["real_services"]] == \
        [("10.1.0.12", 80, 5)]
    assert {nf_of(curl(topo, f"http://{NAT_VIP}:8080/")) for _ in range(4)} == {"nf2"}

    listing = ctl("vs", "list")
    assert f"{NAT_VIP}:8080" in listing and "-> 10.1.0.12:80" in listing, listing
    st = next(s for s in fw.stats().service_status if s.id.vport == 8080)
    assert st.total_conns >= 4
    rate = ctl("stats", "--rate", "--interval", "300ms")
    assert f"tcp    {NAT_VIP}:8080" in rate and "CONNS/S" in rate, rate
    ctl("rs", "set", "tcp", f"{NAT_VIP}:8080", "10.1.0.12:80", "--health", "down")
    assert [r.health for s in fw.client.list_services() if s.id.vport == 8080
            for r in s.real_services] == [0]
    ctl("vs", "delete", "tcp", f"{NAT_VIP}:8080")
    assert not any(s.id.vport == 8080 for s in fw.client.list_services())
    p = subprocess.run([hvlbctl, "--forwarder", fw.sock, "vs", "delete", "tcp", f"{NAT_VIP}:8080"],
                       capture_output=True, text=True, timeout=30)
    assert p.returncode == 1 and "forwarder: remove_service" in p.stderr, p.stderr


# UDP datagrams to vip:port from local ports base, base+1, ...: one new flow each.
UDP_BURST = r"""
import socket, sys
vip, port, n, base = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
for i in range(n):
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.bind(("", base + i))
    s.sendto(b"hello", (vip, port))
    s.close()
"""

def test_service_timeouts_and_zero_through_hvlbctl(bed):
    """A service's own udp timeout of 2 s, set with hvlbctl --forwarder and read back, ends its
    idle flow in about 2 s while a flow of a service on the global timeouts (udp 300 s) stays;
    a zero restarts the displayed counters of one service and leaves the raw totals."""
    topo, start = bed
    fw = start()
    hvlbctl = labtools.BIN / "hvlbctl"
    if not hvlbctl.exists():
        pytest.skip(f"{hvlbctl} not built (make build)")

    def ctl(*args):
        p = subprocess.run([hvlbctl, "--forwarder", fw.sock, *map(str, args)],
                           capture_output=True, text=True, timeout=30)
        assert p.returncode == 0, f"hvlbctl {' '.join(map(str, args))}: {p.stderr}"
        return p.stdout

    short, glob = 5301, 5302
    ctl("vs", "add", "udp", f"{UDP_VIP}:{short}", "--timeout-udp", "2")
    ctl("vs", "add", "udp", f"{UDP_VIP}:{glob}")
    for port in (short, glob):
        ctl("rs", "add", "udp", f"{UDP_VIP}:{port}", f"10.1.0.11:{labtools.UDP_PORT}")
    listed = {s["id"]["vport"]: s for s in json.loads(ctl("-o", "json", "vs", "list"))["services"]}
    assert listed[short]["timeouts"]["udp"] == 2 and listed[short]["timeouts"]["tcp_fin"] == 0
    assert listed[glob]["timeouts"] is None, listed[glob]
    assert json.loads(ctl("timeouts"))["udp"] == 300

    def conns(port):
        return list(fw.client.iter_connections(service=("udp", UDP_VIP, port)))

    for port, base in ((short, 46100), (glob, 46200)):
        topo.run("client", ["python3", "-c", UDP_BURST, UDP_VIP, str(port), "1", str(base)])
    labtools.wait_until(lambda: conns(short) and conns(glob), "a connection of each service", timeout=10)
    t0 = time.monotonic()
    first_short, first_glob = conns(short)[0], conns(glob)[0]
    assert first_short.expires_in_s <= 2, first_short
    assert first_glob.expires_in_s > 250, first_glob
    labtools.wait_until(lambda: not conns(short), "the 2 s service's flow to expire", timeout=10,
                        interval=0.1)
    took = time.monotonic() - t0
    assert took < 4.0, f"the 2 s flow lasted {took:.1f} s after it was seen"
    assert conns(glob), "the global-timeout service's flow ended with the other"

    # Zero the short service: its displayed counters start again, the raw ones go on.
    def status(port):
        return next(s for s in fw.client.service_list().service_status if s.id.vport == port)
    before = status(short)
    assert before.since_zero.zeroed_at_ms == 0 and before.since_zero.packets == before.packets > 0
    ctl("zero", "--vs", f"udp/{UDP_VIP}:{short}")
    after, other = status(short), status(glob)
    assert after.since_zero.zeroed_at_ms > 0 and after.since_zero.packets == 0, after
    assert after.packets == before.packets, "the raw total went back"
    assert other.since_zero.zeroed_at_ms == 0 and other.since_zero.packets == other.packets > 0
    assert "ZEROED" in ctl("vs", "list")


CSUM_ADVICE = "ethtool -K <the peer of this interface> tx off"


def test_checksum_offload_at_the_peer_is_spotted(bed):
    """Transmit checksum offload on where port0's frames are sent (the router's fwd0, which
    then forwards the client's frames with the checksums its veth left unfilled): every new
    connection is a bad_l4_csum drop. The forwarder logs once what to do and flags port0 in
    the local API and telemetry; port1 stays clear; with the offload off again, connections
    work."""
    topo, start = bed
    fw = start()
    nf_of(curl(topo, f"http://{NAT_VIP}/"))  # works before
    topo.run("client", ["ethtool", "-K", "eth0", "tx", "on"])  # a veth's default, made sure
    topo.run("rtr", ["ethtool", "-K", "fwd0", "tx", "on"])
    base = 40000
    for _ in range(3):
        p = topo.run("client", ["curl", "-sS", "-m", "1", f"http://{NAT_VIP}/"], check=False)
        assert p.returncode != 0, "a connection opened with the peer offloading checksums"
    topo.run("client", ["python3", "-c", UDP_BURST, UDP_VIP, "53", "10", str(base)])

    def port0():
        p = fw.stats().ports[0]
        return p if p.peer_csum_offload else None
    p0 = labtools.wait_until(port0, "port0 flagged", timeout=10, interval=0.05)
    assert p0.csum_unfilled >= 8 and p0.bad_l4_csum >= p0.csum_unfilled, p0
    drops = {d.reason: d.count for d in fw.stats().drops}
    assert drops.get("bad_l4_csum", 0) >= p0.bad_l4_csum, drops
    p1 = fw.stats().ports[1]
    assert not p1.peer_csum_offload and p1.bad_l4_csum == 0, p1
    tel = fw.telemetry("/hvlb/ports")
    assert tel["port0"]["peer_csum_offload"] == 1 and tel["port1"]["peer_csum_offload"] == 0, tel
    assert tel["port0"]["csum_unfilled"] >= 8, tel
    line = labtools.wait_until(lambda: next((l for l in fw.log().splitlines() if CSUM_ADVICE in l),
                                            None), "the advice in the log", timeout=5)
    print(line)
    assert "port 0 (net_af_packet0, interface port0)" in line, line
    assert fw.log().count(CSUM_ADVICE) == 1, fw.log()

    # More of the same: counted, not logged again. Then the cure.
    topo.run("client", ["python3", "-c", UDP_BURST, UDP_VIP, "53", "10", str(base + 10)])
    labtools.wait_until(lambda: fw.stats().ports[0].csum_unfilled >= p0.csum_unfilled + 10,
                        "the later unfilled checksums counted", timeout=10, interval=0.05)
    topo.run("rtr", ["ethtool", "-K", "fwd0", "tx", "off"])
    assert nf_of(curl(topo, f"http://{NAT_VIP}/")) in {n for n, _ in NFS}
    assert fw.log().count(CSUM_ADVICE) == 1, fw.log()


# Sends n UDP datagrams of size bytes over IPv6 to vip:port, letting the kernel fragment them,
# and prints how many replies came back whole: nfsim echoes each datagram after its own
# prefix, so both ways are fragmented. Runs in the client netns.
FRAG_CLIENT = r"""
import socket, sys
vip, port, size, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
s = socket.socket(socket.AF_INET6, socket.SOCK_DGRAM)
s.setsockopt(socket.IPPROTO_IPV6, 23, 0)  # IPV6_MTU_DISCOVER = IPV6_PMTUDISC_DONT
s.settimeout(2)
whole = 0
for k in range(n):
    payload = bytes((i * 7 + k) % 251 for i in range(size))
    s.sendto(payload, (vip, port))
    try:
        data, _ = s.recvfrom(65535)
    except socket.timeout:
        continue
    whole += data.endswith(payload) and b"nf=" in data[:-size]
print(whole)
"""


def test_fragmented_ipv6_udp_with_fragments_forward(bed):
    """[forwarder] fragments = forward (docs/fragments.md), two workers: 4000-byte IPv6
    datagrams the client's kernel fragments reach an NF whose kernel reassembles them (so the
    first fragment's checksum, updated for the whole datagram, is right), and its fragmented
    echo comes back whole; no fragment is refused. IPv6, because the af_packet PMD's fanout
    reassembles IPv4 in the kernel (docs/fragments.md, "Ports over kernel interfaces")."""
    topo, _ = bed
    vip6 = "fd00:100::1"
    # The topology's links carry IPv6 (lab/topologies/e2e.yaml); its forwarder meta gives the
    # ports IPv4 only: IPv6 addresses and a default route for this forwarder.
    fw_meta = fwdlab.forwarder_meta(topo.meta)
    fw_meta["addrs"] = ["10.9.0.2/24, fd00:9::2/64", "10.1.0.1/24, fd00:1::1/64"]
    fw_meta["gateway6"] = "fd00:9::1"
    reals6 = [(f"[fd00:1::{a.split('.')[-1]}]", labtools.UDP_PORT, 100) for _, a in NFS]
    svcs = services() + [{"protocol": "udp", "vip": vip6, "port": 53, "mode": "nat",
                          "reals": reals6}]
    fw = fwdlab.start_forwarder(topo, workers=2, services=svcs,
                                settings={"fragments": "forward"})
    p = topo.run("client", [sys.executable, "-c", FRAG_CLIENT, vip6, "53", "4000", "20"],
                 check=False)
    assert p.returncode == 0, p.stderr
    drops = {d.reason: d.count for d in fw.stats().drops if d.count}
    assert int(p.stdout.strip()) == 20, (drops, fw.log()[-2000:])
    assert not any(r.startswith("frag") for r in drops), drops
