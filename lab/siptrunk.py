"""A SIP trunk's calls through hvlb, fragmented (issue 29's proof of SIP call affinity): sipp
places every call from ONE address and ONE port, as an SBC or a P-CSCF does, each INVITE with
2 kB of SDP, so the trunk's kernel fragments it at the 1,500-byte MTU; the forwarder, on
AF_XDP ports (the fragments reach it as sent, docs/fragments.md) with `fragments = forward`,
balances them by Call-ID (`hash = sip_call_id`, docs/scheduling.md) over the four SIP servers
of lab/topologies/sip.yaml. The same code runs a few thousand calls in `make test`
(tests/e2e/test_sip_trunk.py, tests/e2e/test_sip_affinity.py) and 300,000 in `make bench`
(bench/sip_trunk.py).

    topo = <lab/topologies/sip.yaml built from siptrunk.spec()>
    bed = siptrunk.bed(topo, weights=siptrunk.WEIGHTS)
    steady, rep = siptrunk.soak(bed, rate=500, calls=5000)   # figures (a dict), CallReport
    killed, rep = siptrunk.soak(bed, rate=500, calls=5000, kill=("nf3", 3.0))

Each call's server is the one that answered its INVITE (the address in the 200's Contact,
logged by lab/sip/uac-call.xml), so the spread over the servers is read at the client, per
call, with no message trace at the servers (which a 300,000-call run could not afford).
"""

import math
from collections import Counter
from pathlib import Path

import yaml

import siplab
from labtools import wait_until

VIP = "10.100.0.1"
TRUNK_PORT = 5070
# Bytes of extra SDP in each INVITE: the INVITE is then about 2.4 kB, past the 1,500-byte MTU.
SDP_PAD = 2000
PAUSE_MS = 1000
# Unequal weights, so that the spread is checked against weights rather than an even split.
WEIGHTS = {"10.1.0.11": 100, "10.1.0.12": 200, "10.1.0.13": 300, "10.1.0.14": 400}
# The sip check that takes a dead server out (as tests/e2e/test_sip.py's).
INTERVAL_S, TIMEOUT_MS, FALL, RISE = 0.3, 200, 3, 2
# RX descriptors of each AF_XDP port (docs/forwarder-config.md; a NIC's ring is as long):
# what the kernel holds for a worker the machine does not run for a while. With the default
# 1,024, a 50,000-call soak at load 21 lost 5,774 frames to the client side's full ring
# (kernel_rx_drops), each a retransmission.
RX_DESC = 4096
# The reference (nft_bed): the kernel routing in the forwarder's namespace, nftables DNAT
# sending the VIP's SIP to the servers (conntrack reassembles the INVITEs and fragments them
# again). conntrack keys a flow by its 5-tuple, so the trunk's one flow goes to ONE server:
# the reference measures call success on this machine, not the spread.
NFT_RULES = """
table ip siptrunk {{
  chain prerouting {{
    type nat hook prerouting priority dstnat; policy accept;
    ip daddr {vip} udp dport {port} dnat to numgen inc mod {n} map {{ {targets} }}
  }}
}}
"""


def spec():
    """lab/topologies/sip.yaml with one queue a link: AF_XDP takes one socket a queue (the
    worker's), and what the kernel put on another queue would go to the kernel instead."""
    s = yaml.safe_load(siplab.TOPOLOGY.read_text())
    s.setdefault("defaults", {})["queues"] = 1
    return s


def bed(topo, weights=None, messages=False):
    """siplab.Bed on topo (built from spec()): AF_XDP ports, fragments = forward, the UDP
    service on VIP with hash sip_call_id and a sip check, the servers' weights as given."""
    return siplab.Bed(topo, VIP, hash="sip_call_id", messages=messages, port_kind="af_xdp",
                      settings={"fragments": "forward"}, weights=weights,
                      port_settings={"rx_desc": RX_DESC},
                      interval_s=INTERVAL_S, timeout_ms=TIMEOUT_MS, fall=FALL, rise=RISE)


def nft_spec():
    """spec() with the forwarder's host a kernel router: its ports get the forwarder's
    addresses (meta.forwarder.addrs) where the forwarder would own them, and its default
    route (meta.forwarder.gateway)."""
    s = spec()
    fw = s["meta"]["forwarder"]
    addrs = iter(fw["addrs"])
    for link in s["links"]:
        for end in ("a", "b"):
            e = link[end]
            if e.get("host") == fw["host"] and e.pop("dpdk", False):
                e["addrs"] = [next(addrs)]
    s["hosts"][fw["host"]] = {"sysctls": {"net.ipv4.ip_forward": 1},
                              "routes": [{"to": "default", "via": fw["gateway"]}]}
    return s


class NftBed:
    """The soak's reference on a topology built from nft_spec(): the same SIP servers, the
    VIP DNAT-ed by nftables in the forwarder's namespace (NFT_RULES), no forwarder and no
    control plane. What soak() reads of a siplab.Bed, where it applies."""

    def __init__(self, topo, weights=None):
        self.topo, self.fw = topo, None
        self.nfs = siplab.nfs(topo)
        self.weights = {a: (weights or {}).get(a, 100) for _, a in self.nfs}
        self.uas = {h: siplab.start_uas(topo, h, a) for h, a in self.nfs}
        host = topo.meta["forwarder"]["host"]
        rules = NFT_RULES.format(vip=VIP, port=siplab.SIP_PORT, n=len(self.nfs), targets=", ".join(
            f"{i} : {a}" for i, (_, a) in enumerate(self.nfs)))
        topo.run(host, ["nft", "-f", "-"], input=rules)

    def losses(self):
        return {}, {}

    def kernel_rx_drops(self):
        return {}


def snmp(topo, host, group, field):
    """A counter of host's namespace's /proc/net/snmp (group "Ip", "Udp"...)."""
    lines = [l.split() for l in topo.run(host, ["cat", "/proc/net/snmp"]).stdout.splitlines()
             if l.startswith(group + ":")]
    return int(dict(zip(lines[0], lines[1]))[field])


def reassembled(bed):
    """{server: IP datagrams its kernel reassembled from fragments so far} (ReasmOKs): proof
    that the INVITEs crossed the forwarder in pieces."""
    return {addr: snmp(bed.topo, host, "Ip", "ReasmOKs") for host, addr in bed.nfs}


def socket_drops(bed):
    """{host: UDP datagrams its kernel dropped for a full socket buffer so far}
    (RcvbufErrors), the client's and each server's: where a starved sipp loses messages."""
    return {h: snmp(bed.topo, h, "Udp", "RcvbufErrors") for h in ["client", *dict(bed.nfs)]}


def spread(servers, weights):
    """{server: {calls, pct, weight_pct}} of calls over servers against their weights, and
    the largest difference in points."""
    n = sum(servers.values())
    total_w = sum(weights.values())
    out = {a: {"calls": servers.get(a, 0), "pct": round(100 * servers.get(a, 0) / n, 2) if n else 0,
               "weight_pct": round(100 * w / total_w, 2)} for a, w in weights.items()}
    stray = {a: c for a, c in servers.items() if a not in weights}
    dev = max(abs(v["pct"] - v["weight_pct"]) for v in out.values())
    return out, round(dev, 2), stray


def bound_points(n, weights, sigmas=5):
    """The largest deviation from the weights, in points, that a correct forwarder exceeds
    about once in 1.7 million runs per server (sigmas standard deviations of the binomial
    share of n calls), but never less than the issue's 3 points: a short run's bound."""
    total = sum(weights.values())
    sd = max(math.sqrt(w / total * (1 - w / total) / n) for w in weights.values()) if n else 1
    return max(3.0, round(100 * sigmas * sd, 2))


def health_downs(bed):
    """How many down verdicts the agent's sip check has given so far (its log)."""
    try:
        text = (Path(bed.topo.logdir) / "agent.log").read_text(errors="replace")
    except OSError:
        return 0
    return sum(1 for line in text.splitlines() if "msg=health" in line and "up=false" in line)


def failed_by_10s(rep):
    """{bucket: failed calls that started in it} in 10 s buckets from the first call."""
    if not rep.starts:
        return {}
    t0 = min(rep.starts.values())
    return dict(sorted(Counter(int((t - t0) // 10) * 10 for _, t in rep.failed_calls()).items()))


def soak(bed, rate, calls, kill=None, name="sipp-trunk"):
    """calls calls at rate from the trunk port; kill=(host, seconds): that host's server
    SIGKILLed once the calls of that many seconds have started. Returns (the figures, a dict
    bench/sip_trunk.py writes and the e2e test asserts on; sipp's siplab.CallReport)."""
    r0 = reassembled(bed)
    downs0 = health_downs(bed)
    sock0, missed0 = socket_drops(bed), bed.losses()[1]
    drops0, ring0 = bed.losses()[0], bed.kernel_rx_drops()
    c = siplab.Calls(bed.topo, VIP, rate, calls, pause_ms=PAUSE_MS, local_port=TRUNK_PORT,
                     name=name, sdp_pad=SDP_PAD).start()
    t_kill = t_down = victim = None
    if kill:
        host, at_s = kill
        victim = dict(bed.nfs)[host]
        wait_until(lambda: c.proc.poll() is not None or c.started() >= rate * at_s,
                   f"{at_s} s of calls", timeout=at_s * 3 + 20, interval=0.01)
        _, _, t_kill, t_down = bed.kill_and_wait_down(host)
    # Room for sipp to fall a quarter behind its rate on a busy machine: a long run's
    # default deadline (its length plus a transaction timeout) would cut it off.
    rep = c.wait(timeout=calls / rate * 1.25 + (PAUSE_MS + c.recv_timeout_ms) / 1000 + 30)
    drops = {k: v - drops0.get(k, 0) for k, v in bed.losses()[0].items() if v != drops0.get(k, 0)}
    r1 = reassembled(bed)
    res = {
        "calls": rep.created, "connected": rep.successful, "failed": rep.failed, "rc": rep.rc,
        "success_pct": round(100 * rep.success_ratio(), 5),
        "calls_per_s_started": round(rep.offered_rate(), 1),
        "invite_to_200_ms": rep.invite_to_200_ms(), "retransmissions": rep.retransmissions(),
        "trunk_ports": sorted(set(rep.ports.values())),
        "not_logged_answered": sum(1 for n in rep.oks if n not in rep.servers),
        "reassembled_at_servers": sum(r1.values()) - sum(r0.values()),
        "forwarder_drops": drops,
        "frag_refused": {k: v for k, v in drops.items() if k.startswith("frag") or k == "fragment"},
        "sip_no_call_id": bed.fw.telemetry("/hvlb/stats")["sip_no_call_id"] if bed.fw else 0,
        # When the failed calls started (10 s buckets from the first call), and how often
        # the sip check took a server down: what a failure is to be laid at.
        "failed_by_10s": failed_by_10s(rep),
        "failed_why": {k: int(v) for k, v in rep.stats.items()
                       if k.startswith("Failed") and k.endswith("(C)") and k != "FailedCall(C)"
                       and v.isdigit() and int(v)},
        "health_downs": health_downs(bed) - downs0,
        "socket_buffer_drops": {h: n - sock0.get(h, 0) for h, n in socket_drops(bed).items()
                                if n != sock0.get(h, 0)},
        "ports_missed": {p: n - missed0.get(p, 0) for p, n in bed.losses()[1].items()
                         if n != missed0.get(p, 0)},
        "ports_kernel_rx_drops": {p: n - ring0.get(p, 0) for p, n in bed.kernel_rx_drops().items()
                                  if n != ring0.get(p, 0)},
    }
    ok = [n for n in rep.oks if n in rep.servers]
    if bed.fw is None:
        # The reference (NftBed): conntrack's one flow, one server; no spread to judge.
        res["servers"] = dict(Counter(rep.servers[n] for n in ok))
        return res, rep
    if not kill:
        res["spread"], res["spread_max_dev_points"], res["spread_stray"] = \
            spread(Counter(rep.servers[n] for n in ok), bed.weights)
        res["spread_bound_points"] = bound_points(len(ok), bed.weights)
        return res, rep
    failed = rep.failed_calls()
    after = [n for n, t in rep.starts.items() if t > t_down]
    alive = {a: w for a, w in bed.weights.items() if a != victim}
    res["spread"], res["spread_max_dev_points"], res["spread_stray"] = \
        spread(Counter(rep.servers[n] for n in after if n in rep.servers), alive)
    res["spread_bound_points"] = bound_points(len(after), alive)
    res.update({
        "killed": victim, "down_verdict_s": round(t_down - t_kill, 2),
        # The calls the kill cost: in progress on the killed server, or sent to it before the
        # verdict took it out.
        "failed_before_verdict": sum(1 for _, t in failed if t <= t_down),
        "failed_started_from_kill_s": [round(failed[0][1] - t_kill, 2),
                                       round(max(t for _, t in failed) - t_kill, 2)]
        if failed else [],
        "calls_after_verdict": len(after),
        "failed_after_verdict": sum(1 for _, t in failed if t > t_down),
        "answered_by_killed_after_verdict": sum(1 for n in after if rep.servers.get(n) == victim),
    })
    return res, rep

