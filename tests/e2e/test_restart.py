"""End to end: a forwarder that is killed (SIGKILL) and comes back keeps every connection.

200 long-lived TCP connections through a NAT VIP to 3 NFs that echo every byte, with the
control plane (controller, agent) running. One real is drained and another's weight changed
while they run, so that after the restart a fresh Maglev choice would send many connections
to another NF. The forwarder keeps its connection tables and configuration in a state
directory ([forwarder] state_dir): the new process reads them back before it forwards. It also
files its connections by another hash ([forwarder] conn_hash = toeplitz, the NIC's RSS hash,
computed in software on these af_packet ports) than the first did (the flow hash): the tables
are re-filed as they are restored. Each connection's payload is compared by SHA-256 at the
client; none may see a reset or lose a byte.

How long connections wait is a figure, printed here and kept in docs/forwarder-config.md
("Restarts"; 0.7 s down, under 1 s of pause on a quiet machine): it is the outage plus TCP's
retransmission back-off, so on a loaded machine it grows with the outage. The test only bounds
it by what the outage explains, so that a connection stuck for another reason still fails.
"""

import json
import os
import signal
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
ECHO_PORT = 5001  # nfsim's bulk TCP port: "echo\n" makes it echo every byte
CONNS = 200
DURATION = 14.0   # seconds each connection streams
RATE = 10_000     # bytes per second per connection, each way

if (why := fwdlab.unbuilt("hvlb-nfsim")) is not None:
    pytest.skip(why, allow_module_level=True)

ECHO_CLIENT = REPO / "lab" / "echo_client.py"  # TCP echo with SHA-256 per connection


def wait(cond, what, timeout=20.0):
    return labtools.wait_until(cond, what, timeout, interval=0.05)


def active(fw):
    try:
        return sum(w.active_conns for w in fw.stats().workers)
    except OSError:
        return -1


def reals(fw):
    """{address: (weight, health)} of the VIP's service as the forwarder runs it."""
    return {r.address: (r.weight, r.health) for s in fw.client.list_services()
            for r in s.real_services if s.id.vip == VIP and s.id.vport == ECHO_PORT}


def test_sigkill_and_restart_keeps_every_connection(lab):
    topo = lab(TOPO)
    for h, a in NFS:
        labtools.start_nfsim(topo, h, h, addr=a)
    state = topo.logdir / "fwd-state"
    settings = {"state_dir": state}
    fw = fwdlab.start_forwarder(topo, workers=1, settings=settings)
    cp = ctlab.ControlPlane(topo, fw.sock).start()
    cp.ctl("vs", "add", "tcp", f"{VIP}:{ECHO_PORT}", "--mode", "nat",
           "--real", ",".join(f"{a}:{ECHO_PORT}:100" for _, a in NFS),
           "--check", "tcp", "--interval", "300ms", "--check-timeout", "200ms")
    wait(lambda: reals(fw) == {a: (100, 1) for _, a in NFS}, "service applied")

    client = subprocess.Popen(
        topo.argv("client", [sys.executable, ECHO_CLIENT, VIP, str(ECHO_PORT),
                             "--tcp-count", str(CONNS), "--duration", str(DURATION),
                             "--rate", str(RATE), "--chunk", "1000"]),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert client.stderr.readline().strip() == f"connected {CONNS}"
        wait(lambda: active(fw) == CONNS, f"{CONNS} connections in the table")
        # Now a fresh choice would differ: nf3 drained (weight 0), nf1 at half weight.
        sid = f"tcp-{VIP}-{ECHO_PORT}"
        cp.ctl("rs", "drain", sid, f"10.1.0.13:{ECHO_PORT}")
        cp.ctl("rs", "set", sid, f"10.1.0.11:{ECHO_PORT}", "--weight", "50")
        wait(lambda: reals(fw)["10.1.0.13"][0] == 0 and reals(fw)["10.1.0.11"][0] == 50,
             "drain and weight applied")
        t_change = time.time()
        wait(lambda: (state / "config").exists() and (state / "config").stat().st_mtime
             > t_change - 0.05 and reals(fw)["10.1.0.11"][0] == 50, "state saved")

        t_kill = time.monotonic()
        os.killpg(fw.proc.pid, signal.SIGKILL)
        fw.proc.wait(timeout=10)
        fw = fwdlab.start_forwarder(topo, workers=1,
                                    settings={**settings, "conn_hash": "toeplitz"})
        t_ready = time.monotonic()
        log = fw.log()
        assert f"connections restored restored={CONNS} " in log, log[-3000:]
        assert "connection tables hash keys by Toeplitz, in software" in log, log[-3000:]
        # The agent finds the new process and keeps what it runs (the same desired state).
        wait(lambda: reals(fw).get("10.1.0.13", (None,))[0] == 0, "agent reconciled", 30)

        out, err = client.communicate(timeout=DURATION + 60)
    finally:
        if client.poll() is None:
            client.kill()
    results = json.loads(out)["tcp"]
    assert len(results) == CONNS, err[-2000:]
    bad = [r for r in results if r["error"] or not r.get("sha_ok")]
    down = t_ready - t_kill
    # Back-off doubles from ~0.2 s: the first retransmission after the outage comes within
    # about twice the outage, plus the client's own scheduling on a busy machine.
    slow = [r for r in results if r["max_gap_s"] > 3 * down + 5]
    worst = max(r["max_gap_s"] for r in results)
    print(f"restart: down {down:.2f}s; {CONNS - len(bad)}/{CONNS} connections "
          f"intact; longest echo gap {worst:.2f}s")
    # At least 99.9 % of 200 is all of them.
    assert not bad, (bad[:5], fw.log()[-3000:])
    assert not slow, ([(r["nf"], r["max_gap_s"]) for r in slow[:5]], f"down {down:.2f}s")
    # Every NF kept its connections, the drained one included.
    assert {r["nf"] for r in results} == {"nf=nf1", "nf=nf2", "nf=nf3"}
