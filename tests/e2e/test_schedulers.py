"""End to end: every scheduler (maglev, random, rr, wrr, sh, lc) chosen through the controller's
API (`hvlbctl vs add --sched`, `vs set --sched`) and carrying real TCP connections through the
forwarder to three NFs of weights 1, 2 and 3, each one's spread checked against what it
promises (docs/forwarder-config.md, "Schedulers"):

- rr ignores weights: N new connections give each NF exactly N / 3;
- wrr follows them exactly: 6k connections give k, 2k and 3k;
- random and maglev follow them within a binomial bound (below); maglev puts every connection
  where the independent model (tests/model/hvlb_model.py) does;
- sh sends every connection of one client address to one NF, the model's, and spreads many
  addresses by weight;
- lc (weighted, per worker) keeps active / weight level: long-lived connections end 1 : 2 : 3,
  and a real added later takes every new connection until it has caught up.

One topology (lab/topologies/e2e.yaml, one forwarder worker, so rr, wrr and lc are exact)
serves the module; each test makes its own service on its own port through the controller.
The counts are what the clients see (the NF that answered each connection), checked against
the forwarder's own per-real counters.
"""

import json
import math
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "lab"))
sys.path.insert(0, str(REPO / "tests" / "model"))

import ctlab  # noqa: E402
import fwdlab  # noqa: E402
import hvlb_model  # noqa: E402
import labtools  # noqa: E402

TOPO = "lab/topologies/e2e.yaml"
VIP = "10.100.0.1"
NFS = [("nf1", "10.1.0.11", 1), ("nf2", "10.1.0.12", 2), ("nf3", "10.1.0.13", 3)]
NAMES = [n for n, _, _ in NFS]
W_TOTAL = sum(w for _, _, w in NFS)
# Extra client addresses for source hashing: 10.0.0.10 .. 10.0.0.249, on the client's segment.
SH_ADDRS = [f"10.0.0.{i}" for i in range(10, 250)]
# A binomial count's bound, in standard deviations. Under the normal approximation one count
# leaves it with probability 5.7e-7; a run checks 6 (random and maglev, three NFs each), so a
# correct scheduler fails a run about once in 300,000 runs.
SIGMAS = 5
# Client ports are handed out once each per run (below the kernel's ephemeral range): an NF
# closes each short connection first and keeps its end in TIME_WAIT, which a later connection
# from the same client address and port to that NF would meet.
_ports = iter(range(20000, 32768))


def fresh_ports(n):
    """The first of n client ports no other connection of this run has used."""
    first = next(_ports)
    for _ in range(n - 1):
        next(_ports)
    return first


for b in ("hvlb-controller", "hvlb-agent", "hvlbctl"):
    if not (labtools.BIN / b).exists():
        pytest.skip(f"{labtools.BIN / b} not built (make build)", allow_module_level=True)
if not fwdlab.FORWARDER.exists():
    pytest.skip(f"{fwdlab.FORWARDER} not built (make build)", allow_module_level=True)

# Short TCP connections to vip:vport, each from a fixed (address, port) so that every run
# sends the same flows and the client's own choice of ports plays no part; an HTTP/1.0 GET
# each, which the NF answers with its name and closes. argv: vip, vport, a JSON list of
# [source address, first port, count]. Prints a JSON list of [address, port, nf]. Any
# connection that fails fails the script. Runs in the client netns.
SHORT_CONNS = r"""
import json, re, socket, sys
from concurrent.futures import ThreadPoolExecutor
vip, vport, ranges = sys.argv[1], int(sys.argv[2]), json.loads(sys.argv[3])
def one(src):
    s = socket.socket()
    s.settimeout(10)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind(src)
    s.connect((vip, vport))
    s.sendall(b"GET / HTTP/1.0\r\n\r\n")
    data = b""
    while True:
        chunk = s.recv(4096)
        if not chunk:
            break
        data += chunk
    s.close()
    m = re.search(rb"nf=(\S+)", data)
    if m is None:
        raise SystemExit(f"{src}: no nf= in {data!r}")
    return [src[0], src[1], m.group(1).decode()]
srcs = [(a, p) for a, base, n in ranges for p in range(base, base + n)]
with ThreadPoolExecutor(8) as ex:
    print(json.dumps(list(ex.map(one, srcs))))
"""

# Long-lived keep-alive connections to vip:vport: each line "open BASE N" on stdin opens N
# more from ports BASE.. (one after the other, one GET each) and prints a JSON list of the NFs
# that answered; they stay open until stdin closes. Runs in the client netns.
HOLD_CONNS = r"""
import http.client, json, re, sys
vip, vport = sys.argv[1], int(sys.argv[2])
held = []
for line in sys.stdin:
    _, base, n = line.split()
    nfs = []
    for p in range(int(base), int(base) + int(n)):
        c = http.client.HTTPConnection(vip, vport, timeout=10, source_address=("", p))
        c.request("GET", "/")
        body = c.getresponse().read().decode()
        nfs.append(re.search(r"nf=(\S+)", body).group(1))
        held.append(c)
    print(json.dumps(nfs), flush=True)
"""


class Bed:
    def __init__(self, topo):
        self.topo = topo
        for name, addr, _ in NFS:
            labtools.start_nfsim(topo, name, name, addr=addr)
        self.fw = fwdlab.start_forwarder(topo, workers=1)
        self.cp = ctlab.ControlPlane(topo, self.fw.sock).start()
        batch = "".join(f"address add {a}/24 dev eth0\n" for a in SH_ADDRS)
        subprocess.run(topo.argv("client", ["ip", "-batch", "-"]), input=batch, text=True,
                       check=True, timeout=30)

    def add_service(self, sched, port, nfs=NFS):
        """Creates tcp VIP:port with sched over nfs through the controller (no health check:
        the reals are up as configured) and waits until the forwarder has it."""
        reals = ",".join(f"{a}:80:{w}" for _, a, w in nfs)
        self.cp.ctl("vs", "add", "tcp", f"{VIP}:{port}", "--sched", sched, "--check", "none",
                    "--real", reals)
        self.wait_applied(port, sched, nfs)
        return f"tcp-{VIP}-{port}"

    def wait_applied(self, port, sched, nfs):
        want = sorted((a, w, 1) for _, a, w in nfs)

        def applied():
            for s in self.fw.client.list_services():
                if s.id.vip == VIP and s.id.vport == port:
                    have = sorted((r.address, r.weight, r.health) for r in s.real_services)
                    return s.scheduler == sched and have == want
            return False
        labtools.wait_until(applied, f"{sched} on port {port} at the forwarder", 20, 0.05)

    def short_conns(self, port, ranges):
        """Opens the connections of ranges ([address, first port, count]) to VIP:port and
        returns [(address, port, nf)]."""
        n = sum(r[2] for r in ranges)
        p = self.topo.run("client", ["python3", "-c", SHORT_CONNS, VIP, str(port),
                                     json.dumps(ranges)], check=False, timeout=60 + n / 20)
        assert p.returncode == 0, f"client: exit {p.returncode}: {p.stderr[-2000:]}"
        conns = [tuple(c) for c in json.loads(p.stdout)]
        assert len(conns) == n
        return conns

    def real_counters(self, port):
        """{nf: (total_conns, active_conns)} of VIP:port's reals at the forwarder."""
        by_addr = {a: n for n, a, _ in NFS}
        st = next(s for s in self.fw.stats().service_status
                  if s.id.vip == VIP and s.id.vport == port)
        return {by_addr[r.address]: (r.total_conns, r.active_conns) for r in st.reals}

    def check_forwarder_counts(self, port, count):
        """The forwarder counted, real by real, the new connections the clients saw."""
        totals = {nf: t for nf, (t, _) in self.real_counters(port).items()}
        assert totals == {nf: count[nf] for nf in totals}, (totals, count)


@pytest.fixture(scope="module")
def bed(lab_module):
    return Bed(lab_module(TOPO))


def binomial_ok(count, n, shares):
    """Whether each NF's count of n independent draws is within SIGMAS standard deviations of
    n times its share; returns (ok, a description), which it also prints."""
    lines, ok = [], True
    for nf, p in shares.items():
        mean, sd = n * p, math.sqrt(n * p * (1 - p))
        inside = abs(count[nf] - mean) <= SIGMAS * sd
        ok &= inside
        lines.append(f"{nf}: {count[nf]} (expected {mean:.1f} +- {SIGMAS * sd:.1f})")
    print("; ".join(lines))
    return ok, "; ".join(lines)


WEIGHT_SHARES = {n: w / W_TOTAL for n, _, w in NFS}


def test_rr_ignores_weights(bed):
    port = 8101
    bed.add_service("rr", port)
    conns = bed.short_conns(port, [["10.0.0.2", fresh_ports(300), 300]])
    count = Counter(nf for _, _, nf in conns)
    # One worker, one cursor: every NF in turn, whatever its weight.
    assert count == {n: 100 for n in NAMES}, count
    bed.check_forwarder_counts(port, count)


def test_wrr_follows_weights_exactly(bed):
    port = 8102
    bed.add_service("wrr", port)
    conns = bed.short_conns(port, [["10.0.0.2", fresh_ports(600), 600]])
    count = Counter(nf for _, _, nf in conns)
    # Smooth WRR over weights 1, 2, 3: a sequence of 6, walked 100 times.
    assert count == {n: 100 * w for n, _, w in NFS}, count
    bed.check_forwarder_counts(port, count)


def test_random_follows_weights(bed):
    port = 8103
    n = 3000
    bed.add_service("random", port)
    conns = bed.short_conns(port, [["10.0.0.2", fresh_ports(n), n]])
    count = Counter(nf for _, _, nf in conns)
    # Each pick is an independent draw with P(nf) = weight / total: binomial counts. At 3000
    # the bounds are 500 +- 102, 1000 +- 129, 1500 +- 137 (20 %, 13 %, 9 %).
    ok, why = binomial_ok(count, n, WEIGHT_SHARES)
    assert ok, why
    bed.check_forwarder_counts(port, count)


def test_maglev_follows_weights_and_the_model(bed):
    port = 8104
    n = 1200
    bed.add_service("maglev", port)
    conns = bed.short_conns(port, [["10.0.0.2", fresh_ports(n), n]])
    count = Counter(nf for _, _, nf in conns)
    reals = [{"addr": a, "port": 80, "weight": w, "nf": name} for name, a, w in NFS]
    table = hvlb_model.vs_maglev_table(reals)
    wrong = [(a, p, nf) for a, p, nf in conns
             if reals[hvlb_model.pick_rs(reals, 6, a, VIP, p, port, table=table)]["nf"] != nf]
    assert not wrong, f"{len(wrong)} of {n} connections not where the model puts them: {wrong[:5]}"
    # The table's shares are the weights' to within a few entries of 65,537; the flow hash
    # over distinct ports is as good as independent draws from them.
    shares = {r["nf"]: table.count(i) / len(table) for i, r in enumerate(reals)}
    assert all(abs(shares[nf] - WEIGHT_SHARES[nf]) < 0.001 for nf in NAMES), shares
    ok, why = binomial_ok(count, n, shares)
    assert ok, why
    bed.check_forwarder_counts(port, count)


def test_sh_sticks_by_client_address_and_spreads_by_weight(bed):
    port = 8105
    per_addr = 3
    bed.add_service("sh", port)
    ranges = [[a, fresh_ports(per_addr), per_addr] for a in SH_ADDRS]
    conns = bed.short_conns(port, ranges)
    nfs_of = {}
    for a, _, nf in conns:
        nfs_of.setdefault(a, set()).add(nf)
    torn = {a: s for a, s in nfs_of.items() if len(s) != 1}
    assert not torn, (f"{len(torn)} of {len(nfs_of)} addresses' connections went to several "
                      f"NFs: {dict(list(torn.items())[:5])}")
    reals = [{"addr": a, "port": 80, "weight": w, "nf": name} for name, a, w in NFS]
    table = hvlb_model.vs_maglev_table(reals)
    wrong = {a: s for a, s in nfs_of.items()
             if {reals[hvlb_model.pick_rs(reals, 6, a, VIP, 0, port, sched=hvlb_model.SCHED_SH,
                                          table=table)]["nf"]} != s}
    assert not wrong, (f"{len(wrong)} of {len(nfs_of)} addresses not where the model puts "
                       f"them: {dict(list(wrong.items())[:5])}")
    by_addr = Counter(next(iter(s)) for s in nfs_of.values())
    ok, why = binomial_ok(by_addr, len(SH_ADDRS), WEIGHT_SHARES)
    assert ok, f"addresses per NF: {why}"
    bed.check_forwarder_counts(port, Counter(nf for _, _, nf in conns))


def test_lc_levels_active_connections_by_weight(bed):
    port = 8106
    sid = bed.add_service("lc", port, NFS[:2])
    holder = subprocess.Popen(bed.topo.argv("client", ["python3", "-u", "-c", HOLD_CONNS, VIP,
                                                       str(port)]),
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)

    def hold(base, n):
        holder.stdin.write(f"open {base} {n}\n")
        holder.stdin.flush()
        line = holder.stdout.readline()
        assert line, f"client died: {holder.stderr.read()[-2000:]}"
        return Counter(json.loads(line))

    try:
        # Weights 1 and 2: least active / weight, one connection at a time, ends 10 : 20.
        first = hold(fresh_ports(30), 30)
        assert first == {"nf1": 10, "nf2": 20}, first
        # nf3 (weight 3) comes in with none: it takes every new connection until it holds 30,
        # where active / weight is 10 for all three.
        bed.cp.ctl("rs", "add", sid, f"{NFS[2][1]}:80", "--weight", str(NFS[2][2]))
        bed.wait_applied(port, "lc", NFS)
        second = hold(fresh_ports(30), 30)
        assert second == {"nf3": 30}, second
        active = {nf: a for nf, (_, a) in bed.real_counters(port).items()}
        assert active == {"nf1": 10, "nf2": 20, "nf3": 30}, active
    finally:
        holder.stdin.close()
        holder.wait(timeout=30)


def test_scheduler_changed_through_the_api(bed):
    """`vs set --sched` reaches the forwarder and new connections follow the new scheduler."""
    port = 8107
    sid = bed.add_service("maglev", port)
    bed.cp.ctl("vs", "set", sid, "--sched", "wrr")
    bed.wait_applied(port, "wrr", NFS)
    conns = bed.short_conns(port, [["10.0.0.2", fresh_ports(600), 600]])
    count = Counter(nf for _, _, nf in conns)
    assert count == {n: 100 * w for n, _, w in NFS}, count
    bed.cp.ctl("vs", "set", sid, "--sched", "rr")
    bed.wait_applied(port, "rr", NFS)
    conns = bed.short_conns(port, [["10.0.0.2", fresh_ports(300), 300]])
    count = Counter(nf for _, _, nf in conns)
    assert count == {n: 100 for n in NAMES}, count


def wait_setting(bed, port, **want):
    """Waits until the forwarder lists VIP:port's settings as want (field: value)."""
    def applied():
        for s in bed.fw.client.list_services():
            if s.id.vip == VIP and s.id.vport == port:
                return all(getattr(s, k) == v for k, v in want.items())
        return False
    labtools.wait_until(applied, f"{want} on port {port} at the forwarder", 20, 0.05)


def test_persistence_through_the_api(bed):
    """Source-IP persistence (docs/scheduling.md, "Persistence") set through the controller
    (`vs set --persistence-timeout --persistence-prefix`, flags derived from the model) over
    rr, which alone would send a client's connections round the NFs: each client address's
    connections all reach one NF and the addresses still spread; with prefix 24 every address
    of the client's /24 is one client."""
    port = 8108
    sid = bed.add_service("rr", port)
    bed.cp.ctl("vs", "set", sid, "--persistence-timeout", "300")
    wait_setting(bed, port, persistence_timeout=300, persistence_prefix=0)
    addrs = SH_ADDRS[:30]
    conns = bed.short_conns(port, [[a, fresh_ports(4), 4] for a in addrs])
    nfs_of = {}
    for a, _, nf in conns:
        nfs_of.setdefault(a, set()).add(nf)
    torn = {a: s for a, s in nfs_of.items() if len(s) != 1}
    assert not torn, f"addresses whose connections went to several NFs: {torn}"
    # rr gives each address's first connection the next turn: 30 addresses, 10 per NF.
    by_nf = Counter(next(iter(s)) for s in nfs_of.values())
    assert by_nf == {n: 10 for n in NAMES}, by_nf
    bed.check_forwarder_counts(port, Counter(nf for _, _, nf in conns))
    # A /24 is one client: the next connections, from addresses the table has not seen, all go
    # to the NF the first of them is given.
    bed.cp.ctl("vs", "set", sid, "--persistence-prefix", "24")
    wait_setting(bed, port, persistence_timeout=300, persistence_prefix=24)
    conns = bed.short_conns(port, [[a, fresh_ports(2), 2] for a in SH_ADDRS[30:60]])
    assert len({nf for _, _, nf in conns}) == 1, Counter(nf for _, _, nf in conns)


def test_persistence_expires(bed):
    """A client that opens no connection for persistence_timeout seconds is scheduled afresh:
    rr's next turn, another NF."""
    port = 8109
    sid = bed.add_service("rr", port)
    bed.cp.ctl("vs", "set", sid, "--persistence-timeout", "1")
    wait_setting(bed, port, persistence_timeout=1)
    first = Counter(nf for _, _, nf in bed.short_conns(port, [["10.0.0.2", fresh_ports(5), 5]]))
    assert first == {"nf1": 5}, first
    # Past the timeout: an entry lives timeout seconds at least and one more at most (it
    # counts whole seconds of the forwarder's clock). Any connection meanwhile would renew it,
    # so this waits without one.
    time.sleep(2.5)
    again = bed.short_conns(port, [["10.0.0.2", fresh_ports(3), 3]])
    assert [nf for _, _, nf in again] == ["nf2"] * 3, again
