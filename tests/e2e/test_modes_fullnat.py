"""End to end: FullNAT (docs/mode-fullnat.md) with real clients and NFs that have no route
back through the forwarder: their default routes point at the router, so a NAT reply would go
straight to the client and be lost; FullNAT's replies go to the forwarder's local address on
their own segment. curl (HTTP) and iperf3 (TCP, then UDP) work through a FullNAT VIP; the NF
sees the client's address in the TOA of the SYN (read by a small raw-socket reader on the NF,
toa_reader below: the kernel passes a copy of every TCP segment to a raw IPPROTO_TCP socket);
an NF's port unreachable about a UDP datagram reaches the client translated (its connected
socket gets ECONNREFUSED); the forwarder lists each connection's local address and port. The
pool is then changed at run time through the local API (SetLocalPool): replacing its address
is refused while connections hold it, appending a second one is taken, and a connection goes
through the new address (the forwarder answers its ARP at once). With a state directory, the
pool set at run time comes back after a restart, with the connections that hold its indexes.
"""

import errno
import socket as pysocket
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "lab"))

import fwdlab  # noqa: E402
import labtools  # noqa: E402

TOPO = "lab/topologies/e2e.yaml"
VIP = "10.100.0.1"
NF, NF_ADDR = "nf1", "10.1.0.11"
LOCAL = "10.1.0.100"          # the pool, on the NFs' segment (the forwarder answers its ARP)
LOCAL2 = "10.1.0.101"         # appended at run time
PORTS = (20000, 29999)
IPERF = 5201
CLOSED = 9999                 # a UDP port nothing listens on at the NF
UOA = 7000                    # a UDP service with client_addr on: the trailer

if not fwdlab.FORWARDER.exists():
    pytest.skip(f"{fwdlab.FORWARDER} not built (make build)", allow_module_level=True)
for tool in ("curl", "iperf3"):
    if subprocess.run(["which", tool], capture_output=True).returncode != 0:
        pytest.skip(f"{tool} not installed (scripts/deps.sh)", allow_module_level=True)

# The NF's TOA reader: prints "ready", then "toa ADDR:PORT" for the first SYN to port 80 that
# carries the option (kind 254, length 8: port, IPv4 address), or "none" for one that does not.
TOA_READER = r"""
import socket, struct, sys
s = socket.socket(socket.AF_INET, socket.SOCK_RAW, socket.IPPROTO_TCP)
s.settimeout(60)
print("ready", flush=True)
while True:
    d = s.recv(65535)
    t = d[(d[0] & 15) * 4:]
    hl, fl = (t[12] >> 4) * 4, t[13]
    if struct.unpack("!H", t[2:4])[0] != 80 or (fl & 0x12) != 0x02:
        continue
    i, found = 20, None
    while i < hl and t[i] != 0:
        if t[i] == 1:
            i += 1
            continue
        if t[i] == 254 and t[i + 1] == 8:
            found = "%s:%d" % (socket.inet_ntoa(t[i + 4:i + 8]), struct.unpack("!H", t[i + 2:i + 4])[0])
        i += max(t[i + 1], 2)
    print("toa " + found if found else "none", flush=True)
    sys.exit(0)
"""

# The NF's UDP reader: prints "ready", then "uoa ADDR:PORT PAYLOAD" for the first datagram
# that ends with the client-address trailer (address, port, 254, 8), the payload without it.
UOA_READER = r"""
import socket, struct, sys
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
s.bind(("0.0.0.0", int(sys.argv[1])))
s.settimeout(60)
print("ready", flush=True)
d, peer = s.recvfrom(65535)
if len(d) >= 8 and d[-2] == 254 and d[-1] == 8:
    print("uoa %s:%d %s from %s" % (socket.inet_ntoa(d[-8:-4]), struct.unpack("!H", d[-4:-2])[0],
                                    d[:-8].decode(), peer[0]), flush=True)
else:
    print("none", flush=True)
"""

# The client's UDP datagram to a port the NF has closed: the NF's port unreachable comes back
# as ECONNREFUSED on the connected socket once the forwarder has translated it.
UDP_REFUSED = r"""
import socket, sys, time
deadline = time.monotonic() + 20
while time.monotonic() < deadline:
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.connect((sys.argv[1], int(sys.argv[2])))
    s.settimeout(1.0)
    s.send(b"anyone?")
    try:
        s.recv(100)
    except ConnectionRefusedError:
        print("refused")
        sys.exit(0)
    except socket.timeout:
        pass
    finally:
        s.close()
print("no answer")
sys.exit(1)
"""


def run(topo, host, argv, timeout=60):
    return subprocess.run(topo.argv(host, argv), capture_output=True, text=True, timeout=timeout)


def start(lab):
    topo = lab(TOPO)
    # No way back through the forwarder: the NF's default route goes to the router.
    topo.run(NF, ["ip", "route", "replace", "default", "via", "10.1.0.254"])
    labtools.start_nfsim(topo, NF, NF, addr=None)
    real = [(NF_ADDR, 0, 100)]  # port 0: the NF's port is the VIP's
    services = [{"protocol": "tcp", "vip": VIP, "port": 80, "mode": "fullnat",
                 "client_addr": "on", "reals": real}]
    services += [{"protocol": p, "vip": VIP, "port": IPERF, "mode": "fullnat", "reals": real}
                 for p in ("tcp", "udp")]
    services += [{"protocol": "udp", "vip": VIP, "port": CLOSED, "mode": "fullnat",
                  "reals": real},
                 {"protocol": "udp", "vip": VIP, "port": UOA, "mode": "fullnat",
                  "client_addr": "on", "reals": real}]
    return topo, start_forwarder(topo, services, None)


def start_forwarder(topo, services, settings):
    return fwdlab.start_forwarder(topo, services=services, settings=settings, extra=(
        f"[local_pool]\naddrs = {LOCAL}\nports = {PORTS[0]}-{PORTS[1]}\n"))


def curl(topo):
    p = run(topo, "client", ["curl", "-sS", "-m", "3", f"http://{VIP}/"])
    return p.returncode == 0 and "nf" in p.stdout


def test_fullnat_curl_iperf3_toa_icmp(lab):
    topo, fw = start(lab)
    reader = subprocess.Popen(topo.argv(NF, ["python3", "-c", TOA_READER]),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert reader.stdout.readline().strip() == "ready"
        labtools.wait_until(lambda: curl(topo), "curl through the FullNAT VIP", 20)
        out, err = reader.communicate(timeout=30)
    finally:
        if reader.poll() is None:
            reader.kill()
            reader.wait()
    # The NF saw the client's own address (the TOA), not only the local one it talks to.
    assert out.strip().startswith("toa 10.0.0.2:"), (out, err)

    # The forwarder lists the local endpoint the NF saw.
    locals_ = [c.local for c in fw.client.iter_connections() if c.vip == f"{VIP}:80"]
    assert locals_ and all(lc.startswith(LOCAL + ":") for lc in locals_), locals_
    port = int(locals_[0].rsplit(":", 1)[1])
    assert PORTS[0] <= port <= PORTS[1], port

    server = subprocess.Popen(topo.argv(NF, ["iperf3", "-s", "-p", str(IPERF)]),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        def iperf(*extra):
            p = run(topo, "client", ["iperf3", "-c", VIP, "-p", str(IPERF), "-t", "2", "-J",
                                     *extra], timeout=60)
            return p
        labtools.wait_until(lambda: iperf("-t", "1").returncode == 0, "iperf3 server up", 20)
        import json

        def measured(*extra):
            """iperf3's report of a run the server took: it serves one at a time, and a run
            that comes as the last one's results are still being exchanged is refused as
            busy (an error in the report); any other error fails the test."""
            def one():
                r = json.loads(iperf(*extra).stdout or '{"error": "no report"}')
                return None if "busy" in r.get("error", "") else r
            r = labtools.wait_until(one, "an iperf3 run the server takes", 30, 0.5)
            assert "error" not in r, r
            return r
        tcp = measured()
        assert tcp["end"]["sum_received"]["bytes"] > 1 << 20, tcp["end"]
        udp = measured("-u", "-b", "20M")
        got = udp["end"]["sum"]
        assert got["bytes"] > 0 and got["lost_percent"] < 50, got
    finally:
        server.kill()
        server.wait()

    # UDP with client_addr on: the NF's reader finds the client's address after the payload.
    reader = subprocess.Popen(topo.argv(NF, ["python3", "-c", UOA_READER, str(UOA)]),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert reader.stdout.readline().strip() == "ready"
        send = ("import socket,sys; s=socket.socket(socket.AF_INET, socket.SOCK_DGRAM); "
                "s.bind(('0.0.0.0', 47000)); s.sendto(b'hello', (sys.argv[1], int(sys.argv[2])))")
        assert run(topo, "client", ["python3", "-c", send, VIP, str(UOA)]).returncode == 0
        out, err = reader.communicate(timeout=30)
    finally:
        if reader.poll() is None:
            reader.kill()
            reader.wait()
    assert out.strip() == f"uoa 10.0.0.2:47000 hello from {LOCAL}", (out, err)

    # hvlbctl --forwarder SOCK pool: the pool and each worker's free ports.
    ctl = REPO / "build" / "bin" / "hvlbctl"
    if ctl.exists():
        p = subprocess.run([ctl, "--forwarder", str(fw.sock), "-o", "json", "pool"],
                           capture_output=True, text=True, timeout=30)
        assert p.returncode == 0 and LOCAL in p.stdout, (p.stdout, p.stderr)

    p = run(topo, "client", ["python3", "-c", UDP_REFUSED, VIP, str(CLOSED)])
    assert p.stdout.strip() == "refused", (p.stdout, p.stderr)

    # The pool at run time. The UDP flows above still hold ports of LOCAL: replacing it
    # would leave them an index into another address, so the forwarder refuses.
    pb = fwdlab.fwctl.pb
    with pytest.raises(fwdlab.fwctl.FwctlError) as refused:
        fw.client.call(set_local_pool=pb.SetLocalPool(addresses=[LOCAL2]))
    assert refused.value.status == errno.EBUSY and "local_pool.addrs" in str(refused.value)
    # Appending keeps every index: taken, the range unchanged.
    r = fw.client.call(set_local_pool=pb.SetLocalPool(addresses=[LOCAL, LOCAL2]))
    assert list(r.local_pool.addresses) == [LOCAL, LOCAL2], r
    assert (r.local_pool.port_min, r.local_pool.port_max) == PORTS, r

    # Each worker takes the local addresses in turn: new connections soon use LOCAL2.
    def through_local2():
        if not curl(topo):
            return False
        return any(c.local.startswith(LOCAL2 + ":") for c in fw.client.iter_connections()
                   if c.vip == f"{VIP}:80")
    labtools.wait_until(through_local2, f"a connection through {LOCAL2}", 30)
    c = fw.telemetry("/hvlb/stats")
    assert c["icmp_errors_from_nf"] >= 1 and c["fullnat_toa"] >= 1, c
    assert c["fullnat_conns"] >= 4, c
    drops = {d.reason: d.count for d in fw.stats().drops}
    assert drops.get("fullnat_no_port", 0) == 0, drops
    fw.stop()


def test_fullnat_pool_set_at_run_time_kept_across_restart(lab):
    def local_of(fw):
        return [c.local for c in fw.client.iter_connections() if c.vip == f"{VIP}:80"]

    topo = lab(TOPO)
    topo.run(NF, ["ip", "route", "replace", "default", "via", "10.1.0.254"])
    labtools.start_nfsim(topo, NF, NF, addr=None)
    state = topo.logdir / "fwd-state"
    services = [{"protocol": "tcp", "vip": VIP, "port": 80, "mode": "fullnat",
                 "reals": [(NF_ADDR, 0, 100)]}]
    fw = start_forwarder(topo, services, {"state_dir": state})
    labtools.wait_until(lambda: curl(topo), "curl through the FullNAT VIP", 20)
    pb = fwdlab.fwctl.pb
    fw.client.call(set_local_pool=pb.SetLocalPool(addresses=[LOCAL, LOCAL2]))
    assert (state / "local_pool").exists()
    labtools.wait_until(lambda: (state / "config").exists(), "configuration saved", 20)
    held = local_of(fw)
    assert held and all(lc.startswith(LOCAL + ":") for lc in held), held
    fw.stop()

    fw = start_forwarder(topo, services, {"state_dir": state})
    pool = fw.client.call(get_local_pool=pb.GetLocalPool()).local_pool
    assert list(pool.addresses) == [LOCAL, LOCAL2], pool
    # The connections came back with their local endpoints, the pool with them.
    assert set(local_of(fw)) == set(held), (local_of(fw), held)
    labtools.wait_until(lambda: curl(topo) and any(lc.startswith(LOCAL2 + ":") for lc in local_of(fw)),
                        f"a connection through {LOCAL2} after the restart", 30)
    fw.stop()
