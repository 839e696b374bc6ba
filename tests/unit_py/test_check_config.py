# SPDX-License-Identifier: BSD-3-Clause
"""hvlb-forwarder --check-config (docs/forwarder-config.md): as any user, without EAL, huge
pages or ports. A file with a misspelt key or a bad value exits 1 naming file, line and key;
every start-up file the repo holds or generates (*.ini, the docs' examples, lab/fwdlab.py's
for each topology, bench/nfv.py's) exits 0, and what it prints reads back to the same output."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
FORWARDER = Path(os.environ.get("HVLB_FORWARDER",
                                REPO / "build" / "forwarder" / "src" / "hvlb-forwarder"))
# What a docs fragment without ports is completed with (a section it has is not added).
PORTS = {"port0": "[port0]\ndev = net_ring_p0\naddr = 10.9.0.2/24\n",
         "port1": "[port1]\ndev = net_ring_p1\naddr = 10.1.0.1/24\n"}
SYNC_KEY = "00112233445566778899aabbccddeeff"

pytestmark = pytest.mark.skipif(not FORWARDER.exists(),
                                reason=f"no forwarder at {FORWARDER}: make build, or set "
                                       "HVLB_FORWARDER")


def check(path, *eal):
    argv = [str(FORWARDER), *eal, *(["--"] if eal else []), "-c", str(path), "--check-config"]
    return subprocess.run(argv, capture_output=True, text=True, timeout=30)


def repo_inis():
    out = subprocess.run(["git", "-C", str(REPO), "ls-files", "*.ini"], capture_output=True,
                         text=True, check=True).stdout.split()
    return [(p, (REPO / p).read_text()) for p in out]


def docs_inis(tmp):
    """Each ```ini block of docs/*.md, completed with the ports it lacks; the key file of the
    [sync] example written."""
    keyfile = tmp / "sync.key"
    keyfile.write_text(SYNC_KEY + "\n")
    found = []
    for md in sorted((REPO / "docs").glob("*.md")):
        for i, block in enumerate(re.findall(r"```ini\n(.*?)```", md.read_text(), re.S)):
            head = "".join(text for name, text in PORTS.items() if f"[{name}]" not in block)
            block = block.replace("/etc/hvlb/sync.key", str(keyfile))
            found.append((f"{md.name}#{i}", head + block))
    return found


def lab_inis():
    """lab/fwdlab.py's configuration for each topology's forwarders, with the settings, port
    keys and extra sections the end-to-end tests and benchmarks give it."""
    try:
        import yaml
        sys.path.insert(0, str(REPO / "lab"))
        import fwdlab
    except ImportError as e:
        pytest.skip(f"lab/fwdlab.py cannot be imported here: {e}")
    services = [{"protocol": "tcp", "vip": "10.100.0.1", "port": 80, "scheduler": "wrr",
                 "priority": 3, "conn_rate_limit": 100, "synproxy": "auto",
                 "synproxy_threshold": 10, "reals": [("10.1.0.11", 8080, 100, 5)]},
                {"protocol": "udp", "vip": "fd00:100::1", "port": 53, "mode": "dr",
                 "reals": [("fd01::11", 0, 1)]},
                {"protocol": "tcp", "vip": "10.100.0.2", "port": 80, "mode": "tunnel",
                 "encap": "gue", "reals": [("10.1.0.11", 0, 1)]},
                {"protocol": "tcp", "vip": "10.100.0.3", "port": 80, "mode": "fullnat",
                 "client_addr": "on", "reals": [("10.1.0.11", 80, 1)]},
                {"protocol": "tcp", "vip": "192.168.0.100", "port": 0, "mode": "vxlan",
                 "vni": 100, "reals": [("10.1.0.11", 0, 1)]}]
    variants = [dict(settings={"rssa": "on", "dispatch": 1}),
                dict(settings={"rssa": "off", "rssa_period_ms": 500, "rssa_q": 0.9,
                               "idle_wake": "sleep", "idle_sleep_max_us": 1000000,
                               "conn_hash": "toeplitz", "state_dir": "/run/hvlb/state"},
                     port_settings={"rx_desc": 4096}),
                dict(port_settings={0: {"exception": "tap:exc0"}},
                     extra="\n[tunnel]\nmtu = 1400\n[timeouts]\ntcp_syn = 3\n"
                           "[local_pool]\naddrs = 10.1.0.100\nports = 1024-2047\n")]
    found = []
    for topo in sorted((REPO / "lab" / "topologies").glob("*.yaml")):
        meta = yaml.safe_load(topo.read_text()).get("meta") or {}
        if "forwarder" not in meta and "forwarders" not in meta:
            continue
        for fw in meta.get("forwarders") or [meta["forwarder"]]:
            extra = (fwdlab.sync_section(meta, fw["host"], SYNC_KEY)
                     if "forwarders" in meta and "sync_addr" in fw else "")
            for n, v in enumerate(variants):
                text = fwdlab.config_text(meta, services, host=fw["host"],
                                          **{**v, "extra": v.get("extra", "") + extra})
                found.append((f"{topo.stem}/{fw['host']}#{n}", text))
    return found


def bench_inis():
    """What the benchmarks start hvlb-forwarder with (bench/nfv.py: the NFV datapath)."""
    sys.path.insert(0, str(REPO / "bench"))
    try:
        import nfv
    except ImportError as e:
        pytest.skip(f"bench/nfv.py cannot be imported here: {e}")
    return [("bench/nfv.py", nfv.hvlb_config(1 << 21))]


def test_every_file_the_repo_has_or_makes_checks(tmp_path):
    files = repo_inis() + docs_inis(tmp_path) + lab_inis() + bench_inis()
    assert len(files) > 20
    for name, text in files:
        path = tmp_path / "f.ini"
        path.write_text(text)
        p = check(path)
        assert p.returncode == 0, f"{name}: {p.stderr}\n{text}"
        assert p.stderr == ""
        # What it prints is a start-up file that reads back to itself (its first line names
        # the file read; [sync]'s key is not printed).
        again = tmp_path / "again.ini"
        again.write_text(re.sub(r"^; key = <\d+ bytes, not shown>$", f"key = {SYNC_KEY}",
                                p.stdout, flags=re.M))
        q = check(again)
        assert q.returncode == 0, f"{name}, printed back: {q.stderr}\n{p.stdout}"
        assert q.stdout.split("\n", 1)[1] == p.stdout.split("\n", 1)[1], name


def test_misspelt_key_exits_1_naming_file_line_and_key(tmp_path):
    path = tmp_path / "fwd.ini"
    path.write_text("[forwarder]\nconn_max = 4096\n\nconn_maxx = 4096\n" + PORTS["port0"]
                    + "[vs.web]\nprotocol = tcp\nvip = 10.100.0.1\nport = 80\n"
                    + "shceduler = rr\n")
    p = check(path)
    assert p.returncode == 1
    assert p.stdout == ""
    assert f"{path}:4: [forwarder] conn_maxx: unknown key (did you mean conn_max?)" in p.stderr
    assert f"{path}:12: [vs.web] shceduler: unknown key (did you mean scheduler?)" in p.stderr


def test_bad_value_exits_1(tmp_path):
    path = tmp_path / "fwd.ini"
    path.write_text(PORTS["port0"] + "[vs.web]\nprotocol = tcp\nvip = 10.100.0.1\n"
                    + "mode = nat\nrs.1 = 10.1.0.11:80 weight=ten\n")
    p = check(path)
    assert p.returncode == 1
    assert f"{path}:8: [vs.web] rs.1: 'weight=ten' is not weight=N" in p.stderr


def test_eal_options_are_ignored_and_no_file_is_an_error(tmp_path):
    """The service's own command line with --check-config added: no EAL is started (no huge
    pages here, maybe no root), so its options do not matter."""
    path = tmp_path / "fwd.ini"
    path.write_text(PORTS["port0"])
    p = check(path, "-l", "0-1", "--vdev", "net_af_packet0,iface=nosuch", "--huge-unlink")
    assert p.returncode == 0, p.stderr
    assert "[port0]\ndev = net_ring_p0\naddr = 10.9.0.2/24\n" in p.stdout
    p = check(tmp_path / "missing.ini")
    assert p.returncode == 1
    assert "missing.ini: cannot read: No such file or directory" in p.stderr
    p = subprocess.run([str(FORWARDER), "--check-config"], capture_output=True, text=True)
    assert p.returncode == 2
    assert "usage" in p.stderr
