#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""A user-space tunnel endpoint for an NF (docs/mode-tunnel.md), for labs whose kernel has no
ipip, ip6_tunnel or fou module: it takes what a forwarder in tunnel mode sends, and hands the
inner packet to the NF's own kernel, which answers the client directly (from the VIP it holds).

    python3 lab/tundecap.py [--tun tund0] [--gue-port 6080]

It opens a TUN device (no packet information header, up) and reads:
  - IPIP over IPv4: a raw IPv4 socket of protocol 4 (inner IPv4) and one of protocol 41 (inner
    IPv6); the kernel gives them the outer header, which is stripped;
  - IPIP over IPv6: raw IPv6 sockets of next header 41 and 4 (the kernel strips the outer);
  - GUE: UDP sockets on the GUE port, IPv4 and IPv6 (variant 1: the payload is the inner IP
    packet, its version nibble says which).
Each inner packet is written to the TUN device as it came: the kernel receives it on tund0,
finds its destination (a VIP on lo) local, and replies through its routes. A datagram that is
no IP packet is counted and dropped. On SIGTERM it prints its counters and exits.
"""

import argparse
import fcntl
import os
import select
import signal
import socket
import struct
import subprocess
import sys

TUNSETIFF = 0x400454CA
IFF_TUN, IFF_NO_PI = 0x0001, 0x1000


def open_tun(name):
    fd = os.open("/dev/net/tun", os.O_RDWR)
    fcntl.ioctl(fd, TUNSETIFF, struct.pack("16sH", name.encode(), IFF_TUN | IFF_NO_PI))
    subprocess.run(["ip", "link", "set", name, "up"], check=True)
    return fd


def inner_ok(pkt):
    """Whether pkt looks like an IP packet (version 4 or 6) of the length it says."""
    if len(pkt) < 20:
        return False
    v = pkt[0] >> 4
    if v == 4:
        return struct.unpack("!H", pkt[2:4])[0] == len(pkt)
    if v == 6:
        return len(pkt) >= 40 and struct.unpack("!H", pkt[4:6])[0] + 40 == len(pkt)
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tun", default="tund0")
    ap.add_argument("--gue-port", type=int, default=6080)
    args = ap.parse_args()

    tun = open_tun(args.tun)
    socks = {}  # socket -> (kind, strips the outer IPv4 header)
    for proto in (4, 41):
        socks[socket.socket(socket.AF_INET, socket.SOCK_RAW, proto)] = (f"ipip4/{proto}", True)
        socks[socket.socket(socket.AF_INET6, socket.SOCK_RAW, proto)] = (f"ipip6/{proto}", False)
    for fam, addr in ((socket.AF_INET, "0.0.0.0"), (socket.AF_INET6, "::")):
        s = socket.socket(fam, socket.SOCK_DGRAM)
        if fam == socket.AF_INET6:
            s.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
        s.bind((addr, args.gue_port))
        socks[s] = (f"gue{4 if fam == socket.AF_INET else 6}", False)
    counts = {k: 0 for k, _ in socks.values()}
    counts["bad"] = 0

    def done(*_):
        print(" ".join(f"{k}={v}" for k, v in sorted(counts.items())), flush=True)
        sys.exit(0)

    signal.signal(signal.SIGTERM, done)
    print(f"tundecap: serving on {args.tun}, gue port {args.gue_port}", flush=True)
    poll = select.poll()
    by_fd = {s.fileno(): s for s in socks}
    for fd in by_fd:
        poll.register(fd, select.POLLIN)
    while True:
        for fd, _ in poll.poll():
            s = by_fd[fd]
            kind, strip = socks[s]
            pkt = s.recv(65535)
            if strip:  # a raw IPv4 socket gets the outer header too
                pkt = pkt[(pkt[0] & 0x0F) * 4:]
            if not inner_ok(pkt):
                counts["bad"] += 1
                continue
            counts[kind] += 1
            os.write(tun, pkt)


if __name__ == "__main__":
    main()
