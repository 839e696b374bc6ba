"""Debian's Prometheus in a lab host, scraping hvlb with the shipped alert rules, for the
operations tests (tests/e2e/test_operations.py, tests/e2e/test_operations_alerts.py).

    prom = promlab.Prometheus(topo, "rtr", tmp / "prom", controllers=["10.2.0.1:8443"],
                              agents=["10.3.0.2:9465"], ca=certs / "ca.pem")
    prom.query('up{job="hvlb-agent"}')                 # the HTTP API's instant query
    promlab.wait_firing(prom, {"lag": ("HvlbConfigLag", {"forwarder": "fwd-1"})}, t0)
    prom.stop()

The rules are packaging/prometheus/hvlb-rules.yml with their `for:` cut to 2 s and their rate
windows to 30 s (rules_for_test), so an alert fires seconds after its cause and a rate alert
stays up for 30 s after its counter stops moving: long enough to be seen by a test that polls.
"""

from __future__ import annotations

import json
import re
import shutil
import time
from pathlib import Path
from urllib.parse import quote

import labtools
from freeport import free_port

PROMETHEUS = shutil.which("prometheus")
RULES = labtools.REPO / "packaging" / "prometheus" / "hvlb-rules.yml"


def rules_for_test(text):
    """The shipped rules with seconds for minutes: `for:` 2 s, rate windows 30 s."""
    text = re.sub(r"(\n\s+for:) \S+", r"\1 2s", text)
    return re.sub(r"\[\d+m\]", "[30s]", text)


def alert_names():
    """Every alert the shipped rules define."""
    return set(re.findall(r"- alert: (\w+)", RULES.read_text()))


class Prometheus:
    """Prometheus in a lab host, on a free loopback port, with a scratch config and store.

    controllers ("addr:port", HTTPS with the CA ca) are the job hvlb-controller, agents
    ("addr:port", plain HTTP) the job hvlb-agent, as docs/operations.md names them. Both are
    scraped every scrape_interval, waiting at most scrape_timeout (a controller that cannot
    reach etcd takes up to 5 s to answer: a test that wants its metrics then, rather than a
    failed scrape, gives more)."""

    def __init__(self, topo, host, workdir, controllers, agents, ca, scrape_interval="1s",
                 scrape_timeout="1s"):
        self.topo, self.host = topo, host
        self.port = free_port()
        workdir = Path(workdir)
        workdir.mkdir(parents=True, exist_ok=True)
        (workdir / "hvlb-rules.yml").write_text(rules_for_test(RULES.read_text()))
        config = {
            "global": {"scrape_interval": scrape_interval, "scrape_timeout": scrape_timeout,
                       "evaluation_interval": "1s"},
            "rule_files": [str(workdir / "hvlb-rules.yml")],
            "scrape_configs": [
                {"job_name": "hvlb-controller", "scheme": "https", "tls_config": {"ca_file": str(ca)},
                 "static_configs": [{"targets": list(controllers)}]},
                {"job_name": "hvlb-agent", "static_configs": [{"targets": list(agents)}]},
            ],
        }
        config["scrape_configs"] = [j for j in config["scrape_configs"] if j["static_configs"][0]["targets"]]
        (workdir / "prometheus.yml").write_text(json.dumps(config))  # YAML is a superset of JSON
        self.proc = topo.popen(host, [
            PROMETHEUS, f"--config.file={workdir / 'prometheus.yml'}",
            f"--storage.tsdb.path={workdir / 'data'}", f"--web.listen-address=127.0.0.1:{self.port}",
            "--storage.tsdb.retention.time=1h", "--log.level=warn"], name="prometheus")
        labtools.wait_until(lambda: self._get("/-/ready", raw=True) is not None, "prometheus ready", timeout=30)

    def _get(self, path, raw=False):
        p = self.topo.run(self.host, ["curl", "-sS", "-f", "-m", "5", "-g",
                                      f"http://127.0.0.1:{self.port}{path}"], check=False)
        if p.returncode != 0:
            return None
        return p.stdout if raw else json.loads(p.stdout)["data"]

    def names(self):
        return set(self._get("/api/v1/label/__name__/values") or ())

    def query(self, expr):
        return (self._get(f"/api/v1/query?query={quote(expr)}") or {}).get("result", [])

    def targets(self):
        return (self._get("/api/v1/targets") or {}).get("activeTargets", [])

    def alerts(self, state="firing"):
        return [a for a in (self._get("/api/v1/alerts") or {}).get("alerts", []) if a["state"] == state]

    def firing(self, name, **labels):
        """The firing alerts called name whose labels include labels."""
        return [a for a in self.alerts() if a["labels"].get("alertname") == name
                and all(a["labels"].get(k) == v for k, v in labels.items())]

    def firing_of(self, names):
        """The labels of the firing alerts whose name is in names."""
        return [a["labels"] for a in self.alerts() if a["labels"].get("alertname") in names]

    def stop(self):
        self.topo.stop(self.proc)


def wait_quiet(prom, names, what, timeout=20):
    """Waits until no alert of names fires (a condition that held while the lab came up, a
    forwarder a version behind for a moment, has gone); raises AssertionError with those
    still firing."""
    try:
        labtools.wait_until(lambda: not prom.firing_of(names), f"no alert of {what} firing",
                            timeout=timeout, interval=0.5)
    except labtools.LabError:
        raise AssertionError(f"firing in {what}: {prom.firing_of(names)}") from None


def wait_firing(prom, expect, since, timeout=40):
    """Waits until every alert of expect ({what: (alertname, labels)}) has been seen firing
    (each is noted the first time it is, so one that fires and ends meanwhile counts); prints
    how long each took after since (time.monotonic()). Raises AssertionError naming those
    never seen, with the alerts firing then."""
    took = {}

    def all_seen():
        firing = prom.alerts()
        for what, (name, labels) in expect.items():
            if what not in took and any(a["labels"].get("alertname") == name and
                                        all(a["labels"].get(k) == v for k, v in labels.items())
                                        for a in firing):
                took[what] = time.monotonic() - since
        return len(took) == len(expect)
    try:
        labtools.wait_until(all_seen, "the alerts firing", timeout=timeout, interval=0.5)
    except labtools.LabError:
        raise AssertionError(f"not firing: {sorted(set(expect) - set(took))}; firing: "
                             f"{[a['labels'] for a in prom.alerts()]}") from None
    for what, s in sorted(took.items(), key=lambda kv: kv[1]):
        print(f"alert {expect[what][0]} ({what}) firing {s:.1f} s after the cause")
