"""End to end: the forwarder's container and VM ports and its exception path (docs/ports.md).

Container and VM ports: the forwarder of lab/topologies/e2e.yaml with its NF-side port1 on a
memif (server) or vhost-user port instead of its veth; the NF is hvlb-nf-echo
(forwarder/tools/nf_echo.c), a DPDK process in the nf1 namespace attached as memif client or
virtio-user, owning 10.1.0.11. A real UDP client in the client namespace sends to a NAT VIP
through the router and the forwarder and gets the NF's answer back.

Exception path: the forwarder of lab/topologies/e2e.yaml with `exception = tap:exc0` on port0;
the forwarder gives the kernel interface exc0 in its namespace its own address 10.9.0.2, so
the kernel answers what the forwarder does not: a TCP listener there is reached by a real
client through the router and the forwarder, and the kernel's own ping to the client goes out
of the data port and its echo reply comes back in. On lab/topologies/bgp.yaml, the agent's
BGP session to the FRR router runs through the exception path. The kernel's stack is kept
off the forwarder's DPDK veths (fwdlab.kernel_off), so only the path can answer.
"""

import os
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "lab"))

import fwdlab  # noqa: E402
import labtools  # noqa: E402

TOPO = "lab/topologies/e2e.yaml"
NF_ECHO = fwdlab.FORWARDER.parents[1] / "tools" / "hvlb-nf-echo"
NF_ADDR, NF_PORT = "10.1.0.11", 9000
UDP_VIP, UDP_VPORT = "10.100.0.1", 53
OWN = "10.9.0.2"          # the forwarder's address on port0
LISTEN_PORT = 179         # BGP's

if not fwdlab.FORWARDER.exists():
    pytest.skip(f"{fwdlab.FORWARDER} not built (make build)", allow_module_level=True)
if not Path("/dev/net/tun").exists():
    pytest.skip("no /dev/net/tun: the exception path's TAP cannot be made",
                allow_module_level=True)

# A line echo server on (address, port), in the forwarder's namespace: the kernel's stack
# answers it through the exception path.
def echo_server(addr, port):
    return f"""
import socket
s = socket.socket(socket.AF_INET6 if ":" in "{addr}" else socket.AF_INET)
s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(("{addr}", {port})); s.listen(16)
while True:
    c, _ = s.accept()
    c.sendall(b"echo " + c.recv(100)); c.close()
"""


def echo_client(addr, port):
    return f"""
import socket, sys
c = socket.create_connection(("{addr}", {port}), timeout=3)
c.sendall(b"hello"); print(c.recv(100).decode())
"""


ECHO_SERVER, CLIENT = echo_server(OWN, LISTEN_PORT), echo_client(OWN, LISTEN_PORT)


def stats(fw):
    return fw.telemetry("/hvlb/stats")


@pytest.fixture
def exc_bed(lab):
    topo = lab(TOPO, prefix=labtools.unique_prefix("hvpt"))
    fw = fwdlab.start_forwarder(topo, workers=2,
                                port_settings={0: {"exception": "tap:exc0"}})
    fwdlab.kernel_off(topo)
    # The kernel's side: the forwarder gave the TAP its address; the route back to the
    # clients through it is the host's.
    assert f"inet {OWN}/24" in topo.run("fwd", ["ip", "-4", "addr", "show", "exc0"]).stdout
    topo.run("fwd", ["ip", "route", "add", "default", "via", "10.9.0.1", "dev", "exc0"])
    topo.popen("fwd", [sys.executable, "-c", ECHO_SERVER], name="echo-server")
    labtools.wait_until(lambda: f":{LISTEN_PORT}" in topo.run("fwd", ["ss", "-ltn"]).stdout,
                        "the listener in the forwarder's namespace")
    yield topo, fw
    fw.stop()


def test_exception_tcp_and_ping(exc_bed):
    topo, fw = exc_bed
    before = stats(fw)
    assert before["drops"]["local_unhandled"] == 0
    # A TCP connection from the client to the forwarder's own address: the SYN is
    # local_unhandled for the forwarder, so it goes to the kernel, whose SYN-ACK (after its
    # own ARP for the router, answered through the copy of the ARP reply) leaves port0.
    out = topo.run("client", [sys.executable, "-c", CLIENT], timeout=20).stdout.strip()
    assert out == "echo hello"
    # The kernel's ping to the client: its echo reply is for our address, not an echo
    # request, so the forwarder passes it to the kernel.
    p = topo.run("fwd", ["ping", "-c", "3", "-i", "0.2", "-W", "2", "10.0.0.2"], check=False)
    assert p.returncode == 0, p.stdout + p.stderr
    assert "duplicates" not in p.stdout, p.stdout  # one answer each, through the TAP only
    # A ping to the same address from the client is still the forwarder's own reply (once).
    p = topo.run("client", ["ping", "-c", "3", "-i", "0.2", "-W", "2", OWN])
    assert "duplicates" not in p.stdout, p.stdout
    after = stats(fw)
    assert after["exception_to_kernel"] - before["exception_to_kernel"] >= 6  # 3 TCP, 3 ICMP
    assert after["exception_from_kernel"] - before["exception_from_kernel"] >= 6
    assert after["drops"]["local_unhandled"] == 0
    assert after["drops"]["exception_full"] == 0
    assert after["local_replies"] > before["local_replies"]
    # The local API carries them too (what the agent exports as metrics); read later, so at
    # least as many (the kernel may have sent more since, a retransmission or an ARP).
    api = fw.stats()
    assert sum(w.exception_to_kernel for w in api.workers) >= after["exception_to_kernel"]
    assert api.exception_from_kernel >= after["exception_from_kernel"] > 0


def test_without_exception_port_drops_as_before(lab):
    topo = lab(TOPO, prefix=labtools.unique_prefix("hvpu"))
    fw = fwdlab.start_forwarder(topo, workers=1)
    try:
        p = topo.run("client", [sys.executable, "-c", CLIENT], check=False, timeout=20)
        assert p.returncode != 0  # nothing answers: the SYNs are dropped
        labtools.wait_until(lambda: stats(fw)["drops"]["local_unhandled"] >= 1,
                            "the SYN counted as local_unhandled")
        assert stats(fw)["exception_to_kernel"] == 0
    finally:
        fw.stop()


UDP_CLIENT = f"""
import socket, sys
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.settimeout(0.5)
for i in range(int(sys.argv[1])):
    msg = b"ping %d" % i
    for _ in range(10):  # the first datagrams may wait for the forwarder's ARP for the NF
        s.sendto(msg, ("{UDP_VIP}", {UDP_VPORT}))
        try:
            data, src = s.recvfrom(100)
        except socket.timeout:
            continue
        assert data == msg and src == ("{UDP_VIP}", {UDP_VPORT}), (data, src)
        break
    else:
        sys.exit("no answer to %r" % msg)
print("ok")
"""


def nf_port_bed(lab, stem, fwd_vdev, nf_vdev, nf_eal=()):
    """The e2e topology with port1 on fwd_vdev (named net_<kind>0 ...) and hvlb-nf-echo in
    nf1 on nf_vdev; returns (topo, fw, nf process)."""
    if not NF_ECHO.exists():
        pytest.skip(f"{NF_ECHO} not built (make build)")
    topo = lab(TOPO, prefix=labtools.unique_prefix(stem))
    rundir = topo.logdir
    rundir.mkdir(parents=True, exist_ok=True)
    dev = fwd_vdev.split(",")[0]
    fw = fwdlab.start_forwarder(
        topo, workers=1, vdevs={1: fwd_vdev.format(dir=rundir)}, port_settings={1: {"dev": dev}},
        services=[{"protocol": "udp", "vip": UDP_VIP, "port": UDP_VPORT, "mode": "nat",
                   "reals": [(NF_ADDR, NF_PORT, 100)]}])
    cpu = sorted(os.sched_getaffinity(0))[-1]
    nf = topo.popen("nf1", [NF_ECHO, "--lcores", f"0@{cpu}", "--no-pci", "--no-shconf",
                            "--file-prefix", f"{topo.prefix}_nf", "--log-level=lib.*:warning",
                            *nf_eal, "--vdev", nf_vdev.format(dir=rundir), "--",
                            "-a", NF_ADDR], name="nf-echo")
    labtools.wait_until(lambda: "ready" in Path(nf.log_path).read_text(errors="replace")
                        or nf.poll() is not None, "hvlb-nf-echo to start")
    if nf.poll() is not None:
        pytest.fail("hvlb-nf-echo exited:\n" + Path(nf.log_path).read_text(errors="replace"))
    return topo, fw, nf


def nf_udp_answered(nf):
    """The last count of UDP datagrams hvlb-nf-echo printed (once a second when it changed)."""
    lines = [ln for ln in Path(nf.log_path).read_text(errors="replace").splitlines()
             if ln.startswith("nf-echo: answered")]
    return int(lines[-1].split(" udp ")[1].split(",")[0]) if lines else 0


def check_nf_answers(topo, fw, nf, n=50):
    p = topo.run("client", [sys.executable, "-c", UDP_CLIENT, str(n)], check=False, timeout=60)
    assert p.returncode == 0 and p.stdout.strip() == "ok", p.stdout + p.stderr
    # The answers were the NF's: it counted them (and the forwarder's ARP for it).
    labtools.wait_until(lambda: nf_udp_answered(nf) >= n, f"hvlb-nf-echo to count {n} answers")
    st = stats(fw)
    assert st["total_conns"] >= 1
    assert st["drops"]["not_for_us"] == 0


def test_memif_nf_answers_through_forwarder(lab):
    topo, fw, nf = nf_port_bed(
        lab, "hvpm",
        "net_memif0,role=server,id=0,socket={dir}/memif.sock,socket-abstract=no",
        "net_memif0,role=client,id=0,socket={dir}/memif.sock,socket-abstract=no",
        nf_eal=("--no-huge", "-m", "64"))
    check_nf_answers(topo, fw, nf)
    fw.stop()


def test_vhost_user_nf_answers_through_forwarder(lab):
    topo, fw, nf = nf_port_bed(
        lab, "hvpv",
        "net_vhost0,iface={dir}/vhost.sock,queues=1",
        "net_virtio_user0,path={dir}/vhost.sock,queues=1",
        nf_eal=("--no-huge", "-m", "64"))
    check_nf_answers(topo, fw, nf)
    fw.stop()


def test_bgp_session_through_exception_path(lab):
    """The agent's BGP session to the router runs over the forwarder's own data address
    through the exception path (lab/topologies/bgp.yaml peers over a management link
    instead): the router installs the VIPs via 10.9.0.2 and a client reaches an NF."""
    import ctlab
    import frr

    for b in ("hvlb-controller", "hvlb-agent", "hvlbctl"):
        if not (labtools.BIN / b).exists():
            pytest.skip(f"{labtools.BIN / b} not built (make build)")
    if frr.unavailable():
        pytest.skip(frr.unavailable())
    topo = lab("lab/topologies/bgp.yaml", prefix=labtools.unique_prefix("hvpb"))
    r, a = topo.meta["bgp"]["router"], topo.meta["bgp"]["agents"][0]
    for h in ("nf1", "nf2", "nf3"):
        labtools.start_nfsim(topo, h, h)
    fw = fwdlab.start_forwarder(topo, workers=1, port_settings={0: {"exception": "tap:exc0"}})
    fwdlab.kernel_off(topo)
    addrs = topo.run("fwd", ["ip", "addr", "show", "exc0"]).stdout
    assert "inet 10.9.0.2/24" in addrs and "inet6 fd00:9::2/64" in addrs, addrs
    router = frr.Router(topo, r["host"], r["asn"], r["router_id"],
                        [frr.Neighbor("10.9.0.2", a["asn"], a["id"])], hold_time=9,
                        keepalive=3).start()
    grpc = f"{a['peer']}:9443"
    cp = ctlab.ControlPlane(
        topo, fw.sock, host=r["host"], fwd_id=a["id"], agent_host=a["host"], grpc_listen=grpc,
        controller_addr=grpc, cert_hosts=[a["peer"]],
        agent_args=["--bgp-local-as", str(a["asn"]), "--bgp-peer", f"10.9.0.1,{r['asn']}",
                    "--bgp-next-hop-v4", a["next_hop_v4"], "--bgp-next-hop-v6",
                    a["next_hop_v6"], "--bgp-connect-retry", "1s"]).start()
    cp.ctl("vs", "add", "tcp", "10.100.0.1:80", "--real",
           "10.1.0.11:80:100,10.1.0.12:80:100,10.1.0.13:80:100", "--check", "tcp",
           "--interval", "300ms", "--check-timeout", "200ms")
    router.wait_established(["10.9.0.2"], timeout=30)
    labtools.wait_until(lambda: router.routes().get("10.100.0.1/32") == ["10.9.0.2"],
                        "the router's route to the VIP via the forwarder's data address", 30)

    def http():
        p = topo.run("client", ["curl", "-4", "-sS", "-m", "3", "http://10.100.0.1/"],
                     check=False)
        return next((t[3:] for t in p.stdout.split() if t.startswith("nf=")), "")

    assert labtools.wait_until(http, "a client's HTTP GET through the announced route", 20) \
        in ("nf1", "nf2", "nf3")
    # IPv6 too: a listener on the forwarder's fd00:9::2, its answers routed out of exc0 (the
    # kernel's neighbour solicitation for the router is answered by an NA the forwarder
    # copies to it).
    topo.run("fwd", ["ip", "-6", "route", "add", "fd00::/64", "via", "fd00:9::1", "dev", "exc0"])
    topo.popen("fwd", [sys.executable, "-c", echo_server("fd00:9::2", 1179)], name="echo6")
    labtools.wait_until(lambda: ":1179" in topo.run("fwd", ["ss", "-ltn"]).stdout,
                        "the IPv6 listener")
    out = topo.run("client", [sys.executable, "-c", echo_client("fd00:9::2", 1179)],
                   timeout=20).stdout.strip()
    assert out == "echo hello"
    st = stats(fw)
    assert st["exception_to_kernel"] > 0 and st["exception_from_kernel"] > 0
    assert st["drops"]["local_unhandled"] == 0
    fw.stop()
