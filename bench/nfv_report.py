"""The NFV datapath benchmark's figures (bench/nfv.py): each load balancer's rounds summed up
(median, min-max and spread of each row; hvlb / OVS-DPDK round by round, as each pair was
measured back to back) and the table of them that the run prints and docs/benchmarks.md shows.
"""

from __future__ import annotations

import statistics

ROWS = [("est", "mpps", "64-byte UDP, established ({flows:,} flows), Mpps"),
        ("new", "mpps", "64-byte UDP, a new flow every packet, Mpps"),
        ("cps", "cps", "short TCP connections (8 frames each), connections / s"),
        ("cps", "mpps", "the same TCP connections' frames, Mpps"),
        ("est", "lb_mpps_busy_core", "established, Mpps per busy core (own cycle count)"),
        ("new", "lb_mpps_busy_core", "new flow every packet, Mpps per busy core (own cycle count)"),
        ("cps", "lb_cps_busy_core", "TCP connections / s per busy core (own cycle count)")]
PHASES = ("est", "new", "cps")


def summarise(runs, noise_max):
    out = {}
    for n, rs in runs.items():
        for ph, fig, _ in ROWS:
            xs = [r[ph][fig] for r in rs if fig in r.get(ph, {})]
            if not xs:
                continue
            out[f"{n}_{ph}_{fig}"] = {"median": round(statistics.median(xs), 3),
                                      "min": round(min(xs), 3), "max": round(max(xs), 3),
                                      "spread": round((max(xs) - min(xs)) / max(xs), 3) if max(xs) else 0}
            if fig == "mpps" and "offered_mpps" in rs[0][ph]:
                out[f"{n}_{ph}_offered_mpps"] = round(statistics.median(
                    r[ph]["offered_mpps"] for r in rs), 3)
            if n != "floor" and fig == "mpps":
                out[f"{n}_{ph}_min_nf_share"] = min(r[ph]["min_nf_share"] for r in rs)
    if "ovs" in runs:
        for ph, fig, _ in ROWS:
            # Round by round: each pair was measured back to back.
            rr = [h[ph][fig] / o[ph][fig] for h, o in zip(runs["hvlb"], runs["ovs"])
                  if fig in h.get(ph, {}) and o.get(ph, {}).get(fig, 0) > 0]
            if rr:
                out[f"{ph}_{fig}_ratio"] = {"median": round(statistics.median(rr), 2),
                                            "min": round(min(rr), 2), "max": round(max(rr), 2)}
    spreads = [v["spread"] for k, v in out.items() if isinstance(v, dict) and "spread" in v]
    out["noisy"] = any(s > noise_max for s in spreads)
    out["max_spread"] = max(spreads, default=0)
    return out


def table(s, a):
    floor = "floor_est_mpps" in s
    rows = ["| traffic | hvlb (1 core) | OVS-DPDK (1 PMD core) | hvlb/OVS-DPDK |"
            + (" vhost floor (testpmd io) | hvlb, OVS vs floor |" if floor else ""),
            "|---|---|---|---|" + ("---|---|" if floor else "")]

    def fmt(m):
        if m["median"] >= 1000:
            return f"{m['median']:,.0f} ({m['min']:,.0f}-{m['max']:,.0f})"
        return f"{m['median']:.3f} ({m['min']:.3f}-{m['max']:.3f})"
    for ph, fig, label in ROWS:
        h = s.get(f"hvlb_{ph}_{fig}")
        if h is None:
            continue
        cells = [label.format(flows=a.flows), fmt(h)]
        o = s.get(f"ovs_{ph}_{fig}")
        r = s.get(f"{ph}_{fig}_ratio")
        if o and r:
            cells += [fmt(o), f"hvlb/OVS-DPDK: {r['median']:.2f}× ({r['min']:.2f}-{r['max']:.2f})"]
        else:
            cells += [fmt(o) if o else "skipped", ""]
        if floor:
            f = s.get(f"floor_{ph}_{fig}")
            cells += ([fmt(f), f"{h['median'] / f['median']:.0%}, "
                       + (f"{o['median'] / f['median']:.0%}" if o else "-")] if f else ["", ""])
        rows.append("| " + " | ".join(cells) + " |")
    return rows
