import XCTest
import InvestCLITestSupport
import TestSupport

/// The free quote tier allows 60 calls a minute: a portfolio of 60 holdings spends at most the
/// run's budget, serves what is cached, and says what was not refreshed.
final class QuoteBudgetTests: XCTestCase {
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
}
