"""End to end: the controller runs its forwarders as a pool (docs/controller.md, "The pool").

lab/topologies/scaleout.yaml with lab/scaleout.py, two of its three forwarders started, each
registered with a capacity of 400 packets a second, and the lab's NFV manager (lab/nfvm.py)
behind the controller's webhook. Long-lived TCP connections run through the VIP while a ping
of 500 a second, one flow and so one ECMP path, overloads whichever forwarder it hashes to:

- the other forwarder has no room for 500 pps, so the controller does not drain the hot
  one: it asks the NFV manager for a forwarder, naming the hot one;
- the NFV manager starts the third forwarder; once it is ready the two others have room, so
  the controller drains the hot one: both routers stop routing to it, and not one TCP
  connection is lost (sync carries them over);
- the ping stops; after the drain's hold the hot forwarder's share fits again, so the
  controller brings it back and both routers route over all three.

It skips with the reason where FRR (scripts/deps.sh installs it) is missing.
"""

import json
import signal
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "lab"))
sys.path.insert(0, str(REPO / "tests" / "e2e"))

import frr  # noqa: E402
import fwdlab  # noqa: E402
import labtools  # noqa: E402

if (why := frr.unavailable() or fwdlab.unbuilt("hvlb-nfsim")) is not None:
    pytest.skip(why, allow_module_level=True)

import scaleout  # noqa: E402
from test_scale_out import Traffic  # noqa: E402

TOPO = "lab/topologies/scaleout.yaml"
NFVM = REPO / "lab" / "nfvm.py"
NFVM_PORT = 8600
# The ping's 500 a second overload the forwarder it reaches (utilisation 1.25); one other
# forwarder has room for 0.9 x 400 = 360 less its share of the connections' 20-30 pps, not
# enough; two have about 670, enough with a wide margin either way.
CAPACITY_PPS = 400
PING_INTERVAL_S = 0.002
HOLD_S = 5


def forwarder(pool, fid):
    return next(f for f in pool.ctl("fr", "list", json_out=True) if f["id"] == fid)


def test_pool_asks_for_a_forwarder_then_drains_the_hot_one(lab):
    topo = lab(TOPO)
    ctl_addr = topo.meta["controller"]["addr"]
    requests = topo.logdir / "nfvm-requests.jsonl"
    topo.logdir.mkdir(parents=True, exist_ok=True)
    requests.touch()
    pool = scaleout.Pool(
        topo, member_args={i: ["--capacity-pps", CAPACITY_PPS] for i in range(3)},
        controller_args=["--nfvm-webhook", f"http://{ctl_addr}:{NFVM_PORT}/",
                         "--pool-overload-for", "2s", "--pool-drain-hold", f"{HOLD_S}s",
                         "--pool-ask-every", "1h"])
    topo.popen(pool.ctl_host, ["python3", NFVM, "--listen", f"{ctl_addr}:{NFVM_PORT}",
                               "--log", requests], name="nfvm")
    pool.start(members=[0, 1])
    first_two = {pool.members[0].id, pool.members[1].id}
    pool.add_service()
    pool.wait_routes(first_two)
    # Few, quiet connections: what overloads a forwarder is the ping alone.
    traffic = Traffic(pool, count=60, udp=0, probe=0, interval=5)

    ping = topo.popen("client", ["ping", "-q", "-i", PING_INTERVAL_S, "-w", 300, scaleout.VIP],
                      name="ping")
    asks = []

    def asked():
        asks[:] = [json.loads(ln) for ln in requests.read_text().splitlines()]
        return asks
    labtools.wait_until(asked, "the controller asking the NFV manager for a forwarder", timeout=60)
    assert len(asks) == 1 and asks[0]["kind"] == "forwarder", asks
    hot = asks[0]["forwarder_id"]
    assert hot in first_two, asks
    assert "overloaded" in asks[0]["reason"], asks
    f = forwarder(pool, hot)
    assert f["state"] == "ready" and "auto_drain" not in f, f"drained with no room elsewhere: {f}"
    print(f"asked for a forwarder: {asks[0]['reason']}")

    # The NFV manager's part: a new forwarder. Its routes rehash the ping's one flow, which
    # may move to any of the three: the controller drains whichever it overloads.
    pool.start_member(2)
    pool.wait_ready(pool.members[2])

    def drained():
        return [f for f in pool.ctl("fr", "list", json_out=True) if f.get("auto_drain")]
    got = labtools.wait_until(drained, "the controller draining the forwarder the ping overloads",
                              timeout=60)
    assert len(got) == 1, got
    f, hot = got[0], got[0]["id"]
    print(f"{hot} drained: {f['auto_drain']['reason']}")
    assert f["state"] == "draining" and not f["draining"], f
    rest = {m.id for m in pool.members} - {hot}
    took = pool.wait_routes(rest)
    print(f"both routers route over {sorted(rest)} only, {took:.2f} s after the drain was seen")

    ping.send_signal(signal.SIGINT)
    ping.wait(timeout=10)
    labtools.wait_until(lambda: not forwarder(pool, hot).get("auto_drain"),
                        f"the controller bringing {hot} back after its hold", timeout=HOLD_S + 60)
    pool.wait_routes({m.id for m in pool.members})

    rep = traffic.finish()
    tcp = rep["tcp"]
    print(f"{tcp['survived']}/{tcp['count']} TCP connections survived the drain and the return")
    assert tcp["survived"] == tcp["count"], tcp["broken"][:10]
    assert len(asked()) == 1, f"asked again within --pool-ask-every: {asks}"
