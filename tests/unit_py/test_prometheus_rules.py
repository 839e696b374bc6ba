"""packaging/prometheus/hvlb-rules.yml: promtool accepts it (`check rules`), it names only
documented metrics, and each alert fires on the series that should fire it and on no others
(`test rules` with hvlb-rules.test.yml). promtool comes with Debian's prometheus package
(scripts/deps.sh)."""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

HERE = Path(__file__).resolve().parent
RULES = HERE.parents[1] / "packaging" / "prometheus" / "hvlb-rules.yml"
TESTS = HERE / "hvlb-rules.test.yml"

sys.path.insert(0, str(HERE.parents[1] / "lab"))
from metricdocs import documented  # noqa: E402

PROMTOOL = shutil.which("promtool")
needs_promtool = pytest.mark.skipif(PROMTOOL is None, reason="promtool missing (scripts/deps.sh installs prometheus)")


def alerts():
    return [r for g in yaml.safe_load(RULES.read_text())["groups"] for r in g["rules"] if "alert" in r]


@needs_promtool
def test_promtool_check_rules():
    p = subprocess.run([PROMTOOL, "check", "rules", str(RULES)], capture_output=True, text=True)
    assert p.returncode == 0, p.stdout + p.stderr


@needs_promtool
def test_promtool_test_rules():
    p = subprocess.run([PROMTOOL, "test", "rules", TESTS.name], cwd=HERE, capture_output=True, text=True)
    assert p.returncode == 0, p.stdout + p.stderr


def test_every_alert_has_for_severity_and_advice():
    for r in alerts():
        assert r.get("for"), f"{r['alert']}: no for:"
        assert r.get("labels", {}).get("severity") in ("warning", "critical"), r["alert"]
        a = r.get("annotations", {})
        assert a.get("summary") and a.get("description"), f"{r['alert']}: summary and description"


def test_every_alert_is_tested_firing():
    """Each alert appears with exp_alerts in hvlb-rules.test.yml."""
    tested = {t["alertname"] for case in yaml.safe_load(TESTS.read_text())["tests"]
              for t in case.get("alert_rule_test", []) if t.get("exp_alerts")}
    assert {r["alert"] for r in alerts()} <= tested, {r["alert"] for r in alerts()} - tested


def test_every_alert_is_in_the_operations_doc():
    """docs/operations.md has a row for each alert, with its severity and for."""
    doc = (HERE.parents[1] / "docs" / "operations.md").read_text()
    for r in alerts():
        row = [line for line in doc.splitlines() if line.startswith(f"| `{r['alert']}` |")]
        assert row, f"{r['alert']}: no row in docs/operations.md"
        assert f"{r['labels']['severity']}, {r['for']}" in row[0], (r["alert"], row[0])


def test_every_metric_a_rule_names_is_documented():
    """A rule over a metric that does not exist never fires: each hvlb metric an expression
    names is one the docs list (lab/metricdocs.py), which tests/e2e/test_operations.py finds
    served by a real scrape."""
    used = {n for r in alerts() for n in re.findall(r"\bhvlb_[a-zA-Z0-9_:]+", r["expr"])}
    assert used, "no hvlb metric in the rules"
    missing = used - documented()
    assert not missing, f"rules over metrics no doc lists: {sorted(missing)}"
