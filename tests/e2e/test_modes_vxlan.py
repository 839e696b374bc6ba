"""End to end: the forwarder as a VXLAN tunnel endpoint (docs/mode-vxlan.md), with the kernel's
own vxlan devices on both sides. Two tenants, VNI 100 and VNI 200, use the SAME inner
addresses (client 192.168.0.10 to the VIP 192.168.0.100) from two client VTEPs; each reaches
its own NF (whose vxlan device holds the VIP): curl and iperf3 through both at once, and the
connection listing tells the tenants apart by VNI. Then the priority rule: with worker 0 loaded
by VNI 100's traffic, a new connection of VNI 200 (priority 7) that worker 0 owns by hash is
moved to worker 1, the least loaded, while one of VNI 100 (priority 0) stays where it is.

    ca 10.9.0.21 (vx: VNI 100) --+                          +-- nfa 10.1.0.11 (vx: VNI 100)
                                 +-- port0 [fwd] port1 --+
    cb 10.9.0.22 (vx: VNI 200) --+  10.9.0.2    10.1.0.1    +-- nfb 10.1.0.12 (vx: VNI 200)
"""

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "lab"))
sys.path.insert(0, str(REPO / "tests" / "model"))

import fwdlab  # noqa: E402
import hvlb_model  # noqa: E402
import labtools  # noqa: E402

if not fwdlab.FORWARDER.exists():
    pytest.skip(f"{fwdlab.FORWARDER} not built (make build)", allow_module_level=True)

CLIENT, VIP = "192.168.0.10", "192.168.0.100"
FWD0, FWD1 = "10.9.0.2", "10.1.0.1"
# host: (underlay address, VNI, the forwarder address it tunnels to, inner address)
VTEPS = {"ca": ("10.9.0.21", 100, FWD0, CLIENT), "cb": ("10.9.0.22", 200, FWD0, CLIENT),
         "nfa": ("10.1.0.11", 100, FWD1, VIP), "nfb": ("10.1.0.12", 200, FWD1, VIP)}
IPERF_PORT = 5201


def topology():
    link = lambda host, seg: {"a": {"host": host, "if": "eth0",  # noqa: E731
                                    "addrs": [VTEPS[host][0] + "/24"]}, "b": {"bridge": seg}}
    return {
        "description": "vxlan: two tenants with the same inner addresses",
        "defaults": {"queues": 2, "sysctls": {"net.ipv4.conf.all.rp_filter": 0,
                                              "net.ipv4.conf.default.rp_filter": 0}},
        "hosts": {h: {} for h in ("ca", "cb", "fwd", "nfa", "nfb")},
        "bridges": {"cseg": {"host": "sw"}, "nseg": {"host": "sw"}},
        "links": [{"a": {"host": "fwd", "if": "port0", "dpdk": True}, "b": {"bridge": "cseg"}},
                  {"a": {"host": "fwd", "if": "port1", "dpdk": True}, "b": {"bridge": "nseg"}},
                  link("ca", "cseg"), link("cb", "cseg"), link("nfa", "nseg"),
                  link("nfb", "nseg")],
        "meta": {"forwarder": {"host": "fwd", "ports": ["port0", "port1"],
                               "addrs": [FWD0 + "/24", FWD1 + "/24"], "gateway": "10.9.0.1"}},
    }


def make_vxlan(topo, host):
    """The host's kernel vxlan device: its VNI, unicast to the forwarder (labtools.make_vtep)."""
    under, vni, remote, inner = VTEPS[host]
    labtools.make_vtep(topo, host, vni, under, remote, inner, VIP if inner == CLIENT else CLIENT)


def services(priority_b=7):
    s = []
    for vni, nf, prio in ((100, VTEPS["nfa"][0], 0), (200, VTEPS["nfb"][0], priority_b)):
        for proto in ("tcp", "udp"):
            s.append({"protocol": proto, "vip": VIP, "port": 0, "mode": "vxlan", "vni": vni,
                      "priority": prio, "reals": [(nf, 0, 100)]})
    return s


@pytest.fixture
def bed(lab):
    topo = lab(topology())
    for host in VTEPS:
        make_vxlan(topo, host)
    for host in ("nfa", "nfb"):
        labtools.start_nfsim(topo, host, host)
        topo.popen(host, ["iperf3", "-s", "-p", str(IPERF_PORT)], name=f"iperf3-{host}")
    # RSS-A off: whatever moves a connection here is the placement of priority tenants (its
    # sampler still measures the workers' loads).
    fw = fwdlab.start_forwarder(topo, workers=2, services=services(),
                                settings={"rssa": "off", "rssa_period_ms": 500})
    return topo, fw


def curl_nf(topo, host, local_port=None):
    """The NF that answers host's curl to the VIP (nfsim replies "nf=<name> ...")."""
    argv = ["curl", "-sS", "-m", "5", f"http://{VIP}:{labtools.HTTP_PORT}/"]
    if local_port:
        argv[1:1] = ["--local-port", str(local_port)]
    p = topo.run(host, argv, check=False)
    assert p.returncode == 0, f"{host}: curl exit {p.returncode}: {p.stderr}"
    return next(t[3:] for t in p.stdout.split() if t.startswith("nf="))


def drops(fw):
    return {d.reason: d.count for d in fw.stats().drops if d.count}


def test_two_tenants_same_inner_addresses(bed):
    topo, fw = bed
    # The first packets wait for the forwarder to resolve the VTEPs: curl retries inside -m 5.
    assert labtools.wait_until(lambda: curl_nf(topo, "ca") == "nfa", "VNI 100 -> nfa", 20)
    for _ in range(5):
        assert curl_nf(topo, "ca") == "nfa" and curl_nf(topo, "cb") == "nfb"
    # iperf3 through both tenants at the same time.
    runs = {h: subprocess.Popen(topo.argv(h, ["iperf3", "-c", VIP, "-p", str(IPERF_PORT),
                                              "-t", "3", "-J"]),
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            for h in ("ca", "cb")}
    for h, p in runs.items():
        out, err = p.communicate(timeout=30)
        assert p.returncode == 0, f"{h}: iperf3 exit {p.returncode}: {out[-2000:]} {err}"
        r = json.loads(out)
        assert r["end"]["sum_received"]["bytes"] > 1_000_000, (h, r["end"]["sum_received"])
    conns = list(fw.client.iter_connections())
    vx = {(c.vni, c.real, c.client_vtep) for c in conns if c.vni}
    assert (100, VTEPS["nfa"][0], VTEPS["ca"][0]) in vx, vx
    assert (200, VTEPS["nfb"][0], VTEPS["cb"][0]) in vx, vx
    # The same inner client address in both tenants' listings.
    assert {c.client.rsplit(":", 1)[0] for c in conns if c.vni} == {CLIENT}
    d = drops(fw)
    for reason in ("vxlan_malformed", "vxlan_unknown_vni", "vxlan_wrong_vtep", "bad_l4_csum"):
        assert reason not in d, d
    assert fw.telemetry("/hvlb/stats")["vxlan_rx"] > 1000


def owned_ports(owner, start, n):
    out, p = [], start
    while len(out) < n:
        if hvlb_model.worker_owner(2, CLIENT, p) == owner:
            out.append(p)
        p += 1
    return out


def conn_of(fw, vni, port):
    return next((c for c in fw.client.iter_connections()
                 if c.vni == vni and c.protocol == "tcp" and c.client.endswith(f":{port}")), None)


def test_priority_tenant_placed_on_least_loaded_worker(bed):
    topo, fw = bed
    assert labtools.wait_until(lambda: curl_nf(topo, "ca") == "nfa", "VNI 100 -> nfa", 20)
    assert curl_nf(topo, "cb") == "nfb"
    load_port, a_port, b_port = owned_ports(0, 46000, 3)
    # VNI 100 (priority 0) loads worker 0: a UDP flood from a client port worker 0 owns.
    flood = subprocess.Popen(topo.argv("ca", [
        "iperf3", "-c", VIP, "-p", str(IPERF_PORT), "-u", "-b", "400M", "-l", "1000",
        "--cport", str(load_port), "-t", "30"]), stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL)
    held = []
    try:
        # The placement reads the workers' mean loads over RSS-A's last period, as this does,
        # and moves a connection when its owner is loaded STEER_PLACE_MARGIN (0.05) above the
        # least loaded: wait for twice that. (0.2 was asked here once; the flood gives worker
        # 0 about 0.19 against worker 1's 0.05 on this machine, so that wait failed 2 runs in
        # 3 while the placement itself works from 0.05.)
        labtools.wait_until(lambda: (w := fw.client.steering().workers)
                            and w[0].load_period > w[1].load_period + 0.1,
                            "worker 0 loaded above worker 1 over a period", 20)
        # Long-lived TCP connections from ports worker 0 owns: nfsim's bulk port holds them.
        for host, port in (("ca", a_port), ("cb", b_port)):
            held.append(subprocess.Popen(topo.argv(host, [
                "python3", "-c",
                "import socket,sys,time\n"
                f"s=socket.socket();s.bind(('{CLIENT}',{port}));"
                f"s.connect(('{VIP}',{labtools.TCP_PORT}));"
                "sys.stdout.write('up\\n');sys.stdout.flush();time.sleep(20)"]),
                stdout=subprocess.PIPE, text=True))
        for p in held:
            assert p.stdout.readline().strip() == "up"
        # The priority tenant's connection goes to worker 1, the least loaded.
        try:
            b = labtools.wait_until(lambda: (c := conn_of(fw, 200, b_port)) and c.worker == 1
                                    and c, "VNI 200's connection on worker 1", 10)
        except labtools.LabError:
            st = fw.client.steering()
            raise AssertionError((conn_of(fw, 200, b_port), [(w.load, w.load_period)
                                  for w in st.workers], st.moves_failed, st.flows_moved,
                                  fw.telemetry("/hvlb/stats")["vxlan_placed"]))
        assert b.real == VTEPS["nfb"][0]
        a = conn_of(fw, 100, a_port)
        assert a is not None and a.worker == 0, a
        st = labtools.wait_until(lambda: (s := fw.client.steering()).overrides and s,
                                 "the override published", 5)
        assert any(o.worker == 1 and o.default_worker == 0 and not o.manual
                   for o in st.overrides), st.overrides
        assert st.moves_failed == 0 and st.rssa_moves == 0, st
        assert fw.telemetry("/hvlb/stats")["vxlan_placed"] >= 1
    finally:
        for p in [flood, *held]:
            p.kill()
            p.communicate()
