"""FRR (zebra + bgpd, and bfdd with bfd=) as the upstream router of a lab topology.

    import frr
    r = frr.Router(topo, "rtr", asn=65000, router_id="10.8.0.1",
                   neighbors=[frr.Neighbor("10.8.0.2", 65001)], maximum_paths=8).start()
    r.summary()                      # {'10.8.0.2': {'state': 'Established', 'pfxRcd': 1, ...}}
    r.wait_established(["10.8.0.2"])
    r.routes()                       # {'10.100.0.1/32': ['10.9.0.2'], 'fd00:100::1/128': [...]}
    r.vtysh("show bgp ipv4 unicast json")
    r.stop()                         # or just tear the topology down

Each instance runs Debian's /usr/lib/frr/zebra and bgpd in one host (network namespace) of
the topology, in the foreground through topo.popen (so teardown kills them and their output
is the test's log), with everything of its own under <topology log dir>/frr-<host>/: the
configuration files, pid files, the zebra API socket and the vty sockets that vtysh reaches
with --vty_socket. Several instances, in several hosts, never share a path. bgpd peers with
each neighbor passively (the agents connect; they do not listen), installs up to
maximum_paths equal routes (eBGP ECMP across forwarders of different AS paths with
as-path multipath-relax), applies no policy (no bgp ebgp-requires-policy), and the host
hashes multipath flows on layer 4 (fib_multipath_hash_policy = 1, IPv4 and IPv6).

With bfd=frr.BFD(tx_ms, rx_ms, mult), bfdd runs too and every neighbor gets a single-hop BFD
session with those intervals (`neighbor X bfd profile hvlb`): when it goes down, bgpd drops
the session and its routes at once, whatever the hold time.
"""

from __future__ import annotations

import ipaddress
import json
import os
import pwd
import shutil
import time
from dataclasses import dataclass
from pathlib import Path

from topo import LabError

FRR_DIR = Path(os.environ.get("HVLB_FRR_DIR", "/usr/lib/frr"))
FRR_USER = "frr"  # Debian's package makes it, with the groups frr and frrvty


def unavailable():
    """Why FRR cannot run here (a string), or None."""
    for daemon in ("zebra", "bgpd"):
        if not os.access(FRR_DIR / daemon, os.X_OK):
            return f"FRR is not installed: no {FRR_DIR / daemon} (scripts/deps.sh installs frr)"
    if shutil.which("vtysh") is None:
        return "FRR is not installed: no vtysh (scripts/deps.sh installs frr)"
    try:
        pwd.getpwnam(FRR_USER)
    except KeyError:
        return f"FRR is not installed: no user {FRR_USER} (scripts/deps.sh installs frr)"
    return None


@dataclass
class BFD:
    """The BFD intervals of a router's sessions (bfdd's profile "hvlb")."""
    tx_ms: int = 300
    rx_ms: int = 300
    mult: int = 3


@dataclass
class Neighbor:
    """A BGP neighbor of the router: an agent's speaker."""
    address: str
    remote_as: int
    description: str = ""


class Router:
    def __init__(self, topo, host, asn, router_id, neighbors=(), maximum_paths=8,
                 hold_time=9, keepalive=3, log_level="informational", accept=None, bfd=None):
        """accept: prefixes (e.g. ["10.100.0.0/24"]) within which routes from the neighbors
        are taken (any length inside them); None takes everything. A router takes what is
        meant for it, as an operator's prefix list would say."""
        self.topo, self.host, self.asn, self.router_id = topo, host, int(asn), router_id
        self.accept = None if accept is None else [ipaddress.ip_network(a) for a in accept]
        self.neighbors = list(neighbors)
        self.maximum_paths, self.hold_time, self.keepalive = maximum_paths, hold_time, keepalive
        self.log_level, self.bfd = log_level, bfd
        self.dir = Path(topo.logdir) / f"frr-{host}"
        self.zebra = self.bgpd = self.bfdd = None

    # ----------------------------------------------------------------------------------
    # configuration

    def bgpd_conf(self):
        """bgpd's configuration text."""
        lines = [f"hostname {self.host}", "log stdout " + self.log_level, "!",
                 f"router bgp {self.asn}", f" bgp router-id {self.router_id}",
                 # No policy surprises: eBGP routes are accepted and sent without one, and
                 # equal routes from different AS paths (one forwarder AS each) share ECMP.
                 " no bgp ebgp-requires-policy", " no bgp network import-check",
                 " bgp bestpath as-path multipath-relax",
                 # The agents' timers (hold 9 s) win; these only bound an agent that
                 # proposes longer ones.
                 f" timers bgp {self.keepalive} {self.hold_time}"]
        for n in self.neighbors:
            lines += [f" neighbor {n.address} remote-as {n.remote_as}",
                      # The agents connect; they do not listen (GoBGP ListenPort -1).
                      f" neighbor {n.address} passive",
                      f" neighbor {n.address} timers connect 1"]
            if n.description:
                lines.append(f" neighbor {n.address} description {n.description}")
            if self.bfd is not None:
                lines += [f" neighbor {n.address} bfd", f" neighbor {n.address} bfd profile hvlb"]
        for afi in ("ipv4", "ipv6"):
            lines += [" !", f" address-family {afi} unicast", f"  maximum-paths {self.maximum_paths}"]
            lines += [f"  neighbor {n.address} activate" for n in self.neighbors]
            if self.accept is not None:
                lines += [f"  neighbor {n.address} prefix-list accept-{afi} in"
                          for n in self.neighbors]
            lines.append(" exit-address-family")
        lines.append("!")
        if self.accept is not None:
            for afi, cmd, bits in (("ipv4", "ip", 32), ("ipv6", "ipv6", 128)):
                nets = [a for a in self.accept if a.max_prefixlen == bits]
                for i, a in enumerate(nets):
                    lines.append(f"{cmd} prefix-list accept-{afi} seq {5 * (i + 1)} permit {a} le {bits}")
                if not nets:
                    lines.append(f"{cmd} prefix-list accept-{afi} seq 5 deny any")
        return "\n".join(lines + ["!", ""])

    def bfdd_conf(self):
        """bfdd's configuration text: the profile the BGP neighbors use."""
        b = self.bfd
        return "\n".join([f"hostname {self.host}", "log stdout " + self.log_level, "!", "bfd",
                          " profile hvlb", f"  detect-multiplier {b.mult}",
                          f"  receive-interval {b.rx_ms}", f"  transmit-interval {b.tx_ms}",
                          " exit", "exit", "!", ""])

    # ----------------------------------------------------------------------------------
    # processes

    def _daemon(self, name, extra):
        d = self.dir
        argv = [FRR_DIR / name, "-f", d / f"{name}.conf", "-i", d / f"{name}.pid",
                "-z", d / "zserv.api", "--vty_socket", d,
                "-P", "0",  # no vty TCP port: vtysh uses the sockets
                "--log", "stdout", "--log-level", "info", *extra]
        return self.topo.popen(self.host, argv, name=f"frr-{self.host}-{name}")

    def start(self, timeout=20.0):
        """Writes the configuration, sets the multipath hash policy, starts zebra then bgpd
        and waits until bgpd answers vtysh. Returns self."""
        reason = unavailable()
        if reason:
            raise LabError(reason)
        self.dir.mkdir(parents=True, exist_ok=True)
        (self.dir / "zebra.conf").write_text(f"hostname {self.host}\n")
        (self.dir / "bgpd.conf").write_text(self.bgpd_conf())
        if self.bfd is not None:
            (self.dir / "bfdd.conf").write_text(self.bfdd_conf())
        # The daemons drop root for Debian's frr user (keeping the capabilities they
        # need), which must be able to write their pid files and sockets here.
        for f in (self.dir, *self.dir.iterdir()):
            shutil.chown(f, FRR_USER, FRR_USER)
        self.topo.run(self.host, ["sysctl", "-qw", "net.ipv4.fib_multipath_hash_policy=1",
                                  "net.ipv6.fib_multipath_hash_policy=1"])
        self.zebra = self._daemon("zebra", [])
        self._wait(lambda: (self.dir / "zserv.api").exists(), "zebra's API socket", timeout,
                   self.zebra)
        if self.bfd is not None:
            # bgpd asks bfdd (through zebra) for the neighbors' sessions.
            self.bfdd = self._daemon("bfdd", ["--bfdctl", self.dir / "bfdd.sock"])
            self._wait(lambda: (self.dir / "bfdd.vty").exists(), "bfdd's vty socket", timeout, self.bfdd)
        self.bgpd = self._daemon("bgpd", [])
        self._wait(lambda: self._answers(), "bgpd answering vtysh", timeout, self.bgpd)
        return self

    def _answers(self):
        try:
            self.vtysh("show bgp summary json", timeout=5)
            return True
        except LabError:
            return False

    def _wait(self, cond, what, timeout, proc):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                raise LabError(f"FRR in {self.host}: {proc.name} exited {proc.returncode}:\n"
                               f"{proc.log_path.read_text(errors='replace')[-4000:]}")
            if cond():
                return
            time.sleep(0.05)
        raise LabError(f"FRR in {self.host}: timed out after {timeout:g} s waiting for {what}")

    def stop(self):
        """Stops bgpd and bfdd, then zebra (which removes the routes it installed)."""
        for p in (self.bgpd, self.bfdd, self.zebra):
            if p is not None and p.poll() is None:
                self.topo.stop(p)

    # ----------------------------------------------------------------------------------
    # state

    def vtysh(self, command, timeout=10):
        """One vtysh command against this instance; JSON output (a command ending in
        'json') comes back decoded, anything else as text."""
        p = self.topo.run(self.host, ["vtysh", "--vty_socket", self.dir, "-c", command],
                          check=False, timeout=timeout)
        if p.returncode != 0:
            raise LabError(f"FRR in {self.host}: vtysh -c {command!r}: exit {p.returncode}: "
                           f"{p.stdout.strip()} {p.stderr.strip()}")
        return json.loads(p.stdout) if command.rstrip().endswith("json") else p.stdout

    def summary(self):
        """Each neighbor's session as 'show bgp summary json' has it (IPv4 and IPv6 merged):
        {address: {'state': 'Established', 'pfxRcd': N, 'peerUptimeMsec': ..., ...}}, with
        'pfxRcd_ipv6' the IPv6 prefixes received."""
        out = {}
        s = self.vtysh("show bgp summary json")
        for afi in ("ipv4Unicast", "ipv6Unicast"):
            for addr, n in s.get(afi, {}).get("peers", {}).items():
                cur = out.setdefault(addr, dict(n))
                if afi == "ipv6Unicast":
                    cur["pfxRcd_ipv6"] = n.get("pfxRcd", 0)
        return out

    def established(self):
        """The neighbors whose session is established."""
        return {a for a, n in self.summary().items() if n.get("state") == "Established"}

    def wait_established(self, addresses, timeout=30.0):
        want = set(addresses)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if want <= self.established():
                return
            time.sleep(0.1)
        raise LabError(f"FRR in {self.host}: sessions {sorted(want - self.established())} "
                       f"not established after {timeout:g} s: {self.summary()}")

    def bfd_peers(self):
        """bfdd's sessions as 'show bfd peers json' has them: {peer address: {'status': 'up'
        / 'down' / 'init' / ..., 'uptime': seconds while up, ...}} (empty without BFD)."""
        if self.bfd is None:
            return {}
        return {p["peer"]: p for p in self.vtysh("show bfd peers json")}

    def routes(self, proto="bgp"):
        """The kernel routes of the router's namespace installed by proto (zebra's 'bgp'):
        {prefix: sorted gateways}. A host route shows as a prefix with its length."""
        out = {}
        for family in ("-4", "-6"):
            p = self.topo.run(self.host, ["ip", "-j", family, "route", "show", "proto", proto])
            for r in json.loads(p.stdout or "[]"):
                dst = r["dst"]
                if "/" not in dst and dst != "default":
                    dst += "/128" if ":" in dst else "/32"
                hops = [h["gateway"] for h in r.get("nexthops", []) if "gateway" in h]
                if "gateway" in r:
                    hops.append(r["gateway"])
                # Merged: a kernel may list an IPv6 multipath route as one entry a next hop.
                key = str(ipaddress.ip_network(dst, strict=False)) if dst != "default" else dst
                out[key] = sorted(set(out.get(key, [])) | set(hops))
        return out

