"""A pool of forwarders behind real BGP routers (lab/topologies/scaleout.yaml), for
tests/e2e/test_scale_out.py and the demo's three-forwarder variant.

    pool = scaleout.Pool(topo).start()          # NFs, routers, controller, 3 forwarders+agents
    pool.add_service()                          # TCP echo and UDP VIPs over the three NFs
    pool.wait_ecmp(3)                           # both routers route over the 3 forwarders
    pool.kill(1)                                # SIGKILL forwarder fwd-2 and its agent
    pool.restart(1)

Every mode at once (Pool(topo, fullnat_local=FULLNAT_LOCAL), then pool.add_mode_services()):
one TCP echo VIP per mode beside NAT's (MODE_VIPS), see add_mode_services.

Every forwarder runs in its own namespace on af_packet ports, with a state directory and its
agent beside it. The agents register with one controller (in the router's namespace, over the
management bridge), sync connections with each other over that bridge, and each peers (iBGP)
with both FRR routers: the VIPs go to the upstream router with the forwarder's front address
as next hop, the clients' prefix to the NF-side router with its NF-side address. Both routers
install ECMP routes hashed on the 4-tuple, so flows spread over the forwarders both ways and a
forwarder that leaves takes its routes with it. The same for IPv6: a VIP fd00:100::1 over the
NFs' IPv6 addresses, the clients' fd00::/64 back, carried by the same (IPv4) sessions.
"""

from __future__ import annotations

import json
import signal
import time

import fwctl
import fwdlab
import frr
import labtools

BIN = labtools.BIN
VIP, VIP6 = "10.100.0.1", "fd00:100::1"
ECHO_PORT = labtools.TCP_PORT  # nfsim's bulk TCP port: "echo\n" makes it echo every byte
UDP_PORT = 53
SYNC_PORT = 7600
# The pool's k-way replication unless a test says otherwise (docs/sync.md): 0, every forwarder
# holds every connection, as the controller's default.
REPLICAS = 0
REST_PORT, GRPC_PORT = 8443, 9443
# Short BGP timers: the lab's bound on a silent forwarder; a session that closes (a killed
# agent's socket) is noticed at once anyway.
BGP_HOLD_S, BGP_KEEPALIVE_S = 3, 1
# One TCP echo VIP per mode besides NAT's VIP (add_mode_services), in the VIP prefix.
MODE_VIPS = {"synproxy": "10.100.0.2", "tunnel": "10.100.0.3", "fullnat": "10.100.0.4",
             "dr": "10.100.0.5"}
# The vxlan service (add_mode_services): tenant VNI's VIP inside the overlay, and the
# client's inner address. Its underlay ends in the pool are two anycast VTEP addresses that
# every forwarder holds, one per side (docs/mode-vxlan.md, "Limits": a peer answers from the
# address a packet reached it at, so clients and NFs must send to one every forwarder has);
# each agent announces them, the client's to the upstream router, the NFs' to the NF side.
VXLAN_VNI, VXLAN_VIP, VXLAN_CLIENT = 100, "192.168.0.100", "192.168.0.10"
VXLAN_VTEPS = {"upstream": "10.7.1.1", "nf_side": "10.7.1.2"}
# FullNAT's local address, the same in every forwarder's pool and off the NFs' segment: the
# NFs reach it through their router, which routes it over the live forwarders by ECMP (each
# agent announces it), so a reply finds a forwarder however the pool changes. Each forwarder
# hands out its own slice of the ports (fullnat_ports), so two never give out the same one
# (docs/scale-out.md, "FullNAT").
FULLNAT_LOCAL = "10.7.0.100"
GUE_PORT = 6080
SYNPROXY_NF_PORT = ECHO_PORT + 1


def fullnat_ports(i):
    """Member i's slice of the local ports: 10,000 of its own."""
    return 20000 + 10000 * i, 29999 + 10000 * i


# Opens n echoed TCP connections to VIP:PORT, prints their local endpoints as JSON once each
# has its echo back, and holds them until killed (Pool.hold_connections).
HOLD_CLIENT = """
import json, socket, sys, time
vip, port, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
conns = []
for i in range(n):
    s = socket.create_connection((vip, port), timeout=5)
    s.settimeout(5)
    s.sendall(b"echo\\nhello %d\\n" % i)
    got = b""
    while b"hello %d" % i not in got:
        b = s.recv(100)
        if not b:
            raise SystemExit("closed")
        got += b
    conns.append(s)
print("held " + json.dumps(["%s:%d" % s.getsockname() for s in conns]), flush=True)
while True:
    time.sleep(1)
"""


class Member:
    """One forwarder of the pool: its meta (topology), forwarder and agent processes."""

    def __init__(self, meta):
        self.meta, self.id, self.host = meta, meta["id"], meta["host"]
        # Each port's addresses: "IPv4/len, IPv6/len".
        (self.front, self.front6), (self.back, self.back6) = (
            [a.strip().split("/")[0] for a in port.split(",")] for port in meta["addrs"][:2])
        self.asn = meta["asn"]
        self.fw = self.agent = None

    @property
    def sync_addr(self):
        return f"{self.meta['mgmt']}:{SYNC_PORT}"


class Pool:
    def __init__(self, topo, workers=1, agent_args=(), member_args=None, controller_args=(),
                 fwd_settings=None, fullnat_local=None, vxlan=False, replicas=REPLICAS,
                 port_kind="af_packet"):
        """agent_args go to every agent, member_args[i] to member i's only, controller_args
        to the controller; fwd_settings are more [forwarder] keys for every forwarder
        ({"conn_max": 64}); fullnat_local: an address every agent also announces to the
        NF-side router with its NF-side address as next hop (FullNAT's shared local
        address); vxlan: every forwarder also holds VXLAN_VTEPS (front and NF side) and its
        agent announces them; replicas: the pool's k-way replication (the controller's
        --sync-replicas; 0: every forwarder holds every connection); port_kind: the
        forwarders' ports (fwdlab.PORT_KINDS: "af_xdp" brings the in-kernel fast path)."""
        self.topo, self.workers, self.port_kind = topo, workers, port_kind
        self.fwd_settings = dict(fwd_settings or {})
        self.member_args = member_args or {}
        self.replicas = replicas
        self.controller_args = ["--sync-replicas", str(replicas), *controller_args]
        meta = topo.meta
        self.members = [Member(m) for m in meta["forwarders"]]
        self.up_rtr, self.nf_rtr = meta["routers"]["upstream"], meta["routers"]["nf_side"]
        self.ctl_host, self.ctl_addr = meta["controller"]["host"], meta["controller"]["addr"]
        self.client_prefix, self.client_prefix6 = meta["client_prefix"], meta["client_prefix6"]
        self.agent_args = list(agent_args)
        self.dir = topo.logdir / "pool"
        self.certs = self.dir / "certs"
        self.controller = None
        self.routers = {}
        self.fullnat_local = fullnat_local
        self.vxlan = vxlan
        if vxlan:
            # The anycast VTEPs are the forwarders' own addresses beside their port's.
            for m in meta["forwarders"]:
                m["addrs"] = [f"{a}, {VXLAN_VTEPS[side]}/32"
                              for a, side in zip(m["addrs"], ("upstream", "nf_side"))]
        self.decaps = []

    # --- bring-up -------------------------------------------------------------------

    def start(self, members=None):
        """Starts the NFs, routers, controller and the members whose indexes are given (all
        by default), and waits until they are ready."""
        members = range(len(self.members)) if members is None else members
        self.dir.mkdir(parents=True, exist_ok=True)
        self.start_nfs()
        self.start_routers()
        ids = ",".join(m.id for m in self.members)
        self.topo.run(self.ctl_host, [BIN / "hvlbctl", "certs", "init", "--dir", self.certs,
                                      "--hosts", f"{self.ctl_addr},127.0.0.1", "--agent", ids])
        self.start_controller()
        for i in members:
            self.start_member(i)
        for i in members:
            self.wait_ready(self.members[i])
        return self

    def start_nfs(self):
        """An nfsim in each NF's host (TCP echo, UDP, HTTP; IPv4 and IPv6)."""
        for nf in self.topo.nfs:
            labtools.start_nfsim(self.topo, nf["host"], nf["name"], udp=UDP_PORT)

    def start_routers(self):
        # eBGP, one AS per forwarder (the routers' multipath-relax puts them in one ECMP
        # group); each router takes only what is meant for it: the VIPs upstream, the
        # clients' prefix on the NF side.
        meta = self.topo.meta
        accept = {"upstream": [meta["vip_prefix"], meta["vip_prefix6"]],
                  "nf_side": [self.client_prefix, self.client_prefix6]}
        if self.fullnat_local:
            accept["nf_side"].append(f"{self.fullnat_local}/32")
        if self.vxlan:
            for role, vtep in VXLAN_VTEPS.items():
                accept[role].append(f"{vtep}/32")
        for role in ("upstream", "nf_side"):
            r = self.topo.meta["routers"][role]
            self.routers[role] = frr.Router(
                self.topo, r["host"], asn=r["asn"], router_id=r["addr"],
                neighbors=[frr.Neighbor(m.meta["mgmt"], m.asn, m.id) for m in self.members],
                hold_time=BGP_HOLD_S, keepalive=BGP_KEEPALIVE_S, accept=accept[role]).start()

    def start_controller(self):
        c = self.certs
        self.controller = self.topo.popen(self.ctl_host, [
            BIN / "hvlb-controller", "--listen", f"{self.ctl_addr}:{REST_PORT}",
            "--grpc-listen", f"{self.ctl_addr}:{GRPC_PORT}", "--db", self.dir / "controller.db",
            "--tokens-file", c / "tokens", "--tls-cert", c / "controller.pem",
            "--tls-key", c / "controller-key.pem", "--client-ca", c / "ca.pem",
            "--report-timeout", "3s", *self.controller_args], name="controller")
        labtools.wait_until(lambda: self.ctl("version", check=False).returncode == 0,
                            "controller", timeout=30)

    def start_member(self, i):
        """Starts forwarder i (keeping its state directory) and then its agent."""
        m = self.members[i]
        m.fw = fwdlab.start_forwarder(self.topo, workers=self.workers, host=m.host,
                                      port_kind=self.port_kind,
                                      name=f"forwarder-{m.id}", own_args=["--id", m.id],
                                      settings={**self.fwd_settings,
                                                "state_dir": self.dir / f"state-{m.id}"})
        self.start_agent(i)

    def start_agent(self, i):
        m, c = self.members[i], self.certs
        up, nf = self.up_rtr, self.nf_rtr
        m.agent = self.topo.popen(m.host, [
            BIN / "hvlb-agent", "--controller", f"{self.ctl_addr}:{GRPC_PORT}", "--id", m.id,
            "--fwd-socket", m.fw.sock, "--cert", c / f"agent-{m.id}.pem",
            "--key", c / f"agent-{m.id}-key.pem", "--ca", c / "ca.pem",
            "--report-interval", "1s", "--resync-interval", "1s",
            "--sync-addr", m.sync_addr,
            "--bgp-local-as", m.asn, "--bgp-router-id", m.meta["mgmt"],
            "--bgp-peer", f"{up['addr']},{up['asn']}", "--bgp-peer", f"{nf['addr']},{nf['asn']}",
            "--bgp-next-hop-v4", m.front, "--bgp-next-hop-v6", m.front6,
            "--bgp-announce", f"{self.client_prefix}={m.back}",
            "--bgp-announce", f"{self.client_prefix6}={m.back6}",
            "--bgp-hold-time", f"{BGP_HOLD_S}s", "--bgp-keepalive", f"{BGP_KEEPALIVE_S}s",
            "--bgp-connect-retry", "1s", "--bgp-graceful-wait", "2s",
            *(["--bgp-announce", f"{self.fullnat_local}/32={m.back}"] if self.fullnat_local else []),
            *([a for vtep, hop in ((VXLAN_VTEPS["upstream"], m.front), (VXLAN_VTEPS["nf_side"], m.back))
               for a in ("--bgp-announce", f"{vtep}/32={hop}")] if self.vxlan else []),
            *self.agent_args, *self.member_args.get(i, ())], name=f"agent-{m.id}")

    def wait_ready(self, m, timeout=30):
        def ready():
            p = self.ctl("fr", "list", "-o", "json", check=False)
            if p.returncode != 0:
                return False
            return any(f["id"] == m.id and f["state"] == "ready" and f.get("connected")
                       for f in json.loads(p.stdout))
        labtools.wait_until(ready, f"forwarder {m.id} ready at the controller", timeout)

    # --- operations -------------------------------------------------------------------

    def ctl(self, *args, check=True, json_out=False):
        argv = [BIN / "hvlbctl", "--server", f"https://{self.ctl_addr}:{REST_PORT}",
                "--certs", self.certs]
        if json_out:
            argv += ["-o", "json"]
        p = self.topo.run(self.ctl_host, [*argv, *args], check=check)
        return json.loads(p.stdout) if json_out else p

    def add_service(self, weights=(100, 100, 100)):
        """TCP echo and UDP services on the VIP and on the IPv6 VIP, over the NFs."""
        nfs = self.topo.nfs
        for vip, key in ((VIP, "addr"), (f"[{VIP6}]", "addr6")):
            host = (lambda a: f"[{a}]") if key == "addr6" else (lambda a: a)
            tcp = [f"--real={host(nf[key])}:{ECHO_PORT}:{w}" for nf, w in zip(nfs, weights)]
            udp = [f"--real={host(nf[key])}:{UDP_PORT}:{w}" for nf, w in zip(nfs, weights)]
            self.ctl("vs", "add", "tcp", f"{vip}:{ECHO_PORT}", *tcp)
            self.ctl("vs", "add", "udp", f"{vip}:{UDP_PORT}", *udp, "--check", "none")

    def add_mode_services(self):
        """A TCP echo service over the three NFs for each mode of MODE_VIPS: a NAT one with
        the SYN proxy on, a tunnel one (GUE; each NF decapsulates with lab/tundecap.py), a DR
        one (the NFs hold the VIP on lo), a FullNAT one (each forwarder's pool:
        fullnat_local and its own slice of the ports, set through the controller), and with
        Pool(vxlan=True) a vxlan one (add_vxlan_service). The tunnel's and DR's NFs hold the
        VIP and answer the client directly: the NF-side router sends what comes from the VIP
        prefix to the upstream router over the management network, not back through the
        forwarders. Needs Pool(fullnat_local=...)."""
        nfs, port = self.topo.nfs, ECHO_PORT
        vips = MODE_VIPS
        reals = [f"--real={nf['addr']}:{port}:100" for nf in nfs]
        # The proxied service's NFs listen on a port of their own: a client port the kernel
        # gives to connections to both NAT VIPs at once would otherwise make two connections
        # of one tuple at the NF (and one reply tuple at the forwarders).
        for nf in nfs:
            labtools.start_nfsim(self.topo, nf["host"], nf["name"], tcp=SYNPROXY_NF_PORT,
                                 http=None, udp=None, admin=None)
        self.ctl("vs", "add", "tcp", f"{vips['synproxy']}:{port}", "--synproxy", "on",
                 *[f"--real={nf['addr']}:{SYNPROXY_NF_PORT}:100" for nf in nfs])
        self.ctl("vs", "add", "tcp", f"{vips['fullnat']}:{port}", *reals, "--mode", "fullnat")
        for nf in nfs:
            for mode in ("tunnel", "dr"):
                self.topo.run(nf["host"], ["ip", "addr", "add", f"{vips[mode]}/32", "dev", "lo"])
            self.decaps.append(start_decap(self.topo, nf["host"]))
        nfr = self.nf_rtr["host"]
        self.topo.run(nfr, ["ip", "rule", "add", "from", self.topo.meta["vip_prefix"], "lookup", "100"])
        self.topo.run(nfr, ["ip", "route", "add", self.client_prefix, "via", self.up_rtr["addr"],
                            "table", "100"])
        self.ctl("vs", "add", "tcp", f"{vips['tunnel']}:{port}", "--mode", "tunnel",
                 "--encap", "gue", *[f"--real={nf['addr']}:0:100" for nf in nfs],
                 "--check-port", port)
        self.ctl("vs", "add", "tcp", f"{vips['dr']}:{port}", "--mode", "dr", *reals)
        if self.vxlan:
            self.add_vxlan_service()
        for i, m in enumerate(self.members):
            lo, hi = fullnat_ports(i)
            self.ctl("fr", "pool", m.id, "--addrs", self.fullnat_local, "--ports", f"{lo}-{hi}")
        for i, m in enumerate(self.members):
            labtools.wait_until(lambda: self.local_pool(m) == ([self.fullnat_local], fullnat_ports(i)),
                                f"{m.id}'s local pool", timeout=20)

    def add_vxlan_service(self):
        """Tenant VXLAN_VNI's TCP echo service at VXLAN_VIP over the NFs' VTEPs (their own
        addresses): the client and each NF get a kernel vxlan device (the VNI, unicast to
        their side's anycast VTEP), the NFs hold the VIP on it (docs/mode-vxlan.md)."""
        client, under = "client", "10.0.0.2"  # the topology's client (HOLD_CLIENT's too)
        labtools.make_vtep(self.topo, client, VXLAN_VNI, under, VXLAN_VTEPS["upstream"],
                           VXLAN_CLIENT, VXLAN_VIP)
        for nf in self.topo.nfs:
            labtools.make_vtep(self.topo, nf["host"], VXLAN_VNI, nf["addr"], VXLAN_VTEPS["nf_side"],
                               VXLAN_VIP, VXLAN_CLIENT)
        self.ctl("vs", "add", "tcp", f"{VXLAN_VIP}:{ECHO_PORT}", "--mode", "vxlan",
                 "--vni", VXLAN_VNI, *[f"--real={nf['addr']}:0:100" for nf in self.topo.nfs],
                 "--check-port", ECHO_PORT)

    @staticmethod
    def local_pool(m):
        """Member m's FullNAT pool as its forwarder says: (addresses, (port_min, port_max))."""
        p = m.fw.client.call(get_local_pool=fwctl.pb.GetLocalPool()).local_pool
        return list(p.addresses), (p.port_min, p.port_max)

    def set_weight(self, nf_addr, weight, proto="tcp", port=ECHO_PORT):
        self.ctl("rs", "set", f"{proto}-{VIP}-{port}", f"{nf_addr}:{port}", "--weight", weight)

    def routed_over(self):
        """{role: set of forwarder ids each router sends to} (VIP upstream, clients back; the
        same for IPv6)."""
        up, back = self.routers["upstream"].routes(), self.routers["nf_side"].routes()
        up4, up6 = up.get(f"{VIP}/32", []), up.get(f"{VIP6}/128", [])
        back4, back6 = back.get(self.client_prefix, []), back.get(self.client_prefix6, [])
        return {"upstream": {m.id for m in self.members if m.front in up4},
                "nf_side": {m.id for m in self.members if m.back in back4},
                "upstream6": {m.id for m in self.members if m.front6 in up6},
                "nf_side6": {m.id for m in self.members if m.back6 in back6}}

    def routed(self, role, prefix):
        """The forwarder ids router role ("upstream", "nf_side") sends prefix to."""
        hops = self.routers[role].routes().get(prefix, [])
        return {m.id for m in self.members if (m.front if role == "upstream" else m.back) in hops}

    def wait_routes(self, ids, timeout=30):
        """Waits until both routers route over exactly the forwarders ids (IPv4 and IPv6);
        returns the seconds it took."""
        t0, want = time.monotonic(), set(ids)
        labtools.wait_until(lambda: all(v == want for v in self.routed_over().values()),
                            f"both routers routing over {sorted(want)} "
                            f"(now {self.routed_over()})", timeout, interval=0.05)
        return time.monotonic() - t0

    def hold_connections(self, n, name="client"):
        """n echoed TCP connections from the client namespace to the VIP's echo port, held
        open by a process of the lab (stopped with it); returns their client endpoints."""
        client = self.topo.popen("client", ["python3", "-c", HOLD_CLIENT, VIP, ECHO_PORT, n], name=name)
        line = labtools.wait_until(
            lambda: next((ln for ln in client.log_path.read_text().splitlines() if ln.startswith("held ")), None),
            "the client's connections, echoed", timeout=60)
        return json.loads(line[len("held "):])

    def kill(self, i):
        """SIGKILL forwarder i and its agent (a crash of the whole box)."""
        m = self.members[i]
        for p in (m.agent, m.fw.proc):
            try:
                p.send_signal(signal.SIGKILL)
            except ProcessLookupError:
                pass
        for p in (m.agent, m.fw.proc):
            p.wait(timeout=10)
        m.fw.client.close()

    def stop(self, i, timeout=15):
        """Stops member i as an upgrade does (docs/scale-out.md, "Rolling upgrade"): its agent
        first (SIGTERM: it withdraws, waits --bgp-graceful-wait, closes its sessions and
        says AdminDown to BFD), then its forwarder (its state directory keeps its table)."""
        m = self.members[i]
        self.topo.stop(m.agent, timeout=timeout)
        m.fw.stop()

    def wait_rejoined(self, i, timeout=60):
        """Waits until member i's agent is connected to the controller again (its state
        ready, or draining when it was drained) and its forwarder holds its peers'
        connections (sync ready)."""
        m = self.members[i]

        def rejoined():
            p = self.ctl("fr", "list", "-o", "json", check=False)
            if p.returncode != 0 or not any(f["id"] == m.id and f.get("connected") and
                                            f["state"] in ("ready", "draining")
                                            for f in json.loads(p.stdout)):
                return False
            try:
                return m.fw.client.sync().state == "ready"
            except OSError:
                return False
        labtools.wait_until(rejoined, f"forwarder {m.id} back and synced", timeout)

    def drain(self, i):
        self.ctl("fr", "drain", self.members[i].id)

    def undrain(self, i):
        self.ctl("fr", "undrain", self.members[i].id)

    def active_conns(self, i):
        try:
            return sum(w.active_conns for w in self.members[i].fw.stats().workers)
        except OSError:
            return -1


def start_decap(topo, host):
    """lab/tundecap.py in host (an NF taking tunnel mode's packets apart), once it serves."""
    p = topo.popen(host, ["python3", labtools.REPO / "lab" / "tundecap.py",
                          "--gue-port", GUE_PORT], name=f"decap-{host}")
    labtools.wait_until(lambda: p.poll() is not None or "serving" in p.log_path.read_text(
        errors="replace"), f"tundecap in {host}", timeout=10)
    assert p.poll() is None, p.log_path.read_text(errors="replace")
    return p
