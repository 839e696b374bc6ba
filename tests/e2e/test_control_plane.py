"""End to end: controller, agent and hvlbctl driving a real forwarder (lab/topologies/e2e.yaml).

The control plane runs in the router namespace (it reaches the NF segment for health checks)
over TLS / mutual TLS; the forwarder on AF_PACKET ports in its own namespace; NFs are
hvlb-nfsim processes; clients are curl and hvlb-loadgen.
"""

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "lab"))

import ctlab  # noqa: E402
import fwdlab  # noqa: E402
import labtools  # noqa: E402

TOPO = "lab/topologies/e2e.yaml"
VIP = "10.100.0.1"
NFS = [("nf1", "10.1.0.11"), ("nf2", "10.1.0.12"), ("nf3", "10.1.0.13")]
INTERVAL_S, FALL, RISE = 0.3, 3, 2

for b in ("hvlb-controller", "hvlb-agent", "hvlbctl"):
    if not (labtools.BIN / b).exists():
        pytest.skip(f"{labtools.BIN / b} not built (make build)", allow_module_level=True)
if not fwdlab.FORWARDER.exists():
    pytest.skip(f"{fwdlab.FORWARDER} not built (make build)", allow_module_level=True)


class Bed:
    def __init__(self, topo):
        self.topo = topo
        self.nf = {h: labtools.start_nfsim(topo, h, h, addr=a) for h, a in NFS}
        self.fw = fwdlab.start_forwarder(topo, workers=1)
        self.cp = ctlab.ControlPlane(topo, self.fw.sock).start()
        reals = [f"{a}:80:100" for _, a in NFS]
        self.cp.ctl("vs", "add", "tcp", f"{VIP}:80", "--mode", "nat", "--real", ",".join(reals),
                    "--check", "tcp", "--interval", f"{int(INTERVAL_S * 1000)}ms",
                    "--check-timeout", "200ms", "--fall", str(FALL), "--rise", str(RISE))
        self.wait(lambda: self.health() == {a: 1 for _, a in NFS}, "service applied")

    def health(self):
        """{real address: health} as the forwarder has it now."""
        svcs = self.fw.client.list_services()
        return {r.address: r.health for s in svcs for r in s.real_services
                if s.id.vip == VIP and s.id.vport == 80}

    def restart_forwarder(self):
        self.fw.stop()
        self.fw = fwdlab.start_forwarder(self.topo, workers=1)  # same socket path
        return self.fw

    @staticmethod
    def wait(cond, what, timeout=20.0):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if cond():
                return time.monotonic()
            time.sleep(0.05)
        raise AssertionError(f"timed out: {what}")


@pytest.fixture
def bed(lab):
    return Bed(lab(TOPO))


def curl_nf(topo):
    p = topo.run("client", ["curl", "-sS", "-m", "3", f"http://{VIP}/"], check=False)
    assert p.returncode == 0, p.stderr
    return next(t[3:] for t in p.stdout.split() if t.startswith("nf="))


def loadgen_bg(topo, seconds):
    return subprocess.Popen(topo.argv("client", [labtools.BIN / "hvlb-loadgen", "-json",
                                                 "-mode", "http", "-flows", "8", "-duration",
                                                 f"{seconds}s", "-target", f"{VIP}:80"]),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def controller_real(cp, address):
    """The real as the controller shows it (hvlbctl vs show -o json)."""
    svc = cp.ctl("vs", "show", f"tcp-{VIP}-80", json_out=True)
    return next(r for r in svc["reals"] if r["address"] == address)


def test_dead_nf_is_marked_down_and_comes_back(bed):
    topo = bed.topo
    # Precondition: nf2 serves new connections before it dies.
    assert any(curl_nf(topo) == "nf2" for _ in range(40)), "nf2 never chosen"
    t0 = time.monotonic()
    topo.stop(bed.nf["nf2"])
    t_down = bed.wait(lambda: bed.health().get("10.1.0.12") == 0, "nf2 marked down")
    # fall checks at the interval, plus one timeout and the agent's apply: well within 2x.
    assert t_down - t0 <= 2 * FALL * INTERVAL_S + 1.0, f"took {t_down - t0:.2f}s"
    assert "nf2" not in {curl_nf(topo) for _ in range(15)}
    bed.wait(lambda: controller_real(bed.cp, "10.1.0.12")["health"] == "down",
             "controller shows nf2 down")
    assert "fail" in controller_real(bed.cp, "10.1.0.12")["health_reason"]
    # Restored: back after `rise` good checks.
    bed.nf["nf2"] = labtools.start_nfsim(topo, "nf2", "nf2", addr="10.1.0.12")
    bed.wait(lambda: bed.health().get("10.1.0.12") == 1, "nf2 back up")
    assert "nf2" in {curl_nf(topo) for _ in range(30)}
    bed.wait(lambda: controller_real(bed.cp, "10.1.0.12")["health"] == "up",
             "controller shows nf2 up")


@pytest.mark.parametrize("what", ["controller", "agent"])
def test_restart_mid_traffic_drops_nothing(bed, what):
    topo = bed.topo
    before = bed.cp.ctl("vs", "list", json_out=True)
    lg = loadgen_bg(topo, 6)
    time.sleep(1.5)
    if what == "controller":
        bed.cp.restart_controller()
    else:
        bed.cp.restart_agent()
    out, err = lg.communicate(timeout=60)
    rep = json.loads(out)
    assert rep["total"]["requests"] > 100, err
    assert rep["total"]["errors"] == 0 and rep["total"]["lost"] == 0, json.dumps(rep["total"])
    assert all(f["reconnects"] == 0 for f in rep["flows"]), "an established connection broke"
    bed.cp.wait_forwarder()
    after = bed.cp.ctl("vs", "list", json_out=True)
    strip = lambda v: json.dumps(v, sort_keys=True)  # noqa: E731
    assert strip(after) == strip(before), "configuration changed across the restart"
    assert bed.health() == {a: 1 for _, a in NFS}


def test_restarted_forwarder_gets_its_configuration_back(bed):
    topo = bed.topo
    bed.restart_forwarder()  # starts with an empty configuration
    bed.wait(lambda: bed.health() == {a: 1 for _, a in NFS}, "agent restored the service", 15)
    assert curl_nf(topo) in {n for n, _ in NFS}


# One keep-alive HTTP connection through the VIP: a "get" line on stdin sends a request and
# prints the NF that answered and the client's port; the script dies (stdout closes) when the
# connection breaks.
LONG_CONN = r"""
import http.client, sys
c = http.client.HTTPConnection(sys.argv[1], 80, timeout=5)
for line in sys.stdin:
    if line.strip() != "get":
        break
    c.request("GET", "/")
    body = c.getresponse().read().decode()
    nf = next(t[3:] for t in body.split() if t.startswith("nf="))
    print(nf, c.sock.getsockname()[1], flush=True)
"""


class LongConn:
    def __init__(self, topo):
        self.proc = subprocess.Popen(topo.argv("client", ["python3", "-u", "-c", LONG_CONN, VIP]),
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True)
        self.port = None

    def get(self):
        """The NF that answers on this connection, or "" once it is broken."""
        try:
            self.proc.stdin.write("get\n")
            self.proc.stdin.flush()
        except BrokenPipeError:
            return ""
        words = self.proc.stdout.readline().split()
        if not words:
            return ""
        self.port = int(words[1])
        return words[0]

    def close(self):
        try:
            self.proc.stdin.close()
        except BrokenPipeError:
            pass
        try:
            self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def test_hard_removal_through_the_controller_ends_connections(bed):
    """`hvlbctl rs delete --hard` reaches the forwarder: the removed NF's connection breaks
    (rs_removed drops), while a soft delete of another NF leaves its connection alone."""
    topo, sid = bed.topo, f"tcp-{VIP}-80"
    addr = dict(NFS)
    conns, by_nf = [], {}
    try:
        # Keep-alive connections until two are on different NFs: one connection per NF.
        for _ in range(12):
            c = LongConn(topo)
            conns.append(c)
            nf = c.get()
            assert nf in addr, f"no answer through the VIP: {nf!r}"
            if nf in by_nf:
                c.close()
                continue
            by_nf[nf] = c
            if len(by_nf) == 2:
                break
        assert len(by_nf) == 2, f"12 connections all on {set(by_nf)}"
        (hard_nf, hard_conn), (soft_nf, soft_conn) = sorted(by_nf.items())
        rs_removed = lambda: sum(d.count for d in bed.fw.stats().drops  # noqa: E731
                                 if d.reason == "rs_removed")
        before = rs_removed()

        bed.cp.ctl("rs", "delete", sid, f"{addr[hard_nf]}:80", "--hard")
        bed.wait(lambda: addr[hard_nf] not in bed.health(), f"{hard_nf} removed at the forwarder")
        # The connection's next packet finds its real gone: dropped and counted, and the
        # request fails (reset by the NF it lands on, or times out).
        assert hard_conn.get() == "", "the hard-removed NF's connection still works"
        assert rs_removed() > before, "the forwarder counted no rs_removed drop"
        assert not [c for c in bed.fw.client.iter_connections()
                    if c.client.endswith(f":{hard_conn.port}") and c.real.startswith(addr[hard_nf] + ":")], \
            "the hard-removed NF's connection is still in the forwarder"
        assert [soft_conn.get() for _ in range(3)] == [soft_nf] * 3

        bed.cp.ctl("rs", "delete", sid, f"{addr[soft_nf]}:80")
        bed.wait(lambda: addr[soft_nf] not in bed.health(), f"{soft_nf} removed at the forwarder")
        # Soft: the established connection goes on with the NF that is no longer a real,
        # also after the forwarder's reclaim pass (once a second) has looked at its slot.
        assert [soft_conn.get() for _ in range(3)] == [soft_nf] * 3
        time.sleep(2.5)
        assert [soft_conn.get() for _ in range(3)] == [soft_nf] * 3
        # New connections go to the NF that is left.
        left = next(n for n, _ in NFS if n not in by_nf)
        assert {curl_nf(topo) for _ in range(5)} == {left}
        reals = bed.cp.ctl("vs", "show", sid, json_out=True)["reals"]
        assert [r["address"] for r in reals] == [addr[left]]
    finally:
        for c in conns:
            c.close()
