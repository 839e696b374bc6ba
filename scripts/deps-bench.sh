#!/usr/bin/env bash
# Installs what the scheduling benchmark (make bench-sched, bench/scheduling.py) needs beyond
# scripts/deps.sh: matplotlib for its plots. Kept apart because it is large and only the
# benchmark uses it. Idempotent: a second run installs nothing.
set -euo pipefail

bash "$(dirname "$0")/deps.sh"

PY=${PYTHON:-python3}
if ! "$PY" -c "import matplotlib" 2>/dev/null; then
	echo "deps-bench.sh: pip installing matplotlib"
	"$PY" -m pip install -q --disable-pip-version-check matplotlib
fi
