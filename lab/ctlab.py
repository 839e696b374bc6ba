"""Running the control plane (hvlb-controller, hvlb-agent, hvlbctl) inside a lab topology.

    cp = ctlab.ControlPlane(topo, fwd_sock, host="rtr")
    cp.start()                      # certificates, controller, agent
    cp.ctl("vs", "add", "tcp", "10.100.0.1:80", "--real", "10.1.0.11:80:100")
    cp.restart_controller(); cp.restart_agent()

Both run in one namespace of the topology (by default the router, which reaches the NF
segment for health checks), talking over that namespace's loopback with TLS and mutual TLS
from `hvlbctl certs init` (the agent with its forwarder's own certificate: `--agent ID`,
agent-ID.pem); nothing is ever sent outside the topology. The controller's store, the
certificates and the logs live in the topology's log directory and go with it.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import labtools

BIN = labtools.BIN
REST = "127.0.0.1:8443"
GRPC = "127.0.0.1:9443"


class ControlPlane:
    def __init__(self, topo, fwd_sock, host="rtr", fwd_id="fwd-a", report_interval="1s",
                 controller_args=(), agent_args=()):
        self.topo, self.fwd_sock, self.host, self.fwd_id = topo, fwd_sock, host, fwd_id
        self.report_interval = report_interval
        # Extra flags, e.g. ("--nf-scrape-interval", "1s") or ("--probe-interval", "250ms").
        self.controller_args, self.agent_args = list(controller_args), list(agent_args)
        self.dir = Path(topo.logdir) / "controlplane"
        self.certs = self.dir / "certs"
        self.db = self.dir / "controller.db"
        self.controller = self.agent = None

    def start(self):
        self.dir.mkdir(parents=True, exist_ok=True)
        self.topo.run(self.host, [BIN / "hvlbctl", "certs", "init", "--dir", self.certs,
                                  "--hosts", "127.0.0.1,localhost", "--agent", self.fwd_id])
        self.start_controller()
        self.start_agent()
        self.wait_forwarder()
        return self

    def start_controller(self):
        c = self.certs
        self.controller = self.topo.popen(self.host, [
            BIN / "hvlb-controller", "--listen", REST, "--grpc-listen", GRPC, "--db", self.db,
            "--tokens-file", c / "tokens", "--tls-cert", c / "controller.pem",
            "--tls-key", c / "controller-key.pem", "--client-ca", c / "ca.pem",
            "--report-timeout", "5s", *self.controller_args], name="controller")
        labtools.wait_until(lambda: self.ctl("version", check=False).returncode == 0,
                            "controller")

    def start_agent(self):
        c = self.certs
        self.agent = self.topo.popen(self.host, [
            BIN / "hvlb-agent", "--controller", GRPC, "--id", self.fwd_id,
            "--fwd-socket", self.fwd_sock, "--cert", c / f"agent-{self.fwd_id}.pem",
            "--key", c / f"agent-{self.fwd_id}-key.pem",
            "--ca", c / "ca.pem", "--report-interval", self.report_interval,
            "--resync-interval", "1s", *self.agent_args], name="agent")

    def restart_controller(self, down_s=1.0):
        self.topo.stop(self.controller)
        time.sleep(down_s)
        self.start_controller()

    def restart_agent(self, down_s=1.0):
        self.topo.stop(self.agent)
        time.sleep(down_s)
        self.start_agent()

    def ctl(self, *args, check=True, json_out=False):
        """Runs hvlbctl in the control plane's namespace; with json_out, returns its JSON."""
        argv = [BIN / "hvlbctl", "--server", f"https://{REST}", "--certs", self.certs]
        if json_out:
            argv += ["-o", "json"]
        p = self.topo.run(self.host, [*argv, *args], check=check)
        return json.loads(p.stdout) if json_out else p

    def wait_forwarder(self, timeout=20):
        def ready():
            p = self.ctl("fr", "list", "-o", "json", check=False)
            return p.returncode == 0 and self.fwd_id in p.stdout and "ready" in p.stdout
        labtools.wait_until(ready, f"forwarder {self.fwd_id} ready at the controller", timeout)
