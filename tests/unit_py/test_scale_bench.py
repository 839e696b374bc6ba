# SPDX-License-Identifier: BSD-3-Clause
"""bench/scale.py's plan and report (several workers on dedicated cores, docs/benchmarks.md):
which rows fit on how many cores, each row's scaling against one worker's rate, and on a
machine without the cores the kept run shown and said to be one, never passed off as this
machine's."""

import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "bench"))

import scale  # noqa: E402


def row(workers, flows, mpps, stages=0):
    return {"workers": workers, "stages": stages, "gens": workers, "flows": flows, "mpps": mpps,
            "mpps_per_worker": mpps / workers, "spread": [mpps * 0.9, mpps], "drops": 0}


RUN = {"rows": [row(1, "established", 10.0), row(1, "new", 3.0), row(4, "established", 36.0),
                row(4, "new", 12.0), row(2, "established", 15.0, stages=1)],
       "reps": 3, "eal": "--in-memory", "topology": "Thread(s) per core: 1", "date": "2026-12-04",
       "machine": "Xeon, 16 cores"}


def test_plan_a_core_each_for_workers_generators_and_main():
    assert scale.plan(2) == []
    assert scale.plan(3) == [(1, 0, 1)]
    rows = scale.plan(16)
    assert max(n for n, s, _ in rows if not s) == 7  # 7 workers, 7 generators, the main thread
    assert all(n + s + g + 1 <= 16 for n, s, g in rows)
    assert all(g == n for n, _, g in rows)


def test_markdown_scaling_against_one_worker():
    md = "\n".join(scale.markdown(RUN))
    assert "| 4 | - | established | 36.00 | 9.00 | 90% | 9.00 |" in md
    assert "| 4 | - | new | 12.00 | 3.00 | 100% |" in md
    # A dispatch row against one worker reading its own queue; per forwarding core counts
    # the stage's core.
    assert "| 2 | 1 stage | established | 15.00 | 7.50 | 75% | 5.00 |" in md
    assert "established: 4 workers forward 36.0 Mpps, 90% of one worker's rate" in md
    assert "one dispatch stage: at most 15.0 Mpps (with 2 workers behind it), 1.5" in md
    assert "2026-12-04; machine: Xeon, 16 cores" in md


def test_too_few_cores_shows_the_kept_run_as_such(tmp_path, monkeypatch):
    kept = tmp_path / "scale.json"
    kept.write_text(json.dumps(RUN))
    monkeypatch.setattr(scale, "KEPT", kept)
    monkeypatch.setenv("HVLB_SCALE_CORES", "2")
    res = scale.run(reps=1)
    assert "skipped" in res and "has 2" in res["skipped"]
    md = "\n".join(scale.markdown(res))
    assert "| 4 | - | established | 36.00 |" in md
    assert "Not measured by this run" in md and "(2026-12-04, Xeon, 16 cores)" in md


def test_skew_rows_against_uniform_and_moves_that_lose_frames_said():
    r = dict(RUN)
    r["skew"] = [
        {"workers": 2, "load": "uniform", "rssa": False, "stages": 0, "mpps": 14.0,
         "low_end": 7.0, "moves": 0, "trials": [{"rate": 14.0, "loss": 0.0, "moves": 0}]},
        {"workers": 2, "load": "skewed", "rssa": True, "stages": 0, "mpps": 10.5,
         "low_end": 7.0, "moves": 0,
         "trials": [{"rate": 12.0, "loss": 0.2, "moves": 9}, {"rate": 10.5, "loss": 0.0, "moves": 0}]},
        {"workers": 2, "load": "skewed", "rssa": True, "stages": 1, "mpps": None,
         "low_end": 7.0, "moves": 0, "trials": [{"rate": 12.0, "loss": 0.3, "moves": 0}]}]
    md = "\n".join(scale.markdown(r))
    assert "| 2 | skewed | on | handoff | 10.50 | 75.0% | 0 |" in md
    # Not even the search's low end passed: said so, never shown as a rate that passed.
    assert "| 2 | skewed | on | 1 dispatch stage(s) | below 7.00 (none passed) | - | 0 |" in md
    assert "RSS-A moved flows in 1 of its 3 trials; 1 of those lost more than 0.1 %" in md
    assert "so these rows are not RSS-A's gain" in md
