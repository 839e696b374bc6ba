"""Per-packet link delay in a lab topology, on a kernel without netem, fq or etf.

    import netdelay
    netdelay.set_delay(topo, "nfh1", "eth0", 5)    # +5 ms on what nfh1 receives on eth0
    netdelay.delays(topo)                          # {('nfh1', 'eth0'): 5.0}
    netdelay.clear_delay(topo, "nfh1", "eth0")
    # or, the same, as methods: topo.set_delay("nfh1", "eth0", 5), topo.clear_delay(...)
    # One path of several sharing a link (a forwarder's to an NF host): what comes from a
    # sender's MAC or addresses, one delay per label on the same interface.
    netdelay.set_delay(topo, "nfh1", "eth0", 5, src=["10.8.0.11"], mac="02:..", label="fwd-1")

Why not EDT: the usual netem-free delay is a tc BPF program that stamps each packet with an
earliest departure time (skb->tstamp = now + delay) and the fq qdisc holding it until then.
The lab kernel has no sch_fq and no sch_etf (CONFIG_NET_SCH_FQ / CONFIG_NET_SCH_ETF off,
CONFIG_MODULES off: `tc qdisc add ... fq` answers "Specified qdisc kind is unknown"), so no
qdisc would honour the stamp. What it has is NFQUEUE: an iptables rule in the host's
namespace queues the packets arriving on the interface to an NFQUEUE queue, where the kernel
keeps them, and `nfq-delay` (lab/delay/nfq_delay.c) gives each its ACCEPT verdict `ms` after
it arrived, in order. So the delay is per packet, in the kernel's path, for every protocol,
as a link's propagation delay would be.

The delay is on the packets the host RECEIVES on that interface (mangle PREROUTING), which
adds `ms` to every round trip through that link. Not on what it sends: packets a local TCP
socket sent stay charged to that socket while they are queued, and TCP small queues then
throttles the sender to a few KB per delay (netem orphans such packets for that reason;
NFQUEUE cannot). ping shows the delay when the host is the one pinged (its echo request is
delayed); a ping FROM the host measures with the kernel's receive timestamp, taken before
the delay, unless run with -U.

Each delayed interface has its own nfq-delay process, started with topo.popen (so
topo.down() kills it) and recorded here; the rule lives in the namespace and goes with it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path

from topo import LabError

REPO = Path(__file__).resolve().parents[1]
SOURCE = REPO / "lab" / "delay" / "nfq_delay.c"
BINARY = Path(os.environ.get("HVLB_NFQ_DELAY", REPO / "build" / "lab" / "nfq-delay"))
# The queue numbers this module uses (queues are per network namespace).
QUEUE_BASE = 4100


def iptables():
    """The iptables binary to use: the legacy backend (x_tables) when there is one."""
    for name in ("iptables-legacy", "iptables"):
        path = shutil.which(name) or (f"/usr/sbin/{name}" if Path(f"/usr/sbin/{name}").exists() else None)
        if path:
            return path
    return None


def build(force=False):
    """Compiles nfq-delay if it is missing or older than its source; returns its path.
    Raises LabError saying what is missing."""
    if not force and BINARY.exists() and BINARY.stat().st_mtime >= SOURCE.stat().st_mtime:
        return BINARY
    cc = shutil.which("cc") or shutil.which("gcc")
    if cc is None:
        raise LabError("nfq-delay: no C compiler (scripts/deps.sh installs build-essential)")
    BINARY.parent.mkdir(parents=True, exist_ok=True)
    p = subprocess.run([cc, "-O2", "-Wall", "-o", str(BINARY), str(SOURCE), "-lmnl"],
                       capture_output=True, text=True)
    if p.returncode != 0:
        raise LabError(f"nfq-delay: build failed (libmnl-dev missing? scripts/deps.sh):\n{p.stderr}")
    return BINARY


def unavailable():
    """Why delays cannot be set here, or None."""
    if iptables() is None:
        return "iptables is not installed (scripts/deps.sh)"
    if not Path("/proc/net/netfilter").exists() and not Path("/proc/sys/net/netfilter").exists():
        return "the kernel has no netfilter"
    try:
        build()
    except LabError as e:
        return str(e)
    return None


def _state(topo):
    st = getattr(topo, "_netdelay", None)
    if st is None:
        st = topo._netdelay = {}
    return st


def _rules(ifname, queue, src=None, mac=None):
    """The iptables rules queueing what the delay covers: everything, or each match (an
    address or prefix of src, a str or a list; the sender's MAC) by a rule of its own."""
    srcs = [src] if isinstance(src, str) else list(src or [])
    matches = [["-s", a] for a in srcs] + ([["-m", "mac", "--mac-source", mac]] if mac else [])
    return [["-t", "mangle", "PREROUTING", "-i", ifname, *match, "-j", "NFQUEUE", "--queue-num",
             str(queue), "--queue-bypass"] for match in (matches or [[]])]


def _ipt(topo, host, op, rule, check=True):
    table, chain, rest = rule[:2], rule[2], rule[3:]
    return topo.run(host, [iptables(), *table, op, chain, *rest], check=check)


def _key(host, ifname, label):
    return (host, ifname) if label is None else (host, ifname, label)


def set_delay(topo, host, ifname, ms, wait=5.0, src=None, mac=None, label=None):
    """Delays every packet host receives on ifname by ms milliseconds (replacing an earlier
    delay there of the same label; 0 removes it); with src (an address or prefix, or a list
    of them) or mac (the sender's MAC), only the packets from one of them: one host's path
    to one peer, where the link carries others too. Delays of different labels on one
    interface must match disjoint packets (the first rule that matches queues a packet)."""
    ms = float(ms)
    if not 0 <= ms <= 10000:
        raise LabError(f"{host}:{ifname}: delay {ms} ms: want 0..10000")
    clear_delay(topo, host, ifname, label)
    if ms == 0:
        return
    st = _state(topo)
    used = {e[0] for k, e in st.items() if k[0] == host}
    queue = next(q for q in range(QUEUE_BASE, QUEUE_BASE + 1000) if q not in used)
    proc = topo.popen(host, [build(), "-q", queue, "-d", f"{ms:g}"],
                      name=f"delay-{host}-{ifname}")
    deadline = time.monotonic() + wait
    while "ready" not in Path(proc.log_path).read_text(errors="replace"):
        if proc.poll() is not None or time.monotonic() > deadline:
            log = Path(proc.log_path).read_text(errors="replace")
            topo.stop(proc)
            raise LabError(f"nfq-delay in {host}: did not come up:\n{log}")
        time.sleep(0.02)
    rules = _rules(ifname, queue, src, mac)
    try:
        for rule in rules:
            _ipt(topo, host, "-A", rule)
    except LabError:
        for rule in rules:
            _ipt(topo, host, "-D", rule, check=False)
        topo.stop(proc)
        raise
    st[_key(host, ifname, label)] = (queue, ms, proc, rules)


def clear_delay(topo, host, ifname, label=None):
    """Removes a delay set by set_delay; packets already held still leave after it."""
    entry = _state(topo).pop(_key(host, ifname, label), None)
    if entry is None:
        return
    queue, ms, proc, rules = entry
    for rule in rules:
        _ipt(topo, host, "-D", rule, check=False)
    time.sleep(ms / 1000 + 0.02)  # let the held packets go before the queue closes
    topo.stop(proc)


def delays(topo):
    """{(host, ifname): ms} of the delays in force ((host, ifname, label) for a labelled
    one)."""
    return {k: e[1] for k, e in _state(topo).items()}
