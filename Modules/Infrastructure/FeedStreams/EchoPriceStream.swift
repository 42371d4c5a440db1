#if os(Linux)
import Foundation
import FixedPoint
import LiveFeed
import Networking

/// The design: one connection to an echo server; every interval, a made-up price for
/// each symbol goes out as `{"symbol","price","timestamp"}`, and only what comes back is shown.
public final class EchoPriceStream: PriceStreaming {
    private let url: URL
    private let connection: StreamConnection
    private let interval: TimeInterval
    private let random: () -> UInt64

    /// - Parameters:
    ///   - interval: how often every symbol is sent (the echo server's clients use 2 s).
    ///   - random: the walks' randomness, fixed by tests.
    public init(url: URL, trustedAuthorities: URL?, interval: TimeInterval = 2, timeout: TimeInterval = 10,
                random: @escaping () -> UInt64 = { UInt64.random(in: 0...UInt64.max) }) {
        self.url = url
        self.connection = StreamConnection(trustedAuthorities: trustedAuthorities, timeout: timeout, random: random)
        self.interval = interval
        self.random = random
    }

    public func run(symbols: [FeedSymbol], giveUpIfNeverConnected: Bool, shouldStop: @escaping () -> Bool, onEvent: @escaping (FeedEvent) -> Void) {
        var walks = Dictionary(symbols.map { ($0.symbol, RandomWalk(start: $0.startPrice)) }) { first, _ in first }
        connection.run(url: url, giveUpIfNeverConnected: giveUpIfNeverConnected, shouldStop: shouldStop, onEvent: onEvent) { socket in
            var nextSend = Date()
            while !shouldStop() {
                if Date() >= nextSend {
                    for symbol in symbols {
                        let price = walks[symbol.symbol]!.step(Int(self.random() % 401))
                        try socket.send(text: #"{"symbol":"\#(symbol.symbol)","price":\#(price),"timestamp":"\#(StreamTime.iso8601(Date()))"}"#)
                    }
                    nextSend = nextSend.addingTimeInterval(self.interval)
                    if nextSend < Date() { nextSend = Date().addingTimeInterval(self.interval) }
                }
                guard let message = try socket.receive(until: min(nextSend, Date().addingTimeInterval(0.25))) else { continue }
                if case let .text(text) = message, let tick = Self.tick(from: text) { onEvent(.tick(tick)) }
            }
        }
    }

    /// An echoed message; nil for anything else the server sends.
    static func tick(from text: String) -> PriceTick? {
        guard let object = StreamJSON.object(text), let symbol = object["symbol"] as? String, FeedCatalog.isSymbol(symbol),
              let price = StreamJSON.decimal(object["price"]), price > .zero,
              let timestamp = (object["timestamp"] as? String).flatMap(StreamTime.parse) else { return nil }
        return PriceTick(symbol: symbol, price: price, timestamp: timestamp, source: .echo)
    }
}

/// Finnhub's trade stream: one connection, a subscribe message per symbol, and trades as
/// `{"type":"trade","data":[{"s","p","t","v"}]}`.
public final class FinnhubTradeStream: PriceStreaming {
    private let url: URL
    private let connection: StreamConnection

    /// - Parameter url: `wss://ws.finnhub.io?token=…`.
    public init(url: URL, trustedAuthorities: URL?, timeout: TimeInterval = 10, random: @escaping () -> UInt64 = { UInt64.random(in: 0...UInt64.max) }) {
        self.url = url
        self.connection = StreamConnection(trustedAuthorities: trustedAuthorities, timeout: timeout, random: random)
    }

    public func run(symbols: [FeedSymbol], giveUpIfNeverConnected: Bool, shouldStop: @escaping () -> Bool, onEvent: @escaping (FeedEvent) -> Void) {
        connection.run(url: url, giveUpIfNeverConnected: giveUpIfNeverConnected, shouldStop: shouldStop, onEvent: onEvent) { socket in
            for symbol in symbols { try socket.send(text: #"{"type":"subscribe","symbol":"\#(symbol.symbol)"}"#) }
            while !shouldStop() {
                guard case let .text(text)? = try socket.receive(until: Date().addingTimeInterval(0.25)) else { continue }
                for tick in Self.ticks(from: text) { onEvent(.tick(tick)) }
            }
        }
    }

    static func ticks(from text: String) -> [PriceTick] {
        guard let object = StreamJSON.object(text), object["type"] as? String == "trade", let data = object["data"] as? [[String: Any]] else { return [] }
        return data.compactMap { trade in
            guard let symbol = trade["s"] as? String, FeedCatalog.isSymbol(symbol), let price = StreamJSON.decimal(trade["p"]), price > .zero,
                  let milliseconds = (trade["t"] as? NSNumber)?.int64Value, (0...253_402_300_799_999).contains(milliseconds) else { return nil }
            return PriceTick(symbol: symbol, price: price, timestamp: Date(timeIntervalSince1970: Double(milliseconds) / 1000), source: .finnhub)
        }
    }
}

/// The connection loop both streams share: connect, run the session, and on a drop report it
/// at once and try again after `ReconnectPolicy`'s delay, until told to stop.
struct StreamConnection {
    let trustedAuthorities: URL?
    let timeout: TimeInterval
    let random: () -> UInt64

    func run(url: URL, giveUpIfNeverConnected: Bool, shouldStop: @escaping () -> Bool, onEvent: (FeedEvent) -> Void,
             session: (WebSocketConnection) throws -> Void) {
        var failures = 0, everConnected = false
        while !shouldStop() {
            onEvent(.connecting)
            var connectedAt: Date?
            do {
                let socket = try WebSocketConnection.connect(to: url, timeout: timeout, trustedAuthorities: trustedAuthorities)
                defer { socket.close() }
                everConnected = true
                connectedAt = Date()
                onEvent(.connected)
                try session(socket)
                return
            } catch {
                onEvent(.disconnected(reason: Self.describe(error)))
                if giveUpIfNeverConnected && !everConnected { return }
            }
            // Only a connection that lasted was a success: one that a server breaks at once backs
            // off like a refused one, whatever the reason it ended.
            if let connectedAt, Date().timeIntervalSince(connectedAt) >= Self.healthyAfter { failures = 0 }
            let delay = ReconnectPolicy.delay(afterAttempt: failures, jitter: Double(random() % 1001) / 1000)
            failures += 1
            let until = Date().addingTimeInterval(delay)
            while Date() < until, !shouldStop() { Thread.sleep(forTimeInterval: min(0.1, until.timeIntervalSinceNow)) }
        }
    }

    /// How long a connection must last before the backoff starts over.
    static let healthyAfter: TimeInterval = 10

    static func describe(_ error: Error) -> String {
        switch error as? WebSocketError {
        case let .protocolViolation(reason)?: return "the server broke the WebSocket protocol: \(reason)"
        case let .tooLarge(limit)?: return "the server sent a message over \(limit >> 10) KB"
        case let .handshakeFailed(reason)?: return "the WebSocket upgrade failed: \(reason)"
        case .connection(.timeout)?: return "the server did not answer in time"
        case .connection(.tooLarge)?: return "the server's answer was too large"
        case .connection?: return "could not connect (no network, refused, or a certificate that isn't trusted)"
        case let .closed(code)?: return "the server closed the connection" + (code.map { " (code \($0))" } ?? "")
        case nil: return "\(error)"
        }
    }
}

/// The few JSON reads the streams need. Numbers become exact decimals from their shortest
/// text, never through arithmetic.
enum StreamJSON {
    static func object(_ text: String) -> [String: Any]? {
        guard text.utf8.count <= 1 << 20 else { return nil }
        return (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
    }

    static func decimal(_ value: Any?) -> FixedDecimal? {
        // JSON's true and false come as numbers of C type char: not prices.
        guard let number = value as? NSNumber, String(cString: number.objCType) != "c" else { return nil }
        let double = number.doubleValue
        guard double.isFinite, abs(double) < 1e12 else { return nil }
        return FixedDecimal("\(double)")
    }
}

/// ISO 8601 with milliseconds, UTC, as the echo protocol's messages carry it.
enum StreamTime {
    static func iso8601(_ date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        var seconds = time_t(milliseconds / 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday),
                      Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec), Int(milliseconds % 1000))
    }

    /// `YYYY-MM-DDTHH:MM:SS[.fff]Z`.
    static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 20 || bytes.count == 24, bytes.last == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                guard (48...57).contains(bytes[index]) else { return nil }
                value = value * 10 + Int(bytes[index] - 48)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
              let minute = number(14..<16), let second = number(17..<19) else { return nil }
        let milliseconds = bytes.count == 24 ? number(20..<23) : 0
        var parts = tm(tm_sec: Int32(second), tm_min: Int32(minute), tm_hour: Int32(hour), tm_mday: Int32(day), tm_mon: Int32(month - 1),
                       tm_year: Int32(year - 1900), tm_wday: 0, tm_yday: 0, tm_isdst: 0, tm_gmtoff: 0, tm_zone: nil)
        guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61, let milliseconds else { return nil }
        return Date(timeIntervalSince1970: Double(timegm(&parts)) + Double(milliseconds) / 1000)
    }
}
#endif
