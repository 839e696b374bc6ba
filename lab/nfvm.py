#!/usr/bin/env python3
"""The lab's NFV manager: the HTTP endpoint hvlb-controller's --nfvm-webhook posts to.

It records each request (an lb-request's, or the pool's request for a forwarder: see
docs/controller.md, "The pool") as one JSON line in FILE and answers 202 Accepted; what a
real NFV manager would then do (start a forwarder) the caller does, reading FILE: in the lab
that is lab/scaleout.py's Pool.start_member.

    nfvm.py --listen 10.8.0.1:8600 --log requests.jsonl
"""

import argparse
import json
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--listen", required=True, help="ADDR:PORT")
    p.add_argument("--log", required=True, help="file the requests are appended to")
    args = p.parse_args()
    host, port = args.listen.rsplit(":", 1)

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            n = int(self.headers.get("Content-Length") or 0)
            try:
                body = json.loads(self.rfile.read(min(n, 1 << 16)) or b"null")
            except ValueError as e:
                self.send_error(400, f"body: {e}")
                return
            with open(args.log, "a") as f:
                f.write(json.dumps(body) + "\n")
            self.send_response(202)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, fmt, *a):
            sys.stderr.write("nfvm: " + fmt % a + "\n")

    srv = ThreadingHTTPServer((host, int(port)), Handler)
    print(f"nfvm: listening on {args.listen}", flush=True)
    srv.serve_forever()


if __name__ == "__main__":
    main()
