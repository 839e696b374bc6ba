"""End to end: controller, agent and hvlbctl driving a real forwarder (lab/topologies/e2e.yaml).

The control plane runs in the router namespace (it reaches the NF segment for health checks)
over TLS / mutual TLS; the forwarder on AF_PACKET ports in its own namespace; NFs are
hvlb-nfsim processes; clients are curl and hvlb-loadgen.
"""

import json
import shutil
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
    def __init__(self, topo, fwd_args=(), agent_args=(), controller_args=()):
        """fwd_args: the forwarder's own options; agent_args, controller_args theirs."""
        self.topo, self.fwd_args = topo, list(fwd_args)
        self.nf = {h: labtools.start_nfsim(topo, h, h, addr=a) for h, a in NFS}
        self.fw = fwdlab.start_forwarder(topo, workers=1, own_args=self.fwd_args)
        self.cp = ctlab.ControlPlane(topo, self.fw.sock, agent_args=agent_args,
                                     controller_args=controller_args).start()
        reals = [f"{a}:80:100" for _, a in NFS]
        self.cp.ctl("vs", "add", "tcp", f"{VIP}:80", "--mode", "nat", "--real", ",".join(reals),
                    "--check", "tcp", "--interval", f"{int(INTERVAL_S * 1000)}ms",
                    "--check-timeout", "200ms", "--fall", str(FALL), "--rise", str(RISE))
        self.wait(lambda: self.health() == {a: 1 for _, a in NFS}, "service applied")

    def health(self, port=80):
        """{real address: health} of the VIP's service on port as the forwarder has it now."""
        svcs = self.fw.client.list_services()
        return {r.address: r.health for s in svcs for r in s.real_services
                if s.id.vip == VIP and s.id.vport == port}

    def restart_forwarder(self):
        self.fw.stop()
        self.fw = fwdlab.start_forwarder(self.topo, workers=1, own_args=self.fwd_args)  # same socket path
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


def controller_real(cp, address, sid=f"tcp-{VIP}-80"):
    """The real as the controller shows it (hvlbctl vs show -o json)."""
    svc = cp.ctl("vs", "show", sid, json_out=True)
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
    # The configuration and every real's health must come through unchanged. The reason text
    # beside the health is the latest agent's word: a restarted agent takes the forwarder's
    # verdicts as they stand ("up at the forwarder when the agent started") and says so until
    # its own checks have something new to report, which may or may not be before this read.
    def strip(services):
        for s in services:
            for r in s["reals"]:
                r.pop("health_reason", None)
        return json.dumps(services, sort_keys=True)
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


def ping(topo, addr):
    """Whether one ICMP echo to addr from the client is answered within a second."""
    return topo.run("client", ["ping", "-n", "-c", "1", "-W", "1", addr], check=False).returncode == 0


def test_tcp_connection_outlives_its_deleted_service(bed):
    """`hvlbctl vs delete` of the only service on a VIP: the established connection goes on
    (the forwarder keeps the VIP and forwards its packets both ways), new connections are
    refused, and once the connection has closed the VIP goes."""
    topo, sid = bed.topo, f"tcp-{VIP}-80"
    # A short TIME_WAIT and FIN_WAIT, so the closed connection is gone within seconds.
    bed.fw.client.set_timeouts(tcp_time_wait=1, tcp_fin=2, tcp_close=1)
    conn = LongConn(topo)
    try:
        nf = conn.get()
        assert nf in dict(NFS), f"no answer through the VIP: {nf!r}"
        assert ping(topo, VIP), "the VIP does not answer echo before the delete"
        out = bed.cp.ctl("vs", "delete", sid).stdout
        assert "its connections end naturally" in out, out
        bed.wait(lambda: bed.health() == {}, "service removed at the forwarder")
        # The connection goes on, also past the forwarder's reclaim passes (once a second).
        deadline = time.monotonic() + 3.0
        while time.monotonic() < deadline:
            assert conn.get() == nf, "the connection broke when its service was deleted"
        assert ping(topo, VIP), "the VIP stopped answering while a connection of it lives"
        retired = bed.fw.client.service_list().retired
        assert [(r.id.vip, r.active_conns) for r in retired] == [(VIP, 1)], retired
        # New connections are refused (no_vs), but the old one is unaffected.
        p = topo.run("client", ["curl", "-sS", "-m", "2", f"http://{VIP}/"], check=False)
        assert p.returncode != 0, f"a new connection to the deleted service worked: {p.stdout}"
        assert conn.get() == nf
    finally:
        conn.close()
    # Closed: once its last state expires the forwarder forgets the service and its VIP.
    bed.wait(lambda: not ping(topo, VIP), "the VIP gone after the connection closed", timeout=15)
    assert list(bed.fw.client.service_list().retired) == []
    assert bed.cp.ctl("vs", "list", json_out=True) == []


# Datagram flows through the VIP, one socket per flow (its own client port): each "send" line
# on stdin sends one datagram on every flow and prints, per flow, the NF that answered (nfsim
# answers "nf=<name> ...") or "-" when no answer came within 2 s.
UDP_FLOWS = r"""
import socket, sys
vip, port, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
flows = []
for i in range(n):
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.settimeout(2)
    s.connect((vip, port))
    flows.append(s)
seq = 0
for line in sys.stdin:
    seq += 1
    out = []
    for i, s in enumerate(flows):
        s.send(b"flow %d seq %d" % (i, seq))
        try:
            out.append(s.recv(2048).split()[0].decode()[3:])
        except socket.timeout:
            out.append("-")
    print(" ".join(out), flush=True)
"""


def test_udp_flows_of_a_down_real_move_at_their_next_datagram(bed):
    """A UDP service (down_conns: reschedule, the udp default) over two NFs: once one is
    marked down, the next datagram of every flow it had reaches the other NF; none is lost."""
    topo, port, n = bed.topo, labtools.UDP_PORT, 24
    sid = f"udp-{VIP}-{port}"
    addr = dict(NFS)
    bed.cp.ctl("vs", "add", "udp", f"{VIP}:{port}", "--check", "none",
               "--real", f"{addr['nf1']}:{port}:100,{addr['nf2']}:{port}:100")
    assert bed.cp.ctl("vs", "show", sid, json_out=True)["down_conns"] == "reschedule"
    bed.wait(lambda: bed.health(port) == {addr["nf1"]: 1, addr["nf2"]: 1}, "udp service applied")
    flows = subprocess.Popen(topo.argv("client", ["python3", "-u", "-c", UDP_FLOWS, VIP, str(port),
                                                  str(n)]),
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True)

    def send():
        flows.stdin.write("send\n")
        flows.stdin.flush()
        return flows.stdout.readline().split()

    try:
        first = send()
        assert len(first) == n and "-" not in first, f"flows before: {first}"
        assert send() == first, "flows changed NF with every NF up"
        counts = {h: first.count(h) for h in ("nf1", "nf2")}
        assert min(counts.values()) > 0, f"{n} flows all on one NF: {counts}"
        down = max(counts, key=counts.get)
        other = "nf2" if down == "nf1" else "nf1"
        bed.cp.ctl("rs", "set", sid, f"{addr[down]}:{port}", "--health", "down")
        bed.wait(lambda: bed.health(port).get(addr[down]) == 0, f"{down} down at the forwarder")
        for _ in range(3):
            got = send()
            assert got == [other] * n, f"after {down} went down: {got}"
        # Back up: the flows stay where they are now.
        bed.cp.ctl("rs", "set", sid, f"{addr[down]}:{port}", "--health", "auto")
        bed.wait(lambda: bed.health(port).get(addr[down]) == 1, f"{down} up again")
        assert send() == [other] * n
    finally:
        flows.stdin.close()
        flows.wait(timeout=15)


# --- health checks of a UDP-only NF: SIP servers (sipp) behind a UDP VIP -----------------

SIP_PORT = 5060
SIP_SCENARIO = REPO / "lab" / "sip" / "uas-options.xml"
SIPP = shutil.which("sipp")

# SIP OPTIONS through the VIP from the client, one socket per call bound to the ports given
# (distinct ports for each batch, so that no call reuses a flow the forwarder pinned to an
# NF earlier): prints, per call, the status line and the NF that answered (sipp's Contact
# holds its own address), or "timeout".
SIP_CALLS = r"""
import socket, sys, uuid
vip, first, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
for sport in range(first, first + n):
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.bind(("0.0.0.0", sport))
    s.settimeout(2)
    s.connect((vip, 5060))
    host = s.getsockname()[0]
    cid = uuid.uuid4().hex
    s.send(("OPTIONS sip:%s:5060 SIP/2.0\r\nVia: SIP/2.0/UDP %s:%d;branch=z9hG4bK%s;rport\r\n"
            "Max-Forwards: 70\r\nFrom: <sip:client@%s>;tag=%s\r\nTo: <sip:%s:5060>\r\n"
            "Call-ID: %s\r\nCSeq: 1 OPTIONS\r\nContent-Length: 0\r\n\r\n"
            % (vip, host, sport, cid, host, cid[:8], vip, cid)).encode())
    try:
        lines = s.recv(4096).decode().split("\r\n")
    except socket.timeout:
        print("timeout -")
        continue
    nf = next((l.split("sip:")[1].split(":")[0] for l in lines if l.startswith("Contact:")), "?")
    print(lines[0].replace(" ", "_"), nf)
    s.close()
"""


def sip_calls(topo, first_port, n):
    """[(status line, address of the NF that answered)] of n SIP calls through the VIP."""
    p = topo.run("client", ["python3", "-c", SIP_CALLS, VIP, str(first_port), str(n)])
    return [tuple(line.split()) for line in p.stdout.splitlines()]


def start_sipp(topo, host, addr):
    """sipp answering OPTIONS on addr:5060 in host, once its socket is bound."""
    p = topo.popen(host, [SIPP, "-sf", SIP_SCENARIO, "-i", addr, "-p", str(SIP_PORT), "-t", "u1",
                          "-nostdin"], name=f"sipp-{host}", cwd=topo.logdir)
    labtools.wait_until(lambda: p.poll() is not None or
                        topo.run(host, ["ss", "-Hlun", f"sport = :{SIP_PORT}"]).stdout.strip(),
                        f"sipp bound in {host}", timeout=10, interval=0.05)
    assert p.poll() is None, p.log_path.read_text(errors="replace")
    return p


@pytest.mark.skipif(SIPP is None, reason="sipp is not installed (Debian sip-tester; scripts/deps.sh)")
def test_udp_and_sip_checks_of_sip_nfs(bed):
    """A UDP VIP over SIP servers that ignore what they do not understand: the default udp
    check keeps them up (only an ICMP port unreachable fails it) and takes a stopped one
    out; the sip check does the same with OPTIONS; a real added while its NF is dead never
    gets traffic before its first good check, and the VIP answers every call throughout."""
    topo, sid = bed.topo, f"udp-{VIP}-{SIP_PORT}"
    sipp = {h: start_sipp(topo, h, a) for h, a in NFS[:2]}
    addr = dict(NFS)
    # No check flags: the udp service's default check, udp without expect, every second.
    bed.cp.ctl("vs", "add", "udp", f"{VIP}:{SIP_PORT}", "--real",
               ",".join(f"{addr[h]}:{SIP_PORT}:100" for h in sipp))
    up2 = {addr["nf1"]: 1, addr["nf2"]: 1}
    bed.wait(lambda: bed.health(SIP_PORT) == up2, "both SIP NFs up by the default udp check")
    for h in sipp:
        bed.wait(lambda: "udp ok" in controller_real(bed.cp, addr[h], sid)["health_reason"],
                 f"controller shows {h}'s udp check passed")
    calls = sip_calls(topo, 20000, 20)
    assert {c[0] for c in calls} == {"SIP/2.0_200_OK"}, calls
    assert {c[1] for c in calls} == set(up2), f"calls not spread over both NFs: {calls}"

    # sipp on nf2 stops: its port is closed, the ICMP port unreachable takes it out.
    t0 = time.monotonic()
    topo.stop(sipp.pop("nf2"))
    t_down = bed.wait(lambda: bed.health(SIP_PORT).get(addr["nf2"]) == 0, "nf2 down by the udp check")
    assert t_down - t0 <= 2 * FALL * 1.0 + 1.0, f"took {t_down - t0:.2f}s"
    bed.wait(lambda: "ICMP port unreachable" in controller_real(bed.cp, addr["nf2"], sid)["health_reason"],
             "controller shows why nf2 is down")
    sipp["nf2"] = start_sipp(topo, "nf2", addr["nf2"])
    bed.wait(lambda: bed.health(SIP_PORT) == up2, "nf2 back up by the udp check")

    # The sip check, and a real whose NF is not there yet: down from the start, and it
    # stays down while its checks fail (every look at the forwarder sees 0).
    bed.cp.ctl("vs", "set", sid, "--check", "sip", "--interval", f"{int(INTERVAL_S * 1000)}ms",
               "--check-timeout", "200ms", "--fall", str(FALL), "--rise", str(RISE))
    bed.cp.ctl("rs", "add", sid, f"{addr['nf3']}:{SIP_PORT}")
    seen = []

    def nf3_failed():
        seen.append(bed.health(SIP_PORT).get(addr["nf3"]))
        return f"({FALL}/{FALL} failures)" in controller_real(bed.cp, addr["nf3"], sid)["health_reason"]
    bed.wait(nf3_failed, "nf3's sip checks failed")
    seen.append(bed.health(SIP_PORT).get(addr["nf3"]))
    assert 1 not in seen and seen[-1] == 0, f"nf3 at the forwarder: {seen}"
    sipp["nf3"] = start_sipp(topo, "nf3", addr["nf3"])
    up3 = {a: 1 for _, a in NFS}
    bed.wait(lambda: bed.health(SIP_PORT) == up3, "nf3 up by the sip check")
    bed.wait(lambda: "sip ok" in controller_real(bed.cp, addr["nf3"], sid)["health_reason"],
             "controller shows nf3's sip check passed")

    # sipp on nf2 stops again: the sip check takes it out, and no call is lost.
    t0 = time.monotonic()
    topo.stop(sipp.pop("nf2"))
    t_down = bed.wait(lambda: bed.health(SIP_PORT).get(addr["nf2"]) == 0, "nf2 down by the sip check")
    assert t_down - t0 <= 2 * FALL * INTERVAL_S + 1.0, f"took {t_down - t0:.2f}s"
    calls = sip_calls(topo, 21000, 20)
    assert {c[0] for c in calls} == {"SIP/2.0_200_OK"}, calls
    assert {c[1] for c in calls} <= {addr["nf1"], addr["nf3"]}, calls


def test_apply_get_round_trip_and_prune(bed):
    """A site's file: apply creates and changes, get -o yaml gives it back, applying that
    changes nothing, and --prune deletes what the file lacks, down to the forwarder."""
    import yaml

    cp, fw = bed.cp, bed.fw
    exported = cp.ctl("get", "-o", "yaml").stdout
    doc = yaml.safe_load(exported)
    assert [s["id"] for s in doc["services"]] == [f"tcp-{VIP}-80"]
    svc = doc["services"][0]
    next(r for r in svc["reals"] if r["address"] == "10.1.0.11")["weight"] = 50
    second = {"protocol": "tcp", "vip": VIP, "port": 8080, "health_check": svc["health_check"],
              "reals": [{"address": a, "port": 80, "weight": 10} for _, a in NFS[:2]]}
    path = Path(cp.dir) / "site.yaml"
    path.write_text(yaml.safe_dump({"services": [svc, second]}))

    dry = cp.ctl("apply", "-f", path, "--dry-run").stdout
    assert "create service tcp-10.100.0.1-8080 (2 reals)" in dry, dry
    assert "update real tcp-10.100.0.1-80 10.1.0.11:80: weight 100 -> 50" in dry, dry
    assert len(cp.ctl("vs", "list", json_out=True)) == 1

    out = cp.ctl("apply", "-f", path).stdout
    assert "create service tcp-10.100.0.1-8080" in out, out
    bed.wait(lambda: bed.health(port=8080) == {a: 1 for _, a in NFS[:2]},
             "the file's new service at the forwarder")
    assert controller_real(cp, "10.1.0.11")["weight"] == 50

    back = Path(cp.dir) / "back.yaml"
    back.write_text(cp.ctl("get", "-o", "yaml").stdout)
    again = cp.ctl("apply", "-f", back, "--prune").stdout
    assert again.strip() == "no changes", again

    path.write_text(yaml.safe_dump({"services": [svc]}))
    kept = cp.ctl("apply", "-f", path).stdout
    assert "no changes" in kept and "tcp-10.100.0.1-8080" in kept, kept
    pruned = cp.ctl("apply", "-f", path, "--prune").stdout
    assert pruned.strip() == "delete service tcp-10.100.0.1-8080", pruned
    bed.wait(lambda: not any(s.id.vport == 8080 for s in fw.client.list_services()),
             "the pruned service gone from the forwarder")
    assert bed.health() == {a: 1 for _, a in NFS}


def test_apply_changes_every_field_down_to_the_forwarder(bed):
    """Each of a service's fields that reaches the forwarder, changed in turn in the site's
    file, applied, and read back from the forwarder's own local API (the field names are the
    same in both: TestSchemaLayersAgree). The controller-only fields (forwarders,
    health_check, policy) and every field's read-back through the controller are
    TestApplyChangesEveryField's (internal/cli)."""
    import yaml

    cp, fw = bed.cp, bed.fw
    svc = yaml.safe_load(cp.ctl("get", "-o", "yaml").stdout)["services"][0]
    path = Path(cp.dir) / "fields.yaml"
    steps = [
        {"scheduler": "wrr"},
        {"down_conns": "reschedule"},
        {"all_down": "keep_last"},
        {"conn_rate_limit": 5000},
        {"persistence_timeout": 300, "persistence_prefix": 24},
        {"timeouts": {"tcp_established": 120, "udp": 30}},
        {"synproxy": "auto"},
        {"synproxy_threshold": 77},
        {"priority": 2},
        {"synproxy": "off", "mode": "dr"},
        {"mode": "nat"},
        {"reals": 7},  # the first real's weight
        {"reals": ("conn_limit", 9)},
    ]
    covered = set()

    def fwd_service():
        return next(s for s in fw.client.list_services() if s.id.vip == VIP and s.id.vport == 80)

    def holds(vs, field, want):
        got = getattr(vs, field)
        if isinstance(want, dict):
            return all(getattr(got, k) == v for k, v in want.items())
        return got == want

    for step in steps:
        for field, want in step.items():
            if field == "reals":
                k, v = want if isinstance(want, tuple) else ("weight", want)
                svc["reals"][0][k] = v
            else:
                svc[field] = want
        path.write_text(yaml.safe_dump({"services": [svc]}))
        out = cp.ctl("apply", "-f", path).stdout
        assert "update" in out, (step, out)
        for field, want in step.items():
            if field == "reals":
                k, v = want if isinstance(want, tuple) else ("weight", want)
                addr = svc["reals"][0]["address"]
                bed.wait(lambda: any(getattr(r, k) == v for r in fwd_service().real_services
                                     if r.address == addr), f"real {addr} {k} {v} at the forwarder")
                continue
            covered.add(field)
            bed.wait(lambda: holds(fwd_service(), field, want), f"{field} {want} at the forwarder")
        assert cp.ctl("apply", "-f", path).stdout.strip() == "no changes"
    # Every field of the forwarder's service but its identity, its reals, the two that need a
    # mode this topology's forwarder is not set up for (tunnel's encap, fullnat's client_addr)
    # and hash, whose one other value is for a udp service (sip_call_id):
    # TestApplyChangesEveryField changes those through the controller, test_sip_affinity.py
    # hash through to the forwarder. A field added to the proto fails here until it has a step
    # or a reason.
    fields = {f.name for f in fw.client.list_services()[0].DESCRIPTOR.fields}
    assert fields - covered == {"id", "real_services", "encap", "client_addr", "hash"}, fields - covered
