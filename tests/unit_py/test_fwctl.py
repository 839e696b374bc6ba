# SPDX-License-Identifier: BSD-3-Clause
"""lab/fwctl.py against a fake forwarder: a Unix socket served by a thread that decodes each
Request and answers with a canned Response. No forwarder needed."""

import json
import os
import shutil
import socket
import struct
import sys
import tempfile
import threading

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "lab"))
import fwctl  # noqa: E402

pb = fwctl.pb


def _recv_exact(conn, n):
    buf = b""
    while len(buf) < n:
        chunk = conn.recv(n - len(buf))
        if not chunk:
            return None
        buf += chunk
    return buf


class FakeForwarder:
    """Serves one connection at a time. handler(Request) -> Response (id filled in), or None to
    close the connection without answering. Every request and its raw frame are recorded."""

    def __init__(self, path, handler, chunk=None):
        self.path, self.handler, self.chunk = path, handler, chunk
        self.requests, self.frames = [], []
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.bind(path)
        self.sock.listen(4)
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self):
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            with conn:
                self._session(conn)

    def _session(self, conn):
        while True:
            head = _recv_exact(conn, 4)
            if head is None:
                return
            (n,) = struct.unpack(">I", head)
            data = _recv_exact(conn, n)
            self.frames.append(head + data)
            req = pb.Request.FromString(data)
            self.requests.append(req)
            resp = self.handler(req)
            if resp is None:
                return
            if not resp.id:
                resp.id = req.id
            out = resp.SerializeToString()
            out = struct.pack(">I", len(out)) + out
            step = self.chunk or len(out)
            for i in range(0, len(out), step):  # split replies to test the client's reads
                conn.sendall(out[i:i + step])

    def close(self):
        self.sock.close()


@pytest.fixture
def serve():
    # A short directory: a Unix socket path must fit in 108 bytes, pytest's tmp_path may not.
    d = tempfile.mkdtemp(prefix="fwctl")
    servers = []

    def start(handler, chunk=None):
        srv = FakeForwarder(os.path.join(d, "fwd.sock"), handler, chunk)
        servers.append(srv)
        return srv

    yield start
    for s in servers:
        s.close()
    shutil.rmtree(d, ignore_errors=True)


def ok(req):
    return pb.Response(status=0, config_version=7)


# --- framing -----------------------------------------------------------------------------------
def test_request_framing_is_length_prefixed_big_endian(serve):
    srv = serve(ok)
    with fwctl.Client(srv.path) as cl:
        cl.add_service("tcp", "10.100.0.1", 80)
    frame = srv.frames[0]
    (n,) = struct.unpack(">I", frame[:4])
    assert n == len(frame) - 4
    req = pb.Request.FromString(frame[4:])
    assert req.WhichOneof("op") == "add_service"
    vs = req.add_service.service
    assert (vs.id.protocol, vs.id.vip, vs.id.vport) == ("tcp", "10.100.0.1", 80)
    assert (vs.mode, vs.scheduler) == ("nat", "maglev")


def test_reply_read_in_pieces_and_ids_increase(serve):
    srv = serve(ok, chunk=1)
    with fwctl.Client(srv.path) as cl:
        r1 = cl.set_route("10.0.0.0/24", "10.9.0.1", 0)
        r2 = cl.delete_route("10.0.0.0/24")
    assert r1.config_version == 7 and r2.config_version == 7
    assert [r.id for r in srv.requests] == [1, 2]


def test_large_reply(serve):
    svcs = pb.ServiceList(services=[
        pb.VirtualService(id=pb.ServiceId(protocol="udp", vip=f"10.100.{i // 256}.{i % 256}",
                                          vport=53), mode="nat", scheduler="rr")
        for i in range(5000)])
    srv = serve(lambda req: pb.Response(services=svcs))
    with fwctl.Client(srv.path) as cl:
        got = cl.list_services()
    assert len(got) == 5000 and got[4999].id.vip == "10.100.19.135"


def test_connection_closed_mid_call(serve):
    srv = serve(lambda req: None)
    with fwctl.Client(srv.path) as cl:
        with pytest.raises(ConnectionError):
            cl.stats()


def test_reply_with_wrong_id(serve):
    srv = serve(lambda req: pb.Response(id=req.id + 100))
    with fwctl.Client(srv.path) as cl:
        with pytest.raises(ConnectionError, match="reply id"):
            cl.stats()


# --- encoding of each operation ---------------------------------------------------------------
def test_real_service_operations(serve):
    srv = serve(ok)
    with fwctl.Client(srv.path) as cl:
        cl.add_real("tcp", "10.100.0.1", 80, "10.1.0.11", 8080, weight=50, health=1)
        cl.update_real("tcp", "10.100.0.1", 80, "10.1.0.11", 8080, weight=0)
        cl.update_real("tcp", "10.100.0.1", 80, "10.1.0.11", 8080, health=0)
        cl.remove_real("tcp", "10.100.0.1", 80, "10.1.0.11", 8080, hard=True)
        with pytest.raises(ValueError):
            cl.update_real("tcp", "10.100.0.1", 80, "10.1.0.11", 8080)
    add, w, h, rm = srv.requests
    assert add.add_real.real.weight == 50 and add.add_real.real.port == 8080
    assert add.add_real.service.vip == "10.100.0.1"
    # weight=0 must still be sent: set_weight says it is meant
    assert (w.update_real.set_weight, w.update_real.weight, w.update_real.set_health) == \
        (True, 0, False)
    assert (h.update_real.set_health, h.update_real.health, h.update_real.set_weight) == \
        (True, 0, False)
    assert rm.remove_real.hard and rm.remove_real.address == "10.1.0.11"


def test_timeouts_neighbors_update_service(serve):
    srv = serve(ok)
    with fwctl.Client(srv.path) as cl:
        cl.set_timeouts(udp=60, tcp_established=300)
        with pytest.raises(TypeError, match="tcp_foo"):
            cl.set_timeouts(tcp_foo=1)
        cl.set_neighbor("10.1.0.11", "02:00:00:00:01:11", 1)
        cl.update_service("tcp", "10.100.0.1", 80, scheduler="wrr")
        cl.remove_service("tcp", "10.100.0.1", 80)
        cl.remove_service("tcp", "10.100.0.1", 80, hard=True)
    t, n, u, r, h = srv.requests
    assert (t.set_timeouts.timeouts.udp, t.set_timeouts.timeouts.tcp_established,
            t.set_timeouts.timeouts.tcp_syn) == (60, 300, 0)
    assert n.set_neighbor.neighbor.mac == "02:00:00:00:01:11" and n.set_neighbor.neighbor.port == 1
    assert (u.update_service.scheduler, u.update_service.mode) == ("wrr", "")
    assert r.WhichOneof("op") == "remove_service" and not r.remove_service.hard
    assert h.remove_service.hard


# --- errors ------------------------------------------------------------------------------------
def test_error_status_raises(serve):
    srv = serve(lambda req: pb.Response(status=17, error="service tcp 10.100.0.1:80 exists"))
    with fwctl.Client(srv.path) as cl:
        with pytest.raises(fwctl.FwctlError) as ei:
            cl.add_service("tcp", "10.100.0.1", 80)
        assert ei.value.status == 17
        assert "10.100.0.1:80 exists" in str(ei.value) and "EEXIST" in str(ei.value)
        # the connection stays usable after an error
        with pytest.raises(fwctl.FwctlError):
            cl.add_service("tcp", "10.100.0.1", 80)
    assert len(srv.requests) == 2


def test_cli_error_exit_code_and_message(serve, capsys):
    srv = serve(lambda req: pb.Response(status=2, error="no service udp 10.100.0.9:53"))
    rc = fwctl.main(["-s", srv.path, "rs", "del", "udp", "10.100.0.9:53", "10.1.0.12:53"])
    assert rc == 1
    assert "no service udp 10.100.0.9:53" in capsys.readouterr().err


def test_cli_no_socket(tmp_path, capsys):
    rc = fwctl.main(["-s", str(tmp_path / "none.sock"), "stats"])
    assert rc == 2 and "none.sock" in capsys.readouterr().err


# --- paging ------------------------------------------------------------------------------------
def paged(total, service_seen=None):
    """Connections 0..total-1 served limit at a time; the cursor is the next index."""
    def handler(req):
        lc = req.list_connections
        if service_seen is not None:
            service_seen.append(lc.service.vip if lc.HasField("service") else None)
        start, end = lc.cursor, min(lc.cursor + lc.limit, total)
        conns = [pb.Connection(worker=i % 2, protocol="tcp", client=f"10.0.0.{i}:4000",
                               vip="10.100.0.1:80", real="10.1.0.11:8080", state="established")
                 for i in range(start, end)]
        return pb.Response(connections=pb.ConnectionList(
            connections=conns, next_cursor=end if end < total else 0))
    return handler


def test_connections_pages(serve):
    seen = []
    srv = serve(paged(7, seen))
    with fwctl.Client(srv.path) as cl:
        page, nxt = cl.connections(0, 3)
        assert len(page) == 3 and nxt == 3
        got = list(cl.iter_connections(limit=3, service=("tcp", "10.100.0.1", 80)))
    assert [c.client for c in got] == [f"10.0.0.{i}:4000" for i in range(7)]
    cursors = [r.list_connections.cursor for r in srv.requests[1:]]
    assert cursors == [0, 3, 6]
    assert seen == [None, "10.100.0.1", "10.100.0.1", "10.100.0.1"]


def test_iter_connections_empty(serve):
    srv = serve(paged(0))
    with fwctl.Client(srv.path) as cl:
        assert list(cl.iter_connections()) == []
    assert len(srv.requests) == 1


def test_cli_conns_all_json(serve, capsys):
    srv = serve(paged(5))
    rc = fwctl.main(["-s", srv.path, "-o", "json", "conns", "--all", "--limit", "2"])
    assert rc == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data) == 5 and data[4]["client"] == "10.0.0.4:4000"
    assert data[0]["bytes_in"] in ("0", 0)  # defaults are shown
    assert len(srv.requests) == 3


# --- CLI encoding and output -------------------------------------------------------------------
def test_cli_vs_and_rs_commands(serve, capsys):
    srv = serve(ok)
    s = ["-s", srv.path]
    assert fwctl.main(s + ["vs", "add", "tcp", "10.100.0.1:80", "--mode", "dr", "--sched",
                           "wrr"]) == 0
    assert fwctl.main(s + ["rs", "add", "tcp", "[fd00:100::1]:80", "[fd01::11]:8080",
                           "--weight", "30"]) == 0
    assert fwctl.main(s + ["rs", "set", "udp", "10.100.0.3:0", "10.1.0.12", "--health",
                           "0"]) == 0
    assert fwctl.main(s + ["rs", "del", "tcp", "10.100.0.1:80", "10.1.0.11:8080",
                           "--hard"]) == 0
    assert fwctl.main(s + ["-o", "json", "timeouts", "--udp", "300", "--tcp-syn", "5"]) == 0
    assert json.loads(capsys.readouterr().out.strip().splitlines()[-1]) == \
        {"status": 0, "config_version": 7}
    vs, rs_add, rs_set, rs_del, to = srv.requests
    assert (vs.add_service.service.mode, vs.add_service.service.scheduler) == ("dr", "wrr")
    r = rs_add.add_real
    assert (r.service.vip, r.service.vport, r.real.address, r.real.port, r.real.weight,
            r.real.health) == ("fd00:100::1", 80, "fd01::11", 8080, 30, 1)
    u = rs_set.update_real
    assert (u.service.vport, u.address, u.port, u.set_weight, u.set_health, u.health) == \
        (0, "10.1.0.12", 0, False, True, 0)
    assert rs_del.remove_real.hard
    assert (to.set_timeouts.timeouts.udp, to.set_timeouts.timeouts.tcp_syn) == (300, 5)


def test_cli_route_and_neigh(serve):
    srv = serve(ok)
    s = ["-s", srv.path]
    assert fwctl.main(s + ["route", "add", "fd00::/64", "--via", "fd09::1", "--port", "0"]) == 0
    assert fwctl.main(s + ["route", "add", "10.1.0.0/24", "--port", "1"]) == 0
    assert fwctl.main(s + ["route", "del", "fd00::/64"]) == 0
    assert fwctl.main(s + ["neigh", "add", "10.1.0.11", "02:00:00:00:01:11", "--port", "1"]) == 0
    a, b, d, n = srv.requests
    assert (a.set_route.route.prefix, a.set_route.route.via, a.set_route.route.port) == \
        ("fd00::/64", "fd09::1", 0)
    assert (b.set_route.route.via, b.set_route.route.port) == ("", 1)
    assert d.delete_route.prefix == "fd00::/64"
    assert n.set_neighbor.neighbor.address == "10.1.0.11"


def test_cli_vs_list_table(serve, capsys):
    """Each spec's row shows the counters of its status, joined by id and (address, port),
    not by position."""
    sid = pb.ServiceId(protocol="tcp", vip="fd00:100::1", vport=80)
    vs = pb.VirtualService(id=sid, mode="nat", scheduler="maglev",
                           real_services=[pb.RealService(address="fd01::11", port=8080,
                                                         weight=100, health=1),
                                          pb.RealService(address="fd01::12", port=8080,
                                                         weight=50, health=0)])
    st = pb.ServiceStatus(id=sid, active_conns=2, total_conns=9,
                          reals=[pb.RealStatus(address="fd01::12", port=8080, total_conns=0),
                                 pb.RealStatus(address="fd01::11", port=8080, active_conns=2,
                                               total_conns=9, handshake_rtt_ms=0.5,
                                               handshake_samples=4)])
    other = pb.ServiceStatus(id=pb.ServiceId(protocol="udp", vip="fd00:100::1", vport=80),
                             total_conns=77)
    srv = serve(lambda req: pb.Response(services=pb.ServiceList(services=[vs],
                                                                service_status=[other, st])))
    assert fwctl.main(["-s", srv.path, "vs", "list"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split()[:4] == ["PROTO", "SERVICE", "MODE", "SCHED"]
    assert "[fd00:100::1]:80" in out[1] and "2/9" in out[1]
    assert "-> [fd01::11]:8080" in out[2] and "100" in out[2] and "2/9" in out[2]
    assert out[2].split()[-1] == "0.500/4"
    assert "-> [fd01::12]:8080" in out[3] and "0/0" in out[3]
    assert fwctl.main(["-s", srv.path, "-o", "json", "vs", "list"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["services"][0]["real_services"][0]["weight"] == 100
    assert data["service_status"][1]["reals"][1]["total_conns"] == "9"


def test_cli_stats_table(serve, capsys):
    st = pb.Stats(workers=[pb.WorkerStats(worker=0, lcore=1, rx_packets=10, tx_packets=8,
                                          drops=[pb.DropCount(reason="no_vs", count=2)])],
                  drops=[pb.DropCount(reason="no_vs", count=2),
                         pb.DropCount(reason="truncated", count=0)],
                  config_version=3, mempool_in_use=5, mempool_size=4095)
    srv = serve(lambda req: pb.Response(stats=st))
    assert fwctl.main(["-s", srv.path, "stats"]) == 0
    out = capsys.readouterr().out
    assert "no_vs" in out and "truncated" not in out and "5/4095" in out
    assert srv.requests[0].WhichOneof("op") == "get_stats"


def test_cli_stats_shows_checksum_offload_at_the_peer(serve, capsys):
    st = pb.Stats(ports=[pb.PortStats(port=0, name="net_af_packet0", bad_l4_csum=12,
                                      csum_unfilled=9, peer_csum_offload=True),
                         pb.PortStats(port=1, name="net_af_packet1")])
    srv = serve(lambda req: pb.Response(stats=st))
    assert fwctl.main(["-s", srv.path, "stats"]) == 0
    out = capsys.readouterr().out.splitlines()
    head = next(l for l in out if l.startswith("PORT"))
    assert head.split()[-2:] == ["BAD_L4_CSUM/UNFILLED", "PEER_CSUM_OFFLOAD"]
    rows = [l.split() for l in out if l.startswith(("0 ", "1 "))]
    assert [r[-2:] for r in rows] == [["12/9", "yes"], ["0/0", "no"]]
    assert any("port 0:" in l and "ethtool -K <peer> tx off" in l for l in out)


def test_cli_stats_shows_load_and_moves(serve, capsys):
    st = pb.Stats(workers=[pb.WorkerStats(worker=1, lcore=2, socket=1, load=0.8125,
                                          overload_freq=0.55, flows_moved_in=3,
                                          flows_moved_out=1)])
    srv = serve(lambda req: pb.Response(stats=st))
    assert fwctl.main(["-s", srv.path, "stats"]) == 0
    head, row = capsys.readouterr().out.splitlines()[:2]
    assert head.split()[-3:] == ["LOAD", "OVERLOAD", "MOVED_IN/OUT"]
    assert row.split()[-3:] == ["0.81", "0.55", "3/1"]


def test_cli_steering_table(serve, capsys):
    s = pb.Steering(
        ports=[pb.PortSteering(port=0, name="net_af_packet0", socket=0,
                               mechanism="driver spread over 2 queues + handoff")],
        rssa=pb.RssaConfig(enabled=True, q=1, epsilon=0.95, theta_h=0.5, period_ms=1000,
                           n_sam=20, cooldown=5, max_moves=32),
        workers=[pb.WorkerLoad(worker=0, lcore=1, load=0.97, load_period=0.96,
                               overload_freq=0.8, overloaded=True, flows_moved_out=2),
                 pb.WorkerLoad(worker=1, lcore=2, load=0.4, load_period=0.41, overrides=2,
                               flows_moved_in=2)],
        overrides=[pb.SteerOverride(protocol="tcp", client="10.0.0.2:42000",
                                    vip="10.100.0.1:80", worker=1, from_worker=0,
                                    default_worker=0, age_s=3, priority=1)],
        overrides_total=2, periods=40, flows_moved=2, rssa_moves=2)
    srv = serve(lambda req: pb.Response(steering=s))
    assert fwctl.main(["-s", srv.path, "steering", "--limit", "5"]) == 0
    out = capsys.readouterr().out
    assert "driver spread over 2 queues + handoff" in out
    assert "RSS-A on: Q 1, epsilon 0.95, theta_h 0.5, 20 samples per 1000 ms" in out
    assert "2 moves (2 by RSS-A" in out and "2 overrides" in out
    assert "10.0.0.2:42000" in out and "rss-a" in out
    row0 = next(l for l in out.splitlines() if l.startswith("0 ") and "yes" in l)
    assert "0.970" in row0 and "0.80" in row0
    assert srv.requests[0].get_steering.limit == 5


def test_cli_rssa_and_steer(serve):
    srv = serve(ok)
    s = ["-s", srv.path]
    assert fwctl.main(s + ["rssa", "on", "--q", "0.8", "--period-ms", "500"]) == 0
    assert fwctl.main(s + ["rssa", "--n-sam", "10"]) == 0
    assert fwctl.main(s + ["steer", "udp", "10.0.0.2:5000", "10.100.0.1:53", "1"]) == 0
    assert fwctl.main(s + ["vs", "set", "udp", "10.100.0.1:53", "--priority", "3"]) == 0
    a, b, st, vs = srv.requests
    assert a.set_rssa.set_enabled and a.set_rssa.config.enabled
    assert (a.set_rssa.config.q, a.set_rssa.config.period_ms, a.set_rssa.config.n_sam) == \
        (0.8, 500, 0)
    assert not b.set_rssa.set_enabled and b.set_rssa.config.n_sam == 10
    f = st.steer_flow
    assert (f.protocol, f.client, f.vip, f.worker) == ("udp", "10.0.0.2:5000",
                                                        "10.100.0.1:53", 1)
    u = vs.update_service
    assert u.set_priority and u.priority == 3 and u.mode == ""
    with pytest.raises(TypeError):
        fwctl.Client(srv.path).set_rssa(bogus=1)


@pytest.mark.parametrize("text,want", [
    ("10.0.0.1:80", ("10.0.0.1", 80)),
    ("10.0.0.1", ("10.0.0.1", 0)),
    ("[fd00::1]:443", ("fd00::1", 443)),
    ("[fd00::1]", ("fd00::1", 0)),
    ("fd00::1", ("fd00::1", 0)),
])
def test_parse_endpoint(text, want):
    assert fwctl.parse_endpoint(text) == want


@pytest.mark.parametrize("text", ["10.0.0.1:http", "10.0.0.1:70000", "[fd00::1", ":80",
                                  "[fd00::1]x"])
def test_parse_endpoint_rejects(text):
    with pytest.raises(Exception):
        fwctl.parse_endpoint(text)
