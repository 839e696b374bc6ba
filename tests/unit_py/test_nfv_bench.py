# SPDX-License-Identifier: BSD-3-Clause
"""bench/nfv.py's report (the NFV datapath against OVS-DPDK, docs/benchmarks.md): the ratio of
each row taken round by round and written "hvlb/OVS-DPDK: N×", a row that moves more than the
noise limit between rounds flagged, OVS's absence said; and its OVS flows and group as
ovs-ofctl reads them, where it is installed."""

import shutil
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "bench"))

try:
    import nfv
    import nfv_procs
except ImportError as e:  # lab/fwctl.py needs the bindings `make build` generates
    pytest.skip(f"bench/nfv.py cannot be imported here: {e}", allow_module_level=True)

A = SimpleNamespace(flows=10000, seconds=2, warmup=1, new_max=500000, cps_max=500000,
                    cps_window=1024, reps=2, ovs_mem=512, queue_size=1024, noise_max=0.10)


def run(est, new, cps, cycles=None):
    r = {"est": {"mpps": est, "offered_mpps": est, "min_nf_share": 0.98},
         "new": {"mpps": new, "offered_mpps": new, "min_nf_share": 0.99},
         "cps": {"cps": cps, "mpps": cps * 8 / 1e6, "min_nf_share": 0.99}}
    if cycles:
        r["est"]["lb_mpps_busy_core"] = cycles
    return r


def test_ratios_round_by_round_and_noise():
    runs = {"hvlb": [run(4.0, 2.0, 100000, 5.0), run(2.0, 2.0, 100000, 5.0)],
            "ovs": [run(1.0, 0.5, 25000, 1.0), run(1.0, 0.5, 25000, 1.0)]}
    s = nfv.summarise(runs, 0.10)
    assert s["est_mpps_ratio"] == {"median": 3.0, "min": 2.0, "max": 4.0}
    assert s["new_mpps_ratio"]["median"] == 4.0
    assert s["est_lb_mpps_busy_core_ratio"]["median"] == 5.0
    assert s["noisy"]  # hvlb's established row moved by half
    rows = nfv.table(s, A)
    assert any("hvlb/OVS-DPDK: 3.00× (2.00-4.00)" in r for r in rows)
    assert any("connections / s" in r and "hvlb/OVS-DPDK: 4.00×" in r for r in rows)


def test_without_ovs_the_rows_say_skipped():
    s = nfv.summarise({"hvlb": [run(4.0, 2.0, 100000)]}, 0.10)
    assert not s["noisy"]
    rows = nfv.table(s, A)
    assert all("hvlb/OVS-DPDK" not in r for r in rows[2:])
    assert "skipped" in rows[2]
    md = nfv.markdown(rows, s, A, "ovs-vswitchd-dpdk not installed", [])
    assert "OVS-DPDK skipped: ovs-vswitchd-dpdk not installed" in md
    assert any("are removed): nothing. " in line for line in md)


def test_what_a_run_left_is_said():
    s = nfv.summarise({"hvlb": [run(4.0, 2.0, 100000)]}, 0.10)
    md = nfv.markdown(nfv.table(s, A), s, A, None, ["ovs-vswitchd-dpdk (pid 7)"])
    assert any("are removed): ovs-vswitchd-dpdk (pid 7). " in line for line in md)


def test_left_behind_ends_a_survivor_and_removes_the_runtime_dirs(tmp_path, monkeypatch):
    """A process the run started that still runs is named and ended; the run's DPDK runtime
    directories (one --file-prefix per process) are removed, another program's kept."""
    monkeypatch.setattr(nfv_procs, "DPDK_RUN", tmp_path)
    (tmp_path / nfv.prefix("hvlb")).mkdir()
    (tmp_path / "rte").mkdir()
    sleeper = subprocess.Popen(["sleep", "60"])
    monkeypatch.setattr(nfv_procs, "STARTED", [("a sleeper", sleeper.pid, "sleep")])
    try:
        left = nfv.left_behind()
        assert left == [f"a sleeper (pid {sleeper.pid})"]
        assert sleeper.wait(timeout=10) == -9
    finally:
        sleeper.kill()
    assert [d.name for d in tmp_path.iterdir()] == ["rte"]
    assert nfv.left_behind() == []  # reaped: nothing left


@pytest.mark.skipif(shutil.which("ovs-ofctl") is None, reason="ovs-ofctl missing "
                    "(scripts/deps.sh installs openvswitch-switch-dpdk)")
def test_ovs_flows_and_group_parse(tmp_path):
    f = tmp_path / "flows"
    f.write_text("\n".join(nfv.FLOWS) + "\n")
    for what, arg in (("parse-flows", str(f)), ("parse-group", nfv.GROUP)):
        p = subprocess.run(["ovs-ofctl", "-O", "OpenFlow15", what, arg], capture_output=True,
                           text=True, timeout=30)
        if "unknown command" in p.stderr:
            pytest.skip(f"this ovs-ofctl has no {what}")
        assert p.returncode == 0, f"{what}: {p.stderr}"
