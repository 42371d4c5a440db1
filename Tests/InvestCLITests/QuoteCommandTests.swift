import XCTest
import InvestCLITestSupport
import TestSupport

/// Quotes as a user meets them: in words, and within the quote service's rate limit.
final class QuoteCommandTests: XCTestCase {
    /// One run made at most 50 requests, so 10 of 60 holdings went unpriced; the
    /// limit is Finnhub's 60 a minute, which the emulator enforces as Finnhub does (429).
    func test_aPortfolioOfSixtyHoldings_isFullyPricedOnItsFirstRun_withinFinnhubsFreeLimit() throws {
        let emulator = try startEmulator()
        let tickers = try quoteSixtyTickers(on: emulator)
        let invest = try investHolding(tickers, on: emulator)

        let portfolio = invest.run(["portfolio", "--format", "json"])

        XCTAssertEqual(portfolio.status, 0, portfolio.errors)
        XCTAssertEqual((try portfolio.jsonObject()["totals"] as? [String: Any])?["value"] as? String, "600", "every holding valued: 60 × 10")
        XCTAssertEqual(try emulator.quoteRefusals(), 0, "no request past the minute's limit")
    }

    /// The minute's requests count across runs: a run straight after one that spent them waits
    /// for the window, within --max-wait, or leaves the ticker unpriced and says why.
    func test_theMinutesRequests_countAcrossRuns_andTheNextRunWaitsForTheWindow_withinMaxWait() throws {
        let emulator = try startEmulator()
        for ticker in ["AAA", "BBB", "CCC"] { try emulator.setQuote(ticker, price: 10, previousClose: 9) }
        let invest = makeInvestDriver(servicesFrom: emulator)
        invest.environment["INVEST_QUOTES_PER_MINUTE"] = "2"
        XCTAssertEqual(invest.run(["quote", "AAA", "BBB"]).status, 0)

        let refused = invest.run(["--max-wait", "0", "quote", "CCC"])
        invest.now += 59
        let waited = invest.run(["quote", "CCC", "--format", "json"])
        let cache = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: invest.home.appendingPathComponent("prices-cache.json"))) as? [String: Any])

        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.errors.contains("the quote service's 2 requests a minute were spent and waiting for more would pass --max-wait"), refused.errors)
        XCTAssertEqual(waited.status, 0, waited.errors)
        XCTAssertEqual(try waited.jsonRows().first?["price"] as? String, "10", "a wait for the window and its margin, then the quote")
        // A second left of the window, and the two seconds of margin every pacing keeps.
        let nextPlace = (invest.now.timeIntervalSince1970 + 3) * 1000
        XCTAssertEqual(cache["requests"] as? [Double], [nextPlace], "remembered with the cache: the run before's two left the window")
    }

    private func quoteSixtyTickers(on emulator: ServicesEmulator) throws -> [String] {
        let tickers = (0..<60).map { "T\($0)" }
        _ = try emulator.request("POST", "/_control/quotes", body: Dictionary(uniqueKeysWithValues: tickers.map {
            ($0, ["c": 10, "d": 1, "dp": 10, "pc": 9, "t": 1_720_000_000] as [String: Any])
        }))
        return tickers
    }

    private func investHolding(_ tickers: [String], on emulator: ServicesEmulator) throws -> InvestDriver {
        let invest = makeInvestDriver(servicesFrom: emulator)
        let file = invest.home.appendingPathComponent("holdings.csv")
        try Data(("date,type,ticker,quantity,sum\n" + tickers.map { "2024-01-02,buy,\($0),1,5\n" }.joined()).utf8).write(to: file)
        XCTAssertEqual(invest.run(["import", file.path]).status, 0)
        return invest
    }

    func test_quote_saysWhyAPriceIsUnavailable_inWords() throws {
        let emulator = try startEmulator()
        let invest = makeInvestDriver(servicesFrom: emulator)

        let quote = invest.run(["quote", "NOPE", "AAPL"])

        XCTAssertEqual(quote.status, 0)
        XCTAssertTrue(quote.output.contains("unavailable: unknown symbol"), quote.output)
    }
}
