"""End to end: weights per forwarder (docs/scheduling.md, "Weights per forwarder"). Three
forwarders of a sync pool behind FRR (lab/topologies/scaleout.yaml, lab/scaleout.py) run a
comprehensive service over three NFs; each agent probes the NFs over its own management link.
One forwarder's path to one NF gets 20 ms slower (a delay on what fwd1 receives from nf1 only,
lab/netdelay.py): that forwarder's weights move away from the NF while the other two keep
theirs, each forwarder runs its own set (read from its local API), and the slow path's
weights come back once it is fast again. While the sets differ, an established connection
stays on its NF whichever forwarder carries it: CONNS echoed connections (SHA-checked end to
end, echo_pool.py) are opened over all three, every forwarder's table names the same NF for
each (sync), and fwd1 is drained so that ECMP moves what it carried onto the two others,
whose own sets differ from fwd1's: every connection carries on, on its NF.
"""

import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "lab"))

import fwdlab  # noqa: E402
import labtools  # noqa: E402
import netdelay  # noqa: E402
import scaleout  # noqa: E402

from test_scale_out import Traffic  # noqa: E402  (echo_pool.py's connections, checked)

TOPO = "lab/topologies/scaleout.yaml"
VIP = scaleout.VIP
PORT = scaleout.ECHO_PORT
CONNS = 150
SVC = f"tcp-{VIP}-{PORT}"
NFS = ["10.1.0.11", "10.1.0.12", "10.1.0.13"]
KEYS = [f"{a}:{PORT}" for a in NFS]
# The inputs travel: a probe every 250 ms, a report every 1 s (the interval's median), a
# policy round every 500 ms with a time constant of 1 s (smoothing_tau_ms: a 1 s report weighs
# 0.63): a move takes a few of each.
MOVE_S = 20.0

if (why := fwdlab.unbuilt("hvlb-nfsim") or netdelay.unavailable()) is not None:
    pytest.skip(why, allow_module_level=True)


@pytest.fixture
def pool(lab):
    p = scaleout.Pool(lab(TOPO), agent_args=["--probe-interval", "250ms"],
                      controller_args=["--policy-interval", "500ms"]).start()
    p.ctl("vs", "add", "tcp", f"{VIP}:{PORT}", "--mode", "nat",
          *[f"--real={a}:{PORT}:100" for a in NFS],
          "--check", "http", "--check-port", str(labtools.HTTP_PORT), "--check-path", "/",
          "--interval", "500ms", "--check-timeout", "400ms",
          "--policy", "comprehensive", "--gamma", "0.5", "--max-rtt-ms", "500",
          "--smoothing-tau-ms", "1000", "--change-threshold", "0.02")
    return p


def view(pool):
    return pool.ctl("vs", "policy", SVC, "--history", "0", json_out=True)


def runs(member):
    """{real key: weight} as forwarder member runs it now (its own local API)."""
    return {f"{r.address}:{r.port}": r.weight for s in member.fw.client.list_services()
            for r in s.real_services if s.id.vip == VIP and s.id.vport == PORT}


def wait(cond, what, timeout=MOVE_S):
    last = []

    def check():
        ok, seen = cond()
        last[:] = [seen]
        return ok
    try:
        labtools.wait_until(check, what, timeout=timeout)
    except Exception as e:
        raise AssertionError(f"{e}; last seen: {last}") from None


def near_equal(ws):
    vals = [ws.get(k, 0) for k in KEYS]
    return min(vals) > 0 and max(vals) <= 1.25 * min(vals)


def test_each_forwarder_gets_the_weights_of_its_own_paths(pool):
    ids = [m.id for m in pool.members]

    def every_set_balanced():
        per = view(pool).get("per_forwarder") or {}
        return all(near_equal(per.get(i, {})) for i in ids), per
    wait(every_set_balanced, "a balanced set of weights for each of the three forwarders")

    # What fwd1 receives from nf1 (the probes' replies) 20 ms late; nothing else changes.
    fwd1 = pool.members[0]
    netdelay.set_delay(pool.topo, fwd1.host, "mgmt", 20, src=NFS[0])

    def only_fwd1_moves():
        per = view(pool)["per_forwarder"]
        mine, others = per[fwd1.id], [per[i] for i in ids[1:]]
        down = mine[KEYS[0]] < 0.75 * min(mine[KEYS[1]], mine[KEYS[2]])
        return down and all(near_equal(o) for o in others), per
    wait(only_fwd1_moves, "fwd1's weight of nf1 down, the other forwarders' sets balanced")

    # Each forwarder runs its own set.
    def each_runs_its_own():
        per = view(pool)["per_forwarder"]
        got = {m.id: runs(m) for m in pool.members}
        return all(got[i] == per[i] for i in ids), (got, per)
    wait(each_runs_its_own, "each forwarder runs the set the controller shows for it", 10)

    # Connections opened while the sets differ, over all three forwarders both ways: every
    # forwarder names the same NF for each.
    every = set(ids)
    labtools.wait_until(lambda: pool.routed("upstream", f"{VIP}/32") == every
                        and pool.routed("nf_side", pool.client_prefix) == every,
                        f"both routers routing over {sorted(every)}", timeout=20)
    traffic = Traffic(pool, count=CONNS, udp=0)

    def nf_of(m, own=False):
        """{client: NF} of m's established connections to the VIP (own: those it carried
        packets of, in either direction; a copy only has none)."""
        return {c.client: c.real for c in m.fw.client.iter_connections()
                if c.vip in (VIP, f"{VIP}:{PORT}") and c.state == "established"
                and not (own and c.packets_in + c.packets_out == 0)}

    def same_nf_everywhere():
        got = [nf_of(m) for m in pool.members]
        wrong = {k: [g.get(k) for g in got] for k in got[0] if any(g.get(k) != got[0][k] for g in got)}
        return len(got[0]) >= CONNS and not wrong, (len(got[0]), wrong)
    wait(same_nf_everywhere, "every held connection on the same NF in every forwarder's table", 20)
    carried = nf_of(fwd1, own=True)
    # ECMP moves fwd1's connections onto fwd2 and fwd3, which hold them by sync.
    pool.drain(0)
    others = {m.id for m in pool.members[1:]}
    labtools.wait_until(lambda: pool.routed("upstream", f"{VIP}/32") == others
                        and pool.routed("nf_side", pool.client_prefix) == others,
                        f"both routers routing over {sorted(others)} only", timeout=20)
    time.sleep(2)  # the moved connections carry on through the others for a while
    after = [nf_of(m) for m in pool.members[1:]]
    rep = traffic.finish()
    moved = {k: v for k, v in carried.items() if k in after[0]}
    kept = {m.id: sum(a.get(k) == v for k, v in moved.items()) for m, a in zip(pool.members[1:], after)}
    print(f"{len(carried)} connections carried by {fwd1.id}; after its drain on the same NF at "
          f"{kept}; survived {rep['tcp']['survived']}/{rep['tcp']['count']}")
    assert rep["tcp"]["survived"] == rep["tcp"]["count"], rep["tcp"]["broken"][:10]
    assert moved and all(n == len(moved) for n in kept.values())
    pool.undrain(0)

    netdelay.clear_delay(pool.topo, fwd1.host, "mgmt")
    wait(lambda: (near_equal(view(pool)["per_forwarder"][fwd1.id]), view(pool)["per_forwarder"]),
         "fwd1's weights balanced again once its path to nf1 is fast")
