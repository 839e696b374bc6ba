#!/usr/bin/env python3
"""The NFV datapath, side by side: hvlb-forwarder against OVS-DPDK doing the same NAT load
balancing between vhost-user ports, in one run.

A generator and a sink (forwarder/bench/nfv_gen.c: one DPDK process on one core, two
virtio-user ports in server mode, as QEMU serves a VM's vhost-user sockets) attach to the
load balancer under test, which serves both ports as vhost-user clients on one core:

- hvlb: hvlb-forwarder, one worker, `net_vhost` ports with `client=1`, a NAT service on the VIP
  over the 4 NFs (Maglev), static neighbours for the NFs and the clients' router;
- OVS-DPDK: Debian's ovs-vswitchd-dpdk (openvswitch-switch-dpdk), one PMD thread, a netdev
  bridge with two dpdkvhostuserclient ports and the pipeline an NFV site (or OVN) would
  write for a load balancer: conntrack with NAT in table 0, new connections to a select group
  (dp_hash) whose buckets each commit the connection with `ct(commit,nat(dst=NF:port))`,
  established ones and the replies straight on, then each NF's MAC and a TTL decrement.
  FLOWS and GROUP below are exactly what is installed (docs/benchmarks.md shows them).

Traffic: 64-byte frames to the VIP. "established": --flows UDP flows, each opened and answered
by its NF in a warm-up (so the connection tracker has seen it both ways), then counted for
--seconds; "new": a new UDP flow (source address and port) every packet, for --seconds or
--new-max frames; "cps": short TCP connections, eight frames each, conntrack-valid. The
generator sends as fast as the load balancer takes frames off the vhost ring, so the sink's
rate is the load balancer's (one core), unless the generator's own core is the limit (the
testpmd floor shows it); each load balancer's own busy cycles per packet are read around every
phase as well. Every frame that arrives is checked (MACs, addresses, NAT port, TTL,
checksums); a wrong one fails the run. A third "load balancer", dpdk-testpmd in io mode, is the
vhost floor.

Each round runs both load balancers in turn (the order alternating round by round, so the
noise of this shared machine falls on both alike), each started afresh. Prints a table and one
JSON line; --doc FILE writes the section of docs/benchmarks.md. Skips OVS with the reason when
it cannot run (not installed, no huge pages, did not start), and everything when the
generator is not built; a wrong frame at the sink fails the run, for OVS as for hvlb.

Cores: the load balancer's data path alone on the last CPU the run may use; the generator,
hvlb's control thread, DPDK's control threads and every OVS thread but the PMD (ovs-vswitchd
and ovsdb-server started with that affinity) on the first. OVS's bridge is fail_mode=secure
(no flows: drop, not flood). Nothing is left behind: each DPDK process has a --file-prefix of
its own, and at the end bench/nfv_procs.py checks that no process the run started still runs
and no huge page file of its prefixes is left, and removes its DPDK runtime directories;
SIGTERM unwinds like an error. tests/e2e/test_nfv.py runs it in small.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "lab"))

import docsection  # noqa: E402
import fwctl  # noqa: E402
from nfv_procs import (HP, STARTED, alive, end_process, left_behind, prefix,  # noqa: E402
                       reserve_huge_pages)
from nfv_report import PHASES, summarise, table  # noqa: E402

REPO = HERE.parent
BUILD = Path(os.environ.get("HVLB_BUILD", REPO / "build" / "forwarder"))
GEN = BUILD / "bench" / "nfv_gen"
FORWARDER = BUILD / "src" / "hvlb-forwarder"
OVS_VSWITCHD = Path(os.environ.get("OVS_VSWITCHD_DPDK",
                                   "/usr/lib/openvswitch-switch-dpdk/ovs-vswitchd-dpdk"))
TESTPMD = shutil.which("dpdk-testpmd") or "dpdk-testpmd"
OVS_SCHEMA = Path("/usr/share/openvswitch/vswitch.ovsschema")
HEADING = "## The NFV datapath: hvlb against OVS-DPDK"
LBS = ("hvlb", "ovs", "floor")


# The site, as nfv_gen.c builds and checks its frames: the load balancer's two ports, the
# clients' router behind port 0, the VIP and the NFs behind port 1.
LB_MAC0, LB_MAC1, RTR_MAC = "02:00:00:00:00:01", "02:00:00:00:00:02", "02:00:00:00:09:01"
VIP, VPORT, TCP_VPORT, NF_PORT = "10.100.0.1", 53, 80, 9000
CLIENTS = "172.16.0.0/12"
NFS = [(f"10.1.0.{11 + k}", f"02:00:00:00:01:{0x11 + k:02x}") for k in range(4)]


def hvlb_config(conn_max):
    lines = ["[forwarder]", f"conn_max = {conn_max}", "idle_sleep_max_us = 0", "",
             "[port0]", "dev = net_vhost0", f"mac = {LB_MAC0}", "addr = 10.9.0.2/24", "",
             "[port1]", "dev = net_vhost1", f"mac = {LB_MAC1}", "addr = 10.1.0.1/24", "",
             "[route.clients]", f"prefix = {CLIENTS}", "via = 10.9.0.1", "port = 0", "",
             "[neigh.rtr]", "addr = 10.9.0.1", f"mac = {RTR_MAC}", "port = 0", ""]
    for k, (ip, mac) in enumerate(NFS):
        lines += [f"[neigh.nf{k}]", f"addr = {ip}", f"mac = {mac}", "port = 1", ""]
    for proto, port in (("udp", VPORT), ("tcp", TCP_VPORT)):
        lines += [f"[vs.nfv{proto}]", f"protocol = {proto}", f"vip = {VIP}", f"port = {port}",
                  "mode = nat", "scheduler = maglev"]
        lines += [f"rs.{k} = {ip}:{NF_PORT} weight=100" for k, (ip, _) in enumerate(NFS)]
        lines.append("")
    return "\n".join(lines)


# OVS: port 1 the clients' side, port 2 the NFs'. Zone 1 for the load balancer's conntrack.
GROUP = ("group_id=1,type=select,selection_method=dp_hash," + ",".join(
    f"bucket=bucket_id:{k},weight:100,actions=ct(commit,zone=1,nat(dst={ip}:{NF_PORT}),table=2)"
    for k, (ip, _) in enumerate(NFS)))
FLOWS = [
    # Every packet of the services through conntrack, un-NATed / NATed for a known connection.
    f"table=0,priority=100,in_port=1,udp,nw_dst={VIP},tp_dst={VPORT},actions=ct(table=1,zone=1,nat)",
    f"table=0,priority=100,in_port=1,tcp,nw_dst={VIP},tp_dst={TCP_VPORT},actions=ct(table=1,zone=1,nat)",
    "table=0,priority=100,in_port=2,udp,actions=ct(table=1,zone=1,nat)",
    "table=0,priority=100,in_port=2,tcp,actions=ct(table=1,zone=1,nat)",
    "table=0,priority=0,actions=drop",
    # A new connection picks its NF in the group; a known one (either way) goes straight on;
    # what conntrack finds invalid (a TCP segment out of its window) is dropped.
    "table=1,priority=200,ct_state=+inv+trk,actions=drop",
    "table=1,priority=100,ct_state=+new+trk,ip,actions=group:1",
    "table=1,priority=100,ct_state=-new+trk,ip,actions=resubmit(,2)",
    "table=1,priority=0,actions=drop",
    # Routing: the next hop's MAC, ours as the source, TTL decremented (as hvlb does).
    *[f"table=2,priority=100,ip,nw_dst={ip},actions=mod_dl_src:{LB_MAC1},mod_dl_dst:{mac},"
      "dec_ttl,output:2" for ip, mac in NFS],
    f"table=2,priority=100,ip,nw_dst={CLIENTS},actions=mod_dl_src:{LB_MAC0},"
    f"mod_dl_dst:{RTR_MAC},dec_ttl,output:1",
    "table=2,priority=0,actions=drop",
]


# Every process of the benchmark runs in a session of its own, as ovs-vswitchd does (it
# daemonizes): with the kernel's autogroup scheduling (sched_autogroup_enabled), each session
# gets an equal share of a busy CPU, so a load balancer started in this script's session would
# share one share with the generator and get half of what OVS's PMD gets on a loaded machine.
def cpus():
    c = sorted(os.sched_getaffinity(0))
    return c[0], c[-1]  # the generator's, the load balancer's data core


def gen_argv(file_prefix, client_sock, nf_sock, a, extra=()):
    gen_cpu, _ = cpus()
    return [str(GEN), "--lcores", f"0@{gen_cpu}", "--no-pci", "--no-huge", "-m", "256",
            "--no-shconf", "--file-prefix", file_prefix, "--log-level=lib.*:warning",
            "--vdev", f"net_virtio_user0,path={client_sock},server=1,queues=1,"
            f"queue_size={a.queue_size}",
            "--vdev", f"net_virtio_user1,path={nf_sock},server=1,queues=1,"
            f"queue_size={a.queue_size}", "--",
            "--flows", str(a.flows), "--seconds", str(a.seconds), "--warmup", str(a.warmup),
            "--new-max", str(a.new_max), "--cps-max", str(a.cps_max),
            "--cps-window", str(a.cps_window), "--nfs", str(len(NFS)), "--ready-timeout", "30", *extra]


class OvsStartError(RuntimeError):
    """OVS-DPDK did not come up here (its daemons, DPDK's initialisation, its PMD thread):
    skipped with the reason, unlike a run through a started OVS that fails."""


class PortSetupError(RuntimeError):
    """A vhost-user connection between the generator and the load balancer broke while the
    port was being set up (before any frame): the turn is started afresh, once."""


class WrongFrames(RuntimeError):
    """The sink got frames not as NAT to an NF leaves them: a load balancer (or its
    configuration here) is wrong, which fails the benchmark for hvlb and OVS alike, rather
    than a load balancer that could not run (OVS is then skipped, with the reason)."""


def run_gen(work, name, a, lb):
    """The generator on fresh sockets, then the load balancer lb connecting to them; the
    generator's JSON result, with the load balancer's own busy cycles per packet (and per
    connection) in each phase where it counts them (lb.counters)."""
    csock, nsock = work / f"{name}-client.sock", work / f"{name}-nf.sock"
    for s in (csock, nsock):
        s.unlink(missing_ok=True)
    log = open(work / f"{name}-gen.log", "w")
    counted = hasattr(lb, "counters")
    gen = subprocess.Popen(gen_argv(prefix(f"gen_{name}"), csock, nsock, a,
                                    ["--any"] if name == "floor" else ["--marks"]),
                           stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=log, text=True,
                           start_new_session=True)
    STARTED.append((f"nfv_gen ({name})", gen.pid, GEN.name))
    # Whatever happens, the generator does not outlive its deadline.
    watchdog = threading.Timer(60 + a.warmup + 4 * a.seconds, gen.kill)
    watchdog.start()
    handle, marks, out, lb_exited = None, {}, "", []

    def watch():  # a load balancer that exits ends the generator now, not at its deadline
        while gen.poll() is None:
            if not lb.running(handle):
                lb_exited.append(True)
                gen.kill()
            time.sleep(0.2)
    try:
        handle = lb.start(csock, nsock)
        threading.Thread(target=watch, daemon=True).start()
        for line in gen.stdout:
            if not line.startswith("mark "):
                out += line
                continue
            _, phase, what = line.split()
            if counted:
                marks[(phase, what)] = lb.counters(handle)
            gen.stdin.write("\n")
            gen.stdin.flush()
        gen.wait()
    except BaseException:
        gen.kill()
        gen.wait()
        raise
    finally:
        watchdog.cancel()
        log.close()
        if handle is not None:
            lb.stop(handle)
    errlog = (work / f"{name}-gen.log").read_text(errors="replace")
    if "nfv_gen: a wrong frame" in errlog:  # also when none came right (not ready, exit 3)
        raise WrongFrames(f"{name}: wrongly forwarded frames:\n{errlog[-3000:]}")
    if gen.returncode == 4:  # a port's vhost-user connection failed while being set up
        raise PortSetupError(f"{name}: a vhost-user port did not come up:\n{errlog[-3000:]}")
    if gen.returncode != 0 or not out.strip():
        raise RuntimeError(f"nfv_gen for {name}: exit {gen.returncode}"
                           + (f" ({name} exited first)" if lb_exited else "")
                           + f":\n{errlog[-3000:]}")
    r = json.loads(out.strip().splitlines()[-1])
    for phase in PHASES:
        if phase not in r:
            continue
        if r[phase]["bad"]:
            raise WrongFrames(f"{name}: {r[phase]['bad']} wrongly forwarded frames in "
                              f"{phase}:\n{errlog[-3000:]}")
        if name != "floor":
            share = min(r[phase]["per_nf"]) / max(1, sum(r[phase]["per_nf"])) * len(NFS)
            r[phase]["min_nf_share"] = round(share, 3)  # 1.0: perfectly even
        if (phase, "begin") in marks and (phase, "end") in marks:
            (p0, c0), (p1, c1) = marks[(phase, "begin")], marks[(phase, "end")]
            r[phase]["lb_counters"] = [p0, c0, p1, c1]  # packets, cycles before and after
            if p1 > p0 and c1 > c0:
                per_pkt = (c1 - c0) / (p1 - p0)
                r[phase]["lb_cycles_per_pkt"] = round(per_pkt, 1)
                r[phase]["lb_mpps_busy_core"] = round(r["tsc_hz"] / per_pkt / 1e6, 4)
                if phase == "cps" and r[phase]["done"]:
                    r[phase]["lb_cps_busy_core"] = round(
                        r["tsc_hz"] / ((c1 - c0) / r[phase]["done"]))
    return r


def lb_memory(a):
    """hvlb's and testpmd's EAL memory options: 2 MiB huge pages, nothing in hugetlbfs
    (--in-memory), as OVS's; with --no-huge anonymous memory instead, as the generator's."""
    return ["--no-huge", "--no-shconf", "-m", str(a.ovs_mem)] if a.no_huge else ["--in-memory"]


class Floor:
    """DPDK's testpmd forwarding each port's frames to the other untouched (io mode) on the
    same vhost-user ports and core: what the vhost-user path itself costs, and so the most
    the generator and the ports let any load balancer reach here."""
    name = "floor"

    def __init__(self, work, a):
        self.work, self.a = work, a

    def start(self, csock, nsock):
        ctl_cpu, cpu = cpus()
        log = open(self.work / "testpmd.log", "w")
        p = subprocess.Popen(
            [TESTPMD, "--lcores", f"0@{ctl_cpu},1@{cpu}", "--no-pci", *lb_memory(self.a),
             "--file-prefix", prefix("testpmd"), "--log-level=lib.*:warning",
             "--vdev", f"net_vhost0,iface={csock},client=1,queues=1",
             "--vdev", f"net_vhost1,iface={nsock},client=1,queues=1",
             "--", "--forward-mode=io", "--auto-start", "--nb-cores=1"],
            stdin=subprocess.PIPE, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        STARTED.append(("dpdk-testpmd", p.pid, Path(TESTPMD).name))
        log.close()
        return p

    def stop(self, p):
        Hvlb.stop(self, p)

    def running(self, p):
        return p.poll() is None

    def log(self):
        return (self.work / "testpmd.log").read_text(errors="replace")[-3000:]


class Hvlb:
    name = "hvlb"

    def __init__(self, work, a):
        self.work, self.a = work, a
        self.conf = work / "hvlb.ini"
        # Room for every new flow of a round and the established ones.
        self.conf.write_text(hvlb_config(1 << (a.new_max + a.flows + 2 * a.cps_max).bit_length()))

    def start(self, csock, nsock):
        ctl_cpu, cpu = cpus()
        log = open(self.work / "hvlb-forwarder.log", "w")
        p = subprocess.Popen(
            [str(FORWARDER), "--lcores", f"0@{ctl_cpu},1@{cpu}", "--no-pci", *lb_memory(self.a),
             "--file-prefix", prefix("hvlb"), "--log-level=lib.*:warning",
             "--vdev", f"net_vhost0,iface={csock},client=1,queues=1",
             "--vdev", f"net_vhost1,iface={nsock},client=1,queues=1",
             "--", "-c", str(self.conf), "-s", str(self.work / "hvlb.sock")],
            stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        STARTED.append(("hvlb-forwarder", p.pid, FORWARDER.name))
        log.close()
        return p

    def stop(self, p):
        p.send_signal(signal.SIGTERM)
        try:
            p.wait(timeout=20)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()

    def running(self, p):
        return p.poll() is None

    def counters(self, p):
        """(packets received, TSC cycles of the loop iterations that had packets) of the
        worker, from the local API (docs/counters.md: rx_packets, busy_cycles)."""
        sock = self.work / "hvlb.sock"
        deadline = time.monotonic() + 20
        while True:
            try:
                c = fwctl.Client(str(sock))
                try:
                    w = c.stats().workers
                finally:
                    c.close()
                return sum(x.rx_packets for x in w), sum(x.busy_cycles for x in w)
            except OSError:
                if time.monotonic() > deadline or p.poll() is not None:
                    raise RuntimeError(f"hvlb-forwarder's control socket:\n{self.log()}")
                time.sleep(0.1)

    def log(self):
        return (self.work / "hvlb-forwarder.log").read_text(errors="replace")[-3000:]


class Ovs:
    """ovsdb-server and ovs-vswitchd-dpdk with their own run, log and database directory (no
    system service involved): the database once, ovs-vswitchd started afresh for each turn."""
    name = "ovs"

    def __init__(self, work, a):
        self.dir = work / "ovs"
        self.dir.mkdir()
        self.a = a
        self.env = {**os.environ, "OVS_RUNDIR": str(self.dir), "OVS_LOGDIR": str(self.dir),
                    "OVS_DBDIR": str(self.dir), "OVS_SYSCONFDIR": str(self.dir)}
        self.db = f"unix:{self.dir}/db.sock"
        self.vctl = str(self.dir / "ovs-vswitchd.ctl")
        self.dbpid = None

    def sh(self, *argv, check=True, pin=False):
        # pin: on the generator's core, as hvlb's control thread (--lcores 0@that core) and
        # DPDK's control threads with it: only the PMD thread on the load balancer's core.
        ctl_cpu, _ = cpus()
        p = subprocess.run(argv, env=self.env, capture_output=True, text=True, timeout=120,
                           preexec_fn=(lambda: os.sched_setaffinity(0, {ctl_cpu})) if pin else None)
        if check and p.returncode != 0:
            raise RuntimeError(f"{' '.join(argv)}: exit {p.returncode}: {p.stderr}{p.stdout}")
        return p.stdout

    def vsctl(self, *args):
        return self.sh("ovs-vsctl", f"--db={self.db}", "--no-wait", *args)

    def setup(self, csock, nsock):
        """The database with the bridge and its ports (their sockets are fixed for the run)."""
        d = self.dir
        self.sh("ovsdb-tool", "create", str(d / "conf.db"), str(OVS_SCHEMA))
        self.sh("ovsdb-server", str(d / "conf.db"), f"--remote=punix:{d}/db.sock",
                f"--pidfile={d}/ovsdb-server.pid", f"--log-file={d}/ovsdb-server.log",
                f"--unixctl={d}/ovsdb-server.ctl", "--detach", pin=True)
        self.dbpid = int((d / "ovsdb-server.pid").read_text())
        STARTED.append(("ovsdb-server", self.dbpid, "ovsdb-server"))
        _, cpu = cpus()
        self.vsctl("init")
        # One PMD thread on the load balancer's core; memory from huge pages (OVS runs DPDK
        # --in-memory, so no hugetlbfs mount is needed); no PCI devices.
        self.vsctl("set", "Open_vSwitch", ".", "other_config:dpdk-init=true",
                   f"other_config:pmd-cpu-mask={1 << cpu:#x}",
                   f"other_config:dpdk-socket-mem={self.a.ovs_mem}",
                   f"other_config:dpdk-socket-limit={self.a.ovs_mem}",
                   f"other_config:dpdk-extra=--no-pci --file-prefix={prefix('ovs')}",
                   "other_config:n-handler-threads=1", "other_config:n-revalidator-threads=1")
        # fail_mode=secure, as OVN sets on br-int: a bridge with no flows yet drops, rather
        # than acting as a learning switch (which flooded the generator's first frames, not
        # NATed, to the NFs before add-flows ran).
        self.vsctl("add-br", "br0", "--", "set", "bridge", "br0", "datapath_type=netdev",
                   "protocols=OpenFlow10,OpenFlow13,OpenFlow15", "fail_mode=secure",
                   "--", "add-port", "br0", "client", "--", "set", "Interface", "client",
                   "type=dpdkvhostuserclient", f"options:vhost-server-path={csock}",
                   "ofport_request=1",
                   "--", "add-port", "br0", "nf", "--", "set", "Interface", "nf",
                   "type=dpdkvhostuserclient", f"options:vhost-server-path={nsock}",
                   "ofport_request=2")

    def start(self, csock, nsock):
        if self.dbpid is None:
            try:
                self.setup(csock, nsock)
            except RuntimeError as e:
                raise OvsStartError(f"OVS's database did not come up: {e}") from None
        d = self.dir
        (d / "ovs-vswitchd.log").unlink(missing_ok=True)
        try:
            self.sh(str(OVS_VSWITCHD), self.db, f"--pidfile={d}/ovs-vswitchd.pid",
                    f"--log-file={d}/ovs-vswitchd.log", f"--unixctl={self.vctl}", "--detach",
                    pin=True)
        except RuntimeError as e:
            # The reason on the first line (the skip's), from the log's errors.
            errs = [ln.split("|", 4)[-1] for ln in self.log().splitlines()
                    if "|ERR|" in ln or "|EMER|" in ln][-3:]
            reason = " / ".join(errs) or "exit " + str(e).rsplit(": exit ", 1)[-1].strip()
            raise OvsStartError(f"ovs-vswitchd-dpdk did not start: {reason}\n{e}\n"
                                f"{self.log()}") from None
        pid = int((d / "ovs-vswitchd.pid").read_text())
        STARTED.append(("ovs-vswitchd-dpdk", pid, OVS_VSWITCHD.name))
        try:
            if self.vsctl("get", "Open_vSwitch", ".", "dpdk_initialized").strip() != "true":
                raise OvsStartError(f"OVS: DPDK not initialised:\n{self.log()}")
            of = ["ovs-ofctl", "-O", "OpenFlow15"]
            self.sh(*of, "del-flows", "br0")
            self.sh(*of, "add-group", "br0", GROUP)
            with tempfile.NamedTemporaryFile("w", suffix=".flows", dir=d, delete=False) as f:
                f.write("\n".join(FLOWS) + "\n")
            self.sh(*of, "add-flows", "br0", f.name)
            _, cpu = cpus()
            rxq = self.sh("ovs-appctl", "-t", self.vctl, "dpif-netdev/pmd-rxq-show")
            if rxq.count("core_id ") != 1 or f"core_id {cpu}:" not in rxq:
                raise OvsStartError(f"OVS: not one PMD thread on core {cpu}:\n{rxq}")
        except BaseException:
            self.stop(pid)
            raise
        return pid

    def stop(self, pid):
        """ovs-vswitchd gone (its PMD would poll the load balancer's core while hvlb runs)."""
        subprocess.run(["ovs-appctl", "-t", self.vctl, "exit"], env=self.env,
                       capture_output=True, timeout=30)
        end_process(pid, OVS_VSWITCHD.name)

    def running(self, pid):
        return alive(pid, OVS_VSWITCHD.name)

    def counters(self, pid):
        """(packets received, processing cycles) of the PMD thread on the load balancer's
        core: `ovs-appctl dpif-netdev/pmd-stats-show`, whose processing cycles are those of
        the iterations that had packets, as hvlb's busy_cycles."""
        _, cpu = cpus()
        out = self.sh("ovs-appctl", "-t", self.vctl, "dpif-netdev/pmd-stats-show")
        sect = out.split(f"core_id {cpu}:", 1)[1].split("thread", 1)[0]
        val = lambda key: int(sect.split(key + ":", 1)[1].split()[0])
        return val("packets received"), val("processing cycles")

    def close(self):
        if self.dbpid is not None:
            end_process(self.dbpid, "ovsdb-server", signal.SIGTERM)

    def log(self):
        f = self.dir / "ovs-vswitchd.log"
        return f.read_text(errors="replace")[-3000:] if f.exists() else ""


def ovs_unavailable(a):
    if not OVS_VSWITCHD.exists():
        return f"{OVS_VSWITCHD} not installed (Debian: openvswitch-switch-dpdk, scripts/deps.sh)"
    for tool in ("ovsdb-tool", "ovsdb-server", "ovs-vsctl", "ovs-ofctl", "ovs-appctl"):
        if shutil.which(tool) is None:
            return f"{tool} not installed (openvswitch-switch)"
    if os.geteuid() != 0:
        return "needs root (huge pages)"
    try:
        free = int((HP / "free_hugepages").read_text())
    except OSError:
        free = 0
    return None if free * 2 >= a.ovs_mem else (
        f"{free} free 2 MiB huge pages: OVS-DPDK needs {a.ovs_mem} MiB of them")


def measure(a, work):
    lbs = {"hvlb": Hvlb(work, a)}
    skipped = ovs_unavailable(a) if "ovs" in a.lbs else "not asked for (--lbs)"
    if not skipped:
        lbs["ovs"] = Ovs(work, a)
    if shutil.which("dpdk-testpmd") and "floor" in a.lbs:
        lbs["floor"] = Floor(work, a)
    runs = {n: [] for n in lbs}
    ovs_failed = False  # OVS started, and a run through it failed
    setup_retries = []
    try:
        for rnd in range(a.reps):
            order = list(lbs) if rnd % 2 == 0 else list(reversed(lbs))
            for n in order:
                lb = lbs[n]
                try:
                    try:
                        r = run_gen(work, n, a, lb)
                    except PortSetupError as e:
                        print(f"  nfv: {str(e).splitlines()[0]}; again", file=sys.stderr)
                        setup_retries.append(n)
                        r = run_gen(work, n, a, lb)
                except WrongFrames:
                    raise
                except RuntimeError as e:
                    if n == "floor":
                        print(f"  nfv: the testpmd floor did not run:\n{e}\n{lb.log()}",
                              file=sys.stderr)
                        del lbs["floor"]
                        runs.pop("floor")
                        continue
                    if n != "ovs":
                        raise RuntimeError(f"{e}\nforwarder log:\n{lb.log()}") from None
                    skipped = f"OVS-DPDK did not run: {str(e).splitlines()[0]}"
                    ovs_failed = not isinstance(e, OvsStartError)
                    print(f"  nfv: {skipped}\n{e}\n{lb.log()}", file=sys.stderr)
                    del lbs["ovs"]
                    lb.close()
                    runs.pop("ovs")
                    continue
                runs[n].append(r)
                print(f"  nfv round {rnd} {n}: est {r['est']['mpps']:.3f} Mpps, "
                      f"new {r['new']['mpps']:.3f} Mpps"
                      + (f", tcp {r['cps']['cps']:,.0f} conn/s" if "cps" in r else ""),
                      file=sys.stderr)
    finally:
        if "ovs" in lbs:
            lbs["ovs"].close()
    return runs, skipped, ovs_failed, setup_retries


def markdown(rows, s, a, skipped, left):
    noise = (f"Between rounds a row moved by up to {s['max_spread']:.0%}"
             + (f" (**more than {a.noise_max:.0%}: this run's Mpps figures are noise-bound; "
                "the ratios, measured round by round back to back, less so**)." if s["noisy"]
                else "."))
    return [HEADING, "",
            "`bench/nfv.py` (in `make bench`): the datapath NFV sites run, NFs behind vhost-user,",
            "with no NIC. A generator and sink (`forwarder/bench/nfv_gen.c`, one core, two",
            "`net_virtio_user` ports in server mode, as QEMU serves a VM's sockets) and, on the",
            "other core, the load balancer as the vhost-user client of both: hvlb-forwarder",
            "(one worker, `net_vhost` ports) or OVS-DPDK (Debian's `ovs-vswitchd-dpdk`, one PMD",
            "thread, `dpdkvhostuserclient` ports) doing the same NAT load balancing over 4 NFs.",
            "64-byte UDP and short TCP connections to the VIP; the generator sends as fast as",
            "the load balancer takes frames off its vhost ring, so the rate at the sink is the",
            "load balancer's core's (unless the generator's own core is the limit: the floor).",
            "Every frame the sink gets is checked as NAT to an NF must leave it (the NF's MAC and",
            "address, the NAT port, TTL 63, checksums); none may be wrong. Median (min-max) of",
            f"{a.reps} rounds; each round runs both, the order alternating, each started afresh;",
            "the ratio is taken round by round.",
            f"- date: {datetime.date.today()}; machine: {docsection.machine()}. {noise}",
            f"- established: {a.flows:,} flows, each opened in a {a.warmup} s warm-up in which the",
            "  NFs answer every frame (so OVS's conntrack has seen each flow both ways and calls it",
            f"  `+est`, as a real exchange would), then counted for {a.seconds} s, one way; new: a",
            f"  new source address and port every packet, for {a.seconds} s or {a.new_max:,} frames;",
            "  short TCP connections: eight frames each (client SYN, NF SYN-ACK, client ACK and a",
            "  6-byte request, the NF's 6-byte reply, client FIN, NF FIN, client ACK), sequence",
            "  numbers right (OVS's conntrack checks them), every one a new client address and",
            f"  port, at most {a.cps_window} open at once, for {a.seconds} s or {a.cps_max:,}",
            "  connections, after a short warm-up.",
            f"- ports: one queue pair each, virtio rings of {a.queue_size}; the generator's memory (which",
            "  the load balancers read and write through vhost-user) is DPDK's `--no-huge` memfd",
            "  memory, the load balancers' own in 2 MiB huge pages (`--in-memory`), alike for both.",
            "- vhost floor: `dpdk-testpmd` in io mode between the same ports on the same core (each",
            "  port's frames out of the other, untouched; the generator counts them unchecked): the",
            "  vhost-user path alone. Where a load balancer reaches it or passes it, the generator",
            "  (on the other core) was the limit, not the load balancer.",
            "- per busy core (own cycle count): the load balancer's own TSC cycles of the loop",
            "  iterations that had packets over the phase (hvlb: the worker's `busy_cycles` and",
            "  `rx_packets`, docs/counters.md; OVS: the PMD thread's `processing cycles` and",
            "  `packets received` of `ovs-appctl dpif-netdev/pmd-stats-show`, the same definition),",
            "  read while the generator paused before and after the phase: the rate one core would",
            "  reach if it were never idle, whatever held the generator back. Time the thread was",
            "  preempted inside a busy iteration counts too, so on a loaded machine it is low for",
            "  both; it moves far less between rounds than the sink's rate, which also carries the",
            "  generator's share of its own core.",
            f"- cores (of the {len(os.sched_getaffinity(0))} this machine gives the run): the load balancer's data path on",
            f"  core {cpus()[1]} alone (hvlb's one worker, OVS's one PMD thread, testpmd's forwarding",
            f"  lcore); on core {cpus()[0]} the generator and sink (one process, one lcore) and",
            "  everything else of the load balancer, pinned there alike: hvlb's control thread",
            "  (`--lcores 0@$GEN,1@$CPU`) and DPDK's control threads with it, OVS's main, handler,",
            "  revalidator and conntrack threads (`ovs-vswitchd` started under `taskset`, as",
            "  `dpdk-lcore-mask` would) and `ovsdb-server`. With 2 cores the generator's core is",
            "  shared with the load balancer's housekeeping and with the machine's other work, so",
            "  the generator can be the limit (the floor row says where); the per-busy-core rows",
            "  do not depend on the generator. Neither core is isolated: the machine's other work",
            f"  runs on both (load average {os.getloadavg()[0]:.1f} when this run ended), and what",
            "  it takes of the data core counts against both load balancers alike.",
            "- every process runs in a session of its own (ovs-vswitchd daemonizes into one): with",
            "  the kernel's autogroup scheduling each session gets an equal share of a busy CPU, and",
            "  hvlb started in the script's session, sharing a share with the generator, got about",
            "  half of what OVS's PMD got on this machine before this was done.",
            "",
            *rows, "",
            *([f"OVS-DPDK skipped: {skipped}", ""] if skipped else []),
            "Offered rate (what the generator got onto the client port, median): " + ", ".join(
                f"{n} {ph} {s[f'{n}_{ph}_offered_mpps']:.3f} Mpps" for n in ("hvlb", "ovs", "floor")
                for ph in PHASES if f"{n}_{ph}_offered_mpps" in s) +
            ". Where it equals the rate at the sink, nothing was lost: the load balancer's",
            "receive paced the generator. The least NF's share of the frames (1.0: even): " +
            ", ".join(f"{n} {ph} {s[f'{n}_{ph}_min_nf_share']}" for n in ("hvlb", "ovs")
                      for ph in PHASES if f"{n}_{ph}_min_nf_share" in s) + ".", "",
            "Left behind after the run (checked by `bench/nfv.py`: processes it started, files in",
            "hugetlbfs mounts; its sockets lived in its temporary directory, its DPDK runtime",
            "directories, one `--file-prefix` per process, are removed): "
            + (", ".join(left) if left else "nothing") + ". `make test` runs the same code in",
            "small (`tests/e2e/test_nfv.py`: a few thousand frames of each phase through hvlb and",
            "through OVS, every frame checked, each NF reached, nothing left behind).", "",
            "### How OVS-DPDK was configured (to rerun it by hand)", "",
            "`bench/nfv.py` runs its own `ovsdb-server` and `ovs-vswitchd-dpdk` with private",
            "directories (`OVS_RUNDIR`, `OVS_LOGDIR`, `OVS_DBDIR` and `OVS_SYSCONFDIR` all set to",
            "one temporary directory; the system service is never involved) and stops them",
            "after. Huge pages: 2 MiB pages reserved (bench/run.sh reserves 1 GiB); OVS runs",
            "DPDK `--in-memory` (its default), so no hugetlbfs mount is needed and no huge page",
            "file is left. With `D` that directory, `CPU` the load balancer's core, `GEN` the",
            "generator's and the generator's sockets `$D/client.sock` and `$D/nf.sock`:", "",
            "```sh",
            "export OVS_RUNDIR=$D OVS_LOGDIR=$D OVS_DBDIR=$D OVS_SYSCONFDIR=$D",
            "ovsdb-tool create $D/conf.db /usr/share/openvswitch/vswitch.ovsschema",
            "taskset -c $GEN ovsdb-server $D/conf.db --remote=punix:$D/db.sock --pidfile --detach --log-file",
            "VS=\"ovs-vsctl --db=unix:$D/db.sock --no-wait\"",
            "$VS init",
            "$VS set Open_vSwitch . other_config:dpdk-init=true \\",
            "    other_config:pmd-cpu-mask=$(printf '%#x' $((1 << CPU))) \\",
            f"    other_config:dpdk-socket-mem={a.ovs_mem} other_config:dpdk-socket-limit={a.ovs_mem} \\",
            "    other_config:dpdk-extra='--no-pci --file-prefix=hvlb_nfv_ovs' \\",
            "    other_config:n-handler-threads=1 other_config:n-revalidator-threads=1",
            "$VS add-br br0 -- set bridge br0 datapath_type=netdev \\",
            "    protocols=OpenFlow10,OpenFlow13,OpenFlow15 fail_mode=secure \\",
            "  -- add-port br0 client -- set Interface client type=dpdkvhostuserclient \\",
            "    options:vhost-server-path=$D/client.sock ofport_request=1 \\",
            "  -- add-port br0 nf -- set Interface nf type=dpdkvhostuserclient \\",
            "    options:vhost-server-path=$D/nf.sock ofport_request=2",
            "taskset -c $GEN /usr/lib/openvswitch-switch-dpdk/ovs-vswitchd-dpdk unix:$D/db.sock \\",
            "    --pidfile --log-file --unixctl=$D/ovs-vswitchd.ctl --detach",
            f"ovs-ofctl -O OpenFlow15 add-group br0 '{GROUP}'",
            "ovs-ofctl -O OpenFlow15 add-flows br0 - <<'EOF'",
            *FLOWS,
            "EOF",
            "ovs-appctl -t $D/ovs-vswitchd.ctl dpif-netdev/pmd-rxq-show  # one PMD, core_id $CPU",
            "# after: ovs-appctl -t $D/ovs-vswitchd.ctl exit; kill $(cat $D/ovsdb-server.pid);",
            "# rm -r $D /var/run/dpdk/hvlb_nfv_ovs",
            "```", "",
            "and the generator (the same for both load balancers; it waits for its two sockets'",
            "clients, then for frames to come through):", "",
            "```sh",
            "build/forwarder/bench/nfv_gen --lcores 0@$GEN --no-pci --no-huge -m 256 \\",
            f"    --vdev net_virtio_user0,path=$D/client.sock,server=1,queues=1,queue_size={a.queue_size} \\",
            f"    --vdev net_virtio_user1,path=$D/nf.sock,server=1,queues=1,queue_size={a.queue_size} -- \\",
            f"    --flows {a.flows} --seconds {a.seconds} --warmup {a.warmup} --new-max {a.new_max}",
            "```", "",
            "hvlb's side is `hvlb-forwarder --lcores 0@$GEN,1@$CPU --no-pci --in-memory --vdev",
            "net_vhost0,iface=$D/client.sock,client=1,queues=1 --vdev",
            "net_vhost1,iface=$D/nf.sock,client=1,queues=1 -- -c hvlb.ini` with the NAT service",
            "over the 4 NFs (`bench/nfv.py`'s `hvlb_config`: Maglev, static neighbours,",
            "`idle_sleep_max_us = 0`, polling like OVS's PMD).", "",
            "Why this OVS pipeline: it is what OVN's load balancer compiles to (`ct_lb` is a",
            "select group with `selection_method=dp_hash` whose buckets do",
            "`ct(commit,table=...,zone=...,nat(dst=...))`), written by hand for one bridge. A",
            "UDP flow that has only gone one way is `+new` to conntrack (the kernel's and OVS's",
            "userspace one alike), so without the warm-up's answers every packet of an",
            "\"established\" one-way flow would go through the group and a second `ct` again.", ""]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--reps", type=int, default=int(os.environ.get("NFV_REPS", 3)))
    ap.add_argument("--seconds", type=float, default=float(os.environ.get("NFV_SECONDS", 2)))
    ap.add_argument("--warmup", type=float, default=1.0)
    ap.add_argument("--flows", type=int, default=int(os.environ.get("NFV_FLOWS", 10000)))
    ap.add_argument("--new-max", type=int, default=int(os.environ.get("NFV_NEW_MAX", 500000)))
    ap.add_argument("--cps-max", type=int, default=500000,
                    help="TCP connections opened at most in the measured cps phase")
    ap.add_argument("--cps-window", type=int, default=1024,
                    help="TCP connections open at once at most")
    ap.add_argument("--queue-size", type=int, default=1024,
                    help="the virtio rings' size (virtio-user's default is 256; QEMU sites "
                    "running NFs commonly set rx/tx_queue_size = 1024)")
    ap.add_argument("--ovs-mem", type=int, default=512, help="OVS's dpdk-socket-mem (MiB)")
    ap.add_argument("--noise-max", type=float,
                    default=float(os.environ.get("BENCH_NOISE_MAX", 0.10)))
    ap.add_argument("--no-huge", action="store_true",
                    help="hvlb's and testpmd's memory anonymous, as the generator's, not huge "
                    "pages (the smoke test, tests/e2e/test_nfv.py, on a machine whose huge page "
                    "pool other work resizes); OVS-DPDK keeps huge pages: on anonymous memory "
                    "(--no-huge --legacy-mem) it did not carry the traffic here")
    ap.add_argument("--lbs", default=",".join(LBS),
                    help="which of hvlb,ovs,floor to run (hvlb always runs)")
    ap.add_argument("--doc", help="write the section of this markdown file")
    a = ap.parse_args()
    a.lbs = a.lbs.split(",")
    if set(a.lbs) - set(LBS):
        ap.error(f"--lbs: {','.join(sorted(set(a.lbs) - set(LBS)))} not one of {','.join(LBS)}")
    # SIGTERM (a CI timeout, run.sh's caller) unwinds as an exception does, so the finally
    # clauses stop every process and remove every file this run made.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    for b in (GEN, FORWARDER):
        if not b.exists():
            print(json.dumps({"nfv": {"skipped": f"{b} not built (make build)"}}))
            return 0
    huge = not a.no_huge or "ovs" in a.lbs
    old_hp = reserve_huge_pages(512) if os.geteuid() == 0 and huge else None
    try:
        with tempfile.TemporaryDirectory(prefix="hvlb-nfv-") as work:
            runs, skipped, ovs_failed, retries = measure(a, Path(work))
    finally:
        left = left_behind()
        if old_hp is not None:
            (HP / "nr_hugepages").write_text(str(old_hp))
        if left:
            print(f"bench: nfv: LEFT BEHIND (ended / removed now): {', '.join(left)}",
                  file=sys.stderr)
    s = summarise(runs, a.noise_max)
    rows = table(s, a)
    print("\n".join(rows), file=sys.stderr)
    if s["noisy"]:
        print(f"bench: NOISY: nfv rows moved by up to {s['max_spread']:.0%} between rounds "
              f"(more than {a.noise_max:.0%})", file=sys.stderr)
    if skipped:
        print(f"bench: nfv: OVS-DPDK skipped: {skipped}", file=sys.stderr)
    if a.doc:
        docsection.write(a.doc, HEADING, markdown(rows, s, a, skipped, left))
    print(json.dumps({"nfv": {**s, "skipped_ovs": skipped, "ovs_run_failed": ovs_failed,
                              "port_setup_retries": retries,
                              "left_behind": left,
                              "runs": runs, "reps": a.reps,
                              "seconds": a.seconds, "flows": a.flows}}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
