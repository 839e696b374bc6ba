"""End to end: a forwarder restarted onto a build whose structures are laid out otherwise, and
back, keeps every connection byte for byte (docs/deploy.md, "Upgrades").

The other build is this tree with meson's -Dtest_layout_change=true (build/forwarder-layout,
built by `make e2e`, or `make forwarder-layout`): a field added in front of the connection
entry (every other field moves, the entry grows from 128 to 192 bytes) and of the service
config. What state_dir keeps must not care: the connection tables carry their layout and are
read by field (forwarder/core/conn_layout.h), the configuration is a SavedConfig message
replayed through the local API (proto/state.proto).

200 long-lived TCP connections through a NAT VIP to 3 NFs that echo every byte. While they run,
nf3 is removed softly (its connections go on, its slot is held for them) and nf1's weight
halved, so that a fresh choice would send many connections elsewhere and the restored
configuration differs from the file's. The forwarder is SIGKILLed and started from the other
build, then again from this one. Each time, every connection listed before must be listed
again on the same NF with counters no smaller, the configuration must be the changed one, and
in the end every connection's payload must match by SHA-256 at the client, with no reset.
"""

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "lab"))

import fwdlab  # noqa: E402
import labtools  # noqa: E402

TOPO = "lab/topologies/e2e.yaml"
VIP = "10.100.0.1"
NFS = [("nf1", "10.1.0.11"), ("nf2", "10.1.0.12"), ("nf3", "10.1.0.13")]
ECHO_PORT = 5001  # nfsim's bulk TCP port: "echo\n" makes it echo every byte
CONNS = 200
DURATION = 30.0   # seconds each connection streams: two restarts fit in it, loaded
RATE = 10_000     # bytes per second per connection, each way

THIS = fwdlab.FORWARDER
OTHER = Path(os.environ.get("HVLB_FORWARDER_LAYOUT",
                            REPO / "build" / "forwarder-layout" / "src" / "hvlb-forwarder"))
ECHO_CLIENT = REPO / "lab" / "echo_client.py"  # TCP echo with SHA-256 per connection

if not (labtools.BIN / "hvlb-nfsim").exists():
    pytest.skip(f"{labtools.BIN / 'hvlb-nfsim'} not built (make build)", allow_module_level=True)
for b in (THIS, OTHER):
    if not b.exists():
        pytest.skip(f"{b} not built (make build forwarder-layout)", allow_module_level=True)

SERVICES = [{"protocol": "tcp", "vip": VIP, "port": ECHO_PORT, "mode": "nat",
             "reals": [(a, ECHO_PORT, 100) for _, a in NFS]}]


def wait(cond, what, timeout=20.0):
    return labtools.wait_until(cond, what, timeout, interval=0.05)


def active(fw):
    try:
        return sum(w.active_conns for w in fw.stats().workers)
    except OSError:
        return -1


def reals(fw):
    """{address: weight} of the VIP's service as the forwarder runs it."""
    return {r.address: r.weight for s in fw.client.list_services()
            for r in s.real_services if s.id.vip == VIP and s.id.vport == ECHO_PORT}


def conns(fw):
    """{client: (real, state, packets in, packets out, bytes in, bytes out, age)}."""
    return {c.client: (c.real, c.state, c.packets_in, c.packets_out, c.bytes_in, c.bytes_out,
                       c.age_s)
            for c in fw.client.iter_connections()}


def start(topo, binary, settings):
    fwdlab.FORWARDER = binary
    try:
        return fwdlab.start_forwarder(topo, workers=1, services=SERVICES, settings=settings)
    finally:
        fwdlab.FORWARDER = THIS


def varint(b, i):
    v = shift = 0
    while True:
        v |= (b[i] & 0x7f) << shift
        shift += 7
        i += 1
        if not b[i - 1] & 0x80:
            return v, i


def saved_version(state):
    """SavedConfig.version (field 3) of state_dir/config: a 16-byte header (magic, length),
    then the message (proto/state.proto). -1 while there is none."""
    try:
        b = (state / "config").read_bytes()[16:]
    except FileNotFoundError:
        return -1
    i = 0
    while i < len(b):
        key, i = varint(b, i)
        if key & 7 == 0:
            v, i = varint(b, i)
            if key >> 3 == 3:
                return v
        elif key & 7 == 2:
            n, i = varint(b, i)
            i += n
        else:
            return -1
    return 0


def restart_onto(topo, fw, binary, settings, state):
    """SIGKILL fw once the state directory holds the configuration it runs; start binary on
    it. Returns the new forwarder and the connections the old one listed just before."""
    version = fw.stats().config_version
    wait(lambda: saved_version(state) == version, f"configuration version {version} saved")
    before = conns(fw)
    os.killpg(fw.proc.pid, signal.SIGKILL)
    fw.proc.wait(timeout=10)
    fw = start(topo, binary, settings)
    return fw, before


def flowing(fw):
    """Wait until every connection has carried packets both ways through fw since now."""
    start = conns(fw)
    wait(lambda: all(c[2] > start[k][2] and c[3] > start[k][3]
                     for k, c in conns(fw).items()), "every connection flowing", 30)


def check_restored(fw, before, want_reals):
    log = fw.log()
    assert f"connections restored restored={CONNS} " in log, log[-3000:]
    assert "read by field" in log, log[-3000:]
    assert "configuration restored" in log, log[-3000:]
    assert reals(fw) == want_reals, (reals(fw), log[-3000:])
    after = conns(fw)
    assert set(after) == set(before), (len(after), len(before))
    for client, (real, state, *counts, age) in before.items():
        a_real, a_state, *a_counts, a_age = after[client]
        assert (a_real, a_state) == (real, state), (client, after[client], before[client])
        # The counters and the creation time came across (they only grow from here).
        assert all(x >= y for x, y in zip(a_counts, counts)), (client, after[client],
                                                                before[client])
        assert a_age >= age, (client, a_age, age)


def test_restart_onto_another_layout_and_back(lab):
    topo = lab(TOPO)
    for h, a in NFS:
        labtools.start_nfsim(topo, h, h, addr=a)
    state = topo.logdir / "fwd-state"
    settings = {"state_dir": state}
    fw = start(topo, THIS, settings)

    client = subprocess.Popen(
        topo.argv("client", [sys.executable, ECHO_CLIENT, VIP, str(ECHO_PORT),
                             "--tcp-count", str(CONNS), "--duration", str(DURATION),
                             "--rate", str(RATE), "--chunk", "1000"]),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert client.stderr.readline().strip() == f"connected {CONNS}"
        wait(lambda: active(fw) == CONNS, f"{CONNS} connections in the table")
        # Not the file's configuration any more: nf3 removed softly, nf1 at half weight.
        fw.client.remove_real("tcp", VIP, ECHO_PORT, "10.1.0.13", ECHO_PORT)
        fw.client.update_real("tcp", VIP, ECHO_PORT, "10.1.0.11", ECHO_PORT, weight=50)
        want = {"10.1.0.11": 50, "10.1.0.12": 100}
        assert reals(fw) == want

        fw, before = restart_onto(topo, fw, OTHER, settings, state)
        check_restored(fw, before, want)
        # Every connection through the other build, out of its retransmission back-off,
        # before the next restart (two outages in one back-off would compound its waits).
        flowing(fw)
        fw.client.update_real("tcp", VIP, ECHO_PORT, "10.1.0.12", ECHO_PORT, weight=90)
        want = {"10.1.0.11": 50, "10.1.0.12": 90}
        wait(lambda: reals(fw) == want, "weight applied")

        fw, before = restart_onto(topo, fw, THIS, settings, state)
        check_restored(fw, before, want)

        out, err = client.communicate(timeout=DURATION + 60)
    finally:
        if client.poll() is None:
            client.kill()
    results = json.loads(out)["tcp"]
    assert len(results) == CONNS, err[-2000:]
    bad = [r for r in results if r["error"] or not r.get("sha_ok")]
    print(f"layout change and back: {CONNS - len(bad)}/{CONNS} connections intact; longest "
          f"echo gap {max(r['max_gap_s'] for r in results):.2f}s")
    assert not bad, (bad[:5], fw.log()[-3000:])
    # Every NF kept its connections, the removed one included.
    assert {r["nf"] for r in results} == {"nf=nf1", "nf=nf2", "nf=nf3"}


def test_foreign_or_damaged_state_starts_clean(lab):
    """Files this build cannot use are refused with a line saying why, and the forwarder
    starts from its configuration file: never a crash, never half a state."""
    topo = lab(TOPO)
    state = topo.logdir / "fwd-state"
    settings = {"state_dir": state}
    fw = start(topo, THIS, settings)
    version = fw.stats().config_version
    wait(lambda: saved_version(state) == version, "configuration saved")
    fw.stop()  # a clean stop: conns.0 holds this boot's header
    good = bytearray((state / "conns.0").read_bytes())
    # struct conn_file_hdr (persist.c): the layout descriptor starts at byte 80 with its
    # version; its fields (32 bytes each: the name first) at byte 96.
    bad_version = bytearray(good)
    bad_version[80:84] = (99).to_bytes(4, "little")
    no_key = bytearray(good)
    no_key[96:96 + 24] = b"orig.source".ljust(24, b"\0")  # orig.src, the first field
    (state / "conns.0").write_bytes(bad_version)
    (state / "conns.1").write_bytes(no_key)
    (state / "conns.2").write_bytes(b"VLBCONN2" + bytes(5000))  # an earlier format
    (state / "conns.3").write_bytes(b"short")
    (state / "local_pool").write_bytes(b"VLBPOOL1" + bytes(600))  # an earlier raw pool

    fw = start(topo, THIS, settings)
    log = fw.log()
    for line in ("descriptor version 99", "no usable field orig.src",
                 "not a connection table of this format", "unreadable or truncated",
                 "configuration restored", "files_refused=4",
                 "local_pool: raw structures of a build before"):
        assert line in log, (line, log[-3000:])
    assert [(s.id.vip, s.id.vport) for s in fw.client.list_services()] == [(VIP, ECHO_PORT)]
    fw.stop()

    # A configuration that is no message: refused, and the connection files with it (they
    # name its slots).
    cfg = (state / "config").read_bytes()
    (state / "config").write_bytes(cfg[:16] + b"\xff" * (len(cfg) - 16))
    fw = start(topo, THIS, settings)
    log = fw.log()
    for line in ("not a SavedConfig message", "without the saved connections",
                 "the saved configuration was refused: its connections are lost"):
        assert line in log, (line, log[-3000:])
    assert [(s.id.vip, s.id.vport) for s in fw.client.list_services()] == [(VIP, ECHO_PORT)]
    fw.stop()

    # A configuration saved raw by an earlier build: refused as such.
    (state / "config").write_bytes(b"VLBBCFG1" + bytes(4000))
    fw = start(topo, THIS, settings)
    assert "raw structures of a build before" in fw.log(), fw.log()[-3000:]
    assert [(s.id.vip, s.id.vport) for s in fw.client.list_services()] == [(VIP, ECHO_PORT)]
    fw.stop()
