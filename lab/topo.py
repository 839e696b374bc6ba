#!/usr/bin/env python3
"""Network-namespace topologies for the hvlb lab, from a declarative YAML file.

Every host is a network namespace named ``<prefix>-<host>``; veth pairs (several queues
each), Linux bridges (inside a switch namespace), addresses, routes (ECMP capable), policy
rules, sysctls and bandwidth caps (tc HTB or TBF) all live inside those namespaces, so two
topologies with different prefixes never collide and interface names need no prefix.
Nothing is made in the root namespace.

``up`` is idempotent. ``down`` removes exactly what ``up`` made, even after a crash: each
namespace is recorded in ``/run/hvlb-lab/<prefix>.json`` before it is created, and down also
sweeps any namespace named ``<prefix>-*`` and kills every process left inside them.

CLI::

    python3 lab/topo.py up|down|status <topology.yaml> [--prefix P]
    python3 lab/topo.py down --prefix P            # from the state file alone
    python3 lab/topo.py exec <topology.yaml> HOST [--prefix P] -- CMD...

Python::

    from topo import Topology
    with Topology.load("lab/topologies/e2e.yaml", prefix="t1") as topo:
        topo.run("client", ["ping", "-c1", "10.0.0.1"])
        nf = topo.popen("nf1", ["build/bin/hvlb-nfsim", "-name", "nf1"], name="nf1")
    # leaving the block kills nf and removes every namespace

The YAML schema is described in lab/README.md.
"""

from __future__ import annotations

import argparse
import ipaddress
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

try:
    import yaml
except ImportError:  # pragma: no cover - deps.sh installs it
    yaml = None

# The lab's base (errors, commands, where its state lives) and its teardown, in modules of
# their own; re-exported here, where callers have always found them.
from topo_base import NAME_RE, STATE_DIR, LabError, require_root, sh as _sh  # noqa: E402,F401
from topo_teardown import (_kill_group, _netns_pids, _proc_start, leftovers, read_state,  # noqa: E402,F401
                           teardown)
IFNAME_MAX = 15
# Offloads turned off on both ends of a veth a DPDK process owns, so af_packet and AF_XDP see
# real checksums and wire-sized frames.
DPDK_OFFLOADS_OFF = ["tx", "off", "rx", "off", "gro", "off", "gso", "off", "tso", "off"]






def default_prefix(path):
    """The prefix a topology file gets by default: its file name, made name-safe."""
    return re.sub(r"[^A-Za-z0-9_]", "_", Path(path).stem)


def _rate_bits(rate):
    """Parses a tc rate ("100mbit", "1gbit", "500kbit", "20000000") into bits/s."""
    m = re.fullmatch(r"\s*([0-9.]+)\s*([kmg]?)(bit|bps)?\s*", str(rate).lower())
    if not m:
        raise LabError(f"rate {rate!r}: want e.g. 100mbit, 1gbit")
    mult = {"": 1, "k": 1e3, "m": 1e6, "g": 1e9}[m.group(2)]
    if m.group(3) == "bps":
        mult *= 8
    return float(m.group(1)) * mult


# ---------------------------------------------------------------------------------------
# The topology description


class End:
    """One end of a link: an interface in a host, or a port of a bridge."""

    def __init__(self, spec, where):
        if isinstance(spec, str):
            host, _, ifname = spec.partition(":")
            spec = {"host": host, "if": ifname}
        if not isinstance(spec, dict):
            raise LabError(f"{where}: want a mapping or 'host:if'")
        unknown = set(spec) - {"host", "if", "bridge", "addrs", "dpdk", "rate", "shaper", "burst", "mtu", "mac"}
        if unknown:
            raise LabError(f"{where}: unknown keys {sorted(unknown)}")
        self.bridge = spec.get("bridge")
        self.host = spec.get("host")
        self.ifname = spec.get("if")
        self.addrs = [str(a) for a in spec.get("addrs", [])]
        self.dpdk = bool(spec.get("dpdk", False))
        self.rate = spec.get("rate")
        self.shaper = spec.get("shaper")
        self.burst = spec.get("burst")
        self.mtu = spec.get("mtu")
        self.mac = spec.get("mac")
        self.where = where
        if self.bridge and self.host:
            raise LabError(f"{where}: give host or bridge, not both")
        if not self.bridge and not (self.host and self.ifname):
            raise LabError(f"{where}: needs host and if (or bridge)")
        if self.dpdk and self.addrs:
            raise LabError(f"{where}: a dpdk interface gets no kernel address (the forwarder owns it)")
        for a in self.addrs:
            try:
                ipaddress.ip_interface(a)
            except ValueError as e:
                raise LabError(f"{where}: address {a!r}: {e}") from e
        if self.rate is not None:
            _rate_bits(self.rate)


class Link:
    def __init__(self, spec, no, defaults):
        where = f"links[{no}]"
        if not isinstance(spec, dict) or "a" not in spec or "b" not in spec:
            raise LabError(f"{where}: want a mapping with a and b")
        unknown = set(spec) - {"a", "b", "queues", "rate", "shaper", "burst", "mtu"}
        if unknown:
            raise LabError(f"{where}: unknown keys {sorted(unknown)}")
        self.a = End(spec["a"], f"{where}.a")
        self.b = End(spec["b"], f"{where}.b")
        if self.a.bridge:
            self.a, self.b = self.b, self.a
        if self.a.bridge:
            raise LabError(f"{where}: joins two bridges; give one end a host")
        self.queues = int(spec.get("queues", defaults.get("queues", 2)))
        if not 1 <= self.queues <= 64:
            raise LabError(f"{where}: queues {self.queues}: want 1..64")
        for end in (self.a, self.b):
            for key in ("rate", "shaper", "burst", "mtu"):
                if getattr(end, key) is None and spec.get(key) is not None:
                    setattr(end, key, spec[key])
            if end.rate is not None:
                _rate_bits(end.rate)
            if end.shaper not in (None, "htb", "tbf"):
                raise LabError(f"{end.where}: shaper {end.shaper!r}: want htb or tbf")
        self.dpdk = self.a.dpdk or self.b.dpdk


class Topology:
    """A topology description bound to a prefix; see the module docstring."""

    def __init__(self, spec, prefix, source=None):
        if not isinstance(spec, dict):
            raise LabError(f"{source or 'topology'}: want a mapping at the top")
        if not NAME_RE.match(prefix or "") or len(prefix) > 24:
            raise LabError(f"prefix {prefix!r}: want 1..24 of [A-Za-z0-9_]")
        unknown = set(spec) - {"defaults", "hosts", "bridges", "links", "nfs", "meta", "description"}
        if unknown:
            raise LabError(f"{source}: unknown top-level keys {sorted(unknown)}")
        self.prefix = prefix
        self.source = str(source) if source else None
        self.spec = spec
        self.defaults = spec.get("defaults") or {}
        self.hosts = {}
        for name, h in (spec.get("hosts") or {}).items():
            self._check_name(name, "host")
            h = dict(h or {})
            unknown = set(h) - {"sysctls", "routes", "rules", "lo"}
            if unknown:
                raise LabError(f"hosts.{name}: unknown keys {sorted(unknown)}")
            self.hosts[name] = h
        self.bridges = {}
        for name, b in (spec.get("bridges") or {}).items():
            if len(name) > IFNAME_MAX:
                raise LabError(f"bridges.{name}: name longer than {IFNAME_MAX}")
            host = (b or {}).get("host", "sw")
            self._check_name(host, "bridge host")
            if host not in self.hosts:
                # A switch namespace of its own: keep it silent (no IPv6 link-local
                # addresses, router solicitations or MLD reports on the segments).
                self.hosts[host] = {"sysctls": {"net.ipv6.conf.all.disable_ipv6": 1,
                                                "net.ipv6.conf.default.disable_ipv6": 1}}
            self.bridges[name] = host
        self.links = [Link(l, i, self.defaults) for i, l in enumerate(spec.get("links") or [])]
        self.nfs = list(spec.get("nfs") or [])
        self.meta = spec.get("meta") or {}
        self._name_bridge_ports()
        self._check()
        self.procs = []
        self.logdir = STATE_DIR / f"{prefix}.logs"

    @classmethod
    def load(cls, path, prefix=None):
        """Reads a topology file; the prefix defaults to the file's name."""
        if yaml is None:
            raise LabError("python3-yaml is missing: run scripts/deps.sh")
        path = Path(path)
        try:
            spec = yaml.safe_load(path.read_text())
        except (OSError, yaml.YAMLError) as e:
            raise LabError(f"{path}: {e}") from e
        return cls(spec, prefix or default_prefix(path), source=path.resolve())

    @staticmethod
    def _check_name(name, what):
        if not NAME_RE.match(str(name)):
            raise LabError(f"{what} {name!r}: want [A-Za-z0-9_]+")

    def _name_bridge_ports(self):
        used = {}
        for l in self.links:
            b = l.b
            if not b.bridge:
                continue
            if b.bridge not in self.bridges:
                raise LabError(f"{b.where}: bridge {b.bridge!r} is not declared under bridges")
            b.host = self.bridges[b.bridge]
            if not b.ifname:
                b.ifname = f"{l.a.host}-{l.a.ifname}"
                if len(b.ifname) > IFNAME_MAX:
                    n = used.setdefault(b.host, 0)
                    used[b.host] += 1
                    b.ifname = f"{b.bridge[:IFNAME_MAX - 4]}p{n}"

    def _check(self):
        seen = {(host, br): f"bridges.{br}" for br, host in self.bridges.items()}
        for l in self.links:
            for e in (l.a, l.b):
                if e.host not in self.hosts:
                    raise LabError(f"{e.where}: host {e.host!r} is not declared under hosts")
                if len(e.ifname) > IFNAME_MAX:
                    raise LabError(f"{e.where}: interface name {e.ifname!r} is longer than {IFNAME_MAX}")
                key = (e.host, e.ifname)
                if key in seen:
                    raise LabError(f"{e.where}: {e.host}:{e.ifname} is also {seen[key]}")
                seen[key] = e.where
        for host, h in self.hosts.items():
            for i, r in enumerate(h.get("routes") or []):
                if "to" not in r or not ("via" in r or "dev" in r or "nexthops" in r):
                    raise LabError(f"hosts.{host}.routes[{i}]: needs to and via, dev or nexthops")
            for a in h.get("lo") or []:
                try:
                    ipaddress.ip_interface(str(a))
                except ValueError as e:
                    raise LabError(f"hosts.{host}.lo: {a!r}: {e}") from e

    # ------------------------------------------------------------------------------------
    # Names

    def ns(self, host):
        """The namespace of a host."""
        if host not in self.hosts:
            raise LabError(f"host {host!r}: not in this topology (hosts: {', '.join(self.hosts)})")
        return f"{self.prefix}-{host}"

    def addr(self, host, ifname=None, version=4):
        """The first address (without its length) of a host's interface (or of the host)."""
        for l in self.links:
            for e in (l.a, l.b):
                if e.host == host and (ifname is None or e.ifname == ifname):
                    for a in e.addrs:
                        ia = ipaddress.ip_interface(a)
                        if ia.version == version:
                            return str(ia.ip)
        raise LabError(f"{host}:{ifname or '*'}: no IPv{version} address")

    def peer(self, host, ifname):
        """The (host, ifname) at the other end of a host's interface."""
        for l in self.links:
            if (l.a.host, l.a.ifname) == (host, ifname):
                return l.b.host, l.b.ifname
            if (l.b.host, l.b.ifname) == (host, ifname):
                return l.a.host, l.a.ifname
        raise LabError(f"{host}:{ifname}: no such link end")

    # ------------------------------------------------------------------------------------
    # State file

    @property
    def state_path(self):
        return STATE_DIR / f"{self.prefix}.json"

    def _state(self):
        return read_state(self.prefix)

    def _save(self, st):
        STATE_DIR.mkdir(parents=True, exist_ok=True)
        tmp = self.state_path.with_suffix(".tmp")
        tmp.write_text(json.dumps(st, indent=1))
        os.replace(tmp, self.state_path)

    def _record(self, kind, **item):
        st = self._state()
        st.setdefault("prefix", self.prefix)
        st["topology"] = self.source
        entry = {"kind": kind, **item}
        if entry not in st.setdefault("created", []):
            st["created"].append(entry)
            self._save(st)

    # ------------------------------------------------------------------------------------
    # up

    def up(self):
        """Builds the topology; running it again on a built one changes nothing."""
        require_root()
        for host in self.hosts:
            self._make_ns(host)
        for host in self.hosts:
            self._sysctls(host, strict=False)
        for name, host in self.bridges.items():
            self._make_bridge(host, name)
        for l in self.links:
            self._make_link(l)
        for host, h in self.hosts.items():
            for a in h.get("lo") or []:
                self._addr(host, "lo", str(a))
        for host in self.hosts:
            self._sysctls(host, strict=True)
            self._routes(host)
            self._rules(host)
        self._wait_links_settled()
        return self

    def _wait_links_settled(self, timeout=5.0):
        """Returns once every veth is up with its carrier and no address of it is still
        tentative. The kernel passes a carrier on (and then adds the link-local address) up
        to a second after the link is set up; a process started before that sees its
        namespace's addresses change under it (Chromium fails its opening connections)."""
        deadline = time.monotonic() + timeout
        while True:
            unsettled = []
            for host in self.hosts:
                out = self._ipn(host, "-j", "addr", "show", "type", "veth").stdout
                for dev in json.loads(out or "[]"):
                    tentative = [a["local"] for a in dev.get("addr_info", []) if a.get("tentative")]
                    if dev.get("operstate") != "UP" or tentative:
                        unsettled.append(f"{host}/{dev['ifname']} ({dev.get('operstate')}"
                                         f"{', tentative ' + ' '.join(tentative) if tentative else ''})")
            if not unsettled:
                return
            if time.monotonic() > deadline:
                raise LabError(f"links not up after {timeout:.0f} s: {', '.join(unsettled)}")
            time.sleep(0.05)

    def _ipn(self, host, *args, check=True):
        return _sh(["ip", "-n", self.ns(host), *args], check=check)

    def _exec(self, host, *args, check=True):
        return _sh(["ip", "netns", "exec", self.ns(host), *args], check=check)

    def _make_ns(self, host):
        ns = self.ns(host)
        self._record("netns", name=ns)
        if not Path("/run/netns", ns).exists():
            _sh(["ip", "netns", "add", ns])
        self._ipn(host, "link", "set", "lo", "up")
        # No duplicate address detection: an interface's IPv6 link-local address is then
        # final when its link comes up, inside up(), not a second or two later. A late address
        # change reaches every process of the namespace that watches them: Chromium's answer
        # is to fail its connections still opening (net::ERR_NETWORK_CHANGED), which left the
        # dashboard test's page without its scripts now and then.
        self._exec(host, "sysctl", "-q", "-w", "net.ipv6.conf.all.accept_dad=0",
                   "net.ipv6.conf.default.accept_dad=0")

    def _sysctls(self, host, strict):
        """Applies the defaults' and the host's sysctls. The first pass (before the links
        exist) sets the all/default keys that new interfaces inherit; interface keys that
        do not exist yet are set by the strict second pass."""
        sysctls = {**(self.defaults.get("sysctls") or {}), **(self.hosts[host].get("sysctls") or {})}
        if not sysctls:
            return
        args = [f"{k}={int(v) if isinstance(v, bool) else v}" for k, v in sysctls.items()]
        p = self._exec(host, "sysctl", "-q", "-w", *args, check=False)
        if strict and p.returncode != 0:
            raise LabError(f"{self.ns(host)}: sysctl {' '.join(args)}: {p.stderr.strip()}")

    def _make_bridge(self, host, name):
        if self._ipn(host, "link", "show", name, check=False).returncode != 0:
            self._ipn(host, "link", "add", name, "type", "bridge", "stp_state", "0",
                      "forward_delay", "0", "mcast_snooping", "0")
        self._ipn(host, "link", "set", name, "up")

    def _make_link(self, l):
        a, b = l.a, l.b
        if self._ipn(a.host, "link", "show", a.ifname, check=False).returncode != 0:
            q = ["numtxqueues", str(l.queues), "numrxqueues", str(l.queues)]
            _sh(["ip", "link", "add", "name", a.ifname, *q, "netns", self.ns(a.host), "type", "veth",
                 "peer", "name", b.ifname, *q, "netns", self.ns(b.host)])
        for e in (a, b):
            if e.mtu:
                self._ipn(e.host, "link", "set", e.ifname, "mtu", str(e.mtu))
            if e.mac:
                self._ipn(e.host, "link", "set", e.ifname, "address", e.mac)
            if e.bridge:
                self._ipn(e.host, "link", "set", e.ifname, "master", e.bridge)
            if l.dpdk:
                self._exec(e.host, "ethtool", "-K", e.ifname, *DPDK_OFFLOADS_OFF)
            if e.dpdk:
                # No kernel address at all, not even a link-local one: the forwarder owns it.
                self._exec(e.host, "sysctl", "-q", "-w", f"net.ipv6.conf.{e.ifname}.disable_ipv6=1")
            for addr in e.addrs:
                self._addr(e.host, e.ifname, addr)
            self._ipn(e.host, "link", "set", e.ifname, "up")
            if e.rate is not None:
                self.set_rate(e.host, e.ifname, e.rate, shaper=e.shaper, burst=e.burst)

    def _addr(self, host, dev, addr):
        extra = ["nodad"] if ipaddress.ip_interface(addr).version == 6 else []
        self._ipn(host, "addr", "replace", addr, "dev", dev, *extra)

    def _routes(self, host):
        for r in self.hosts[host].get("routes") or []:
            to = str(r["to"])
            hops = r.get("nexthops") or []
            gws = [str(h["via"]) for h in hops] + ([str(r["via"])] if "via" in r else [])
            v6 = r.get("family") == 6 or ":" in to or any(":" in g for g in gws)
            args = ["-6" if v6 else "-4", "route", "replace", to]
            for key in ("table", "metric", "src", "proto"):
                if key in r:
                    args += [key, str(r[key])]
            for h in hops:
                args += ["nexthop", "via", str(h["via"])]
                if "dev" in h:
                    args += ["dev", str(h["dev"])]
                args += ["weight", str(h.get("weight", 1))]
            if not hops:
                if "via" in r:
                    args += ["via", str(r["via"])]
                if "dev" in r:
                    args += ["dev", str(r["dev"])]
                if r.get("onlink"):
                    args += ["onlink"]
            self._ipn(host, *args)

    def _rules(self, host):
        for r in self.hosts[host].get("rules") or []:
            sel = []
            for key in ("from", "to", "fwmark", "iif", "oif"):
                if key in r:
                    sel += [key, str(r[key])]
            fam = ["-6"] if any(":" in str(r.get(k, "")) for k in ("from", "to")) else ["-4"]
            args = [*sel, "lookup", str(r["table"])]
            if "priority" in r:
                args += ["priority", str(r["priority"])]
            # Delete then add: ip rule add would happily add a duplicate.
            while self._ipn(host, *fam, "rule", "del", *args, check=False).returncode == 0:
                pass
            self._ipn(host, *fam, "rule", "add", *args)

    # ------------------------------------------------------------------------------------
    # Bandwidth caps

    def set_rate(self, host, ifname, rate, shaper=None, burst=None):
        """Caps what a host's interface sends (its egress) at rate, with tc HTB (default) or
        TBF. rate is tc syntax ("100mbit"). Replaces any earlier cap."""
        bits = _rate_bits(rate)
        shaper = shaper or self.defaults.get("shaper", "htb")
        # At least one 64 KiB GSO frame plus 10 ms worth of the rate.
        burst = str(burst or int(max(bits / 8 / 100, 0) + 70000))
        dev = ["dev", ifname]
        if shaper == "tbf":
            self._exec(host, "tc", "qdisc", "replace", *dev, "root", "tbf", "rate", str(int(bits)),
                       "burst", burst, "latency", "100ms")
        elif shaper == "htb":
            # HTB cannot "change" itself: keep an existing root HTB and replace its class.
            root = self._exec(host, "tc", "qdisc", "show", *dev, "root").stdout
            if not root.startswith("qdisc htb 1:"):
                self._exec(host, "tc", "qdisc", "replace", *dev, "root", "handle", "1:", "htb",
                           "default", "1")
            self._exec(host, "tc", "class", "replace", *dev, "parent", "1:", "classid", "1:1", "htb",
                       "rate", str(int(bits)), "ceil", str(int(bits)), "burst", burst, "cburst", burst)
        else:
            raise LabError(f"{host}:{ifname}: shaper {shaper!r}: want htb or tbf")

    def clear_rate(self, host, ifname):
        """Removes a cap set by set_rate (the interface gets its default qdisc back)."""
        self._exec(host, "tc", "qdisc", "del", "dev", ifname, "root", check=False)

    def set_link_rate(self, host, ifname, rate, shaper=None):
        """Caps both directions of the veth that host:ifname is one end of."""
        self.set_rate(host, ifname, rate, shaper)
        self.set_rate(*self.peer(host, ifname), rate, shaper)

    def clear_link_rate(self, host, ifname):
        self.clear_rate(host, ifname)
        self.clear_rate(*self.peer(host, ifname))

    # ------------------------------------------------------------------------------------
    # Link delay (lab/netdelay.py: NFQUEUE delay line, since the kernel has no netem or fq)

    def set_delay(self, host, ifname, ms):
        """Delays every packet host receives on ifname by ms (0 removes the delay)."""
        _netdelay().set_delay(self, host, ifname, ms)

    def clear_delay(self, host, ifname):
        _netdelay().clear_delay(self, host, ifname)

    # ------------------------------------------------------------------------------------
    # Processes

    def argv(self, host, cmd):
        """The command line that runs cmd (a list, or a string for sh -c) in a host, for
        callers that need their own subprocess (pipes, for instance)."""
        if isinstance(cmd, str):
            cmd = ["sh", "-c", cmd]
        return ["ip", "netns", "exec", self.ns(host), *[str(c) for c in cmd]]

    _argv = argv

    def run(self, host, cmd, check=True, timeout=60, input=None):
        """Runs cmd (a list, or a string for sh -c) in a host and returns the
        CompletedProcess with text stdout and stderr; check raises LabError on failure."""
        return _sh(self._argv(host, cmd), check=check, timeout=timeout, input=input)

    def popen(self, host, cmd, name=None, env=None, cwd=None):
        """Starts cmd in a host in the background, its output to a log file. The process is
        tracked (and recorded in the state file) and killed by down(). The returned Popen
        has .name and .log_path."""
        self.logdir.mkdir(parents=True, exist_ok=True)
        name = name or f"{host}-{Path(str(cmd[0] if not isinstance(cmd, str) else 'sh')).name}"
        base, n = name, 1
        while any(p.name == name for p in self.procs):
            n += 1
            name = f"{base}.{n}"
        log_path = self.logdir / f"{name}.log"
        with open(log_path, "wb") as log:
            p = subprocess.Popen(self._argv(host, cmd), stdout=log, stderr=subprocess.STDOUT,
                                 stdin=subprocess.DEVNULL, start_new_session=True,
                                 env=env, cwd=cwd)
        p.name, p.log_path, p.host = name, log_path, host
        self.procs.append(p)
        st = self._state()
        st.setdefault("procs", []).append({"pid": p.pid, "start": _proc_start(p.pid), "host": host,
                                           "name": name})
        self._save(st)
        return p

    def logs(self):
        """The output of every process popen started, by name."""
        out = {}
        for p in self.procs:
            try:
                out[p.name] = p.log_path.read_text(errors="replace")
            except OSError as e:
                out[p.name] = f"(no log: {e})"
        return out

    def stop(self, p, timeout=3):
        """Stops one process popen started: SIGTERM to its group, SIGKILL after timeout."""
        _kill_group(p.pid, timeout)
        try:
            p.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            pass

    # ------------------------------------------------------------------------------------
    # down, status, context manager

    def down(self, keep_logs=False):
        """Kills the processes, removes every namespace up made (and any other with the
        prefix), the state file and, unless keep_logs, the logs."""
        for p in self.procs:
            self.stop(p)
        self.procs = []
        teardown(self.prefix, keep_logs=keep_logs)

    def status(self):
        """What exists now: per host, whether its namespace exists, its addresses and the
        processes inside it."""
        out = {}
        for host in self.hosts:
            ns = self.ns(host)
            exists = Path("/run/netns", ns).exists()
            entry = {"ns": ns, "exists": exists}
            if exists:
                entry["addrs"] = _sh(["ip", "-n", ns, "-br", "addr"], check=False).stdout.strip()
                entry["pids"] = _netns_pids(ns)
            out[host] = entry
        return out

    def __enter__(self):
        try:
            return self.up()
        except BaseException:
            self.down()
            raise

    def __exit__(self, *exc):
        self.down()
        return False


# ---------------------------------------------------------------------------------------
# Teardown and leftovers, by prefix alone (they work after a crash, without the YAML)


def _netdelay():
    """lab/netdelay.py, imported on first use (it lives next to this file)."""
    here = str(Path(__file__).resolve().parent)
    if here not in sys.path:
        sys.path.insert(0, here)
    import netdelay
    return netdelay


def unavailable():
    """Why the lab cannot run on this machine, or None."""
    if os.geteuid() != 0:
        return "the lab needs root (network namespaces, veth, tc)"
    try:
        p = subprocess.run(["ip", "netns", "list"], capture_output=True, text=True)
    except FileNotFoundError:
        return "iproute2 ('ip') is not installed"
    if p.returncode != 0:
        return f"'ip netns' does not work here: {p.stderr.strip()}"
    if yaml is None:
        return "python3 yaml is missing (scripts/deps.sh installs it)"
    return None


def main(argv=None):
    argv = sys.argv[1:] if argv is None else list(argv)
    cmd = []
    if "--" in argv:
        i = argv.index("--")
        argv, cmd = argv[:i], argv[i + 1:]
    ap = argparse.ArgumentParser(prog="topo.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("action", choices=["up", "down", "status", "exec"])
    ap.add_argument("topology", nargs="?", help="topology YAML file")
    ap.add_argument("host", nargs="?", help="exec: the host to run in (then -- CMD...)")
    ap.add_argument("--prefix", help="name prefix (default: the file name)")
    args = ap.parse_args(argv)
    try:
        if args.action == "down" and not args.topology:
            if not args.prefix:
                ap.error("down needs a topology file or --prefix")
            teardown(args.prefix)
            print(f"down: {args.prefix}")
            return 0
        if not args.topology:
            ap.error(f"{args.action} needs a topology file")
        topo = Topology.load(args.topology, prefix=args.prefix)
        if args.action == "up":
            t0 = time.monotonic()
            topo.up()
            first = next(iter(topo.hosts))
            print(f"up: {topo.prefix}: {len(topo.hosts)} namespaces, {len(topo.links)} links "
                  f"in {time.monotonic() - t0:.1f}s; try: ip netns exec {topo.ns(first)} ip addr")
        elif args.action == "down":
            topo.down()
            print(f"down: {topo.prefix}")
        elif args.action == "status":
            for host, st in topo.status().items():
                state = "up" if st["exists"] else "absent"
                pids = f"  pids {st['pids']}" if st.get("pids") else ""
                print(f"{host:10} {st['ns']:24} {state}{pids}")
                for line in (st.get("addrs") or "").splitlines():
                    print(f"{'':12}{line}")
        elif args.action == "exec":
            if not args.host or not cmd:
                ap.error("exec needs HOST -- CMD...")
            return subprocess.call(topo.argv(args.host, cmd))
    except LabError as e:
        print(f"topo.py: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
