"""End to end: the controller's web dashboard (/ui/, docs/dashboard.md) in headless Chromium.

test_dashboard_shows_live_state: the e2e bed of test_control_plane.py (forwarder, three NFs,
controller and agent in the router namespace); Chromium runs in the same namespace, logs in
with the controller's token, and the test checks that the pages show the running
controller's live data, changes made through the API (hvlbctl) and by the NFs' health, and
each NF's share of the traffic against its share of the weights.

test_pool_page: the scale-out lab (lab/scaleout.py: two FRR routers, a controller, three
forwarders with agents, BGP and connection sync); the pool page shows the controller and its
leader, every forwarder ready with its BGP sessions established and its VIPs announced, the
connection sync, an lb-request; the trace page traces a client's connection held through the
pool, and a new flow; and a forwarder killed (with its agent) shows as failed within 5 s.

Screenshots go to tests/artifacts/dashboard/ (git-ignored).
"""

import json
import shutil
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "lab"))

import headless  # noqa: E402
import labtools  # noqa: E402
from test_control_plane import NFS, TOPO, VIP, Bed, curl_nf  # noqa: E402

if headless.find_chromium() is None:
    pytest.skip("chromium is not installed (scripts/deps.sh installs it)", allow_module_level=True)

ARTIFACTS = REPO / "tests" / "artifacts" / "dashboard"
SID = f"tcp-{VIP}-80"
UI = "https://127.0.0.1:8443/ui/"


# Every process logs JSON lines: the test checks they name the same things alike.
JSON_LOGS = ["--log-format", "json"]


@pytest.fixture
def bed(lab):
    # The forwarder's --id: the agent's (ctlab's default), which each of its lines then carries.
    return Bed(lab(TOPO), fwd_args=[*JSON_LOGS, "--id", "fwd-a"], agent_args=JSON_LOGS, controller_args=JSON_LOGS)


def json_lines(proc):
    """The JSON objects a process logged (one a line; DPDK's and others' plain lines skipped)."""
    out = []
    for ln in Path(proc.log_path).read_text(errors="replace").splitlines():
        if ln.startswith("{"):
            try:
                out.append(json.loads(ln))
            except ValueError:
                pass
    return out


def logged(proc, **fields):
    """The first JSON line of proc with these fields, or None."""
    return next((o for o in json_lines(proc) if all(o.get(k) == v for k, v in fields.items())), None)


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
    """The first token of a control plane's (or a pool's) certs directory."""
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
    # Logged out, the page has no navigation (the hidden attribute beats nav's CSS).
    assert b.eval("getComputedStyle(document.getElementById('nav')).display") == "none"
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
    same_names_in_every_log(bed, reals)

    # The service's page: reals, health and weights over time, the policy's account.
    b.goto(UI + f"#/service/{SID}")
    b.wait(f"{cell(reals[1], 'weight')} === '37' && {cell(reals[2], 'health')} === 'down'",
           "the service page's reals")
    b.wait("document.querySelectorAll('svg.chart path').length >= 2 * 3", "health and weight charts")
    b.wait("document.body.innerText.includes('Policy: static')", "the policy section")
    shot(b, "service")

    # Traffic per NF: with clients coming, each NF up gets new connections, its share of the
    # weights of the NFs up is shown (100 and 37 of 137; nf3 down: none), and nf1 (weight 100)
    # is seen taking more of the new connections than nf2 (37), nf3 none.
    traffic = bed.topo.popen("client", ["sh", "-c", f"while :; do curl -s -m 2 -o /dev/null http://{VIP}/; "
                                        "sleep 0.02; done"], name="curl-loop")
    try:
        def rcell(r, c):
            return f"(document.querySelector('table.rates[data-rates=total] [data-real={js(r)}] .{c}') || {{}}).textContent"

        b.wait(f"{rcell(reals[0], 'weight-share')} === '73.0 %' && {rcell(reals[1], 'weight-share')} === '27.0 %'"
               f" && {rcell(reals[2], 'weight-share')} === '0.0 %'", "the weight shares of the NFs up")
        def share(r):
            return f"parseFloat({rcell(r, 'conn-share')})"
        b.wait(f"{share(reals[0])} > {share(reals[1])} && {share(reals[1])} > 0 && {share(reals[2])} === 0"
               f" && Number({rcell(reals[0], 'conns-rate')}) > 0", "nf1 taking more new connections than nf2", timeout=30)
        b.wait(f"document.querySelector('table.rates[data-rates={js(cp.fwd_id)}]') !== null", "the forwarder's own rates")
        # The share chart: nf1's and nf2's shares and the three dashed weight shares.
        b.wait("document.querySelectorAll('svg.chart path[stroke-dasharray]').length >= 3", "the weight-share curves")
        shot(b, "service-traffic")
    finally:
        bed.topo.stop(traffic)

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


def same_names_in_every_log(bed, reals):
    """The weight change and nf3's fall, as the three processes logged them (JSON): each line
    names the service and the real by the same fields and values (docs/operations.md, Logs),
    every line carries its component, the forwarder its id where the line is about one (every
    line of the agent and of the forwarder: its --id)."""
    cp, fw = bed.cp, bed.fw
    labtools.wait_until(lambda: logged(fw.proc, msg="real weight", service=SID, real=reals[1], weight=37),
                        "the forwarder's line for the new weight", timeout=10)
    labtools.wait_until(lambda: logged(fw.proc, msg="real health", service=SID, real=reals[2], health="down"),
                        "the forwarder's line for nf3 down", timeout=10)
    agent = labtools.wait_until(lambda: logged(cp.agent, msg="health", service=SID, real=reals[2], up=False),
                                "the agent's health check line for nf3", timeout=10)
    ctl = labtools.wait_until(lambda: logged(cp.controller, msg="real health", service=SID, real=reals[2], up=False),
                              "the controller's line for nf3's health", timeout=10)
    assert agent["forwarder"] == cp.fwd_id and ctl["forwarder"] == cp.fwd_id, (agent, ctl)
    assert all(o.get("forwarder") == cp.fwd_id for o in json_lines(fw.proc)), json_lines(fw.proc)[:3]
    for proc, comp in ((fw.proc, "forwarder"), (cp.agent, "agent"), (cp.controller, "controller")):
        lines = json_lines(proc)
        assert lines and all(o.get("component") == comp for o in lines), (comp, lines[:3])
        assert all(isinstance(o.get("msg"), str) and o.get("level") for o in lines), comp


def test_pool_page(lab, request):
    """The pool page of a three-forwarder pool behind BGP, and a forwarder killed seen there."""
    if not Path("/usr/lib/frr/bgpd").exists() or shutil.which("vtysh") is None:
        pytest.skip("FRR is not installed (scripts/deps.sh installs frr)")
    import scaleout

    pool = scaleout.Pool(lab("lab/topologies/scaleout.yaml")).start()
    pool.add_service()
    logdir = Path(pool.topo.logdir)
    b = headless.Browser(pool.topo.argv(pool.ctl_host, []), logdir / "chromium-profile", logdir / "chromium.log")
    try:
        ui = f"https://{pool.ctl_addr}:{scaleout.REST_PORT}/ui/"
        b.goto(ui + "#/pool")
        login(b, token(pool))
        ids = [m.id for m in pool.members]

        def row(f, c):
            return f"(document.querySelector('table.pool-forwarders [data-forwarder={js(f)}] .{c}') || {{}}).textContent"
        for f in ids:
            b.wait(f"{row(f, 'state')} === 'ready' && {row(f, 'bgp')} === '2/2 established'"
                   f" && {row(f, 'announced')}.includes({js(scaleout.VIP + '/32')})"
                   f" && {row(f, 'behind')} === '0'", f"{f} ready, both BGP sessions up, its VIPs announced", timeout=40)
        b.wait("document.querySelectorAll('table.bgp-sessions tr[data-peer]').length === 6", "six BGP sessions")
        b.wait("(document.querySelector('[data-card=leader]') || {}).textContent.includes('leader: ')"
               " && document.querySelector('[data-card=leader] b.up') !== null", "the leader named")
        b.wait(f"document.querySelector('table.controllers tr td.role.up') !== null"
               f" && {js(ids)}.every(f => document.querySelector('table.controllers').textContent.includes(f))",
               "the controller leading, holding the three forwarders")
        b.wait("document.querySelectorAll('table.sync tr[data-forwarder]').length === 3", "connection sync of the three")
        b.wait("document.querySelectorAll('table.sync td.sync-late').length === 3", "the sync lag column (late replies) of each")

        # An lb-request placed on a forwarder shows with its state.
        pool.ctl("lb-request", "--protocol", "tcp", "--vip", "10.100.0.2:8080", "--nf", "10.1.0.11:8080")
        b.wait("(document.querySelector('table.lb-requests .lb-state') || {}).textContent === 'accepted'",
               "the lb-request accepted")
        shot(b, "pool")
        # The same answers from a shell (docs/operations.md): the lb-requests and the leader.
        lbr = pool.ctl("lb-request", "list").stdout
        assert "accepted" in lbr and "tcp 10.100.0.2:8080" in lbr, lbr
        assert pool.ctl("lb-request", "list", "--state", "pending").stdout.strip() == "no lb-requests"
        group = pool.ctl("controllers", json_out=True)
        assert group["leader"] and {f for m in group["members"] for f in m["forwarders"]} == set(ids), group
        trace_from_the_page(b, pool, ui, ids)
        b.goto(ui + "#/pool")
        b.wait(" && ".join(f"{row(f, 'state')} === 'ready'" for f in ids), "back on the pool page")

        # A forwarder and its agent killed: the page says so within 5 s.
        victim = pool.members[1].id
        t0 = time.monotonic()
        pool.kill(1)
        b.wait(f"{row(victim, 'state')} === 'failed' && {row(victim, 'agent')} === 'gone'"
               f" && {row(victim, 'bgp')}.startsWith('gone')",
               f"{victim} failed on the pool page", timeout=5 - (time.monotonic() - t0))
        print(f"{victim} killed: failed on the pool page after {time.monotonic() - t0:.2f} s")
        assert b.eval(f"{row(ids[0], 'state')}") == "ready"
        shot(b, "pool-killed")
    except BaseException:
        print("--- chromium log:\n" + Path(b.log_path).read_text(errors="replace")[-4000:])
        raise
    finally:
        b.close()


def trace_from_the_page(b, pool, ui, ids):
    """The trace page (#/trace): a client's connection, held open through the pool, traced
    from the form as a person types it: the three forwarders hold it (the client's packets
    through the one the upstream router picked, the others a synced copy or the replies),
    all with the NF that `hvlbctl trace` names, each forwarder's own pick for it new being
    that NF (Maglev, the same reals everywhere); then a flow no forwarder holds, and a
    malformed client refused naming the field."""
    import scaleout
    pool.wait_routes(set(ids))
    ep = pool.hold_connections(1, name="trace-client")[0]
    vip = f"{scaleout.VIP}:{scaleout.ECHO_PORT}"
    b.goto(ui + "#/trace")
    b.wait("document.getElementById('trace-form') !== null", "the trace form")

    def fill(client):
        for field, text in (("trace-client", client), ("trace-vip", vip)):
            b.eval(f"document.getElementById({js(field)}).value = '', document.getElementById({js(field)}).focus(), true")
            b.type_text(text)
        b.eval("document.getElementById('trace-form').requestSubmit(), true")

    def rows(table, c):
        return f"[...document.querySelectorAll('table.{table} tr[data-forwarder]')].map(r => r.querySelector('.{c}').textContent)"

    fill(ep)
    b.wait(f"location.hash === {js('#/trace/tcp/' + ep.replace(':', '%3A') + '/' + vip.replace(':', '%3A'))}",
           "the flow in the page's address")
    # Every forwarder holds it (sync brings the copies) and names the same NF.
    b.wait(f"{rows('trace-forwarders', 'verdict')}.join() === 'existing,existing,existing'"
           f" && {rows('trace-holders', 'real')}.length === 3 && new Set({rows('trace-holders', 'real')}).size === 1"
           f" && {rows('trace-holders', 'role')}.some(r => r === 'client side' || r === 'both ways')",
           "the three forwarders holding the connection", timeout=15)
    cli = pool.ctl("trace", "tcp", ep, vip, json_out=True)
    nf = {c["real"] for f in cli["forwarders"] for c in f["connections"]}
    assert len(nf) == 1, cli
    nf = nf.pop()
    assert b.eval(f"{rows('trace-holders', 'real')}[0]") == nf
    assert b.eval(rows("trace-forwarders", "pick")) == [nf] * 3
    carried = sorted(f["forwarder"] for f in cli["forwarders"] for c in f["connections"] if c["packets_in"] > 0)
    page = b.eval("[...document.querySelectorAll('table.trace-holders tr[data-forwarder]')]"
                  ".filter(r => ['client side', 'both ways'].includes(r.dataset.role)).map(r => r.dataset.forwarder).sort()")
    assert page == carried, (page, cli)
    summary = b.eval("document.querySelector('.trace-summary').textContent")
    assert f"NF {nf}" in summary and "Client's packets via " + carried[0] in summary, summary
    shot(b, "trace")

    # A flow no forwarder holds: new everywhere, each forwarder's pick and Maglev slot the same.
    fill(f"{ep.split(':')[0]}:1")
    b.wait(f"{rows('trace-forwarders', 'verdict')}.join() === 'new,new,new'"
           " && document.querySelector('.trace-summary').textContent.startsWith('No forwarder holds it')",
           "a new flow at the three forwarders")
    assert len(set(b.eval(rows("trace-forwarders", "pick")))) == 1
    assert len(set(b.eval(rows("trace-forwarders", "slot")))) == 1
    assert b.eval(f"{rows('trace-forwarders', 'pick')}[0]") in {f"{n['addr']}:{scaleout.ECHO_PORT}" for n in pool.topo.nfs}
    shot(b, "trace-new")

    fill("10.0.0.2")
    b.wait("(document.getElementById('trace-error') || {}).textContent.includes('client')",
           "the API's refusal of a client without a port, on the page")
