"""A free loopback port that no other process will be handed before the caller binds it.

Binding port 0 and closing the socket is not enough: the kernel picks that port from the
ephemeral range, where every outgoing connection on the machine takes its source port, and a
process running beside the test can take it before the test's server binds it. The ports
given here lie below that range (the same rule as Go's internal/testport), and one is handed
out only after a bind on it succeeded.
"""

from __future__ import annotations

import random
import socket

LOWEST, HIGHEST = 10000, 32768


def _ephemeral_low():
    try:
        with open("/proc/sys/net/ipv4/ip_local_port_range") as f:
            low = int(f.read().split()[0])
    except (OSError, ValueError, IndexError):
        return HIGHEST
    return low if low > LOWEST + 1000 else HIGHEST


def free_port(host="127.0.0.1", kind=socket.SOCK_STREAM):
    """A port on host where nothing of this kind is bound."""
    span = _ephemeral_low() - LOWEST
    start = random.randrange(span)
    last = None
    for i in range(200):
        port = LOWEST + (start + i * 7919) % span  # a prime stride: no port tried twice
        with socket.socket(socket.AF_INET, kind) as s:
            try:
                s.bind((host, port))
            except OSError as e:
                last = e
                continue
        return port
    raise OSError(f"no free port below {LOWEST + span}: {last}")
