"""lab/topo.py's reading and checking of topology files (no root needed)."""

import copy
from pathlib import Path

import pytest

import topo as topolib
from labtools import REPO

E2E = REPO / "lab" / "topologies" / "e2e.yaml"
DEMO = REPO / "lab" / "topologies" / "demo.yaml"
KNOBS = Path(__file__).resolve().parent / "topologies" / "knobs.yaml"

BASE = {
    "hosts": {"a": {}, "b": {}},
    "bridges": {"seg": {"host": "sw"}},
    "links": [
        {"a": {"host": "a", "if": "eth0", "addrs": ["10.0.0.1/24"]},
         "b": {"host": "b", "if": "eth0", "addrs": ["10.0.0.2/24"]}},
        {"a": {"host": "a", "if": "eth1"}, "b": {"bridge": "seg"}},
    ],
}


def with_change(path, value):
    spec = copy.deepcopy(BASE)
    node = spec
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return spec


@pytest.mark.parametrize("spec,prefix,want", [
    (with_change(("links", 0, "a", "if"), "a-very-long-ifname"), "p", "longer than 15"),
    (with_change(("links", 0, "a", "host"), "nowhere"), "p", "'nowhere' is not declared"),
    (with_change(("links", 0, "a", "dpdk"), True), "p", "dpdk interface gets no kernel address"),
    (with_change(("links", 0, "a", "addrs"), ["10.0.0.300/24"]), "p", "address"),
    (with_change(("links", 0, "rate"), "fast"), "p", "rate 'fast'"),
    (with_change(("links", 0, "shaper"), "cbq"), "p", "shaper 'cbq'"),
    (with_change(("links", 0, "queues"), 0), "p", "queues 0"),
    (with_change(("links", 1, "b", "bridge"), "other"), "p", "bridge 'other' is not declared"),
    (with_change(("links", 1, "a", "if"), "eth0"), "p", "a:eth0 is also links[0].a"),
    (with_change(("hosts", "a"), {"colour": "red"}), "p", "unknown keys ['colour']"),
    (with_change(("hosts", "a"), {"routes": [{"to": "default"}]}), "p", "needs to and via"),
    (with_change(("hosts", "bad-name"), {}), "p", "host 'bad-name'"),
    (with_change(("links",), [{"a": {"bridge": "seg"}, "b": {"bridge": "seg"}}]), "p", "two bridges"),
    (with_change(("extra",), 1), "p", "unknown top-level keys"),
    (BASE, "has-dash", "prefix 'has-dash'"),
    (BASE, "x" * 25, "prefix"),
])
def test_invalid_topologies(spec, prefix, want):
    with pytest.raises(topolib.LabError, match=want.replace("[", r"\[").replace("]", r"\]")):
        topolib.Topology(spec, prefix=prefix)


def test_bridge_ports_are_named_within_limits():
    spec = copy.deepcopy(BASE)
    spec["hosts"]["averylonghost"] = {}
    spec["links"].append({"a": {"host": "averylonghost", "if": "eth0123"}, "b": {"bridge": "seg"}})
    t = topolib.Topology(spec, prefix="p")
    names = [l.b.ifname for l in t.links if l.b.bridge]
    assert names == ["a-eth1", "segp0"]
    assert all(len(n) <= 15 for n in names)
    assert t.peer("a", "eth1") == ("sw", "a-eth1")
    assert t.ns("sw") == "p-sw"
    # An implicit switch namespace keeps IPv6 quiet.
    assert t.hosts["sw"]["sysctls"]["net.ipv6.conf.all.disable_ipv6"] == 1


@pytest.mark.parametrize("rate,bits", [
    ("100mbit", 100e6), ("1gbit", 1e9), ("500kbit", 500e3), ("20000000", 20e6), ("10mbps", 80e6),
    ("1.5Gbit", 1.5e9),
])
def test_rate_parsing(rate, bits):
    assert topolib._rate_bits(rate) == bits


def test_default_prefix():
    assert topolib.default_prefix("lab/topologies/e2e.yaml") == "e2e"
    assert topolib.default_prefix("/x/my-topo.v2.yaml") == "my_topo_v2"


def test_e2e_topology_file():
    t = topolib.Topology.load(E2E)
    assert t.prefix == "e2e"
    assert set(t.hosts) == {"client", "rtr", "fwd", "nf1", "nf2", "nf3", "sw"}
    dpdk = {(e.host, e.ifname) for l in t.links for e in (l.a, l.b) if e.dpdk}
    assert dpdk == {("fwd", "port0"), ("fwd", "port1")}
    assert all(l.queues >= 2 for l in t.links)
    assert t.addr("client") == "10.0.0.2" and t.addr("client", version=6) == "fd00::2"
    assert t.addr("rtr", "fwd0") == "10.9.0.1" and t.addr("rtr", "nfseg") == "10.1.0.254"
    assert [t.addr(f"nf{i}") for i in (1, 2, 3)] == ["10.1.0.11", "10.1.0.12", "10.1.0.13"]
    assert t.peer("rtr", "fwd0") == ("fwd", "port0")
    for nf in ("nf1", "nf2", "nf3"):
        h = t.hosts[nf]
        assert h["lo"] == ["10.100.0.2/32"]
        assert {"from": "10.100.0.0/24", "table": 100, "priority": 100} in h["rules"]
        assert h["sysctls"]["net.ipv4.conf.all.arp_ignore"] == 1
        assert h["sysctls"]["net.ipv4.conf.all.arp_announce"] == 2
    assert {"to": "10.100.0.0/24", "via": "10.9.0.2"} in t.hosts["rtr"]["routes"]
    assert t.meta["forwarder"]["addrs"] == ["10.9.0.2/24", "10.1.0.1/24"]


def test_demo_topology_file():
    t = topolib.Topology.load(DEMO)
    assert [t.addr(c) for c in ("client1", "client2")] == ["10.0.0.2", "10.0.0.3"]
    nfh = {l.a.host: l.a.addrs for l in t.links if l.a.host.startswith("nfh")}
    assert nfh["nfh1"][:2] == ["10.1.0.11/24", "10.1.0.12/24"]
    assert nfh["nfh2"][:2] == ["10.1.0.13/24", "10.1.0.14/24"]
    assert [(nf["name"], nf["host"]) for nf in t.nfs] == [
        ("nf1", "nfh1"), ("nf2", "nfh1"), ("nf3", "nfh2"), ("nf4", "nfh2")]


def test_knobs_topology_caps_one_link():
    t = topolib.Topology.load(KNOBS)
    rates = {(e.host, e.ifname): e.rate for l in t.links for e in (l.a, l.b)}
    assert rates[("nfa", "eth0")] == rates[("rtr", "nfa")] == "20mbit"
    assert rates[("nfb", "eth0")] is None
