// Small hand-drawn SVG charts: lines (or steps) over time and horizontal bars. No library.
"use strict";

const SVGNS = "http://www.w3.org/2000/svg";
const PALETTE = ["#1f5fbf", "#d9480f", "#2b8a3e", "#862e9c", "#c92a2a", "#087f5b", "#e67700", "#364fc7"];

function svgEl(tag, attrs, text) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

function fmtNum(v) {
  if (Math.abs(v) >= 1e9) return (v / 1e9).toFixed(1) + "G";
  if (Math.abs(v) >= 1e6) return (v / 1e6).toFixed(1) + "M";
  if (Math.abs(v) >= 1e4) return (v / 1e3).toFixed(0) + "k";
  if (Number.isInteger(v)) return String(v);
  return v.toFixed(2);
}

// timeChart draws series [{name, points: [[ms, value], ...], dashed, step, color}] against time.
// opts: step (hold each value until the next point; a series' own step says so for it),
// yMax (at least this top), height, title.
// Returns a div with the SVG and its legend.
function timeChart(series, opts) {
  opts = opts || {};
  const W = opts.width || 640, H = opts.height || 180, L = 48, R = 10, T = 18, B = 22;
  const wrap = document.createElement("div");
  const svg = svgEl("svg", { class: "chart", width: W, height: H, viewBox: `0 0 ${W} ${H}`, role: "img" });
  if (opts.title) svg.appendChild(svgEl("title", {}, opts.title));
  wrap.appendChild(svg);
  const pts = series.flatMap(s => s.points);
  if (pts.length === 0) {
    svg.appendChild(svgEl("text", { x: L, y: H / 2 }, "no samples yet"));
    return wrap;
  }
  let t0 = Math.min(...pts.map(p => p[0])), t1 = Math.max(...pts.map(p => p[0]));
  if (opts.until && opts.until > t1) t1 = opts.until;
  if (t1 === t0) t0 = t1 - 60000;
  let yMax = Math.max(opts.yMax || 0, ...pts.map(p => p[1]));
  if (yMax <= 0) yMax = 1;
  const x = t => L + (t - t0) / (t1 - t0) * (W - L - R);
  const y = v => T + (1 - v / yMax) * (H - T - B);
  for (const f of [0, 0.5, 1]) {
    const v = yMax * f;
    svg.appendChild(svgEl("line", { class: "grid", x1: L, x2: W - R, y1: y(v), y2: y(v) }));
    svg.appendChild(svgEl("text", { x: L - 4, y: y(v) + 4, "text-anchor": "end" }, fmtNum(v)));
  }
  svg.appendChild(svgEl("line", { class: "axis", x1: L, x2: L, y1: T, y2: H - B }));
  svg.appendChild(svgEl("line", { class: "axis", x1: L, x2: W - R, y1: H - B, y2: H - B }));
  const tl = t => new Date(t).toLocaleTimeString([], { hour12: false });
  svg.appendChild(svgEl("text", { x: L, y: H - 6 }, tl(t0)));
  svg.appendChild(svgEl("text", { x: W - R, y: H - 6, "text-anchor": "end" }, tl(t1)));
  const legend = document.createElement("div");
  legend.className = "legend";
  series.forEach((s, i) => {
    const color = s.color || PALETTE[i % PALETTE.length];
    const p = s.points.slice().sort((a, b) => a[0] - b[0]);
    const step = s.step !== undefined ? s.step : opts.step;
    if (p.length > 0) {
      let d = `M${x(p[0][0]).toFixed(1)},${y(p[0][1]).toFixed(1)}`;
      for (let k = 1; k < p.length; k++) {
        if (step) d += `H${x(p[k][0]).toFixed(1)}`;
        d += `L${x(p[k][0]).toFixed(1)},${y(p[k][1]).toFixed(1)}`;
      }
      if (step && opts.until) d += `H${x(opts.until).toFixed(1)}`;
      const line = { d, fill: "none", stroke: color, "stroke-width": 1.8 };
      if (s.dashed) line["stroke-dasharray"] = "5 3";
      svg.appendChild(svgEl("path", line));
      if (p.length === 1) svg.appendChild(svgEl("circle", { cx: x(p[0][0]), cy: y(p[0][1]), r: 2.5, fill: color }));
    }
    const item = document.createElement("span");
    const sw = document.createElement("i");
    sw.style.background = color;
    item.append(sw, s.name);
    legend.appendChild(item);
  });
  wrap.appendChild(legend);
  return wrap;
}

// barChart draws rows [{name, value}] as horizontal bars.
function barChart(rows, opts) {
  opts = opts || {};
  const W = opts.width || 640, rowH = 20, L = 200, H = Math.max(1, rows.length) * rowH + 8;
  const svg = svgEl("svg", { class: "chart", width: W, height: H, viewBox: `0 0 ${W} ${H}`, role: "img" });
  if (opts.title) svg.appendChild(svgEl("title", {}, opts.title));
  if (rows.length === 0) {
    svg.appendChild(svgEl("text", { x: 8, y: 16 }, opts.empty || "none"));
    return svg;
  }
  const max = Math.max(1, ...rows.map(r => r.value));
  rows.forEach((r, i) => {
    const yy = 4 + i * rowH;
    svg.appendChild(svgEl("text", { x: L - 6, y: yy + 13, "text-anchor": "end" }, r.name));
    const w = Math.max(1, r.value / max * (W - L - 80));
    svg.appendChild(svgEl("rect", { x: L, y: yy + 2, width: w, height: rowH - 6, fill: PALETTE[i % PALETTE.length] }));
    svg.appendChild(svgEl("text", { x: L + w + 4, y: yy + 13 }, fmtNum(r.value)));
  });
  return svg;
}
