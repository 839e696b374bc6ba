"""End to end: IPv4 fragments on net_af_packet ports (docs/fragments.md, "Ports over kernel
interfaces"). DPDK's af_packet PMD joins its sockets to a fanout group with
PACKET_FANOUT_FLAG_DEFRAG, so the forwarder host's kernel reassembles IPv4 fragments before
the forwarder reads them: the forwarder receives the datagram whole (framesz=8192, which
hvlb-forwarder gives every af_packet device) and sends it on fragmented to the egress port's
MTU, in NAT and DR, with the default fragments = drop (nothing reaches the forwarder as a
fragment). A client's UDP datagrams of 3,000 and 8,000 bytes, fragmented by its kernel, reach
an NF byte for byte and its echo (fragmented by the NF's kernel, reassembled by the
forwarder host's, rewritten, fragmented again) comes back whole; sipp INVITEs with 2 kB of
SDP through a sip_call_id service all connect.
"""

import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "lab"))
sys.path.insert(0, str(REPO / "tests" / "model"))

import fwdlab  # noqa: E402
import labtools  # noqa: E402
import siplab  # noqa: E402

TOPO = "lab/topologies/e2e.yaml"
NAT_VIP, DR_VIP = "10.100.0.1", "10.100.0.2"
NFS = [("nf1", "10.1.0.11"), ("nf2", "10.1.0.12"), ("nf3", "10.1.0.13")]
N = 20

if not fwdlab.FORWARDER.exists():
    pytest.skip(f"{fwdlab.FORWARDER} not built (make build)", allow_module_level=True)

SINK_PORT = 5353

# N datagrams of size bytes each (a different pattern each): prints the md5 of each payload,
# then, when it waits for replies (nfsim's echo: "nf=<name> ..." then the payload), how many
# came back with the payload intact. The client's kernel fragments them at its 1,500-byte MTU
# (IP_PMTUDISC_DONT: DF clear, as for any datagram longer than the path).
CLIENT = r"""
import hashlib, socket, sys
vip, port, size, n, echo = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5] == "echo"
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(("0.0.0.0", int(sys.argv[6])))  # one flow, so one NF, for the warm-up and the burst
s.setsockopt(socket.IPPROTO_IP, 10, 0)  # IP_MTU_DISCOVER = IP_PMTUDISC_DONT
s.settimeout(2)
whole = 0
for k in range(n):
    payload = bytes((i * 7 + k) % 251 for i in range(size))
    print(hashlib.md5(payload).hexdigest())
    s.sendto(payload, (vip, port))
    if echo:
        try:
            data, _ = s.recvfrom(65535)
        except socket.timeout:
            continue
        whole += data.endswith(payload) and b"nf=" in data[:-size]
print(whole)
"""

# In each NF: every datagram to SINK_PORT (on any address: the DR VIP on lo too), its length
# and md5 printed, as the NF's kernel reassembled it (its UDP checksum checked).
SINK = r"""
import hashlib, socket, sys
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
s.bind(("0.0.0.0", int(sys.argv[1])))
print("listening", flush=True)
while True:
    data, _ = s.recvfrom(65535)
    print(len(data), hashlib.md5(data).hexdigest(), flush=True)
"""


def services():
    return [
        {"protocol": "udp", "vip": NAT_VIP, "port": 53, "mode": "nat",
         "reals": [(a, labtools.UDP_PORT, 100) for _, a in NFS]},
        {"protocol": "udp", "vip": NAT_VIP, "port": SINK_PORT, "mode": "nat",
         "reals": [(a, SINK_PORT, 100) for _, a in NFS]},
        {"protocol": "udp", "vip": DR_VIP, "port": SINK_PORT, "mode": "dr",
         "reals": [(a, 0, 100) for _, a in NFS]},
    ]


@pytest.fixture
def fw(lab):
    """The e2e topology, an NF emulator (the echo) and an md5 sink in each NF namespace (on
    every address: the DR VIP on lo too), a forwarder with two workers on af_packet ports."""
    topo = lab(TOPO)
    sinks = []
    for host, _ in NFS:
        labtools.start_nfsim(topo, host, host, addr=None)
        sinks.append(topo.popen(host, [sys.executable, "-u", "-c", SINK, str(SINK_PORT)],
                                name=f"sink-{host}"))
    labtools.wait_until(lambda: all("listening" in p.log_path.read_text() for p in sinks),
                        timeout=10, what="the md5 sinks")
    return topo, fwdlab.start_forwarder(topo, workers=2, services=services()), sinks


WARM_SIZE = 100
CLIENT_PORT = {NAT_VIP: 40001, DR_VIP: 40002}


def send(topo, vip, port, size, echo, n=N):
    """(md5s of the payloads sent, how many echoes came back whole), from one client port
    per VIP (CLIENT_PORT)."""
    p = topo.run("client", [sys.executable, "-c", CLIENT, vip, str(port), str(size), str(n),
                            "echo" if echo else "-", str(CLIENT_PORT[vip])], check=False)
    assert p.returncode == 0, p.stderr
    *md5s, whole = p.stdout.split()
    return md5s, int(whole)


def warm(topo, sinks, vip):
    """One small datagram of the burst's flow, until an NF has it: the forwarder knows the
    NF's address by then. A burst to a next hop not resolved yet would outrun the ARP: a
    worker holds 16 packets per unresolved next hop (docs/drops.md, neigh_hold_full)."""
    before = len(sunk(sinks, WARM_SIZE))
    send(topo, vip, SINK_PORT, WARM_SIZE, echo=False, n=1)
    labtools.wait_until(lambda: len(sunk(sinks, WARM_SIZE)) > before, timeout=10,
                        what=f"a warm-up datagram through {vip} at an NF")


def sunk(sinks, size):
    """The md5s of the size-byte datagrams the sinks received."""
    out = []
    for p in sinks:
        for line in p.log_path.read_text().splitlines():
            n, _, md5 = line.partition(" ")
            if n == str(size):
                out.append(md5)
    return out


def fwd_counters(f):
    """The forwarder's worker counters by name (docs/counters.md), summed over workers."""
    out = {}
    for w in f.stats().workers:
        for c in w.counters:
            out[c.name] = out.get(c.name, 0) + c.value
    return out


@pytest.mark.parametrize("size", [3000, 8000])
def test_big_udp_datagrams_through_nat_and_dr(fw, size):
    """size-byte datagrams (3 or 6 fragments on the client's link): through the NAT VIP and
    the DR VIP each reaches an NF with its md5 intact (the NF's kernel reassembled the
    forwarder's fragments); through NAT to the echo, the echo (fragmented by the NF's
    kernel, reassembled by the forwarder host's, rewritten, fragmented again) comes back
    whole. None truncated, none too big, and the forwarder sent them in fragments."""
    topo, f, sinks = fw
    assert "frames up to 8126 bytes received whole" in f.log(), f.log()[-2000:]
    warm(topo, sinks, NAT_VIP)
    warm(topo, sinks, DR_VIP)
    sent_nat, _ = send(topo, NAT_VIP, SINK_PORT, size, echo=False)
    sent_dr, _ = send(topo, DR_VIP, SINK_PORT, size, echo=False)
    _, echoed = send(topo, NAT_VIP, 53, size, echo=True)
    want = sorted(sent_nat + sent_dr)
    labtools.wait_until(lambda: sorted(sunk(sinks, size)) == want, timeout=10,
                        what=f"{len(want)} datagrams of {size} bytes, md5 intact, at the NFs")
    drops = {d.reason: d.count for d in f.stats().drops if d.count}
    assert echoed == N, (echoed, drops, f.log()[-2000:])
    assert not {r: n for r, n in drops.items()
                if r in ("truncated", "too_big", "frag_no_mbuf", "fragment")}, drops
    out = fwd_counters(f)
    # Each datagram to the sinks, each request to the echo and each echo.
    assert out["frag_out_datagrams"] == 4 * N, out
    assert out["frag_out_fragments"] >= 4 * N * (size // 1480 + 1), out


def test_datagram_longer_than_the_frame_is_counted_truncated(fw):
    """A 9,000-byte datagram is longer than the 8,126-byte frame: the kernel reassembles it,
    the PMD cuts it, the forwarder drops it as truncated (one per datagram), never sends a
    cut one on."""
    topo, f, sinks = fw
    send(topo, NAT_VIP, SINK_PORT, 9000, echo=False)
    labtools.wait_until(
        lambda: sum(d.count for d in f.stats().drops if d.reason == "truncated") == N,
        timeout=10, what=f"{N} truncated drops")
    assert sunk(sinks, 9000) == []


_why = siplab.unavailable()


@pytest.mark.skipif(bool(_why), reason=_why or "")
def test_fragmented_invites_over_af_packet(lab):
    """INVITEs with 2 kB of SDP, fragmented by the trunk's kernel, through af_packet ports
    with the default fragments = drop and hash sip_call_id: the forwarder host's kernel
    reassembles each INVITE, the forwarder reads its Call-ID and sends it on in fragments;
    every call connects and each INVITE reached its server whole (past 1,500 bytes)."""
    import siptrunk
    import test_sip_affinity as sa

    bed = siplab.Bed(lab(siplab.TOPOLOGY), sa.VIP, hash="sip_call_id", messages=True)
    rep = siplab.Calls(bed.topo, sa.VIP, sa.RATE, sa.BIG_CALLS, pause_ms=sa.PAUSE_MS,
                       local_port=sa.TRUNK_PORT, name="sipp-uac-big",
                       sdp_pad=siptrunk.SDP_PAD).start().wait()
    print(rep.summary(), "forwarder drops, missed:", *bed.losses())
    assert rep.created == sa.BIG_CALLS and rep.successful == sa.BIG_CALLS and rep.failed == 0, \
        f"{rep.summary()}; failed calls (number, start): {rep.failed_calls()[:20]}"
    sizes = sa.invite_sizes(bed)
    assert len(sizes) >= sa.BIG_CALLS and min(sizes) > 1500, (len(sizes), min(sizes, default=0))
    drops = {d.reason: d.count for d in bed.fw.stats().drops if d.count}
    assert not {r: n for r, n in drops.items() if r in ("truncated", "too_big")}, drops
    # Whole INVITEs (and their retransmissions), sent on in fragments.
    assert fwd_counters(bed.fw)["frag_out_datagrams"] >= sa.BIG_CALLS, fwd_counters(bed.fw)


def test_framesz_no_mbuf_can_hold_is_refused_at_start(lab):
    """An af_packet framesz whose frame no mbuf can hold (an mbuf's data room is at most
    65,535 bytes) stops the forwarder at start-up with an error naming the port and framesz,
    rather than a PMD that cannot set its queue up."""
    topo = lab(TOPO)
    with pytest.raises(RuntimeError) as e:
        fwdlab.start_forwarder(topo, port_args=",framesz=69632,blocksz=69632", wait=10)
    assert "port0 (net_af_packet0): framesz=69632" in str(e.value), str(e.value)[-2000:]


# A connected socket with DF (IP_PMTUDISC_DO) sends a datagram of l3 bytes until the kernel
# refuses it with EMSGSIZE (it has learnt a smaller path MTU, from an ICMP fragmentation
# needed); prints the path MTU it learnt (IP_MTU) and "resent" once a datagram of that
# size went. "none" when no ICMP came within 5 s.
PMTU_CLIENT = r"""
import errno, socket, sys, time
vip, port, l3 = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
s.setsockopt(socket.IPPROTO_IP, 10, 2)  # IP_MTU_DISCOVER = IP_PMTUDISC_DO
s.connect((vip, port))
deadline = time.monotonic() + 5
while time.monotonic() < deadline:
    try:
        s.send(b"x" * (l3 - 28))
    except OSError as e:
        if e.errno != errno.EMSGSIZE:
            raise
        break
    time.sleep(0.05)
else:
    print("none")
    sys.exit(0)
# An ICMP for an earlier datagram may be pending still: each send reports one (EMSGSIZE).
for _ in range(10):
    mtu = s.getsockopt(socket.IPPROTO_IP, 14)  # IP_MTU
    try:
        s.send(b"y" * (mtu - 28))
    except OSError as e:
        if e.errno != errno.EMSGSIZE:
            raise
        time.sleep(0.05)
        continue
    print(mtu, "resent")
    break
"""
BIG_LINK_MTU = 9000


def test_df_datagram_too_big_for_the_nf_side_client_learns_the_mtu(lab):
    """The client's side has 9,000-byte links, the NFs' side 1,500 ([port1] mtu). A 3,000-byte
    UDP datagram with DF through NAT cannot be fragmented (RFC 8900): the forwarder drops it
    as too_big and sends the client an ICMP fragmentation needed with MTU 1500, quoting the
    datagram as the client sent it (to the VIP); the client's kernel takes 1500 as the path
    MTU (EMSGSIZE, IP_MTU), and the datagram sent again at that size reaches an NF."""
    import yaml

    spec = yaml.safe_load((REPO / TOPO).read_text())
    for link in spec["links"]:
        if {link["a"].get("host"), link["b"].get("host")} & {"client"} or \
                link["b"].get("if") == "port0":
            link["mtu"] = BIG_LINK_MTU
    topo = lab(spec)
    sinks = []
    for host, _ in NFS:
        sinks.append(topo.popen(host, [sys.executable, "-u", "-c", SINK, str(SINK_PORT)],
                                name=f"sink-{host}"))
    labtools.wait_until(lambda: all("listening" in p.log_path.read_text() for p in sinks),
                        timeout=10, what="the md5 sinks")
    f = fwdlab.start_forwarder(topo, workers=2, services=services())
    warm(topo, sinks, NAT_VIP)
    p = topo.run("client", [sys.executable, "-c", PMTU_CLIENT, NAT_VIP, str(SINK_PORT), "3000"],
                 check=False)
    assert p.returncode == 0, p.stderr
    assert p.stdout.split() == ["1500", "resent"], (p.stdout, f.log()[-2000:])
    labtools.wait_until(lambda: len(sunk(sinks, 1500 - 28)) == 1, timeout=10,
                        what="the datagram resent at the path MTU at an NF")
    drops = {d.reason: d.count for d in f.stats().drops if d.count}
    assert drops.get("too_big", 0) >= 1 and "too_big_icmp_limited" not in drops, drops
    assert fwd_counters(f)["too_big_icmp_sent"] >= 1
    route = topo.run("client", ["ip", "route", "get", NAT_VIP]).stdout
    assert "mtu 1500" in route, route
