import XCTest
import InvestCLITestSupport
import TestSupport

/// Seed 002's "Portfolio (for WatchOS)": `invest-summary`, the remote-only client, answers from
/// the account's remote store and live prices alone.
final class PortfolioForWatchOSSpecs: XCTestCase {
    func test_givenNoTransactions_whenUserLaunchesTheSummary_heSeesZeroCostAndProfit() throws {
        let emulator = try startEmulator()
        let watch = makeInvestDriver(servicesFrom: emulator)
        XCTAssertEqual(watch.signUp("empty@example.com", password: "long enough").status, 0)

        let table = watch.summary()
        let json = watch.summary(["--format", "json"])

        XCTAssertEqual(table.status, 0, table.errors)
        XCTAssertEqual(table.output, "VALUE  PROFIT  PROFIT %\n 0.00   +0.00     0.00%\n")
        XCTAssertEqual(json.output, "[\n  {\"value\": \"0.00\", \"profit\": \"+0.00\", \"profitPercent\": \"0.00%\"}\n]\n")
    }

    func test_givenStoredTransactions_whenUserLaunchesTheSummary_heSeesTotalCurrentCostAndProfit() throws {
        let emulator = try startEmulator()
        let phone = makeInvestDriver(servicesFrom: emulator)
        phone.signUp("investor@example.com", password: "long enough")
        phone.add(["buy BBB 1 10 2024-01-01", "buy AAA 1 10 2024-01-02", "buy AAA 2 40 2024-01-03", "buy AAA 3 90 2024-01-04",
                   "buy BBB 2 40 2024-01-05", "sell BBB 1 25 2024-01-06"])
        XCTAssertEqual(phone.run(["sync"]).status, 0)
        let watch = makeInvestDriver(servicesFrom: emulator)
        watch.environment["INVEST_EMAIL"] = "investor@example.com"
        watch.environment["INVEST_PASSWORD"] = "long enough"

        let summary = watch.summary(["--format", "json"])

        XCTAssertEqual(summary.status, 0, summary.errors)
        // Seed 002's worked example: AAA 6 × 35 + BBB 2 × 30 = 270; profit 70 + 35 = 105 on 190 spent.
        XCTAssertEqual(summary.output, "[\n  {\"value\": \"270.00\", \"profit\": \"+105.00\", \"profitPercent\": \"55.26%\"}\n]\n")
        let portfolio = phone.run(["portfolio"]).output
        XCTAssertTrue(portfolio.contains("Total value 270.00  cost basis 173.33  profit +105.00 (55.26%)"), "the full client's totals agree: \(portfolio)")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: watch.home.path), ["session.json"],
                       "the remote-only client keeps no store and no price cache: its session is its only file")
    }

    func test_remoteStorageRetrievalError_isReportedWithExitCode1() throws {
        let emulator = try startEmulator()
        let watch = makeInvestDriver(servicesFrom: emulator)
        watch.signUp("investor@example.com", password: "long enough")
        try emulator.inject("500", for: "db")

        let summary = watch.summary()

        XCTAssertEqual(summary.status, 1)
        XCTAssertEqual(summary.output, "")
        XCTAssertTrue(summary.errors.contains("could not retrieve your transactions: the remote store at 127.0.0.1 failed (HTTP 500)"), summary.errors)
    }

    func test_currentPricesRetrievalError_isReportedWithExitCode1() throws {
        let emulator = try startEmulator()
        let phone = makeInvestDriver(servicesFrom: emulator)
        phone.signUp("investor@example.com", password: "long enough")
        phone.add(["buy AAA 1 10 2024-01-02"])
        phone.run(["sync"])
        try emulator.inject("403", for: "AAA")

        let summary = phone.summary()

        XCTAssertEqual(summary.status, 1)
        XCTAssertEqual(summary.output, "", "no half answer")
        XCTAssertTrue(summary.errors.contains("could not retrieve current prices for AAA"), summary.errors)
    }
}
