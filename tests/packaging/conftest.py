"""The packages, built once per session for the packaging tests (test_packages.py,
test_systemd.py)."""
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PKGS = ["hvlb-common", "hvlb-forwarder", "hvlb-agent", "hvlb-controller", "hvlbctl"]


@pytest.fixture(scope="session")
def debs(tmp_path_factory):
    """{package: .deb path}, built by scripts/mkdeb.sh."""
    out = tmp_path_factory.mktemp("deb")
    p = subprocess.run(["bash", str(ROOT / "scripts/mkdeb.sh"), str(out)], cwd=ROOT,
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stdout + p.stderr
    files = {Path(l).name.split("_")[0]: Path(l) for l in p.stdout.split()}
    assert sorted(files) == sorted(PKGS)
    return files
