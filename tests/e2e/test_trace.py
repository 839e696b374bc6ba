"""End to end: which forwarder and worker holds a client's connection, and which NF it went to
(docs/operations.md), through `hvlbctl conns` and `hvlbctl trace` in a 3-forwarder pool.

The scale-out lab (lab/topologies/scaleout.yaml, lab/scaleout.py: two FRR routers, a
controller, three forwarders with their agents, BGP with ECMP, connection sync, three NFs).
A client opens real TCP connections to the VIP and holds them, echoed; the upstream router
spreads them over the forwarders. Checked, against what the client itself knows (its own
endpoints, the bytes echoed back):

- `hvlbctl conns --client ... --all` (GET /v1/conns: each forwarder asked live through its
  agent, the filter applied by the forwarder) finds every connection at every forwarder, all
  with the same NF: the client's packets counted by one (the upstream router's ECMP choice;
  two if that choice changed as the pool came up), the NF's replies by one or more (the NF-side router's own ECMP choice, often
  another), a copy (sync) at the rest; the pool spread the clients' side over at least two
  forwarders;
- paged by hand (--limit 5, --cursor), the listing gives each connection at each forwarder
  once;
- the filters keep what they name: --real exactly the connections to that NF, --state S
  exactly those the listing shows in S, --client a single endpoint only it (at each of the
  three);
- `hvlbctl trace tcp CLIENT:PORT VIP:PORT` names the same forwarders, worker and NF as the
  listing for both directions, every forwarder says "existing", and every forwarder's own pick for such a flow
  new (Maglev, the same reals everywhere) is the NF the connection went to;
- a flow no forwarder holds is "new" everywhere, with the same Maglev slot and pick on each;
- the tables for people say the same.
"""

import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "lab"))

import frr  # noqa: E402
import fwdlab  # noqa: E402
import labtools  # noqa: E402

if (why := frr.unavailable() or fwdlab.unbuilt("hvlb-nfsim")) is not None:
    pytest.skip(why, allow_module_level=True)

import scaleout  # noqa: E402

TOPO = "lab/topologies/scaleout.yaml"
CONNS = 12
PAGE = 5  # connections a page when the test pages by hand: 36 listed (12 at each of 3)
VIP = f"{scaleout.VIP}:{scaleout.ECHO_PORT}"

@pytest.fixture
def pool(lab):
    p = scaleout.Pool(lab(TOPO)).start()
    p.add_service()
    p.wait_routes({m.id for m in p.members})
    return p


def test_conns_and_trace_find_the_clients_connections(pool):
    eps = pool.hold_connections(CONNS)
    client_addr = eps[0].split(":")[0]
    nfs = {f"{nf['addr']}:{scaleout.ECHO_PORT}" for nf in pool.topo.nfs}
    ids = {m.id for m in pool.members}

    def listing(*filters):
        return pool.ctl("conns", "--client", f"{client_addr}/32", "--vip", VIP, "--all", *filters, json_out=True)

    why = []

    def everything_listed():
        """Each connection at every forwarder: the client's packets carried by one (by more
        when the upstream router's ECMP group changed under it as the pool came up), the
        NF's replies (the NF-side router picks its own forwarder) by one or more, the others
        hold copies."""
        page = listing()
        by_ep = {ep: [c for c in page["connections"] if c["client"] == ep] for ep in eps}
        for ep, cs in by_ep.items():
            sides = ([c for c in cs if c["packets_in"] > 0], [c for c in cs if c["packets_out"] > 0])
            if page["errors"] or sorted(c["forwarder"] for c in cs) != sorted(ids) or not sides[0] or not sides[1]:
                why[:] = [f"{ep}: errors {page['errors']}: " + "; ".join(
                    f"{c['forwarder']} w{c['worker']} {c['real']} {c['state']} synced={c['synced']} "
                    f"pkts={c['packets_in']}/{c['packets_out']}" for c in cs)]
                return None
        return page, by_ep
    try:
        page, by_ep = labtools.wait_until(everything_listed, "every connection at every forwarder", timeout=30)
    except labtools.LabError:
        pytest.fail(f"not listed as expected: {why}")
    owner, client_in, replies = {}, {}, {}
    for ep, cs in by_ep.items():
        c = max(cs, key=lambda x: x["packets_in"])  # the way the client's packets go now
        owner[ep] = (c["forwarder"], c["worker"], c["real"])
        client_in[ep] = sorted(f"{x['forwarder']} worker {x['worker']}" for x in cs if x["packets_in"] > 0)
        replies[ep] = sorted(f"{x['forwarder']} worker {x['worker']}" for x in cs if x["packets_out"] > 0)
        # The client sent its SYN, its request line and the ACKs.
        assert c["real"] in nfs and sum(x["packets_in"] for x in cs) >= 3, cs
        assert {x["real"] for x in cs} == {c["real"]}, cs
        for x in sorted(cs, key=lambda x: x["forwarder"]):
            print(f"{x['forwarder']} w{x['worker']} {ep} -> {x['real']} {x['state']} synced={x['synced']} "
                  f"pkts {x['packets_in']}/{x['packets_out']}")
    spread = {f for f, _, _ in owner.values()}
    print(f"{len(eps)} connections: client side on {sorted(spread)}; NFs {sorted({r for _, _, r in owner.values()})}")
    assert len(spread) >= 2, owner

    for nf in {r for _, _, r in owner.values()}:
        got = {c["client"] for c in listing("--real", nf)["connections"]}
        assert got == {ep for ep, (_, _, r) in owner.items() if r == nf}, nf
    def states_agree():
        """--state S lists exactly what the whole listing shows in S (read again each try:
        a late sync record may still move a copy's state)."""
        rows = {(c["forwarder"], c["client"], c["state"]) for c in listing()["connections"]}
        return all({(c["forwarder"], c["client"], c["state"]) for c in listing("--state", st)["connections"]} ==
                   {r for r in rows if r[2] == st} for st in {r[2] for r in rows} | {"syn_sent"})
    labtools.wait_until(states_agree, "each --state listing the connections in that state", timeout=10)
    # Paged by hand, PAGE at a time (GET /v1/conns?limit=&cursor=): every connection at
    # every forwarder once, the cursor going on across the forwarders.
    rows, cursor, pages = [], None, 0
    while cursor != "":
        pg = pool.ctl("conns", "--client", f"{client_addr}/32", "--vip", VIP, "--limit", PAGE,
                      *(["--cursor", cursor] if cursor else []), json_out=True)
        assert len(pg["connections"]) <= PAGE and not pg["errors"], pg
        rows += [(c["forwarder"], c["client"]) for c in pg["connections"]]
        cursor, pages = pg["next_cursor"], pages + 1
    want = sorted((c["forwarder"], c["client"]) for c in page["connections"])
    assert sorted(rows) == want and pages >= len(want) // PAGE, (pages, rows)
    one = pool.ctl("conns", "--client", eps[0], "--all", json_out=True)["connections"]
    assert {c["client"] for c in one} == {eps[0]} and len(one) == 3, one

    for ep in eps[:4]:
        t = pool.ctl("trace", "tcp", ep, VIP, json_out=True)
        assert not t["errors"] and {f["forwarder"] for f in t["forwarders"]} == ids, t
        client_side = sorted(f"{f['forwarder']} worker {c['worker']}" for f in t["forwarders"]
                             for c in f["connections"] if c["packets_in"] > 0)
        assert client_side == client_in[ep], (ep, client_side, client_in[ep])
        assert {c["real"] for f in t["forwarders"] for c in f["connections"]} == {owner[ep][2]}, t
        for f in t["forwarders"]:
            assert f["verdict"] == "existing" and f["scheduler"] == "maglev", f
            assert f["pick"] == owner[ep][2], (ep, f["forwarder"], f["pick"], f["reason"])
        out = pool.ctl("trace", "tcp", ep, VIP).stdout
        real = owner[ep][2]
        flat = " ".join(out.split())  # a line too long for 120 columns goes on to the next
        assert f"client's packets via {', '.join(client_in[ep])}; NF's replies via {', '.join(replies[ep])}" in flat, out
        assert f"NF {real}" in out and all(len(ln) <= 120 for ln in out.splitlines()), out
        print(out)

    table = pool.ctl("conns", "--client", eps[0]).stdout
    fwd, _, real = owner[eps[0]]
    row = next(ln for ln in table.splitlines() if ln.split()[0].rstrip("*") == fwd)  # *: state from a peer
    # The state as the JSON listing gives it (the forwarders' TCP state may lag behind the
    # client's: with each direction through another forwarder, a connection can stay
    # syn_recv; that is the forwarders' view, which the listing must show as it is).
    state = next(c["state"] for c in by_ep[eps[0]] if c["forwarder"] == fwd)
    assert eps[0] in row and real in row and (state in row or "established" in row), table
    print(table)

    new = pool.ctl("trace", "tcp", f"{client_addr}:1", VIP, json_out=True)
    assert {f["verdict"] for f in new["forwarders"]} == {"new"}, new
    assert len({(f["pick"], f["table_slot"]) for f in new["forwarders"]}) == 1, new
    assert new["forwarders"][0]["pick"] in nfs and new["forwarders"][0]["table_slot"] >= 0, new
