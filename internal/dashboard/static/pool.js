// The pool page (#/pool): the whole pool at a glance for the operator on call: the
// controller group and its leader, each forwarder with its agent, configuration lag, BGP and
// BFD sessions and routes announced, connection sync, the lb-requests, and the drops by
// reason over time. From GET /v1/controllers, /v1/forwarders, /v1/stats and /v1/lb-requests.
"use strict";

// The connection-sync counters the page shows per forwarder (docs/sync.md): what flows, and
// what is lost (the rest are on the forwarder's page).
const SYNC_FLOW = ["sync_tx_records", "sync_rx_records", "sync_dumps_served", "sync_dump_requests"];
const SYNC_LOSS = ["sync_send_failed", "sync_rx_errors", "sync_worker_ring_full"];
const SYNC_WORKER_LOSS = ["sync_ring_full", "sync_table_full"];

// pollPool reads what the pool page shows beyond the forwarders, and samples the drops and
// the sync records by the time of each forwarder's report.
async function pollPool() {
  const [group, stats, lbr] = await Promise.all([
    api("/v1/controllers").catch(e => ({ error: e.message, members: [] })),
    api("/v1/stats"),
    api("/v1/lb-requests").catch(e => ({ error: e.message })),
  ]);
  state.group = group;
  state.stats = stats;
  state.lbRequests = lbr;
  for (const fs of stats.forwarders || []) {
    const at = Date.parse(fs.at);
    for (const d of dropsOf(fs)) sampleRate(`drops/${fs.id}/${d.name}`, d.value, at);
    const sc = fs.stats.sync_counters || {};
    for (const n of ["sync_tx_records", "sync_rx_records"]) sampleRate(`sync/${fs.id}/${n}`, sc[n] || 0, at);
  }
}

// sampleRate records, under key, the rate of a counter between its last two readings.
function sampleRate(key, value, at) {
  const last = state.counters[key];
  state.counters[key] = [at, value];
  if (!last || at <= last[0] || value < last[1]) return;
  sample(key, (value - last[1]) / ((at - last[0]) / 1000), at);
}

function bgpSummary(f) {
  const up = (f.bgp || []).filter(p => p.state === "established").length;
  return (f.bgp || []).length === 0 ? "none" : `${up}/${f.bgp.length} established`;
}

function bfdSummary(f) {
  const on = (f.bgp || []).filter(p => p.bfd);
  return on.length === 0 ? "off" : `${on.filter(p => p.bfd === "up").length}/${on.length} up`;
}

const ago = t => t ? `${Math.max(0, (Date.now() - Date.parse(t)) / 1000).toFixed(1)} s` : "never";

function viewPool() {
  const out = [h("h2", {}, "Pool")];
  const g = state.group || { members: [] };
  out.push(h("h3", {}, "Controllers"));
  if (g.error) out.push(h("p", { class: "error" }, g.error));
  out.push(h("div", { class: "cards" },
    h("div", { class: "card", "data-card": "leader" }, "leader: ", h("b", { class: g.leader ? "up" : "down" }, g.leader || "none known")),
    h("div", { class: "card", "data-card": "self" }, `this controller: ${g.name || "?"} (${g.role || "?"})`)),
  table(["controller", "role", "in the election", "forwarders"],
    (g.members || []).map(m => h("tr", { "data-controller": m.name }, h("td", {}, m.name + (m.self ? " (this one)" : "")),
      h("td", { class: m.leader ? "role up" : "role" }, m.leader ? "leader" : (g.role === "standalone" ? "standalone" : "follower")),
      h("td", {}, m.campaigning ? "yes" : "no"), h("td", {}, (m.forwarders || []).join(", ")))), { class: "controllers" }));

  out.push(h("h3", {}, "Forwarders"), table(["forwarder", "state", "agent", "controller", "config applied / desired",
    { label: "behind", num: true }, "last report", "BGP", "BFD", "routes announced", { label: "pps", num: true },
  { label: "active conns", num: true }, "error"],
  state.forwarders.map(f => h("tr", { "data-forwarder": f.id },
    h("td", {}, h("a", { href: `#/forwarder/${encodeURIComponent(f.id)}` }, f.id)),
    h("td", { class: `state ${f.state === "ready" ? "up" : "down"}` }, f.state),
    h("td", { class: `agent ${f.connected ? "up" : "down"}` }, f.connected ? "connected" : "gone"),
    h("td", {}, f.controller || ""), h("td", {}, `${f.applied_version} / ${f.desired_version}`),
    num(f.desired_version - f.applied_version, { class: "num behind" }), h("td", { class: "report-age" }, ago(f.last_report)),
    // A forwarder whose agent is gone has no sessions: what it last reported is shown as such.
    h("td", { class: f.connected ? "bgp" : "bgp down" }, f.connected ? bgpSummary(f) : `gone (last: ${bgpSummary(f)})`),
    h("td", { class: "bfd" }, bfdSummary(f)),
    h("td", { class: "announced" }, (f.connected ? "" : "last reported: ") + ((f.announced || []).join(", ") || "none")),
    num((f.load && f.load.pps) || 0), num((f.load && f.load.active_conns) || 0),
    h("td", { class: "error" }, f.error || ""))), { class: "pool-forwarders" }));

  const peers = state.forwarders.flatMap(f => (f.bgp || []).map(p => ({ f, p })));
  out.push(h("h3", {}, "BGP and BFD sessions"), peers.length === 0 ? h("p", { class: "muted" }, "No agent runs BGP.")
    : table(["forwarder", "router", { label: "AS", num: true }, "state", { label: "up for s", num: true },
      { label: "prefixes out", num: true }, { label: "in", num: true }, { label: "flaps", num: true },
      { label: "notif. sent / rcvd", num: true }, "BFD", { label: "BFD downs", num: true }],
    peers.map(({ f, p }) => h("tr", { "data-forwarder": f.id, "data-peer": p.address },
      h("td", {}, f.id), h("td", {}, `${p.address}:${p.port}`), num(String(p.remote_as)),
      h("td", { class: `bgp-state ${p.state === "established" ? "up" : "down"}` }, p.state), num(Math.round(p.uptime_s)),
      num(p.prefixes_announced), num(p.prefixes_accepted), num(p.flaps),
      num(`${p.notifications_sent} / ${p.notifications_received}`),
      h("td", { class: p.bfd === "up" ? "up" : p.bfd ? "down" : "muted" }, p.bfd || "off"), num(p.bfd_downs))),
    { class: "bgp-sessions" }));

  const fwds = (state.stats && state.stats.forwarders) || [];
  out.push(h("h3", {}, "Connection sync"), ...viewSync(fwds));
  out.push(h("h3", {}, "lb-requests"), viewLBRequests());
  out.push(h("h3", {}, "Drops by reason over time (packets a second, each forwarder)"), ...viewDropsOverTime(fwds));
  return out;
}

function viewSync(fwds) {
  const withSync = fwds.filter(fs => Object.keys(fs.stats.sync_counters || {}).length > 0);
  if (withSync.length === 0) return [h("p", { class: "muted" }, "No forwarder has had sync peers.")];
  const workerSum = (fs, n) => (fs.stats.workers || []).reduce((t, w) => t + ((w.counters || {})[n] || 0), 0);
  const last = (k) => { const s = state.samples[k] || []; return s.length ? s[s.length - 1][1] : 0; };
  const rows = withSync.map(fs => {
    const sc = fs.stats.sync_counters;
    const lost = SYNC_LOSS.reduce((t, n) => t + (sc[n] || 0), 0) + SYNC_WORKER_LOSS.reduce((t, n) => t + workerSum(fs, n), 0);
    const late = workerSum(fs, "sync_replies_expired");
    return h("tr", { "data-forwarder": fs.id }, h("td", {}, fs.id),
      num(last(`sync/${fs.id}/sync_tx_records`), { class: "num sync-tx-rate" }),
      num(last(`sync/${fs.id}/sync_rx_records`), { class: "num sync-rx-rate" }),
      ...SYNC_FLOW.map(n => num(sc[n] || 0, { class: `num ${n}` })),
      num(lost, { class: `num sync-lost ${lost > 0 ? "down" : ""}` }),
      num(workerSum(fs, "sync_replies_held"), { class: "num sync-held" }),
      num(late, { class: `num sync-late ${late > 0 ? "down" : ""}` }), h("td", {}, ago(fs.at)));
  });
  return [table(["forwarder", { label: "records out/s", num: true }, { label: "in/s", num: true },
    ...SYNC_FLOW.map(n => ({ label: n.replace(/^sync_/, ""), num: true })), { label: "lost", num: true },
    { label: "replies held", num: true }, { label: "late", num: true }, "counters of"],
  rows, { class: "sync" }),
  h("p", { class: "muted" }, `lost: ${SYNC_LOSS.concat(SYNC_WORKER_LOSS).join(" + ")} (docs/sync.md); ` +
    "a forwarder's connections a peer lacks break at a failover. The sync lag as the traffic sees it: " +
    "replies held: NF replies that came before their connection's record and waited for it; late: " +
    "those whose record did not come within 20 ms (sync_replies_expired; alert HvlbConnSyncLagging)."),
  timeChart(withSync.flatMap(fs => ["sync_tx_records", "sync_rx_records"].map(n => ({
    name: `${fs.id} ${n.replace(/^sync_/, "").replace("_records", "")}`, points: state.samples[`sync/${fs.id}/${n}`] || [] }))),
  { until: state.lastOK, height: 140, title: "sync records a second" })];
}

function viewLBRequests() {
  const l = state.lbRequests;
  if (l && l.error) return h("p", { class: "error" }, l.error);
  if (!l || l.length === 0) return h("p", { class: "muted" }, "None.");
  return table(["id", "state", "vip", "service", "forwarder", "created", "error"],
    l.slice().sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at)).map(r => h("tr", { "data-lb-request": r.id },
      h("td", {}, r.id), h("td", { class: `lb-state ${r.state === "accepted" ? "up" : r.state === "pending" ? "" : "down"}` }, r.state),
      h("td", {}, `${r.request.protocol} ${r.request.vip}:${r.request.port}`), h("td", {}, r.service_id || ""),
      h("td", {}, r.forwarder || ""), h("td", {}, when(r.created_at)), h("td", { class: "error" }, r.error || ""))),
    { class: "lb-requests" });
}

function viewDropsOverTime(fwds) {
  const keys = Object.keys(state.samples).filter(k => k.startsWith("drops/")).sort();
  const out = [timeChart(keys.map(k => ({ name: k.slice("drops/".length), points: state.samples[k] })),
    { until: state.lastOK, title: "drops a second" })];
  const rows = fwds.flatMap(fs => dropsOf(fs).map(d => h("tr", { "data-forwarder": fs.id, "data-drop": d.name },
    h("td", {}, fs.id), h("td", {}, d.name), num(d.value))));
  out.push(rows.length === 0 ? h("p", { class: "muted" }, "No drops.")
    : table(["forwarder", "reason", { label: "packets", num: true }], rows, { class: "drops" }));
  return out;
}
