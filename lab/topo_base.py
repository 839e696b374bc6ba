"""The lab's base: its error, how it runs a command, and where it keeps its state (lab/topo.py
and lab/topo_teardown.py)."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
from pathlib import Path

STATE_DIR = Path(os.environ.get("HVLB_LAB_STATE", "/run/hvlb-lab"))
NAME_RE = re.compile(r"^[A-Za-z0-9_]+$")


class LabError(Exception):
    """A topology that is invalid, or a step of up/down that failed."""


def sh(cmd, check=True, timeout=30, input=None):
    """Runs cmd (a list) and returns the CompletedProcess (text)."""
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, input=input)
    except FileNotFoundError as e:
        raise LabError(f"{cmd[0]}: not installed ({e})") from e
    except subprocess.TimeoutExpired as e:
        raise LabError(f"{shlex.join(cmd)}: timed out after {timeout}s") from e
    if check and p.returncode != 0:
        raise LabError(f"{shlex.join(cmd)}: exit {p.returncode}: {p.stderr.strip() or p.stdout.strip()}")
    return p


def require_root():
    if os.geteuid() != 0:
        raise LabError("the lab needs root (network namespaces, veth, tc): run as root")
    if sh(["ip", "netns", "list"], check=False).returncode != 0:
        raise LabError("'ip netns' does not work here (iproute2 missing or no netns support)")
