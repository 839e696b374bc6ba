#!/usr/bin/env python3
"""Idle mode: CPU a forwarder burns with no traffic, and what waking up costs.

In the e2e topology (lab/topologies/e2e.yaml), one worker, measured twice side by side: with
the idle back-off (the defaults: on AF_PACKET with one worker, sleeps of up to
idle_sleep_wake_max_us = 2000 µs that a frame or a handoff ends) and with pure polling
(idle_sleep_max_us = 0). For each:
- CPU: the forwarder process's CPU time over 5 idle seconds, as % of one core (the worker's
  core is 100 % when it polls; the control thread sleeps in poll() either way);
- latency: ICMP echo to the VIP (answered by the worker itself), one every 200 ms, so the
  worker is asleep at every ping in idle mode; the median RTT difference between the two
  runs is the cost of waking (the veth and kernel path are the same in both).
Prints one JSON object.
"""

import json
import os
import re
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "lab"))

import fwdlab  # noqa: E402
import topo as topolib  # noqa: E402

VIP = "10.100.0.1"
SERVICES = [{"protocol": "tcp", "vip": VIP, "port": 80, "reals": [("10.1.0.11", 80, 100)]}]


def cpu_seconds(pid):
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def forwarder_pid(topo, proc):
    # topo.popen runs `ip netns exec ... hvlb-forwarder`; ip execs the program in place.
    return proc.pid


def measure(topo, sleep_max_us):
    fw = fwdlab.start_forwarder(topo, workers=1, services=SERVICES,
                                settings={"idle_sleep_max_us": sleep_max_us},
                                name=f"fwd{sleep_max_us}")
    try:
        topo.run("client", ["ping", "-c", "3", "-i", "0.2", VIP], check=False)  # warm ARP
        time.sleep(1)
        pid = forwarder_pid(topo, fw.proc)
        c0, t0 = cpu_seconds(pid), time.monotonic()
        time.sleep(5)
        cpu = (cpu_seconds(pid) - c0) / (time.monotonic() - t0) * 100
        out = topo.run("client", ["ping", "-c", "40", "-i", "0.2", VIP], check=False).stdout
        rtts = [float(m) for m in re.findall(r"time=([\d.]+) ms", out)]
        return {"cpu_pct": round(cpu, 1), "rtt_ms_p50": statistics.median(rtts),
                "rtt_ms_min": min(rtts), "replies": len(rtts)}
    finally:
        fw.stop()


def main():
    why = topolib.unavailable()
    if why:
        print(json.dumps({"skipped": why}))
        return 0
    t = topolib.Topology.load(HERE.parent / "lab" / "topologies" / "e2e.yaml",
                              prefix="hvlbidle")
    topolib.teardown("hvlbidle")
    try:
        t.up()
        idle = measure(t, 100)
        poll = measure(t, 0)
    finally:
        t.down()
    res = {"idle_cpu_pct": idle["cpu_pct"], "polling_cpu_pct": poll["cpu_pct"],
           "echo_rtt_ms_idle": idle["rtt_ms_p50"], "echo_rtt_ms_polling": poll["rtt_ms_p50"],
           "wake_cost_us": round((idle["rtt_ms_p50"] - poll["rtt_ms_p50"]) * 1000, 1)}
    print(json.dumps(res))
    return 0


if __name__ == "__main__":
    sys.exit(main())
