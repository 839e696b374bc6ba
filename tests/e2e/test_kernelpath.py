"""The kernel-interface ports (issue 16): the forwarder forwards over AF_XDP ports on veths as it
does over af_packet, and the frames the kernel drops in front of either kind of port (a full
receive ring) show in the port's kernel_rx_drops (docs/drops.md), not nowhere.

Topology lab/topologies/kernelpath.yaml: client -- forwarder (port0, port1) -- nf, one queue
per veth.
"""

import json
import os
import signal
import socket
import time

import pytest

import fwdlab

VIP, NF = "10.100.0.1", "10.1.0.11"
SERVICES = [{"protocol": "tcp", "vip": VIP, "port": 80, "reals": [(NF, 80, 100)]},
            {"protocol": "udp", "vip": VIP, "port": 9, "reals": [(NF, 9, 100)]}]
# Answers every TCP connection with one line, for the connect test.
SERVER = """
import socket
s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(("0.0.0.0", 80)); s.listen(64)
while True:
    c, a = s.accept(); c.sendall(("hello " + a[0] + "\\n").encode()); c.close()
"""
CLIENT = """
import socket, sys
s = socket.create_connection(("%s", 80), timeout=3); print(s.recv(100).decode().strip())
""" % VIP


def start(topo, kind, port_settings=None, settings=None):
    """The forwarder on kind ports; skips when the kernel refuses AF_XDP here."""
    try:
        return fwdlab.start_forwarder(topo, workers=1, services=SERVICES, port_kind=kind,
                                      port_settings=port_settings, settings=settings)
    except RuntimeError as e:
        if kind == "af_xdp" and "cannot back" not in str(e):
            pytest.skip(f"the kernel refuses AF_XDP on veth here: {str(e)[-600:]}")
        raise


def wait_for(what, cond, deadline_s=10.0):
    end = time.monotonic() + deadline_s
    while time.monotonic() < end:
        v = cond()
        if v:
            return v
        time.sleep(0.05)
    pytest.fail(f"timed out waiting for {what}")


def connect(topo):
    p = topo.run("client", ["python3", "-c", CLIENT], check=False, timeout=10)
    return p.stdout.strip() if p.returncode == 0 else None


@pytest.mark.parametrize("kind,port_settings", [("af_packet", None), ("af_xdp", None),
                                                ("af_xdp", {"rx_desc": 4096})])
def test_forwards_over_kernel_ports(lab, kind, port_settings):
    topo = lab("lab/topologies/kernelpath.yaml")
    topo.popen("nf", ["python3", "-c", SERVER], name="server")
    fw = start(topo, kind, port_settings)
    # The client's address reaches the NF unchanged (NAT), through the forwarder both ways.
    assert wait_for("a connection through the VIP", lambda: connect(topo)) == "hello 10.0.0.2"
    ports = fw.stats().ports
    assert [p.kernel_socket for p in ports] == [kind, kind]
    assert all(p.ipackets > 0 and p.opackets > 0 for p in ports)
    assert f"1 {kind} socket(s) of the kernel" in fw.log()


@pytest.mark.parametrize("kind", ["af_packet", "af_xdp"])
def test_ring_drops_are_counted(lab, kind):
    """The forwarder stopped (SIGSTOP): its kernel ring fills and the kernel drops the rest;
    kernel_rx_drops says how many, and every frame sent is either read or counted."""
    topo = lab("lab/topologies/kernelpath.yaml")
    fw = start(topo, kind)
    wait_for("the forwarder's ARP answer", lambda: topo.run(
        "client", ["ping", "-c", "1", "-W", "1", "10.0.0.1"], check=False).returncode == 0)
    before = fw.stats().ports[0]
    sent = 5000
    os.kill(fw.proc.pid, signal.SIGSTOP)
    try:
        # Frames to the VIP's UDP service, from the client: all reach port0's ring or its drops.
        topo.run("client", ["python3", "-c",
                            f"import socket\ns = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)\n"
                            f"for i in range({sent}): s.sendto(b'x' * 18, ('{VIP}', 9))"])
    finally:
        os.kill(fw.proc.pid, signal.SIGCONT)

    def settled():
        p = fw.stats().ports[0]
        got = p.ipackets - before.ipackets
        drops = p.kernel_rx_drops - before.kernel_rx_drops
        return (got, drops) if got + drops >= sent else None

    got, drops = wait_for("every frame read or counted", settled)
    assert drops > 0, f"{got} frames read, no kernel drop counted"
    assert got < sent, "the ring held every frame: nothing to count"


@pytest.mark.parametrize("kind", ["af_packet", "af_xdp"])
def test_idle_worker_wakes_on_rx(lab, kind):
    """idle_wake = rx (the default): an idle worker sleeps in ppoll() on its RX sockets, so a
    frame ends even a one-second sleep at once. Pings 0.5 s apart each find the worker deep in
    its back-off: woken by the frame, they take well under a millisecond here; with plain sleeps
    (idle_wake = sleep) their median was 12-250 ms."""
    topo = lab("lab/topologies/kernelpath.yaml")
    fw = fwdlab.start_forwarder(topo, workers=1, services=SERVICES, port_kind=kind,
                                settings={"idle_sleep_max_us": 1000000, "idle_wake": "rx"})
    wait_for("the forwarder's echo reply", lambda: topo.run(
        "client", ["ping", "-c", "1", "-W", "2", "10.0.0.1"], check=False).returncode == 0)
    out = topo.run("client", ["ping", "-c", "9", "-i", "0.5", "10.0.0.1"], check=False).stdout
    rtts = sorted(float(x.split("=")[1]) for x in out.split() if x.startswith("time="))
    assert len(rtts) >= 8, out
    assert rtts[len(rtts) // 2] < 5, f"median RTT {rtts[len(rtts) // 2]} ms: not woken by RX"
    assert fw.stats().workers[0].idle_sleeps > 0


# Connects 1.5 s apart, each timed from connect() to the server's line: JSON list of seconds.
TIMED_CONNECTS = """
import json, socket, time
out = []
for _ in range(8):
    time.sleep(1.5)
    t0 = time.monotonic()
    s = socket.create_connection(("%s", 80), timeout=5); s.recv(100); s.close()
    out.append(time.monotonic() - t0)
print(json.dumps(out))
""" % VIP


def test_handoff_wakes_a_sleeping_owner(lab):
    """A dispatch stage reads the ports and hands every packet to the worker that owns its
    connection, which polls no port: only the kick eventfd that each handoff writes ends its
    sleep (src/idle.h), and with nothing else to wake it such a worker sleeps up to
    idle_sleep_wake_max_us, a second here. Connects 1.5 s apart, each finding the worker asleep,
    take milliseconds; a packet that waited out the sleep (0.5-1 s at 1.5 s of idleness) would
    take hundreds."""
    topo = lab("lab/topologies/kernelpath.yaml")
    topo.popen("nf", ["python3", "-c", SERVER], name="server")
    fw = fwdlab.start_forwarder(topo, workers=1, dispatch=True, services=SERVICES,
                                port_kind="af_packet",
                                settings={"idle_sleep_wake_max_us": 1000000})
    wait_for("a connection through the VIP", lambda: connect(topo))
    p = topo.run("client", ["python3", "-c", TIMED_CONNECTS], timeout=60)
    times = sorted(json.loads(p.stdout))
    st = fw.stats().workers
    assert st[0].handoff_in > 0 and st[0].idle_sleeps > 0, st
    # The second slowest, so that one connect slowed by the machine alone does not decide.
    assert times[-2] < 0.3, f"connect times {times}: a handoff waited out a sleep"


@pytest.mark.parametrize("kind", ["af_packet", "af_xdp"])
def test_ring_defaults(lab, kind):
    """Nothing tuned: each kind of port gets its rings (af_packet 4096 frames a ring, AF_XDP an
    RX and a TX ring of 2048, its fill ring's size) and the mbuf pool sized to back them, shown
    in GetStats and logged (docs/forwarder-config.md, "Rings and the mbuf pool")."""
    topo = lab("lab/topologies/kernelpath.yaml")
    fw = start(topo, kind)
    st = fw.stats()
    ring = {"af_packet": (4096, 4096, 0), "af_xdp": (2048, 2048, 2048 + 2048)}[kind]
    for p in st.ports:
        assert (p.ring_kind, p.rx_ring, p.tx_ring, p.ring_mbufs) == (kind, *ring), p
    assert st.mempool_size >= 16383
    log = fw.log()
    assert f"port0: {kind} port, rings of {ring[0]} (rx) and {ring[1]} (tx) per queue" in log, log
    assert "mbuf pool: 16383 mbufs (auto, mbufs unset)" in log, log


def test_rings_the_pool_cannot_back_are_refused(lab):
    """mbufs below what two AF_XDP ports' rings hold (2 x 4096 at the default rings) is refused
    at start-up, naming the setting, rather than failing inside the PMD; rx_desc on an
    af_packet port (whose ring is its devarg framecnt) is refused too."""
    topo = lab("lab/topologies/kernelpath.yaml")
    with pytest.raises(RuntimeError, match=r"\[forwarder\] mbufs: 4095 cannot back the ports' "
                       r"rings: they hold up to 8192 mbufs"):
        start(topo, "af_xdp", settings={"mbufs": 4095})
    with pytest.raises(RuntimeError, match=r"\[port0\] rx_desc: net_af_packet0 is an af_packet "
                       r"port, whose ring is its --vdev's framecnt \(4096 now\)"):
        fwdlab.start_forwarder(topo, workers=1, services=SERVICES, port_kind="af_packet",
                               port_settings={"rx_desc": 1024})
    # Set high enough, the operator's mbufs is the pool.
    fw = start(topo, "af_xdp", settings={"mbufs": 20000})
    assert fw.stats().mempool_size == 20000


def worker_slices(pid):
    """se.slice (ns) of each worker thread of process pid, from /proc."""
    out = []
    for tid in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{tid}/comm") as f:
            if not f.read().startswith("rte-worker"):
                continue
        with open(f"/proc/{pid}/task/{tid}/sched") as f:
            out += [int(line.split(":")[1]) for line in f if line.startswith("se.slice")]
    return out


def test_worker_slice(lab):
    """worker_slice_us = 100: a worker asks the kernel for a 100 µs scheduling slice (EEVDF's
    custom slice), so that woken by a frame it preempts what runs on its core; unset (0), it
    keeps the kernel's."""
    if tuple(int(x) for x in os.uname().release.split(".")[:2]) < (6, 12):
        pytest.skip(f"kernel {os.uname().release}: custom slices are Linux 6.12 and later")
    topo = lab("lab/topologies/kernelpath.yaml")
    fw = start(topo, "af_packet", settings={"worker_slice_us": 100})
    assert worker_slices(fw.proc.pid) == [100000], fw.log()
    fw.stop()
    fw = start(topo, "af_packet")
    slices = worker_slices(fw.proc.pid)
    assert len(slices) == 1 and slices[0] != 100000, slices


def test_settings_checked(lab):
    topo = lab("lab/topologies/kernelpath.yaml")
    with pytest.raises(RuntimeError, match="idle_wake: 'soon' is not rx or sleep"):
        fwdlab.start_forwarder(topo, workers=1, services=SERVICES, settings={"idle_wake": "soon"})
    with pytest.raises(RuntimeError, match=r"\[port0\] rx_desc: 1000 is not a power of two"):
        fwdlab.start_forwarder(topo, workers=1, services=SERVICES, port_settings={"rx_desc": 1000})
