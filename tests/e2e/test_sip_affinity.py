"""End to end: SIP call affinity (docs/scheduling.md, "SIP call affinity"). A SIP trunk (sipp
as the UAC, every call from ONE address and ONE port, as an SBC sends them) calls through a
UDP VIP to four SIP servers (lab/topologies/sip.yaml, lab/siplab.py), the service's hash set
to sip_call_id through the controller: every call connects, every message of a call
(INVITE, ACK, BYE, and any retransmission) reaches one server, the one
tests/model/hvlb_model.py predicts from the call's Call-ID, and the calls spread over the
four servers as their weights say. Then, the contrast: with the hash set back to 5tuple, the
calls of a trunk port all land on one server.

Each server's sipp writes the messages it receives (-trace_msg), which the test reads.
"""

import math
import re
import sys
from collections import Counter
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "lab"))
sys.path.insert(0, str(REPO / "tests" / "model"))

import fwdlab  # noqa: E402
import hvlb_model  # noqa: E402
import siplab  # noqa: E402
import siptrunk  # noqa: E402

VIP = "10.100.0.1"
PORT = siplab.SIP_PORT
RATE, CALLS, PAUSE_MS = 100, 400, 200
WEIGHT = 100  # siplab.Bed gives every server this weight
TRUNK_PORT, TRUNK_PORT_5TUPLE = 5070, 5071
# Each server's share of N calls is binomial(N, 1/4) (the Call-IDs' hashes fall on the Maglev
# table's entries as at random, each server owning a quarter of them to within ~1 %): mean
# N/4 = 100, sigma sqrt(N * 1/4 * 3/4) = 8.66 for N = 400. 5 sigma either side, [56.7,
# 143.3], fails a correct forwarder about once in 1.7 million runs per server.
SIGMAS = 5

if (why := fwdlab.unbuilt() or siplab.unavailable()) is not None:
    pytest.skip(why, allow_module_level=True)


@pytest.fixture
def bed(lab):
    """A SIP server on each of the four NFs (each writing what it receives), the forwarder,
    the control plane and the UDP service with hash sip_call_id, all up."""
    return siplab.Bed(lab(siplab.TOPOLOGY), VIP, hash="sip_call_id", messages=True)


def calls_by_server(bed):
    """{Call-ID: {server: Counter of methods}} of the trunk's calls (those with an INVITE;
    the agent's OPTIONS checks are not calls)."""
    out = {}
    for server, reqs in bed.requests_by_server().items():
        for method, cid in reqs:
            if method in ("INVITE", "ACK", "BYE"):
                out.setdefault(cid, {}).setdefault(server, Counter())[method] += 1
    return {cid: s for cid, s in out.items() if any("INVITE" in m for m in s.values())}


def run_calls(bed, local_port):
    rep = siplab.Calls(bed.topo, VIP, RATE, CALLS, pause_ms=PAUSE_MS, local_port=local_port,
                       name=f"sipp-uac-{local_port}").start().wait()
    print(rep.summary(), "forwarder drops, missed:", *bed.losses())
    assert rep.created == CALLS and rep.successful == CALLS and rep.failed == 0 and rep.rc == 0, \
        f"{rep.summary()}; failed calls (number, start): {rep.failed_calls()[:20]}"
    assert set(rep.ports.values()) == {local_port}, "every call from the one trunk port"
    return rep


def test_calls_of_one_trunk_port_spread_by_call_id(bed):
    servers = [a for _, a in bed.nfs]
    table = hvlb_model.vs_maglev_table([{"addr": a, "port": PORT, "weight": WEIGHT}
                                        for a in servers])
    run_calls(bed, TRUNK_PORT)
    calls = calls_by_server(bed)
    assert len(calls) == CALLS, f"{len(calls)} calls reached the servers, want {CALLS}"
    per_server = Counter()
    for cid, seen in calls.items():
        assert len(seen) == 1, f"call {cid}: messages at several servers: {seen}"
        server, methods = next(iter(seen.items()))
        # Every message of the call, at its server: sipp's UAC sends no BYE before the 200
        # to its INVITE and no second call with the same Call-ID.
        assert methods["INVITE"] >= 1 and methods["ACK"] >= 1 and methods["BYE"] >= 1, \
            f"call {cid} at {server}: {dict(methods)}"
        want = servers[hvlb_model.pick_maglev(table, hvlb_model.sip_call_id_hash(cid))]
        assert server == want, f"call {cid} at {server}, the model says {want}"
        per_server[server] += 1
    p = 1 / len(servers)  # equal weights
    mean, sd = CALLS * p, math.sqrt(CALLS * p * (1 - p))
    lo, hi = mean - SIGMAS * sd, mean + SIGMAS * sd
    print(f"calls per server: {dict(per_server)}; {SIGMAS} sigma bounds [{lo:.1f}, {hi:.1f}]")
    assert all(lo <= per_server[s] <= hi for s in servers), \
        f"calls per server {dict(per_server)} outside [{lo:.1f}, {hi:.1f}]"
    # Every message of the trunk had its Call-ID read; none went by the 5-tuple.
    c = bed.fw.telemetry("/hvlb/stats")
    assert c["sip_call_id"] >= 3 * CALLS and c["sip_no_call_id"] == 0, c

    # The contrast: by the 5-tuple, a trunk port's calls all go to one server.
    bed.set_hash("5tuple")
    before = {cid for cid in calls}
    run_calls(bed, TRUNK_PORT_5TUPLE)
    landed = {cid: seen for cid, seen in calls_by_server(bed).items() if cid not in before}
    assert len(landed) == CALLS, f"{len(landed)} new calls reached the servers, want {CALLS}"
    where = Counter(s for seen in landed.values() for s in seen)
    h = hvlb_model.flow_hash(hvlb_model.AF_INET, hvlb_model.PROTO_UDP, bed.topo.addr("client"), VIP,
                             TRUNK_PORT_5TUPLE, PORT)
    want = servers[hvlb_model.pick_maglev(table, h)]
    print(f"hash 5tuple: calls per server {dict(where)}")
    assert set(where) == {want}, f"by the 5-tuple every call at {want}: {dict(where)}"


BIG_CALLS = 200


def test_fragmented_invites_of_one_trunk_port_over_af_xdp(lab):
    """INVITEs with 2 kB of SDP (an offer with many codecs and candidates), which the trunk's
    kernel fragments at the 1,500-byte MTU, through the forwarder on AF_XDP ports (the
    fragments reach it as sent) with fragments = forward (docs/fragments.md) and hash
    sip_call_id (lab/siptrunk.py): every call connects, each call's messages at one server,
    the one its Call-ID picks (read in the INVITE's first fragment; the later ones follow
    it), and fragments were forwarded, none refused."""
    bed = siptrunk.bed(lab(siptrunk.spec()), messages=True)
    servers = [a for _, a in bed.nfs]
    table = hvlb_model.vs_maglev_table([{"addr": a, "port": PORT, "weight": WEIGHT}
                                        for a in servers])
    rep = siplab.Calls(bed.topo, VIP, RATE, BIG_CALLS, pause_ms=PAUSE_MS, local_port=TRUNK_PORT,
                       name="sipp-uac-big", sdp_pad=siptrunk.SDP_PAD).start().wait()
    print(rep.summary(), "forwarder drops, missed:", *bed.losses())
    assert rep.created == BIG_CALLS and rep.successful == BIG_CALLS and rep.failed == 0, \
        f"{rep.summary()}; failed calls (number, start): {rep.failed_calls()[:20]}"
    calls = calls_by_server(bed)
    assert len(calls) == BIG_CALLS, f"{len(calls)} calls reached the servers, want {BIG_CALLS}"
    for cid, seen in calls.items():
        assert len(seen) == 1, f"call {cid}: messages at several servers: {seen}"
        want = servers[hvlb_model.pick_maglev(table, hvlb_model.sip_call_id_hash(cid))]
        assert next(iter(seen)) == want, f"call {cid} at {next(iter(seen))}, the model says {want}"
    drops = {d.reason: d.count for d in bed.fw.stats().drops}
    refused = {r: n for r, n in drops.items() if r.startswith("frag") or r == "fragment"}
    assert not any(refused.values()), refused
    # The INVITEs were larger than the path's 1,500-byte MTU, so they crossed in fragments.
    sizes = invite_sizes(bed)
    assert len(sizes) >= BIG_CALLS and min(sizes) > 1500, (len(sizes), min(sizes, default=0))


def invite_sizes(bed):
    """The size of each INVITE the servers received, as sipp's message files say it."""
    out = []
    for h, _ in bed.nfs:
        text = Path(bed.messages[h]).read_text(errors="replace")
        for block in re.split(r"^-{20,}.*$", text, flags=re.M):
            head, _, msg = block.partition("\n\n")
            m = re.search(r"\[(\d+)\] bytes", head)
            if "message received" in head and m and msg.strip().startswith("INVITE"):
                out.append(int(m.group(1)))
    return out
