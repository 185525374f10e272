"""Whether headless Chromium can start a video before its download ends (Debian's chromium + chromium-driver, selenium).

Usage: progressive_check.py FILE EXPECT   (EXPECT: "plays" or "waits")
Serves FILE from a loopback server that offers no byte ranges and sends only the file's head, its index (when the
index is at the front) and half of the media after it (else half the file), then holds the rest back. A file whose
index comes first gives Chromium its metadata (duration) from that head; one whose index is at the end cannot. Prints
what it saw; exits 0 when Chromium did what EXPECT says, 1 otherwise.
"""
import http.server
import json
import os
import struct
import sys
import threading

from selenium.webdriver.support.ui import WebDriverWait

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from webview_common import browser  # noqa: E402

FILE, EXPECT = sys.argv[1:3]
DATA = open(FILE, 'rb').read()
release = threading.Event()
sent = {'bytes': 0}


def head_length():
    at = 0
    while at + 8 <= len(DATA):
        size, kind = struct.unpack('>I4s', DATA[at:at + 8])
        if size == 1:
            size = struct.unpack('>Q', DATA[at + 8:at + 16])[0]
        if kind == b'moov':
            end = at + size
            return end + (len(DATA) - end) // 2
        if kind == b'mdat' or size < 8:
            break
        at += size
    return len(DATA) // 2


HEAD = head_length()
PAGE = b'<!doctype html><video id="v" src="/video.mp4" preload="auto" muted></video>'


class Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def do_GET(self):
        if self.path != '/video.mp4':
            self.send_response(200)
            self.send_header('Content-Type', 'text/html')
            self.send_header('Content-Length', str(len(PAGE)))
            self.end_headers()
            self.wfile.write(PAGE)
            return
        self.send_response(200)
        self.send_header('Content-Type', 'video/mp4')
        self.send_header('Content-Length', str(len(DATA)))
        self.send_header('Accept-Ranges', 'none')
        self.end_headers()
        try:
            self.wfile.write(DATA[:HEAD])
            self.wfile.flush()
            sent['bytes'] += HEAD
            release.wait(60)
            self.wfile.write(DATA[HEAD:])
            sent['bytes'] += len(DATA) - HEAD
        except (BrokenPipeError, ConnectionResetError):
            pass


server = http.server.ThreadingHTTPServer(('127.0.0.1', 0), Handler)
threading.Thread(target=server.serve_forever, daemon=True).start()
d = browser()
try:
    d.get(f'http://127.0.0.1:{server.server_address[1]}/')
    script = "const v = document.getElementById('v'); return [v.readyState, v.duration];"
    try:
        WebDriverWait(d, 15 if EXPECT == 'plays' else 6, poll_frequency=0.05).until(
            lambda _: d.execute_script(script)[0] >= 1)
        state, duration = d.execute_script(script)
    except Exception:
        state, duration = d.execute_script(script)
    seen = {'file': os.path.basename(FILE), 'bytes': len(DATA), 'head': HEAD, 'sent_before_metadata': sent['bytes'],
            'ready_state': state, 'duration': duration}
    print(json.dumps(seen), flush=True)
    has_metadata = state >= 1 and duration is not None and duration > 0
    ok = has_metadata and sent['bytes'] < len(DATA) if EXPECT == 'plays' else not has_metadata
finally:
    release.set()
    d.quit()
    server.shutdown()
sys.exit(0 if ok else 1)
