"""End to end: the controller's web dashboard (/ui/, docs/dashboard.md) in headless Chromium.

The e2e bed of test_control_plane.py (forwarder, three NFs, controller and agent in the
router namespace); Chromium runs in the same namespace, logs in with the controller's token,
and the test checks that the pages show the running controller's live data, and changes
made through the API (hvlbctl) and by the NFs' health. Screenshots go to
tests/artifacts/dashboard/ (git-ignored).
"""

import json
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "lab"))

import headless  # noqa: E402
from test_control_plane import NFS, TOPO, VIP, Bed, curl_nf  # noqa: E402

if headless.find_chromium() is None:
    pytest.skip("chromium is not installed (scripts/deps.sh installs it)", allow_module_level=True)

ARTIFACTS = REPO / "tests" / "artifacts" / "dashboard"
SID = f"tcp-{VIP}-80"
UI = "https://127.0.0.1:8443/ui/"


@pytest.fixture
def bed(lab):
    return Bed(lab(TOPO))


@pytest.fixture
def browser(bed, request):
    logdir = Path(bed.topo.logdir)
    b = headless.Browser(bed.topo.argv(bed.cp.host, []), logdir / "chromium-profile",
                         logdir / "chromium.log")
    yield b
    b.close()
    rep = getattr(request.node, "rep_call", None)
    if rep is not None and rep.failed:
        print("--- chromium log:\n" + Path(b.log_path).read_text(errors="replace")[-4000:])


def token(cp):
    lines = (cp.certs / "tokens").read_text().splitlines()
    return next(t.strip() for t in lines if t.strip() and not t.startswith("#"))


def js(v):
    return json.dumps(v)


def cell(real, cls):
    """A JavaScript expression: the text of a real's cell in the page's reals table."""
    return (f"(document.querySelector('[data-real={js(real)}] .{cls}') || {{}}).textContent")


def shot(b, name):
    b.screenshot(ARTIFACTS / f"{name}.png")


def login(b, tok):
    b.wait("!document.getElementById('login').hidden", "login form shown")
    b.eval("document.getElementById('token').focus()")
    b.type_text(tok)
    b.eval("document.getElementById('login-form').requestSubmit(), true")


def test_dashboard_shows_live_state(bed, browser):
    b, cp = browser, bed.cp
    reals = [f"{a}:80" for _, a in NFS]

    # A wrong token is refused by the API and the page stays at the login form.
    b.goto(UI)
    login(b, "not-a-token")
    b.wait("document.getElementById('login-error').textContent.includes('refused')",
           "login error for a bad token")
    assert b.eval("sessionStorage.getItem('hvlb.token')") is None
    # The page's own requests need the header: without it the API says 401.
    assert b.eval("fetch('/v1/services').then(r => r.status)") == 401

    login(b, token(cp))
    for r in reals:
        b.wait(f"{cell(r, 'health')} === 'up' && {cell(r, 'weight')} === '100'",
               f"{r} up with weight 100 on the services page")
    assert b.eval(f"document.querySelector('[data-service={js(SID)}]') !== null")
    shot(b, "services")

    # A change through the API shows: a weight with hvlbctl, a dead NF's health.
    cp.ctl("rs", "set", SID, reals[1], "--weight", "37")
    b.wait(f"{cell(reals[1], 'weight')} === '37'", "the new weight on the services page")
    bed.topo.stop(bed.nf["nf3"])
    b.wait(f"{cell(reals[2], 'health')} === 'down'", "nf3 down on the services page")
    assert b.eval(cell(reals[0], "health")) == "up"
    shot(b, "services-changed")

    # The service's page: reals, health and weights over time, the policy's account.
    b.goto(UI + f"#/service/{SID}")
    b.wait(f"{cell(reals[1], 'weight')} === '37' && {cell(reals[2], 'health')} === 'down'",
           "the service page's reals")
    b.wait("document.querySelectorAll('svg.chart path').length >= 2 * 3", "health and weight charts")
    b.wait("document.body.innerText.includes('Policy: static')", "the policy section")
    shot(b, "service")

    # Forwarders, and one forwarder's workers, RSS-A and ports from its steering read-out.
    b.goto(UI + "#/forwarders")
    b.wait(f"(document.querySelector('[data-forwarder={js(cp.fwd_id)}] .state') || {{}}).textContent === 'ready'",
           "forwarder ready on the forwarders page")
    shot(b, "forwarders")
    b.goto(UI + f"#/forwarder/{cp.fwd_id}")
    b.wait("document.querySelectorAll('table.workers tr[data-worker]').length === 1",
           "the forwarder's one worker")
    b.wait("document.body.innerText.includes('RSS-A moves')", "RSS-A counters")
    b.wait("document.body.innerText.includes('Drops by reason')", "the forwarder's drops")
    shot(b, "forwarder")

    # Traffic: the service's connections at the forwarder once a client has been served.
    for _ in range(5):
        curl_nf(bed.topo)
    b.goto(UI + "#/traffic")

    b.wait("document.body.innerText.includes('Services at the forwarders')", "the traffic page")
    conns = f"document.querySelector('table.services tr[data-service={js(SID)}] .conns')"
    b.wait(f"{conns} && Number({conns}.textContent) >= 5", "the service's 5 connections")
    shot(b, "traffic")
