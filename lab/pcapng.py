"""Reads pcapng as `hvlbctl capture` writes it (internal/pcapng): each packet's interface
name (its forwarder), bytes, original length and comment (where it was taken). Enough to
check a capture beside tcpdump, which reads the file but does not print the comments."""

import struct
from pathlib import Path


def read(path):
    """[{"interface", "data", "orig_len", "comment"}] in file order."""
    b = Path(path).read_bytes()
    ifaces, out, off = [], [], 0
    while off < len(b):
        typ, n = struct.unpack_from("<II", b, off)
        body = b[off + 8:off + n - 4]
        if typ == 1:  # interface description: its name
            ifaces.append(_options(body[8:]).get(2, b"").decode())
        elif typ == 6:  # enhanced packet
            iface, _, _, caplen, orig = struct.unpack_from("<IIIII", body, 0)
            data = body[20:20 + caplen]
            opts = _options(body[20 + (caplen + 3) // 4 * 4:])
            out.append({"interface": ifaces[iface], "data": data, "orig_len": orig,
                        "comment": opts.get(1, b"").decode()})
        off += n
    return out


def _options(b):
    opts, off = {}, 0
    while off + 4 <= len(b):
        code, n = struct.unpack_from("<HH", b, off)
        if code == 0:
            break
        opts[code] = b[off + 4:off + 4 + n]
        off += 4 + (n + 3) // 4 * 4
    return opts
