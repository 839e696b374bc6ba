#!/usr/bin/env python3
"""Schema-driven fuzz run of hvlb-controller's REST API.

Builds hvlb-controller and hvlbctl, writes certificates and a token with
`hvlbctl certs init`, starts the controller with TLS and bearer tokens on free local
ports (with an NFV-manager webhook that always accepts), and runs schemathesis against its
/openapi.json: every phase (examples, coverage, fuzzing, stateful through the document's
links). It fails on any 5xx, on a response that does not match the document, and on a
status or content type the document does not list.

    python3 tests/api_fuzz.py            # exit 0: clean; 1: failures; 77: skipped
    python3 -m pytest tests/api_fuzz.py  # the same as a test

Environment: HVLB_FUZZ_EXAMPLES (per operation, default 50), HVLB_FUZZ_SEED (default 1).
"""
import http.server
import os
import shutil
import ssl
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "lab"))
from freeport import free_port  # noqa: E402
CHECKS = "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance"
SKIP = 77


def find_go():
    return shutil.which("go") or ("/usr/local/go/bin/go" if os.path.exists("/usr/local/go/bin/go") else None)


def find_schemathesis():
    return shutil.which("schemathesis") or shutil.which("st")


class Hook(http.server.BaseHTTPRequestHandler):
    """The NFV manager: accepts every request for a new forwarder."""

    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        self.send_response(200)
        self.end_headers()

    def log_message(self, *args):
        pass


def wait_healthy(url, ctx, proc, timeout=20):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if proc.poll() is not None:
            raise RuntimeError("controller exited with %d" % proc.returncode)
        try:
            with urllib.request.urlopen(url + "/healthz", context=ctx, timeout=1) as r:
                if r.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError("controller not healthy after %d s" % timeout)


def missing():
    """Why the run cannot happen here, or None."""
    if find_go() is None:
        return "needs the Go toolchain (go on PATH or /usr/local/go/bin/go) to build hvlb-controller"
    if find_schemathesis() is None:
        return "needs schemathesis (pip install schemathesis, or make deps)"
    return None


def run():
    """Returns 0 when the run is clean, 1 on failures, SKIP when a tool is missing."""
    why = missing()
    if why is not None:
        print("api_fuzz: skipped:", why)
        return SKIP
    go, st = find_go(), find_schemathesis()
    tmp = tempfile.mkdtemp(prefix="hvlb-fuzz-")
    hook = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Hook)
    threading.Thread(target=hook.serve_forever, daemon=True).start()
    proc = None
    try:
        env = dict(os.environ, PATH=os.path.dirname(go) + os.pathsep + os.environ.get("PATH", ""))
        for cmd in ("hvlb-controller", "hvlbctl"):
            subprocess.run([go, "build", "-o", os.path.join(tmp, cmd), "./cmd/" + cmd], cwd=ROOT, env=env, check=True)
        certs = os.path.join(tmp, "certs")
        subprocess.run([os.path.join(tmp, "hvlbctl"), "certs", "init", "--dir", certs], check=True,
                       stdout=subprocess.DEVNULL)
        port, gport = free_port(), free_port()
        log = open(os.path.join(tmp, "controller.log"), "w")
        proc = subprocess.Popen([
            os.path.join(tmp, "hvlb-controller"),
            "--listen", "127.0.0.1:%d" % port, "--grpc-listen", "127.0.0.1:%d" % gport,
            "--db", os.path.join(tmp, "controller.db"),
            "--tokens-file", os.path.join(certs, "tokens"),
            "--tls-cert", os.path.join(certs, "controller.pem"),
            "--tls-key", os.path.join(certs, "controller-key.pem"),
            "--client-ca", os.path.join(certs, "ca.pem"),
            "--nfvm-webhook", "http://127.0.0.1:%d/hvlb" % hook.server_address[1],
        ], stdout=log, stderr=subprocess.STDOUT)
        url = "https://127.0.0.1:%d" % port
        ctx = ssl.create_default_context(cafile=os.path.join(certs, "ca.pem"))
        wait_healthy(url, ctx, proc)
        with open(os.path.join(certs, "tokens")) as f:
            token = next(line.strip() for line in f if line.strip() and not line.startswith("#"))
        cmd = [st, "run", url + "/openapi.json",
               "--tls-verify", os.path.join(certs, "ca.pem"),
               "-H", "Authorization: Bearer " + token,
               "--checks", CHECKS,
               "--max-examples", os.environ.get("HVLB_FUZZ_EXAMPLES", "50"),
               "--seed", os.environ.get("HVLB_FUZZ_SEED", "1"),
               "--workers", "1"]
        print("api_fuzz:", " ".join(c if not c.startswith("Authorization") else "Authorization: Bearer ..." for c in cmd))
        rc = subprocess.run(cmd, cwd=tmp).returncode
        if proc.poll() is not None:
            print("api_fuzz: the controller died; its log:")
            rc = 1
        if rc != 0:
            log.flush()
            with open(os.path.join(tmp, "controller.log")) as f:
                sys.stdout.write(f.read()[-20000:])
        return 0 if rc == 0 else 1
    finally:
        if proc is not None and proc.poll() is None:
            proc.terminate()
            proc.wait(10)
        hook.shutdown()
        shutil.rmtree(tmp, ignore_errors=True)


def test_api_fuzz():
    import pytest

    why = missing()
    if why is not None:
        pytest.skip(why)
    rc = run()
    assert rc == 0, "schemathesis found failures (see the output above)"


if __name__ == "__main__":
    sys.exit(run())
