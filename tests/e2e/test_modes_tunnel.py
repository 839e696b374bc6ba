"""End to end: tunnel mode (docs/mode-tunnel.md). The DPDK forwarder on AF_PACKET ports sends
each client packet to its NF inside IPIP or GUE (lab/topologies/tunnel.yaml); each NF runs
lab/tundecap.py (this kernel has no ipip or fou module: a raw socket for IPIP, a UDP socket for
GUE, the inner packet written to a TUN device) and hvlb-nfsim, and answers the client
directly from the VIP it holds. Real clients: curl (IPv4 and IPv6) and UDP sockets; a
datagram too long once encapsulated gets the client an ICMP fragmentation needed, which its
kernel takes as the path MTU.
"""

import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "lab"))

import fwdlab  # noqa: E402
import labtools  # noqa: E402

TOPO = "lab/topologies/tunnel.yaml"
VIP_A, VIP_B = "10.100.0.30", "10.100.0.31"   # A: ipip to nf1, B: gue to nf2
VIP6_A, VIP6_B = "fd00:100::30", "fd00:100::31"  # A: gue over IPv6 to nf2, B: ipip to nf1
NF1, NF2, NF1_6, NF2_6 = "10.1.0.11", "10.1.0.12", "fd00:1::11", "fd00:1::12"
UDP = labtools.UDP_PORT
MTU = 1500

if not fwdlab.FORWARDER.exists():
    pytest.skip(f"{fwdlab.FORWARDER} not built (make build)", allow_module_level=True)


def services():
    t = {"mode": "tunnel"}
    return [
        {**t, "protocol": "tcp", "vip": VIP_A, "port": 80, "encap": "ipip", "reals": [(NF1, 0, 100)]},
        {**t, "protocol": "udp", "vip": VIP_A, "port": UDP, "encap": "ipip", "reals": [(NF1, 0, 100)]},
        {**t, "protocol": "tcp", "vip": VIP_B, "port": 80, "encap": "gue", "reals": [(NF2, 0, 100)]},
        {**t, "protocol": "udp", "vip": VIP_B, "port": UDP, "encap": "gue", "reals": [(NF2, 0, 100)]},
        {**t, "protocol": "tcp", "vip": VIP6_A, "port": 80, "encap": "gue", "reals": [(NF2_6, 0, 100)]},
        {**t, "protocol": "tcp", "vip": VIP6_B, "port": 80, "encap": "ipip", "reals": [(NF1_6, 0, 100)]},
        {**t, "protocol": "udp", "vip": VIP6_B, "port": UDP, "encap": "gue", "reals": [(NF2_6, 0, 100)]},
    ]


def start_decap(topo, host):
    p = topo.popen(host, [sys.executable, str(REPO / "lab" / "tundecap.py")], name=f"decap-{host}")
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if "serving" in p.log_path.read_text(errors="replace"):
            return p
        if p.poll() is not None:
            break
        time.sleep(0.05)
    raise AssertionError(f"tundecap in {host}: {p.log_path.read_text(errors='replace')}")


@pytest.fixture
def bed(lab):
    topo = lab(TOPO)
    for host, udp_vip in (("nf1", VIP_A), ("nf2", VIP_B)):
        start_decap(topo, host)
        # TCP on every address (a connection answers from the address it came to); UDP bound
        # to the VIP, so that its replies leave from it.
        labtools.start_nfsim(topo, host, host, addr=None, udp=None)
        labtools.start_nfsim(topo, host, host, addr=udp_vip, http=None, tcp=None, admin=None)
    labtools.start_nfsim(topo, "nf2", "nf2", addr=VIP6_B, http=None, tcp=None, admin=None)
    fwd = fwdlab.start_forwarder(topo, workers=2, services=services(),
                                 extra=f"\n[tunnel]\nmtu = {MTU}\n")
    yield topo, fwd
    fwd.stop()


def curl(topo, url, *opts):
    p = topo.run("client", ["curl", "-sS", "-m", "5", *opts, url], check=False)
    assert p.returncode == 0, f"curl {url}: exit {p.returncode}: {p.stderr}"
    return p.stdout


UDP_CLIENT = r"""
import socket, sys
vip, port, msg = sys.argv[1], int(sys.argv[2]), sys.argv[3].encode()
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
s.settimeout(1.0)
for _ in range(5):
    s.sendto(msg, (vip, port))
    try:
        data, frm = s.recvfrom(2048)
    except socket.timeout:
        continue
    print(frm[0], data.decode(errors="replace"))
    break
"""

# A datagram of the given IPv4 length with DF (IP_PMTUDISC_DO) to vip, sent until the kernel
# has learnt a path MTU below it from an ICMP fragmentation needed (then a send fails with
# EMSGSIZE); prints that MTU (IP_MTU), or "none".
PMTU_CLIENT = r"""
import errno, socket, sys, time
vip, port, l3 = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
if ":" in vip:  # IPV6_MTU_DISCOVER, IPV6_PMTUDISC_DO, IPV6_MTU
    fam, lvl, MTU_DISCOVER, PMTUDISC_DO, MTU, hl = socket.AF_INET6, socket.IPPROTO_IPV6, 23, 2, 24, 48
else:  # IP_MTU_DISCOVER, IP_PMTUDISC_DO, IP_MTU
    fam, lvl, MTU_DISCOVER, PMTUDISC_DO, MTU, hl = socket.AF_INET, socket.IPPROTO_IP, 10, 2, 14, 28
s = socket.socket(fam, socket.SOCK_DGRAM)
s.setsockopt(lvl, MTU_DISCOVER, PMTUDISC_DO)
s.connect((vip, port))
deadline = time.monotonic() + 5
while time.monotonic() < deadline:
    try:
        s.send(b"x" * (l3 - hl))
    except OSError as e:
        if e.errno == errno.EMSGSIZE:
            print(s.getsockopt(lvl, MTU))
            sys.exit(0)
        raise
    time.sleep(0.05)
print("none")
"""


def pmtu(topo, vip, l3):
    p = topo.run("client", [sys.executable, "-c", PMTU_CLIENT, vip, str(UDP), str(l3)],
                 check=False)
    assert p.returncode == 0, p.stderr
    return p.stdout.strip()


def udp_ask6(topo, vip, msg):
    p = topo.run("client", [sys.executable, "-c", UDP_CLIENT.replace("AF_INET,", "AF_INET6,"),
                            vip, str(UDP), msg], check=False)
    assert p.returncode == 0, p.stderr
    return p.stdout.strip()


def udp_ask(topo, vip, msg):
    p = topo.run("client", [sys.executable, "-c", UDP_CLIENT, vip, str(UDP), msg], check=False)
    assert p.returncode == 0, p.stderr
    return p.stdout.strip()


def counter(fwd, name):
    return sum(getattr(w, name) for w in fwd.stats().workers)


def drops(fwd, reason):
    return sum(d.count for d in fwd.stats().drops if d.reason == reason)


def test_tunnel_tcp_udp(bed):
    """curl and a UDP client through IPIP and GUE over IPv4, and curl over IPv6 (GUE and
    IPIP): each answered by its NF, from the VIP, directly."""
    topo, fwd = bed
    assert "nf=nf1" in curl(topo, f"http://{VIP_A}/")
    assert "nf=nf2" in curl(topo, f"http://{VIP_B}/")
    assert "nf=nf2" in curl(topo, f"http://[{VIP6_A}]/", "-6")
    assert "nf=nf1" in curl(topo, f"http://[{VIP6_B}]/", "-6")
    assert udp_ask(topo, VIP_A, "hello-ipip") == f"{VIP_A} nf=nf1 hello-ipip"
    assert udp_ask(topo, VIP_B, "hello-gue") == f"{VIP_B} nf=nf2 hello-gue"
    assert counter(fwd, "tunnel_icmp_sent") == 0


def test_tunnel_path_mtu(bed):
    """A datagram with DF that fits the client's link but not the tunnel (1473 bytes, GUE over
    IPv4 adds 28 to a 1500 MTU): the client's kernel hears of MTU 1472 from the VIP; one that
    fits gets its answer."""
    topo, fwd = bed
    assert pmtu(topo, VIP_B, 1473) == str(MTU - 28)
    assert counter(fwd, "tunnel_icmp_sent") >= 1
    assert drops(fwd, "tunnel_too_big") >= 1
    # 1472 bytes fit exactly: answered (the reply, longer, comes back directly).
    big = "y" * (MTU - 28 - 28)
    assert udp_ask(topo, VIP_B, big) == f"{VIP_B} nf=nf2 {big}"


def test_tunnel_path_mtu_v6(bed):
    """IPv6 over GUE over IPv6 (48 bytes): a 1453-byte datagram gets the client an ICMPv6
    packet too big from the VIP, MTU 1452, which its kernel takes as the path MTU."""
    topo, fwd = bed
    assert udp_ask6(topo, VIP6_B, "hello-gue6") == f"{VIP6_B} nf=nf2 hello-gue6"
    assert pmtu(topo, VIP6_B, 1453) == str(MTU - 48)
    assert counter(fwd, "tunnel_icmp_sent") >= 1


# n datagrams too long for the tunnel (DF set, the kernel's learnt path MTU ignored:
# IP_PMTUDISC_PROBE), as fast as they go, from one unconnected socket (a connected one would
# have the ICMPs' EMSGSIZE reported by its next send).
FLOOD_CLIENT = r"""
import socket, sys
vip, port, l3, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
s.setsockopt(socket.IPPROTO_IP, 10, 3)  # IP_MTU_DISCOVER, IP_PMTUDISC_PROBE
s.bind(("0.0.0.0", 0))
for _ in range(n):
    s.sendto(b"z" * (l3 - 28), (vip, port))
"""


def test_tunnel_icmp_rate_limit(bed):
    """Too-big ICMPs are rate-limited (icmp_rate 100 a second over the forwarder: a worker's
    bucket holds 50): of 300 datagrams of one flow sent at once, a few dozen get an ICMP, the
    rest are dropped as tunnel_icmp_limited."""
    topo, fwd = bed
    n = 300
    p = topo.run("client", [sys.executable, "-c", FLOOD_CLIENT, VIP_B, str(UDP), "1473", str(n)],
                 check=False)
    assert p.returncode == 0, p.stderr
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        sent, limited = counter(fwd, "tunnel_icmp_sent"), drops(fwd, "tunnel_icmp_limited")
        if sent + limited >= n:
            break
        time.sleep(0.05)
    assert limited > 0 and 1 <= sent <= 100, (sent, limited)
    assert drops(fwd, "tunnel_too_big") == sent
