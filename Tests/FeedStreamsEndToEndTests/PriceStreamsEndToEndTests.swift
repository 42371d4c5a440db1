#if os(Linux)
import XCTest
import FixedPoint
import LiveFeed
@testable import FeedStreams
import TestSupport

/// Both price streams against the emulator's WebSocket endpoints.
final class PriceStreamsEndToEndTests: XCTestCase {
    func test_echo_updatesEverySymbol_overExactlyOneConnection() throws {
        let emulator = try startEmulator()
        let stream = EchoPriceStream(url: emulator.webSocketURL("/ws/echo"), trustedAuthorities: nil, interval: 0.2, random: seeded())
        let symbols = FeedCatalog.defaults

        let events = run(stream, symbols: symbols) { ticks in Set(ticks.map(\.symbol)).count == 25 && ticks.count >= 50 }

        let ticks = events.compactMap { if case let .tick(tick) = $0 { return tick } else { return nil } }
        XCTAssertEqual(Set(ticks.map(\.symbol)), Set(symbols.map(\.symbol)), "every symbol updated")
        XCTAssertTrue(ticks.allSatisfy { $0.source == .echo })
        XCTAssertEqual(Array(events.prefix(2)), [.connecting, .connected])
        XCTAssertEqual(try emulator.webSocketStats()["connections"], 1, "one connection for 25 symbols")
        for symbol in symbols {
            let prices = ticks.filter { $0.symbol == symbol.symbol }.map(\.price)
            XCTAssertGreaterThanOrEqual(prices.count, 2, symbol.symbol)
            XCTAssertTrue(prices.allSatisfy { $0 >= symbol.startPrice.scaled(by: 1, over: 2)! && $0 <= symbol.startPrice.scaled(by: 3, over: 2)! })
        }
    }

    func test_echo_reconnectsAfterADrop_reportingTheDropAtOnce() throws {
        let emulator = try startEmulator()
        let stream = EchoPriceStream(url: emulator.webSocketURL("/ws/echo?fault=drop&after=3"), trustedAuthorities: nil, interval: 0.1, random: seeded())

        let events = run(stream, symbols: Array(FeedCatalog.defaults.prefix(3))) { _ in false } until: { events in
            events.filter { $0 == .connected }.count >= 2
        }

        let connected = events.firstIndex(of: .connected)!
        let dropped = events[connected...].firstIndex { if case .disconnected = $0 { return true } else { return false } }
        XCTAssertNotNil(dropped, "\(events)")
        XCTAssertEqual(events.filter { $0 == .connected }.count, 2)
        XCTAssertGreaterThanOrEqual(try emulator.webSocketStats()["connections"] ?? 0, 2)
    }

    /// A server that completes the handshake and then breaks the protocol once
    /// got a reconnection every half second (37 in 20 s): a connection that doesn't last is a
    /// failure, and the delays keep doubling.
    func test_aServerThatBreaksEveryConnectionAtOnce_isReconnectedToWithBackoff() throws {
        let emulator = try startEmulator()
        let stream = EchoPriceStream(url: emulator.webSocketURL("/ws/echo?fault=garbage"), trustedAuthorities: nil, interval: 0.05, random: seeded())
        let started = Date()

        let events = run(stream, symbols: Array(FeedCatalog.defaults.prefix(1))) { _ in false } until: { _ in Date().timeIntervalSince(started) > 4 }

        let connections = events.filter { $0 == .connected }.count
        XCTAssertGreaterThanOrEqual(connections, 2, "\(events)")
        XCTAssertLessThanOrEqual(connections, 5, "0.5 s, 1 s, 2 s… (±50%) between tries leaves room for five at most in 4 s: \(events)")
    }

    /// A server flooding pings once kept the stream from ever asking whether to
    /// stop (SIGTERM was ignored for 30 s): a stop request is seen within a quarter second or so.
    func test_aPingFlood_neverKeepsTheStreamFromStopping() throws {
        let emulator = try startEmulator()
        let stream = EchoPriceStream(url: emulator.webSocketURL("/ws/echo?fault=ping-flood"), trustedAuthorities: nil, interval: 0.05, random: seeded())
        let stopAt = Date().addingTimeInterval(1)

        let events = run(stream, symbols: Array(FeedCatalog.defaults.prefix(1))) { _ in false } until: { _ in Date() > stopAt }

        XCTAssertTrue(events.contains(.connected), "\(events)")
        XCTAssertLessThan(Date().timeIntervalSince(stopAt), 1.5, "stopped soon after it was asked to")
    }

    func test_aServerThatCantBeReached_isReported_andAScriptGivesUp() {
        let stream = EchoPriceStream(url: URL(string: "ws://127.0.0.1:1/ws/echo")!, trustedAuthorities: nil, timeout: 2)
        var events: [FeedEvent] = []

        stream.run(symbols: FeedCatalog.defaults, giveUpIfNeverConnected: true, shouldStop: { false }) { events.append($0) }

        XCTAssertEqual(events, [.connecting, .disconnected(reason: "could not connect (no network, refused, or a certificate that isn't trusted)")])
    }

    func test_finnhub_subscribesEachSymbol_andReadsTrades() throws {
        let emulator = try startEmulator()
        let stream = FinnhubTradeStream(url: emulator.webSocketURL("/ws/finnhub?token=\(ServicesEmulator.apiKey)"), trustedAuthorities: nil)

        let events = run(stream, symbols: [FeedCatalog.symbol("AAPL"), FeedCatalog.symbol("MSFT")]) { ticks in Set(ticks.map(\.symbol)).count == 2 }

        let ticks = events.compactMap { if case let .tick(tick) = $0 { return tick } else { return nil } }
        XCTAssertEqual(Set(ticks.map(\.symbol)), ["AAPL", "MSFT"])
        XCTAssertTrue(ticks.allSatisfy { $0.source == .finnhub && $0.price > .zero })
    }

    func test_messages_thatAreNotPricesAreIgnored() {
        XCTAssertEqual(EchoPriceStream.tick(from: #"{"symbol":"AAPL","price":178.52,"timestamp":"2025-07-03T13:31:12.000Z"}"#),
                       PriceTick(symbol: "AAPL", price: FixedDecimal("178.52")!, timestamp: Date(timeIntervalSince1970: 1_751_549_472), source: .echo))
        for bad in [#"{"symbol":"aapl!","price":1,"timestamp":"2025-07-03T13:31:12.000Z"}"#, #"{"symbol":"AAPL","price":-1,"timestamp":"2025-07-03T13:31:12.000Z"}"#,
                    #"{"symbol":"AAPL","price":true,"timestamp":"2025-07-03T13:31:12.000Z"}"#, #"{"symbol":"AAPL","price":1e300,"timestamp":"2025-07-03T13:31:12.000Z"}"#,
                    #"{"symbol":"AAPL","price":1}"#, "not json", #"{"symbol":"\u001b]0;x","price":1,"timestamp":"2025-07-03T13:31:12.000Z"}"#] {
            XCTAssertNil(EchoPriceStream.tick(from: bad), bad)
        }
        XCTAssertEqual(FinnhubTradeStream.ticks(from: #"{"type":"trade","data":[{"s":"AAPL","p":189.6,"t":1751549472000,"v":3},{"s":"BAD SYMBOL","p":1,"t":1,"v":1}]}"#),
                       [PriceTick(symbol: "AAPL", price: FixedDecimal("189.6")!, timestamp: Date(timeIntervalSince1970: 1_751_549_472), source: .finnhub)])
        XCTAssertEqual(FinnhubTradeStream.ticks(from: #"{"type":"ping"}"#), [])
    }

    // MARK: - Helpers

    /// Runs `stream` until the ticks satisfy `enough` (or the events `until`), at most 15 s, and
    /// returns every event.
    private func run(_ stream: PriceStreaming, symbols: [FeedSymbol], enough: @escaping ([PriceTick]) -> Bool,
                     until: @escaping ([FeedEvent]) -> Bool = { _ in false }) -> [FeedEvent] {
        var events: [FeedEvent] = []
        let deadline = Date().addingTimeInterval(15)
        stream.run(symbols: symbols, giveUpIfNeverConnected: false, shouldStop: {
            let ticks = events.compactMap { if case let .tick(tick) = $0 { return tick } else { return nil } }
            return enough(ticks) || until(events) || Date() > deadline
        }) { events.append($0) }
        return events
    }

    private func seeded() -> () -> UInt64 {
        var random = SeededRandom(seed: 4)
        return { random.next() }
    }
}

#endif
