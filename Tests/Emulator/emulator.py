#!/usr/bin/env python3
"""Loopback emulator of the Finnhub quote endpoint, for the integration and acceptance tests.

Never used by production code. Starts on 127.0.0.1 and a free port, prints "PORT <n>" and serves:

  GET  /quote?symbol=T   with header X-Finnhub-Token: <key>   (401 without the right key)
  POST /_control/faults  {"symbol": "T" or "*", "fault": "401|403|429|500|garbage|slow|drop", "times": n, "retryAfter": s}
  POST /_control/quotes  {"T": {"c": ..., "d": ..., "dp": ..., "pc": ..., "t": ...}}  set or replace quotes
  GET  /_control/requests  {"T": number of quote requests seen}
  GET  /_control/stats     {"maxInFlight": the most quote requests ever served at once}

Quotes are deterministic; an unknown symbol answers like Finnhub does, with c == 0 and t == 0.
"""
import argparse
import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

QUOTES = {
    "AAA": {"c": 35, "d": 1.5, "dp": 4.4776, "h": 36, "l": 33, "o": 33.5, "pc": 33.5, "t": 1720000000},
    "BBB": {"c": 30, "d": -0.5, "dp": -1.6393, "h": 31, "l": 29, "o": 30.5, "pc": 30.5, "t": 1720000000},
    "AAPL": {"c": 190.12, "d": 2.12, "dp": 1.1277, "h": 191, "l": 187, "o": 188, "pc": 188, "t": 1720000000},
    "MSFT": {"c": 410.5, "d": None, "dp": None, "h": 412, "l": 405, "o": 406, "pc": 406, "t": 1720000000},
}


class State:
    def __init__(self, api_key):
        self.api_key = api_key
        self.lock = threading.Lock()
        self.quotes = {k: dict(v) for k, v in QUOTES.items()}
        self.faults = {}  # symbol -> [fault dict, remaining]
        self.requests = {}
        self.in_flight = 0
        self.max_in_flight = 0

    def enter(self):
        with self.lock:
            self.in_flight += 1
            self.max_in_flight = max(self.max_in_flight, self.in_flight)

    def leave(self):
        with self.lock:
            self.in_flight -= 1

    def take_fault(self, symbol):
        with self.lock:
            self.requests[symbol] = self.requests.get(symbol, 0) + 1
            for key in (symbol, "*"):
                entry = self.faults.get(key)
                if entry and entry[1] != 0:
                    entry[1] -= 1
                    return entry[0]
        return None


def make_handler(state):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def send_json(self, status, body, headers=None):
            data = body if isinstance(body, bytes) else json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            for name, value in (headers or {}).items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self):
            url = urlparse(self.path)
            if url.path == "/_control/requests":
                with state.lock:
                    return self.send_json(200, state.requests)
            if url.path == "/_control/stats":
                with state.lock:
                    return self.send_json(200, {"maxInFlight": state.max_in_flight})
            if url.path.rstrip("/").endswith("/quote"):
                state.enter()
                try:
                    return self.quote(parse_qs(url.query).get("symbol", [""])[0])
                finally:
                    state.leave()
            self.send_json(404, {"error": "not found"})

        def do_POST(self):
            length = int(self.headers.get("Content-Length", "0"))
            body = json.loads(self.rfile.read(length) or b"{}")
            if self.path == "/_control/faults":
                with state.lock:
                    state.faults[body["symbol"]] = [body, body.get("times", -1)]
                return self.send_json(200, {"ok": True})
            if self.path == "/_control/quotes":
                with state.lock:
                    state.quotes.update(body)
                return self.send_json(200, {"ok": True})
            self.send_json(404, {"error": "not found"})

        def quote(self, symbol):
            if state.api_key is not None and self.headers.get("X-Finnhub-Token") != state.api_key:
                state.take_fault(symbol)
                return self.send_json(401, {"error": "Invalid API key"})
            fault = state.take_fault(symbol)
            kind = fault and fault["fault"]
            if kind in ("401", "403", "500"):
                return self.send_json(int(kind), {"error": "injected " + kind})
            if kind == "429":
                return self.send_json(429, {"error": "API limit reached"}, {"Retry-After": str(fault.get("retryAfter", 1))})
            if kind == "garbage":
                return self.send_json(200, b"<html>definitely not json</html>")
            if kind == "slow":
                time.sleep(fault.get("seconds", 5))
            if kind == "drop":
                self.close_connection = True
                self.connection.shutdown(2)
                return
            with state.lock:
                quote = state.quotes.get(symbol, {"c": 0, "d": None, "dp": None, "h": 0, "l": 0, "o": 0, "pc": 0, "t": 0})
            self.send_json(200, quote)

    return Handler


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--api-key", default="test-key", help="the only accepted X-Finnhub-Token")
    args = parser.parse_args()
    server = ThreadingHTTPServer(("127.0.0.1", args.port), make_handler(State(args.api_key)))
    server.daemon_threads = True
    print("PORT %d" % server.server_address[1], flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    sys.exit(main())
