// The service page's traffic: each NF's new connections, packets and bytes a second, and its
// share of them against its share of the weights, per forwarder and in total, from
// GET /v1/rates (rates between each forwarder's last two reports). The page samples them at
// each report so that the curves show whether the shares follow the weights over time.
"use strict";

const RATE_METRICS = [
  { key: "conns", rate: "conns_per_s", share: "conn_share", label: "new connections" },
  { key: "packets", rate: "packets_per_s", share: "packet_share", label: "packets" },
  { key: "bytes", rate: "bytes_per_s", share: "byte_share", label: "bytes" },
];

const pct = v => `${(100 * (v || 0)).toFixed(1)} %`;

// sampleRates records a service's rates at the time of the report they end with: per
// forwarder and in total (at the newest forwarder's report).
function sampleRates(id, sr) {
  if (!sr) return;
  let newest = 0;
  for (const f of sr.forwarders || []) {
    const at = Date.parse(f.at);
    newest = Math.max(newest, at);
    if (!(f.interval_s > 0)) continue;
    for (const r of f.reals || []) {
      const k = realKey(r);
      sample(`rshare/${id}/${f.forwarder}/conns/${k}`, r.conn_share, at);
      sample(`rwshare/${id}/${f.forwarder}/${k}`, r.weight_share, at);
      sample(`rrate/${id}/${f.forwarder}/conns/${k}`, r.conns_per_s, at);
    }
  }
  if (newest === 0) return;
  for (const r of sr.total || []) {
    const k = realKey(r);
    for (const m of RATE_METRICS) {
      sample(`rrate/${id}/total/${m.key}/${k}`, r[m.rate], newest);
      sample(`rshare/${id}/total/${m.key}/${k}`, r[m.share], newest);
    }
    sample(`rwshare/${id}/total/${k}`, r.weight_share, newest);
  }
}

// ratesTable is one table of a service's reals' rates and shares (where: "total" or a
// forwarder's id, in data-rates).
function ratesTable(where, reals) {
  return table(["NF", "health", { label: "weight", num: true }, { label: "weight share", num: true },
    { label: "new conns/s", num: true }, { label: "conn share", num: true }, { label: "packets/s", num: true },
    { label: "packet share", num: true }, { label: "bytes/s", num: true }, { label: "byte share", num: true },
    { label: "active", num: true }],
  (reals || []).map(r => h("tr", { "data-real": realKey(r) }, h("td", {}, realKey(r)), h("td", {}, healthBadge(r.health)),
    num(r.weight), num(pct(r.weight_share), { class: "num weight-share" }),
    num(r.conns_per_s, { class: "num conns-rate" }), num(pct(r.conn_share), { class: "num conn-share" }),
    num(r.packets_per_s, { class: "num packets-rate" }), num(pct(r.packet_share), { class: "num packet-share" }),
    num(r.bytes_per_s, { class: "num bytes-rate" }), num(pct(r.byte_share), { class: "num byte-share" }),
    num(r.active_conns, { class: "num active" }))), { class: "rates", "data-rates": where });
}

// shareChart draws each NF's share of metric m against its weight share (dashed) over time.
function shareChart(id, where, keys, m, title) {
  const series = [];
  keys.forEach((k, i) => {
    const color = PALETTE[i % PALETTE.length];
    series.push({ name: `${k} ${m}`, points: state.samples[`rshare/${id}/${where}/${m}/${k}`] || [], color });
    series.push({ name: `${k} weight`, points: state.samples[`rwshare/${id}/${where}/${k}`] || [], color, dashed: true,
      step: true });
  });
  return timeChart(series, { yMax: 1, until: state.lastOK, title });
}

// viewRates is the traffic section of service id's page.
function viewRates(id, keys) {
  const out = [h("h3", {}, "Traffic per NF (all forwarders)")];
  const sr = state.rates[id];
  if (sr && sr.error) return out.concat(h("p", { class: "error" }, sr.error));
  if (!sr || (sr.forwarders || []).length === 0) {
    return out.concat(h("p", { class: "muted" }, "No forwarder runs this service, or none has reported twice yet."));
  }
  out.push(h("p", { class: "muted" }, "Rates between each forwarder's last two reports; a share is of the service's " +
    "sum over its NFs, the weight share the NF's weight over the weights of the NFs up (docs/api.md, GET /v1/rates)."),
  ratesTable("total", sr.total));
  out.push(h("h3", {}, "Share of new connections against the weight share (dashed), over time"),
    shareChart(id, "total", keys, "conns", "connection share"));
  for (const m of RATE_METRICS) {
    out.push(h("h3", {}, `${m.label} a second, over time`),
      timeChart(keys.map(k => ({ name: k, points: state.samples[`rrate/${id}/total/${m.key}/${k}`] || [] })),
        { until: state.lastOK, title: `${m.key} rate` }));
  }
  for (const f of sr.forwarders) {
    out.push(h("h3", { "data-forwarder": f.forwarder }, `At ${f.forwarder}` +
      (f.interval_s > 0 ? ` (over ${f.interval_s.toFixed(1)} s to ${when(f.at)})` : " (no interval yet, or its counters were zeroed)")),
    ratesTable(f.forwarder, f.reals),
    shareChart(id, f.forwarder, keys, "conns", `connection share at ${f.forwarder}`));
  }
  return out;
}
