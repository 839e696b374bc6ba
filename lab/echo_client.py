#!/usr/bin/env python3
"""Long-lived traffic that checks every byte: run in a client namespace by the e2e tests.

TCP connections to VIP:ECHO_PORT (nfsim's bulk port: "echo\\n" makes it echo every byte), each
streaming seeded random bytes at a paced rate while a thread reads the echo; the SHA-256 of what
was sent and what came back are compared, and the longest pause between two reads is kept.
UDP flows send numbered requests to VIP:53 and count the replies to their own requests.

    echo_client.py VIP ECHO_PORT --tcp-ports 42000,42001 --udp-ports 43000 --duration 14 --rate 400000
    echo_client.py VIP ECHO_PORT --tcp-count 200 --duration 14 --rate 10000 --chunk 1000

Writes "connected N" to stderr once every TCP connection is up (or has failed), then one JSON
object to stdout at the end: {"tcp": [per connection], "udp": {"sent", "replies"}}.
"""

import argparse
import hashlib
import json
import random
import socket
import sys
import threading
import time


def tcp_conn(a, port, seed, results, lock, up):
    r = {"port": port, "sent": 0, "received": 0, "max_gap_s": 0.0, "error": None}
    try:
        s = socket.create_connection((a.vip, a.echo_port), timeout=10,
                                     source_address=("", port))
        s.sendall(b"echo\n")
        hello = b""
        while not hello.endswith(b"\n"):
            b = s.recv(1)
            if not b:
                raise OSError("closed before the greeting")
            hello += b
        r["nf"] = hello.decode().strip()
        # Past the connect, a slow moment (a busy machine starving this process's threads, an
        # outage being retransmitted through) is not an error: what comes back is checked whole.
        s.settimeout(60)
    except OSError as e:
        r["error"] = f"connect: {e}"
        up.release()
        with lock:
            results.append(r)
        return
    up.release()
    sent_h, recv_h, last = hashlib.sha256(), hashlib.sha256(), [time.monotonic()]

    def reader():
        try:
            while True:
                b = s.recv(65536)
                if not b:
                    break
                now = time.monotonic()
                r["max_gap_s"] = max(r["max_gap_s"], now - last[0])
                last[0] = now
                recv_h.update(b)
                r["received"] += len(b)
        except OSError as e:
            r["error"] = f"read: {e}"

    t = threading.Thread(target=reader)
    t.start()
    rnd, start = random.Random(seed), time.monotonic()
    try:
        while time.monotonic() - start < a.duration:
            data = rnd.randbytes(a.chunk)
            s.sendall(data)
            sent_h.update(data)
            r["sent"] += len(data)
            pause = start + r["sent"] / a.rate - time.monotonic()
            if pause > 0:
                time.sleep(pause)
        s.shutdown(socket.SHUT_WR)
    except OSError as e:
        r["error"] = f"write: {e}"
    t.join(timeout=30)
    s.close()
    r["sha_ok"] = r["sent"] > 0 and sent_h.hexdigest() == recv_h.hexdigest()
    with lock:
        results.append(r)


def udp_flow(a, port, udp, lock):
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.bind(("", port))
    s.connect((a.vip, 53))
    start, seq = time.monotonic(), 0
    while time.monotonic() - start < a.duration:
        msg = f"{port}:{seq}".encode()
        s.send(msg)
        with lock:
            udp["sent"] += 1
        # A reply that came later than the timeout is read (and skipped) here, so one slow
        # answer does not put every later one out of step.
        deadline = time.monotonic() + 0.5
        try:
            while True:
                s.settimeout(max(deadline - time.monotonic(), 0.001))
                if s.recv(2048).endswith(msg):
                    with lock:
                        udp["replies"] += 1
                    break
        except OSError:
            pass
        seq += 1
        time.sleep(0.005)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("vip")
    p.add_argument("echo_port", type=int)
    p.add_argument("--tcp-ports", default="", help="local ports, comma-separated")
    p.add_argument("--tcp-count", type=int, default=0, help="connections from any port")
    p.add_argument("--udp-ports", default="")
    p.add_argument("--duration", type=float, default=10)
    p.add_argument("--rate", type=float, default=100_000, help="bytes/s per TCP connection")
    p.add_argument("--chunk", type=int, default=8192, help="bytes per write")
    a = p.parse_args()
    tcp_ports = [int(x) for x in a.tcp_ports.split(",") if x] or [0] * a.tcp_count
    udp_ports = [int(x) for x in a.udp_ports.split(",") if x]
    results, udp, lock, up = [], {"sent": 0, "replies": 0}, threading.Lock(), \
        threading.Semaphore(0)
    threads = [threading.Thread(target=tcp_conn, args=(a, port, port or i, results, lock, up))
               for i, port in enumerate(tcp_ports)]
    threads += [threading.Thread(target=udp_flow, args=(a, port, udp, lock))
                for port in udp_ports]
    for t in threads:
        t.start()
    for _ in tcp_ports:
        up.acquire()
    print(f"connected {len(tcp_ports)}", file=sys.stderr, flush=True)
    for t in threads:
        t.join()
    print(json.dumps({"tcp": results, "udp": udp}))


if __name__ == "__main__":
    main()
