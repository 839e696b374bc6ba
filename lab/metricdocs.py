"""The metric families the docs name: docs/counters.md (every forwarder counter), and the
Metrics sections of docs/agent.md and docs/controller.md. A name is a backticked hvlb_...
word, with or without its labels ({forwarder,worker}); patterns such as `hvlb_port_*` or
`hvlb_worker_<name>_total` are not names. tests/e2e/test_operations.py checks that Prometheus
gets every one of them from the exporters, and nothing else; tests/unit_py checks that the
Grafana dashboard asks for no other."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
_NAME = re.compile(r"`(hvlb_[a-z0-9_]+)(?:\{[a-z_,]*\})?`")


def _section(text, title):
    start = text.index(f"\n## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start:end if end > 0 else None]


def documented(repo=REPO):
    """The set of metric names the docs list."""
    docs = Path(repo) / "docs"
    texts = [(docs / "counters.md").read_text(),
             _section((docs / "agent.md").read_text(), "Metrics"),
             _section((docs / "controller.md").read_text(), "Metrics")]
    return {n for t in texts for n in _NAME.findall(t)}
