"""An independent pure-Python model of hvlb's hashing and Maglev tables.

End-to-end tests use it to predict which NF the forwarder sends a flow to, the way
glb-director's tests do. It mirrors forwarder/core/hash.c, maglev.c and the table-building
part of vs.c, and is kept equal to them by golden vectors that appear both here
(test_hvlb_model.py) and in the C unit tests (test_maglev.c).

Conventions: addresses are given as strings ("10.0.0.1", "2001:db8::1") or as packed bytes
(4 or 16); ports as integers in host order (the model stores them in network order, as the
forwarder keeps them in memory).
"""

import ipaddress
import struct

AF_INET = 4
AF_INET6 = 6
PROTO_TCP = 6
PROTO_UDP = 17

MAGLEV_TABLE_SIZE = 65537
MAGLEV_EMPTY = 0xFFFF
MAGLEV_SEED_OFFSET = 0xA5A5A5A5
MAGLEV_SEED_SKIP = 0x5A5A5A5A

SCHED_MAGLEV = 0
SCHED_SH = 4

_CRC32C_POLY = 0x82F63B78  # Castagnoli, reflected


def _make_table():
    table = []
    for i in range(256):
        c = i
        for _ in range(8):
            c = (c >> 1) ^ _CRC32C_POLY if c & 1 else c >> 1
        table.append(c)
    return table


_CRC_TABLE = _make_table()


def crc32c_update(crc, data):
    """Feed bytes into a raw (not inverted) CRC32C register."""
    for byte in data:
        crc = _CRC_TABLE[(crc ^ byte) & 0xFF] ^ (crc >> 8)
    return crc


def crc32c(data):
    """Standard CRC32C (init and final xor 0xFFFFFFFF); crc32c(b"123456789") == 0xE3069283."""
    return crc32c_update(0xFFFFFFFF, data) ^ 0xFFFFFFFF


def hash_bytes(data, seed=0):
    """hash_bytes(p, n, seed) of hash.h: crc = ~seed, feed the bytes, return ~crc."""
    return crc32c_update(~seed & 0xFFFFFFFF, bytes(data)) ^ 0xFFFFFFFF


def addr_bytes(addr, af=None):
    """The 16 bytes of union hvlb_addr: IPv4 in the first 4 bytes, the rest zero."""
    if isinstance(addr, (bytes, bytearray)):
        raw = bytes(addr)
    else:
        raw = ipaddress.ip_address(addr).packed
    if af == AF_INET6 and len(raw) != 16:
        raise ValueError("IPv6 address must be 16 bytes")
    if af == AF_INET and len(raw) != 4:
        raise ValueError("IPv4 address must be 4 bytes")
    if len(raw) == 4:
        return raw + bytes(12)
    if len(raw) == 16:
        return raw
    raise ValueError("address must be 4 or 16 bytes")


def _af_of(addr):
    if isinstance(addr, (bytes, bytearray)):
        return AF_INET if len(addr) == 4 else AF_INET6
    return AF_INET if ipaddress.ip_address(addr).version == 4 else AF_INET6


def flow_key_bytes(af, proto, src, dst, sport, dport):
    """The 40 bytes of struct flow_key: src[16] dst[16] sport dport (network order) proto af pad."""
    key = addr_bytes(src, af) + addr_bytes(dst, af)
    key += struct.pack("!HH", sport, dport)
    key += bytes([proto, af, 0, 0])
    assert len(key) == 40
    return key


def flow_hash(af, proto, src, dst, sport, dport):
    """flow_hash of hash.h for the 5-tuple src:sport -> dst:dport."""
    return hash_bytes(flow_key_bytes(af, proto, src, dst, sport, dport), 0)


def addr_hash(addr):
    """addr_hash of hash.h (source hashing)."""
    return hash_bytes(addr_bytes(addr), 0)


def vs_key(proto, vip, vport):
    """vs_key of vs.h: hash of proto (1 byte), vip (16 bytes), vport (2 bytes, network order)."""
    return hash_bytes(bytes([proto]) + addr_bytes(vip) + struct.pack("!H", vport), 0)


def backend_id(addr, port):
    """The 18-byte Maglev identity of an RS: its address (16 bytes) and port (network order)."""
    return addr_bytes(addr) + struct.pack("!H", port)


def _is_prime(n):
    if n < 2:
        return False
    if n % 2 == 0:
        return n == 2
    d = 3
    while d * d <= n:
        if n % d == 0:
            return False
        d += 2
    return True


def maglev_build(backends, size=MAGLEV_TABLE_SIZE):
    """maglev_build of maglev.h. backends: a list of (id, weight), id 18 bytes.

    Returns a list of size backend indexes (MAGLEV_EMPTY everywhere if every weight is 0).
    """
    n = len(backends)
    if not _is_prime(size) or size <= n:
        raise ValueError("size must be prime and larger than the backend count")
    table = [MAGLEV_EMPTY] * size
    weights = [w for _, w in backends]
    max_w = max(weights, default=0)
    if max_w == 0:
        return table
    pos = []
    skip = []
    for ident, _ in backends:
        ident = bytes(ident)
        if len(ident) != 18:
            raise ValueError("backend id must be 18 bytes")
        pos.append(hash_bytes(ident, MAGLEV_SEED_OFFSET) % size)
        skip.append(hash_bytes(ident, MAGLEV_SEED_SKIP) % (size - 1) + 1)
    credit = [0] * n
    filled = 0
    while filled < size:
        for i in range(n):
            if filled >= size:
                break
            w = weights[i]
            if w == 0:
                continue
            credit[i] += w
            if credit[i] < max_w:
                continue
            credit[i] -= max_w
            p = pos[i]
            while table[p] != MAGLEV_EMPTY:
                p = (p + skip[i]) % size
            table[p] = i
            pos[i] = (p + skip[i]) % size
            filled += 1
    return table


def pick_maglev(table, hash_value):
    """maglev_lookup of maglev.h: the entry for a 32-bit hash."""
    return table[hash_value % len(table)]


def vs_maglev_table(rs_list, size=MAGLEV_TABLE_SIZE):
    """The table vs.c builds for a VS: over usable RSs (health 1, weight > 0), in config
    order, with entries mapped back to indexes into the full RS list.

    rs_list: dicts with keys addr, port, weight and optionally health (default 1).
    """
    usable = [i for i, rs in enumerate(rs_list) if rs.get("health", 1) == 1 and rs["weight"] > 0]
    backends = [
        (backend_id(rs_list[i]["addr"], rs_list[i]["port"]), rs_list[i]["weight"]) for i in usable
    ]
    table = maglev_build(backends, size)
    return [MAGLEV_EMPTY if e == MAGLEV_EMPTY else usable[e] for e in table]


def pick_rs(rs_list, proto, src, dst, sport, dport, sched=SCHED_MAGLEV, table=None):
    """The index into rs_list that a forwarder picks for a new flow src:sport -> dst:dport of
    a VS scheduled by maglev or sh; None when the VS has no usable RS. Pass a table from
    vs_maglev_table to avoid rebuilding it for every flow."""
    if table is None:
        table = vs_maglev_table(rs_list)
    if sched == SCHED_SH:
        h = addr_hash(src)
    else:
        h = flow_hash(_af_of(src), proto, src, dst, sport, dport)
    e = pick_maglev(table, h)
    return None if e == MAGLEV_EMPTY else e


def worker_owner(n_workers, client, client_port):
    """The default owner of a client endpoint's connections (forwarder/core/steer.h
    steer_owner): the 32-bit words of the address as the forwarder holds them (network-order
    bytes read as native little-endian integers on x86-64 and arm64), xor the port (network
    order, read the same way), times the Fibonacci constant, scaled to n_workers."""
    if n_workers == 1:
        return 0
    b = addr_bytes(client).ljust(16, b"\x00")
    h = 0
    for i in range(4):
        h ^= struct.unpack_from("<I", b, 4 * i)[0]
    h ^= struct.unpack("<H", struct.pack(">H", client_port))[0]
    h = (h * 0x9E3779B1) & 0xFFFFFFFF
    return (h * n_workers) >> 32
