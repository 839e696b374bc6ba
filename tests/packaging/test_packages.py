"""The Debian packages (make deb): built, installed into a scratch root with dpkg, checked.

The maintainer scripts run there too (dpkg --root --force-script-chrootless: they honour
DPKG_ROOT). This machine runs no systemd, so the units cannot be started: they are checked with
`systemd-analyze verify`, and each unit's ExecStart line is run by hand with the packaged
binaries and the sample configuration (the forwarder with --no-huge on net_null ports, the
controller on a scratch database, the agent against both, hvlbctl against the controller).
"""
import configparser
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "lab"))
from freeport import free_port  # noqa: E402
PKGS = ["hvlb-common", "hvlb-forwarder", "hvlb-agent", "hvlb-controller", "hvlbctl"]
LAB_TOOLS = ["hvlb-nfsim", "hvlb-loadgen", "fwctl", "nfq-delay"]

for tool in ("dpkg-deb", "dpkg", "dpkg-shlibdeps"):
    if shutil.which(tool) is None:
        pytest.skip(f"{tool} missing (dpkg-dev): cannot build or install the packages",
                    allow_module_level=True)


def run(argv, **kw):
    kw.setdefault("capture_output", True)
    kw.setdefault("text", True)
    return subprocess.run([str(a) for a in argv], **kw)


def wait(cond, what, timeout=20.0, log=None):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if cond():
            return
        time.sleep(0.05)
    raise AssertionError(f"timed out: {what}" + (f"\n--- log:\n{log()}" if log else ""))


@pytest.fixture(scope="module")
def root(debs, tmp_path_factory):
    """A scratch root with the five packages installed by dpkg, maintainer scripts run."""
    if os.geteuid() != 0:
        pytest.skip("not root: dpkg --root cannot give files to the hvlb user")
    r = tmp_path_factory.mktemp("root")
    for d in ("var/lib/dpkg/info", "var/lib/dpkg/updates", "etc"):
        (r / d).mkdir(parents=True)
    for f in ("var/lib/dpkg/status", "var/lib/dpkg/available"):
        (r / f).touch()
    (r / "etc/passwd").write_text("root:x:0:0:root:/root:/bin/bash\n")
    (r / "etc/group").write_text("root:x:0:\n")
    for f in ("etc/shadow", "etc/gshadow"):
        (r / f).touch(mode=0o600)
    # --force-depends: the scratch root has no DPDK; test_depends checks them on this host.
    p = run(["dpkg", f"--root={r}", "--force-script-chrootless", "--force-depends",
             "--log=/dev/null", "-i", *debs.values()])
    assert p.returncode == 0, p.stdout + p.stderr
    return r


def control(deb, field):
    return run(["dpkg-deb", "-f", deb, field]).stdout.strip()


def test_no_lab_tools(debs):
    for name, deb in debs.items():
        listing = run(["dpkg-deb", "-c", deb]).stdout
        for tool in LAB_TOOLS:
            assert tool not in listing, f"{tool} in {name}"


def test_depends(debs):
    """Every dependency is a package this (Debian 12) machine has, at a version that fits."""
    fwd = control(debs["hvlb-forwarder"], "Depends")
    for want in ("hvlb-common (=", "librte-eal23", "librte-ethdev23", "libprotobuf-c1",
                 "librte-mempool-ring23"):
        assert want in fwd, fwd
    for name, deb in debs.items():
        for dep in filter(None, (d.strip() for d in control(deb, "Depends").split(","))):
            alts = [a.strip() for a in dep.split("|")]
            assert any(installed(a, debs) for a in alts), f"{name}: {dep} not installed here"


def installed(dep, debs):
    name, _, ver = dep.partition(" ")
    if name in debs:
        return True
    q = run(["dpkg-query", "-W", "-f=${Status} ${Version}", name])
    if q.returncode != 0 or "install ok installed" not in q.stdout:
        return False
    if not ver:
        return True
    op, want = ver.strip("()").split()
    have = q.stdout.split()[-1]
    return run(["dpkg", "--compare-versions", have, {">=": "ge", "=": "eq"}[op], want]).returncode == 0


def test_files_and_modes(root, debs):
    mode = lambda p: (root / p).stat().st_mode & 0o7777
    for p in ("usr/sbin/hvlb-forwarder", "usr/sbin/hvlb-agent", "usr/sbin/hvlb-controller",
              "usr/sbin/hvlb-preflight", "usr/bin/hvlbctl", "usr/lib/hvlb/hvlb-fwd-socket"):
        assert mode(p) == 0o755, p
    for p in ("hvlb-forwarder", "hvlb-agent", "hvlb-controller"):
        assert mode(f"usr/lib/systemd/system/{p}.service") == 0o644
    for p in ("forwarder.ini", "forwarder.env", "agent.env", "controller.env"):
        assert mode(f"etc/hvlb/{p}") == 0o644
    assert "state_dir = /run/hvlb/state" in (root / "etc/hvlb/forwarder.ini").read_text()
    conffiles = run(["dpkg-deb", "-I", debs["hvlb-forwarder"], "conffiles"]).stdout.split()
    assert conffiles == ["/etc/hvlb/forwarder.env", "/etc/hvlb/forwarder.ini"]
    assert (root / "usr/lib/tmpfiles.d/hvlb.conf").exists()
    assert (root / "usr/share/doc/hvlb/deploy.md").stat().st_size > 0
    assert (root / "usr/share/doc/hvlb/operations.md").stat().st_size > 0
    # Prometheus's alert rules, as shipped (docs/operations.md).
    assert mode("usr/share/hvlb/prometheus/hvlb-rules.yml") == 0o644
    assert ((root / "usr/share/hvlb/prometheus/hvlb-rules.yml").read_bytes()
            == (ROOT / "packaging/prometheus/hvlb-rules.yml").read_bytes())

    # The maintainer scripts' effects: a system user with no shell, and its directories.
    user = [l.split(":") for l in (root / "etc/passwd").read_text().splitlines()
            if l.startswith("hvlb:")]
    assert len(user) == 1, (root / "etc/passwd").read_text()
    uid, gid, shell = int(user[0][2]), int(user[0][3]), user[0][6]
    assert uid < 1000 and shell == "/usr/sbin/nologin"
    for p, want in (("etc/hvlb/certs", 0o700), ("var/lib/hvlb", 0o750)):
        st = (root / p).stat()
        assert (st.st_mode & 0o7777, st.st_uid, st.st_gid) == (want, uid, gid), p
    assert mode("etc/hvlb") == 0o755 and (root / "run/hvlb").is_dir()
    q = run(["dpkg", f"--root={root}", "-l", *PKGS])
    assert q.stdout.count("\nii ") == len(PKGS), q.stdout


def unit(root, name):
    cp = configparser.ConfigParser(strict=False, interpolation=None, delimiters=("=",))
    cp.optionxform = str
    cp.read(root / f"usr/lib/systemd/system/{name}.service")
    return cp


def test_units(root):
    fwd = unit(root, "hvlb-forwarder")
    assert fwd["Service"]["Restart"] == "always"
    assert fwd["Service"]["KillSignal"] == "SIGTERM"
    assert "hvlb-preflight --forwarder-only --reserve-hugepages" in fwd["Service"]["ExecStartPre"]
    assert "User" not in fwd["Service"]
    agent = unit(root, "hvlb-agent")
    for k in ("After", "Wants"):
        assert "hvlb-forwarder.service" in agent["Unit"][k]
    ctl = unit(root, "hvlb-controller")
    for u in (agent, ctl):
        assert u["Service"]["Restart"] == "on-failure"
        assert u["Service"]["User"] == "hvlb"
    # systemd-analyze checks the executables exist: point them at the scratch root.
    if shutil.which("systemd-analyze") is None:
        pytest.skip("no systemd-analyze (systemd): units not verified")
    tmp = root / "tmp-units"
    tmp.mkdir(exist_ok=True)
    for name in ("hvlb-forwarder", "hvlb-agent", "hvlb-controller"):
        text = (root / f"usr/lib/systemd/system/{name}.service").read_text()
        text = text.replace("/usr/sbin/", f"{root}/usr/sbin/").replace("/usr/lib/hvlb/",
                                                                        f"{root}/usr/lib/hvlb/")
        (tmp / f"{name}.service").write_text(text)
    p = run(["systemd-analyze", "verify", *sorted(tmp.glob("*.service"))])
    assert p.returncode == 0 and p.stdout + p.stderr == "", p.stdout + p.stderr


def env_file(path, **override):
    """A systemd EnvironmentFile (KEY=value, optional double quotes), with overrides."""
    env = {}
    for line in path.read_text().splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            k, _, v = line.partition("=")
            env[k.strip()] = v.strip().strip('"')
    env.update(override)
    return env


def exec_start(root, name, env, paths):
    """The unit's ExecStart as argv: $VAR split on spaces, ${VAR} inside a word (empty when
    unset, as systemd does), paths moved."""
    line = unit(root, name)["Service"]["ExecStart"]
    for old, new in paths.items():
        line = line.replace(old, str(new))
    argv = []
    for word in shlex.split(line):
        if word.startswith("$") and not word.startswith("${"):
            argv += env.get(word[1:], "").split()
            continue
        for k, v in env.items():
            word = word.replace("${" + k + "}", v)
        argv.append(re.sub(r"\$\{\w+\}", "", word))
    return [str(root / argv[0].lstrip("/"))] + argv[1:]


class Proc:
    def __init__(self, argv, log):
        self.log_path = log
        self.p = subprocess.Popen(argv, stdout=open(log, "w"), stderr=subprocess.STDOUT)

    def log(self):
        return self.log_path.read_text()

    def stop(self):
        if self.p.poll() is None:
            self.p.send_signal(signal.SIGTERM)
            try:
                return self.p.wait(15)
            except subprocess.TimeoutExpired:
                self.p.kill()
                self.p.wait()
        return self.p.returncode


def test_preflight(root, tmp_path):
    pf = root / "usr/sbin/hvlb-preflight"
    # The sample as shipped names PCI ports this machine lacks: that stops the forwarder.
    p = run([pf, "--env", root / "etc/hvlb/forwarder.env", "--config",
             root / "etc/hvlb/forwarder.ini", "--certs", root / "etc/hvlb/certs"])
    assert p.returncode == 1 and "ERROR PCI device 0000:3b:00.0 (-a) not found" in p.stdout, p.stdout
    ini = tmp_path / "forwarder.ini"
    ini.write_text((root / "etc/hvlb/forwarder.ini").read_text().replace(
        "/run/hvlb/state", str(tmp_path / "state")))
    env = dict(os.environ, HVLB_EAL_ARGS="-l 0,1 --no-huge --no-pci --vdev net_null0")
    p = run([pf, "--forwarder-only", "--config", ini, "--socket", tmp_path / "fwd.sock"], env=env)
    assert p.returncode == 0, p.stdout
    assert "WARN  EAL option --no-huge" in p.stdout
    assert f"ok    {ini} reads (hvlb-forwarder --check-config)" in p.stdout
    # A misspelt key stops the forwarder: the packaged forwarder's --check-config says where.
    lines = ini.read_text().splitlines()
    at = lines.index("[forwarder]") + 1
    ini.write_text("\n".join(lines[:at] + ["conn_maxx = 1"] + lines[at:]) + "\n")
    p = run([pf, "--forwarder-only", "--config", ini, "--socket", tmp_path / "fwd.sock"], env=env)
    assert p.returncode == 1, p.stdout
    assert (f"ERROR {ini}:{at + 1}: [forwarder] conn_maxx: unknown key (did you mean conn_max?)"
            in p.stdout), p.stdout


def test_units_run_by_hand(root, tmp_path):
    """Each unit's ExecStart with the sample configuration: forwarder, controller, agent,
    then hvlbctl through the controller to the forwarder."""
    sock = tmp_path / "fwd.sock"
    certs = tmp_path / "certs"
    ini = tmp_path / "forwarder.ini"
    ini.write_text((root / "etc/hvlb/forwarder.ini").read_text()
                   .replace("dev = 0000:3b:00.0", "dev = net_null0")
                   .replace("dev = 0000:3b:00.1", "dev = net_null1")
                   .replace("/run/hvlb/state", str(tmp_path / "state")))
    paths = {"/etc/hvlb/forwarder.ini": ini, "/run/hvlb/fwd.sock": sock,
             "/etc/hvlb/certs": certs, "/var/lib/hvlb": tmp_path}
    prefix = f"hvlbpkg{os.getpid()}"
    eal = (f"-l 0,1 -m 512 --no-huge --no-pci --no-shconf --file-prefix {prefix} "
           "--vdev net_null0 --vdev net_null1")
    # The unit reads the agent's file too: HVLB_AGENT_ID is the forwarder's --id.
    fenv = {**env_file(root / "etc/hvlb/agent.env"),
            **env_file(root / "etc/hvlb/forwarder.env", HVLB_EAL_ARGS=eal)}
    procs = []
    try:
        fwd = Proc(exec_start(root, "hvlb-forwarder", fenv, paths), tmp_path / "fwd.log")
        procs.append(fwd)
        # The unit's ExecStartPost: returns once the socket is there.
        p = run([root / "usr/lib/hvlb/hvlb-fwd-socket", sock, fwd.p.pid, 60])
        assert p.returncode == 0, p.stderr + fwd.log()

        hvlbctl = root / "usr/bin/hvlbctl"
        p = run([hvlbctl, "certs", "init", "--dir", certs, "--agent", "fwd-a"])
        assert p.returncode == 0, p.stdout + p.stderr
        rest, grpc = free_port(), free_port()
        cenv = env_file(root / "etc/hvlb/controller.env", HVLB_LISTEN=f"127.0.0.1:{rest}",
                        HVLB_GRPC_LISTEN=f"127.0.0.1:{grpc}")
        ctl = Proc(exec_start(root, "hvlb-controller", cenv, paths), tmp_path / "ctl.log")
        procs.append(ctl)
        aenv = env_file(root / "etc/hvlb/agent.env", HVLB_CONTROLLER=f"127.0.0.1:{grpc}",
                        HVLB_AGENT_ARGS="--report-interval 300ms")
        agent = Proc(exec_start(root, "hvlb-agent", aenv, paths), tmp_path / "agent.log")
        procs.append(agent)

        cli_env = dict(os.environ, HVLB_SERVER=f"https://127.0.0.1:{rest}", HVLB_CERTS=str(certs))
        ctlcmd = lambda *a: run([hvlbctl, *a], env=cli_env)
        logs = lambda: "\n".join(f"--- {x.log_path.name}\n{x.log()}" for x in procs)
        wait(lambda: "fwd-a" in ctlcmd("fr", "list").stdout, "fwd-a registered", log=logs)
        p = ctlcmd("vs", "add", "tcp", "203.0.113.20:443", "--mode", "nat",
                   "--real", "198.51.100.21:443:100")
        assert p.returncode == 0, p.stdout + p.stderr + logs()
        fwctl = [sys.executable, ROOT / "lab/fwctl.py", "-s", sock]
        wait(lambda: "203.0.113.20" in run([*fwctl, "vs", "list"]).stdout,
             "the controller's service on the forwarder", log=logs)

        # The forwarder's lines name it as the agent's do (docs/operations.md, Logs).
        added = [ln for ln in fwd.log().splitlines() if "service added" in ln]
        assert added and all(" forwarder=fwd-a " in ln for ln in added), fwd.log()

        for x in (agent, ctl):
            assert x.stop() == 0, logs()
        # SIGTERM (the unit's KillSignal) stops the forwarder cleanly, state saved.
        assert fwd.stop() == 0, logs()
        assert (tmp_path / "state/config").exists(), fwd.log()
    finally:
        for x in procs:
            x.stop()
        shutil.rmtree(f"/var/run/dpdk/{prefix}", ignore_errors=True)


def test_make_install_installs_nothing(tmp_path):
    """`make install` builds and copies; it never runs the installer (scripts/deps.sh, apt)."""
    p = run(["make", "-n", "install", f"DESTDIR={tmp_path}"], cwd=ROOT)
    assert p.returncode == 0, p.stderr
    for word in ("deps.sh", "apt-get", "pip "):
        assert word not in p.stdout, p.stdout


def test_remove_and_purge(root):
    """Last (it empties the root): a purge removes the run-time directory and the
    configuration; it keeps the user and the certificates' directory (keys)."""
    pkgs = ["hvlb-forwarder", "hvlb-agent", "hvlb-controller", "hvlbctl", "hvlb-common"]
    p = run(["dpkg", f"--root={root}", "--force-script-chrootless", "--force-depends",
             "--log=/dev/null", "-P", *pkgs])
    assert p.returncode == 0, p.stdout + p.stderr
    assert not (root / "usr/sbin/hvlb-forwarder").exists()
    assert not (root / "etc/hvlb/forwarder.ini").exists()
    assert not (root / "run/hvlb").exists()
    assert (root / "etc/hvlb/certs").is_dir()
    assert "\nhvlb:" in "\n" + (root / "etc/passwd").read_text()
