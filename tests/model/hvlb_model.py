"""An independent pure-Python model of hvlb's hashing and Maglev tables.

End-to-end tests use it to predict which NF the forwarder sends a flow to, the way
glb-director's tests do. It computes what forwarder/core/hash.c, maglev.c and the
table-building part of vs.c compute, written from their specification rather than copied (the
Maglev table here is built over identities, which have no order but the one it chooses), and
is kept equal to them by golden vectors that appear both here (test_hvlb_model.py) and in the
C unit tests (test_maglev.c, test_vs.c).

Conventions: addresses are given as strings ("10.0.0.1", "2001:db8::1") or as packed bytes
(4 or 16); ports as integers in host order (the model stores them in network order, as the
forwarder keeps them in memory).
"""

import ipaddress
import itertools
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


def sip_call_id_hash(value):
    """sip_call_id_hash of core/sip.h: hash_bytes of a Call-ID's value (bytes or str) without
    its whitespace (SP, HT, CR, LF), so a folded value hashes as the unfolded one."""
    if isinstance(value, str):
        value = value.encode()
    return hash_bytes(bytes(b for b in value if b not in b" \t\r\n"), 0)


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


def _permutation(ident, size):
    """A backend's preferred entries, best first: offset, offset + skip, ... (mod size), both
    drawn from its identity alone."""
    offset = hash_bytes(ident, MAGLEV_SEED_OFFSET) % size
    skip = hash_bytes(ident, MAGLEV_SEED_SKIP) % (size - 1) + 1
    return ((offset + j * skip) % size for j in itertools.count())


def maglev_owners(weights, size=MAGLEV_TABLE_SIZE):
    """The weighted Maglev table as identities: weights maps each backend's 18-byte identity
    to its weight, and entry e of the result is the identity that owns it (None everywhere
    when no weight is positive).

    A mapping has no order, so neither has the result: rounds take the weighted backends by
    ascending identity (the order every forwarder agrees on, whatever the order it learnt
    them in). Each round every backend adds its weight to its credit; one whose credit
    reaches the largest weight pays that much for a turn, and takes the first entry of its
    permutation still free."""
    if not _is_prime(size) or size <= len(weights):
        raise ValueError("size must be prime and larger than the backend count")
    owners = [None] * size
    live = sorted(ident for ident, w in weights.items() if w > 0)
    if not live:
        return owners
    top = max(weights[ident] for ident in live)
    prefs = {ident: _permutation(ident, size) for ident in live}
    credit = dict.fromkeys(live, 0)
    free = size
    while free:
        for ident in live:
            credit[ident] += weights[ident]
            if credit[ident] < top:
                continue
            credit[ident] -= top
            entry = next(e for e in prefs[ident] if owners[e] is None)
            owners[entry] = ident
            free -= 1
            if not free:
                break
    return owners


def maglev_build(backends, size=MAGLEV_TABLE_SIZE):
    """maglev_build of maglev.h. backends: a list of (id, weight), id 18 bytes, no id twice.

    Returns a list of size indexes into backends (MAGLEV_EMPTY everywhere if every weight is
    0): maglev_owners, each identity replaced by its place in the list, so reordering the
    list changes the indexes but not which backend an entry names.
    """
    place = {}
    for i, (ident, _) in enumerate(backends):
        ident = bytes(ident)
        if len(ident) != 18:
            raise ValueError("backend id must be 18 bytes")
        if ident in place:
            raise ValueError("backend id %s given twice" % ident.hex())
        place[ident] = i
    owners = maglev_owners({bytes(ident): w for ident, w in backends}, size)
    return [MAGLEV_EMPTY if o is None else place[o] for o in owners]


def pick_maglev(table, hash_value):
    """maglev_lookup of maglev.h: the entry for a 32-bit hash."""
    return table[hash_value % len(table)]


def vs_maglev_table(rs_list, size=MAGLEV_TABLE_SIZE):
    """The table vs.c builds for a VS: over usable RSs (health 1, weight > 0), with entries
    mapped back to indexes into the full RS list. The order of rs_list changes the indexes,
    never which real an entry names.

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
