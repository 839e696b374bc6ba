"""Golden vectors for the Python model. The same vectors are in
forwarder/tests/unit/test_maglev.c and test_vs.c, so the model and the forwarder are proven
equal: change both or neither. Then the model's own checks that a Maglev table names the same
real in every entry whatever order the reals are listed in (the order a forwarder's history
leaves them in), as forwarder/tests/fixtures/test_maglev_history.c checks the forwarder."""

import os
import random
import struct
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import hvlb_model as m  # noqa: E402

# (af, proto, src, dst, sport, dport) -> flow_hash
FLOW_VECTORS = [
    ((4, 6, "10.0.0.1", "192.168.1.10", 12345, 80), 0x0895E92D),
    ((4, 17, "172.16.5.4", "10.1.2.3", 53, 5353), 0xDA555703),
    ((6, 6, "2001:db8::1", "2001:db8:1::10", 40000, 443), 0xA4570A4C),
]

GOLDEN_BACKENDS = [("10.0.0.1", 80, 1), ("10.0.0.2", 80, 2), ("10.0.0.3", 8080, 3)]
GOLDEN_FIRST_32 = [
    1, 2, 1, 0, 2, 2, 2, 0, 2, 2, 1, 2, 1, 2, 0, 1,
    2, 1, 0, 1, 2, 2, 0, 2, 1, 1, 2, 1, 2, 0, 1, 2,
]
GOLDEN_COUNTS = [10923, 21846, 32768]
GOLDEN_SIZE_13 = [0, 2, 1, 2, 1, 2, 2, 1, 0, 2, 2, 2, 1]


def golden_backends():
    return [(m.backend_id(a, p), w) for a, p, w in GOLDEN_BACKENDS]


def test_crc32c_standard_vectors():
    # The check value of the CRC-32C catalogue entry and the RFC 3720 (iSCSI) vectors.
    assert m.crc32c(b"123456789") == 0xE3069283
    assert m.crc32c(bytes(32)) == 0x8A9136AA
    assert m.crc32c(b"\xff" * 32) == 0x62A8AB43
    assert m.crc32c(bytes(range(32))) == 0x46DD794E
    assert m.hash_bytes(b"123456789", 0) == 0xE3069283


def test_flow_key_layout():
    key = m.flow_key_bytes(4, 6, "10.0.0.1", "192.168.1.10", 12345, 80)
    assert key == (
        bytes([10, 0, 0, 1]) + bytes(12)
        + bytes([192, 168, 1, 10]) + bytes(12)
        + bytes([0x30, 0x39, 0x00, 0x50, 6, 4, 0, 0])
    )


def test_flow_hash_golden():
    for args, want in FLOW_VECTORS:
        assert m.flow_hash(*args) == want, args


def test_addr_hash_and_vs_key_golden():
    assert m.addr_hash("10.0.0.1") == 0x1AB3E0A5
    assert m.addr_hash("2001:db8::1") == 0xCF31FCEF
    assert m.vs_key(6, "10.0.0.100", 80) == 0xDCAE3171
    assert m.vs_key(17, "2001:db8::100", 0) == 0xDC00F9F7


def test_maglev_golden():
    table = m.maglev_build(golden_backends())
    assert len(table) == m.MAGLEV_TABLE_SIZE
    assert table[:32] == GOLDEN_FIRST_32
    assert [table.count(i) for i in range(3)] == GOLDEN_COUNTS
    assert m.maglev_build(golden_backends(), 13) == GOLDEN_SIZE_13


def test_maglev_all_zero_weights_is_empty():
    table = m.maglev_build([(m.backend_id("10.0.0.1", 80), 0)], 13)
    assert table == [m.MAGLEV_EMPTY] * 13


def test_maglev_weights_proportional():
    backends = [(m.backend_id("10.0.0.%d" % (i + 1), 80), w) for i, w in enumerate([5, 1, 3, 7])]
    table = m.maglev_build(backends)
    total = sum(w for _, w in backends)
    for i, (_, w) in enumerate(backends):
        share = table.count(i) / len(table)
        assert abs(share - w / total) < 0.01


def test_vs_maglev_table_skips_unusable():
    rs = [
        {"addr": "10.0.0.1", "port": 80, "weight": 1},
        {"addr": "10.0.0.2", "port": 80, "weight": 5, "health": 0},
        {"addr": "10.0.0.3", "port": 80, "weight": 0},
        {"addr": "10.0.0.4", "port": 80, "weight": 2},
    ]
    table = m.vs_maglev_table(rs, 13)
    assert set(table) == {0, 3}
    # Same as building over the usable ones directly, mapped back.
    direct = m.maglev_build(
        [(m.backend_id("10.0.0.1", 80), 1), (m.backend_id("10.0.0.4", 80), 2)], 13
    )
    assert table == [[0, 3][e] for e in direct]


def test_pick_rs_maglev_and_sh():
    rs = [{"addr": a, "port": p, "weight": w} for a, p, w in GOLDEN_BACKENDS]
    table = m.vs_maglev_table(rs)
    h = m.flow_hash(4, 6, "10.0.0.1", "192.168.1.10", 12345, 80)
    assert m.pick_rs(rs, 6, "10.0.0.1", "192.168.1.10", 12345, 80, table=table) == table[
        h % m.MAGLEV_TABLE_SIZE
    ]
    # Source hashing ignores ports and destination.
    a = m.pick_rs(rs, 6, "10.9.9.9", "192.168.1.10", 1, 80, m.SCHED_SH, table)
    b = m.pick_rs(rs, 17, "10.9.9.9", "192.168.1.11", 2, 53, m.SCHED_SH, table)
    assert a == b == table[m.addr_hash("10.9.9.9") % m.MAGLEV_TABLE_SIZE]
    assert m.pick_rs([{"addr": "10.0.0.1", "port": 80, "weight": 0}], 6, "1.1.1.1",
                     "2.2.2.2", 1, 2) is None


# Backends listed out of identity order, repeated and zero weights among them: the whole
# 65,537-entry table (indexes into this list, little-endian uint16) hashes to
# GOLDEN_SCRAMBLED_CRC with hash_bytes(seed 0). test_maglev.c checks the same figure. A model or
# forwarder that let the list's order decide contested entries gets another one.
GOLDEN_SCRAMBLED = [
    ("10.1.0.14", 80, 2), ("10.1.0.3", 443, 5), ("10.1.0.3", 80, 5), ("10.1.0.9", 80, 0),
    ("10.1.0.200", 80, 1), ("10.1.0.7", 8080, 2), ("10.1.0.21", 80, 3), ("10.1.0.1", 80, 5),
]
GOLDEN_SCRAMBLED_CRC = 0x88EB9F37


def scrambled_backends():
    return [(m.backend_id(a, p), w) for a, p, w in GOLDEN_SCRAMBLED]


def table_crc(table):
    return m.hash_bytes(struct.pack("<%dH" % len(table), *table), 0)


def test_maglev_scrambled_golden():
    assert table_crc(m.maglev_build(scrambled_backends())) == GOLDEN_SCRAMBLED_CRC


def same_backends(table, backends, other_table, other_backends):
    """Whether two tables name the same backend (by identity) in every entry."""
    def ident(bs, e):
        return None if e == m.MAGLEV_EMPTY else bytes(bs[e][0])
    return all(ident(backends, a) == ident(other_backends, b)
               for a, b in zip(table, other_table)) and len(table) == len(other_table)


def test_maglev_order_independent():
    # A 4,099-entry table (prime) keeps this quick; the C test does the full size.
    size = 4099
    rng = random.Random(12)
    for n in (2, 3, 5, 16, 100):
        for weights in (
            [100] * n,                                      # equal
            [1 + i % 3 for i in range(n)],                  # repeated
            [rng.randint(1, 1000) for _ in range(n)],       # distinct
            [0 if i % 4 == 1 else 10 * (1 + i % 2) for i in range(n)],  # some drained
        ):
            backends = [(m.backend_id("10.%d.%d.%d" % (rng.randrange(256), rng.randrange(256),
                                                        i % 250 + 1), 1000 + i), w)
                        for i, w in enumerate(weights)]
            table = m.maglev_build(backends, size)
            for _ in range(2):
                shuffled = backends[:]
                rng.shuffle(shuffled)
                assert same_backends(table, backends, m.maglev_build(shuffled, size),
                                     shuffled), n
            if n < 13:
                small = m.maglev_build(backends, 13)
                rev = backends[::-1]
                assert same_backends(small, backends, m.maglev_build(rev, 13), rev), n


def test_maglev_reversed_golden_names_same_backends():
    # The golden table again, from the list reversed: the same backends in every entry. The
    # model that visited backends in list order got some contested entries otherwise.
    rev = golden_backends()[::-1]
    table = m.maglev_build(rev)
    assert [2 - e for e in table[:32]] == GOLDEN_FIRST_32
    assert same_backends(m.maglev_build(golden_backends()), golden_backends(), table, rev)
    assert same_backends(m.maglev_build(scrambled_backends()), scrambled_backends(),
                         m.maglev_build(scrambled_backends()[::-1]), scrambled_backends()[::-1])


def test_maglev_duplicate_identity_refused():
    b = golden_backends()
    with pytest.raises(ValueError):
        m.maglev_build(b + [(b[0][0], 9)], 13)


def test_vs_maglev_table_unsorted_matches_forwarder():
    # forwarder/tests/unit/test_vs.c test_maglev_order_matches_model: the golden reals listed
    # out of order, one of them down; entries are indexes into this list.
    rs = [
        {"addr": "10.0.0.3", "port": 8080, "weight": 3},
        {"addr": "10.0.0.9", "port": 80, "weight": 5, "health": 0},
        {"addr": "10.0.0.1", "port": 80, "weight": 1},
        {"addr": "10.0.0.2", "port": 80, "weight": 2},
    ]
    to_rs = [2, 3, 0]  # golden backend k (10.0.0.1, .2, .3:8080) is rs[to_rs[k]]
    assert m.vs_maglev_table(rs)[:32] == [to_rs[e] for e in GOLDEN_FIRST_32]


class Service:
    """A service's reals as the forwarder's store keeps them (forwarder/src/cfgstore.c): a
    new real goes at the end, a removed one's place takes the last real."""

    def __init__(self):
        self.rs = []

    def add(self, addr, port, weight, health=1):
        self.rs.append({"addr": addr, "port": port, "weight": weight, "health": health})

    def find(self, addr, port):
        return next(r for r in self.rs if (r["addr"], r["port"]) == (addr, port))

    def update(self, addr, port, weight=None, health=None):
        r = self.find(addr, port)
        if weight is not None:
            r["weight"] = weight
        if health is not None:
            r["health"] = health

    def remove(self, addr, port):
        i = self.rs.index(self.find(addr, port))
        self.rs[i] = self.rs[-1]
        self.rs.pop()


def test_histories_pick_same_real():
    # The model side of forwarder/tests/fixtures/test_maglev_history.c: two histories to the
    # same reals and weights, drained Y in one, down Y in the other.
    names = "ABCDEXY"
    real = {n: ("10.1.0.%d" % (11 + i), 8000 + i) for i, n in enumerate(names)}
    weight = {"A": 100, "B": 300, "C": 100, "D": 200, "E": 50}

    plain = Service()
    for n in "ABCDE":
        plain.add(*real[n], weight[n])
    plain.add(*real["Y"], 0)

    winding = Service()
    for n, w in (("E", weight["E"]), ("X", 500), ("C", weight["C"]), ("A", weight["A"])):
        winding.add(*real[n], w)
    winding.remove(*real["X"])
    winding.add(*real["D"], weight["D"])
    winding.add(*real["B"], 7)
    winding.update(*real["C"], weight=999)
    winding.update(*real["C"], weight=weight["C"])
    winding.update(*real["A"], health=0)
    winding.add(*real["Y"], 40)
    winding.update(*real["A"], health=1)
    winding.update(*real["B"], weight=weight["B"])
    winding.update(*real["Y"], health=0)

    assert [(r["addr"], r["port"]) for r in plain.rs] != [(r["addr"], r["port"])
                                                           for r in winding.rs]
    t1, t2 = m.vs_maglev_table(plain.rs), m.vs_maglev_table(winding.rs)
    rng = random.Random(7)
    seen = set()
    for _ in range(100000):
        src = "10.%d.%d.%d" % (rng.randrange(256), rng.randrange(256), rng.randrange(256))
        sport = rng.randrange(1, 65536)
        i1 = m.pick_rs(plain.rs, 6, src, "10.100.0.1", sport, 80, table=t1)
        i2 = m.pick_rs(winding.rs, 6, src, "10.100.0.1", sport, 80, table=t2)
        r1, r2 = plain.rs[i1], winding.rs[i2]
        assert (r1["addr"], r1["port"]) == (r2["addr"], r2["port"]), (src, sport)
        seen.add(r1["addr"])
    assert seen == {real[n][0] for n in "ABCDE"}


# The default owner of a client endpoint; the same vectors are in forwarder/tests/unit/test_steer.c.
GOLDEN_OWNER_V4_3 = [2, 0, 1, 1, 2, 0, 0, 1, 2, 2, 0, 1]  # 10.0.0.2, ports 40000.., 3 workers
GOLDEN_OWNER_V6_2 = [0, 0, 1, 1, 0, 0, 1, 1, 1, 0, 0, 1]  # fd00::2, ports 40000.., 2 workers


def test_worker_owner_golden():
    assert [m.worker_owner(3, "10.0.0.2", p) for p in range(40000, 40012)] == GOLDEN_OWNER_V4_3
    assert [m.worker_owner(2, "fd00::2", p) for p in range(40000, 40012)] == GOLDEN_OWNER_V6_2
    assert m.worker_owner(1, "10.0.0.2", 40000) == 0
