import XCTest
import CurrentPrices
import Networking
import QuotesAPI
import TestSupport

/// The platform's HTTP client and the Finnhub adapter against the loopback emulator.
final class FinnhubPriceLoaderEndToEndTests: XCTestCase {
    func test_load_deliversTheQuoteWithExactNumbers() throws {
        let emulator = try startEmulator()
        let fetchedAt = Date(timeIntervalSince1970: 1_720_000_100)

        let loaded = try makeSUT(emulator, now: fetchedAt).loadPrice(for: "AAPL")

        XCTAssertEqual(loaded.source, .live)
        XCTAssertEqual(loaded.price, CurrentPrice(ticker: "AAPL", price: fixed("190.12"), change: fixed("2.12"), changePercent: fixed("1.1277"),
                                                  previousClose: fixed("188"), quoteTime: Date(timeIntervalSince1970: 1_720_000_000), fetchedAt: fetchedAt,
                                                  open: fixed("188"), high: fixed("191"), low: fixed("187")))
    }

    func test_load_acceptsNullChangeFields() throws {
        let loaded = try makeSUT(try startEmulator()).loadPrice(for: "MSFT")
        XCTAssertNil(loaded.price.change)
        XCTAssertNil(loaded.price.changePercent)
        XCTAssertEqual(loaded.price.price, fixed("410.5"))
    }

    func test_load_reportsOutOfRangeNumbersAsInvalidDataInsteadOfTrapping() throws {
        let emulator = try startEmulator()
        let sut = makeSUT(emulator)
        _ = try emulator.request("POST", "/_control/quotes", body: [
            "FAR": ["c": 10, "d": 0, "dp": 0, "pc": 10, "t": 1e20],
            "NEG": ["c": -5, "d": 0, "dp": 0, "pc": 10, "t": 1_720_000_000],
            "HUGE": ["c": 1e40, "d": 0, "dp": 0, "pc": 10, "t": 1_720_000_000],
            // Representable, but over the cap typed prices are held to, so it
            // could be cached and kept as a close no reader accepts.
            "OVERCAP": ["c": 1e22, "d": 0, "dp": 0, "pc": 1e-8, "t": 1_720_000_000],
            "JUSTOVER": ["c": 1_000_000_000_000.01, "d": 0, "dp": 0, "pc": 10, "t": 1_720_000_000],
        ])

        for symbol in ["FAR", "NEG", "HUGE", "OVERCAP", "JUSTOVER"] {
            XCTAssertEqual(try error(loading: symbol, from: sut), .invalidData, symbol)
        }
    }

    func test_load_stopsReadingAnEndlessBody_andReportsInvalidData() throws {
        let emulator = try startEmulator()
        try emulator.inject("endless", for: "AAPL", times: 1)

        XCTAssertEqual(try error(loading: "AAPL", from: makeSUT(emulator)), .invalidData)
    }

    func test_load_reportsZeroPriceAndTimeAsUnknownSymbol() throws {
        XCTAssertEqual(try error(loading: "NOPE", from: makeSUT(try startEmulator())), .unknownSymbol)
    }

    func test_load_mapsHTTPFailuresToTypedErrors() throws {
        let emulator = try startEmulator()
        let sut = makeSUT(emulator)
        let cases: [(String, PriceLoadingError)] = [("401", .unauthorized), ("403", .forbidden), ("500", .server(status: 500)),
                                                    ("garbage", .invalidData), ("429", .rateLimited(retryAfter: 7))]
        for (fault, expected) in cases {
            try emulator.inject(fault, for: "AAPL", times: 1, extra: ["retryAfter": 7])
            XCTAssertEqual(try error(loading: "AAPL", from: sut), expected, fault)
        }
    }

    func test_load_reportsAWrongAPIKeyAsUnauthorized() throws {
        let emulator = try startEmulator()
        let sut = FinnhubPriceLoader(baseURL: emulator.baseURL, apiKey: "wrong", client: platformHTTPClient(timeout: 5))
        XCTAssertEqual(try error(loading: "AAPL", from: sut), .unauthorized)
    }

    func test_load_reportsASlowServerAsTimeout() throws {
        let emulator = try startEmulator()
        try emulator.inject("slow", for: "AAPL", times: 1, extra: ["seconds": 3])
        let sut = FinnhubPriceLoader(baseURL: emulator.baseURL, apiKey: ServicesEmulator.apiKey, client: platformHTTPClient(timeout: 0.5))
        XCTAssertEqual(try error(loading: "AAPL", from: sut), .timeout)
    }

    func test_load_reportsADroppedConnectionAndAStoppedServerAsConnectivity() throws {
        let emulator = try startEmulator()
        try emulator.inject("drop", for: "AAPL", times: 1)
        XCTAssertEqual(try error(loading: "AAPL", from: makeSUT(emulator)), .connectivity)
        emulator.stop()
        XCTAssertEqual(try error(loading: "AAPL", from: makeSUT(emulator)), .connectivity)
    }

    func test_retryingLoader_recoversFromTransientFailuresAgainstTheRealServer() throws {
        let emulator = try startEmulator()
        try emulator.inject("500", for: "AAPL", times: 2)
        let sut = RetryingPriceLoader(decoratee: makeSUT(emulator), maxAttempts: 3, sleep: { _ in })

        XCTAssertEqual(try sut.loadPrice(for: "AAPL").price.price, fixed("190.12"))
        XCTAssertEqual(try emulator.requestCounts()["AAPL"], 3)
    }

    func test_loadPrices_fetchesThirtyTickersConcurrently() throws {
        let emulator = try startEmulator()
        try emulator.inject("slow", for: "*", extra: ["seconds": 0.3])
        let tickers = (0..<30).map { "T\($0)" }
        let sut = LoadPricesUseCase(loader: makeSUT(emulator), maxConcurrent: 8)

        let results = sut.loadPrices(for: tickers)

        XCTAssertEqual(results.count, 30)
        XCTAssertEqual(try emulator.requestCounts().values.reduce(0, +), 30)
        let inFlight = try emulator.maxRequestsInFlight()
        XCTAssertGreaterThan(inFlight, 1, "requests were made one at a time")
        XCTAssertLessThanOrEqual(inFlight, 8, "more requests at once than the rate-limit bound")
    }

    // MARK: - Helpers

    private func makeSUT(_ emulator: ServicesEmulator, now: Date = Date()) -> FinnhubPriceLoader {
        FinnhubPriceLoader(baseURL: emulator.baseURL, apiKey: ServicesEmulator.apiKey, client: platformHTTPClient(timeout: 5), now: { now })
    }

    private func error(loading ticker: String, from sut: PriceLoader) throws -> PriceLoadingError? {
        do {
            _ = try sut.loadPrice(for: ticker)
            return nil
        } catch {
            return error
        }
    }
}
