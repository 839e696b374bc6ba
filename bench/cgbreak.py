#!/usr/bin/env python3
"""Where a callgrind run's instructions go, per packet: the functions that cost the most
(self cost, inlined code counted in the function it was inlined into), as Markdown rows.

    bench/cgbreak.py CALLGRIND_FILE PACKETS [TOP]
"""
import re
import subprocess
import sys


def main():
    f, n = sys.argv[1], int(sys.argv[2])
    top = int(sys.argv[3]) if len(sys.argv) > 3 else 10
    out = subprocess.run(["callgrind_annotate", "--inclusive=no", "--threshold=100", f],
                         capture_output=True, text=True, check=True).stdout
    rows = {}
    for line in out.splitlines():
        m = re.match(r"\s*([\d,]+)\s+(?:\([\d. %]+\)\s+)?(\S+?)(?:\s+\[.*\])?$", line)
        if not m or ":" not in m.group(2):
            continue
        name = m.group(2).split(":")[-1]
        if name.startswith("0x"):
            name = "(a DPDK PMD's rx/tx: no symbols)"
        rows[name] = rows.get(name, 0) + int(m.group(1).replace(",", ""))
    total = sum(rows.values())
    print("| function (self, with what it inlines) | instructions / packet | share |")
    print("|---|---|---|")
    for name, v in sorted(rows.items(), key=lambda kv: -kv[1])[:top]:
        label = name if name.startswith("(") else "`%s`" % name
        print("| %s | %.1f | %.0f%% |" % (label, v / n, 100.0 * v / total))
    print("| all | %.1f | |" % (total / n))


if __name__ == "__main__":
    main()
