"""Shared fixtures of the end-to-end tests: lab topologies that always clean up.

    def test_something(lab):
        topo = lab("lab/topologies/e2e.yaml")          # up, with a unique prefix
        nf = labtools.start_nfsim(topo, "nf1", "nf1", addr="10.1.0.11")
        rep = labtools.loadgen(topo, "client", "10.1.0.11:80")

`lab_module` is the same factory for a whole module (its topologies are torn down after the
module's last test), for a module whose tests share one costly topology.

`lab` builds the Go binaries into build/bin once per session if they are missing or older
than the Go sources, skips (with the reason) when not root or without `ip netns`, prints
the logs of every process started through topo.popen with a failing test's report, tears every
topology down, and fails the test if anything with its prefix is left behind.
"""

import itertools
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "lab"))

import labtools  # noqa: E402
import topo as topolib  # noqa: E402

BIN = labtools.BIN
GO_BINARIES = ("hvlb-nfsim", "hvlb-loadgen")


def _go():
    return shutil.which("go") or ("/usr/local/go/bin/go" if Path("/usr/local/go/bin/go").exists() else None)


def _stale():
    """True when a lab binary is missing or older than a Go source file."""
    bins = [BIN / b for b in GO_BINARIES]
    if not all(b.exists() for b in bins):
        return True
    oldest = min(b.stat().st_mtime for b in bins)
    # The dashboard's files are embedded in the controller (go:embed) and count as its sources.
    sources = itertools.chain(REPO.glob("cmd/**/*.go"), REPO.glob("internal/**/*.go"),
                              REPO.glob("internal/dashboard/static/*"), [REPO / "go.mod"])
    return any(s.stat().st_mtime > oldest for s in sources if s.exists())


@pytest.fixture(scope="session")
def go_bins():
    """The directory of the Go binaries, built once per session when needed."""
    if _stale():
        go = _go()
        if go is None:
            pytest.skip("Go is not installed and build/bin lacks the lab binaries")
        BIN.mkdir(parents=True, exist_ok=True)
        p = subprocess.run([go, "build", "-o", f"{BIN}/", "./cmd/..."], cwd=REPO,
                           capture_output=True, text=True, timeout=600)
        if p.returncode != 0:
            pytest.fail(f"go build ./cmd/... failed:\n{p.stderr}")
    return BIN


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Remembers each phase's report, and attaches the logs of the processes a failing
    test started to its failure report."""
    outcome = yield
    rep = outcome.get_result()
    setattr(item, f"rep_{rep.when}", rep)
    if rep.failed and rep.when in ("setup", "call"):
        module = item.getparent(pytest.Module)
        shared = getattr(module, "_lab_topologies", []) if "lab_module" in item.fixturenames else []
        for t in [*getattr(item, "_lab_topologies", []), *shared]:
            for name, text in t.logs().items():
                rep.sections.append((f"lab {t.prefix}: log of {name}", text[-20000:]))


def _lab_factory(request, made):
    """The factory behind lab and lab_module: it makes topologies into made."""
    reason = topolib.unavailable()
    if reason:
        pytest.skip(reason)
    request.getfixturevalue("go_bins")

    def factory(path, prefix=None, up=True):
        prefix = prefix or labtools.unique_prefix()
        if isinstance(path, dict):
            t = topolib.Topology(path, prefix=prefix)
        else:
            path = Path(path)
            if not path.is_absolute():
                path = REPO / path
            t = topolib.Topology.load(path, prefix=prefix)
        made.append(t)
        if up:
            t.up()
        return t

    return factory


def _lab_teardown(made):
    """Tears made down; fails the test if anything with a topology's prefix is left behind."""
    problems = []
    for t in reversed(made):
        pids = [p.pid for p in t.procs]
        try:
            t.down()
        except topolib.LabError as e:
            problems.append(f"{t.prefix}: down: {e}")
        left = topolib.leftovers(t.prefix, pids)
        if left:
            problems.append(f"{t.prefix}: left behind: {', '.join(left)}")
    if problems:
        pytest.fail("; ".join(problems))


@pytest.fixture
def lab(request):
    """A factory: lab(path_or_dict, prefix=None, up=True) -> topo.Topology (a topology file,
    relative to the repository, or a spec as a dict), torn down after the test."""
    made = []
    request.node._lab_topologies = made
    yield _lab_factory(request, made)
    _lab_teardown(made)


@pytest.fixture(scope="module")
def lab_module(request):
    """lab for a whole module: torn down after its last test; a failing test of the module
    that uses it gets the logs of its topologies' processes."""
    made = []
    request.node._lab_topologies = made
    yield _lab_factory(request, made)
    _lab_teardown(made)
