"""SIP calls through a UDP VIP in a lab topology (lab/topologies/sip.yaml): sipp as the SIP
servers in the NF namespaces and as the calling client (tests/e2e/test_sip.py, bench/sip.py).

    bed = siplab.Bed(topo, "10.100.0.1")    # a SIP server per NF, forwarder, control plane,
                                            # a UDP service with a sip check: all up
    calls = siplab.Calls(topo, "10.100.0.1", rate=500, calls=2500).start()
    siplab.wait_until(lambda: calls.started() >= 500, ...)
    bed.kill_and_wait_down("nf2")           # a SIP server dies; until the forwarder has it down
    rep = calls.wait()          # rep.created, rep.successful, rep.failed, rep.failed_calls()

A call is INVITE, 200, ACK, a pause, BYE, 200 (lab/sip/uac-call.xml), each on a
UDP socket of its own (sipp -t un), by default on a port no other call of the run uses: the
kernel picks ephemeral ports at random, so a new call could reuse an earlier call's port,
i.e. its flow, which a service with down_conns = keep leaves on the earlier call's NF, dead
or not, for the UDP timeout; lab/sip/seqport.c (LD_PRELOAD) hands the ports out in sequence
instead (Calls(sequential_ports=False): the kernel's). A call counts as successful when sipp
says so (its statistics file), and as failed when a response does not come within SIP's
transaction timeout (32 s, retransmitting meanwhile); the scenario also logs when each call
started and when it ended well, to place a failed call in time.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

import ctlab
import fwctl
import fwdlab
from labtools import wait_until
from topo import LabError

REPO = Path(__file__).resolve().parents[1]
TOPOLOGY = REPO / "lab" / "topologies" / "sip.yaml"
UAS_SCENARIO = REPO / "lab" / "sip" / "uas-calls.xml"
UAC_SCENARIO = REPO / "lab" / "sip" / "uac-call.xml"
SEQPORT_SOURCE = REPO / "lab" / "sip" / "seqport.c"
SEQPORT = Path(os.environ.get("HVLB_SEQPORT", REPO / "build" / "lab" / "libseqport.so"))
SIPP = shutil.which("sipp")
SIP_PORT = 5060
# The send and receive buffers of a server's socket and a trunk's (sipp -buff_size): all of a
# server's calls, or all of a trunk's, share one socket.
SOCKET_BUFFER = 4 * 1024 * 1024
# The client ports the calls of one run use, one each (seqport.c).
FIRST_PORT, LAST_PORT = 10000, 60999


def build_seqport(force=False):
    """Compiles the port shim if it is missing or older than its source; returns its path.
    Raises LabError saying what is missing."""
    if not force and SEQPORT.exists() and SEQPORT.stat().st_mtime >= SEQPORT_SOURCE.stat().st_mtime:
        return SEQPORT
    cc = shutil.which("cc") or shutil.which("gcc")
    if cc is None:
        raise LabError("seqport: no C compiler (scripts/deps.sh installs build-essential)")
    SEQPORT.parent.mkdir(parents=True, exist_ok=True)
    p = subprocess.run([cc, "-O2", "-Wall", "-shared", "-fPIC", "-o", str(SEQPORT),
                        str(SEQPORT_SOURCE), "-ldl"], capture_output=True, text=True)
    if p.returncode != 0:
        raise LabError(f"seqport: build failed:\n{p.stderr}")
    return SEQPORT


def unavailable():
    """Why SIP calls cannot be made here, or None."""
    if SIPP is None:
        return "sipp is not installed (Debian sip-tester; scripts/deps.sh)"
    if shutil.which("prlimit") is None:
        return "prlimit is not installed (util-linux)"
    try:
        build_seqport()
    except LabError as e:
        return str(e)
    return None


def nfs(topo):
    """[(host, address)] of the topology's SIP servers."""
    return [(n["host"], n["addr"]) for n in topo.nfs]


def start_uas(topo, host, addr, port=SIP_PORT, messages=None):
    """sipp answering calls and OPTIONS on addr:port in host, once its socket is bound;
    messages: a file it writes every message it receives and sends to (received_requests
    reads it)."""
    trace = ["-trace_msg", "-message_file", str(messages)] if messages else []
    p = topo.popen(host, [SIPP, "-sf", UAS_SCENARIO, "-i", addr, "-p", port, "-t", "u1",
                          "-buff_size", SOCKET_BUFFER, "-nostdin", "-f", "60", *trace],
                   name=f"sipp-uas-{host}",
                   cwd=topo.logdir)
    wait_until(lambda: p.poll() is not None or
               topo.run(host, ["ss", "-Hlun", f"sport = :{port}"]).stdout.strip(),
               f"sipp bound in {host}", timeout=10, interval=0.05)
    if p.poll() is not None:
        raise LabError(f"sipp in {host} exited {p.returncode}:\n{p.log_path.read_text(errors='replace')}")
    return p


def received_requests(path):
    """[(method, Call-ID)] of the requests in a sipp message file (start_uas(messages=)), in
    the order received: one per datagram, retransmissions included."""
    try:
        text = Path(path).read_text(errors="replace")
    except OSError:
        return []
    out = []
    for block in re.split(r"^-{20,}.*$", text, flags=re.M):
        head, _, msg = block.partition("\n\n")
        if "message received" not in head:
            continue
        lines = msg.strip().splitlines()
        if not lines or lines[0].startswith("SIP/2.0"):
            continue
        cid = next((m.group(1).strip() for m in (re.match(r"(?i)(?:call-id|i)\s*:(.*)", l)
                                                  for l in lines) if m), None)
        out.append((lines[0].split()[0], cid))
    return out


def kill(topo, p):
    """Kills a process topo.popen started at once (SIGKILL: a server that dies, not one
    that shuts down), and reaps it."""
    try:
        os.killpg(p.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    topo.stop(p)


@dataclass
class CallReport:
    """What sipp says of a run of calls."""
    rc: int                     # sipp's exit status: 0 all calls successful, 1 some failed
    created: int                # calls sipp started (its statistics file)
    successful: int
    failed: int
    starts: dict = field(default_factory=dict)  # call number -> epoch it started (its log)
    oks: dict = field(default_factory=dict)     # call number -> epoch it ended well
    ports: dict = field(default_factory=dict)   # call number -> its client port, once answered
    servers: dict = field(default_factory=dict)  # call number -> the server that answered it
    call_ids: dict = field(default_factory=dict)  # call number -> its Call-ID, once answered
    stats: dict = field(default_factory=dict)   # the last line of the statistics file

    def failed_calls(self):
        """[(call number, epoch it started)] of the calls that started and did not end well."""
        return sorted((n, t) for n, t in self.starts.items() if n not in self.oks)

    def offered_rate(self):
        """Calls a second that sipp really started, first call to last."""
        if len(self.starts) < 2:
            return 0.0
        ts = sorted(self.starts.values())
        return (len(ts) - 1) / (ts[-1] - ts[0])

    def success_ratio(self):
        return self.successful / self.created if self.created else 0.0

    def retransmissions(self):
        return int(self.stats.get("Retransmissions(C)", 0))

    def invite_to_200_ms(self):
        """Mean time from an INVITE to its 200 OK (sipp's response time 1), in ms."""
        h, m, s, us = map(int, self.stats.get("ResponseTime1(C)", "0:0:0:0").split(":"))
        return round((h * 3600 + m * 60 + s) * 1000 + us / 1000, 1)

    def summary(self):
        return (f"{self.created} calls, {self.successful} successful, {self.failed} failed "
                f"(sipp exit {self.rc}), {self.offered_rate():.1f} calls/s started, "
                f"{self.retransmissions()} retransmissions, INVITE->200 {self.invite_to_200_ms()} ms")


# How long a call waits for a response before it fails, retransmitting meanwhile (0.5, 1.5,
# 3.5, 7.5 s, then every 4 s): RFC 3261's transaction timeout, 64 x T1 (timers B and F).
# Shorter would fail calls SIP itself would still complete: on this shared machine a process
# can stall for seconds.
TRANSACTION_TIMEOUT_MS = 32000


class Calls:
    """A sipp UAC in host placing `calls` calls to target:port at `rate` calls a second, each
    holding `pause_ms` between its ACK and its BYE. A call that waits more than
    `recv_timeout_ms` for a response is aborted and counts as failed. sequential_ports: each
    call on a client port of its own from first_port on (seqport.c); else the kernel's.
    local_port: every call from that one port instead (one socket, sipp -t u1 -p), as a SIP
    trunk (an SBC, a P-CSCF) sends them."""

    def __init__(self, topo, target, rate, calls, pause_ms=1000, host="client", port=SIP_PORT,
                 recv_timeout_ms=TRANSACTION_TIMEOUT_MS, name="sipp-uac", first_port=FIRST_PORT,
                 sequential_ports=True, local_port=None, sdp_pad=0):
        self.local_port = local_port
        # sdp_pad: bytes of extra SDP attributes in each INVITE, as an offer with many codecs
        # and candidates has: past about 1,400 the client's kernel fragments the INVITE.
        self.sdp_pad = sdp_pad
        sequential_ports = sequential_ports and local_port is None
        self.sequential_ports = sequential_ports
        if sequential_ports and calls > LAST_PORT - first_port + 1:
            raise LabError(f"{calls} calls need as many client ports; {first_port}-{LAST_PORT} "
                           "has fewer")
        self.topo, self.target, self.port = topo, target, port
        self.rate, self.calls, self.pause_ms, self.host = rate, calls, pause_ms, host
        self.recv_timeout_ms, self.name, self.first_port = recv_timeout_ms, name, first_port
        self.dir = Path(topo.logdir) / name
        self.log = self.dir / "calls.log"
        self.stat = self.dir / "stat.csv"
        self.proc = None

    def argv(self):
        # Sockets: one per call in progress, and the calls that fail hold theirs until they
        # time out; sipp wants fewer than its open-files limit, which prlimit raises.
        conc = int(self.rate * (self.pause_ms + self.recv_timeout_ms + 2000) / 1000) + 100
        ports = [f"LD_PRELOAD={build_seqport()}", f"SEQPORT_RANGE={self.first_port}-{LAST_PORT}"] \
            if self.sequential_ports else []
        # A trunk's one socket carries every call's messages: a 4 MB buffer (the kernel caps
        # it at net.core.rmem_max) rides out a sipp starved for a while on a busy machine,
        # where the default's 64 kB overflowed (RcvbufErrors, lab/siptrunk.py).
        sock = ["-t", "u1", "-p", self.local_port, "-buff_size", SOCKET_BUFFER] \
            if self.local_port else ["-t", "un", "-max_socket", conc]
        return ["env", *ports, "prlimit", f"--nofile={conc + 1000}", "--",
                SIPP, "-sf", self.scenario(), f"{self.target}:{self.port}",
                "-i", self.topo.addr(self.host), *sock, "-l", conc,
                "-r", self.rate, "-rp", "1000", "-m", self.calls, "-d", self.pause_ms,
                # The timeout decides, not a count of retransmissions.
                "-recv_timeout", self.recv_timeout_ms, "-max_retrans", 50,
                "-max_invite_retrans", 50, "-nostdin", "-f", "60",
                "-trace_logs", "-log_file", self.log, "-trace_stat", "-stf", self.stat,
                "-fd", "1"]

    def scenario(self):
        """The UAC scenario: lab/sip/uac-call.xml, with sdp_pad bytes of a=x-pad lines after
        the INVITE's last SDP line."""
        if not self.sdp_pad:
            return UAC_SCENARIO
        line = "      a=x-pad:" + "p" * 60 + "\n"
        pad = line * (self.sdp_pad // len(line) + 1)
        text = UAC_SCENARIO.read_text().replace("      a=rtpmap:0 PCMU/8000\n",
                                                "      a=rtpmap:0 PCMU/8000\n" + pad, 1)
        path = self.dir / "uac-call-big.xml"
        path.write_text(text)
        return path

    def start(self):
        self.dir.mkdir(parents=True, exist_ok=True)
        self.proc = self.topo.popen(self.host, self.argv(), name=self.name, cwd=self.dir)
        return self

    def started(self):
        """How many calls have started so far."""
        try:
            return self.log.read_text(errors="replace").count("start ")
        except OSError:
            return 0

    def wait(self, timeout=None):
        """Waits for sipp to finish (by default the run's length plus time for the last
        calls to end or time out) and returns its CallReport. Raises LabError with its log
        when it does not finish or leaves no statistics."""
        if timeout is None:
            timeout = self.calls / self.rate + (self.pause_ms + self.recv_timeout_ms) / 1000 + 30
        try:
            rc = self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.topo.stop(self.proc)
            raise LabError(f"{self.name}: still running after {timeout:.0f} s:\n{self._tail()}")
        stats = self._last_stats()
        if stats is None:
            raise LabError(f"{self.name}: exit {rc}, no statistics:\n{self._tail()}")
        starts, oks, ports, servers, call_ids = self._calls()
        return CallReport(rc=rc, created=int(stats["TotalCallCreated"]),
                          successful=int(stats["SuccessfulCall(C)"]),
                          failed=int(stats["FailedCall(C)"]), starts=starts, oks=oks,
                          ports=ports, servers=servers, call_ids=call_ids, stats=stats)

    def _tail(self):
        return Path(self.proc.log_path).read_text(errors="replace")[-4000:]

    def _last_stats(self):
        try:
            lines = [l for l in self.stat.read_text(errors="replace").splitlines() if l.strip()]
        except OSError:
            return None
        if len(lines) < 2:
            return None
        return dict(zip(lines[0].rstrip(";").split(";"), lines[-1].rstrip(";").split(";")))

    def _calls(self):
        """The call log (lab/sip/uac-call.xml): "start N DATE TIME EPOCH", "answered N PORT
        SERVER CALL-ID" and "ok N DATE TIME EPOCH" lines."""
        starts, oks, ports, servers, call_ids = {}, {}, {}, {}, {}
        for line in self.log.read_text(errors="replace").splitlines():
            w = line.split()
            if len(w) < 3:
                continue
            if w[0] == "start":
                starts[int(w[1])] = float(w[-1])
            elif w[0] == "ok":
                oks[int(w[1])] = float(w[-1])
            elif w[0] == "answered":
                ports[int(w[1])] = int(w[2])
                if len(w) >= 5:
                    servers[int(w[1])], call_ids[int(w[1])] = w[3], w[4]
        return starts, oks, ports, servers, call_ids


class Bed:
    """The forwarder (one worker), the control plane with a UDP service on vip:port in NAT
    mode over every SIP server of the topology with a sip check, and a SIP server on each NF,
    all up (health 1 at the forwarder) when the constructor returns."""

    def __init__(self, topo, vip, port=SIP_PORT, interval_s=0.3, timeout_ms=200, fall=3, rise=2,
                 down_conns=None, hash=None, messages=False, port_kind="af_packet",
                 settings=None, workers=1, weights=None, port_settings=None):
        self.topo, self.vip, self.port = topo, vip, port
        self.sid = f"udp-{vip}-{port}"
        self.nfs = nfs(topo)
        # weights: {server address: weight} of the service's reals, 100 each by default.
        self.weights = {a: (weights or {}).get(a, 100) for _, a in self.nfs}
        # messages: each SIP server writes what it receives (requests_by_server).
        self.messages = {h: Path(topo.logdir) / f"sipp-uas-{h}-messages.log" if messages else None
                         for h, _ in self.nfs}
        self.uas = {h: start_uas(topo, h, a, port, self.messages[h]) for h, a in self.nfs}
        # port_kind, settings, workers: fwdlab.start_forwarder's (af_xdp with fragments =
        # forward: a fragmented INVITE's fragments reach the forwarder as sent,
        # docs/fragments.md; with as many workers as the topology's links have queues, for
        # AF_XDP takes one socket a queue and a queue without one goes to the kernel).
        self.fw = fwdlab.start_forwarder(topo, workers=workers, port_kind=port_kind,
                                         settings=settings, port_settings=port_settings)
        self.cp = ctlab.ControlPlane(topo, self.fw.sock).start()
        # down_conns None: the service's default (reschedule for udp).
        self.cp.ctl("vs", "add", "udp", f"{vip}:{port}", "--mode", "nat",
                    "--real", ",".join(f"{a}:{port}:{self.weights[a]}" for _, a in self.nfs),
                    "--check", "sip", "--interval", f"{int(interval_s * 1000)}ms",
                    "--check-timeout", f"{timeout_ms}ms", "--fall", str(fall), "--rise", str(rise),
                    *(["--down-conns", down_conns] if down_conns else []),
                    *(["--hash", hash] if hash else []))
        self.wait_all_up()

    def requests_by_server(self):
        """{server address: [(method, Call-ID)]} of the requests each SIP server received
        (Bed(messages=True))."""
        return {a: received_requests(self.messages[h]) for h, a in self.nfs}

    def hash(self):
        """The service's hash as the forwarder has it."""
        return next(s.hash for s in self.fw.client.list_services()
                    if (s.id.vip, s.id.vport) == (self.vip, self.port))

    def set_hash(self, value):
        """Changes the service's hash through the controller; returns once the forwarder has
        it."""
        self.cp.ctl("vs", "set", self.sid, "--hash", value)
        wait_until(lambda: self.hash() == value, f"hash {value} at the forwarder", timeout=20,
                   interval=0.05)

    def wait_all_up(self):
        wait_until(lambda: self.health() == {a: 1 for _, a in self.nfs},
                   "every SIP server up by the sip check", timeout=20, interval=0.05)

    def down_conns(self):
        """The service's down_conns as the forwarder has it."""
        return next(s.down_conns for s in self.fw.client.list_services()
                    if (s.id.vip, s.id.vport) == (self.vip, self.port))

    def set_down_conns(self, value):
        """Changes the service's down_conns through the controller; returns once the
        forwarder has it."""
        self.cp.ctl("vs", "set", self.sid, "--down-conns", value)
        wait_until(lambda: self.down_conns() == value, f"down_conns {value} at the forwarder",
                   timeout=20, interval=0.05)

    def restart_uas(self, host):
        """Starts host's SIP server again and waits for the sip check to have it up."""
        self.uas[host] = start_uas(self.topo, host, dict(self.nfs)[host], self.port)
        self.wait_all_up()

    def reals(self):
        """{address: (health, total_conns)} of the service's reals, from one read-out."""
        sl = self.fw.client.service_list()
        st = fwctl.status_by_service(sl.service_status)
        out = {}
        for s in sl.services:
            if (s.id.vip, s.id.vport) != (self.vip, self.port):
                continue
            counters = fwctl.status_by_real(st[fwctl.service_key(s.id)])
            for r in s.real_services:
                out[r.address] = (r.health, counters[(r.address, r.port)].total_conns)
        return out

    def health(self):
        return {a: h for a, (h, _) in self.reals().items()}

    def flows_if_down(self, address):
        """(total_conns,) of a real the forwarder has with health 0, else None."""
        health, flows = self.reals()[address]
        return (flows,) if health == 0 else None

    def reals_of_clients(self, host="client"):
        """{client port: real address} of the service's connections from host."""
        client = self.topo.addr(host)
        out = {}
        for c in self.fw.client.iter_connections():
            caddr, _, cport = c.client.rpartition(":")
            if c.vip == f"{self.vip}:{self.port}" and caddr == client:
                out[int(cport)] = c.real.rpartition(":")[0]
        return out

    def losses(self):
        """What the forwarder dropped ({reason: count}) and its ports missed ({port: count})."""
        st = self.fw.stats()
        return ({d.reason: d.count for d in st.drops if d.count},
                {p.name: p.imissed for p in st.ports if p.imissed})

    def kernel_rx_drops(self):
        """{port: frames the kernel dropped for a full receive ring} (af_packet, AF_XDP):
        what a starved worker loses before the forwarder sees it (docs/drops.md)."""
        return {p.name: p.kernel_rx_drops for p in self.fw.stats().ports if p.kernel_rx_drops}

    def kill_and_wait_down(self, host, timeout=10):
        """Kills host's SIP server and waits for the forwarder to have it down. Returns
        (seconds from the kill to the down verdict at the forwarder, the real's flow count
        read in the read-out that first showed it down, epoch of the kill, epoch of the
        verdict)."""
        addr = dict(self.nfs)[host]
        t_kill = time.time()
        kill(self.topo, self.uas.pop(host))
        flows = wait_until(lambda: self.flows_if_down(addr), f"{addr} down by the sip check",
                           timeout=timeout, interval=0.02)[0]
        t_down = time.time()
        return t_down - t_kill, flows, t_kill, t_down
