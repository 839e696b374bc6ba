#!/usr/bin/env python3
"""A SIP trunk's soak: fragmented INVITEs from one address and port, balanced by Call-ID.

lab/siptrunk.py (the same code as tests/e2e/test_sip_trunk.py, longer): sipp sends every call
from ONE address and port, each INVITE with 2 kB of SDP (fragmented by the trunk's kernel at
the 1,500-byte MTU), through a UDP VIP (forwarder on AF_XDP ports, one worker,
fragments = forward, hash = sip_call_id) to four SIP servers weighted 1:2:3:4, with the
controller and the agent's sip check running. Two runs:
- steady: BENCH_SIP_TRUNK_CALLS (300,000) calls at BENCH_SIP_TRUNK_RATE (500) calls/s: call
  success (target >= 99.999 %), each server's share against its weight (target: within 3
  points);
- a server killed: BENCH_SIP_TRUNK_KILL_CALLS (30,000) calls at the same rate, one server
  SIGKILLed a third of the way in (20 s): how many calls failed between the kill and the check's verdict, and
  whether every call started after the verdict connected, on a live server;
- the reference: BENCH_SIP_TRUNK_NFT_CALLS (as many as steady; 0 skips it) calls at the same
  rate through the kernel's nftables DNAT in the forwarder's place (lab/siptrunk.py NftBed),
  right after the steady run on the same machine: what this machine's load leaves of call
  success without hvlb (conntrack sends the trunk's one flow to one server, so no spread).
Prints one JSON object; with --doc FILE (make bench: docs/benchmarks.md) also writes its
section of FILE, in place of the one there.
"""

import json
import os
import sys
from pathlib import Path

import docsection

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "lab"))

import siplab  # noqa: E402
import siptrunk  # noqa: E402
import topo as topolib  # noqa: E402

PREFIX, PREFIX_NFT = "hvlbtrunk", "hvlbtrunknft"
VICTIM = "nf3"
HEADING = "## A SIP trunk's fragmented calls by Call-ID (soak)"


def row(name, r):
    return (f"| {name} | {r['calls']} | {r['connected']} | {r['failed']} | {r['success_pct']:.5f} % | "
            f"{r['calls_per_s_started']} | {r['invite_to_200_ms']} ms | {r['retransmissions']} | "
            f"{r.get('spread_max_dev_points', '-')} |")


def spread_text(r):
    return ", ".join(f"{a} {v['pct']} % (weight {v['weight_pct']} %)" for a, v in r["spread"].items())


def markdown(res):
    if "skipped" in res:
        return [HEADING, "", f"skipped: {res['skipped']}", ""]
    s, k = res["steady"], res["killed"]
    crit = "met" if s["success_pct"] >= 99.999 else "NOT met"
    spread_crit = "met" if s["spread_max_dev_points"] <= 3 else "NOT met"
    lo, hi = (k["failed_started_from_kill_s"] + [0, 0])[:2]
    return [
        HEADING, "",
        "`bench/sip_trunk.py` (lab/siptrunk.py; `tests/e2e/test_sip_trunk.py` runs the same code with",
        "a few thousand calls): sipp places every call from ONE address and port (`-t u1`), as an SBC",
        f"does, each INVITE with {siptrunk.SDP_PAD} bytes of extra SDP, so the trunk's kernel fragments it at the",
        "1,500-byte MTU; the forwarder (one worker, AF_XDP ports, `fragments = forward`) balances the",
        "calls of that one 5-tuple by Call-ID (`hash = sip_call_id`) over four sipp servers weighted",
        "1:2:3:4, the controller and the agent's `sip` check running. A call is INVITE, 200,",
        f"ACK, {siptrunk.PAUSE_MS} ms, BYE, 200; it fails when a response does not come within 32 s (retransmitting).",
        "Each call's server is the one whose address its 200's Contact carries (read at the client);",
        "the servers' kernels reassembled the INVITEs (their ReasmOKs).", "",
        "| run | calls | connected | failed | success | calls/s started | INVITE→200 mean | retransmissions | largest share − weight (points) |",
        "|---|---|---|---|---|---|---|---|---|",
        row("steady", s),
        *([row("nftables DNAT (reference)", res["nft"])] if res.get("nft") else []),
        row(f"{k['killed']} killed {res['kill_at_s']} s in", k),
        "",
        f"Steady: call success ≥ 99.999 % **{crit}** ({s['calls']} calls at {res['rate']} calls/s; one failed call at "
        f"this count would be {100 * (s['calls'] - 1) / s['calls']:.5f} %); the spread within 3 points of the weights "
        f"**{spread_crit}**: {spread_text(s)}. Datagrams the servers reassembled: {s['reassembled_at_servers']}; "
        f"fragments refused by the forwarder: {sum(s['frag_refused'].values())}; forwarder drops: "
        f"{s['forwarder_drops'] or 'none'}.",
        "",
        *([f"Reference, right after on the same machine: {n['calls']} calls through the kernel's nftables "
           f"DNAT in the forwarder's place (conntrack sends the trunk's one flow to one server: "
           f"{n['servers']}): {n['success_pct']:.5f} % ({n['failed']} failed).", ""]
          if (n := res.get("nft")) else []),
        f"A server killed (SIGKILL) {res['kill_at_s']} s into {k['calls']} calls: the sip check had it down at the forwarder "
        f"{k['down_verdict_s']} s after the kill; {k['failed_before_verdict']} call(s) failed before the verdict"
        + (f" (started {lo:+.2f} s to {hi:+.2f} s from the kill)" if k["failed"] else "")
        + f"; of the {k['calls_after_verdict']} calls started after it {k['failed_after_verdict']} failed and "
        f"{k['answered_by_killed_after_verdict']} were answered by the dead server; their spread over the three "
        f"left: {spread_text(k)}.",
        "",
        "Where the failed calls went (sipp's reasons; when they started, in 10 s buckets from "
        "the run's first call; the sip check's down verdicts; datagrams the kernels dropped "
        "for a full socket buffer, the ports' missed frames and the frames the kernel dropped "
        "for a port's full receive ring, where measured):",
        *(f"- {name}: {r.get('failed_why', {})}; started {r.get('failed_by_10s', {})}; down "
          f"verdicts {r.get('health_downs', '?')}; socket buffers {r.get('socket_buffer_drops', '?')}; "
          f"ports missed {r.get('ports_missed', '?')}; receive rings {r.get('ports_kernel_rx_drops', '?')}"
          for name, r in (("steady", s), ("nftables", res.get("nft") or {}), ("killed", k))),
        "",
        f"- date: {res['date']}; machine: {res['machine']}. A shared VM (other work running): figures from one run.",
        "",
    ]


def nft_soak(rate, calls):
    """The reference soak through nftables DNAT (siptrunk.NftBed), on a topology of its own."""
    t = topolib.Topology(siptrunk.nft_spec(), prefix=PREFIX_NFT, source=str(siplab.TOPOLOGY))
    topolib.teardown(PREFIX_NFT)
    try:
        t.up()
        r, _ = siptrunk.soak(siptrunk.NftBed(t, weights=siptrunk.WEIGHTS), rate, calls,
                             name="sipp-trunk-nft")
    finally:
        t.down()
    return r


def run(rate, calls, kill_calls, nft_calls):
    why = topolib.unavailable() or siplab.unavailable()
    if why:
        return {"skipped": why}
    t = topolib.Topology(siptrunk.spec(), prefix=PREFIX, source=str(siplab.TOPOLOGY))
    topolib.teardown(PREFIX)
    res = {"rate": rate, "kill_at_s": round(kill_calls / rate / 3, 1)}
    try:
        t.up()
        bed = siptrunk.bed(t, weights=siptrunk.WEIGHTS)
        res["steady"], _ = siptrunk.soak(bed, rate, calls, name="sipp-trunk-steady")
        print("  sip trunk steady:", json.dumps(res["steady"]), file=sys.stderr)
        # The reference right after, while the machine is as loaded (this lab's servers and
        # forwarder idle meanwhile); then the kill run on this lab.
        if nft_calls:
            res["nft"] = nft_soak(rate, nft_calls)
            print("  sip trunk nftables:", json.dumps(res["nft"]), file=sys.stderr)
        res["killed"], _ = siptrunk.soak(bed, rate, kill_calls, kill=(VICTIM, res["kill_at_s"]),
                                         name="sipp-trunk-kill")
    finally:
        t.down()
    return docsection.stamp(res)


def main():
    a = docsection.parser(__doc__).parse_args()
    calls = int(os.environ.get("BENCH_SIP_TRUNK_CALLS", 300000))
    res = run(int(os.environ.get("BENCH_SIP_TRUNK_RATE", 500)), calls,
              int(os.environ.get("BENCH_SIP_TRUNK_KILL_CALLS", 30000)),
              int(os.environ.get("BENCH_SIP_TRUNK_NFT_CALLS", calls)))
    return docsection.report(res, a.doc, HEADING, markdown)


if __name__ == "__main__":
    sys.exit(main())
