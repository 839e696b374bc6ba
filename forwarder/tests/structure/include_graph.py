#!/usr/bin/env python3
"""The include graph of forwarder/src, module by module, has no circles.

A module is x.c with x.h (either may be missing). Module X depends on module Y when x.c or
x.h includes "y.h" from the same directory; headers of forwarder/core, DPDK and the
generated protobuf code are outside the graph. The structure this keeps: every piece of state
has one owning module, `struct fwd` only composes them, and includes flow one way
(docs/architecture.md draws the layers).

Usage: include_graph.py SRC_DIR   (exit 1, naming a circle, when there is one)
"""
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)\.h"', re.M)


def modules(src):
    """{module: set of modules it includes}, for the .c and .h files of src."""
    names = {os.path.splitext(f)[0] for f in os.listdir(src) if f.endswith((".c", ".h"))}
    deps = {m: set() for m in names}
    for m in names:
        for ext in (".c", ".h"):
            path = os.path.join(src, m + ext)
            if not os.path.exists(path):
                continue
            with open(path) as fh:
                for inc in INCLUDE.findall(fh.read()):
                    if inc in names and inc != m:
                        deps[m].add(inc)
    return deps


def find_cycle(deps):
    """A list of modules forming a circle, or None."""
    state = {}  # 1: on the current path, 2: done
    path = []

    def visit(m):
        state[m] = 1
        path.append(m)
        for d in sorted(deps[m]):
            if state.get(d) == 1:
                return path[path.index(d):] + [d]
            if d not in state:
                c = visit(d)
                if c:
                    return c
        path.pop()
        state[m] = 2
        return None

    for m in sorted(deps):
        if m not in state:
            c = visit(m)
            if c:
                return c
    return None


def main():
    src = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "..", "src")
    deps = modules(src)
    cycle = find_cycle(deps)
    if cycle:
        print("include circle: " + " -> ".join(cycle))
        return 1
    print(f"{len(deps)} modules, no include circle")
    return 0


if __name__ == "__main__":
    sys.exit(main())
