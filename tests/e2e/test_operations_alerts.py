"""End to end: the alert that needs a store which can fail, HvlbControllerStoreDown, fires
through a real Prometheus when the controller's etcd is gone, and ends when it is back (the
other alerts: tests/e2e/test_operations.py; a controller's bbolt file cannot fail to be read
while the controller runs).

The lab: lab/topologies/ha.yaml with a group of one (lab/halab.py, Group(controllers=["ctl1"])):
one etcd member and one hvlb-controller on it in ctl1, the forwarder with its agent. Debian's
Prometheus in the agent's host scrapes the controller with the shipped rules, `for:` cut to
2 s (lab/promlab.py). A controller that cannot reach etcd answers a scrape after its store
read gives up (5 s: internal/store, etcdRequestTimeout) with hvlb_controller_store_up 0, so
the scrapes here wait 7 s, as Prometheus's default 10 s does (docs/operations.md): with less,
the failed scrape would page HvlbControllerDown instead.

1. A healthy group: no alert, and the metric families only a controller on etcd has are in
   Prometheus (test_operations.py cannot: its controller runs on a database file).
2. etcd stopped: HvlbControllerStoreDown fires for the controller, which still answers its
   scrapes (not HvlbControllerDown).
3. etcd back: the alert ends.
"""

import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "lab"))

import fwdlab  # noqa: E402
import halab  # noqa: E402
import labtools  # noqa: E402
import promlab  # noqa: E402

if promlab.PROMETHEUS is None:
    pytest.skip("prometheus is not installed (scripts/deps.sh installs it)", allow_module_level=True)
for tool in (halab.ETCD, Path("/usr/bin/etcdctl")):
    if not tool.exists():
        pytest.skip(f"{tool} missing: scripts/deps.sh installs etcd-server and etcd-client",
                    allow_module_level=True)
if (why := fwdlab.unbuilt()) is not None:
    pytest.skip(why, allow_module_level=True)

TOPO = "lab/topologies/ha.yaml"
ETCD_FAMILIES = {"hvlb_controller_etcd_up", "hvlb_controller_leader_elections_total",
                 "hvlb_controller_shared_reports_written_total", "hvlb_controller_shared_report_bytes_total",
                 "hvlb_controller_shared_report_write_failures_total",
                 "hvlb_controller_shared_reports_superseded_total", "hvlb_controller_shared_reports_rejected_total"}
CTL = "ctl1"


def test_store_down_fires_while_etcd_is_gone(lab, tmp_path):
    topo = lab(TOPO)
    fw = fwdlab.start_forwarder(topo, workers=1)
    g = halab.Group(topo, fw.sock, controllers=[CTL]).start()
    instance = f"{g.hosts[CTL]}:{halab.REST_PORT}"
    prom = promlab.Prometheus(topo, g.agent_host, tmp_path / "prometheus", [instance], [],
                              g.certs / "ca.pem", scrape_interval="8s", scrape_timeout="7s")
    try:
        labtools.wait_until(lambda: prom.query('hvlb_controller_store_up == 1'), "the store up in Prometheus",
                            timeout=30)
        promlab.wait_quiet(prom, promlab.alert_names(), "a healthy group")
        # The families only a controller on etcd has (test_operations.py's lab runs one on
        # its database file: they are CONDITIONAL there), through the same Prometheus.
        try:
            labtools.wait_until(lambda: ETCD_FAMILIES <= prom.names(), "the etcd group's metric families",
                                timeout=20)
        except labtools.LabError:
            pytest.fail(f"not in Prometheus: {sorted(ETCD_FAMILIES - prom.names())}")

        topo.stop(g.etcd[CTL])
        promlab.wait_firing(prom, {"etcd gone": ("HvlbControllerStoreDown", {"instance": instance})},
                            time.monotonic(), timeout=40)
        # It still answers its scrapes: the store is what is down, not the controller.
        assert prom.query(f'up{{instance="{instance}"}} == 1'), prom.targets()
        assert not prom.firing("HvlbControllerDown"), prom.alerts()
        alert = prom.firing("HvlbControllerStoreDown", instance=instance)[0]
        assert alert["labels"]["severity"] == "critical"

        g.start_etcd(CTL)
        t_back = time.monotonic()
        promlab.wait_quiet(prom, {"HvlbControllerStoreDown"}, "etcd back", timeout=40)
        print(f"HvlbControllerStoreDown ended {time.monotonic() - t_back:.1f} s after etcd came back")
    finally:
        prom.stop()
