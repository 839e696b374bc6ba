"""End to end: the SYN proxy (docs/synproxy.md). With synproxy = on, real clients (curl, a
4 MiB echo whose bytes come back unchanged) work through the VIP while a flood of spoofed
SYNs and bare ACKs from random sources (forwarder/bench/spoof_flood.c) leaves no connection
entry from a spoofed source and gets no SYN to an NF (counted by the NFs' own iptables);
with synproxy = auto, the proxy turns on under the flood, off after it, and a keep-alive
connection opened before it carries requests through both switches.

As in test_spoof.py, the router drops what comes back to the spoofed sources.
"""

import ipaddress
import json
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "lab"))

import fwdlab  # noqa: E402
import labtools  # noqa: E402

TOPO = "lab/topologies/e2e.yaml"
VIP = "10.100.0.1"
NFS = [("nf1", "10.1.0.11"), ("nf2", "10.1.0.12"), ("nf3", "10.1.0.13")]
SPOOF_NET = "198.18.0.0/15"
FLOOD = REPO / "build" / "forwarder" / "bench" / "spoof_flood"
FLOOD_PPS = 10000   # what the lab's veths carry on a loaded 2-core machine (test_spoof.py)
SECONDS = 6
SHORT_RATE = 100    # real clients' new connections a second
BULK = 4 << 20      # bytes of the echo

if not fwdlab.FORWARDER.exists() or not FLOOD.exists():
    pytest.skip(f"{fwdlab.FORWARDER} or {FLOOD} not built (make build)", allow_module_level=True)

# The client side of nfsim's echo (internal/nfsim/tcp.go): "echo\n", then the data, read back
# after the NF's "nf=<name>\n" line; prints the sha256 sent and received.
ECHO = r"""
import hashlib, os, socket, sys, threading
vip, port, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
data = os.urandom(n)
s = socket.create_connection((vip, port), timeout=20)
s.sendall(b"echo\n")
threading.Thread(target=lambda: (s.sendall(data), s.shutdown(socket.SHUT_WR)), daemon=True).start()
f = s.makefile("rb")
hello = f.readline()
back = f.read(n)
print(hello.decode().strip(), hashlib.sha256(data).hexdigest(), hashlib.sha256(back).hexdigest(), len(back))
"""


def bg(topo, argv):
    return subprocess.Popen(topo.argv("client", argv), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def loadgen(topo, *extra, seconds):
    return bg(topo, [labtools.BIN / "hvlb-loadgen", "-json", "-mode", "http", "-target",
                     f"{VIP}:80", "-duration", f"{seconds}s", "-timeout", "5s", *extra])


def flood(topo, mix, pps=FLOOD_PPS, seconds=SECONDS):
    return bg(topo, [FLOOD, "--dst", VIP, "--dport", "80", "--src", SPOOF_NET, "--pps", str(pps),
                     "--seconds", str(seconds), "--mix", mix])


def report(p, what, timeout=SECONDS + 60):
    out, err = p.communicate(timeout=timeout)
    assert p.returncode in (0, 3) and out.strip(), f"{what}: exit {p.returncode}: {err}"
    return json.loads(out)


def counters(fw):
    """The workers' counters summed, by name (DPDK telemetry: the local API lists only some)."""
    return fw.telemetry("/hvlb/stats")


def drops(fw):
    return {d.reason: d.count for d in fw.stats().drops}


def count_at_nfs(topo):
    for host, _ in NFS:
        topo.run(host, ["iptables", "-w", "-A", "INPUT", "-s", SPOOF_NET, "-p", "tcp", "--syn"])
        topo.run(host, ["iptables", "-w", "-A", "INPUT", "-s", SPOOF_NET, "-p", "tcp", "!", "--syn"])


def counted_at_nfs(topo):
    got = {"syn": 0, "other": 0}
    for host, _ in NFS:
        lines = topo.run(host, ["iptables", "-w", "-L", "INPUT", "-v", "-x", "-n"]).stdout.splitlines()
        rules = [ln.split() for ln in lines if SPOOF_NET in ln]
        assert len(rules) == 2, lines
        got["syn"] += int(rules[0][0])
        got["other"] += int(rules[1][0])
    return got


def spoofed_entries(fw):
    net = ipaddress.ip_network(SPOOF_NET)
    states = {}
    for c in fw.client.iter_connections():
        if ipaddress.ip_address(c.client.rsplit(":", 1)[0]) in net:
            states[c.state] = states.get(c.state, 0) + 1
    return states


def curl_ok(topo):
    p = subprocess.run(topo.argv("client", ["curl", "-sS", "-m", "3", f"http://{VIP}/"]),
                       capture_output=True, text=True)
    return p.returncode == 0 and "nf" in p.stdout


def start(lab, synproxy, threshold=0, extra=""):
    topo = lab(TOPO)
    for host, _ in NFS:
        labtools.start_nfsim(topo, host, host, addr=None)
    topo.run("rtr", ["ip", "route", "add", "blackhole", SPOOF_NET])
    count_at_nfs(topo)
    reals = [(a, 0, 100) for _, a in NFS]  # port 0: the NF's port is the VIP's (80, 5001)
    fw = fwdlab.start_forwarder(topo, services=[
        {"protocol": "tcp", "vip": VIP, "port": port, "mode": "nat", "synproxy": synproxy,
         "synproxy_threshold": threshold, "reals": reals}
        for port in (80, labtools.TCP_PORT)], settings={"conn_max": 8192}, extra=extra)
    labtools.wait_until(lambda: curl_ok(topo), "the VIP answers", 20)
    return topo, fw


def test_synproxy_on_real_clients_and_a_spoofed_flood(lab):
    topo, fw = start(lab, "on")
    c = counters(fw)
    # curl's connection went through the proxy: a cookie, then the NF's handshake.
    assert c["synproxy_syn_acks"] >= 1 and c["synproxy_established"] >= 1, c
    # A bulk transfer both ways, its bytes checked, on a proxied connection.
    p = topo.run("client", ["python3", "-c", ECHO, VIP, str(labtools.TCP_PORT), str(BULK)])
    hello, sent, back, n = p.stdout.split()
    assert hello.startswith("nf=") and int(n) == BULK and sent == back, p.stdout
    # The listing names the connections the proxy opened: the bulk one's entry (closing, or
    # in TIME_WAIT) is translated, none still waits for its NF.
    proxied = [c.synproxy for c in fw.client.iter_connections()
               if c.vip.endswith(f":{labtools.TCP_PORT}")]
    assert proxied and set(proxied) == {"translated"}, proxied
    # hvlbctl's table says so too: its SYNPROXY column, there since a proxied one is listed.
    table = subprocess.run([labtools.BIN / "hvlbctl", "--forwarder", str(fw.sock), "conns", "--all",
                            "--vip", f"{VIP}:{labtools.TCP_PORT}"], capture_output=True, text=True, check=True).stdout
    lines = table.splitlines()
    assert lines[0].split()[-1] == "SYNPROXY" and len(lines) > 1, table
    assert all(ln.split()[-1] == "translated" for ln in lines[1:]), table

    short = loadgen(topo, "-new-conn", "-flows", "4", "-rate", str(SHORT_RATE), seconds=SECONDS)
    fl = report(flood(topo, "syn=50,ack=50"), "spoof_flood")
    sr = report(short, "short connections")
    at_nfs = counted_at_nfs(topo)
    d = drops(fw)
    c = counters(fw)

    assert fl["sent"] >= 0.9 * FLOOD_PPS * SECONDS, fl
    t = sr["total"]
    assert t["requests"] >= 0.5 * SHORT_RATE * SECONDS, json.dumps(t)  # it ran
    assert t["errors"] <= 0.001 * (t["requests"] + t["errors"]), json.dumps(t)
    # No spoofed SYN or ACK reached an NF, none left an entry; the SYNs got cookies, the ACKs
    # were refused as such.
    assert at_nfs == {"syn": 0, "other": 0}, at_nfs
    assert spoofed_entries(fw) == {}
    assert c["synproxy_syn_acks"] >= t["requests"], c
    assert 0 < d.get("synproxy_bad_cookie", 0) <= fl["ack"], d
    print("synproxy on", json.dumps({"flood": fl, "short": t, "at_nfs": at_nfs, "drops": d,
                                     "counters": {k: v for k, v in c.items() if "synproxy" in k}}))


def test_synproxy_auto_switches_on_under_a_flood_and_off_after(lab):
    # A short tcp_syn timeout: the flood's entries from before the switch expire soon after
    # it, and the proxy turns off about one tcp_syn after the flood (docs/synproxy.md).
    topo, fw = start(lab, "auto", threshold=200, extra="[timeouts]\ntcp_syn = 3\n")
    assert counters(fw)["synproxy_syn_acks"] == 0  # off: curl's SYN went to the NF
    keep = loadgen(topo, "-flows", "1", "-rate", "20", seconds=SECONDS + 20)
    labtools.wait_until(lambda: any(c.state == "established" for c in fw.client.iter_connections()),
                        "the keep-alive connection is established", 10)
    fp = flood(topo, "syn=100", pps=4000)
    labtools.wait_until(lambda: counters(fw)["synproxy_auto_on"] >= 1, "auto turns the proxy on", 10)
    # While it is on: a real client gets in through a cookie.
    before = counters(fw)["synproxy_established"]
    assert curl_ok(topo)
    assert counters(fw)["synproxy_established"] > before
    fl = report(fp, "spoof_flood")
    at_flood_end = counted_at_nfs(topo)
    labtools.wait_until(lambda: counters(fw)["synproxy_auto_off"] >= 1, "auto turns the proxy off", 30)
    # Off again: a new client's SYN goes to the NF, no cookie.
    c = counters(fw)
    assert curl_ok(topo)
    assert counters(fw)["synproxy_syn_acks"] == c["synproxy_syn_acks"]
    kr = report(keep, "keep-alive connection", timeout=SECONDS + 90)
    k = kr["total"]
    assert k["requests"] > 0 and k["errors"] == 0 and all(f["reconnects"] == 0 for f in kr["flows"]), \
        json.dumps(kr)
    # Before the switch, up to the threshold's worth of spoofed SYNs reached the NFs; after,
    # none: the NFs saw far fewer than were sent.
    assert at_flood_end["other"] == 0 and at_flood_end["syn"] < fl["syn"] // 4, (at_flood_end, fl)
    print("synproxy auto", json.dumps({"flood": fl, "at_nfs": at_flood_end, "keepalive": k,
                                       "counters": {k: v for k, v in c.items() if "synproxy" in k}}))
