#!/usr/bin/env python3
"""A spoofed TCP flood against a VIP while real clients keep connecting.

In the e2e topology (lab/topologies/e2e.yaml), one worker with an 8192-entry connection
table, a NAT service over three NFs (hvlb-nfsim). For each flood rate, side by side with no
flood:
- the flood: forwarder/bench/spoof_flood from the client namespace, random sources in
  198.18.0.0/15 (blackholed at the router, as the Internet would drop the replies), half SYNs,
  40 % bare ACKs, the rest SYN+FIN, RST and flagless segments;
- real clients at the same time: HTTP GETs over new connections, 100 a second (hvlb-loadgen
  -new-conn), and two keep-alive connections opened before the flood, 20 requests a second;
- read-outs: the real connections that succeeded and their latency (connect and request),
  the forwarder's evictions and drops, what the NFs' kernels received from the spoofed
  prefix (iptables counters: SYNs, and anything else, which would have been forwarded
  wrongly), the states of the entries spoofed sources hold at the end, and the share of the
  flood that reached the forwarder at all (its tcp_no_conn and synproxy_bad_cookie drops over
  the ACKs and RSTs sent: the rest was lost in the lab's kernel);
- then the same with the service's SYN proxy (docs/synproxy.md) on, and in auto mode (its
  default threshold, 1000 embryonic connections per worker): the cookie SYN-ACKs sent and
  the ACKs refused as bad cookies.
Prints one JSON object; with --doc FILE (make bench: docs/benchmarks.md) also writes its
section of FILE, in place of the one there.
"""

import ipaddress
import json
import subprocess
import sys
import time
from pathlib import Path

import docsection

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO / "lab"))

import fwdlab  # noqa: E402
import labtools  # noqa: E402
import topo as topolib  # noqa: E402

VIP = "10.100.0.1"
NFS = [("nf1", "10.1.0.11"), ("nf2", "10.1.0.12"), ("nf3", "10.1.0.13")]
SPOOF_NET = "198.18.0.0/15"
FLOOD = REPO / "build" / "forwarder" / "bench" / "spoof_flood"
CONN_MAX = 8192
SECONDS = 10
RATES = (0, 5000, 10000, 20000, 40000)
# (synproxy, flood pps) of the rows after the plain ones.
SYNPROXY_RUNS = (("on", 10000), ("on", 40000), ("auto", 10000), ("auto", 40000))
MIX = "syn=50,ack=40,synfin=4,rst=3,null=3"
HEADING = "## Spoofed flood"


def bg(t, argv):
    return subprocess.Popen(t.argv("client", argv), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def loadgen(t, *extra, seconds):
    return bg(t, [labtools.BIN / "hvlb-loadgen", "-json", "-mode", "http", "-target",
                  f"{VIP}:80", "-duration", f"{seconds}s", "-timeout", "5s", *extra])


def nf_counters(t, add=False):
    """iptables counters of what the NFs receive from the spoofed prefix: SYNs, other."""
    rules = (["--syn"], ["!", "--syn"])
    got = [0, 0]
    for host, _ in NFS:
        if add:
            t.run(host, ["iptables", "-w", "-F", "INPUT"])
            for r in rules:
                t.run(host, ["iptables", "-w", "-A", "INPUT", "-s", SPOOF_NET, "-p", "tcp", *r])
            continue
        lines = t.run(host, ["iptables", "-w", "-L", "INPUT", "-v", "-x", "-n"]).stdout
        for i, ln in enumerate(x for x in lines.splitlines() if SPOOF_NET in x):
            got[i] += int(ln.split()[0])
    return {"syn": got[0], "other": got[1]}


def run_one(t, pps, synproxy="off"):
    fw = fwdlab.start_forwarder(t, services=[
        {"protocol": "tcp", "vip": VIP, "port": 80, "mode": "nat", "synproxy": synproxy,
         "reals": [(a, 80, 100) for _, a in NFS]}], settings={"conn_max": CONN_MAX},
        name=f"fwd{pps}{synproxy}")
    try:
        labtools.wait_until(lambda: t.run("client", ["curl", "-sS", "-m", "2", f"http://{VIP}/"],
                                          check=False).returncode == 0, "the VIP answers", 20)
        nf_counters(t, add=True)
        keep = loadgen(t, "-flows", "2", "-rate", "20", seconds=SECONDS + 2)
        time.sleep(1)
        short = loadgen(t, "-new-conn", "-flows", "4", "-rate", "100", seconds=SECONDS)
        flood = None
        if pps:
            flood = bg(t, [FLOOD, "--dst", VIP, "--dport", "80", "--src", SPOOF_NET,
                           "--pps", str(pps), "--seconds", str(SECONDS), "--mix", MIX])
        fl = json.loads(flood.communicate(timeout=SECONDS + 30)[0]) if flood else {"sent": 0}
        sr = json.loads(short.communicate(timeout=SECONDS + 30)[0])["total"]
        kr = json.loads(keep.communicate(timeout=SECONDS + 30)[0])
        st = fw.stats()
        at_nfs = nf_counters(t)
        drops = {d.reason: d.count for d in st.drops}
        net = ipaddress.ip_network(SPOOF_NET)
        states = {}
        for c in fw.client.iter_connections():
            if ipaddress.ip_address(c.client.rsplit(":", 1)[0]) in net:
                states[c.state] = states.get(c.state, 0) + 1
        ok, bad = sr["requests"], sr["errors"]
        tel = fw.telemetry("/hvlb/stats")
        refused = drops.get("tcp_no_conn", 0) + drops.get("synproxy_bad_cookie", 0)
        return {
            "synproxy": synproxy,
            "synproxy_syn_acks": tel.get("synproxy_syn_acks", 0),
            "synproxy_bad_cookie": drops.get("synproxy_bad_cookie", 0),
            "synproxy_auto_on": tel.get("synproxy_auto_on", 0),
            "pps_asked": pps, "pps_sent": fl.get("pps", 0), "flood": fl,
            "real_ok": ok, "real_failed": bad,
            "real_ok_pct": round(100.0 * ok / max(ok + bad, 1), 3),
            "real_rtt_ms_p50": sr["rtt_ms"]["p50"], "real_rtt_ms_p99": sr["rtt_ms"]["p99"],
            "keepalive_errors": kr["total"]["errors"],
            "keepalive_reconnects": sum(f["reconnects"] for f in kr["flows"]),
            "evicted": sum(w.conn_evicted_embryonic for w in st.workers),
            "tcp_no_conn": drops.get("tcp_no_conn", 0),
            "tcp_bad_flags": drops.get("tcp_bad_flags", 0),
            "conn_table_full": drops.get("conn_table_full", 0),
            "nf_spoofed_syn": at_nfs["syn"], "nf_spoofed_other": at_nfs["other"],
            "flood_reached_pct": round(100.0 * refused
                                       / max(fl.get("ack", 0) + fl.get("rst", 0), 1), 1),
            "spoof_entries": states,
        }
    finally:
        fw.stop()


def markdown(res):
    """The section of docs/benchmarks.md."""
    if "skipped" in res:
        return [HEADING, "", f"skipped: {res['skipped']}", ""]
    md = [HEADING, "",
          "`bench/flood.py`: one worker on AF_PACKET in the e2e namespaces, a NAT service over three",
          f"NFs, a connection table of {res['conn_max']} entries. For {res['seconds']} s, `spoof_flood`",
          "(forwarder/bench) sends from the client namespace, from random sources in 198.18.0.0/15",
          "(blackholed at the router), half SYNs, 40 % bare ACKs, the rest SYN+FIN, RST and flagless",
          "segments, while real clients open 100 HTTP connections a second (`hvlb-loadgen -new-conn`)",
          "and two keep-alive connections, opened before the flood, carry 20 requests a second.",
          "*SYN proxy*: the service's (docs/synproxy.md; `auto` at its default threshold, 1000",
          "embryonic connections per worker), with the cookie SYN-ACKs it sent and the ACKs it",
          "refused (`synproxy_bad_cookie`). *Reached the forwarder*: its `tcp_no_conn` and",
          "`synproxy_bad_cookie` drops over the spoofed ACKs and RSTs sent (the",
          "rest was lost in the lab's kernel). *At NFs*: what the NFs' kernels received from the",
          "spoofed prefix (iptables counters): SYNs (forwarded, as any SYN is) and anything else,",
          "which would have been forwarded wrongly. *Spoof entries*: the states of the entries",
          "spoofed sources hold at the end.", "",
          "| SYN proxy | flood pps (sent) | reached the forwarder | real connections ok | "
          "real p50 / p99 ms | keep-alive errors | evicted | tcp_no_conn | tcp_bad_flags | "
          "conn_table_full | cookies sent / bad cookies | at NFs: SYN / other | spoof entries |",
          "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in res["rows"]:
        ent = ", ".join(f"{n} {k}" for k, n in sorted(r["spoof_entries"].items())) or "-"
        reached = "-" if not r["pps_asked"] else f"{r['flood_reached_pct']} %"
        sp = r.get("synproxy", "off")
        cookies = "-" if sp == "off" else f"{r['synproxy_syn_acks']} / {r['synproxy_bad_cookie']}"
        md.append(f"| {sp} | {r['pps_asked']} ({r['pps_sent']}) | {reached} | "
                  f"{r['real_ok']}/{r['real_ok'] + r['real_failed']} ({r['real_ok_pct']} %) | "
                  f"{r['real_rtt_ms_p50']:.2f} / {r['real_rtt_ms_p99']:.2f} | "
                  f"{r['keepalive_errors'] + r['keepalive_reconnects']} | {r['evicted']} | "
                  f"{r['tcp_no_conn']} | {r['tcp_bad_flags']} | {r['conn_table_full']} | "
                  f"{cookies} | {r['nf_spoofed_syn']} / {r['nf_spoofed_other']} | {ent} |")
    md += ["", "Only SYNs open connections (`tcp_no_conn`, `tcp_bad_flags`: docs/drops.md), so the",
           "ACKs and the rest make no state and reach no NF; the spoofed SYNs fill the table with",
           "embryonic entries, which every new connection evicts, oldest first, so real clients keep",
           "connecting and no established connection is ever evicted. Before this defence a bare ACK",
           "opened an entry, established at once for 900 s, so the same flood filled the table for",
           "good. `tests/e2e/test_spoof.py` asserts the same at 10,000 packets a second.", "",
           "With the SYN proxy on, no spoofed SYN reaches an NF or makes an entry: each is answered",
           "with a cookie, and a spoofed ACK carries none. In auto mode the first SYNs of the flood",
           "(up to the threshold, per worker) still open entries and reach the NFs, until the",
           "embryonic count passes the threshold and the proxy turns on; those entries stay until",
           "their `tcp_syn` timeout (30 s, longer than the run). `tests/e2e/test_synproxy.py`",
           "asserts both modes.", "",
           f"- date: {res['date']}; machine: {res['machine']}. A shared VM: figures from one run.",
           ""]
    return md


def run():
    why = topolib.unavailable()
    if not why and not FLOOD.exists():
        why = f"{FLOOD} not built (make build)"
    if not why and not (labtools.BIN / "hvlb-loadgen").exists():
        why = "build/bin/hvlb-loadgen not built (make build)"
    if why:
        return {"skipped": why}
    t = topolib.Topology.load(REPO / "lab" / "topologies" / "e2e.yaml", prefix="hvlbflood")
    topolib.teardown("hvlbflood")
    rows = []
    try:
        t.up()
        for host, _ in NFS:
            labtools.start_nfsim(t, host, host, addr=None)
        t.run("rtr", ["ip", "route", "add", "blackhole", SPOOF_NET])
        for sp, pps in [("off", r) for r in RATES] + list(SYNPROXY_RUNS):
            rows.append(run_one(t, pps, sp))
            print(f"  synproxy {sp}, flood {pps} pps: {json.dumps(rows[-1])}", file=sys.stderr)
    finally:
        t.down()
    return {"conn_max": CONN_MAX, "seconds": SECONDS, "mix": MIX, "rows": rows,
            "date": time.strftime("%Y-%m-%d"),
            "machine": docsection.machine()}


def main():
    a = docsection.parser(__doc__).parse_args()
    return docsection.report(run(), a.doc, HEADING, markdown)


if __name__ == "__main__":
    sys.exit(main())
