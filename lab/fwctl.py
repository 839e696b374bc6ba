#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""fwctl: a thin client and CLI for one forwarder's local control socket.

The command line for operators is `hvlbctl --forwarder SOCKET` (internal/cli/local.go); this
module stays as the lab's and the tests' Python client (fwdlab.Forwarder.client, reading the
protobuf replies), and its command line as that client's own test (tests/unit_py/test_fwctl.py).
Messages are proto/fwd.proto; each is a 4-byte big-endian length and a serialized Request,
answered by one Response.

    python3 lab/fwctl.py -s /run/hvlb/fwd.sock vs add tcp 10.100.0.1:80 --mode nat
    python3 lab/fwctl.py -s /run/hvlb/fwd.sock rs add tcp 10.100.0.1:80 10.1.0.11:8080 --weight 100
    python3 lab/fwctl.py -s /run/hvlb/fwd.sock -o json vs list
"""

import argparse
import errno
import json
import os
import socket
import struct
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PY_OUT = os.path.join(REPO, "build", "py")
DEFAULT_SOCKET = "/run/hvlb/fwd.sock"
MAX_MESSAGE = 64 << 20  # a reply larger than this is a framing error, not a real answer


def _load_pb():
    """Import fwd_pb2, the bindings of proto/fwd.proto that `make build` writes to build/py.
    Raises ImportError, saying to run `make build`, when they are missing or older than the
    .proto (bindings of another version would misread the forwarder's replies)."""
    proto = os.path.join(REPO, "proto", "fwd.proto")
    gen = os.path.join(PY_OUT, "fwd_pb2.py")
    if not os.path.exists(gen):
        raise ImportError(f"{gen} is missing: run `make build` (it generates the Python "
                          "bindings of proto/fwd.proto)")
    if os.path.getmtime(gen) < os.path.getmtime(proto):
        raise ImportError(f"{gen} is older than {proto}: run `make build` to regenerate it")
    if PY_OUT not in sys.path:
        sys.path.insert(0, PY_OUT)
    import fwd_pb2  # noqa: E402
    return fwd_pb2


try:
    pb = _load_pb()
except ImportError as e:
    if __name__ != "__main__":
        raise
    sys.exit(f"fwctl: {e}")
from google.protobuf import json_format  # noqa: E402


class FwctlError(Exception):
    """The forwarder answered with a non-zero status (a positive errno value)."""

    def __init__(self, status, message):
        super().__init__(message)
        self.status = status
        self.message = message

    def __str__(self):
        name = errno.errorcode.get(self.status, str(self.status))
        return f"{self.message or os.strerror(self.status)} ({name})"


def service_id(protocol, vip, vport):
    return pb.ServiceId(protocol=protocol, vip=vip, vport=vport)


class Client:
    """One connection to a forwarder's control socket. Not thread-safe."""

    def __init__(self, path=DEFAULT_SOCKET, timeout=10.0):
        self.path = path
        self._next_id = 1
        self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self._sock.settimeout(timeout)
        try:
            self._sock.connect(path)
        except OSError:
            self._sock.close()
            raise

    def close(self):
        self._sock.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # --- framing ------------------------------------------------------------------------------
    def _recv_exact(self, n):
        buf = bytearray()
        while len(buf) < n:
            chunk = self._sock.recv(n - len(buf))
            if not chunk:
                raise ConnectionError(f"{self.path}: forwarder closed the connection")
            buf += chunk
        return bytes(buf)

    def call(self, **op):
        """Send a Request with one op (e.g. get_stats=pb.GetStats()) and return the Response.
        Raises FwctlError when its status is not 0."""
        req = pb.Request(id=self._next_id, **op)
        self._next_id += 1
        data = req.SerializeToString()
        self._sock.sendall(struct.pack(">I", len(data)) + data)
        (n,) = struct.unpack(">I", self._recv_exact(4))
        if n > MAX_MESSAGE:
            raise ConnectionError(f"{self.path}: reply of {n} bytes, framing lost")
        resp = pb.Response.FromString(self._recv_exact(n))
        if resp.id != req.id:
            raise ConnectionError(f"{self.path}: reply id {resp.id} for request {req.id}")
        if resp.status != 0:
            raise FwctlError(resp.status, resp.error)
        return resp

    # --- virtual services ---------------------------------------------------------------------
    def add_service(self, protocol, vip, vport, mode="nat", scheduler="maglev", priority=0,
                    down_conns="", all_down="", conn_rate_limit=0, synproxy="",
                    synproxy_threshold=0, encap=""):
        """down_conns "" / all_down "": the forwarder's defaults; conn_rate_limit 0: none;
        synproxy "": off (on, auto: docs/synproxy.md); encap: with mode tunnel, ipip or gue
        (docs/mode-tunnel.md)."""
        vs = pb.VirtualService(id=service_id(protocol, vip, vport), mode=mode, scheduler=scheduler,
                               priority=priority, down_conns=down_conns, all_down=all_down,
                               conn_rate_limit=conn_rate_limit, synproxy=synproxy,
                               synproxy_threshold=synproxy_threshold, encap=encap)
        return self.call(add_service=pb.AddService(service=vs))

    def update_service(self, protocol, vip, vport, mode="", scheduler="", priority=None,
                       down_conns="", all_down="", conn_rate_limit=None, synproxy="",
                       synproxy_threshold=None, encap=""):
        """Change mode, scheduler, down_conns, all_down, RSS-A priority, the new-connection
        rate limit (a second; 0: none), the SYN proxy and/or its threshold; "" / None leaves
        it as it is."""
        return self.call(update_service=pb.UpdateService(
            id=service_id(protocol, vip, vport), mode=mode, scheduler=scheduler,
            set_priority=priority is not None, priority=priority or 0, down_conns=down_conns,
            all_down=all_down, set_conn_rate_limit=conn_rate_limit is not None,
            conn_rate_limit=conn_rate_limit or 0, synproxy=synproxy,
            set_synproxy_threshold=synproxy_threshold is not None,
            synproxy_threshold=synproxy_threshold or 0, encap=encap))

    def remove_service(self, protocol, vip, vport, hard=False):
        """Soft: the service's connections (and its VIP) stay until the last one ends; hard:
        they end now."""
        return self.call(remove_service=pb.RemoveService(id=service_id(protocol, vip, vport),
                                                         hard=hard))

    def list_services(self):
        """The services as configured (VirtualService specs); counters: service_list()."""
        return list(self.service_list().services)

    def service_list(self):
        """The ServiceList: specs in .services, their counters in .service_status (join them
        with status_by_service)."""
        return self.call(list_services=pb.ListServices()).services

    # --- real services ------------------------------------------------------------------------
    def add_real(self, protocol, vip, vport, address, port=0, weight=100, health=1,
                 conn_limit=0):
        rs = pb.RealService(address=address, port=port, weight=weight, health=health,
                            conn_limit=conn_limit)
        return self.call(add_real=pb.AddReal(service=service_id(protocol, vip, vport), real=rs))

    def update_real(self, protocol, vip, vport, address, port=0, weight=None, health=None,
                    conn_limit=None):
        """Change weight, health and/or connection limit (0: none); None leaves it as it is."""
        if weight is None and health is None and conn_limit is None:
            raise ValueError("update_real: give weight, health or conn_limit")
        return self.call(update_real=pb.UpdateReal(
            service=service_id(protocol, vip, vport), address=address, port=port,
            set_weight=weight is not None, weight=weight or 0,
            set_health=health is not None, health=health or 0,
            set_conn_limit=conn_limit is not None, conn_limit=conn_limit or 0))

    def remove_real(self, protocol, vip, vport, address, port=0, hard=False):
        return self.call(remove_real=pb.RemoveReal(service=service_id(protocol, vip, vport),
                                                   address=address, port=port, hard=hard))

    # --- routes, neighbours, timeouts ---------------------------------------------------------
    def set_route(self, prefix, via="", port=0):
        return self.call(set_route=pb.SetRoute(route=pb.Route(prefix=prefix, via=via, port=port)))

    def delete_route(self, prefix):
        return self.call(delete_route=pb.DeleteRoute(prefix=prefix))

    def list_routes(self):
        return list(self.call(list_routes=pb.ListRoutes()).routes.routes)

    def set_neighbor(self, address, mac, port):
        n = pb.Neighbor(address=address, mac=mac, port=port, is_static=True)
        return self.call(set_neighbor=pb.SetNeighbor(neighbor=n))

    def list_neighbors(self):
        return list(self.call(list_neighbors=pb.ListNeighbors()).neighbors.neighbors)

    def set_timeouts(self, **seconds):
        """Keys: tcp_syn, tcp_established, tcp_fin, tcp_time_wait, tcp_close, udp."""
        known = {f.name for f in pb.Timeouts.DESCRIPTOR.fields}
        bad = sorted(set(seconds) - known)
        if bad:
            raise TypeError(f"set_timeouts: unknown timeout {', '.join(bad)}")
        return self.call(set_timeouts=pb.SetTimeouts(timeouts=pb.Timeouts(**seconds)))

    # --- read-outs ----------------------------------------------------------------------------
    def stats(self):
        return self.call(get_stats=pb.GetStats()).stats

    def connections(self, cursor=0, limit=1000, service=None):
        """One page: (list of Connection, next cursor; 0 at the end). service: (proto, vip,
        vport) or None for all."""
        req = pb.ListConnections(cursor=cursor, limit=limit)
        if service is not None:
            req.service.CopyFrom(service_id(*service))
        body = self.call(list_connections=req).connections
        return list(body.connections), body.next_cursor

    # --- flow steering and RSS-A ------------------------------------------------------------
    def steering(self, limit=100):
        """Steering mechanism per port, RSS-A's settings, each worker's load, the overrides."""
        return self.call(get_steering=pb.GetSteering(limit=limit)).steering

    def set_rssa(self, enabled=None, **params):
        """Change RSS-A: enabled (bool) and any of q, epsilon, theta_h, period_ms, n_sam,
        cooldown, max_moves (None or absent: unchanged)."""
        known = {f.name for f in pb.RssaConfig.DESCRIPTOR.fields} - {"enabled"}
        bad = sorted(set(params) - known)
        if bad:
            raise TypeError(f"set_rssa: unknown setting {', '.join(bad)}")
        cfg = pb.RssaConfig(enabled=bool(enabled),
                            **{k: v for k, v in params.items() if v is not None})
        return self.call(set_rssa=pb.SetRssa(config=cfg, set_enabled=enabled is not None))

    def steer_flow(self, protocol, client, vip, worker):
        """Move one connection (client and vip as "addr:port") to a worker, state and all."""
        return self.call(steer_flow=pb.SteerFlow(protocol=protocol, client=client, vip=vip,
                                                 worker=worker))

    def set_sync(self, id=0, listen="", key=b"", peers=(), replicas=0):
        """Replace the connection-sync setting (docs/sync.md); no peers turns it off;
        replicas: k-way replication's backups per connection (0: all-to-all)."""
        pb = _load_pb()
        cfg = pb.SyncConfig(id=id, listen=listen, key=key, peers=list(peers), replicas=replicas)
        return self.call(set_sync=pb.SetSync(config=cfg))

    def sync(self):
        """The sync state ("off", "syncing", "ready"), peers and counters."""
        pb = _load_pb()
        return self.call(get_sync=pb.GetSync()).sync

    def iter_connections(self, limit=1000, service=None):
        """Every connection, fetching page after page."""
        cursor = 0
        while True:
            page, cursor = self.connections(cursor, limit, service)
            yield from page
            if cursor == 0:
                return


# --- CLI ------------------------------------------------------------------------------------
def parse_endpoint(text):
    """'10.0.0.1:80', '[fd00::1]:80', '10.0.0.1', 'fd00::1' -> (address, port); port 0 if none."""
    if text.startswith("["):
        addr, sep, rest = text[1:].partition("]")
        if not sep or (rest and not rest.startswith(":")):
            raise argparse.ArgumentTypeError(f"bad address {text!r}")
        port = rest[1:] or "0"
    elif text.count(":") > 1:
        addr, port = text, "0"
    else:
        addr, _, port = text.partition(":")
        port = port or "0"
    if not addr or not port.isdigit() or int(port) > 65535:
        raise argparse.ArgumentTypeError(f"bad address {text!r}")
    return addr, int(port)


def fmt_endpoint(addr, port):
    return f"[{addr}]:{port}" if ":" in addr else f"{addr}:{port}"


def table(rows, header):
    """Left-aligned columns, two spaces apart."""
    rows = [[str(x) for x in r] for r in rows]
    widths = [max(len(r[i]) for r in [header] + rows) for i in range(len(header))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip()
                     for r in [header] + rows)


def to_json(msg):
    return json_format.MessageToDict(msg, preserving_proto_field_name=True,
                                     including_default_value_fields=True)


def service_key(sid):
    """A service's key, (protocol, vip, vport), as the forwarder writes its id."""
    return sid.protocol, sid.vip, sid.vport


def status_by_service(status):
    """The counters of services (ServiceStatus, from a ServiceList or Stats) by service_key,
    to join them to the specs beside them."""
    return {service_key(st.id): st for st in status}


def status_by_real(st):
    """The counters of a ServiceStatus's reals (RealStatus) by (address, port)."""
    return {(r.address, r.port): r for r in st.reals}


def show_services(services, status=()):
    """Specs (VirtualService) with their counters (ServiceStatus) joined by service id."""
    counters = status_by_service(status)
    rows = []
    for vs in services:
        st = counters.get(service_key(vs.id), pb.ServiceStatus())
        reals = status_by_real(st)
        rows.append([vs.id.protocol, fmt_endpoint(vs.id.vip, vs.id.vport),
                     vs.mode + (f"/{vs.encap}" if vs.encap else ""), vs.scheduler,
                     vs.priority, "", "", f"{st.active_conns}/{st.total_conns}", st.packets,
                     st.bytes, ""])
        for rs in vs.real_services:
            c = reals.get((rs.address, rs.port), pb.RealStatus())
            # The forwarder's handshake RTT (NAT): smoothed ms over how many samples.
            rtt = (f"{c.handshake_rtt_ms:.3f}/{c.handshake_samples}"
                   if c.handshake_samples else "-")
            rows.append(["", "  -> " + fmt_endpoint(rs.address, rs.port), "", "", "", rs.weight,
                         rs.health, f"{c.active_conns}/{c.total_conns}", c.packets, c.bytes, rtt])
    return table(rows, ["PROTO", "SERVICE", "MODE", "SCHED", "PRIO", "WEIGHT", "HEALTH", "CONNS",
                        "PACKETS", "BYTES", "HS_RTT_MS/N"])


def show_stats(st):
    out = [table([[w.worker, w.lcore, w.socket, w.rx_packets, w.tx_packets, w.active_conns,
                   w.total_conns, w.handoff_out, w.handoff_in, w.local_replies,
                   sum(d.count for d in w.drops), f"{w.load:.2f}", f"{w.overload_freq:.2f}",
                   f"{w.flows_moved_in}/{w.flows_moved_out}"]
                  for w in st.workers],
                 ["WORKER", "LCORE", "SOCKET", "RX", "TX", "ACTIVE", "TOTAL", "HANDOFF_OUT",
                  "HANDOFF_IN", "LOCAL", "DROPS", "LOAD", "OVERLOAD", "MOVED_IN/OUT"])]
    if st.ports:
        out.append(table([[p.port, p.name, p.ipackets, p.opackets, p.imissed, p.ierrors,
                           p.oerrors, f"{p.bad_l4_csum}/{p.csum_unfilled}",
                           "yes" if p.peer_csum_offload else "no"] for p in st.ports],
                         ["PORT", "NAME", "IPACKETS", "OPACKETS", "IMISSED", "IERRORS",
                          "OERRORS", "BAD_L4_CSUM/UNFILLED", "PEER_CSUM_OFFLOAD"]))
        for p in st.ports:
            if p.peer_csum_offload:
                out.append(f"port {p.port}: its peer leaves TCP/UDP checksums for offload "
                           "to fill in: `ethtool -K <peer> tx off` on the sending side "
                           "(docs/drops.md)")
    drops = [d for d in st.drops if d.count]
    if drops:
        out.append(table([[d.reason, d.count] for d in drops], ["DROP", "COUNT"]))
    out.append(f"config version {st.config_version}, mbufs in use {st.mempool_in_use}"
               f"/{st.mempool_size}")
    if st.services:
        out.append(show_services(st.services, st.service_status))
    return "\n\n".join(out)


def show_steering(s):
    r = s.rssa
    out = [table([[p.port, p.name, p.socket, p.mechanism] for p in s.ports],
                 ["PORT", "NAME", "SOCKET", "STEERING"]),
           f"RSS-A {'on' if r.enabled else 'off'}: Q {r.q:g}, epsilon {r.epsilon:g}, theta_h "
           f"{r.theta_h:g}, {r.n_sam} samples per {r.period_ms} ms, cooldown {r.cooldown}, "
           f"at most {r.max_moves} moves a period; {s.periods} periods, {s.flows_moved} moves "
           f"({s.rssa_moves} by RSS-A, {s.moves_failed} failed, {s.moves_in_progress} in "
           f"progress), {s.overrides_total} overrides",
           table([[w.worker, w.lcore, w.socket, f"{w.load:.3f}", f"{w.load_period:.3f}",
                   f"{w.overload_freq:.2f}", "yes" if w.overloaded else "no", w.overrides,
                   w.flows_moved_in, w.flows_moved_out] for w in s.workers],
                 ["WORKER", "LCORE", "SOCKET", "LOAD", "PERIOD_LOAD", "OVERLOAD_FREQ",
                  "OVERLOADED", "OVERRIDES", "MOVED_IN", "MOVED_OUT"])]
    if s.overrides:
        out.append(table([[o.protocol, o.client, o.vip, o.worker, o.from_worker,
                           o.default_worker, o.age_s, o.priority,
                           "manual" if o.manual else "rss-a"] for o in s.overrides],
                         ["PROTO", "CLIENT", "VIP", "WORKER", "FROM", "DEFAULT", "AGE", "PRIO",
                          "BY"]))
    return "\n\n".join(out)


def show_conns(conns):
    return table([[c.worker, c.protocol, c.client, c.vip, c.real, c.state, c.age_s,
                   c.expires_in_s, f"{c.packets_in}/{c.packets_out}",
                   f"{c.bytes_in}/{c.bytes_out}"] for c in conns],
                 ["WORKER", "PROTO", "CLIENT", "VIP", "REAL", "STATE", "AGE", "EXPIRES",
                  "PACKETS", "BYTES"])


def _svc(args):
    vip, vport = args.service
    return args.protocol, vip, vport


def cmd_vs(cl, args):
    if args.action == "list":
        return cl.service_list(), lambda l: show_services(l.services, l.service_status)
    p, vip, vport = _svc(args)
    if args.action == "add":
        return cl.add_service(p, vip, vport, args.mode or "nat", args.sched or "maglev",
                              args.priority or 0, args.down_conns or "", args.all_down or "",
                              encap=args.encap or ""), None
    if args.action == "set":
        return cl.update_service(p, vip, vport, args.mode or "", args.sched or "",
                                 args.priority, args.down_conns or "", args.all_down or "",
                                 encap=args.encap or ""), None
    return cl.remove_service(p, vip, vport, args.hard), None


def cmd_rs(cl, args):
    addr, port = args.real
    if args.action == "add":
        return cl.add_real(*_svc(args), addr, port,
                           100 if args.weight is None else args.weight,
                           1 if args.health is None else args.health), None
    if args.action == "set":
        return cl.update_real(*_svc(args), addr, port, args.weight, args.health), None
    return cl.remove_real(*_svc(args), addr, port, args.hard), None


def cmd_route(cl, args):
    if args.action == "list":
        return cl.list_routes(), lambda rs: table([[r.prefix, r.via or "-", r.port] for r in rs],
                                                  ["PREFIX", "VIA", "PORT"])
    if args.action == "add":
        return cl.set_route(args.prefix, args.via, args.port), None
    return cl.delete_route(args.prefix), None


def cmd_neigh(cl, args):
    if args.action == "list":
        return cl.list_neighbors(), lambda ns: table(
            [[n.address, n.mac, n.port, "static" if n.is_static else "learnt"] for n in ns],
            ["ADDRESS", "MAC", "PORT", "TYPE"])
    return cl.set_neighbor(args.address, args.mac, args.port), None


def cmd_timeouts(cl, args):
    kw = {k: v for k in ("tcp_syn", "tcp_established", "tcp_fin", "tcp_time_wait", "tcp_close",
                         "udp") if (v := getattr(args, k)) is not None}
    if not kw:
        raise SystemExit("fwctl: timeouts: give at least one of --tcp-syn ... --udp")
    return cl.set_timeouts(**kw), None


def cmd_stats(cl, args):
    return cl.stats(), show_stats


def cmd_steering(cl, args):
    return cl.steering(args.limit), show_steering


def cmd_rssa(cl, args):
    enabled = {"on": True, "off": False, None: None}[args.enable]
    params = {k: getattr(args, k) for k in ("q", "epsilon", "theta_h", "period_ms", "n_sam",
                                            "cooldown", "max_moves")}
    if enabled is None and all(v is None for v in params.values()):
        raise SystemExit("fwctl: rssa: give on/off or at least one setting")
    return cl.set_rssa(enabled, **params), None


def cmd_steer(cl, args):
    return cl.steer_flow(args.protocol, args.client, args.vip, args.worker), None


def show_sync(s):
    head = f"sync {s.state}, id {s.id}, listen {s.listen or '-'}, epoch {s.epoch}"
    if s.replicas:
        head += f", k-way replicas {s.replicas}, {s.live_peers} peers live"
    rows = [(p.address, p.id, f"{p.last_heard_s:.1f}" if p.last_heard_s >= 0 else "never",
             p.rx_messages, p.rx_records, p.tx_messages, p.tx_records,
             "yes" if p.dump_received else "no") for p in s.peers]
    ctrs = "\n".join(f"  {c.name} {c.value}" for c in s.counters if c.value)
    return "\n".join([head, table(rows, ("peer", "id", "heard_s", "rx_msgs", "rx_recs",
                                          "tx_msgs", "tx_recs", "dump_in")), ctrs])


def cmd_sync(cl, args):
    if args.action == "show":
        return cl.sync(), show_sync
    if args.action == "off":
        return cl.set_sync(), None
    key = bytes.fromhex(args.key) if args.key else open(args.key_file).read().strip()
    if isinstance(key, str):
        key = bytes.fromhex(key)
    return cl.set_sync(args.id, args.listen, key, args.peer, args.replicas), None


def cmd_conns(cl, args):
    svc = None
    if args.vs:
        proto, ep = args.vs
        svc = (proto, *parse_endpoint(ep))
    if args.all:
        return list(cl.iter_connections(args.limit, svc)), show_conns
    page, nxt = cl.connections(args.cursor, args.limit, svc)
    if nxt and args.output == "table":
        print(f"(more: --cursor {nxt})", file=sys.stderr)
    return page, show_conns


def build_parser():
    ap = argparse.ArgumentParser(prog="fwctl", description="Control one hvlb forwarder "
                                 "through its local socket.")
    ap.add_argument("-s", "--socket", default=DEFAULT_SOCKET, help="control socket path")
    ap.add_argument("-o", "--output", choices=("table", "json"), default="table")
    sub = ap.add_subparsers(dest="cmd", required=True)

    def svc_args(p):
        p.add_argument("protocol", choices=("tcp", "udp"))
        p.add_argument("service", type=parse_endpoint, metavar="VIP:PORT")

    vs = sub.add_parser("vs", help="virtual services").add_subparsers(dest="action",
                                                                      required=True)
    for action in ("add", "set", "del"):
        p = vs.add_parser(action)
        svc_args(p)
        if action == "del":
            p.add_argument("--hard", action="store_true",
                           help="also end its connections now")
        else:
            p.add_argument("--mode", choices=("nat", "dr", "tunnel", "fullnat"))
            p.add_argument("--encap", choices=("ipip", "gue"), help="with --mode tunnel")
            p.add_argument("--sched", choices=("maglev", "random", "rr", "wrr", "sh", "lc"))
            p.add_argument("--priority", type=int, choices=range(8), metavar="0-7",
                           help="RSS-A class: moved last, placed first")
            p.add_argument("--down-conns", choices=("keep", "reschedule"),
                           help="connections of a real that goes down or is removed softly")
            p.add_argument("--all-down", choices=("drop", "keep_last"),
                           help="with no real up: drop, or schedule over every real")
    vs.add_parser("list")
    sub.choices["vs"].set_defaults(func=cmd_vs)

    rs = sub.add_parser("rs", help="real services").add_subparsers(dest="action", required=True)
    for action in ("add", "set", "del"):
        p = rs.add_parser(action)
        svc_args(p)
        p.add_argument("real", type=parse_endpoint, metavar="ADDR[:PORT]")
        if action == "del":
            p.add_argument("--hard", action="store_true",
                           help="also end its connections now")
        else:
            p.add_argument("--weight", type=int)
            p.add_argument("--health", type=int, choices=(0, 1))
    sub.choices["rs"].set_defaults(func=cmd_rs)

    rt = sub.add_parser("route", help="routes").add_subparsers(dest="action", required=True)
    p = rt.add_parser("add")
    p.add_argument("prefix")
    p.add_argument("--via", default="", help="gateway (omit: directly connected)")
    p.add_argument("--port", type=int, required=True)
    rt.add_parser("del").add_argument("prefix")
    rt.add_parser("list")
    sub.choices["route"].set_defaults(func=cmd_route)

    nb = sub.add_parser("neigh", help="static neighbours").add_subparsers(dest="action",
                                                                          required=True)
    p = nb.add_parser("add")
    p.add_argument("address")
    p.add_argument("mac")
    p.add_argument("--port", type=int, required=True)
    nb.add_parser("list")
    sub.choices["neigh"].set_defaults(func=cmd_neigh)

    p = sub.add_parser("timeouts", help="connection timeouts, seconds")
    for name in ("tcp_syn", "tcp_established", "tcp_fin", "tcp_time_wait", "tcp_close", "udp"):
        p.add_argument("--" + name.replace("_", "-"), dest=name, type=int)
    p.set_defaults(func=cmd_timeouts)

    sub.add_parser("stats", help="counters").set_defaults(func=cmd_stats)

    p = sub.add_parser("steering", help="flow steering: mechanism, RSS-A, loads, overrides")
    p.add_argument("--limit", type=int, default=100, help="overrides listed")
    p.set_defaults(func=cmd_steering)

    p = sub.add_parser("rssa", help="change RSS-A's settings")
    p.add_argument("enable", nargs="?", choices=("on", "off"))
    for name, typ in (("q", float), ("epsilon", float), ("theta_h", float), ("period_ms", int),
                      ("n_sam", int), ("cooldown", int), ("max_moves", int)):
        p.add_argument("--" + name.replace("_", "-"), dest=name, type=typ)
    p.set_defaults(func=cmd_rssa)

    p = sub.add_parser("steer", help="move one connection to a worker, its state with it")
    p.add_argument("protocol", choices=("tcp", "udp"))
    p.add_argument("client", metavar="CLIENT_ADDR:PORT")
    p.add_argument("vip", metavar="VIP:PORT")
    p.add_argument("worker", type=int)
    p.set_defaults(func=cmd_steer)

    sy = sub.add_parser("sync", help="connection sync with peer forwarders").add_subparsers(
        dest="action", required=True)
    sy.add_parser("show")
    sy.add_parser("off")
    p = sy.add_parser("set", help="replace the whole setting")
    p.add_argument("--id", type=int, required=True)
    p.add_argument("--listen", required=True, metavar="ADDR:PORT")
    k = p.add_mutually_exclusive_group(required=True)
    k.add_argument("--key", help="the cluster key in hex (16 to 64 bytes)")
    k.add_argument("--key-file", help="a file holding the key in hex")
    p.add_argument("--peer", action="append", default=[], metavar="ADDR:PORT")
    p.add_argument("--replicas", type=int, default=0,
                   help="k-way replication: backups per connection, 1 or 2 (0: every peer)")
    sub.choices["sync"].set_defaults(func=cmd_sync)

    p = sub.add_parser("conns", help="connections (paged)")
    p.add_argument("--limit", type=int, default=1000)
    p.add_argument("--cursor", type=int, default=0)
    p.add_argument("--all", action="store_true", help="fetch every page")
    p.add_argument("--vs", nargs=2, metavar=("PROTO", "VIP:PORT"))
    p.set_defaults(func=cmd_conns)
    return ap


def main(argv=None):
    args = build_parser().parse_args(argv)
    try:
        with Client(args.socket) as cl:
            result, show = args.func(cl, args)
    except FwctlError as e:
        print(f"fwctl: {e}", file=sys.stderr)
        return 1
    except OSError as e:  # cannot connect, connection lost, framing lost
        print(f"fwctl: {args.socket}: {e}", file=sys.stderr)
        return 2
    if show is None:  # a change: the Response itself
        if args.output == "json":
            print(json.dumps({"status": 0, "config_version": result.config_version}))
        return 0
    if args.output == "json":
        data = [to_json(m) for m in result] if isinstance(result, list) else to_json(result)
        print(json.dumps(data, indent=2))
    else:
        print(show(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
