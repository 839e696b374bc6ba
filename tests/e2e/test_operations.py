"""End to end: what the on-call operator sees (docs/operations.md), through a real Prometheus.

The scale-out lab (lab/topologies/scaleout.yaml, lab/scaleout.py: two FRR routers, a
controller, three forwarders with their agents, BGP and connection sync, three NFs), every
agent with --metrics-addr, and Debian's Prometheus (scripts/deps.sh) in the controller's
namespace scraping the controller (job hvlb-controller) and the three agents (job hvlb-agent)
every second, with the shipped alert rules (packaging/prometheus/hvlb-rules.yml) loaded from a
copy whose `for:` and rate windows are cut to seconds (lab/promlab.py). Through Prometheus's
HTTP API:

- every metric family the docs list (docs/counters.md, and the Metrics sections of
  docs/agent.md and docs/controller.md) is stored, but for those that only exist with a
  feature this lab does not run (CONDITIONAL, each with its reason), and every hvlb metric
  stored is named in those docs;
- no alert fires in the healthy pool (fwd-2 and fwd-3 drained, so that every connection
  goes to fwd-1);
- the alerts an operator is paged with fire, each for what caused it:
  HvlbConnSyncLosing (fwd-1's kernel refuses to route to its peers' sync addresses, then
  connections open: every sync datagram fails), HvlbConnTableNearFull (conn_max 64, 62
  entries held), HvlbConnTableFull (more connections asked for: dropped as conn_table_full),
  HvlbConfigLag (fwd-1's FullNAT local pool replaced while a FullNAT flow holds a port of it:
  the forwarder refuses, its agent stays a version behind, the forwarder ready),
  HvlbPolicyFallback (a comprehensive service asked for more free bandwidth than any path
  has), HvlbDropsRising (UDP to a VIP port with no service: no_vs), HvlbRealDown and
  HvlbServiceNoReal (every NF killed), HvlbBGPSessionDown (the NF-side router stopped),
  HvlbForwarderDown and HvlbAgentDown (a forwarder and its agent killed), and, last,
  HvlbControllerDown and HvlbControllerLeaderLost (the controller killed).
  HvlbControllerStoreDown needs a store that can fail: etcd (tests/e2e/test_operations_alerts.py).
- test_sync_lag_fires: HvlbConnSyncLagging, sync lag as the traffic sees it, in a pool of
  three carrying traffic (fwd-1's sync datagrams shaped; without the shaping the same
  connections leave every held reply released in time: checked by hand, 2 runs, 0 expired).
"""


import signal
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "lab"))

import frr  # noqa: E402
import fwdlab  # noqa: E402
import labtools  # noqa: E402
import promlab  # noqa: E402
from metricdocs import documented  # noqa: E402

if promlab.PROMETHEUS is None:
    pytest.skip("prometheus is not installed (scripts/deps.sh installs it)", allow_module_level=True)
if (why := frr.unavailable() or fwdlab.unbuilt("hvlb-nfsim")) is not None:
    pytest.skip(why, allow_module_level=True)

import scaleout  # noqa: E402

TOPO = "lab/topologies/scaleout.yaml"
METRICS_PORT = 9465
NO_SERVICE_PORT = 9  # on the VIP, where no service listens: dropped as no_vs
TCP_SID = f"tcp-{scaleout.VIP}-{scaleout.ECHO_PORT}"

# Documented families that only exist with a feature the scale-out lab does not turn on.
CONDITIONAL = {
    **dict.fromkeys(["hvlb_agent_bfd_session_up", "hvlb_agent_bfd_session_downs_total",
                     "hvlb_agent_bfd_packets_dropped_total"],
                    "BFD (--bfd): the lab's BGP sessions run without (tests/e2e/test_bgp.py has it)"),
    **dict.fromkeys(["hvlb_forwarder_dispatch_stages", "hvlb_forwarder_dispatch_rx_packets_total",
                     "hvlb_forwarder_dispatch_raw_packets_total", "hvlb_forwarder_dispatch_steered_packets_total",
                     "hvlb_forwarder_dispatch_full_drops_total", "hvlb_forwarder_dispatch_busy_seconds_total",
                     "hvlb_forwarder_dispatch_fences_total", "hvlb_forwarder_dispatch_fence_held_packets_total",
                     "hvlb_forwarder_dispatch_fence_early_total", "hvlb_forwarder_dispatch_rx_bytes_total",
                     "hvlb_forwarder_dispatch_idle_sleeps_total"],
                    "only while a dispatch stage runs (a core of its own; hvlb_forwarder_dispatch_stage is 0)"),
    **dict.fromkeys(["hvlb_controller_etcd_up", "hvlb_controller_leader_elections_total",
                     "hvlb_controller_shared_reports_written_total", "hvlb_controller_shared_report_bytes_total",
                     "hvlb_controller_shared_report_write_failures_total",
                     "hvlb_controller_shared_reports_superseded_total",
                     "hvlb_controller_shared_reports_rejected_total"],
                    "a controller on etcd: queried through Prometheus in tests/e2e/test_operations_alerts.py"),
    # The other hvlb_policy_* families are served by the lab's comprehensive service.
    "hvlb_policy_input_cpu": "only with fresh NF CPU samples (a real's --metrics-url; tests/e2e/test_policy.py)",
}


# Every forwarder's one worker gets the smallest connection table. The test drains fwd-2
# and fwd-3 first, so that the routers send every connection to fwd-1, and the client below
# holds HELD connections there and one FullNAT UDP flow, all but 2 of its table's entries:
# 97 % full (HvlbConnTableNearFull), none evicted. (The peers' copies by sync are not counted
# on: their number at a given moment depends on the sync's timing; here fwd-1's sync is cut
# anyway.) A second client then asks for more connections than the table has room for:
# dropped as conn_table_full (HvlbConnTableFull).
CONN_MAX = 64
HELD = CONN_MAX - 3

# A UDP FullNAT service over the NFs, which fwd-1 only can serve (its local pool: POOL,
# set through the controller): the client's one flow to it holds a port of that pool, so
# fwd-1 refuses to replace the pool's address (docs/mode-fullnat.md) and stays a desired
# state behind the controller's store while ready (HvlbConfigLag).
FNAT_PORT = 5353
POOL, POOL_PORTS, OTHER_POOL = "10.7.0.100", "20000-29999", "10.7.0.101"
# A TCP service with the comprehensive policy over the NFs: healthy with the default bounds,
# then asked for more free bandwidth than any path has (every NF filtered out: the policy
# falls back to equal weights, HvlbPolicyFallback).
POLICY_PORT = 8088
POLICY_SID = f"tcp-{scaleout.VIP}-{POLICY_PORT}"
FNAT_SID = f"udp-{scaleout.VIP}-{FNAT_PORT}"

# A client in the lab's client namespace: UDP to a VIP port with no service from 8 source
# ports (ECMP spreads them over the forwarders) and one flow to the FullNAT service, every
# 10 ms, and, beside them, HELD echoed TCP connections through the NAT VIP (so the handshake
# RTT is sampled too), held open.
CLIENT = """
import socket, sys, threading, time
vip, port, bad, fnat, held = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
def udp():
    socks = [socket.socket(socket.AF_INET, socket.SOCK_DGRAM) for _ in range(8)]
    fn = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    while True:
        for s in socks:
            s.sendto(b"x" * 32, (vip, bad))
        fn.sendto(b"fnat", (vip, fnat))
        time.sleep(0.01)
threading.Thread(target=udp, daemon=True).start()
conns, failed = [], 0
for _ in range(held):
    try:
        s = socket.create_connection((vip, port), timeout=2)
        s.settimeout(2)
        s.sendall(b"echo\\nhello\\n")
        got = b""
        while b"hello" not in got:
            b = s.recv(100)
            if not b:
                raise OSError("closed")
            got += b
        conns.append(s)
    except OSError:
        failed += 1
print(f"tcp done: {len(conns)} held, {failed} failed", flush=True)
while True:
    time.sleep(1)
"""

# More connections than a full table has room for, one attempt after another, each given
# up after half a second (a SYN or two, each dropped as conn_table_full); those that get in
# are held.
OVERFLOW_CLIENT = """
import socket, sys
vip, port = sys.argv[1], int(sys.argv[2])
held = []
while True:
    try:
        held.append(socket.create_connection((vip, port), timeout=0.5))
    except OSError:
        pass
"""


@pytest.fixture
def pool(lab):
    topo = lab(TOPO)
    args = {i: ["--metrics-addr", f"{f['mgmt']}:{METRICS_PORT}"] for i, f in enumerate(topo.meta["forwarders"])}
    p = scaleout.Pool(topo, member_args=args, fwd_settings={"conn_max": CONN_MAX}).start()
    p.add_service()
    p.wait_routes({m.id for m in p.members})
    return p


@pytest.fixture
def prom(pool, tmp_path):
    m = pool.members
    pr = promlab.Prometheus(pool.topo, pool.ctl_host, tmp_path / "prometheus",
                            [f"{pool.ctl_addr}:{scaleout.REST_PORT}"],
                            [f"{x.meta['mgmt']}:{METRICS_PORT}" for x in m], pool.certs / "ca.pem")
    try:
        yield pr
    finally:
        pr.stop()


def add_alert_services(pool, one):
    """The FullNAT service with forwarder one's local pool (once the forwarder runs it), and
    the comprehensive one."""
    nfs = pool.topo.nfs
    pool.ctl("fr", "pool", one.id, "--addrs", POOL, "--ports", POOL_PORTS)
    pool.ctl("vs", "add", "udp", f"{scaleout.VIP}:{FNAT_PORT}", "--mode", "fullnat", "--check", "none",
             *[f"--real={nf['addr']}:{scaleout.UDP_PORT}:100" for nf in nfs])
    pool.ctl("vs", "add", "tcp", f"{scaleout.VIP}:{POLICY_PORT}", "--policy", "comprehensive",
             *[f"--real={nf['addr']}:{scaleout.ECHO_PORT}:100" for nf in nfs])
    lo, hi = map(int, POOL_PORTS.split("-"))
    labtools.wait_until(lambda: pool.local_pool(one) == ([POOL], (lo, hi)), f"{one.id}'s local pool", timeout=20)


def cut_sync(pool, one):
    """Forwarder one's kernel refuses to route to its peers' sync addresses (a prohibit
    route each): every sync datagram it sends fails (sync_send_failed)."""
    for m in pool.members:
        if m is not one:
            pool.topo.run(one.host, ["ip", "route", "add", "prohibit", f"{m.meta['mgmt']}/32"])


def test_prometheus_sees_every_metric_and_fires_alerts(pool, prom):
    topo, t0 = pool.topo, time.monotonic()
    doc = documented()
    assert set(CONDITIONAL) <= doc, f"CONDITIONAL names no documented metric: {set(CONDITIONAL) - doc}"
    want = doc - set(CONDITIONAL)

    # Every connection to fwd-1: the others drained.
    one = pool.members[0]
    # Its structured lines carry its id (--id), as its agent's lines do (docs/operations.md, Logs).
    added = [ln for ln in Path(one.fw.proc.log_path).read_text().splitlines() if "service added" in ln]
    assert added and all(f" forwarder={one.id} " in ln for ln in added), added[:3]
    pool.drain(1)
    pool.drain(2)
    add_alert_services(pool, one)
    pool.wait_routes({one.id})

    # Every target scraped.
    up = 'up{job=~"hvlb-controller|hvlb-agent"} == 1'
    try:
        labtools.wait_until(lambda: len(prom.query(up)) == 4, "every target scraped", timeout=30)
    except labtools.LabError:
        pytest.fail(f"targets: {[(t['scrapeUrl'], t['health'], t['lastError']) for t in prom.targets()]}")
    # A healthy pool pages no one (once Prometheus has its first samples: before,
    # absent(hvlb_controller_leader) holds).
    promlab.wait_quiet(prom, promlab.alert_names(), "a healthy pool")

    # fwd-1's sync cut; then the client's connections fill its table, each lost to its
    # peers.
    cut_sync(pool, one)
    client = topo.popen("client", ["python3", "-c", CLIENT, scaleout.VIP, scaleout.ECHO_PORT, NO_SERVICE_PORT,
                                   FNAT_PORT, HELD], name="client")
    t_client = time.monotonic()
    labtools.wait_until(lambda: "tcp done" in client.log_path.read_text(), "the client's TCP connections",
                        timeout=60)
    held = client.log_path.read_text().strip()
    assert held == f"tcp done: {HELD} held, 0 failed", held
    promlab.wait_firing(prom, {
        "table near full": ("HvlbConnTableNearFull", {"forwarder": one.id, "worker": "0"}),
        "sync cut": ("HvlbConnSyncLosing", {"forwarder": one.id}),
    }, t_client)

    # Every documented family, from a real scrape of the controller and the agents (the
    # handshake RTTs once the client's connections are there).
    try:
        labtools.wait_until(lambda: want <= prom.names(), "every documented metric in Prometheus", timeout=30)
    except labtools.LabError:
        pytest.fail(f"documented but served by no exporter: {sorted(want - prom.names())}")
    # and the other way: every hvlb metric served is named in the docs.
    undocumented = {n for n in prom.names() if n.startswith("hvlb_")} - doc
    assert not undocumented, f"served but named in no doc: {sorted(undocumented)}"
    by_job = {r["metric"]["job"] for r in prom.query('count by (job) (hvlb_forwarder_drops_total)')}
    assert by_job == {"hvlb-controller", "hvlb-agent"}, by_job
    print(f"{len(want)} documented metric families in Prometheus after {time.monotonic() - t0:.1f} s; "
          f"not in this lab: {len(CONDITIONAL)}")

    def by_forwarder(expr):
        return {r["metric"]["forwarder"]: r["value"][1] for r in prom.query(expr)}
    active = by_forwarder('hvlb_worker_active_connections{job="hvlb-agent"}')
    capacity = by_forwarder('hvlb_worker_conn_capacity{job="hvlb-agent"}')
    print(f"connections per forwarder: {active}, of {capacity} entries")
    assert capacity == {m.id: str(CONN_MAX) for m in pool.members}, capacity
    failed = by_forwarder('hvlb_forwarder_sync_send_failed_total{job="hvlb-agent"}')
    assert float(failed[one.id]) > 0, failed

    # More connections than the table holds; a pool fwd-1's FullNAT flow forbids; bounds no
    # path meets.
    overflow = topo.popen("client", ["python3", "-c", OVERFLOW_CLIENT, scaleout.VIP, scaleout.ECHO_PORT],
                          name="overflow")
    pool.ctl("fr", "pool", one.id, "--addrs", OTHER_POOL, "--ports", POOL_PORTS)
    pool.ctl("vs", "set", POLICY_SID, "--min-avail-mbps", "1000000")
    promlab.wait_firing(prom, {
        "table full": ("HvlbConnTableFull", {"forwarder": one.id}),
        "config lag": ("HvlbConfigLag", {"forwarder": one.id}),
        "policy fallback": ("HvlbPolicyFallback", {"service": POLICY_SID}),
    }, time.monotonic())
    lag = prom.firing("HvlbConfigLag", forwarder=one.id)[0]
    assert lag["labels"]["severity"] == "warning"
    # The agent says why: the forwarder refused the pool (what `hvlbctl fr show` prints).
    fr = next(f for f in pool.ctl("fr", "list", json_out=True) if f["id"] == one.id)
    assert fr["state"] == "ready" and "local_pool" in fr.get("error", ""), fr
    topo.stop(overflow)
    topo.stop(client)

    # Break things: every NF, the NF-side router, a forwarder with its agent.
    for nf in topo.nfs:
        next(p for p in topo.procs if p.name == nf["name"]).send_signal(signal.SIGKILL)
    pool.routers["nf_side"].stop()
    dead = pool.members[2]
    pool.kill(2)
    t_break = time.monotonic()

    promlab.wait_firing(prom, {
        "drops rising (no_vs)": ("HvlbDropsRising", {"reason": "no_vs"}),
        "real down (nf1)": ("HvlbRealDown", {"service": TCP_SID, "real": f"10.1.0.11:{scaleout.ECHO_PORT}"}),
        "no real": ("HvlbServiceNoReal", {"service": TCP_SID}),
        "BGP session down": ("HvlbBGPSessionDown", {"forwarder": one.id, "peer": pool.nf_rtr["addr"]}),
        "forwarder down": ("HvlbForwarderDown", {"forwarder": dead.id}),
        "agent down": ("HvlbAgentDown", {"instance": f"{dead.meta['mgmt']}:{METRICS_PORT}"}),
    }, t_break)
    alert = prom.firing("HvlbForwarderDown", forwarder=dead.id)[0]
    assert alert["labels"]["severity"] == "critical"
    assert f"hvlbctl fr show {dead.id}" in alert["annotations"]["description"]

    # Last, the controller: down, and no controller leads.
    topo.stop(pool.controller)
    promlab.wait_firing(prom, {"controller down": ("HvlbControllerDown", {}),
                               "no leader": ("HvlbControllerLeaderLost", {})}, time.monotonic(), timeout=30)
    print(f"the test took {time.monotonic() - t0:.1f} s after the lab was up")


def shape_sync(pool, one, rate="16kbit"):
    """Forwarder one's sync datagrams (UDP to the sync port) leave its management interface
    at rate, behind each other (an htb class of their own; everything else at full speed):
    each record reaches the peers tens of milliseconds late, nothing is lost."""
    host, addr = one.host, one.meta["mgmt"]
    out = pool.topo.run(host, ["ip", "-o", "-4", "addr", "show", "to", addr]).stdout
    dev = out.split()[1].split("@")[0]
    for cmd in (["qdisc", "add", "dev", dev, "root", "handle", "1:", "htb", "default", "1"],
                ["class", "add", "dev", dev, "parent", "1:", "classid", "1:1", "htb", "rate", "1gbit"],
                ["class", "add", "dev", dev, "parent", "1:", "classid", "1:2", "htb", "rate", rate, "ceil", rate],
                ["filter", "add", "dev", dev, "parent", "1:", "protocol", "ip", "u32",
                 "match", "ip", "dport", str(scaleout.SYNC_PORT), "0xffff", "flowid", "1:2"]):
        pool.topo.run(host, ["tc", *cmd])


# Connections opened one after another through the whole pool (ECMP spreads them both ways):
# fewer than a table holds (CONN_MAX, each forwarder holding the pool's connections), so that
# no record is refused for room (sync_table_full: held replies would expire for that too).
OPENED = 40
OPENER = """
import socket, sys, time
vip, port, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
for _ in range(n):
    try:
        socket.create_connection((vip, port), timeout=3).close()
    except OSError:
        pass
print("opened", flush=True)
"""


def test_sync_lag_fires(pool, prom):
    """HvlbConnSyncLagging: fwd-1's sync records reach its peers late (shaped), while every
    forwarder carries new connections: an NF's SYN-ACK that ECMP brings to a peer before
    fwd-1's record of the SYN waits 20 ms there in vain (sync_replies_expired)."""
    one = pool.members[0]
    labtools.wait_until(lambda: len(prom.query('up{job=~"hvlb-controller|hvlb-agent"} == 1')) == 4,
                        "every target scraped", timeout=30)
    promlab.wait_quiet(prom, {"HvlbConnSyncLagging", "HvlbConnSyncLosing"}, "a healthy pool")
    shape_sync(pool, one)
    opener = pool.topo.popen("client", ["python3", "-c", OPENER, scaleout.VIP, scaleout.ECHO_PORT, OPENED],
                             name="opener")
    t = time.monotonic()
    try:
        labtools.wait_until(lambda: [a for a in prom.firing("HvlbConnSyncLagging")
                                     if a["labels"]["forwarder"] != one.id],
                            "HvlbConnSyncLagging firing on a peer of fwd-1", timeout=60, interval=0.5)
    except labtools.LabError:
        expired = prom.query("sum by (forwarder) (hvlb_worker_sync_replies_expired_total)")
        pytest.fail(f"not firing; expired replies: {expired}; alerts: {prom.alerts()}")
    on = sorted(a["labels"]["forwarder"] for a in prom.firing("HvlbConnSyncLagging"))
    print(f"HvlbConnSyncLagging firing on {on} {time.monotonic() - t:.1f} s after the shaping")
    # Late, not lost: fwd-1 sent every record (nothing refused by its kernel or its rings).
    assert not prom.firing("HvlbConnSyncLosing", forwarder=one.id), prom.alerts()
    pool.topo.stop(opener)
