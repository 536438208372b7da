"""An HTTP/1.1 keep-alive server that answers every GET after a fixed delay (Benchmarks/load/run).

    python3 delay-server.py PORT SECONDS
"""
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

DELAY = float(sys.argv[2])
BODY = b'{"ok":true}'


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        time.sleep(DELAY)
        # One write: a head and a body written apart wait for a delayed ACK (Nagle), 40 ms more.
        self.wfile.write(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s" % (len(BODY), BODY))

    def log_message(self, *args):
        pass


ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Handler).serve_forever()
