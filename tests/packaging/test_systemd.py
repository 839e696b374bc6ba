"""The packages' units under a real systemd: a container booted with systemd-nspawn (systemd as
its PID 1, whatever this machine's PID 1 is) on an overlay of this machine's root, the .debs
installed in it with dpkg, the sample configuration adapted (net_null ports and --no-huge for
the forwarder, a certificate set for the controller and the agent). `systemctl start` brings
the forwarder, the controller and the agent up and the agent registers with the controller;
a SIGKILLed forwarder is restarted by systemd; `systemctl stop` stops each cleanly.

Skips, saying why, when not root, without systemd-nspawn (scripts/deps.sh installs
systemd-container) or /lib/systemd/systemd, or when the overlay cannot be mounted.
"""
import os
import shutil
import signal
import subprocess
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
UNITS = ["hvlb-forwarder", "hvlb-controller", "hvlb-agent"]
BOOT_TIMEOUT = 45.0


def run(argv, **kw):
    kw.setdefault("capture_output", True)
    kw.setdefault("text", True)
    kw.setdefault("timeout", 60)
    return subprocess.run([str(a) for a in argv], **kw)


def wait(cond, what, timeout=30.0, log=None):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        v = cond()
        if v:
            return v
        time.sleep(0.2)
    raise AssertionError(f"timed out after {timeout:g} s: {what}" + (f"\n{log()}" if log else ""))


class Container:
    """systemd booted in a container on merged (an overlay of /), reached with nsenter."""

    def __init__(self, merged, log_path):
        self.log_path = log_path
        self.nspawn = subprocess.Popen(
            ["systemd-nspawn", "-D", str(merged), "--boot", "--register=no", "--keep-unit",
             "--private-network", "--bind-ro=/sys/module", "--console=pipe", "-q"],
            stdout=open(log_path, "w"), stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        self.pid1 = wait(self._init_pid, "systemd started as the container's PID 1", 20,
                         self.log)

    def _init_pid(self):
        if self.nspawn.poll() is not None:
            raise AssertionError(f"systemd-nspawn exited {self.nspawn.returncode}:\n{self.log()}")
        for child in Path(f"/proc/{self.nspawn.pid}/task/{self.nspawn.pid}/children").read_text().split():
            try:
                if Path(f"/proc/{child}/comm").read_text().strip() == "systemd":
                    return int(child)
            except FileNotFoundError:
                pass
        return None

    def log(self):
        return self.log_path.read_text()[-4000:]

    def sh(self, *argv, timeout=60):
        """argv run inside the container (all its namespaces)."""
        return run(["nsenter", "-t", self.pid1, "-a", *argv], timeout=timeout)

    def systemctl(self, *args):
        return self.sh("systemctl", *args)

    def show(self, unit, prop):
        return self.systemctl("show", "-p", prop, "--value", unit).stdout.strip()

    def journal(self, *units):
        args = [a for u in units for a in ("-u", u)]
        return self.sh("journalctl", "--no-pager", "-n", "60", *args).stdout

    def stop(self):
        if self.nspawn.poll() is None:
            self.systemctl("poweroff", "--no-block")
            try:
                self.nspawn.wait(30)
            except subprocess.TimeoutExpired:
                self.nspawn.send_signal(signal.SIGKILL)
                self.nspawn.wait()


def setup_root(merged, debs):
    """Install the packages and a configuration that runs on this machine into merged."""
    (merged / "etc/machine-id").unlink(missing_ok=True)
    p = run(["dpkg", f"--root={merged}", "--force-script-chrootless", "--log=/dev/null",
             "-i", *debs.values()], timeout=120)
    assert p.returncode == 0, p.stdout + p.stderr
    etc = merged / "etc/hvlb"
    ini = etc / "forwarder.ini"
    ini.write_text(ini.read_text().replace("dev = 0000:3b:00.0", "dev = net_null0")
                   .replace("dev = 0000:3b:00.1", "dev = net_null1"))
    env = etc / "forwarder.env"
    env.write_text(env.read_text().replace(
        'HVLB_EAL_ARGS="-l 2,4,6 -a 0000:3b:00.0 -a 0000:3b:00.1 --huge-unlink"',
        'HVLB_EAL_ARGS="-l 0,1 -m 512 --no-huge --no-pci --no-shconf --vdev net_null0 '
        '--vdev net_null1"').replace('HVLB_HUGEPAGES="2M:1024@0"', "HVLB_HUGEPAGES="))
    assert "net_null0" in env.read_text(), env.read_text()
    certs = etc / "certs"
    p = run([merged / "usr/bin/hvlbctl", "certs", "init", "--dir", certs, "--agent", "fwd-a"])
    assert p.returncode == 0, p.stdout + p.stderr
    user = [l.split(":") for l in (merged / "etc/passwd").read_text().splitlines()
            if l.startswith("hvlb:")][0]
    uid, gid = int(user[2]), int(user[3])
    for f in [certs, *certs.iterdir()]:
        os.chown(f, uid, gid)
    # Units of this machine's image that fail or wait in a container without a network (its
    # only link is lo: --private-network), masked so the boot ends at once.
    for unit in ("dpdk.service", "systemd-firstboot.service",
                 "systemd-networkd-wait-online.service"):
        (merged / f"etc/systemd/system/{unit}").unlink(missing_ok=True)
        (merged / f"etc/systemd/system/{unit}").symlink_to("/dev/null")


@pytest.fixture
def container(debs, tmp_path):
    if os.geteuid() != 0:
        pytest.skip("not root: cannot mount an overlay or boot a container")
    if shutil.which("systemd-nspawn") is None:
        pytest.skip("systemd-nspawn missing (Debian's systemd-container; scripts/deps.sh installs it)")
    if not Path("/lib/systemd/systemd").exists():
        pytest.skip("/lib/systemd/systemd missing: no systemd to boot")
    upper, work, merged = (tmp_path / d for d in ("upper", "work", "merged"))
    for d in (upper, work, merged):
        d.mkdir()
    p = run(["mount", "-t", "overlay", "overlay", "-o",
             f"lowerdir=/,upperdir={upper},workdir={work}", merged])
    if p.returncode != 0:
        pytest.skip(f"cannot mount an overlay of / for the container's root: {p.stderr.strip()}")
    c = None
    try:
        setup_root(merged, debs)
        c = Container(merged, tmp_path / "nspawn.log")
        state = wait(lambda: c.systemctl("is-system-running").stdout.strip() in
                     ("running", "degraded") and c.systemctl("is-system-running").stdout.strip(),
                     "the container's systemd to finish booting", BOOT_TIMEOUT, c.log)
        print(f"container booted: {state}; failed units: "
              f"{c.systemctl('--failed', '--no-legend').stdout.strip() or 'none'}")
        yield c
    finally:
        if c is not None:
            c.stop()
        run(["umount", "-l", merged])


def test_units_start_restart_and_stop_under_systemd(container):
    c = container
    logs = lambda: c.journal(*UNITS)
    p = c.systemctl("start", *UNITS)
    assert p.returncode == 0, p.stderr + logs()
    for u in UNITS:
        wait(lambda: c.show(u, "ActiveState") == "active", f"{u} active", 30, logs)
    # They run, and talk: the agent registers the forwarder with the controller, and the
    # controller's service reaches the forwarder through it.
    cli = ["env", "HVLB_SERVER=https://127.0.0.1:8443", "HVLB_CERTS=/etc/hvlb/certs", "hvlbctl"]
    wait(lambda: "fwd-a" in c.sh(*cli, "fr", "list").stdout, "fwd-a registered", 30, logs)
    p = c.sh(*cli, "vs", "add", "tcp", "203.0.113.20:443", "--real", "198.51.100.21:443:100")
    assert p.returncode == 0, p.stdout + p.stderr + logs()
    wait(lambda: "203.0.113.20" in c.sh("hvlbctl", "--forwarder", "/run/hvlb/fwd.sock", "vs",
                                         "list").stdout, "the service at the forwarder", 30, logs)

    # A killed forwarder comes back (Restart=), with a new process, and keeps its service
    # (state_dir).
    pid = int(c.show("hvlb-forwarder", "MainPID"))
    assert pid > 0
    assert c.sh("kill", "-KILL", str(pid)).returncode == 0
    wait(lambda: c.show("hvlb-forwarder", "NRestarts") not in ("", "0") and
         c.show("hvlb-forwarder", "ActiveState") == "active" and
         int(c.show("hvlb-forwarder", "MainPID") or 0) not in (0, pid),
         "systemd to restart the killed forwarder", 30, logs)
    wait(lambda: "203.0.113.20" in c.sh("hvlbctl", "--forwarder", "/run/hvlb/fwd.sock", "vs",
                                         "list").stdout, "the service after the restart", 30, logs)

    # systemctl stop: each stops on its KillSignal, and cleanly (no failure recorded).
    p = c.systemctl("stop", *UNITS)
    assert p.returncode == 0, p.stderr + logs()
    for u in UNITS:
        assert c.show(u, "ActiveState") == "inactive", u + "\n" + logs()
        assert c.show(u, "Result") == "success", f"{u}: {c.show(u, 'Result')}\n{logs()}"
