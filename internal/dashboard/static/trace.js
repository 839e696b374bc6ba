// The flow trace page (#/trace/PROTO/CLIENT/VIP): what `hvlbctl trace` says, from the same
// GET /v1/trace (docs/operations.md, "Which forwarder and worker holds this client's
// connection"). Each forwarder of the pool is asked live through its agent: for an existing
// connection, which forwarders hold it (the owner's entry and the synced copies), on which
// worker, its state, NF, age and counters; for a new one, what each forwarder's own
// scheduler would pick and why. The query is in the URL, so a trace can be passed on, and it
// is asked again at each poll (one hash lookup per worker at each forwarder).
"use strict";

// traceQuery is the route's flow, or null: "tcp/10.0.0.2:46670/10.100.0.1:5001".
function traceQuery(id) {
  const [protocol, client, vip] = (id || "").split("/");
  return protocol && client && vip ? { protocol, client, vip } : null;
}

async function pollTrace(id) {
  const q = traceQuery(id);
  if (!q) return;
  const qs = new URLSearchParams(q).toString();
  try {
    state.trace = { id, result: await api(`/v1/trace?${qs}`) };
  } catch (e) {
    if (e instanceof AuthError) throw e;
    // A flow the API refuses (a malformed address) is the form's error, not the page's.
    state.trace = { id, error: e.message };
  }
}

// traceForm is made once and kept: the page is drawn again at each poll, and a form drawn
// anew would lose what the user is typing (render keeps a view's first node when it is the same).
function traceForm() {
  if (state.traceForm) return state.traceForm;
  const proto = h("select", { id: "trace-protocol" }, h("option", { value: "tcp" }, "tcp"), h("option", { value: "udp" }, "udp"));
  const client = h("input", { id: "trace-client", placeholder: "10.0.0.2:46670", required: true, autocomplete: "off" });
  const vip = h("input", { id: "trace-vip", placeholder: "10.100.0.1:5001", required: true, autocomplete: "off" });
  const form = h("form", { id: "trace-form", class: "trace-form" },
    h("label", {}, "Protocol ", proto), h("label", {}, "Client address:port ", client),
    h("label", {}, "VIP:port ", vip), h("button", { type: "submit" }, "Trace"));
  form.addEventListener("submit", ev => {
    ev.preventDefault();
    location.hash = `#/trace/${[proto.value, client.value.trim(), vip.value.trim()].map(encodeURIComponent).join("/")}`;
  });
  state.traceForm = form;
  return form;
}

// What a forwarder's entry of the connection carried: its packet counts are its own.
function traceRole(c) {
  if (c.packets_in > 0 && c.packets_out > 0) return "both ways";
  if (c.packets_in > 0) return "client side";
  if (c.packets_out > 0) return "reply side";
  return "copy";
}

const secs = s => s >= 3600 ? `${(s / 3600).toFixed(1)} h` : s >= 60 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${s} s`;

function viewTrace(id) {
  const q = traceQuery(id);
  const form = traceForm();
  if (q && state.traceFilled !== id) { // a trace opened by its URL (or a link) shows its flow in the form
    state.traceFilled = id;
    form.querySelector("#trace-protocol").value = q.protocol;
    form.querySelector("#trace-client").value = q.client;
    form.querySelector("#trace-vip").value = q.vip;
  }
  const out = [form, h("h2", {}, q ? `Flow ${q.protocol} ${q.client} → ${q.vip}` : "Trace a flow")];
  const t = state.trace && state.trace.id === id ? state.trace : null;
  if (!q) return out.concat(h("p", { class: "muted" }, "A client's address:port and the VIP:port it connects to: " +
    "each forwarder says whether it holds that connection, and what it would do with it if it were new."));
  if (!t) return out.concat(h("p", { class: "muted" }, "Asking the forwarders…"));
  if (t.error) return out.concat(h("p", { class: "error", id: "trace-error" }, t.error));
  const r = t.result;
  const fwds = r.forwarders || [];
  const held = fwds.flatMap(f => (f.connections || []).map(c => ({ f, c })));
  const where = pred => held.filter(({ c }) => pred(c)).map(({ f, c }) => `${f.forwarder} worker ${c.worker}`).join(", ") || "none";
  const nf = (held.find(({ c }) => !c.synced) || held[0] || { c: {} }).c.real;
  out.push(h("p", { class: "trace-summary" }, held.length === 0
    ? "No forwarder holds it: a new connection (each forwarder's choice below)."
    : `Client's packets via ${where(c => c.packets_in > 0)}; NF's replies via ${where(c => c.packets_out > 0)}; ` +
      `copies (no packet carried) on ${where(c => c.packets_in === 0 && c.packets_out === 0)}; NF ${nf}.`));
  for (const e of r.errors || []) out.push(h("p", { class: "error" }, `forwarder ${e.forwarder} not asked: ${e.error}`));

  out.push(h("h3", {}, "Who holds it"), held.length === 0 ? h("p", { class: "muted" }, "No forwarder.")
    : table(["forwarder", "carried", "state from", { label: "worker", num: true }, "state", "NF", { label: "age", num: true },
      { label: "expires in", num: true }, { label: "packets in / out", num: true }, { label: "bytes in / out", num: true }],
    held.map(({ f, c }) => h("tr", { "data-forwarder": f.forwarder, "data-role": traceRole(c) },
      h("td", {}, f.forwarder), h("td", { class: "role" }, traceRole(c)), h("td", {}, c.synced ? "a sync peer" : "its packets"),
      num(c.worker, { class: "num worker" }), h("td", { class: "state" }, c.state), h("td", { class: "real" }, c.real),
      num(secs(c.age_s)), num(secs(c.expires_in_s)), num(`${fmtNum(c.packets_in)} / ${fmtNum(c.packets_out)}`, { class: "num packets" }),
      num(`${fmtNum(c.bytes_in)} / ${fmtNum(c.bytes_out)}`))), { class: "trace-holders" }));

  out.push(h("h3", {}, "Each forwarder, and what it would do with it new"),
    table(["forwarder", "verdict", { label: "owner worker", num: true }, { label: "by hash", num: true }, "sync", "service",
      "mode", "scheduler", "new one →", "why", { label: "slot", num: true }, { label: "usable reals", num: true }],
    fwds.map(f => h("tr", { "data-forwarder": f.forwarder },
      h("td", {}, f.forwarder), h("td", { class: `verdict ${f.verdict === "drop" ? "down" : ""}` }, f.verdict),
      num(f.owner_worker, { class: "num owner" }), num(f.default_worker), h("td", {}, f.sync_state || "-"),
      h("td", {}, f.service || "none"), h("td", {}, f.mode || ""), h("td", {}, f.scheduler || ""),
      h("td", { class: "pick" }, f.pick || "none"), h("td", { class: "reason" }, f.reason),
      num(f.table_slot >= 0 ? `${f.table_slot} of ${f.table_size}` : "-", { class: "num slot" }),
      num(f.service ? `${f.usable_reals} of ${(f.reals || []).length}` : "-"))), { class: "trace-forwarders" }));

  const reals = fwds.flatMap(f => (f.reals || []).map(x => ({ f, x })));
  if (reals.length > 0) {
    out.push(h("h3", {}, "The reals as each forwarder has them"),
      table(["forwarder", "real", { label: "weight", num: true }, "health", { label: "limit", num: true },
        { label: "active", num: true }, "usable"],
      reals.map(({ f, x }) => h("tr", { "data-forwarder": f.forwarder, "data-real": realKey({ address: x.address, port: x.port }) },
        h("td", {}, f.forwarder), h("td", {}, realKey({ address: x.address, port: x.port })), num(x.weight),
        h("td", {}, healthBadge(x.health ? "up" : "down")), num(x.conn_limit || "-"), num(x.active_conns),
        h("td", { class: x.usable ? "up" : "down" }, x.usable ? "yes" : "no"))), { class: "trace-reals" }),
      h("p", { class: "muted" }, "A real down or of weight 0 is never picked; a limit reached makes the verdict drop " +
        "(rs_conn_limited), no usable real drop (no_rs), no service drop (no_vs): docs/drops.md."));
  }
  return out;
}
