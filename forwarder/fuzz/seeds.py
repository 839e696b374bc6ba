#!/usr/bin/env python3
"""Seed corpora of the libFuzzer harnesses (docs/testing.md, "Fuzzing"), from what the repo
already holds, into OUT/<harness>/ (rewritten each run; deterministic):

  parse    every frame of the packet fixtures (forwarder/tests/fixtures/*.txt), in and out;
  kfp      each fixture case of one frame in and one out of the same length: the first 128
           bytes of each (KFP_HDR_MAX, what the worker compares), one after the other;
  worker   each fixture case's input frame as one record, and each fixture file's inputs in
           order as one input (a handshake spans cases), in fuzz_worker.c's record format (the
           same for dispatch, the worker harness behind a dispatch stage);
  ctl      proto/testdata's golden requests, and one request of every operation against the
           fixture configuration (needs the Python bindings `make build` writes to build/py);
  cfgfile  the fixture configurations, the example in docs/forwarder-config.md and the lab's
           configuration (lab/fwdlab.py) for each topology;
  sync     sync messages (docs/sync.md) about the fixture configuration's services: upserts
           and deletes of TCP and UDP connections, a dump request and end, each behind the
           flags byte of fuzz_sync.c (retag and renumber), and one with a wrong tag.

Usage: seeds.py OUT [--py build/py]
"""
import argparse
import hashlib
import hmac
import re
import shutil
import struct
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "forwarder" / "tests" / "fixtures"
HARNESSES = ("parse", "kfp", "worker", "dispatch", "ctl", "cfgfile", "sync")


def write(out, data):
    out.mkdir(parents=True, exist_ok=True)
    (out / hashlib.sha1(data).hexdigest()).write_bytes(data)


def fixture_cases(path):
    """[(case name, [(port, queue, frame)], [frame out...])] of a fixture file."""
    cases, cur = [], None
    for line in path.read_text().splitlines():
        tok = line.split()
        if not tok or tok[0].startswith("#"):
            continue
        if tok[0] == "case":
            cur = (tok[1], [], [])
            cases.append(cur)
        elif tok[0] == "in" and cur is not None:
            port, _, queue = tok[1].partition("/")
            cur[1].append((int(port), int(queue or 0), bytes.fromhex(tok[2])))
        elif tok[0] == "out" and cur is not None:
            cur[2].append(bytes.fromhex(tok[2]))
    return cases


def record(port, queue, frame, flush=True):
    """One record of fuzz_worker.c's input: flags (port, queue, run until idle first),
    length, frame."""
    flags = (port & 1) | (queue & 1) << 1 | (4 if flush else 0)
    return struct.pack(">BH", flags, len(frame)) + frame


def seed_frames(out):
    for txt in sorted(FIXTURES.glob("*.txt")):
        whole = b""
        for _, ins, outs in fixture_cases(txt):
            if len(ins) == 1 and len(outs) == 1 and len(ins[0][2]) == len(outs[0]):
                n = min(len(outs[0]), 128)
                write(out / "kfp", ins[0][2][:n] + outs[0][:n])
            for port, queue, frame in ins:
                write(out / "parse", frame)
                for h in ("worker", "dispatch"):
                    write(out / h, record(port, queue, frame))
                whole += record(port, queue, frame)
            for frame in outs:
                write(out / "parse", frame)
        for h in ("worker", "dispatch"):
            write(out / h, whole)


# One request of every operation, on the services, routes and neighbours of fixtures.ini.
WEB = {"protocol": "tcp", "vip": "10.100.0.1", "vport": 80}
REQUESTS = [
    {"add_service": {"service": {
        "id": {"protocol": "tcp", "vip": "10.100.0.9", "vport": 443}, "mode": "nat",
        "scheduler": "wrr", "priority": 3, "real_services": [
            {"address": "10.1.0.11", "port": 8443, "weight": 100, "health": 1},
            {"address": "10.1.0.12", "port": 8443, "weight": 50, "health": 0}]}}},
    {"add_service": {"service": {
        "id": {"protocol": "udp", "vip": "fd00:100::9", "vport": 0}, "mode": "dr",
        "scheduler": "sh", "real_services": [{"address": "fd01::11", "weight": 1}]}}},
    {"update_service": {"id": WEB, "mode": "nat", "scheduler": "lc", "set_priority": True,
                        "priority": 7}},
    {"remove_service": {"id": {"protocol": "udp", "vip": "10.100.0.1", "vport": 53}}},
    {"add_real": {"service": WEB, "real": {"address": "10.1.0.13", "port": 8080,
                                           "weight": 10, "health": 1}}},
    {"update_real": {"service": WEB, "address": "10.1.0.11", "port": 8080,
                     "set_weight": True, "weight": 0, "set_health": True, "health": 0}},
    {"remove_real": {"service": WEB, "address": "10.1.0.11", "port": 8080, "hard": True}},
    {"remove_real": {"service": WEB, "address": "10.1.0.11", "port": 8080}},
    {"list_services": {}},
    {"set_route": {"route": {"prefix": "10.2.0.0/16", "via": "10.1.0.254", "port": 1}}},
    {"set_route": {"route": {"prefix": "fd02::/48", "port": 1}}},
    {"delete_route": {"prefix": "10.0.0.0/24"}},
    {"list_routes": {}},
    {"set_neighbor": {"neighbor": {"address": "10.1.0.14", "mac": "02:00:00:00:01:14",
                                   "port": 1, "is_static": True}}},
    {"list_neighbors": {}},
    {"set_timeouts": {"timeouts": {"tcp_syn": 5, "tcp_established": 60, "tcp_fin": 5,
                                   "tcp_time_wait": 5, "tcp_close": 1, "udp": 30}}},
    {"get_stats": {}},
    {"list_connections": {"cursor": 0, "limit": 10, "service": WEB}},
    {"get_steering": {"limit": 16}},
    {"set_rssa": {"set_enabled": True, "config": {
        "enabled": True, "q": 1.0, "epsilon": 0.95, "theta_h": 0.5, "period_ms": 100,
        "n_sam": 10, "cooldown": 2, "max_moves": 8}}},
    {"steer_flow": {"protocol": "tcp", "client": "10.0.0.50:40000", "vip": "10.100.0.1:80",
                    "worker": 1}},
]


def seed_requests(out, py):
    for f in sorted((REPO / "proto" / "testdata").glob("request_*.bin")):
        write(out / "ctl", f.read_bytes())
    if not (Path(py) / "fwd_pb2.py").exists():
        print(f"seeds.py: no {py}/fwd_pb2.py (make build): ctl seeds are the golden ones only",
              file=sys.stderr)
        return
    sys.path.insert(0, str(py))
    import fwd_pb2
    from google.protobuf import json_format
    for i, body in enumerate(REQUESTS, 1):
        req = json_format.ParseDict({"id": i, **body}, fwd_pb2.Request())
        write(out / "ctl", req.SerializeToString())


def seed_configs(out):
    for ini in sorted(FIXTURES.glob("*.ini")):
        write(out / "cfgfile", ini.read_bytes())
    doc = (REPO / "docs" / "forwarder-config.md").read_text()
    for block in re.findall(r"```ini\n(.*?)```", doc, re.S):
        write(out / "cfgfile", block.encode())
    try:
        import yaml
        sys.path.insert(0, str(REPO / "lab"))
        import fwdlab
    except ImportError as e:
        print(f"seeds.py: no lab configurations ({e})", file=sys.stderr)
        return
    services = [{"protocol": "tcp", "vip": "10.100.0.1", "port": 80, "scheduler": "wrr",
                 "reals": [("10.1.0.11", 8080, 100), ("10.1.0.12", 0, 50)]},
                {"protocol": "udp", "vip": "fd00:100::1", "port": 53, "mode": "dr",
                 "reals": [("fd01::11", 0, 1)]}]
    for topo in sorted((REPO / "lab" / "topologies").glob("*.yaml")):
        meta = yaml.safe_load(topo.read_text()).get("meta") or {}
        if "forwarder" in meta:
            text = fwdlab.config_text(meta, services, settings={"rssa": "on", "dispatch": 1})
            write(out / "cfgfile", text.encode())


SYNC_KEY = b"fuzz-sync-key-0123456789abcdef"  # fuzz_sync.c's


def sync_msg(mtype, recs, seq, key=SYNC_KEY):
    """A sync message (docs/sync.md): header, 68-byte records, 16-byte HMAC-SHA256 tag."""
    body = struct.pack(">IBBHIIQQ", 0x48565359, 1, mtype, len(recs), 2, 0, 1, seq)
    for op, proto, state, client, cport, vip, vport, nf, nport in recs:
        ip = lambda a: bytes(map(int, a.split("."))) + bytes(12)  # noqa: E731
        body += struct.pack(">BBBBBxxxI16s16s16sHHHxx", op, proto, 4, state if op == 1 else 0,
                            4, 600000 if op == 1 else 0, ip(client), ip(vip), ip(nf), cport,
                            vport, nport)
    return body + hmac.new(key, body, hashlib.sha256).digest()[:16]


def seed_sync(out):
    tcp = (1, 6, 3, "10.0.0.5", 40000, "10.100.0.1", 80, "10.1.0.11", 8080)
    udp = (1, 17, 7, "10.0.0.6", 40001, "10.100.0.1", 53, "10.1.0.12", 5353)
    gone = (2, 6, 0, "10.0.0.5", 40000, "10.100.0.1", 80, "10.1.0.11", 8080)
    nosvc = (1, 6, 3, "10.0.0.7", 40002, "10.100.0.9", 80, "10.1.0.11", 8080)
    for i, (mtype, recs) in enumerate([(1, [tcp]), (1, [udp, tcp]), (1, [gone]), (1, [nosvc]),
                                       (1, [tcp] * 19), (2, []), (3, [])]):
        write(out / "sync", b"\x03" + sync_msg(mtype, recs, i + 1))
    write(out / "sync", b"\x00" + sync_msg(1, [tcp], 100, key=b"another-key-0123456789"))
    write(out / "sync", b"\x07" + sync_msg(1, [udp], 200))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--py", default=str(REPO / "build" / "py"))
    args = ap.parse_args()
    for h in HARNESSES:
        shutil.rmtree(args.out / h, ignore_errors=True)
    seed_frames(args.out)
    seed_requests(args.out, args.py)
    seed_configs(args.out)
    seed_sync(args.out)
    for h in HARNESSES:
        print(f"seeds.py: {h}: {len(list((args.out / h).iterdir()))} seeds")


if __name__ == "__main__":
    main()
