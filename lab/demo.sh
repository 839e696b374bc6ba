#!/usr/bin/env bash
# make demo: see lab/demo.py. KEEP=1 leaves the topology running.
set -euo pipefail
cd "$(dirname "$0")/.."
args=()
[ "${KEEP:-0}" = 1 ] && args+=(--keep)
exec python3 lab/demo.py "${args[@]}" "$@"
