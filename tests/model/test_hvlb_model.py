"""Golden vectors for the Python model. The same vectors are in
forwarder/tests/unit/test_maglev.c, so the model and the forwarder are proven equal: change
both or neither."""

import os
import sys

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


# The default owner of a client endpoint; the same vectors are in forwarder/tests/unit/test_steer.c.
GOLDEN_OWNER_V4_3 = [2, 0, 1, 1, 2, 0, 0, 1, 2, 2, 0, 1]  # 10.0.0.2, ports 40000.., 3 workers
GOLDEN_OWNER_V6_2 = [0, 0, 1, 1, 0, 0, 1, 1, 1, 0, 0, 1]  # fd00::2, ports 40000.., 2 workers


def test_worker_owner_golden():
    assert [m.worker_owner(3, "10.0.0.2", p) for p in range(40000, 40012)] == GOLDEN_OWNER_V4_3
    assert [m.worker_owner(2, "fd00::2", p) for p in range(40000, 40012)] == GOLDEN_OWNER_V6_2
    assert m.worker_owner(1, "10.0.0.2", 40000) == 0
