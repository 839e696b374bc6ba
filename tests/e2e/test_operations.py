"""End to end: what the on-call operator sees (docs/operations.md), through a real Prometheus.

The scale-out lab (lab/topologies/scaleout.yaml, lab/scaleout.py: two FRR routers, a
controller, three forwarders with their agents, BGP and connection sync, three NFs), every
agent with --metrics-addr, and Debian's Prometheus (scripts/deps.sh) in the controller's
namespace scraping the controller (job hvlb-controller) and the three agents (job hvlb-agent)
every second, with the shipped alert rules (packaging/prometheus/hvlb-rules.yml) loaded from a
copy whose `for:` and rate windows are cut to seconds. Through Prometheus's HTTP API:

- every metric family the docs list (docs/counters.md, and the Metrics sections of
  docs/agent.md and docs/controller.md) is stored, but for those that only exist with a
  feature this lab does not run (CONDITIONAL, each with its reason), and every hvlb metric
  stored is named in those docs;
- the alerts an operator is paged with fire, each for what caused it: a connection table
  near full (conn_max 64, 62 connections held through the one forwarder not drained),
  drops rising (UDP to a VIP port with no service: no_vs), a real down (an NF killed), a BGP session down (the NF-side
  router stopped), a forwarder down and its agent gone (a forwarder and its agent killed), and,
  last, the controller down and no leader (the controller killed). The other rules are checked
  by promtool only (tests/unit_py/test_prometheus_rules.py).
"""

import json
import re
import shutil
import signal
import sys
import time
from pathlib import Path
from urllib.parse import quote

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "lab"))

import fwdlab  # noqa: E402
import labtools  # noqa: E402
from freeport import free_port  # noqa: E402
from metricdocs import documented  # noqa: E402

PROMETHEUS = shutil.which("prometheus")
if PROMETHEUS is None:
    pytest.skip("prometheus is not installed (scripts/deps.sh installs it)", allow_module_level=True)
if not Path("/usr/lib/frr/bgpd").exists() or shutil.which("vtysh") is None:
    pytest.skip("FRR is not installed (scripts/deps.sh installs frr)", allow_module_level=True)
for b in ("hvlb-controller", "hvlb-agent", "hvlbctl", "hvlb-nfsim"):
    if not (labtools.BIN / b).exists():
        pytest.skip(f"{labtools.BIN / b} not built (make build)", allow_module_level=True)
if not fwdlab.FORWARDER.exists():
    pytest.skip(f"{fwdlab.FORWARDER} not built (make build)", allow_module_level=True)

import scaleout  # noqa: E402

TOPO = "lab/topologies/scaleout.yaml"
RULES = REPO / "packaging" / "prometheus" / "hvlb-rules.yml"
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
                    "a group of controllers on etcd (tests/e2e/test_controller_ha.py); the lab runs one"),
    **dict.fromkeys(["hvlb_policy_weight", "hvlb_policy_lambda", "hvlb_policy_input_rtt_ms",
                     "hvlb_policy_input_avail_mbps", "hvlb_policy_input_cpu", "hvlb_policy_filtered",
                     "hvlb_policy_fallback", "hvlb_policy_fallbacks_total", "hvlb_policy_publishes_total",
                     "hvlb_policy_forwarder_weight"],
                    "a service with the comprehensive policy (tests/e2e/test_policy.py); the lab's use maglev"),
}


def rules_for_test(text):
    """The shipped rules with seconds for minutes: `for:` 2 s, rate windows 10 s."""
    text = re.sub(r"(\n\s+for:) \S+", r"\1 2s", text)
    return re.sub(r"\[\d+m\]", "[10s]", text)


class Prometheus:
    """Prometheus in a lab host, on a free loopback port, with a scratch config and store."""

    def __init__(self, topo, host, workdir, controller, agents, ca):
        self.topo, self.host = topo, host
        self.port = free_port()
        workdir.mkdir(parents=True, exist_ok=True)
        (workdir / "hvlb-rules.yml").write_text(rules_for_test(RULES.read_text()))
        config = {
            "global": {"scrape_interval": "1s", "scrape_timeout": "1s", "evaluation_interval": "1s"},
            "rule_files": [str(workdir / "hvlb-rules.yml")],
            "scrape_configs": [
                {"job_name": "hvlb-controller", "scheme": "https", "tls_config": {"ca_file": str(ca)},
                 "static_configs": [{"targets": [controller]}]},
                {"job_name": "hvlb-agent", "static_configs": [{"targets": agents}]},
            ],
        }
        (workdir / "prometheus.yml").write_text(json.dumps(config))  # YAML is a superset of JSON
        self.proc = topo.popen(host, [
            PROMETHEUS, f"--config.file={workdir / 'prometheus.yml'}",
            f"--storage.tsdb.path={workdir / 'data'}", f"--web.listen-address=127.0.0.1:{self.port}",
            "--storage.tsdb.retention.time=1h", "--log.level=warn"], name="prometheus")
        labtools.wait_until(lambda: self._get("/-/ready", raw=True) is not None, "prometheus ready", timeout=30)

    def _get(self, path, raw=False):
        p = self.topo.run(self.host, ["curl", "-sS", "-f", "-m", "5", "-g",
                                      f"http://127.0.0.1:{self.port}{path}"], check=False)
        if p.returncode != 0:
            return None
        return p.stdout if raw else json.loads(p.stdout)["data"]

    def names(self):
        return set(self._get("/api/v1/label/__name__/values") or ())

    def query(self, expr):
        return (self._get(f"/api/v1/query?query={quote(expr)}") or {}).get("result", [])

    def targets(self):
        return (self._get("/api/v1/targets") or {}).get("activeTargets", [])

    def alerts(self, state="firing"):
        return [a for a in (self._get("/api/v1/alerts") or {}).get("alerts", []) if a["state"] == state]

    def firing(self, name, **labels):
        """The firing alerts called name whose labels include labels."""
        return [a for a in self.alerts() if a["labels"].get("alertname") == name
                and all(a["labels"].get(k) == v for k, v in labels.items())]

    def stop(self):
        self.topo.stop(self.proc)


# Every forwarder's one worker gets the smallest connection table. The test drains fwd-2
# and fwd-3 first, so that the routers send every connection to fwd-1, and the client below
# holds HELD connections there, all but 2 of its table's entries: 97 % full
# (HvlbConnTableNearFull), none evicted. (The peers' copies by sync are not counted on: their
# number at a given moment depends on the sync's timing.)
CONN_MAX = 64
HELD = CONN_MAX - 2

# A client in the lab's client namespace: UDP to a VIP port with no service from 8 source
# ports (ECMP spreads them over the forwarders) every 10 ms, and, beside it, HELD echoed TCP
# connections through the NAT VIP (so the handshake RTT is sampled too), held open.
CLIENT = """
import socket, sys, threading, time
vip, port, bad, held = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
def udp():
    socks = [socket.socket(socket.AF_INET, socket.SOCK_DGRAM) for _ in range(8)]
    while True:
        for s in socks:
            s.sendto(b"x" * 32, (vip, bad))
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
    pr = Prometheus(pool.topo, pool.ctl_host, tmp_path / "prometheus",
                    f"{pool.ctl_addr}:{scaleout.REST_PORT}",
                    [f"{x.meta['mgmt']}:{METRICS_PORT}" for x in m], pool.certs / "ca.pem")
    try:
        yield pr
    finally:
        pr.stop()


def wait_firing(prom, expect, since, timeout=40):
    """Waits until every alert of expect ({what: (alertname, labels)}) is firing; prints how
    long each took after since."""
    took = {}

    def all_firing():
        for what, (name, labels) in expect.items():
            if what not in took and prom.firing(name, **labels):
                took[what] = time.monotonic() - since
        return len(took) == len(expect)
    try:
        labtools.wait_until(all_firing, "the alerts firing", timeout=timeout, interval=0.5)
    except labtools.LabError:
        pytest.fail(f"not firing: {sorted(set(expect) - set(took))}; firing: "
                    f"{[a['labels'] for a in prom.alerts()]}")
    for what, s in sorted(took.items(), key=lambda kv: kv[1]):
        print(f"alert {expect[what][0]} ({what}) firing {s:.1f} s after the cause")


def test_prometheus_sees_every_metric_and_fires_alerts(pool, prom):
    topo, t0 = pool.topo, time.monotonic()
    doc = documented()
    assert set(CONDITIONAL) <= doc, f"CONDITIONAL names no documented metric: {set(CONDITIONAL) - doc}"
    want = doc - set(CONDITIONAL)

    # Every connection to fwd-1: the others drained.
    full_one = pool.members[0]
    pool.drain(1)
    pool.drain(2)
    pool.wait_routes({full_one.id})
    client = topo.popen("client", ["python3", "-c", CLIENT, scaleout.VIP, scaleout.ECHO_PORT, NO_SERVICE_PORT,
                                   HELD], name="client")

    # Every documented family, from a real scrape of the controller and the agents.
    up = 'up{job=~"hvlb-controller|hvlb-agent"} == 1'
    try:
        labtools.wait_until(lambda: len(prom.query(up)) == 4, "every target scraped", timeout=30)
    except labtools.LabError:
        pytest.fail(f"targets: {[(t['scrapeUrl'], t['health'], t['lastError']) for t in prom.targets()]}")
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

    # A healthy pool pages no one about what is about to fail (once Prometheus has its first
    # samples: before, absent(hvlb_controller_leader) holds).
    quiet = ("HvlbForwarderDown", "HvlbRealDown", "HvlbBGPSessionDown", "HvlbControllerLeaderLost")
    try:
        labtools.wait_until(lambda: not [a for a in prom.alerts() if a["labels"]["alertname"] in quiet],
                            "no alert of the healthy pool firing", timeout=15)
    except labtools.LabError:
        pytest.fail(f"firing in a healthy pool: {[a['labels'] for a in prom.alerts()]}")

    # The client's connections fill fwd-1's table.
    labtools.wait_until(lambda: "tcp done" in client.log_path.read_text(), "the client's TCP connections",
                        timeout=60)
    held = client.log_path.read_text().strip()
    assert held == f"tcp done: {HELD} held, 0 failed", held
    full = {"table near full": ("HvlbConnTableNearFull", {"forwarder": full_one.id, "worker": "0"})}
    wait_firing(prom, full, time.monotonic())

    def by_forwarder(expr):
        return {r["metric"]["forwarder"]: r["value"][1] for r in prom.query(expr)}
    active = by_forwarder('hvlb_worker_active_connections{job="hvlb-agent"}')
    capacity = by_forwarder('hvlb_worker_conn_capacity{job="hvlb-agent"}')
    print(f"connections per forwarder: {active}, of {capacity} entries")
    assert capacity == {m.id: str(CONN_MAX) for m in pool.members}, capacity

    # Break things: an NF, the NF-side router, a forwarder with its agent.
    nf1 = next(p for p in topo.procs if p.name == "nf1")
    nf1.send_signal(signal.SIGKILL)
    pool.routers["nf_side"].stop()
    dead = pool.members[2]
    pool.kill(2)
    t_break = time.monotonic()

    expect = {
        "drops rising (no_vs)": ("HvlbDropsRising", {"reason": "no_vs"}),
        "real down (nf1)": ("HvlbRealDown", {"service": TCP_SID, "real": f"10.1.0.11:{scaleout.ECHO_PORT}"}),
        "BGP session down": ("HvlbBGPSessionDown", {"forwarder": pool.members[0].id,
                                                    "peer": pool.nf_rtr["addr"]}),
        "forwarder down": ("HvlbForwarderDown", {"forwarder": dead.id}),
        "agent down": ("HvlbAgentDown", {"instance": f"{dead.meta['mgmt']}:{METRICS_PORT}"}),
    }
    wait_firing(prom, expect, t_break)
    alert = prom.firing("HvlbForwarderDown", forwarder=dead.id)[0]
    assert alert["labels"]["severity"] == "critical"
    assert f"hvlbctl fr show {dead.id}" in alert["annotations"]["description"]
    pool.topo.stop(client)

    # Last, the controller: down, and no controller leads.
    topo.stop(pool.controller)
    t_ctl = time.monotonic()
    labtools.wait_until(lambda: prom.firing("HvlbControllerDown") and prom.firing("HvlbControllerLeaderLost"),
                        "HvlbControllerDown and HvlbControllerLeaderLost firing", timeout=30, interval=0.5)
    print(f"alerts HvlbControllerDown and HvlbControllerLeaderLost firing {time.monotonic() - t_ctl:.1f} s "
          f"after the controller stopped; the test took {time.monotonic() - t0:.1f} s after the lab was up")
