"""deploy/grafana/hvlb.json asks only for metrics the docs list (lab/metricdocs.py: the same
list tests/e2e/test_operations.py finds served by a real scrape), so a panel cannot chart a
metric that was renamed or never existed. `go test ./deploy/grafana` checks the same
queries against the exporters' registrations, with their labels."""

import json
import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "lab"))
from metricdocs import documented  # noqa: E402

DASHBOARD = REPO / "deploy" / "grafana" / "hvlb.json"
NAME = re.compile(r"\bhvlb_[a-zA-Z0-9_:]+")


def queries(v):
    """Every PromQL text of the dashboard: the panels' targets and the variables' queries."""
    if isinstance(v, dict):
        for k, x in v.items():
            if k in ("expr", "query", "definition") and isinstance(x, str):
                yield x
            else:
                yield from queries(x)
    elif isinstance(v, list):
        for x in v:
            yield from queries(x)


def test_dashboard_metrics_are_documented():
    used = {n for q in queries(json.loads(DASHBOARD.read_text())) for n in NAME.findall(q)}
    assert used, "no hvlb metric found in the dashboard's queries"
    missing = used - documented()
    assert not missing, f"the dashboard asks for metrics no doc lists: {sorted(missing)}"


def test_documented_list_is_parsed():
    """The docs' list holds families of each source (a parse gone wrong would pass the test
    above vacuously)."""
    doc = documented()
    for name in ("hvlb_worker_rx_packets_total", "hvlb_forwarder_sync_rx_messages_total",
                 "hvlb_agent_forwarder_up", "hvlb_controller_leader", "hvlb_worker_conn_capacity"):
        assert name in doc, name
