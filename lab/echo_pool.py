#!/usr/bin/env python3
"""Many long-lived connections that check every byte, in one thread: run in a client namespace
by the scale-out tests (tests/e2e/test_scale_out.py) while forwarders die and come back.

TCP: COUNT connections to VIP:PORT (hvlb-nfsim's bulk port: "echo\\n" makes it echo every
byte), each sending a seeded random chunk every INTERVAL and reading the echo; at the end
each connection half-closes, reads what is left, and compares the SHA-256 of what it sent
with what came back. A connection survives when it saw no error and the hashes match.
UDP (--udp-count): flows to VIP:UDP_PORT, each sending a numbered request every INTERVAL
and counting the replies that carry it back (DNS-like request/response).
Probe (--probe-interval): a new TCP connection (connect, one echo, close) that often, each
recorded with its time and outcome, so a test can measure how long new connections failed.

    echo_pool.py 10.100.0.1 5001 --count 1000 --duration 30 --udp-count 50 --udp-port 53

Writes "connected N failed M" to stderr once every TCP connection has been tried, then, at
the end, one JSON object to stdout: {"tcp": {...}, "udp": {...}, "probes": [[t, ok], ...]}.
SIGUSR1 ends the run early (each connection still checks its echo).
"""

import argparse
import asyncio
import hashlib
import json
import random
import signal
import socket
import sys
import time


class Conn:
    def __init__(self, i):
        self.i, self.sent, self.received = i, 0, 0
        self.error, self.nf, self.port = None, None, None
        self.sent_h, self.recv_h = hashlib.sha256(), hashlib.sha256()


async def read_line(reader, timeout):
    return await asyncio.wait_for(reader.readline(), timeout)


async def tcp_conn(a, c, stop, up):
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_connection(a.vip, a.port), 10)
        c.port = writer.get_extra_info("sockname")[1]
        writer.write(b"echo\n")
        c.nf = (await read_line(reader, 10)).decode().strip()
        if not c.nf:
            raise OSError("closed before the greeting")
    except (OSError, asyncio.TimeoutError) as e:
        c.error = f"connect: {e!r}"
        # Said at once (the report comes only at the end): a test that stops at the
        # "connected" line shows which connection failed, how and when.
        print(f"connection {c.i} (port {c.port}) failed: {c.error}", file=sys.stderr, flush=True)
        up(False)
        return
    up(True)
    rnd = random.Random(c.i)

    async def drain_echo():
        # The echo of everything sent so far; a slow moment (a retransmission through a
        # failover) is not an error as long as every byte comes back within the limit.
        while c.received < c.sent:
            b = await asyncio.wait_for(reader.read(65536), a.echo_timeout)
            if not b:
                raise OSError("closed by the peer")
            c.recv_h.update(b)
            c.received += len(b)

    try:
        # Spread the connections' sends over the interval.
        await asyncio.wait_for(stop.wait(), rnd.random() * a.interval)
    except asyncio.TimeoutError:
        pass
    try:
        while not stop.is_set():
            data = rnd.randbytes(a.chunk)
            writer.write(data)
            c.sent_h.update(data)
            c.sent += len(data)
            await writer.drain()
            await drain_echo()
            try:
                await asyncio.wait_for(stop.wait(), a.interval)
            except asyncio.TimeoutError:
                pass
        writer.write_eof()
        await drain_echo()
    except (OSError, asyncio.TimeoutError) as e:
        c.error = f"stream: {e!r}"
    finally:
        writer.close()


class UDPFlow(asyncio.DatagramProtocol):
    def __init__(self, i):
        self.i, self.sent, self.replies, self.pending = i, 0, 0, set()
        self.max_gap_s, self.last_reply = 0.0, None

    def datagram_received(self, data, addr):
        key = data.split(b"|")[-1]
        if key in self.pending:
            self.pending.discard(key)
            self.replies += 1
            now = time.monotonic()
            if self.last_reply is not None:
                self.max_gap_s = max(self.max_gap_s, now - self.last_reply)
            self.last_reply = now


async def udp_flow(a, f, stop):
    loop = asyncio.get_running_loop()
    transport, _ = await loop.create_datagram_endpoint(lambda: f, remote_addr=(a.vip, a.udp_port))
    rnd = random.Random(100000 + f.i)
    try:
        await asyncio.wait_for(stop.wait(), rnd.random() * a.interval)
    except asyncio.TimeoutError:
        pass
    seq = 0
    while not stop.is_set():
        key = f"{f.i}:{seq}".encode()
        f.pending.add(key)
        transport.sendto(b"q|" + key)
        f.sent += 1
        seq += 1
        try:
            await asyncio.wait_for(stop.wait(), a.interval)
        except asyncio.TimeoutError:
            pass
    await asyncio.sleep(1.0)  # the last replies
    transport.close()


async def probe(a, stop, out, t0):
    while not stop.is_set():
        start = time.monotonic()
        ok = False
        try:
            r, w = await asyncio.wait_for(asyncio.open_connection(a.vip, a.port), a.probe_timeout)
            w.write(b"echo\nping\n")
            await read_line(r, a.probe_timeout)              # greeting
            ok = (await read_line(r, a.probe_timeout)) == b"ping\n"
            w.close()
        except (OSError, asyncio.TimeoutError):
            pass
        if stop.is_set():
            # The run ended while this probe was out: the connections' last echoes keep the
            # loop busy then, so its outcome says nothing about the forwarders.
            break
        out.append([round(start - t0, 3), ok])
        try:
            await asyncio.wait_for(stop.wait(), max(a.probe_interval - (time.monotonic() - start), 0))
        except asyncio.TimeoutError:
            pass


async def run(a):
    stop, t0 = asyncio.Event(), time.monotonic()
    loop = asyncio.get_running_loop()
    loop.add_signal_handler(signal.SIGUSR1, stop.set)
    conns = [Conn(i) for i in range(a.count)]
    flows = [UDPFlow(i) for i in range(a.udp_count)]
    probes = []
    state = {"tried": 0, "ok": 0}

    def up(ok):
        state["tried"] += 1
        state["ok"] += ok
        if state["tried"] == a.count:
            print(f"connected {state['ok']} failed {a.count - state['ok']}", file=sys.stderr,
                  flush=True)

    if a.count == 0:
        print("connected 0 failed 0", file=sys.stderr, flush=True)
    tasks = []
    for c in conns:  # opened at a bounded rate, as clients arrive, not as one burst of SYNs
        tasks.append(asyncio.create_task(tcp_conn(a, c, stop, up)))
        await asyncio.sleep(1.0 / a.open_rate)
    tasks += [asyncio.create_task(udp_flow(a, f, stop)) for f in flows]
    if a.probe_interval > 0:
        tasks.append(asyncio.create_task(probe(a, stop, probes, t0)))
    try:
        await asyncio.wait_for(stop.wait(), a.duration)
    except asyncio.TimeoutError:
        stop.set()
    await asyncio.gather(*tasks)

    broken = [c for c in conns if c.error or c.sent == 0 or
              c.sent_h.hexdigest() != c.recv_h.hexdigest()]
    out = {
        "tcp": {
            "count": a.count,
            "connected": sum(1 for c in conns if c.nf),
            "survived": a.count - len(broken),
            "bytes": sum(c.sent for c in conns),
            "nfs": sorted({c.nf for c in conns if c.nf}),
            "broken": [{"i": c.i, "port": c.port, "nf": c.nf, "sent": c.sent,
                        "received": c.received, "error": c.error} for c in broken[:50]],
        },
        "udp": {
            "flows": a.udp_count,
            "sent": sum(f.sent for f in flows),
            "replies": sum(f.replies for f in flows),
            "max_gap_s": round(max((f.max_gap_s for f in flows), default=0.0), 3),
            "silent_flows": sum(1 for f in flows if f.replies == 0),
        },
        "probes": probes,
    }
    print(json.dumps(out), flush=True)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("vip")
    p.add_argument("port", type=int, help="the NFs' bulk (echo) TCP port")
    p.add_argument("--count", type=int, default=100, help="long-lived TCP connections")
    p.add_argument("--duration", type=float, default=20, help="seconds (SIGUSR1 ends earlier)")
    p.add_argument("--interval", type=float, default=0.5, help="seconds between two sends")
    p.add_argument("--chunk", type=int, default=200, help="bytes per send")
    p.add_argument("--echo-timeout", type=float, default=60,
                   help="longest wait for an echo before a connection counts as broken")
    p.add_argument("--open-rate", type=float, default=500, help="new TCP connections per second")
    p.add_argument("--udp-count", type=int, default=0)
    p.add_argument("--udp-port", type=int, default=53)
    p.add_argument("--probe-interval", type=float, default=0, help="seconds (0: no probes)")
    p.add_argument("--probe-timeout", type=float, default=1.0)
    a = p.parse_args()
    asyncio.run(run(a))


if __name__ == "__main__":
    main()
