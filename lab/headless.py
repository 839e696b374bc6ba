"""A headless Chromium driven over the DevTools protocol, for tests of the web dashboard.

    b = headless.Browser(topo.argv("rtr", []), profile_dir, log_path)
    b.goto("https://127.0.0.1:8443/ui/")
    b.wait("document.querySelector('#login-form') !== null", "login form")
    b.screenshot("page.png")
    b.close()

The protocol runs over a pipe (--remote-debugging-pipe: commands on the browser's fd 3,
replies on its fd 4, JSON messages ended by a NUL byte), so no port is opened and no
websocket library is needed. The browser runs in the namespace whose `ip netns exec` prefix
it is given, trusts any TLS certificate (the lab's CA is its own) and keeps its profile in
profile_dir.
"""

from __future__ import annotations

import base64
import collections
import fcntl
import json
import os
import select
import shutil
import signal
import subprocess
import time
from pathlib import Path


def find_chromium():
    """The Chromium binary (Debian's `chromium`), or None."""
    for name in ("chromium", "chromium-browser", "google-chrome"):
        p = shutil.which(name)
        if p:
            return p
    return None


class BrowserError(Exception):
    pass


class Browser:
    def __init__(self, prefix, profile_dir, log_path, size=(1280, 1000)):
        exe = find_chromium()
        if exe is None:
            raise BrowserError("chromium is not installed")
        Path(profile_dir).mkdir(parents=True, exist_ok=True)
        cmd_r, self._w = os.pipe()    # our commands: the browser reads them on fd 3
        self._r, res_w = os.pipe()    # its replies: written on fd 4
        # bash puts the pipe ends on 3 and 4 (dash takes no fd above 9); above 10 they cannot
        # collide with them.
        cr, rw = (fcntl.fcntl(fd, fcntl.F_DUPFD, 10) for fd in (cmd_r, res_w))
        os.close(cmd_r)
        os.close(res_w)
        argv = [*prefix, "bash", "-c", f'exec "$0" "$@" 3<&{cr} 4>&{rw} {cr}<&- {rw}>&-', exe,
                "--headless=new", "--no-sandbox", "--remote-debugging-pipe", "--disable-gpu",
                "--ignore-certificate-errors", "--no-first-run", "--no-default-browser-check",
                "--disable-extensions", "--disable-background-networking", "--disable-sync",
                f"--user-data-dir={profile_dir}", f"--window-size={size[0]},{size[1]}",
                "about:blank"]
        with open(log_path, "wb") as log:
            self.proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=log,
                                         stderr=subprocess.STDOUT, pass_fds=(cr, rw),
                                         start_new_session=True)
        os.close(cr)
        os.close(rw)
        self.log_path = log_path
        self._buf = b""
        self._id = 0
        # The page's latest console messages, uncaught exceptions and failed requests (the
        # Runtime and Log events), kept for a failed wait to show.
        self.events = collections.deque(maxlen=50)
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.send("Target.attachToTarget",
                                 {"targetId": target, "flatten": True})["sessionId"]
        self.page("Runtime.enable")
        self.page("Log.enable")

    def send(self, method, params=None, session=None, timeout=20.0):
        """Sends one command (to the page's session when given) and returns its result."""
        self._id += 1
        msg = {"id": self._id, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        os.write(self._w, json.dumps(msg).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            reply = self._read(deadline, method)
            if reply.get("id") != self._id:
                self._keep_event(reply)
                continue  # an event, or a late reply
            if "error" in reply:
                raise BrowserError(f"{method}: {reply['error']}")
            return reply.get("result", {})

    KEPT_EVENTS = {"Runtime.exceptionThrown", "Runtime.consoleAPICalled", "Log.entryAdded"}

    def _keep_event(self, msg):
        if msg.get("method") in self.KEPT_EVENTS:
            self.events.append(msg)

    def _read(self, deadline, what):
        while b"\0" not in self._buf:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self._r], [], [], left)[0]:
                raise BrowserError(f"{what}: no answer from chromium (log: {self.log_path})")
            chunk = os.read(self._r, 1 << 20)
            if not chunk:
                raise BrowserError(f"{what}: chromium exited (log: {self.log_path})")
            self._buf += chunk
        msg, self._buf = self._buf.split(b"\0", 1)
        return json.loads(msg)

    def page(self, method, params=None, timeout=20.0):
        return self.send(method, params, session=self.session, timeout=timeout)

    def goto(self, url):
        self.page("Page.navigate", {"url": url})

    def eval(self, expr):
        """The value of a JavaScript expression in the page (promises awaited)."""
        r = self.page("Runtime.evaluate", {"expression": expr, "returnByValue": True,
                                           "awaitPromise": True})
        if "exceptionDetails" in r:
            raise BrowserError(f"{expr}: {r['exceptionDetails'].get('exception', r['exceptionDetails'])}")
        return r["result"].get("value")

    def wait(self, expr, what, timeout=20.0):
        """Polls expr until it is truthy and returns its value; raises naming what, with
        the page's text, after timeout seconds."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                v = self.eval(expr)
            except BrowserError:
                v = None  # the page is loading: its globals are not there yet
            if v:
                return v
            if time.monotonic() > deadline:
                text = self.eval("document.body ? document.body.innerText : ''")
                raise AssertionError(f"timed out: {what}\n--- the page shows:\n{text}\n"
                                     f"--- the page's state:\n{self.diagnosis()}")
            time.sleep(0.1)

    def diagnosis(self):
        """What a failed wait reports beside the page's text: the document's load state, each
        resource it fetched and when that fetch ended, and the console's messages, uncaught
        exceptions and failed requests."""
        try:
            state = self.eval("JSON.stringify({url: location.href, readyState: document.readyState, "
                              "resources: performance.getEntriesByType('resource').map(e => "
                              "[e.name, Math.round(e.startTime), Math.round(e.responseEnd), "
                              "e.responseStatus])})")
        except BrowserError as e:
            state = f"(not readable: {e})"
        lines = [state]
        for ev in self.events:
            p = ev.get("params", {})
            if ev["method"] == "Log.entryAdded":
                e = p.get("entry", {})
                lines.append(f"log {e.get('level')} {e.get('source')}: {e.get('text')} {e.get('url', '')}")
            elif ev["method"] == "Runtime.exceptionThrown":
                d = p.get("exceptionDetails", {})
                lines.append(f"exception: {d.get('exception', {}).get('description') or d.get('text')}")
            else:
                args = " ".join(str(a.get("value", a.get("description", ""))) for a in p.get("args", []))
                lines.append(f"console {p.get('type')}: {args}")
        return "\n".join(lines)

    def type_text(self, text):
        """Types text into the focused element, as a keyboard would."""
        self.page("Input.insertText", {"text": text})

    def screenshot(self, path):
        data = self.page("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True})["data"]
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        Path(path).write_bytes(base64.b64decode(data))

    def close(self):
        try:
            self.send("Browser.close", timeout=3)
        except (BrowserError, OSError):
            pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self.proc.wait(timeout=5)
        for fd in (self._r, self._w):
            try:
                os.close(fd)
            except OSError:
                pass
