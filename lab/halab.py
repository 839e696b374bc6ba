"""A highly available control plane in a lab topology: a 3-member etcd cluster and three
hvlb-controllers on it (one of each per controller host), and the agent with all three.

    g = halab.Group(topo, fwd_sock).start()    # certificates, etcd, controllers, agent
    g.leader()                                  # "ctl1": the host whose controller leads
    g.ctl("vs", "list")                         # hvlbctl with --server listing all three
    g.kill_controller("ctl1"); g.start_controller("ctl1")
    g.isolate("ctl2"); g.reconnect("ctl2")      # its link down / up

The topology is lab/topologies/ha.yaml (meta.controllers: host -> address). etcd serves its
clients over TLS with etcd.pem and asks them for a certificate (the controllers present
etcd-client.pem; all from `hvlbctl certs init`, as docs/controller.md says); the members talk to each other in plain HTTP on the lab's own segment.
Data, certificates and logs live in the topology's log directory and go with it.
"""

from __future__ import annotations

import json
import signal
from datetime import datetime
import os
import time
from pathlib import Path

import labtools

BIN = labtools.BIN
ETCD = Path("/usr/bin/etcd")
REST_PORT, GRPC_PORT, ETCD_PORT, PEER_PORT = 8443, 9443, 2379, 2380


def log_times(path, what):
    """The wall-clock times (seconds since the epoch) of the lines of a Go component's log
    (logfmt, `time=2026-...Z`) that contain what."""
    out = []
    for line in Path(path).read_text().splitlines():
        if what in line and line.startswith("time="):
            stamp = line.split()[0][len("time="):].replace("Z", "+00:00")
            out.append(datetime.fromisoformat(stamp).timestamp())
    return out


class Group:
    def __init__(self, topo, fwd_sock, agent_host="rtr", fwd_id="fwd-a", leader_ttl="3s",
                 report_interval="1s", agent_order=None, controllers=None):
        """agent_order: the controller hosts in the order the agent lists them (default: the
        topology's, the leader first); controllers: the hosts that run an etcd member and a
        controller (default: every one of the topology's; ["ctl1"]: a group of one)."""
        self.topo, self.fwd_sock, self.agent_host, self.fwd_id = topo, fwd_sock, agent_host, fwd_id
        self.leader_ttl, self.report_interval = leader_ttl, report_interval
        self.hosts = {h: a for h, a in topo.meta["controllers"].items()
                      if controllers is None or h in controllers}  # host -> address
        self.agent_order = list(agent_order or self.hosts)
        self.dir = Path(topo.logdir) / "hagroup"
        self.certs = self.dir / "certs"
        self.etcd, self.controllers, self.agent = {}, {}, None

    # -- addresses ---------------------------------------------------------------------

    def etcd_endpoints(self):
        return ",".join(f"https://{a}:{ETCD_PORT}" for a in self.hosts.values())

    def servers(self):
        return ",".join(f"https://{a}:{REST_PORT}" for a in self.hosts.values())

    def grpc_addrs(self):
        return ",".join(f"{self.hosts[h]}:{GRPC_PORT}" for h in self.agent_order)

    def name(self, host):
        """The controller's --name in the group (what the API shows as a forwarder's
        controller)."""
        return f"https://{self.hosts[host]}:{REST_PORT}"

    # -- start ---------------------------------------------------------------------------

    def start(self):
        self.dir.mkdir(parents=True, exist_ok=True)
        hosts = ",".join(["127.0.0.1", "localhost", *self.hosts.values()])
        self.topo.run(self.agent_host, [BIN / "hvlbctl", "certs", "init", "--dir", self.certs,
                                        "--hosts", hosts, "--agent", self.fwd_id])
        for h in self.hosts:
            self.start_etcd(h)
        labtools.wait_until(self.etcd_healthy, "etcd cluster healthy", 30)
        # The first controller leads (it is alone when it starts); the agent lists it first
        # unless agent_order says otherwise, so a test that kills the leader knows the agent
        # was on it.
        first, *rest = self.hosts
        self.start_controller(first)
        labtools.wait_until(lambda: self.role(first) == "leader", f"{first} leads", 20)
        for h in rest:
            self.start_controller(h)
        self.start_agent()
        self.wait_forwarder()
        return self

    def start_etcd(self, host):
        a, c = self.hosts[host], self.certs
        cluster = ",".join(f"{h}=http://{ip}:{PEER_PORT}" for h, ip in self.hosts.items())
        self.etcd[host] = self.topo.popen(host, [
            ETCD, "--name", host, "--data-dir", self.dir / f"etcd-{host}",
            "--listen-client-urls", f"https://{a}:{ETCD_PORT}", "--advertise-client-urls", f"https://{a}:{ETCD_PORT}",
            "--listen-peer-urls", f"http://{a}:{PEER_PORT}", "--initial-advertise-peer-urls", f"http://{a}:{PEER_PORT}",
            "--initial-cluster", cluster, "--initial-cluster-state", "new",
            "--initial-cluster-token", self.topo.prefix,
            "--cert-file", c / "etcd.pem", "--key-file", c / "etcd-key.pem",
            "--client-cert-auth", "--trusted-ca-file", c / "ca.pem",
            "--auto-compaction-mode", "revision", "--auto-compaction-retention", "10000",
            "--max-txn-ops", "1024",
            # A member cut off from the others and back must not depose the leader: without
            # pre-vote its elections while alone raise its term, and its return forces a new
            # election, the store unanswering meanwhile (docs/controller.md).
            "--pre-vote"], name=f"etcd-{host}")

    def etcdctl(self, host, *args, check=True):
        c = self.certs
        return self.topo.run(host, ["etcdctl", "--endpoints", f"https://{self.hosts[host]}:{ETCD_PORT}",
                                    "--cacert", c / "ca.pem", "--cert", c / "hvlbctl.pem",
                                    "--key", c / "hvlbctl-key.pem", "--command-timeout", "2s", *args],
                             check=check)

    def etcd_healthy(self):
        return all(self.etcdctl(h, "endpoint", "health", check=False).returncode == 0 for h in self.hosts)

    def start_controller(self, host):
        c = self.certs
        self.controllers[host] = self.topo.popen(host, [
            BIN / "hvlb-controller", "--listen", f":{REST_PORT}", "--grpc-listen", f":{GRPC_PORT}",
            "--etcd", self.etcd_endpoints(), "--etcd-cert", c / "etcd-client.pem",
            "--etcd-key", c / "etcd-client-key.pem", "--etcd-ca", c / "ca.pem",
            "--name", self.name(host), "--leader-ttl", self.leader_ttl,
            "--tokens-file", c / "tokens", "--tls-cert", c / "controller.pem",
            "--tls-key", c / "controller-key.pem", "--client-ca", c / "ca.pem",
            "--report-timeout", "5s"], name=f"controller-{host}")
        labtools.wait_until(lambda: self.health(host) is not None, f"controller in {host}", 20)

    def start_agent(self):
        c = self.certs
        self.agent = self.topo.popen(self.agent_host, [
            BIN / "hvlb-agent", "--controller", self.grpc_addrs(), "--id", self.fwd_id,
            "--fwd-socket", self.fwd_sock, "--cert", c / f"agent-{self.fwd_id}.pem",
            "--key", c / f"agent-{self.fwd_id}-key.pem", "--ca", c / "ca.pem",
            "--report-interval", self.report_interval, "--resync-interval", "1s"], name="agent")

    # -- faults --------------------------------------------------------------------------

    def kill_controller(self, host):
        """SIGKILL: no resignation, the lease has to expire."""
        p = self.controllers[host]
        os.killpg(p.pid, signal.SIGKILL)
        p.wait(timeout=10)

    def pause(self, host):
        """SIGSTOP the controller: it hangs with every connection open (as on a host that
        vanished without resetting them)."""
        os.killpg(self.controllers[host].pid, signal.SIGSTOP)

    def resume(self, host):
        os.killpg(self.controllers[host].pid, signal.SIGCONT)

    def stop_controller(self, host):
        self.topo.stop(self.controllers[host])

    def isolate(self, host):
        self.topo.run(host, ["ip", "link", "set", "eth0", "down"])

    def reconnect(self, host):
        self.topo.run(host, ["ip", "link", "set", "eth0", "up"])

    # -- reading -------------------------------------------------------------------------

    def curl(self, host, path, token=False, timeout=4, post=None):
        """GETs path (POSTs the JSON text post) from the controller in host over its own
        loopback (which a cut link leaves up); returns (HTTP status, body) or None when it
        does not answer within timeout seconds (a controller cut off from etcd takes up to
        5 s to give up on a read)."""
        argv = ["curl", "-s", "-m", str(timeout), "--cacert", self.certs / "ca.pem", "-w", "\n%{http_code}"]
        if token:
            argv += ["-H", f"Authorization: Bearer {self.token()}"]
        if post is not None:
            argv += ["-X", "POST", "-H", "Content-Type: application/json", "--data", post]
        p = self.topo.run(host, [*argv, f"https://127.0.0.1:{REST_PORT}{path}"], check=False)
        if p.returncode != 0:
            return None
        body, _, code = p.stdout.rpartition("\n")
        return int(code), body

    def token(self):
        lines = (self.certs / "tokens").read_text().splitlines()
        return next(line.strip() for line in lines if line.strip() and not line.startswith("#"))

    def health(self, host):
        r = self.curl(host, "/healthz")
        return None if r is None else {"code": r[0], **json.loads(r[1])}

    def role(self, host):
        h = self.health(host)
        return h and h.get("role")

    def agent_controller(self):
        """The host of the controller the agent last registered with ("" before any)."""
        host = ""
        for line in self.agent.log_path.read_text().splitlines():
            if "msg=registered" in line:
                host = next((h for h, ip in self.hosts.items()
                             if f"controller_addr={ip}:{GRPC_PORT}" in line.split()), host)
        return host

    def leader(self):
        """The host whose controller says it leads ("" when none does), asking every
        controller that is running."""
        leaders = [h for h, p in self.controllers.items() if p.poll() is None and self.role(h) == "leader"]
        assert len(leaders) <= 1, f"two leaders: {leaders}"
        return leaders[0] if leaders else ""

    def metric(self, host, name):
        r = self.curl(host, "/metrics", timeout=10)
        if r is None:
            return None
        for line in r[1].splitlines():
            if line.startswith(name + " "):
                return float(line.split()[1])
        return None

    def get_json(self, host, path):
        """GET path from the controller in host with the token: the decoded body, or None
        unless it answers 200."""
        r = self.curl(host, path, token=True)
        return json.loads(r[1]) if r and r[0] == 200 else None

    def ctl(self, *args, check=True, json_out=False, host=None, via=None, order=None):
        """hvlbctl with every controller in --server (only via's, a host, when given; in the
        order of the hosts in order, when given), from the agent's host by default."""
        servers = (self.name(via) if via else
                   ",".join(self.name(h) for h in order) if order else self.servers())
        argv = [BIN / "hvlbctl", "--server", servers, "--certs", self.certs, "--timeout", "5s"]
        if json_out:
            argv += ["-o", "json"]
        p = self.topo.run(host or self.agent_host, [*argv, *args], check=check)
        return json.loads(p.stdout) if json_out else p

    def wait_forwarder(self, timeout=20):
        def ready():
            p = self.ctl("fr", "list", "-o", "json", check=False)
            return p.returncode == 0 and self.fwd_id in p.stdout and "ready" in p.stdout
        labtools.wait_until(ready, f"forwarder {self.fwd_id} ready", timeout)
