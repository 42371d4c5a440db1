import XCTest
import InvestCLITestSupport
import TestSupport

/// The live price feed, through `invest feed` for scripts (one JSON line per update)
/// against the emulator's WebSocket endpoints. The full-screen view is driven on a real
/// pseudo-terminal in `TerminalSessionTests`.
final class LiveFeedSpecs: XCTestCase {
    func test_everySymbolIsUpdated_overASingleConnection() throws {
        let emulator = try startEmulator()
        let invest = makeFeedDriver(emulator)

        let run = invest.run(["feed", "--count", "50"])

        XCTAssertEqual(run.status, 0, run.errors)
        let lines = try updates(run)
        XCTAssertEqual(lines.count, 50)
        XCTAssertEqual(Set(lines.compactMap { $0["symbol"] as? String }).count, 25, "all 25 default symbols")
        XCTAssertEqual(try emulator.webSocketStats()["connections"], 1, "one WebSocket for every symbol")
    }

    func test_eachUpdate_saysThePriceThePreviousPriceAndItsDirection() throws {
        let emulator = try startEmulator()
        let invest = makeFeedDriver(emulator)

        let lines = try updates(invest.run(["feed", "--symbols", "AAPL", "--count", "3"]))

        XCTAssertEqual(lines.map { Set($0.keys) }, Array(repeating: ["symbol", "price", "previousPrice", "direction", "timestamp", "source"], count: 3))
        XCTAssertTrue(lines[0]["previousPrice"] is NSNull)
        for (earlier, later) in zip(lines, lines.dropFirst()) {
            let previous = try XCTUnwrap(Decimal(string: try XCTUnwrap(earlier["price"] as? String)))
            let price = try XCTUnwrap(Decimal(string: try XCTUnwrap(later["price"] as? String)))
            XCTAssertEqual(later["previousPrice"] as? String, earlier["price"] as? String)
            XCTAssertEqual(later["direction"] as? String, price > previous ? "up" : price < previous ? "down" : "unchanged")
        }
        XCTAssertEqual(Set(lines.compactMap { $0["source"] as? String }), ["echo"])
    }

    func test_aDroppedConnection_isReconnected_andTheFeedGoesOn() throws {
        let emulator = try startEmulator()
        let invest = makeFeedDriver(emulator, path: "/ws/echo?fault=drop&after=2")

        let run = invest.run(["feed", "--symbols", "AAPL,MSFT", "--count", "6"])

        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertEqual(try updates(run).count, 6)
        XCTAssertGreaterThanOrEqual(try emulator.webSocketStats()["connections"] ?? 0, 2)
    }

    func test_aFeedThatNeverConnects_exits1_sayingWhy() {
        let invest = makeInvestDriver()
        invest.environment = ["INVEST_FEED_URL": "ws://127.0.0.1:1/ws/echo"]

        let run = invest.run(["feed", "--count", "1"])

        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.errors, "invest: could not open the price feed: could not connect (no network, refused, or a certificate that isn't trusted).\n")
        XCTAssertEqual(run.output, "")
    }

    func test_durationStopsTheFeed_cleanly() throws {
        let emulator = try startEmulator()
        let invest = makeFeedDriver(emulator)

        let run = invest.run(["feed", "--symbols", "AAPL", "--duration", "0.5"])

        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertEqual(try updates(run).count, 1, "the first round is sent at once; the next is 2 s away")
    }

    func test_finnhub_streamsRealTrades_withAKey() throws {
        let emulator = try startEmulator()
        let invest = makeInvestDriver()
        invest.environment = ["FINNHUB_API_KEY": ServicesEmulator.apiKey,
                              "INVEST_FINNHUB_FEED_URL": emulator.webSocketURL("/ws/finnhub").absoluteString]

        let run = invest.run(["feed", "--source", "finnhub", "--symbols", "AAPL,MSFT", "--count", "4"])
        let withoutKey = makeInvestDriver().run(["feed", "--source", "finnhub"])

        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertEqual(Set(try updates(run).compactMap { $0["source"] as? String }), ["finnhub"])
        XCTAssertEqual(withoutKey.status, 2)
        XCTAssertTrue(withoutKey.errors.contains("FINNHUB_API_KEY"), withoutKey.errors)
    }

    func test_wss_isVerified_againstTheAuthoritiesInSSLCertFile() throws {
        let certificate = try ThrowawayCertificate()
        let emulator = try startEmulator(certificate: certificate)
        let secure = try XCTUnwrap(emulator.secureBaseURL).absoluteString.replacingOccurrences(of: "https://", with: "wss://") + "/ws/echo"
        let trusting = makeInvestDriver(), untrusting = makeInvestDriver()
        trusting.environment = ["INVEST_FEED_URL": secure, "SSL_CERT_FILE": certificate.certificate.path]
        untrusting.environment = ["INVEST_FEED_URL": secure]

        let trusted = trusting.run(["feed", "--symbols", "AAPL", "--count", "1"])
        let refused = untrusting.run(["feed", "--symbols", "AAPL", "--count", "1"])

        XCTAssertEqual(trusted.status, 0, trusted.errors)
        XCTAssertEqual(refused.status, 1, "a certificate no trusted authority signed is refused; there is no switch to skip that")
    }

    func test_aDeepLink_opensTheSymbolsDetails_andAnyOtherURLIsAUsageError() throws {
        let invest = makeInvestDriver()

        let details = try invest.run(["open", "STOCKS://symbol/nvda", "--format", "json"]).jsonObject()
        let other = invest.run(["open", "https://example.com/AAPL"])

        XCTAssertEqual(details["symbol"] as? String, "NVDA")
        XCTAssertEqual(details["name"] as? String, "NVIDIA Corporation")
        XCTAssertEqual(other.status, 2)
        XCTAssertEqual(other.errors, "invest: 'https://example.com/AAPL' is not a link invest opens; use stocks://symbol/SYMBOL, e.g. stocks://symbol/AAPL.\n")
    }

    // MARK: - Helpers

    private func makeFeedDriver(_ emulator: ServicesEmulator, path: String = "/ws/echo") -> InvestDriver {
        let invest = makeInvestDriver()
        invest.environment = ["INVEST_FEED_URL": emulator.webSocketURL(path).absoluteString]
        return invest
    }

    private func updates(_ run: InvestRun) throws -> [[String: Any]] {
        try run.output.split(separator: "\n").map { try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
    }
}
