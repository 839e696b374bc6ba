// The hvlb dashboard: a single page that polls the controller's REST API (docs/api.md) with
// the token the login form stored in sessionStorage, keeps the samples it has seen (health,
// weights, worker load) to draw them over time, and renders the view the URL's hash names.
"use strict";

const TOKEN_KEY = "hvlb.token";
const POLL_MS = 2000;
const KEEP_MS = 30 * 60 * 1000; // samples kept for the charts

const state = {
  services: [], forwarders: [], stats: null, connections: [],
  policy: {},        // service id -> policy view
  steering: {},      // forwarder id -> steering read-out (or null: none reported)
  rates: {},         // service id -> its GET /v1/rates entry (rates.js)
  group: null, lbRequests: null, // the pool page's (pool.js)
  trace: null, traceForm: null, traceFilled: null, // the trace page's (trace.js)
  counters: {},      // series key -> [ms, counter]: the last reading, for rates (pool.js)
  samples: {},       // series key -> [[ms, value], ...]
  lastOK: 0, error: "", timer: null,
};

// ---- helpers --------------------------------------------------------------------------

function h(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") e.className = v;
    else if (k.startsWith("data-")) e.setAttribute(k, v);
    else e[k] = v;
  }
  for (const c of children.flat()) {
    if (c === undefined || c === null || c === false) continue;
    e.append(c instanceof Node ? c : String(c));
  }
  return e;
}

function table(headers, rows, attrs) {
  return h("table", attrs,
    h("thead", {}, h("tr", {}, headers.map(x => h("th", { class: x.num ? "num" : "" }, x.label || x)))),
    h("tbody", {}, rows));
}

const num = (v, attrs) => h("td", Object.assign({ class: "num" }, attrs || {}), typeof v === "number" ? fmtNum(v) : v);
const when = t => t ? new Date(t).toLocaleTimeString([], { hour12: false }) : "never";
const realKey = r => r.address.includes(":") ? `[${r.address}]:${r.port}` : `${r.address}:${r.port}`;

function sample(key, value, at) {
  const s = state.samples[key] || (state.samples[key] = []);
  const last = s[s.length - 1];
  if (last && last[0] === at) return;
  s.push([at, value]);
  while (s.length > 0 && s[0][0] < at - KEEP_MS) s.shift();
}

function healthBadge(health) {
  return h("span", { class: health === "up" || health === 1 ? "up" : "down" },
    health === 1 ? "up" : health === 0 ? "down" : health || "unknown");
}

// ---- the API --------------------------------------------------------------------------

class AuthError extends Error {}

async function api(path) {
  const token = sessionStorage.getItem(TOKEN_KEY);
  const r = await fetch(path, { headers: { Authorization: "Bearer " + token }, cache: "no-store" });
  if (r.status === 401) throw new AuthError("the controller refused the token");
  const body = await r.json().catch(() => null);
  if (!r.ok) {
    const err = new Error(body && body.error ? body.error : `${path}: HTTP ${r.status}`);
    err.status = r.status;
    throw err;
  }
  return body;
}

// poll reads what the current view needs, records the samples and renders.
async function poll() {
  clearTimeout(state.timer);
  const route = parseRoute();
  try {
    const [services, forwarders] = await Promise.all([api("/v1/services"), api("/v1/forwarders")]);
    const now = Date.now();
    state.services = services || [];
    state.forwarders = forwarders || [];
    for (const s of state.services) {
      for (const r of s.reals || []) {
        const k = realKey(r);
        sample(`health/${s.id}/${k}`, r.health === "up" ? 1 : 0, now);
        sample(`weight/${s.id}/${k}`, r.drain ? 0 : r.weight, now);
      }
    }
    if (route.view === "service") {
      const id = encodeURIComponent(route.id);
      const [policy, rates] = await Promise.all([
        api(`/v1/services/${id}/policy?history=120`).catch(e => ({ error: e.message })),
        api(`/v1/rates?service=${id}`).catch(e => ({ error: e.message }))]);
      state.policy[route.id] = policy;
      state.rates[route.id] = rates.error ? rates : (rates.services || []).find(x => x.id === route.id) || null;
      sampleRates(route.id, state.rates[route.id]);
    }
    if (route.view === "pool") await pollPool();
    if (route.view === "trace") await pollTrace(route.id);
    if (route.view === "forwarder") {
      state.steering[route.id] = await api(`/v1/forwarders/${encodeURIComponent(route.id)}/steering`)
        .catch(e => (e.status === 404 ? null : { error: e.message }));
      const st = state.steering[route.id];
      for (const w of (st && st.workers) || []) sample(`load/${route.id}/${w.worker}`, w.load, now);
    }
    if (route.view === "forwarder" || route.view === "traffic") state.stats = await api("/v1/stats");
    if (route.view === "traffic") state.connections = (await api("/v1/connections?limit=100")).connections || [];
    state.lastOK = now;
    state.error = "";
  } catch (e) {
    if (e instanceof AuthError) {
      logout(e.message);
      return;
    }
    state.error = e.message;
  }
  render();
  state.timer = setTimeout(poll, POLL_MS);
}

// ---- login ----------------------------------------------------------------------------

function showLogin(msg) {
  document.getElementById("login").hidden = false;
  document.getElementById("view").hidden = true;
  document.getElementById("nav").hidden = true;
  document.getElementById("login-error").textContent = msg || "";
  document.getElementById("token").focus();
}

function logout(msg) {
  clearTimeout(state.timer);
  sessionStorage.removeItem(TOKEN_KEY);
  showLogin(msg);
}

async function login(ev) {
  ev.preventDefault();
  const input = document.getElementById("token");
  sessionStorage.setItem(TOKEN_KEY, input.value.trim());
  input.value = "";
  try {
    await api("/v1/version");
  } catch (e) {
    if (e instanceof AuthError) return logout(e.message);
    sessionStorage.removeItem(TOKEN_KEY);
    return showLogin(e.message);
  }
  start();
}

function start() {
  document.getElementById("login").hidden = true;
  document.getElementById("view").hidden = false;
  document.getElementById("nav").hidden = false;
  poll();
}

// ---- views ----------------------------------------------------------------------------

function parseRoute() {
  const parts = location.hash.replace(/^#\/?/, "").split("/").map(decodeURIComponent);
  const view = parts[0] || "services";
  return { view, id: parts.slice(1).join("/") };
}

function render() {
  const route = parseRoute();
  const status = document.getElementById("status");
  status.textContent = state.error ? `error: ${state.error}` : `updated ${when(state.lastOK)}`;
  status.className = state.error ? "stale" : "";
  const views = { services: viewServices, service: viewService, forwarders: viewForwarders,
    forwarder: viewForwarder, traffic: viewTraffic, pool: viewPool, trace: viewTrace };
  const view = document.getElementById("view");
  view.dataset.view = route.view;
  const nodes = [].concat((views[route.view] || viewServices)(route.id));
  // A view's first node kept from the last drawing (the trace form) stays where it is, so
  // that what is being typed in it, and its focus, survive the poll.
  if (nodes.length > 0 && nodes[0] === view.firstChild) {
    while (view.childNodes.length > 1) view.lastChild.remove();
    view.append(...nodes.slice(1));
  } else {
    view.replaceChildren(...nodes);
  }
}

function realsTable(s, weights) {
  return table(["real", "health", "reason", { label: "weight", num: true },
    weights ? { label: "at forwarders", num: true } : null, "drain", "override"].filter(Boolean),
  (s.reals || []).map(r => h("tr", { "data-real": realKey(r) },
    h("td", {}, realKey(r)),
    h("td", { class: "health" }, healthBadge(r.health)),
    h("td", { class: "muted" }, r.health_reason || ""),
    num(r.weight, { class: "num weight" }),
    weights ? num(weights[realKey(r)] ?? "", { class: "num effective" }) : null,
    h("td", {}, r.drain ? "drain" : ""),
    h("td", {}, r.health_override || ""))), { class: "reals" });
}

function viewServices() {
  const out = [h("h2", {}, "Services")];
  if (state.services.length === 0) out.push(h("p", { class: "muted" }, "No services."));
  for (const s of state.services) {
    const up = (s.reals || []).filter(r => r.health === "up").length;
    out.push(h("div", { class: "service", "data-service": s.id },
      h("h3", {}, h("a", { href: `#/service/${encodeURIComponent(s.id)}` }, s.id), " ",
        h("span", { class: "muted" },
          `${modeText(s)} · ${s.scheduler} · policy ${(s.policy && s.policy.kind) || "static"} · ` +
          `${up}/${(s.reals || []).length} up · forwarders ${(s.forwarders || []).join(", ") || "all"}`)),
      realsTable(s)));
  }
  return out;
}

// A service's mode as listed: a vxlan service's with its tenant (docs/mode-vxlan.md), and a
// priority class when set.
function modeText(s) {
  let t = s.mode === "vxlan" ? `vxlan vni ${s.vni}` : `${s.mode}${s.encap ? "/" + s.encap : ""}`;
  if (s.priority) t += ` · priority ${s.priority}`;
  return t;
}

function viewService(id) {
  const s = state.services.find(x => x.id === id);
  if (!s) return [h("h2", {}, id), h("p", { class: "error" }, "No such service.")];
  const pv = state.policy[id] || {};
  const keys = (s.reals || []).map(realKey);
  const out = [h("h2", { "data-service": s.id }, `Service ${s.id}`),
    h("p", { class: "muted" }, `${s.protocol} ${s.vip}:${s.port} · ${modeText(s)}` +
      `${s.client_addr === "on" ? " (client address to NFs: TOA)" : ""} · ${s.scheduler}` +
      `${s.hash === "sip_call_id" ? " by SIP Call-ID" : ""} · ` +
      `health check ${(s.health_check && s.health_check.kind) || "default"} · version ${s.version}`),
    realsTable(s, pv.weights)];
  out.push(h("h3", {}, "Health over time (1 up, 0 down)"),
    timeChart(keys.map(k => ({ name: k, points: state.samples[`health/${id}/${k}`] || [] })),
      { step: true, yMax: 1, height: 120, until: state.lastOK, title: "health" }));
  out.push(h("h3", {}, "Configured weights over time"),
    timeChart(keys.map(k => ({ name: k, points: state.samples[`weight/${id}/${k}`] || [] })),
      { step: true, until: state.lastOK, title: "weights" }));
  out.push(...viewRates(id, keys));
  out.push(h("h3", {}, `Policy: ${(pv.policy && pv.policy.kind) || "static"}`));
  if (pv.error) out.push(h("p", { class: "error" }, pv.error));
  out.push(h("p", {}, `Weights the forwarders get come from the ${pv.source || "operator"}` +
    (pv.published ? `; published ${when(pv.published.at)} (version ${pv.published.version}): ${pv.published.reason}` : "") +
    `. Publishes ${pv.publishes || 0}, fall-backs ${pv.fallbacks || 0}.`));
  const hist = (pv.history || []).concat(pv.current ? [pv.current] : []);
  if (hist.length > 0) {
    const nfs = [...new Set(hist.flatMap(r => Object.keys(r.weights || {})))].sort();
    out.push(h("h3", {}, "Policy weights over time"),
      timeChart(nfs.map(k => ({ name: k, points: hist.map(r => [Date.parse(r.at), (r.weights || {})[k] || 0]) })),
        { step: true, until: state.lastOK, title: "policy weights" }));
  }
  if (pv.current) {
    const c = pv.current;
    out.push(h("p", {}, `Latest update ${when(c.at)}: ${c.publish ? "published" : "not published"} — ${c.reason}` +
      ` (change ${(c.change * 100).toFixed(1)}%)${c.fallback ? " · FALL-BACK" : ""}`));
    for (const a of c.alerts || []) out.push(h("p", { class: "error" }, a));
    out.push(table(["NF", "healthy", { label: "cpu", num: true }, { label: "T", num: true }, { label: "φ", num: true },
      { label: "η", num: true }, { label: "λ", num: true }, { label: "weight", num: true }, { label: "published", num: true },
      "filtered", "notes"],
    (c.nfs || []).map(n => h("tr", { "data-nf": n.id }, h("td", {}, n.id), h("td", {}, healthBadge(n.healthy ? "up" : "down")),
      num(n.cpu), num(n.t), num(n.phi), num(n.eta), num(n.lambda), num(n.weight), num(n.published),
      h("td", { class: "filtered" }, n.filtered || ""), h("td", { class: "muted" }, (n.notes || []).join("; "))))));
  }
  const perFwd = pv.per_forwarder || {};
  const fwds = Object.keys(perFwd).sort();
  if (fwds.length > 0) {
    // Each forwarder of a sync pool gets the weights of its own paths (docs/scheduling.md).
    out.push(h("h3", {}, "Weights per forwarder (from its own paths)"),
      table(["NF", ...fwds.map(f => ({ label: f, num: true }))],
        keys.map(k => h("tr", { "data-nf": k }, h("td", {}, k), ...fwds.map(f => num((perFwd[f] || {})[k] || 0)))),
        { class: "per-forwarder" }));
  }
  if (hist.length > 1) {
    out.push(h("h3", {}, "Policy history (newest first)"),
      table(["at", "published", { label: "change", num: true }, "reason", "alerts"],
        hist.slice().reverse().slice(0, 30).map(r => h("tr", {}, h("td", {}, when(r.at)), h("td", {}, r.publish ? "yes" : ""),
          num(`${(r.change * 100).toFixed(1)}%`), h("td", {}, r.reason), h("td", { class: "error" }, (r.alerts || []).join("; "))))));
  }
  return out;
}

function viewForwarders() {
  return [h("h2", {}, "Forwarders"),
    table(["forwarder", "host", "state", "applied / desired", "last report", { label: "pps", num: true },
      { label: "capacity pps", num: true }, { label: "active conns", num: true }, "cores", "queues"],
    state.forwarders.map(f => h("tr", { "data-forwarder": f.id },
      h("td", {}, h("a", { href: `#/forwarder/${encodeURIComponent(f.id)}` }, f.id)), h("td", {}, f.hostname),
      h("td", { class: `state ${f.state === "ready" ? "up" : "down"}` }, f.state),
      h("td", {}, `${f.applied_version} / ${f.desired_version}`), h("td", {}, when(f.last_report)),
      num((f.load && f.load.pps) || 0), num(f.capacity_pps || "unknown"), num((f.load && f.load.active_conns) || 0),
      num(f.cores), num(f.queues))), { class: "forwarders" })];
}

function dropsOf(fs) {
  const by = {};
  for (const d of (fs && fs.stats && fs.stats.drops) || []) by[d.reason] = (by[d.reason] || 0) + d.count;
  return Object.entries(by).filter(([, v]) => v > 0).sort((a, b) => b[1] - a[1]).map(([name, value]) => ({ name, value }));
}

function viewForwarder(id) {
  const f = state.forwarders.find(x => x.id === id);
  if (!f) return [h("h2", {}, id), h("p", { class: "error" }, "No such forwarder.")];
  const st = state.steering[id];
  const fs = ((state.stats && state.stats.forwarders) || []).find(x => x.id === id);
  const out = [h("h2", { "data-forwarder": id }, `Forwarder ${id}`),
    h("p", { class: "muted" }, `${f.hostname} · ${f.state} · ports ${(f.ports || []).join(", ")} · last report ${when(f.last_report)}`)];
  if (st && st.error) out.push(h("p", { class: "error" }, st.error));
  if (st && st.workers) {
    const maxLoad = Math.max(1, ...st.workers.map(w => w.load));
    out.push(h("h3", {}, "Workers"), table(["worker", "lcore", { label: "load (cores)", num: true }, "",
      { label: "period mean", num: true }, { label: "overload freq", num: true }, "overloaded",
      { label: "moved in", num: true }, { label: "moved out", num: true }, { label: "overrides", num: true }],
    st.workers.map(w => {
      const bar = h("span", { class: "bar" });
      bar.style.width = `${(w.load / maxLoad * 8).toFixed(2)}em`;
      return h("tr", { "data-worker": w.worker }, num(w.worker), num(w.lcore), num(w.load, { class: "num load" }),
        h("td", {}, bar), num(w.load_period), num(w.overload_freq), h("td", { class: w.overloaded ? "down" : "" },
          w.overloaded ? "yes" : ""), num(w.flows_moved_in), num(w.flows_moved_out), num(w.overrides));
    }), { class: "workers" }));
    out.push(h("h3", {}, "Worker load over time (cores)"),
      timeChart(st.workers.map(w => ({ name: `worker ${w.worker}`, points: state.samples[`load/${id}/${w.worker}`] || [] })),
        { yMax: 1, until: state.lastOK, title: "worker load" }));
    const r = st.rssa || {};
    out.push(h("h3", {}, "RSS-A"), h("div", { class: "cards" },
      h("div", { class: "card" }, r.enabled ? `on: Q ${r.q}, ε ${r.epsilon}, θh ${r.theta_h}, period ${r.period_ms} ms` : "off"),
      h("div", { class: "card", "data-counter": "rssa_moves" }, `RSS-A moves ${st.rssa_moves}`),
      h("div", { class: "card" }, `moves completed ${st.flows_moved}`),
      h("div", { class: "card" }, `failed ${st.moves_failed}`),
      h("div", { class: "card" }, `in progress ${st.moves_in_progress}`),
      h("div", { class: "card" }, `overrides ${st.overrides_total}`),
      h("div", { class: "card" }, `periods ${st.periods}`)));
    if ((st.overrides || []).length > 0) {
      out.push(table(["protocol", "client", "vip", "worker", "from", "default", { label: "age s", num: true }, "by"],
        st.overrides.map(o => h("tr", {}, h("td", {}, o.protocol), h("td", {}, o.client), h("td", {}, o.vip), num(o.worker),
          num(o.from_worker), num(o.default_worker), num(o.age_s), h("td", {}, o.manual ? "operator" : "RSS-A")))));
    }
    const d = st.dispatch || {};
    out.push(h("h3", {}, "Dispatch stages"), d.enabled
      ? table(["stages", { label: "rx", num: true }, { label: "raw", num: true }, { label: "steered", num: true },
        { label: "full drops", num: true }, { label: "busy s", num: true }, { label: "fences", num: true },
        { label: "held", num: true }, { label: "early", num: true }],
      [h("tr", {}, num(d.stages), num(d.rx_packets), num(d.raw_packets), num(d.steered_packets), num(d.full_drops),
        num(d.busy_seconds), num(d.fences), num(d.fence_held), num(d.fence_early))])
      : h("p", { class: "muted" }, "off: each worker reads its own RX queues"));
    out.push(h("h3", {}, "Ports"), table(["port", "name", "mechanism"],
      (st.ports || []).map(p => h("tr", {}, num(p.port), h("td", {}, p.name), h("td", {}, p.mechanism)))));
  } else if (st === null) {
    out.push(h("p", { class: "muted" }, "No steering read-out reported yet."));
  }
  if (fs) {
    // "in kernel": frames an AF_XDP port's XDP program rewrote and sent on itself (not in rx
    // packets), "kernel entries": the connection directions it holds (docs/kernel-fast-path.md).
    out.push(h("h3", {}, "Port counters"), table(["port", "name", { label: "rx packets", num: true }, { label: "tx packets", num: true },
      { label: "in kernel", num: true }, { label: "kernel entries", num: true },
      { label: "missed", num: true }, { label: "rx errors", num: true }, { label: "tx errors", num: true }],
    (fs.stats.ports || []).map(p => h("tr", {}, num(p.port), h("td", {}, p.name), num(p.ipackets), num(p.opackets),
      num(p.kernel_fast_packets), num(p.kernel_fast_entries),
      num(p.imissed), num(p.ierrors), num(p.oerrors)))));
    out.push(h("h3", {}, "Drops by reason"), barChart(dropsOf(fs), { empty: "no drops", title: "drops" }));
    out.push(...viewCounters(fs.stats));
  }
  return out;
}

// Every counter of the forwarder's registries by name (docs/counters.md): a row each, a column
// per worker and their total; then the connection-sync counters.
function viewCounters(st) {
  const workers = st.workers || [];
  const names = [...new Set(workers.flatMap(w => Object.keys(w.counters || {})))].sort();
  const out = [h("h3", {}, "Counters")];
  if (names.length === 0) return out.concat(h("p", { class: "muted" }, "none reported"));
  out.push(table(["counter", ...workers.map(w => ({ label: `worker ${w.worker}`, num: true })), { label: "total", num: true }],
    names.map(n => h("tr", { "data-counter": n }, h("td", {}, n),
      ...workers.map(w => num((w.counters || {})[n] || 0)),
      num(workers.reduce((t, w) => t + ((w.counters || {})[n] || 0), 0)))), { class: "counters" }));
  const sync = Object.entries(st.sync_counters || {}).sort((a, b) => a[0].localeCompare(b[0]));
  if (sync.length > 0) {
    out.push(h("h3", {}, "Sync counters"), table(["counter", { label: "value", num: true }],
      sync.map(([n, v]) => h("tr", { "data-counter": n }, h("td", {}, n), num(v)))));
  }
  return out;
}

function viewTraffic() {
  const out = [h("h2", {}, "Drops by reason")];
  const fwds = (state.stats && state.stats.forwarders) || [];
  if (fwds.length === 0) out.push(h("p", { class: "muted" }, "No forwarder has reported counters yet."));
  for (const fs of fwds) {
    const drops = dropsOf(fs);
    out.push(h("h3", {}, `${fs.id} (at ${when(fs.at)})`), barChart(drops, { empty: "no drops", title: `drops ${fs.id}` }),
      table(["reason", { label: "packets", num: true }], drops.map(d => h("tr", { "data-drop": d.name },
        h("td", {}, d.name), num(d.value)))));
  }
  out.push(h("h2", {}, "Services at the forwarders"), table(["forwarder", "service", { label: "active", num: true },
    { label: "connections", num: true }, { label: "packets", num: true }, { label: "bytes", num: true }],
  fwds.flatMap(fs => (fs.stats.services || []).map(s => h("tr", { "data-forwarder": fs.id, "data-service": s.id },
    h("td", {}, fs.id), h("td", {}, s.id), num(s.active_conns), num(s.total_conns, { class: "num conns" }),
    num(s.packets), num(s.bytes)))), { class: "services" }));
  out.push(h("h2", {}, `Connections (${state.connections.length}, up to 100)`),
    table(["forwarder", "worker", "protocol", "client", "vip", "real", "state", { label: "age s", num: true },
      { label: "packets in/out", num: true }, { label: "bytes in/out", num: true }],
    state.connections.map(c => h("tr", { "data-conn": c.client }, h("td", {}, c.forwarder), num(c.worker), h("td", {}, c.protocol),
      h("td", {}, h("a", { href: `#/trace/${[c.protocol, c.client, c.vip].map(encodeURIComponent).join("/")}`, title: "trace this flow" }, c.client)), h("td", {}, c.vip), h("td", {}, c.real), h("td", {}, c.state), num(c.age_s),
      num(`${c.packets_in}/${c.packets_out}`), num(`${fmtNum(c.bytes_in)}/${fmtNum(c.bytes_out)}`))), { class: "connections" }));
  return out;
}

// ---- start ----------------------------------------------------------------------------

document.getElementById("login-form").addEventListener("submit", login);
document.getElementById("logout").addEventListener("click", () => logout(""));
window.addEventListener("hashchange", () => { render(); poll(); });
if (sessionStorage.getItem(TOKEN_KEY)) start(); else showLogin("");
