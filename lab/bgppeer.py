#!/usr/bin/env python3
"""A scripted BGP peer for tests: it listens for one speaker's sessions and either misbehaves
or behaves (tests/e2e/test_bgp.py's misbehaving peer).

    bgppeer.py --listen 10.8.0.3 --port 1179 --asn 65099 --peer-asn 65001 --mode garbage

Modes, for every session the speaker opens:
  garbage     answers with a stream of random bytes (seeded) until the speaker closes (a
              stream, so that whatever length the first bytes claim is filled);
  bad-open    sends an OPEN whose optional parameters run past the message's end;
  bad-update  completes the handshake (OPEN, KEEPALIVE), then sends an UPDATE whose
              withdrawn-routes length runs past the message's end;
  good        a minimal correct BGP-4 speaker (RFC 4271 with multiprotocol IPv4/IPv6
              unicast and 4-octet AS capabilities): keepalives every hold/3, and it records
              the routes the speaker announces and withdraws.

Writes one JSON object a line to stdout, flushed: {"event": "accepted" | "established" |
"routes" | "notification" | "closed", ...}; "routes" carries every route held now,
{prefix: next hop}.
"""

import argparse
import ipaddress
import json
import random
import socket
import struct
import sys
import threading
import time

MARKER = b"\xff" * 16
OPEN, UPDATE, NOTIFICATION, KEEPALIVE = 1, 2, 3, 4
AS_TRANS = 23456


def emit(**kv):
    print(json.dumps(kv), flush=True)


def message(kind, body=b""):
    return MARKER + struct.pack("!HB", 19 + len(body), kind) + body


def open_message(asn, hold, router_id, malformed=False):
    caps = b""
    for afi in (1, 2):  # multiprotocol: IPv4 and IPv6 unicast
        caps += struct.pack("!BBHBB", 1, 4, afi, 0, 1)
    caps += struct.pack("!BBI", 65, 4, asn)  # 4-octet AS
    params = struct.pack("!BB", 2, len(caps)) + caps
    plen = len(params)
    if malformed:
        plen = len(params) + 40  # the parameters claim more than the message has
    body = struct.pack("!BHH4sB", 4, asn if asn < 65536 else AS_TRANS, hold,
                       ipaddress.IPv4Address(router_id).packed, plen) + params
    return message(OPEN, body)


def read_exact(conn, n):
    buf = b""
    while len(buf) < n:
        b = conn.recv(n - len(buf))
        if not b:
            raise ConnectionError("closed by the speaker")
        buf += b
    return buf


def read_message(conn):
    head = read_exact(conn, 19)
    if head[:16] != MARKER:
        raise ValueError("bad marker")
    length, kind = struct.unpack("!HB", head[16:])
    return kind, read_exact(conn, length - 19)


def prefixes(data, family):
    """The prefixes of an NLRI field."""
    out, i, size = [], 0, 4 if family == 4 else 16
    while i < len(data):
        bits = data[i]
        n = (bits + 7) // 8
        raw = data[i + 1:i + 1 + n] + b"\x00" * (size - n)
        i += 1 + n
        addr = ipaddress.IPv4Address(raw) if family == 4 else ipaddress.IPv6Address(raw)
        out.append(str(ipaddress.ip_network(f"{addr}/{bits}")))
    return out


def apply_update(body, routes):
    """Applies an UPDATE's withdrawals and announcements to routes {prefix: next hop}."""
    wlen = struct.unpack("!H", body[:2])[0]
    for p in prefixes(body[2:2 + wlen], 4):
        routes.pop(p, None)
    i = 2 + wlen
    alen = struct.unpack("!H", body[i:i + 2])[0]
    attrs, nlri = body[i + 2:i + 2 + alen], body[i + 2 + alen:]
    next_hop, j = None, 0
    while j < len(attrs):
        flags, kind = attrs[j], attrs[j + 1]
        if flags & 0x10:
            length, j = struct.unpack("!H", attrs[j + 2:j + 4])[0], j + 4
        else:
            length, j = attrs[j + 2], j + 3
        value, j = attrs[j:j + length], j + length
        if kind == 3:  # NEXT_HOP
            next_hop = str(ipaddress.IPv4Address(value))
        elif kind == 14:  # MP_REACH_NLRI
            afi, nhlen = struct.unpack("!H", value[:2])[0], value[3]
            nh = value[4:4 + nhlen]
            fam = 4 if afi == 1 else 6
            hop = str(ipaddress.IPv4Address(nh[:4]) if fam == 4 else ipaddress.IPv6Address(nh[:16]))
            for p in prefixes(value[4 + nhlen + 1:], fam):
                routes[p] = hop
        elif kind == 15:  # MP_UNREACH_NLRI
            afi = struct.unpack("!H", value[:2])[0]
            for p in prefixes(value[3:], 4 if afi == 1 else 6):
                routes.pop(p, None)
    for p in prefixes(nlri, 4):
        routes[p] = next_hop


def session(conn, a):
    rnd = random.Random(a.seed)
    if a.mode == "garbage":
        conn.settimeout(30)
        while True:
            conn.sendall(rnd.randbytes(4096))  # raises once the speaker has closed
    if a.mode == "bad-open":
        conn.sendall(open_message(a.asn, a.hold, a.router_id, malformed=True))
        while conn.recv(4096):
            pass
        return
    conn.sendall(open_message(a.asn, a.hold, a.router_id))
    kind, body = read_message(conn)
    if kind != OPEN:
        raise ValueError(f"expected an OPEN, got type {kind}")
    peer_hold = struct.unpack("!H", body[3:5])[0]
    hold = min(peer_hold, a.hold)
    conn.sendall(message(KEEPALIVE))
    if a.mode == "bad-update":
        conn.sendall(message(UPDATE, struct.pack("!H", 200) + b"\x00\x00"))
        while conn.recv(4096):
            pass
        return
    stop = threading.Event()

    def keepalives():
        while not stop.wait(max(hold / 3, 1)):
            try:
                conn.sendall(message(KEEPALIVE))
            except OSError:
                return
    threading.Thread(target=keepalives, daemon=True).start()
    routes, up = {}, False
    conn.settimeout(hold)
    try:
        while True:
            kind, body = read_message(conn)
            if kind == KEEPALIVE and not up:
                up = True
                emit(event="established", hold=hold)
            elif kind == UPDATE:
                apply_update(body, routes)
                emit(event="routes", routes=routes)
            elif kind == NOTIFICATION:
                emit(event="notification", code=body[0], subcode=body[1])
                return
    finally:
        stop.set()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--listen", required=True)
    ap.add_argument("--port", type=int, default=179)
    ap.add_argument("--asn", type=int, required=True)
    ap.add_argument("--router-id", default="10.255.255.3")
    ap.add_argument("--hold", type=int, default=9)
    ap.add_argument("--mode", choices=["garbage", "bad-open", "bad-update", "good"], required=True)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    family = socket.AF_INET6 if ":" in a.listen else socket.AF_INET
    srv = socket.socket(family, socket.SOCK_STREAM)
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind((a.listen, a.port))
    srv.listen(4)
    emit(event="listening", mode=a.mode)
    while True:
        conn, peer = srv.accept()
        emit(event="accepted", peer=peer[0], t=time.time())
        try:
            session(conn, a)
            why = "closed by the speaker"
        except (OSError, ValueError, ConnectionError, struct.error) as e:
            why = repr(e)
        finally:
            conn.close()
        emit(event="closed", why=why)


if __name__ == "__main__":
    sys.exit(main())
