"""Running the control plane (hvlb-controller, hvlb-agent, hvlbctl) inside a lab topology.

    cp = ctlab.ControlPlane(topo, fwd_sock, host="rtr")
    cp.start()                      # certificates, controller, agent
    cp.ctl("vs", "add", "tcp", "10.100.0.1:80", "--real", "10.1.0.11:80")
    cp.restart_controller(); cp.restart_agent()

By default both run in one namespace of the topology (the router, which reaches the NF
segment for health checks), talking over that namespace's loopback with TLS and mutual TLS
from `hvlbctl certs init` (the agent with its forwarder's own certificate: `--agent ID`,
agent-ID.pem); nothing is ever sent outside the topology. The controller's store, the
certificates and the logs live in the topology's log directory and go with it.

An agent can run elsewhere, beside its forwarder (a BGP speaker peers from there): give
agent_host, the controller's address the agent dials (controller_addr, which grpc_listen
and cert_hosts must cover), and, for more forwarders, their ids in agent_ids and
start_agent(fwd_id, fwd_sock, host, args) for each:

    cp = ctlab.ControlPlane(topo, fw.sock, agent_host="fwd", grpc_listen="10.8.0.1:9443",
                            controller_addr="10.8.0.1:9443", cert_hosts=["10.8.0.1"],
                            agent_args=["--bgp-local-as", "65001", ...]).start()
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
                 controller_args=(), agent_args=(), agent_host=None, grpc_listen=GRPC,
                 controller_addr=None, cert_hosts=(), agent_ids=()):
        self.topo, self.fwd_sock, self.host, self.fwd_id = topo, fwd_sock, host, fwd_id
        self.report_interval = report_interval
        # Extra flags, e.g. ("--nf-scrape-interval", "1s") or ("--probe-interval", "250ms").
        self.controller_args, self.agent_args = list(controller_args), list(agent_args)
        self.agent_host = agent_host or host
        self.grpc_listen, self.controller_addr = grpc_listen, controller_addr or grpc_listen
        self.cert_hosts = ["127.0.0.1", "localhost", *cert_hosts]
        self.agent_ids = [fwd_id, *agent_ids]
        self.dir = Path(topo.logdir) / "controlplane"
        self.certs = self.dir / "certs"
        self.db = self.dir / "controller.db"
        self.controller = self.agent = None
        self.agents = {}  # forwarder id -> its agent's process

    def start(self):
        self.dir.mkdir(parents=True, exist_ok=True)
        self.topo.run(self.host, [BIN / "hvlbctl", "certs", "init", "--dir", self.certs,
                                  "--hosts", ",".join(self.cert_hosts),
                                  "--agent", ",".join(self.agent_ids)])
        self.start_controller()
        self.start_agent()
        self.wait_forwarder()
        return self

    def start_controller(self):
        c = self.certs
        self.controller = self.topo.popen(self.host, [
            BIN / "hvlb-controller", "--listen", REST, "--grpc-listen", self.grpc_listen, "--db", self.db,
            "--tokens-file", c / "tokens", "--tls-cert", c / "controller.pem",
            "--tls-key", c / "controller-key.pem", "--client-ca", c / "ca.pem",
            "--report-timeout", "5s", *self.controller_args], name="controller")
        labtools.wait_until(lambda: self.ctl("version", check=False).returncode == 0,
                            "controller")

    def start_agent(self, fwd_id=None, fwd_sock=None, host=None, args=None):
        """Starts forwarder fwd_id's agent (by default the one this control plane was made
        for, with agent_args) and returns its process."""
        c = self.certs
        fwd_id = fwd_id or self.fwd_id
        args = self.agent_args if args is None else list(args)
        p = self.topo.popen(host or self.agent_host, [
            BIN / "hvlb-agent", "--controller", self.controller_addr, "--id", fwd_id,
            "--fwd-socket", fwd_sock or self.fwd_sock, "--cert", c / f"agent-{fwd_id}.pem",
            "--key", c / f"agent-{fwd_id}-key.pem",
            "--ca", c / "ca.pem", "--report-interval", self.report_interval,
            "--resync-interval", "1s", *args], name=f"agent-{fwd_id}" if fwd_id != self.fwd_id else "agent")
        self.agents[fwd_id] = p
        if fwd_id == self.fwd_id:
            self.agent = p
        return p

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

    def forwarder(self, fwd_id=None):
        """The forwarder as the controller shows it (hvlbctl fr show -o json)."""
        return self.ctl("fr", "show", fwd_id or self.fwd_id, json_out=True)

    def wait_forwarder(self, timeout=20, fwd_id=None):
        fwd_id = fwd_id or self.fwd_id

        def ready():
            p = self.ctl("fr", "show", fwd_id, "-o", "json", check=False)
            return p.returncode == 0 and json.loads(p.stdout).get("state") == "ready"
        labtools.wait_until(ready, f"forwarder {fwd_id} ready at the controller", timeout)
