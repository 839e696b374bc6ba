"""The in-kernel fast path (docs/kernel-fast-path.md): with kernel_fast_path on (the default), the frames of
an established connection through AF_XDP ports are rewritten and sent on by the ports' XDP
program, not copied to the forwarder and back; the forwarder still sees every SYN, FIN and RST,
folds what the kernel carried into the connection and its real's counters, and takes a
connection back when it may no longer go as it went (its real removed hard).

Topology lab/topologies/kernelpath.yaml: client -- forwarder (port0, port1) -- nf (IPv4 and
IPv6), veths as they come (GRO off at the far ends, the veth's default). A veth's peer takes an XDP redirect only
with NAPI on, which the forwarder cannot see, so the XDP program passes a veth's frames up
rewritten and the port's TC program sends them on (XDP_FAST_VIA_STACK): bulk TCP runs with the
far ends' GRO off and on.
"""

import time

import pytest

import fwdlab

VIP, NF = "10.100.0.1", "10.1.0.11"
# IPv6's services and FullNAT's on ports of their own (TCP 81, UDP 10; TCP 82), so each one's
# counts are its own.
VIP6, NF6 = "fd00:100::1", "fd00:1::11"
SERVICES = [{"protocol": "tcp", "vip": VIP, "port": 80, "reals": [(NF, 80, 100)]},
            {"protocol": "udp", "vip": VIP, "port": 9, "reals": [(NF, 9, 100)]},
            {"protocol": "tcp", "vip": VIP6, "port": 81, "reals": [(f"[{NF6}]", 80, 100)]},
            {"protocol": "udp", "vip": VIP6, "port": 10, "reals": [(f"[{NF6}]", 9, 100)]},
            {"protocol": "tcp", "vip": VIP, "port": 82, "mode": "fullnat", "reals": [(NF, 80, 100)]}]
# FullNAT's local addresses: on the NF's segment, the forwarder answers their ARP.
LOCAL_POOL = "[local_pool]\naddrs = 10.1.0.100\nports = 20000-29999\n"
# Reads a TCP stream to its end and answers with its length and SHA-256; echoes UDP datagrams.
# Both families (dual-stack sockets).
SERVER = """
import hashlib, socket, threading
def tcp():
    s = socket.socket(socket.AF_INET6); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
    s.bind(("::", 80)); s.listen(8)
    while True:
        c, a = s.accept(); h = hashlib.sha256(); n = 0
        while True:
            b = c.recv(65536)
            if not b:
                break
            h.update(b); n += len(b)
        c.sendall(f"{n} {h.hexdigest()}\\n".encode()); c.close()
threading.Thread(target=tcp, daemon=True).start()
u = socket.socket(socket.AF_INET6, socket.SOCK_DGRAM)
u.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0); u.bind(("::", 9))
while True:
    d, a = u.recvfrom(2048); u.sendto(d, a)
"""
# Sends SIZE random bytes to (host, port), again and again for SECS seconds (once: 0), then
# reads the NF's answer: True when it got every byte.
SEND = """
import hashlib, os, socket, time
size, secs = %d, %f
chunk = os.urandom(size); h = hashlib.sha256(); n = 0
s = socket.create_connection(%r, timeout=10)
end = time.monotonic() + secs
while True:
    s.sendall(chunk); h.update(chunk); n += len(chunk)
    if time.monotonic() >= end:
        break
s.shutdown(socket.SHUT_WR)
got = b""
while not got.endswith(b"\\n"):
    b = s.recv(200)
    if not b:
        break
    got += b
print(got.decode().strip() == f"{n} {h.hexdigest()}")
"""
# UDP: COUNT datagrams to (host, port), one at a time, each answered (a lost one times out:
# printed).
PINGPONG = """
import socket, sys
count, to = %d, %r
six = ":" in to[0]
s = socket.socket(socket.AF_INET6 if six else socket.AF_INET, socket.SOCK_DGRAM)
s.settimeout(1.0); s.bind(("::" if six else "0.0.0.0", 40000)); lost = 0
for i in range(count):
    s.sendto(b"%%08d" %% i + b"x" * 10, to)
    try:
        s.recv(100)
    except socket.timeout:
        lost += 1
print(lost)
"""


def wait_for(what, cond, deadline_s=10.0):
    end = time.monotonic() + deadline_s
    while time.monotonic() < end:
        v = cond()
        if v:
            return v
        time.sleep(0.05)
    pytest.fail(f"timed out waiting for {what}")


def setup(lab, on=True, gro=False):
    topo = lab("lab/topologies/kernelpath.yaml")
    for host in ("client", "nf"):
        topo.run(host, ["ethtool", "-K", "eth0", "gro", "on" if gro else "off"])
    topo.popen("nf", ["python3", "-c", SERVER], name="server")
    settings = None if on else {"kernel_fast_path": "off"}  # on is the default
    fw = fwdlab.start_forwarder(topo, workers=1, services=SERVICES, port_kind="af_xdp",
                                settings=settings, extra=LOCAL_POOL)
    wait_for("the forwarder's echo reply", lambda: topo.run(
        "client", ["ping", "-c", "1", "-W", "1", "10.0.0.1"], check=False).returncode == 0)
    return topo, fw


def wait_for_ipv6(topo):
    """Until the forwarder answers the client's IPv6 echo (its neighbour learnt)."""
    wait_for("the forwarder's IPv6 echo reply", lambda: topo.run(
        "client", ["ping", "-6", "-c", "1", "-W", "1", "fd00::1"], check=False).returncode == 0)


def real_counts(fw, proto, port):
    for st in fw.stats().service_status:
        if st.id.protocol == proto and st.id.vport == port:
            return st.packets, st.bytes
    return 0, 0


def worker_counter(fw, name):
    return sum(c.value for w in fw.stats().workers for c in w.counters if c.name == name)


def tc_filters(topo, dev):
    return topo.run("lb", ["tc", "filter", "show", "dev", dev, "ingress"]).stdout


@pytest.mark.parametrize("vip,port,gro", [(VIP, 80, False), (VIP, 80, True), (VIP6, 81, False),
                                          (VIP, 82, False)],
                         ids=["far_gro_off", "far_gro_on", "ipv6", "fullnat"])
def test_bulk_tcp_goes_through_the_kernel(lab, vip, port, gro):
    """A NAT connection's stream (the far ends' GRO off and on), an IPv6 one's and a FullNAT
    one's: the last two handed over from the worker's full path (its fast path, which teaches
    the first, is IPv4 NAT and DR's only)."""
    topo, fw = setup(lab, gro=gro)
    if ":" in vip:
        wait_for_ipv6(topo)
    size = 16 << 20
    out = topo.run("client", ["python3", "-c", SEND % (size, 0, (vip, port))], timeout=60).stdout
    assert out.strip() == "True", out
    p0, p1 = fw.stats().ports
    # ~11,600 full segments went in by port0 and their ACKs by port1: nearly all in the kernel.
    assert p0.kernel_fast_packets > 10000, p0
    assert p0.kernel_fast_packets > 20 * p0.ipackets, p0
    assert p1.kernel_fast_packets > 0, p1
    # The forwarder saw the FINs: the connection's entries are back, and what the kernel
    # carried was folded into its real's counters (every frame counted once, both ways).
    wait_for("the entries taken back", lambda: sum(
        p.kernel_fast_entries for p in fw.stats().ports) == 0)
    # The gauge falls as the worker deletes an entry, a moment before it counts the
    # take-back: the counters may trail it.
    wait_for("every entry handed over counted back", lambda: worker_counter(
        fw, "kernel_fast_taken_back") == worker_counter(fw, "kernel_fast_handed") > 0)
    pkts, nbytes = real_counts(fw, "tcp", port)
    fast = p0.kernel_fast_packets + p1.kernel_fast_packets
    assert pkts >= fast and nbytes > size, (pkts, nbytes, fast)


def test_a_busy_connection_stays_in_the_kernel(lab):
    """While a TCP stream runs, the worker's scan (100 a second) looks at its entries again
    and again and must leave them be: an entry taken back sends the frames behind it up to the
    forwarder while later ones pass in the kernel (reordered: spurious retransmits). The
    program stamps a frame's time on another core while the scan looks, after the scan read
    its clock; taken for idle, that took a busy entry back about 30 times a second."""
    topo, fw = setup(lab)
    stream = topo.popen("client", ["python3", "-c", SEND % (65536, 6.0, (VIP, 80))], name="stream")
    wait_for("the stream handed to the kernel", lambda: all(
        p.kernel_fast_entries > 0 for p in fw.stats().ports), deadline_s=5)
    a, t0 = fw.stats().ports, time.monotonic()
    handed, back = worker_counter(fw, "kernel_fast_handed"), worker_counter(fw, "kernel_fast_taken_back")
    # At least a second of scans (about 100), with the stream busy all along.
    wait_for("a second of the stream in the kernel", lambda: time.monotonic() - t0 >= 1.0 and
             fw.stats().ports[0].kernel_fast_packets - a[0].kernel_fast_packets > 20000,
             deadline_s=5)
    b = fw.stats().ports
    up = [b[i].ipackets - a[i].ipackets for i in range(2)]
    fast = [b[i].kernel_fast_packets - a[i].kernel_fast_packets for i in range(2)]
    assert up[0] < 50 and up[1] < 50, (up, fast)
    # Both directions were handed over once, and none went back and forth meanwhile.
    assert handed >= 2, handed
    assert worker_counter(fw, "kernel_fast_taken_back") == back, (back, up, fast)
    assert stream.wait(timeout=30) == 0
    assert "True" in open(stream.log_path).read()


@pytest.mark.parametrize("vip,port", [(VIP, 9), (VIP6, 10)], ids=["ipv4", "ipv6"])
def test_udp_flow_counts_and_timeout(lab, vip, port):
    topo, fw = setup(lab)
    if ":" in vip:
        wait_for_ipv6(topo)
    n = 2000
    lost = topo.run("client", ["python3", "-c", PINGPONG % (n, (vip, port))], timeout=60).stdout
    assert lost.strip() == "0", lost
    p0, p1 = fw.stats().ports
    assert p0.kernel_fast_packets > n * 0.9 and p1.kernel_fast_packets > n * 0.9, (p0, p1)
    # Every datagram both ways in the real's counters, the kernel's folded in by the scan.
    wait_for("the kernel's counts folded", lambda: real_counts(fw, "udp", port)[0] == 2 * n)
    # And on the connection, each way.
    conns = [c for c in fw.client.iter_connections() if c.vip.endswith(f":{port}")]
    assert len(conns) == 1 and (conns[0].packets_in, conns[0].packets_out) == (n, n), conns
    # Idle for 2 s, the entries go back (the connection stays, its counts whole); the next
    # datagrams hand it over again.
    wait_for("the idle entries taken back", lambda: sum(
        p.kernel_fast_entries for p in fw.stats().ports) == 0, deadline_s=6)
    assert real_counts(fw, "udp", port)[0] == 2 * n
    lost = topo.run("client", ["python3", "-c", PINGPONG % (100, (vip, port))], timeout=30).stdout
    assert lost.strip() == "0", lost
    assert sum(p.kernel_fast_entries for p in fw.stats().ports) == 2
    wait_for("the kernel's counts folded", lambda: real_counts(fw, "udp", port)[0] == 2 * (n + 100))


def test_real_removed_hard_takes_its_entries_back(lab):
    topo, fw = setup(lab)
    lost = topo.run("client", ["python3", "-c", PINGPONG % (200, (VIP, 9))], timeout=30).stdout
    assert lost.strip() == "0", lost
    assert sum(p.kernel_fast_entries for p in fw.stats().ports) == 2
    fw.client.remove_real("udp", VIP, 9, NF, 9, hard=True)
    wait_for("the entries taken back", lambda: sum(
        p.kernel_fast_entries for p in fw.stats().ports) == 0, deadline_s=5)
    # Its datagrams now reach no NF: the forwarder drops them (the service has no real).
    lost = topo.run("client", ["python3", "-c", PINGPONG.replace("1.0", "0.2") % (5, (VIP, 9))],
                    timeout=30).stdout
    assert lost.strip() == "5", lost


def test_off(lab):
    topo, fw = setup(lab, on=False)
    out = topo.run("client", ["python3", "-c", SEND % (1 << 20, 0, (VIP, 80))], timeout=60).stdout
    assert out.strip() == "True", out
    assert all(p.kernel_fast_packets == 0 and p.kernel_fast_entries == 0
               for p in fw.stats().ports)


def test_programs_on_while_it_runs_and_off_after(lab):
    topo, fw = setup(lab)
    for dev in ("port0", "port1"):
        assert "hvlb_fast_tc" in tc_filters(topo, dev), dev
        assert "name hvlb_fast " in topo.run("lb", ["ip", "link", "show", "dev", dev]).stdout, dev
    # Killed, it leaves both programs; the next forwarder takes them over (one filter each).
    fw.proc.kill()
    fw.proc.wait()
    fw = fwdlab.start_forwarder(topo, workers=1, services=SERVICES, port_kind="af_xdp",
                                name="forwarder2")
    wait_for("the forwarder's echo reply", lambda: topo.run(
        "client", ["ping", "-c", "1", "-W", "1", "10.0.0.1"], check=False).returncode == 0)
    assert [tc_filters(topo, d).count("handle 0x6876") for d in ("port0", "port1")] == [1, 1]
    out = topo.run("client", ["python3", "-c", SEND % (1 << 20, 0, (VIP, 80))], timeout=60).stdout
    assert out.strip() == "True", out
    assert fw.stats().ports[0].kernel_fast_packets > 0
    fw.stop()
    for dev in ("port0", "port1"):
        assert "hvlb_fast_tc" not in tc_filters(topo, dev), dev
        assert "prog/xdp" not in topo.run("lb", ["ip", "link", "show", "dev", dev]).stdout, dev
