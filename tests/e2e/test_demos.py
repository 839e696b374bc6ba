"""End to end: `make demo` and `make demo-scaleout` run, shortened, and show what they claim.

Each demo runs as a user runs it (its own script, as a subprocess, non-interactive), and the
test reads its output as a user would:

- lab/demo.py (`make demo`), 5 s of traffic instead of 20: exit 0 (no HTTP error, every NF
  served), and each NF's share of the TCP connections within SHARE_TOLERANCE of its weight's
  share (the "connection spread" lines);
- lab/demo_scaleout.py (`make demo-scaleout`), with SCALEOUT_CONNS connections instead of
  1,000: exit 0, at least 99.9 % of the connections intact through the kill and the rejoin,
  every UDP flow answered, the routes withdrawn after the kill and announced again after
  the rejoin.

A broken demo fails here, so CI catches it. Each skips with the demo's own reason where
something it needs is missing.
"""

import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "lab"))

import demo  # noqa: E402
import frr  # noqa: E402

DEMO_DURATION_S = 5
# Maglev over thousands of short connections: measured within 1 point of the weights (the
# demo's own output, docs/demo.md); 5 points leaves room for a short, busy run.
SHARE_TOLERANCE = 5.0
SCALEOUT_CONNS = 300
SURVIVE = 0.999


def run_demo(argv, timeout):
    p = subprocess.run([sys.executable, *argv], cwd=REPO, capture_output=True, text=True,
                       timeout=timeout)
    print(p.stdout[-6000:])
    return p


@pytest.fixture
def preflight(lab):  # lab: root and `ip netns` checked, the Go binaries built
    why = demo.preflight()
    if why:
        pytest.skip(why)


def test_make_demo(preflight):
    p = run_demo(["lab/demo.py", "--duration", str(DEMO_DURATION_S)], timeout=240)
    assert p.returncode == 0, f"demo.py exited {p.returncode}:\n{p.stdout[-3000:]}\n{p.stderr[-3000:]}"
    spread = re.findall(r"^\s+(nf\d)\s+[#| ]+\s+([\d.]+)% \(weight (\d+)%\)$", p.stdout, re.M)
    assert len(spread) == 4, f"no connection spread in the demo's output:\n{p.stdout[-3000:]}"
    for nf, got, want in spread:
        assert abs(float(got) - float(want)) <= SHARE_TOLERANCE, f"{nf}: {got}% of the connections, weight {want}%"
    m = re.search(r"clients: http errors (\d+), udp lost (\d+)", p.stdout)
    assert m and m.group(1) == "0", m and m.group(0)


def test_make_demo_scaleout(preflight):
    if frr.unavailable():
        pytest.skip(frr.unavailable())
    p = run_demo(["lab/demo_scaleout.py", "--conns", str(SCALEOUT_CONNS)], timeout=300)
    assert p.returncode == 0, f"demo_scaleout.py exited {p.returncode}:\n{p.stdout[-3000:]}\n{p.stderr[-3000:]}"
    m = re.search(r"clients: (\d+)/(\d+) TCP connections intact .*UDP (\d+)/(\d+) answered", p.stdout)
    assert m, f"no client summary in the demo's output:\n{p.stdout[-3000:]}"
    survived, count = int(m.group(1)), int(m.group(2))
    assert count == SCALEOUT_CONNS and survived >= SURVIVE * count, m.group(0)
    assert int(m.group(3)) > 0
    assert re.search(r"routes withdrawn after [\d.]+ s", p.stdout)
    assert re.search(r"announced again [\d.]+ s after its start", p.stdout)
