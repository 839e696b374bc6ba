"""End to end: the forwarder's container and VM ports and its exception path (docs/ports.md).

Exception path: the forwarder of lab/topologies/e2e.yaml with `exception = tap:exc0` on port0;
the kernel interface exc0 in the forwarder's namespace carries the forwarder's own address
10.9.0.2, so the kernel answers what the forwarder does not: a TCP listener there (standing in
for a BGP speaker) is reached by a real client through the router and the forwarder, and the
kernel's own ping to the client goes out of the data port and its echo reply comes back in.
"""

import socket
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "lab"))

import fwdlab  # noqa: E402
import labtools  # noqa: E402

TOPO = "lab/topologies/e2e.yaml"
OWN = "10.9.0.2"          # the forwarder's address on port0
LISTEN_PORT = 179         # BGP's

if not fwdlab.FORWARDER.exists():
    pytest.skip(f"{fwdlab.FORWARDER} not built (make build)", allow_module_level=True)
if not Path("/dev/net/tun").exists():
    pytest.skip("no /dev/net/tun: the exception path's TAP cannot be made",
                allow_module_level=True)

# A line echo server on (OWN, LISTEN_PORT), in the forwarder's namespace: the kernel's stack
# answers it through the exception path.
ECHO_SERVER = f"""
import socket
s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(("{OWN}", {LISTEN_PORT})); s.listen(16)
while True:
    c, _ = s.accept()
    c.sendall(b"echo " + c.recv(100)); c.close()
"""

CLIENT = f"""
import socket, sys
c = socket.create_connection(("{OWN}", {LISTEN_PORT}), timeout=3)
c.sendall(b"hello"); print(c.recv(100).decode())
"""


def stats(fw):
    return fw.telemetry("/hvlb/stats")


@pytest.fixture
def exc_bed(lab):
    topo = lab(TOPO, prefix=labtools.unique_prefix("hvpt"))
    fw = fwdlab.start_forwarder(topo, workers=2,
                                port_settings={0: {"exception": "tap:exc0"}})
    # The kernel's side: the forwarder's address (no DAD: it is the forwarder's own) and the
    # route back to the clients, both through the TAP.
    topo.run("fwd", ["ip", "addr", "add", f"{OWN}/24", "dev", "exc0"])
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
    # A ping to the same address from the client is still the forwarder's own reply.
    topo.run("client", ["ping", "-c", "1", "-W", "2", OWN])
    after = stats(fw)
    assert after["exception_to_kernel"] - before["exception_to_kernel"] >= 6  # 3 TCP, 3 ICMP
    assert after["exception_from_kernel"] - before["exception_from_kernel"] >= 6
    assert after["drops"]["local_unhandled"] == 0
    assert after["drops"]["exception_full"] == 0
    assert after["local_replies"] > before["local_replies"]


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
