#!/usr/bin/env python3
"""Loopback emulator of the remote services, for the integration and acceptance tests and the
README's demo. Never used by production code. Starts on 127.0.0.1 (and a free port unless --port
is given), prints "PORT <n>" and serves:

Finnhub quotes and symbol search
  GET  /quote?symbol=T   with header X-Finnhub-Token: <key>   (401 without the right key)
  GET  /search?q=TEXT    symbols whose symbol or description contains TEXT, as Finnhub answers
  GET  /stock/candle?symbol=T&resolution=D&from=U&to=U   daily closes of a quoted symbol on each weekday in
                         [from, to] (Unix seconds), 0.1% lower per weekday back from the quote's price;
                         {"s": "no_data"} for another. Fault "candle" 403 answers as Finnhub's free tier does.

Firebase Auth REST (the paths Firebase's own auth emulator uses; ?key=<key> required)
  POST /identitytoolkit.googleapis.com/v1/accounts:signUp            {email, password, returnSecureToken}
  POST /identitytoolkit.googleapis.com/v1/accounts:signInWithPassword {email, password, returnSecureToken}
  POST /identitytoolkit.googleapis.com/v1/accounts:sendOobCode        {requestType: "PASSWORD_RESET", email}
  POST /securetoken.googleapis.com/v1/token    form: grant_type=refresh_token&refresh_token=...  (snake_case answer)
  Errors look like Firebase's: {"error": {"code": 400, "message": "EMAIL_EXISTS", "errors": [...]}}.

Firebase Realtime Database REST, with the rules every user's data needs
  GET|PUT|PATCH|DELETE /users/<uid>/<transactions|ledger>[/<id>].json?auth=<idToken>
  No, unknown or expired token: 401. A token of another user: 403 {"error": "Permission denied"}.
  Conditional requests: a GET with "X-Firebase-ETag: true" answers an ETag header; a PUT or DELETE
  with "if-match: <etag>" is refused with 412 (the current value and ETag) when the location changed.
  Keys and values beyond the database's limits are refused with 400, the whole write with them.

Cloud Firestore REST, the options journal's users/<uid> document: see firestore_endpoints.py

Frankfurter's exchange rates (/latest, /YYYY-MM-DD, /START..END with from= and to=): see frankfurter_endpoints.py

Control (tests only)
  POST /_control/faults  {"symbol": "T" | "*" | "auth" | "db" | "db-write", "fault": "401|403|429|500|garbage|slow|drop|endless" or,
                          for "auth", a Firebase error message such as "TOO_MANY_ATTEMPTS_TRY_LATER", or, for the
                          database, "drop-after-write" (applied, then the connection closes unanswered) or
                          "401-permission-denied" (the real database's answer to a rules violation);
                          "times": n, "retryAfter": s. "db-write" faults only PUT, PATCH and DELETE;
                          "firestore" faults Firestore requests with 401, 403 or 500;
                          "firestore-silent" (any fault) accepts a Firestore request and never answers (10 s).
                          {"symbol": "db-hold", "fault": "hold"} holds the next write until /_control/release.
  POST /_control/release         lets held writes go on
  GET  /_control/held-writes     {"held": how many writes have been held so far}
  GET  /_control/silent-waits    {"waits": seconds each silent Firestore request's client waited before hanging up}
  GET  /ws/echo, /ws/finnhub     WebSocket endpoints, with faults: see websocket_endpoints.py
  GET  /_control/ws-stats        WebSocket connections so far, open now, messages echoed
  GET  /_control/chunked         a body sent with Transfer-Encoding: chunked
                                 (?extensions=1: with chunk extensions and a trailer;
                                 ?hostile=1: a 1-byte chunk, then a chunk size of 2^63 - 1)
  GET  /_control/flood?kind=continue|trailers   a server that never stops sending: endless
                                 "100 Continue" heads, or a chunked body's endless trailer lines
                                 (for 10 s at most, or until the client hangs up)
  POST /_control/quotes  {"T": {"c": ..., "d": ..., "dp": ..., "pc": ..., "t": ...}}  set or replace quotes
  POST /_control/expire-tokens   every id token issued so far stops being accepted
  GET  /_control/requests  {"T": number of quote requests seen}
  POST /_control/quote-limit {"perMinute": n}  Finnhub's calls a minute (default 60, the free plan's)
  GET  /time_series        Twelve Data's daily history (interval=1day, start_date, end_date, order), its free
                           plan's 8 calls a minute and 800 a day, and its errors in the body with HTTP 200
  GET  /_control/quote-refusals  {"refused": Finnhub quote calls answered 429 for the minute's limit,
                                  "history": Twelve Data calls refused for its credits, "historyCalls": today's calls}
  GET  /_control/stats     {"maxInFlight": the most quote requests ever served at once}
  GET  /_control/password-resets   ["email", ...] the reset emails that would have been sent
  GET  /_control/database-queries  the query items of each database request, the auth token left out
  GET  /_control/firestore-writes  [{"paths": the update mask or null, "uid"}] per Firestore write
  POST /_control/raw-answers {"path": "/ledger.json", "file": "/tmp/answer.json"}  every GET whose path
                           contains the text is answered 200 with the file's bytes, as sent: a hostile
                           or very large answer for the benchmark's memory cases

Quotes are deterministic; an unknown symbol answers like Finnhub does, with c == 0 and t == 0.
With --data-dir, accounts and data survive a restart (state.json, replaced atomically).
With --demo, seed 000's test user exists: test@stockport.com / Test@123, holding seed 000's
sample portfolio (AAPL 2, TSLA 1) as two buys.
"""
import argparse
import calendar
import hashlib
import json
import os
import re
import secrets
import shutil
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

import firestore_endpoints
import frankfurter_endpoints
import websocket_endpoints

DATABASE_PATH = re.compile(r"^/users/([^/]+)/(transactions|ledger)(?:/([^/]+))?\.json$")
MAX_FAILED_SIGN_INS = 5

QUOTES = {
    "AAA": {"c": 35, "d": 1.5, "dp": 4.4776, "h": 36, "l": 33, "o": 33.5, "pc": 33.5, "t": 1720000000},
    "BBB": {"c": 30, "d": -0.5, "dp": -1.6393, "h": 31, "l": 29, "o": 30.5, "pc": 30.5, "t": 1720000000},
    "AAPL": {"c": 190.12, "d": 2.12, "dp": 1.1277, "h": 191, "l": 187, "o": 188, "pc": 188, "t": 1720000000},
    "MSFT": {"c": 410.5, "d": None, "dp": None, "h": 412, "l": 405, "o": 406, "pc": 406, "t": 1720000000},
    "TSLA": {"c": 258.14, "d": -4.37, "dp": -1.6647, "h": 263, "l": 255.2, "o": 262, "pc": 262.51, "t": 1720000000},
}

SYMBOLS = [
    {"description": "APPLE INC", "displaySymbol": "AAPL", "symbol": "AAPL", "type": "Common Stock"},
    {"description": "APPLE INC", "displaySymbol": "AAPL.MX", "symbol": "AAPL.MX", "type": "Common Stock"},
    {"description": "INTL BUSINESS MACHINES CORP", "displaySymbol": "IBM", "symbol": "IBM", "type": "Common Stock"},
    {"description": "BERKSHIRE HATHAWAY INC-CL B", "displaySymbol": "BRK.B", "symbol": "BRK.B", "type": "Common Stock"},
    {"description": "S&P 500 INDEX", "displaySymbol": "^GSPC", "symbol": "^GSPC", "type": "Index"},
]

# Seed 000's sample portfolio for its test user: AAPL 2, TSLA 1, bought at the sample prices.
DEMO_TRANSACTIONS = {
    "demo-aapl": {"type": "buy", "updatedAt": 1700000000000, "date": "2024-01-02", "ticker": "AAPL", "quantity": "2", "sum": "348.52"},
    "demo-tsla": {"type": "buy", "updatedAt": 1700000000000, "date": "2024-01-02", "ticker": "TSLA", "quantity": "1", "sum": "258.14"},
}


class State:
    def __init__(self, api_key, data_dir=None, token_ttl=3600):
        self.api_key = api_key
        self.data_dir = data_dir
        self.token_ttl = token_ttl
        self.lock = threading.RLock()
        self.websockets = websocket_endpoints.WebSocketStats()
        self.held_writes = 0
        self.silent_waits = []
        self.release = threading.Event()
        self.users = {}  # email -> {"uid", "salt", "hash"}
        self.refresh_tokens = {}  # refresh token -> uid
        self.id_tokens = {}  # id token -> {"uid", "expires"}
        self.failed_sign_ins = {}  # email -> consecutive failures
        self.password_resets = []
        self.database = {}  # uid -> {id: record}
        self.firestore = {}  # project -> {uid: {"fields", "createTime", "updateTime"}}
        self.firestore_clock = 0
        self.firestore_writes = []  # {"paths": the update mask, "uid"} per write
        self.load()
        self.quotes = {k: dict(v) for k, v in QUOTES.items()}
        self.faults = {}  # symbol -> [fault dict, remaining]
        self.raw_answers = {}  # part of a path -> file
        self.database_queries = []
        self.requests = {}
        # Finnhub's free plan: 60 API calls a minute, counted over any 60 s; past it, 429.
        self.quotes_per_minute = 60
        self.quote_times = []
        self.quote_refusals = 0
        # Twelve Data's free plan: 8 credits a minute (reset each minute), 800 a day.
        self.history_per_minute = 8
        self.history_calls = []  # (minute, day) per call
        self.history_refusals = 0
        self.in_flight = 0
        self.max_in_flight = 0

    def enter(self):
        with self.lock:
            self.in_flight += 1
            self.max_in_flight = max(self.max_in_flight, self.in_flight)

    def leave(self):
        with self.lock:
            self.in_flight -= 1

    # Accounts and data

    def load(self):
        if not self.data_dir:
            return
        path = os.path.join(self.data_dir, "state.json")
        if os.path.exists(path):
            with open(path) as f:
                saved = json.load(f)
            self.users, self.refresh_tokens = saved["users"], saved["refreshTokens"]
            self.id_tokens, self.database = saved["idTokens"], saved["database"]
            self.firestore = saved.get("firestore", {})

    def save(self):
        if not self.data_dir:
            return
        os.makedirs(self.data_dir, exist_ok=True)
        path = os.path.join(self.data_dir, "state.json")
        with open(path + ".tmp", "w") as f:
            json.dump({"users": self.users, "refreshTokens": self.refresh_tokens, "idTokens": self.id_tokens, "database": self.database,
                       "firestore": self.firestore}, f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(path + ".tmp", path)

    @staticmethod
    def hash_password(password, salt):
        return hashlib.scrypt(password.encode(), salt=bytes.fromhex(salt), n=2**14, r=8, p=1).hex()

    def create_user(self, email, password):
        salt = secrets.token_hex(16)
        user = {"uid": secrets.token_hex(14), "salt": salt, "hash": self.hash_password(password, salt)}
        self.users[email.lower()] = user
        self.save()
        return user

    def issue_tokens(self, uid, refresh_token=None):
        id_token = secrets.token_urlsafe(32)
        self.id_tokens[id_token] = {"uid": uid, "expires": time.time() + self.token_ttl}
        refresh_token = refresh_token or secrets.token_urlsafe(48)
        self.refresh_tokens[refresh_token] = uid
        self.save()
        return id_token, refresh_token

    def uid_for(self, id_token):
        entry = self.id_tokens.get(id_token or "")
        if entry is None:
            return None, "Unauthorized request."
        if entry["expires"] <= time.time():
            return None, "Auth token is expired"
        return entry["uid"], None

    def take_hold(self):
        """Whether to hold this write (a "db-hold" fault), without counting it as a request."""
        with self.lock:
            entry = self.faults.get("db-hold")
            if entry and entry[1] != 0:
                entry[1] -= 1
                return True
        return False

    def take_own_fault(self, symbol):
        """A fault injected for `symbol` itself, never one for "*"."""
        with self.lock:
            entry = self.faults.get(symbol)
            if entry and entry[1] != 0:
                entry[1] -= 1
                return entry[0]
        return None

    def take_fault(self, symbol):
        with self.lock:
            self.requests[symbol] = self.requests.get(symbol, 0) + 1
            for key in (symbol, "*"):
                entry = self.faults.get(key)
                if entry and entry[1] != 0:
                    entry[1] -= 1
                    return entry[0]
        return None


KEY_FORBIDDEN = set(".$#[]/")
MAX_KEY_BYTES = 768
MAX_STRING_BYTES = 10 * 1024 * 1024


def invalid_data(value):
    """The Realtime Database's documented limits on what it stores: keys of at most 768 bytes
    with no control characters and none of . $ # [ ] /, and strings of at most 10 MB."""
    if isinstance(value, dict):
        for key, child in value.items():
            if (not key or len(key.encode()) > MAX_KEY_BYTES or any(c in KEY_FORBIDDEN or ord(c) < 0x20 or ord(c) == 0x7F for c in key)):
                return "Invalid data; couldn't parse key beginning at 1:2. Key path must be non-empty and not contain . $ # [ ] / or control characters"
            problem = invalid_data(child)
            if problem:
                return problem
    elif isinstance(value, list):
        for child in value:
            problem = invalid_data(child)
            if problem:
                return problem
    elif isinstance(value, str) and len(value.encode()) > MAX_STRING_BYTES:
        return "Invalid data; string too long: strings may hold at most 10 MB"
    return None


def etag(value):
    """An opaque version of the data at a location, as the database's ETag header is."""
    canonical = json.dumps(value, sort_keys=True, separators=(",", ":")).encode()
    return hashlib.sha1(canonical).hexdigest()


def make_handler(state):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def send_json(self, status, body, headers=None):
            data = body if isinstance(body, bytes) else json.dumps(body).encode()
            # A quote stops counting as in flight before its answer goes out: the client may
            # start its next request as soon as it has read this one.
            if getattr(self, "counted_in_flight", False):
                self.counted_in_flight = False
                state.leave()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            for name, value in (headers or {}).items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self):
            url = urlparse(self.path)
            if url.path in ("/ws/echo", "/ws/finnhub"):
                return websocket_endpoints.serve(self, url, state.websockets, parse_qs(url.query), state.api_key)
            raw = next((f for part, f in state.raw_answers.items() if part in url.path), None)
            if raw:
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(os.path.getsize(raw)))
                self.end_headers()
                with open(raw, "rb") as answer:
                    shutil.copyfileobj(answer, self.wfile)
                return
            if url.path == "/_control/ws-stats":
                return self.send_json(200, state.websockets.snapshot())
            if url.path == "/_control/requests":
                with state.lock:
                    return self.send_json(200, state.requests)
            if url.path == "/_control/quote-refusals":
                with state.lock:
                    return self.send_json(200, {"refused": state.quote_refusals, "history": state.history_refusals,
                                                "historyCalls": len(state.history_calls)})
            if url.path == "/_control/stats":
                with state.lock:
                    return self.send_json(200, {"maxInFlight": state.max_in_flight})
            if url.path == "/_control/password-resets":
                with state.lock:
                    return self.send_json(200, state.password_resets)
            if url.path == "/_control/database-queries":
                with state.lock:
                    return self.send_json(200, state.database_queries)
            if url.path == "/_control/flood":
                kind = parse_qs(url.query).get("kind", ["continue"])[0]
                self.close_connection = True
                if kind == "trailers":
                    self.wfile.write(b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1\r\na\r\n0\r\n")
                line = b"HTTP/1.1 100 Continue\r\n\r\n" if kind == "continue" else b"X-Trailer: again\r\n"
                until = time.time() + 10
                try:
                    while time.time() < until:
                        self.wfile.write(line * 64)
                except OSError:
                    pass
                return
            if url.path == "/_control/chunked":
                # A body in chunks, as many real servers send one: "Hello, chunked world".
                extended = parse_qs(url.query).get("extensions") == ["1"]
                self.send_response(200)
                self.send_header("Content-Type", "text/plain")
                self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                if parse_qs(url.query).get("hostile") == ["1"]:
                    self.wfile.write(b"1\r\na\r\n7fffffffffffffff\r\n")
                    return
                for piece in (b"Hello, ", b"chunked", b" world"):
                    self.wfile.write(b"%x%s\r\n%s\r\n" % (len(piece), b";ext=1" if extended else b"", piece))
                self.wfile.write(b"0\r\nX-Trailer: yes\r\n\r\n" if extended else b"0\r\n\r\n")
                return
            if url.path == "/_control/silent-waits":
                with state.lock:
                    return self.send_json(200, {"waits": list(state.silent_waits)})
            if url.path == "/_control/held-writes":
                with state.lock:
                    return self.send_json(200, {"held": state.held_writes})
            if url.path == "/_control/firestore-writes":
                with state.lock:
                    return self.send_json(200, state.firestore_writes)
            if firestore_endpoints.matches(url.path):
                return firestore_endpoints.serve(self, "GET", url, state, b"")
            if DATABASE_PATH.match(url.path) or url.path.startswith("/users"):
                return self.database("GET", url)
            if url.path.rstrip("/").endswith("/search"):
                return self.search(parse_qs(url.query).get("q", [""])[0])
            if url.path.rstrip("/").endswith("/stock/candle"):
                return self.candle(parse_qs(url.query))
            if frankfurter_endpoints.matches(url.path):
                return frankfurter_endpoints.serve(self, url, parse_qs(url.query))
            if url.path.rstrip("/").endswith("/time_series"):
                return self.time_series(parse_qs(url.query))
            if url.path.rstrip("/").endswith("/quote"):
                state.enter()
                self.counted_in_flight = True
                try:
                    return self.quote(parse_qs(url.query).get("symbol", [""])[0])
                finally:
                    if self.counted_in_flight:
                        self.counted_in_flight = False
                        state.leave()
            self.send_json(404, {"error": "not found"})

        def read_body(self):
            length = int(self.headers.get("Content-Length", "0"))
            return self.rfile.read(length)

        def do_PUT(self):
            self.database("PUT", urlparse(self.path))

        def do_PATCH(self):
            url = urlparse(self.path)
            if firestore_endpoints.matches(url.path):
                return firestore_endpoints.serve(self, "PATCH", url, state, self.read_body())
            self.database("PATCH", url)

        def do_DELETE(self):
            self.database("DELETE", urlparse(self.path))

        def do_POST(self):
            raw = self.read_body()
            url = urlparse(self.path)
            if url.path.startswith("/identitytoolkit.googleapis.com/") or url.path.startswith("/securetoken.googleapis.com/"):
                return self.auth(url, raw)
            body = json.loads(raw or b"{}")
            if self.path == "/_control/release":
                state.release.set()
                return self.send_json(200, {"ok": True})
            if self.path == "/_control/expire-tokens":
                with state.lock:
                    for entry in state.id_tokens.values():
                        entry["expires"] = 0
                    state.save()
                return self.send_json(200, {"ok": True})
            if self.path == "/_control/faults":
                with state.lock:
                    state.faults[body["symbol"]] = [body, body.get("times", -1)]
                return self.send_json(200, {"ok": True})
            if self.path == "/_control/quotes":
                with state.lock:
                    state.quotes.update(body)
                return self.send_json(200, {"ok": True})
            if self.path == "/_control/raw-answers":
                with state.lock:
                    state.raw_answers[body["path"]] = body["file"]
                return self.send_json(200, {"ok": True})
            if self.path == "/_control/quote-limit":
                with state.lock:
                    state.quotes_per_minute = int(body["perMinute"])
                return self.send_json(200, {"ok": True})
            self.send_json(404, {"error": "not found"})

        # Firebase Auth

        def auth_error(self, message, status=400):
            code = message.split(" : ")[0]
            self.send_json(status, {"error": {"code": status, "message": message,
                                              "errors": [{"message": code, "domain": "global", "reason": "invalid"}]}})

        def auth(self, url, raw):
            if parse_qs(url.query).get("key", [""])[0] != state.api_key:
                return self.auth_error("API key not valid. Please pass a valid API key.")
            fault = state.take_fault("auth")
            if fault:
                kind = fault["fault"]
                if kind == "drop":
                    self.close_connection = True
                    self.connection.shutdown(2)
                    return
                return self.auth_error(kind, int(kind) if kind.isdigit() else 400)
            method = url.path.rsplit("/", 1)[-1]
            if method == "token":
                form = parse_qs(raw.decode())
                return self.refresh(form.get("grant_type", [""])[0], form.get("refresh_token", [""])[0])
            try:
                body = json.loads(raw or b"{}")
            except ValueError:
                return self.auth_error("INVALID_JSON")
            email, password = str(body.get("email", "")), str(body.get("password", ""))
            with state.lock:
                if method == "accounts:signUp":
                    return self.sign_up(email, password)
                if method == "accounts:signInWithPassword":
                    return self.sign_in(email, password)
                if method == "accounts:sendOobCode" and body.get("requestType") == "PASSWORD_RESET":
                    if email.lower() not in state.users:
                        return self.auth_error("EMAIL_NOT_FOUND")
                    state.password_resets.append(email.lower())
                    return self.send_json(200, {"kind": "identitytoolkit#GetOobConfirmationCodeResponse", "email": email})
            self.send_json(404, {"error": {"code": 404, "message": "NOT_FOUND"}})

        def sign_up(self, email, password):
            if not re.match(r"^[^@\s]+@[^@\s]+\.[^@\s]+$", email):
                return self.auth_error("INVALID_EMAIL")
            if len(password) < 6:
                return self.auth_error("WEAK_PASSWORD : Password should be at least 6 characters")
            if email.lower() in state.users:
                return self.auth_error("EMAIL_EXISTS")
            user = state.create_user(email, password)
            self.send_session(user["uid"], email.lower(), "identitytoolkit#SignupNewUserResponse")

        def sign_in(self, email, password):
            user = state.users.get(email.lower())
            if user is None:
                return self.auth_error("EMAIL_NOT_FOUND")
            if state.failed_sign_ins.get(email.lower(), 0) >= MAX_FAILED_SIGN_INS:
                return self.auth_error("TOO_MANY_ATTEMPTS_TRY_LATER : Access to this account has been temporarily disabled")
            if not secrets.compare_digest(state.hash_password(password, user["salt"]), user["hash"]):
                state.failed_sign_ins[email.lower()] = state.failed_sign_ins.get(email.lower(), 0) + 1
                return self.auth_error("INVALID_PASSWORD")
            state.failed_sign_ins.pop(email.lower(), None)
            self.send_session(user["uid"], email.lower(), "identitytoolkit#VerifyPasswordResponse")

        def send_session(self, uid, email, kind):
            id_token, refresh_token = state.issue_tokens(uid)
            self.send_json(200, {"kind": kind, "localId": uid, "email": email, "idToken": id_token,
                                 "refreshToken": refresh_token, "expiresIn": str(state.token_ttl), "registered": True})

        def refresh(self, grant_type, refresh_token):
            with state.lock:
                uid = state.refresh_tokens.get(refresh_token)
                if grant_type != "refresh_token":
                    return self.auth_error("INVALID_GRANT_TYPE")
                if uid is None:
                    return self.auth_error("INVALID_REFRESH_TOKEN")
                id_token, refresh_token = state.issue_tokens(uid, refresh_token)
            self.send_json(200, {"expires_in": str(state.token_ttl), "token_type": "Bearer", "refresh_token": refresh_token,
                                 "id_token": id_token, "user_id": uid, "project_id": "investments-emulator"})

        # Firebase Realtime Database

        def database(self, method, url):
            raw = self.read_body() if method in ("PUT", "PATCH") else b""
            match = DATABASE_PATH.match(url.path)
            if method in ("PUT", "PATCH", "DELETE") and state.take_hold():
                # A writer delayed between its read and its write: held until /_control/release.
                with state.lock:
                    state.held_writes += 1
                state.release.wait(30)
            with state.lock:
                state.database_queries.append({k: v for k, v in parse_qs(url.query).items() if k != "auth"})
                uid, problem = state.uid_for(parse_qs(url.query).get("auth", [None])[0])
                if uid is None:
                    return self.send_json(401, {"error": problem})
                if match is None or match.group(1) != uid:
                    return self.send_json(403, {"error": "Permission denied"})
                fault = state.take_fault("db")
                if fault is None and method in ("PUT", "PATCH", "DELETE"):
                    fault = state.take_fault("db-write")
                if fault and fault["fault"] == "401-permission-denied":
                    # What the real database answers for a rules violation: 401, not 403.
                    return self.send_json(401, {"error": "Permission denied"})
                if fault and fault["fault"] in ("401", "403", "500"):
                    return self.send_json(int(fault["fault"]), {"error": "injected " + fault["fault"]})
                if fault and fault["fault"] == "drop":
                    self.close_connection = True
                    self.connection.shutdown(2)
                    return
                try:
                    body = json.loads(raw) if raw else None
                except ValueError:
                    return self.send_json(400, {"error": "Invalid data; couldn't parse JSON object, array, or value."})
                # A PATCH's top-level keys are paths: each segment is a key.
                problem = invalid_data({segment: child for key, child in body.items() for segment in key.split("/")}
                                       if method == "PATCH" and isinstance(body, dict) else body)
                if problem:
                    # As the real database: the whole write is refused, a batch included.
                    return self.send_json(400, {"error": problem})
                collections = state.database.setdefault(uid, {})
                records = collections.setdefault(match.group(2), {})
                record_id = match.group(3)
                current = records.get(record_id) if record_id else (records or None)
                if method == "GET":
                    wants_etag = self.headers.get("X-Firebase-ETag", "").lower() == "true"
                    return self.send_json(200, current, {"ETag": etag(current)} if wants_etag else None)
                expected = self.headers.get("if-match")
                if expected is not None and method in ("PUT", "DELETE") and expected != etag(current):
                    # Conditional write: the location changed since the client read it.
                    return self.send_json(412, current, {"ETag": etag(current)})
                if method == "PUT":
                    if record_id:
                        records[record_id] = body
                    else:
                        collections[match.group(2)] = body or {}
                elif method == "PATCH":
                    for key, value in (body or {}).items():
                        if value is None:
                            records.pop(key, None)
                        else:
                            records[key] = value
                elif method == "DELETE":
                    if record_id:
                        records.pop(record_id, None)
                    else:
                        collections[match.group(2)] = {}
                    body = None
                state.save()
                if fault and fault["fault"] == "drop-after-write":
                    # The write is applied, but the client never hears so: it can't tell it succeeded.
                    self.close_connection = True
                    self.connection.shutdown(2)
                    return
            self.send_json(200, body)

        def search(self, query):
            if state.api_key is not None and self.headers.get("X-Finnhub-Token") != state.api_key:
                return self.send_json(401, {"error": "Invalid API key"})
            fault = state.take_fault("search")
            if fault and fault["fault"] in ("401", "403", "429", "500"):
                return self.send_json(int(fault["fault"]), {"error": "injected " + fault["fault"]})
            q = query.upper()
            found = [s for s in SYMBOLS if q and (q in s["symbol"] or q in s["description"])]
            self.send_json(200, {"count": len(found), "result": found})

        def time_series(self, query):
            """Twelve Data's daily history, as its docs describe it: errors in the body with HTTP 200,
            and its free plan's credits, 8 a minute (reset each minute) and 800 a day."""
            def error(code, message):
                return self.send_json(200, {"code": code, "message": message, "status": "error"})
            fault = state.take_fault("time_series")
            if fault and fault["fault"] in ("429", "500"):
                # As a proxy in front of the service answers: the HTTP status, and a page that isn't JSON.
                return self.send_json(int(fault["fault"]), b"<html>Too Many Requests</html>")
            key = self.headers.get("Authorization", "").removeprefix("apikey ") or query.get("apikey", [""])[0]
            if state.api_key is not None and key != state.api_key:
                return error(401, "**apikey** parameter is incorrect or not specified. You can get your free API key instantly following this link: https://twelvedata.com/pricing.")
            minute, day = int(time.time() // 60), int(time.time() // 86400)
            with state.lock:
                state.history_calls = [c for c in state.history_calls if c[1] == day]
                this_minute = sum(1 for c in state.history_calls if c[0] == minute)
                if this_minute >= state.history_per_minute or len(state.history_calls) >= 800:
                    state.history_refusals += 1
                    return error(429, "You have run out of API credits for the current minute. %d API credits were used, with the current limit being %d. "
                                      "Wait for the next minute or consider switching to a higher tier plan at https://twelvedata.com/pricing"
                                 % (this_minute + 1, state.history_per_minute))
                state.history_calls.append((minute, day))
                quote = state.quotes.get(query.get("symbol", [""])[0])
            if query.get("interval", [""])[0] != "1day":
                return error(400, "**interval** is not supported by this stand-in; use 1day.")
            try:
                start = calendar.timegm(time.strptime(query["start_date"][0], "%Y-%m-%d")) // 86400
                end = calendar.timegm(time.strptime(query["end_date"][0], "%Y-%m-%d")) // 86400
            except (KeyError, ValueError):
                return error(400, "**start_date** and **end_date** must be dates such as 2024-06-28.")
            if not quote or not quote.get("c"):
                return error(404, "**symbol** or **figi** parameter is missing or invalid. Please provide a valid symbol.")
            days = [d for d in range(start, end + 1) if (d + 3) % 7 < 5][-5000:]
            if not days:
                return error(400, "No data is available on the specified dates. Try setting different start/end dates.")
            closes = [round(quote["c"] * (1 - 0.001 * (len(days) - 1 - i)), 2) for i in range(len(days))]
            values = [{"datetime": time.strftime("%Y-%m-%d", time.gmtime(d * 86400)), "open": "%.5f" % c, "high": "%.5f" % c,
                       "low": "%.5f" % c, "close": "%.5f" % c, "volume": "1000"} for d, c in zip(days, closes)]
            if query.get("order", ["desc"])[0] != "asc":
                values.reverse()
            london = query["symbol"][0].upper().endswith(".L")
            self.send_json(200, {"meta": {"symbol": query["symbol"][0], "interval": "1day", "currency": "GBp" if london else "USD",
                                          "exchange_timezone": "Europe/London" if london else "America/New_York",
                                          "exchange": "LSE" if london else "NASDAQ", "mic_code": "XLON" if london else "XNGS", "type": "Common Stock"},
                                 "values": values, "status": "ok"})

        def candle(self, query):
            if state.api_key is not None and self.headers.get("X-Finnhub-Token") != state.api_key:
                return self.send_json(401, {"error": "Invalid API key"})
            fault = state.take_fault("candle")
            if fault and fault["fault"] == "403":
                return self.send_json(403, {"error": "You don't have access to this resource."})
            if fault and fault["fault"] in ("429", "500"):
                return self.send_json(int(fault["fault"]), {"error": "injected " + fault["fault"]})
            symbol = query.get("symbol", [""])[0]
            try:
                start, end = int(query["from"][0]), int(query["to"][0])
            except (KeyError, ValueError):
                return self.send_json(422, {"error": "Wrong resolution parameter or from/to"})
            with state.lock:
                quote = state.quotes.get(symbol)
            if query.get("resolution", [""])[0] != "D" or not quote or not quote.get("c"):
                return self.send_json(200, {"s": "no_data"})
            days = [d for d in range(start // 86400, end // 86400 + 1) if (d + 3) % 7 < 5][-5000:]
            closes = [round(quote["c"] * (1 - 0.001 * (len(days) - 1 - i)), 2) for i in range(len(days))]
            times = [d * 86400 for d in days]
            self.send_json(200, {"s": "ok" if days else "no_data", "c": closes, "t": times,
                                 "o": closes, "h": closes, "l": closes, "v": [1000] * len(days)})

        def over_the_minutes_limit(self):
            """Finnhub's rate limit: the calls of the last 60 s, this one included, past the plan's."""
            now = time.monotonic()
            with state.lock:
                state.quote_times = [t for t in state.quote_times if t > now - 60] + [now]
                if len(state.quote_times) <= state.quotes_per_minute:
                    return False
                state.quote_refusals += 1
                return True

        def quote(self, symbol):
            if state.api_key is not None and self.headers.get("X-Finnhub-Token") != state.api_key:
                state.take_fault(symbol)
                return self.send_json(401, {"error": "Invalid API key"})
            if self.over_the_minutes_limit():
                return self.send_json(429, {"error": "API limit reached. Please try again later. Remaining Limit: 0"})
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
            if kind == "endless":
                # A body that never ends: the client must stop reading, not run out of memory.
                self.close_connection = True
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.end_headers()
                try:
                    self.wfile.write(b'{"c": 1')
                    for _ in range(32768):  # 2 GiB at most, should the client never hang up
                        self.wfile.write(b"1" * 65536)
                except (BrokenPipeError, ConnectionResetError):
                    pass
                return
            with state.lock:
                quote = state.quotes.get(symbol, {"c": 0, "d": None, "dp": None, "h": 0, "l": 0, "o": 0, "pc": 0, "t": 0})
            self.send_json(200, quote)

    return Handler


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--api-key", default="test-key", help="the only accepted X-Finnhub-Token and Firebase API key")
    parser.add_argument("--data-dir", help="keep accounts and data here, across restarts")
    parser.add_argument("--token-ttl", type=int, default=3600, help="seconds an id token is accepted")
    parser.add_argument("--demo", action="store_true", help="seed the test user test@stockport.com / Test@123")
    parser.add_argument("--tls-cert", help="also serve HTTPS and wss on a second port, with this certificate (PEM)")
    parser.add_argument("--tls-key", help="the certificate's private key (PEM)")
    args = parser.parse_args()
    state = State(args.api_key, args.data_dir, args.token_ttl)
    if args.demo and "test@stockport.com" not in state.users:
        user = state.create_user("test@stockport.com", "Test@123")
        state.database.setdefault(user["uid"], {})["transactions"] = {k: dict(v) for k, v in DEMO_TRANSACTIONS.items()}
        state.save()
    server = ThreadingHTTPServer(("127.0.0.1", args.port), make_handler(state))
    server.daemon_threads = True
    print("PORT %d" % server.server_address[1], flush=True)
    if args.tls_cert:
        import ssl
        secure = ThreadingHTTPServer(("127.0.0.1", 0), make_handler(state))
        secure.daemon_threads = True
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(args.tls_cert, args.tls_key)
        secure.socket = context.wrap_socket(secure.socket, server_side=True)
        threading.Thread(target=secure.serve_forever, daemon=True).start()
        print("TLSPORT %d" % secure.server_address[1], flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    sys.exit(main())
