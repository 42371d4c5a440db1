import XCTest
import InvestCLITestSupport
import TestSupport

/// Quotes as a user meets them: in words, and within the quote service's rate limit.
final class QuoteCommandTests: XCTestCase {
    func test_portfolioOfSixtyHoldings_spendsAtMostTheBudget_andNamesWhatWasNotRefreshed() throws {
        let emulator = try startEmulator()
        let tickers = (0..<60).map { "T\($0)" }
        _ = try emulator.request("POST", "/_control/quotes", body: Dictionary(uniqueKeysWithValues: tickers.map {
            ($0, ["c": 10, "d": 1, "dp": 10, "pc": 9, "t": 1_720_000_000] as [String: Any])
        }))
        let invest = makeInvestDriver(servicesFrom: emulator)
        let file = invest.home.appendingPathComponent("sixty.csv")
        try Data(("date,type,ticker,quantity,sum\n" + tickers.map { "2024-01-02,buy,\($0),1,5\n" }.joined()).utf8).write(to: file)
        XCTAssertEqual(invest.run(["import", file.path]).status, 0)

        let portfolio = invest.run(["portfolio"])

        let spent = try emulator.requestCounts().filter { tickers.contains($0.key) }.values.reduce(0, +)
        XCTAssertEqual(spent, 50)
        XCTAssertEqual(portfolio.status, 0, "what was refreshed is valued")
        XCTAssertTrue(portfolio.errors.contains("not refreshed: this run spent its 50 requests of the quote service's 60 a minute"), portfolio.errors)
        let notValued = portfolio.output.split(separator: "\n").first { $0.hasPrefix("Not valued") }
        XCTAssertEqual(notValued?.components(separatedBy: ", ").count, 10, "the ten not refreshed are left out of the totals: \(portfolio.output)")
    }

    func test_quote_saysWhyAPriceIsUnavailable_inWords() throws {
        let emulator = try startEmulator()
        let invest = makeInvestDriver(servicesFrom: emulator)

        let quote = invest.run(["quote", "NOPE", "AAPL"])

        XCTAssertEqual(quote.status, 0)
        XCTAssertTrue(quote.output.contains("unavailable: unknown symbol"), quote.output)
    }
}
