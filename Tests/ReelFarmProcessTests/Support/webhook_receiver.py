#!/usr/bin/env python3
"""A webhook receiver for WebhookTests: logs every request as one JSON line (path, headers, body in base64) and
answers by path: /fail-once/... 500 the first time and 200 after, /redirect/... 302 to /ok, anything else 200.
usage: webhook_receiver.py HOST PORT LOG   (PORT 0 lets the kernel choose; the port is printed on stdout)."""
import base64
import http.server
import json
import sys
import threading

host, port, log = sys.argv[1], int(sys.argv[2]), sys.argv[3]
seen = {}
lock = threading.Lock()


class Handler(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(min(int(self.headers.get("Content-Length", "0")), 1 << 20))
        with lock:
            seen[self.path] = seen.get(self.path, 0) + 1
            count = seen[self.path]
            with open(log, "a") as f:
                f.write(json.dumps({"path": self.path, "headers": dict(self.headers),
                                    "body": base64.b64encode(body).decode()}) + "\n")
        if self.path.startswith("/fail-once") and count == 1:
            self.answer(500, b"try again later")
        elif self.path.startswith("/redirect"):
            self.answer(302, b"moved", [("Location", "http://%s:%d/ok" % (host, self.server.server_port))])
        else:
            self.answer(200, b"thanks")

    def answer(self, code, body, headers=()):
        self.send_response(code)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer((host, port), Handler)
print(server.server_port, flush=True)
server.serve_forever()
