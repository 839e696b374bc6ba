#!/usr/bin/env python3
"""The packet fixtures as a benchmark (Katran's way): every fixture set is run through the real
worker pipeline under callgrind, which dumps its count after each case, so each case's packets
get an exact instruction figure and the whole covers every path the fixtures cover (ARP, ND,
echo, new and established connections, handoffs, ICMP errors, drops, the SYN proxy...).

Counted inside worker_process_burst (the burst pipeline: classify, look up, forward), not the
RX/TX rings. One JSON line on stdout; with --markdown FILE, a section for docs/benchmarks.md.

    bench/fixtures.py [--runner build/forwarder/tests/fixtures/fixture_runner] [--markdown F]
"""
import argparse
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(ROOT, "forwarder", "tests", "fixtures")


def cases_of(path):
    """[(name, input packets)] in file order."""
    out, name, n = [], None, 0
    for line in open(path):
        w = line.split()
        if not w:
            continue
        if w[0] == "case":
            name, n = w[1], 0
        elif w[0] == "in":
            n += 1
        elif w[0] == "end" and name is not None:
            out.append((name, n))
            name = None
    return out


def count(path):
    for line in open(path):
        if line.startswith("summary:") or line.startswith("totals:"):
            return int(line.split()[1])
    return 0


def run_set(runner, txt, tmp):
    cases = cases_of(txt)
    out = os.path.join(tmp, "cg.out")
    r = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out,
                        "--toggle-collect=worker_process_burst", "--dump-after=run_case",
                        runner, txt], capture_output=True, text=True, timeout=600)
    # The runner's checks are make test's job; here a case may differ in timing only: under
    # valgrind everything runs tens of times slower against a clock calibrated at full speed,
    # so a timer can fire inside a case (an extra ARP request) or a measured time can come out
    # differently (an RTT sample). Such cases are named, their figures kept.
    differed = [l.split()[1] for l in r.stderr.splitlines() if l.startswith("FAIL ")]
    missing = [i + 1 for i in range(len(cases)) if not os.path.exists("%s.%d" % (out, i + 1))]
    if missing:
        raise SystemExit("fixtures bench: %s: no callgrind dump after %d of its %d cases:\n%s"
                         % (txt, len(missing), len(cases), r.stderr[-2000:]))
    dumps = [count("%s.%d" % (out, i + 1)) for i in range(len(cases))]
    for f in glob.glob(out + "*"):
        os.unlink(f)
    rows = [{"case": c, "packets": n, "instructions": d} for (c, n), d in zip(cases, dumps)]
    pk = sum(r["packets"] for r in rows)
    ins = sum(r["instructions"] for r in rows)
    return {"set": os.path.basename(txt)[:-4], "cases": len(rows), "packets": pk,
            "instr_per_pkt": round(ins / pk, 1) if pk else None, "rows": rows,
            "differed": differed}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runner", default=os.path.join(ROOT, "build", "forwarder", "tests",
                                                     "fixtures", "fixture_runner"))
    ap.add_argument("--markdown")
    a = ap.parse_args()
    if not shutil.which("valgrind"):
        print(json.dumps({"fixtures": None, "why": "no valgrind"}))
        return
    tmp = tempfile.mkdtemp(prefix="hvlb_fxbench_")
    try:
        sets = [run_set(a.runner, t, tmp) for t in sorted(glob.glob(os.path.join(FIXTURES, "fixtures*.txt")))]
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    res = {"fixtures": {s["set"]: {"cases": s["cases"], "packets": s["packets"],
                                   "instr_per_pkt": s["instr_per_pkt"],
                                   "differed": s["differed"]} for s in sets}}
    if a.markdown:
        md = ["## The packet fixtures through the worker", "",
              "`bench/fixtures.py`: every fixture set (forwarder/tests/fixtures) run through the worker",
              "pipeline under callgrind, counted inside `worker_process_burst` (not the rings), a dump after",
              "each case: so the figures cover every path the fixtures cover, not only the established",
              "flow above. A case's packets are its input frames (handed-off ones are counted once, where",
              "they arrive, and their second worker's work is in the case's count).", "",
              "| set | cases | packets | instructions / packet | dearest cases (instructions / packet) |",
              "|---|---|---|---|---|"]
        for s in sets:
            dear = sorted((r for r in s["rows"] if r["packets"]),
                          key=lambda r: -r["instructions"] / r["packets"])[:3]
            md.append("| %s | %d | %d | %s | %s |" % (
                s["set"], s["cases"], s["packets"], s["instr_per_pkt"],
                ", ".join("`%s` %d" % (r["case"], r["instructions"] // r["packets"]) for r in dear)))
        md.append("")
        diff = ["`%s` (%s)" % (c, s["set"]) for s in sets for c in s["differed"]]
        if diff:
            md += ["Under valgrind everything runs tens of times slower against a clock calibrated at",
                   "full speed, so a timer can fire inside a case or a measured time come out otherwise;",
                   "these cases differed that way in this run (their figures are included; `make test`",
                   "checks them): "
                   + ", ".join(diff) + ".", ""]
        with open(a.markdown, "w") as f:
            f.write("\n".join(md) + "\n")
        with open(a.markdown + ".json", "w") as f:
            json.dump(sets, f, indent=1)
    print(json.dumps(res))


if __name__ == "__main__":
    sys.exit(main())
