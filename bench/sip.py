#!/usr/bin/env python3
"""SIP calls through a UDP VIP at 500 calls/s: seed 003's vIMS criterion, at least 99.999 % of
calls connected, with every call counted.

In lab/topologies/sip.yaml (lab/siplab.py): sipp as the calling client and as four SIP
servers, the forwarder (one worker, AF_PACKET ports), the controller and the agent with a sip
check on the service (interval 300 ms, timeout 200 ms, fall 3). Each call is INVITE, 100,
180, 200, ACK, 1 s, BYE, 200. Three runs:
- steady: BENCH_SIP_SECONDS (60) at BENCH_SIP_RATE (500) calls/s, from the moment the
  service is up; sipp's statistics file counts every call;
- a server killed: 20 s at the same rate, one server SIGKILLed 5 s in, once with the
  service's down_conns = keep and once with reschedule: how long the down verdict took, how
  many calls failed meanwhile, whether every call started after the verdict connected, and
  whether the dead server got any new flow after it.
Prints one JSON object; with --doc FILE (make bench: docs/benchmarks.md) also writes its
section of FILE, in place of the one there.
"""

import os
import sys
import time
from pathlib import Path

import docsection

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


def killed(bed, rate, host, down_conns, first_port=None):
    """KILL_SECONDS of calls at rate, host's server killed KILL_AT_S in, the service's
    down_conns set first. keep: client ports from first_port on, one per call (a reused
    port would be a flow still on the dead server); reschedule: the kernel's ports."""
    victim = dict(bed.nfs)[host]
    bed.set_down_conns(down_conns)
    keep = down_conns == "keep"
    calls = siplab.Calls(bed.topo, VIP, rate, rate * KILL_SECONDS, pause_ms=PAUSE_MS,
                         name=f"sipp-uac-kill-{down_conns}", sequential_ports=keep,
                         first_port=first_port or siplab.FIRST_PORT)
    calls.start()
    siplab.wait_until(lambda: calls.started() >= rate * KILL_AT_S, f"{KILL_AT_S} s of calls",
                      timeout=KILL_AT_S * 3 + 10, interval=0.01)
    down_s, victim_flows, t_kill, t_down = bed.kill_and_wait_down(host)
    rep = calls.wait()
    failed = rep.failed_calls()
    res = call_figures(rep)
    res.update({
        "down_conns": down_conns, "killed": victim, "down_verdict_s": round(down_s, 2),
        "failed_started_from_kill_s": [round(min(t for _, t in failed) - t_kill, 2),
                                       round(max(t for _, t in failed) - t_kill, 2)]
        if failed else [],
        "calls_after_verdict": sum(1 for t in rep.starts.values() if t > t_down),
        "failed_after_verdict": sum(1 for _, t in failed if t > t_down),
        "new_flows_to_killed_after_verdict": bed.reals()[victim][1] - victim_flows,
    })
    return res


def kill_text(res, k):
    lo, hi = (k["failed_started_from_kill_s"] + [0, 0])[:2]
    where = (f", all started between {lo:+.2f} s and {hi:+.2f} s from the kill"
             if k["failed"] else "")
    return [f"- `down_conns = {k['down_conns']}`: the sip check had the server down at the forwarder "
            f"{k['down_verdict_s']} s after the kill; {k['failed']} calls failed{where}; of the "
            f"{k['calls_after_verdict']} calls started after the verdict {k['failed_after_verdict']} "
            f"failed, and the dead server got {k['new_flows_to_killed_after_verdict']} new flows "
            "after it."]


def markdown(res):
    if "skipped" in res:
        return [HEADING, "", f"skipped: {res['skipped']}", ""]
    s, kk, kr = res["steady"], res["killed_keep"], res["killed_reschedule"]
    crit = "met" if s["success_pct"] >= 99.999 else "NOT met"
    row = lambda name, r: (f"| {name} | {r['calls']} | {r['connected']} | {r['failed']} | "  # noqa: E731
                           f"{r['success_pct']:.4f} % | {r['calls_per_s_started']} | "
                           f"{r['invite_to_200_ms']} ms | {r['retransmissions']} |")
    return [
        HEADING, "",
        "`bench/sip.py` (lab/siplab.py, lab/topologies/sip.yaml): sipp as the SIP client and as four",
        "SIP servers (one per NF namespace), calls through a UDP VIP in NAT mode, the forwarder on",
        "AF_PACKET ports with one worker, the controller and the agent running with a `sip` check on",
        f"the service (OPTIONS every {int(INTERVAL_S * 1000)} ms, timeout {TIMEOUT_MS} ms, fall {FALL}). A call is INVITE, 200,",
        f"ACK, {PAUSE_MS} ms, BYE, 200. Calls start at once when the service is up; every call",
        "counts (sipp's statistics file); a call fails when a response does not come within SIP's",
        "transaction timeout (64 x T1 = 32 s, retransmitting meanwhile). Then a server is killed",
        f"(SIGKILL) {KILL_AT_S} s into {KILL_SECONDS} s of calls, once with each `down_conns` of the service: with `keep`",
        "its flows stay on it until they time out, so each call gets a client port no other call",
        "used (else a new call could land on such a flow); with `reschedule`, the default for UDP,",
        "their next client packet goes to a live server, and the kernel's ports do.", "",
        "| run | calls | connected | failed | success | calls/s started | INVITE→200 mean | retransmissions |",
        "|---|---|---|---|---|---|---|---|",
        row(f"steady, {res['seconds']} s", s),
        row(f"a server killed {KILL_AT_S} s in, `down_conns = keep`", kk),
        row(f"a server killed {KILL_AT_S} s in, `down_conns = reschedule`", kr),
        "",
        f"Steady: the criterion (≥ 99.999 %) is **{crit}** at {res['rate']} calls/s "
        f"({s['calls']} calls; at this count a single failed call would be "
        f"{100 * (s['calls'] - 1) / s['calls']:.4f} %).",
        f"Forwarder CPU {s['forwarder_cpu_pct']} % of a core (worker and control thread), the client sipp "
        f"{s['client_sipp_cpu_pct']} %; flows per server {sorted(s['flows_per_server'].values())}.",
        "",
        "Server killed:",
        *kill_text(res, kk), *kill_text(res, kr),
        "",
        "With `keep` the failed calls are the dead server's calls in progress and the new calls sent",
        "to it before the verdict (a quarter of the calls over a call's length plus the verdict's",
        "time). With `reschedule` a retransmitted INVITE of a call sent to it before the verdict is",
        "answered by a live server, and so is the BYE of a call it had answered (sipp answers 200 to",
        "a request of a call it does not know; a real server's 481 ends the dialog as well, RFC 3261",
        "15.1.1); what still fails is a call the dead server had sent a 100 or 180 for (the client",
        "stops retransmitting its INVITE then, and waits out the timeout).",
        "",
        f"- date: {res['date']}; machine: {res['machine']}. A shared VM: figures from one run.", "",
    ]


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
        # Ports the steady run did not use: its flows are still in the forwarder.
        host_a, host_b = bed.nfs[1][0], bed.nfs[2][0]
        res["killed_keep"] = killed(bed, rate, host_a, "keep",
                                    first_port=siplab.FIRST_PORT + res["steady"]["calls"])
        bed.restart_uas(host_a)
        res["killed_reschedule"] = killed(bed, rate, host_b, "reschedule")
    finally:
        t.down()
    return docsection.stamp(res)


def main():
    a = docsection.parser(__doc__).parse_args()
    res = run(int(os.environ.get("BENCH_SIP_RATE", 500)),
              int(os.environ.get("BENCH_SIP_SECONDS", 60)))
    return docsection.report(res, a.doc, HEADING, markdown)


if __name__ == "__main__":
    sys.exit(main())
