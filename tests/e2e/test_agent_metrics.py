"""End to end: hvlb-agent --metrics-addr exports its forwarder's counters (docs/agent.md).

The e2e bed of test_control_plane.py with the agent restarted with --metrics-addr; the test
scrapes it in the router namespace, as a Prometheus on that host would, and compares with
what clients did and with the controller's own /metrics.
"""

import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "lab"))

import fwdlab  # noqa: E402
import labtools  # noqa: E402
from test_control_plane import NFS, TOPO, VIP, Bed, curl_nf  # noqa: E402

METRICS = "127.0.0.1:9465"
SID = f"tcp-{VIP}-80"


@pytest.fixture
def bed(lab):
    b = Bed(lab(TOPO))
    b.cp.agent_args += ["--metrics-addr", METRICS]
    b.cp.restart_agent(down_s=0.2)
    return b


def scrape(topo, url):
    """{'name{labels}': value} of a /metrics page fetched in the router's namespace."""
    p = topo.run("rtr", ["curl", "-sS", "-k", "-m", "3", url], check=False)
    if p.returncode != 0:
        return {}
    out = {}
    for line in p.stdout.splitlines():
        if line and not line.startswith("#"):
            series, _, v = line.rpartition(" ")
            out[series] = float(v)
    return out


def test_agent_exports_forwarder_counters(bed):
    topo, fwd = bed.topo, bed.cp.fwd_id
    url = f"http://{METRICS}/metrics"
    up = f'hvlb_agent_forwarder_up{{forwarder="{fwd}"}}'
    labtools.wait_until(lambda: scrape(topo, url).get(up) == 1, "agent metrics up")
    for _ in range(6):
        curl_nf(topo)
    conns = f'hvlb_service_connections_total{{forwarder="{fwd}",service="{SID}"}}'
    labtools.wait_until(lambda: scrape(topo, url).get(conns, 0) >= 6, "6 connections counted")
    got = scrape(topo, url)
    reals = {s for s in got if s.startswith("hvlb_real_connections_total{")}
    assert reals == {f'hvlb_real_connections_total{{forwarder="{fwd}",real="{a}:80",service="{SID}"}}'
                     for _, a in NFS}, reals
    assert sum(v for s, v in got.items() if s.startswith("hvlb_real_connections_total{")) >= 6
    assert any(s.startswith(f'hvlb_forwarder_drops_total{{forwarder="{fwd}",reason=') for s in got), \
        "no drops by reason"
    assert f'hvlb_worker_rx_packets_total{{forwarder="{fwd}",worker="0"}}' in got
    assert any(s.startswith(f'hvlb_port_rx_packets_total{{forwarder="{fwd}"') for s in got)
    assert f'hvlb_forwarder_rssa_periods_total{{forwarder="{fwd}"}}' in got

    # The controller's series of the same forwarder have the same names and labels.
    ctl = scrape(topo, "https://127.0.0.1:8443/metrics")
    agent_fwd = {s.split("{")[0] for s in got if s.startswith(("hvlb_worker_", "hvlb_port_", "hvlb_service_"))}
    ctl_fwd = {s.split("{")[0] for s in ctl if s.startswith(("hvlb_worker_", "hvlb_port_", "hvlb_service_"))}
    assert agent_fwd == ctl_fwd, (agent_fwd ^ ctl_fwd)


def registry():
    """{counter: its metric} of every worker counter the forwarder lists (--list-counters),
    the metric as docs/counters.md (generated from that list) names it."""
    listed = subprocess.run([str(fwdlab.FORWARDER), "--list-counters"], capture_output=True, text=True,
                            check=True).stdout
    names = [line.split("\t")[1] for line in listed.splitlines() if line.startswith("worker\t")]
    doc = (REPO / "docs" / "counters.md").read_text()
    metric = dict(re.findall(r"^\| `([a-z0-9_]+)` \| `(hvlb_worker_[a-z0-9_]+)` \|", doc, re.M))
    missing = [n for n in names if n not in metric]
    assert not missing, f"not in docs/counters.md (go generate ./internal/fwdcounters): {missing}"
    return {n: metric[n] for n in names}


def test_every_worker_counter_is_visible(bed):
    """Every counter of the forwarder's registry is in the agent's and the controller's
    /metrics, in GET /v1/stats and in hvlbctl stats --counters (docs/counters.md)."""
    topo, fwd = bed.topo, bed.cp.fwd_id
    reg = registry()
    want = {f'{m}{{forwarder="{fwd}",worker="0"}}' for m in reg.values()}
    url = f"http://{METRICS}/metrics"
    labtools.wait_until(lambda: want <= set(scrape(topo, url)), "every worker counter in the agent's metrics")
    labtools.wait_until(lambda: want <= set(scrape(topo, "https://127.0.0.1:8443/metrics")),
                        "every worker counter in the controller's metrics")
    stats = bed.cp.ctl("stats", "--forwarder", fwd, json_out=True)
    counters = stats["forwarders"][0]["stats"]["workers"][0]["counters"]
    assert set(reg) <= set(counters), set(reg) - set(counters)
    table = bed.cp.ctl("stats", "--counters", "--forwarder", fwd).stdout
    rows = {line.split()[0] for line in table.splitlines() if line.strip()}
    assert set(reg) <= rows, set(reg) - rows
