"""What the benchmark scripts that write their own section of docs/benchmarks.md share: the
machine they ran on, and replacing one section of the file.

    import docsection
    docsection.write(path, "## Connection sync", lines)
    docsection.machine()   # "Intel(R) Xeon(R) ..., 2 cores, 6.1.0-..."
    docsection.stamp(res)  # res["date"], res["machine"] set

and their command line: --doc FILE, the result printed as one JSON line.

    a = docsection.parser(__doc__).parse_args()      # add a bench's own options to it first
    return docsection.report(run(), a.doc, HEADING, markdown)
"""

import argparse
import json
import os
import time
from pathlib import Path


def machine():
    """The CPU model, the core count and the kernel release, for a figure's footnote."""
    cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo")
                if line.startswith("model name")), "?")
    return f"{cpu}, {os.cpu_count()} cores, {os.uname().release}"


def stamp(res):
    """res with the date and the machine it was measured on (machine()), for its footnote."""
    res["date"] = time.strftime("%Y-%m-%d")
    res["machine"] = machine()
    return res


def write(path, heading, lines):
    """Puts lines in place of the file's section under heading (up to the next "## "), or at
    its end when it has none."""
    text = Path(path).read_text() if Path(path).exists() else ""
    start = text.find(heading)
    if start < 0:
        text = text.rstrip("\n") + "\n\n" if text else ""
        Path(path).write_text(text + "\n".join(lines))
        return
    end = text.find("\n## ", start + len(heading))
    rest = text[end + 1:] if end >= 0 else ""
    Path(path).write_text(text[:start] + "\n".join(lines) + ("\n" + rest if rest else ""))


def parser(doc):
    """An argument parser described by the first line of doc (the script's docstring), with
    --doc FILE."""
    ap = argparse.ArgumentParser(description=doc.split("\n")[0])
    ap.add_argument("--doc", help="write the section of this markdown file")
    return ap


def report(res, doc, heading, markdown):
    """With doc (a file), markdown(res)'s lines in place of its section under heading; res
    printed as one JSON line. main's exit status: 0."""
    if doc:
        write(doc, heading, markdown(res))
    print(json.dumps(res))
    return 0
