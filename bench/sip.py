#!/usr/bin/env python3
"""SIP calls through a UDP VIP at 500 calls/s: seed 003's vIMS criterion, at least 99.999 % of
calls connected, with every call counted.

In lab/topologies/sip.yaml (lab/siplab.py): sipp as the calling client and as four SIP
servers, the forwarder (one worker, AF_PACKET ports), the controller and the agent with a sip
check on the service (interval 300 ms, timeout 200 ms, fall 3). Each call is INVITE, 100,
180, 200, ACK, 1 s, BYE, 200, on a client port of its own. Two runs:
- steady: BENCH_SIP_SECONDS (60) at BENCH_SIP_RATE (500) calls/s, from the moment the
  service is up; sipp's statistics file counts every call;
- a server killed: 20 s at the same rate, one server SIGKILLed 5 s in: how long the down
  verdict took, how many calls failed meanwhile, whether every call started after the verdict
  connected, and whether the dead server got any new flow after it.
Prints one JSON object; with --doc FILE (make bench: docs/benchmarks.md) also writes its
section of FILE, in place of the one there.
"""

import argparse
import json
import os
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "lab"))

import siplab  # noqa: E402
import topo as topolib  # noqa: E402

VIP = "10.100.0.1"
PREFIX = "hvlbsip"
PAUSE_MS = 1000
INTERVAL_S, TIMEOUT_MS, FALL = 0.3, 200, 3
KILL_SECONDS, KILL_AT_S = 20, 5
HEADING = "## SIP calls through a UDP VIP (vIMS)"


def cpu_seconds(pid):
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def call_figures(rep, elapsed_s=None, cpu=None):
    out = {"calls": rep.created, "connected": rep.successful, "failed": rep.failed,
           "success_pct": round(100 * rep.success_ratio(), 4),
           "calls_per_s_started": round(rep.offered_rate(), 1),
           "invite_to_200_ms": rep.invite_to_200_ms(), "retransmissions": rep.retransmissions()}
    if cpu is not None:
        out.update({k: round(100 * v / elapsed_s, 1) for k, v in cpu.items()})
    return out


def steady(bed, rate, seconds):
    """Calls at rate for seconds; CPU of the forwarder (both lcores) and of the client sipp
    over the run, in % of one core."""
    calls = siplab.Calls(bed.topo, VIP, rate, int(rate * seconds), pause_ms=PAUSE_MS,
                         name="sipp-uac-steady")
    before = bed.reals()
    fw0, t0 = cpu_seconds(bed.fw.proc.pid), time.monotonic()
    calls.start()
    uac0 = cpu_seconds(calls.proc.pid)
    siplab.wait_until(lambda: calls.proc.poll() is not None or
                      calls.started() >= calls.calls, "all calls started",
                      timeout=seconds * 2 + 30, interval=0.2)
    cpu = {"forwarder_cpu_pct": cpu_seconds(bed.fw.proc.pid) - fw0,
           "client_sipp_cpu_pct": (cpu_seconds(calls.proc.pid) - uac0)
           if calls.proc.poll() is None else 0.0}
    elapsed = time.monotonic() - t0
    rep = calls.wait()
    after = bed.reals()
    res = call_figures(rep, elapsed, cpu)
    res["flows_per_server"] = {a: after[a][1] - before[a][1] for a in after}
    res["forwarder_drops"], res["ports_missed"] = bed.losses()
    return res


def killed(bed, rate, first_port):
    """KILL_SECONDS of calls at rate from client ports first_port on, one server killed
    KILL_AT_S in."""
    host, victim = bed.nfs[1]
    # Ports the steady run did not use: its flows are still in the forwarder.
    calls = siplab.Calls(bed.topo, VIP, rate, rate * KILL_SECONDS, pause_ms=PAUSE_MS,
                         name="sipp-uac-kill", first_port=first_port)
    calls.start()
    siplab.wait_until(lambda: calls.started() >= rate * KILL_AT_S, f"{KILL_AT_S} s of calls",
                      timeout=KILL_AT_S * 3 + 10, interval=0.01)
    down_s, victim_flows, t_kill, t_down = bed.kill_and_wait_down(host)
    rep = calls.wait()
    failed = rep.failed_calls()
    res = call_figures(rep)
    res.update({
        "killed": victim, "down_verdict_s": round(down_s, 2),
        "failed_started_from_kill_s": [round(min(t for _, t in failed) - t_kill, 2),
                                       round(max(t for _, t in failed) - t_kill, 2)]
        if failed else [],
        "calls_after_verdict": sum(1 for t in rep.starts.values() if t > t_down),
        "failed_after_verdict": sum(1 for _, t in failed if t > t_down),
        "new_flows_to_killed_after_verdict": bed.reals()[victim][1] - victim_flows,
    })
    return res


def markdown(res):
    if "skipped" in res:
        return [HEADING, "", f"skipped: {res['skipped']}", ""]
    s, k = res["steady"], res["killed"]
    crit = "met" if s["success_pct"] >= 99.999 else "NOT met"
    lo, hi = (k["failed_started_from_kill_s"] + [0, 0])[:2]
    return [
        HEADING, "",
        "`bench/sip.py` (lab/siplab.py, lab/topologies/sip.yaml): sipp as the SIP client and as four",
        "SIP servers (one per NF namespace), calls through a UDP VIP in NAT mode, the forwarder on",
        "AF_PACKET ports with one worker, the controller and the agent running with a `sip` check on",
        f"the service (OPTIONS every {int(INTERVAL_S * 1000)} ms, timeout {TIMEOUT_MS} ms, fall {FALL}). A call is INVITE, 100, 180,",
        f"200, ACK, {PAUSE_MS} ms, BYE, 200, each on a client port no other call of the run uses (the kernel's",
        "random ephemeral ports would put some new calls on an earlier call's flow, which the",
        "forwarder keeps on that call's server for the UDP timeout, dead or not: services do not",
        "reschedule such flows yet). Calls start at once when the",
        "service is up; every call counts (sipp's statistics file); a call fails when a response does",
        "not come within SIP's transaction timeout (64 x T1 = 32 s, retransmitting meanwhile).", "",
        "| run | calls | connected | failed | success | calls/s started | INVITE→200 mean | retransmissions |",
        "|---|---|---|---|---|---|---|---|",
        f"| steady, {res['seconds']} s | {s['calls']} | {s['connected']} | {s['failed']} | "
        f"{s['success_pct']:.4f} % | {s['calls_per_s_started']} | {s['invite_to_200_ms']} ms | {s['retransmissions']} |",
        f"| a server killed {KILL_AT_S} s in | {k['calls']} | {k['connected']} | {k['failed']} | "
        f"{k['success_pct']:.4f} % | {k['calls_per_s_started']} | {k['invite_to_200_ms']} ms | {k['retransmissions']} |",
        "",
        f"Steady: the criterion (≥ 99.999 %) is **{crit}** at {res['rate']} calls/s "
        f"({s['calls']} calls; at this count a single failed call would be "
        f"{100 * (s['calls'] - 1) / s['calls']:.4f} %).",
        f"Forwarder CPU {s['forwarder_cpu_pct']} % of a core (worker and control thread), the client sipp "
        f"{s['client_sipp_cpu_pct']} %; flows per server {sorted(s['flows_per_server'].values())}.",
        "",
        f"Server killed (SIGKILL): the sip check had it down at the forwarder {k['down_verdict_s']} s later; "
        f"{k['failed']} calls failed, all started between {lo:+.2f} s and {hi:+.2f} s from the kill:",
        "its calls in progress and the new calls sent to it before the verdict, a quarter of the",
        f"calls over a call's length plus the verdict's time (about "
        f"{round(res['rate'] / 4 * (PAUSE_MS / 1000 + k['down_verdict_s']))}). "
        f"Of the {k['calls_after_verdict']} calls started after the verdict "
        f"{k['failed_after_verdict']} failed, and the dead server got "
        f"{k['new_flows_to_killed_after_verdict']} new flows after it.",
        "",
        f"- date: {res['date']}; machine: {res['machine']}. A shared VM: figures from one run.", "",
    ]


def write_section(path, lines):
    """Puts lines in place of the file's section under HEADING (or at its end)."""
    text = Path(path).read_text() if Path(path).exists() else ""
    start = text.find(HEADING)
    if start < 0:
        text = text.rstrip("\n") + "\n\n" if text else ""
        Path(path).write_text(text + "\n".join(lines))
        return
    end = text.find("\n## ", start + len(HEADING))
    rest = text[end + 1:] if end >= 0 else ""
    Path(path).write_text(text[:start] + "\n".join(lines) + ("\n" + rest if rest else ""))


def run(rate, seconds):
    why = topolib.unavailable() or siplab.unavailable()
    if why:
        return {"skipped": why}
    t = topolib.Topology.load(siplab.TOPOLOGY, prefix=PREFIX)
    topolib.teardown(PREFIX)
    try:
        t.up()
        bed = siplab.Bed(t, VIP, interval_s=INTERVAL_S, timeout_ms=TIMEOUT_MS, fall=FALL)
        res = {"rate": rate, "seconds": seconds, "steady": steady(bed, rate, seconds)}
        res["killed"] = killed(bed, rate, siplab.FIRST_PORT + res["steady"]["calls"])
    finally:
        t.down()
    cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo")
                if l.startswith("model name")), "?")
    res["date"] = time.strftime("%Y-%m-%d")
    res["machine"] = f"{cpu}, {os.cpu_count()} cores, {os.uname().release}"
    return res


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--doc", help="write the section of this markdown file")
    a = ap.parse_args()
    res = run(int(os.environ.get("BENCH_SIP_RATE", 500)),
              int(os.environ.get("BENCH_SIP_SECONDS", 60)))
    if a.doc:
        write_section(a.doc, markdown(res))
    print(json.dumps(res))
    return 0


if __name__ == "__main__":
    sys.exit(main())
