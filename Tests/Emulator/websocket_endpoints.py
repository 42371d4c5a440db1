"""WebSocket endpoints of the test emulator (RFC 6455, standard library only).

  GET /ws/echo                 sends every text message back, as wss://ws.postman-echo.com/raw does
  GET /ws/finnhub?token=KEY    Finnhub's trade stream: {"type":"subscribe","symbol":S} subscribes;
                               every 0.2 s each subscribed symbol trades:
                               {"type":"trade","data":[{"s":S,"p":PRICE,"t":MS,"v":1}]}
                               (&rate=N: N trades a second in all, round the subscribed symbols)
  GET /_control/ws-stats       {"connections": upgrades so far, "open": open now, "echoed": messages echoed,
                                "trades": trades sent}

Faults, as query items of the endpoint's URL:
  fault=drop&after=N       close the TCP connection without a word after N messages
  fault=close&after=N      send a close frame (1001) after N messages
  fault=fragment           echo each message in two frames, with a ping between them
  fault=oversized          answer the first message with a 2 MB frame
  fault=garbage            answer the first message with bytes that are no frame
  fault=bad-accept         answer the upgrade with a wrong Sec-WebSocket-Accept
  fault=refuse             answer the upgrade with 403
  fault=ping-flood         answer the first message with pings, without a pause, for 10 s at most
"""
import base64
import hashlib
import json
import threading
import time

GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"


class WebSocketStats:
    def __init__(self):
        self.lock = threading.Lock()
        self.connections = 0
        self.open = 0
        self.echoed = 0
        self.trades = 0

    def snapshot(self):
        with self.lock:
            return {"connections": self.connections, "open": self.open, "echoed": self.echoed, "trades": self.trades}


def frame(opcode, payload, fin=True):
    header = bytes([(0x80 if fin else 0) | opcode])
    length = len(payload)
    if length < 126:
        header += bytes([length])
    elif length < 65536:
        header += bytes([126]) + length.to_bytes(2, "big")
    else:
        header += bytes([127]) + length.to_bytes(8, "big")
    return header + payload


def read_exactly(rfile, count):
    data = rfile.read(count)
    if data is None or len(data) < count:
        raise EOFError
    return data


def read_frame(rfile):
    """One client frame: (fin, opcode, payload), unmasked. Client frames must be masked."""
    first, second = read_exactly(rfile, 2)
    if not second & 0x80:
        raise ValueError("a client frame is not masked")
    length = second & 0x7F
    if length == 126:
        length = int.from_bytes(read_exactly(rfile, 2), "big")
    elif length == 127:
        length = int.from_bytes(read_exactly(rfile, 8), "big")
    mask = read_exactly(rfile, 4)
    payload = bytes(b ^ mask[i % 4] for i, b in enumerate(read_exactly(rfile, length)))
    return bool(first & 0x80), first & 0x0F, payload


def serve(handler, url, stats, params, api_key):
    """Upgrades `handler`'s connection and serves the endpoint at `url.path` until it closes."""
    fault = params.get("fault", [""])[0]
    after = int(params.get("after", ["0"])[0] or 0)
    key = handler.headers.get("Sec-WebSocket-Key")
    if handler.headers.get("Upgrade", "").lower() != "websocket" or not key:
        return handler.send_json(400, {"error": "expected a WebSocket upgrade"})
    if fault == "refuse" or (url.path == "/ws/finnhub" and params.get("token", [""])[0] != api_key):
        return handler.send_json(403, {"error": "refused"})
    accept = base64.b64encode(hashlib.sha1((key + GUID).encode()).digest()).decode()
    handler.send_response(101)
    handler.send_header("Upgrade", "websocket")
    handler.send_header("Connection", "Upgrade")
    handler.send_header("Sec-WebSocket-Accept", "wrong" if fault == "bad-accept" else accept)
    handler.end_headers()
    handler.wfile.flush()
    handler.close_connection = True
    with stats.lock:
        stats.connections += 1
        stats.open += 1
    write_lock = threading.Lock()

    def send(data):
        with write_lock:
            handler.wfile.write(data)
            handler.wfile.flush()

    subscribed = []
    stop = threading.Event()
    if url.path == "/ws/finnhub":
        rate = int(params.get("rate", ["0"])[0] or 0)

        def trade(symbol, price):
            message = {"type": "trade", "data": [{"s": symbol, "p": round(price, 2), "t": int(time.time() * 1000), "v": 1}]}
            send(frame(0x1, json.dumps(message).encode()))
            with stats.lock:
                stats.trades += 1

        def trades():
            price, sent, started = 100.0, 0, time.monotonic()
            while not stop.wait(0.01 if rate else 0.2):
                symbols = list(subscribed)
                if not symbols:
                    continue
                price = 100.0 + (price - 99.75) % 50
                # At a rate: as many as are due by now, round the symbols; else one each.
                due = int((time.monotonic() - started) * rate) - sent if rate else len(symbols)
                try:
                    for index in range(due):
                        trade(symbols[(sent + index) % len(symbols)], price)
                except OSError:
                    return
                sent += due
        threading.Thread(target=trades, daemon=True).start()
    received = 0
    try:
        while True:
            fin, opcode, payload = read_frame(handler.rfile)
            if opcode == 0x8:
                send(frame(0x8, payload[:2]))
                return
            if opcode == 0x9:
                send(frame(0xA, payload))
                continue
            if opcode != 0x1:
                continue
            received += 1
            if url.path == "/ws/finnhub":
                message = json.loads(payload)
                if message.get("type") == "subscribe":
                    subscribed.append(message["symbol"])
                continue
            if fault == "oversized":
                return send(frame(0x2, b"x" * (2 << 20)))
            if fault == "ping-flood":
                until = time.time() + 10
                while time.time() < until:
                    send(frame(0x9, b"ping") * 256)
                return
            if fault == "garbage":
                return send(b"\xff\xff\xff\xff garbage")
            if fault == "fragment":
                half = len(payload) // 2
                send(frame(0x1, payload[:half], fin=False) + frame(0x9, b"ping") + frame(0x0, payload[half:]))
            else:
                send(frame(0x1, payload))
            with stats.lock:
                stats.echoed += 1
            if fault == "drop" and received >= after:
                return
            if fault == "close" and received >= after:
                send(frame(0x8, (1001).to_bytes(2, "big") + b"going away"))
                return
    except (EOFError, OSError, ValueError):
        return
    finally:
        stop.set()
        with stats.lock:
            stats.open -= 1
