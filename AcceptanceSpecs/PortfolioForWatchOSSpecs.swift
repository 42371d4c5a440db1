import XCTest
import InvestCLITestSupport
import TestSupport

/// The portfolio for a watch: `invest-summary`, the remote-only client, answers from
/// the account's remote store and live prices, through a copy of the account it keeps.
final class PortfolioForWatchOSSpecs: XCTestCase {
    func test_givenNoTransactions_whenUserLaunchesTheSummary_heSeesZeroCostAndProfit() throws {
        let emulator = try startEmulator()
        let watch = makeInvestDriver(servicesFrom: emulator)
        XCTAssertEqual(watch.signUp("empty@example.com", password: "long enough").status, 0)

        let table = watch.summary()
        let json = watch.summary(["--format", "json"])

        XCTAssertEqual(table.status, 0, table.errors)
        XCTAssertEqual(table.output, "VALUE  PROFIT  PROFIT %  TODAY\n 0.00   +0.00            +0.00\n")
        let answer = try json.jsonObject()
        XCTAssertEqual(answer["value"] as? String, "0")
        XCTAssertEqual(answer["profit"] as? String, "0")
        XCTAssertTrue(answer["profitPercent"] is NSNull, "no percentage of nothing spent")
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
        // The worked example: AAA 6 × 35 + BBB 2 × 30 = 270; profit 70 + 35 = 105 on 190 spent.
        let answer = try summary.jsonObject()
        XCTAssertEqual(answer["schemaVersion"] as? Int, 1)
        XCTAssertEqual(answer["value"] as? String, "270")
        XCTAssertEqual(answer["profit"] as? String, "105")
        XCTAssertEqual(answer["profitPercent"] as? String, "55.26315789")
        XCTAssertEqual(answer["priceMode"] as? String, "live")
        XCTAssertEqual(answer["unpricedTickers"] as? [String], [])
        let portfolio = phone.run(["portfolio"]).output
        XCTAssertTrue(portfolio.contains("Total value 270.00  cost basis 173.33  profit +105.00 (55.26%)"), "the full client's totals agree: \(portfolio)")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: watch.home.path).sorted(), ["session.json", "summary-cache"],
                       "the remote-only client keeps its session and its copy of the account, nothing else")
    }

    /// Both clients value a holding the quote service doesn't list with the price the
    /// user set, and give one value.
    func test_theSummary_valuesAManualPriceAndCashAsTheFullClientDoes() throws {
        let emulator = try startEmulator()
        try emulator.setQuote("AAPL", price: 200, previousClose: 190)
        let phone = makeInvestDriver(servicesFrom: emulator)
        phone.signUp("investor@example.com", password: "long enough")
        XCTAssertEqual(phone.run(["add", "--type", "deposit", "--sum", "1000", "--date", "2024-06-01"]).status, 0)
        XCTAssertEqual(phone.run(["add", "--type", "buy", "--ticker", "AAPL", "--quantity", "1", "--sum", "150", "--date", "2024-06-03"]).status, 0)
        XCTAssertEqual(phone.run(["add", "--type", "buy", "--ticker", "FUND", "--quantity", "5", "--sum", "500", "--date", "2024-06-03"]).status, 0)
        XCTAssertEqual(phone.run(["price", "set", "FUND", "110", "--date", "2024-07-01"]).status, 0)
        XCTAssertEqual(phone.run(["sync"]).status, 0)
        let watch = makeInvestDriver(servicesFrom: emulator)
        watch.environment["INVEST_EMAIL"] = "investor@example.com"
        watch.environment["INVEST_PASSWORD"] = "long enough"

        let summary = try watch.summary(["--format", "json"]).jsonObject()
        let totals = try XCTUnwrap(try phone.run(["portfolio", "--format", "json"]).jsonObject()["totals"] as? [String: Any])

        XCTAssertEqual(summary["value"] as? String, "750", "1 × 200 + 5 × 110")
        XCTAssertEqual(summary["unpricedTickers"] as? [String], [])
        XCTAssertEqual(totals["value"] as? String, "750")
        XCTAssertEqual(summary["cash"] as? String, "350", "1000 in, 650 spent")
        XCTAssertEqual(summary["valueWithCash"] as? String, totals["valueWithCash"] as? String)
    }

    /// With no quote service configured, sample prices stand in only where no real price is:
    /// a price the user set for a stock the sample set lists is what both clients value it at,
    /// online and offline alike.
    func test_withNoQuoteService_aPriceTheUserSet_comesBeforeTheSampleOne_inBothClients() throws {
        let emulator = try startEmulator()
        let phone = makeInvestDriver(servicesFrom: emulator)
        phone.environment["FINNHUB_API_KEY"] = nil
        phone.signUp("investor@example.com", password: "long enough")
        XCTAssertEqual(phone.run(["add", "--type", "buy", "--ticker", "AAPL", "--quantity", "2", "--sum", "150", "--date", "2024-06-03"]).status, 0)
        let sampledRun = phone.run(["portfolio", "--format", "json"])
        let sampled = try sampledRun.jsonObject()
        XCTAssertEqual(phone.run(["price", "set", "AAPL", "100", "--date", "2024-07-01"]).status, 0)
        XCTAssertEqual(phone.run(["sync"]).status, 0)
        let watch = makeInvestDriver(servicesFrom: emulator)
        watch.environment["FINNHUB_API_KEY"] = nil
        watch.environment["INVEST_EMAIL"] = "investor@example.com"
        watch.environment["INVEST_PASSWORD"] = "long enough"

        let onlineRun = phone.run(["portfolio", "--format", "json"])
        let online = try onlineRun.jsonObject()
        let offline = try phone.run(["portfolio", "--offline", "--format", "json"]).jsonObject()
        let summary = try watch.summary(["--format", "json"]).jsonObject()

        XCTAssertNotEqual(try XCTUnwrap(sampled["totals"] as? [String: Any])["value"] as? String, "200", "before, the sample price")
        for totals in [online["totals"], offline["totals"]] { XCTAssertEqual((totals as? [String: Any])?["value"] as? String, "200", "2 × 100") }
        XCTAssertEqual(summary["value"] as? String, "200")
        XCTAssertTrue(sampledRun.errors.contains("sample prices"), sampledRun.errors)
        XCTAssertFalse(onlineRun.errors.contains("sample prices"), "every price shown is real: \(onlineRun.errors)")
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
        try emulator.inject("401", for: "AAA")

        let summary = phone.summary()

        XCTAssertEqual(summary.status, 1)
        XCTAssertEqual(summary.output, "", "no half answer")
        XCTAssertTrue(summary.errors.contains("no current price could be loaded: AAA (the quote service rejected the API key"), summary.errors)
        XCTAssertFalse(summary.errors.contains("Try again later"), "a rejected key is not fixed by waiting: \(summary.errors)")
    }

    func test_aHoldingThePriceServiceDoesNotKnow_isNamedAndLeftOutOfTheTotalsWithExitCode0() throws {
        let emulator = try startEmulator()
        let phone = makeInvestDriver(servicesFrom: emulator)
        phone.signUp("investor@example.com", password: "long enough")
        phone.add(["buy AAA 1 10 2024-01-02", "buy BRK.B 1 400 2024-01-02"])
        phone.run(["sync"])

        let table = phone.summary()
        let json = phone.summary(["--format", "json"])

        XCTAssertEqual(table.status, 0, table.errors)
        XCTAssertTrue(table.output.contains("Not valued (price unavailable): BRK.B; left out of the totals."), table.output)
        XCTAssertTrue(table.output.contains("35.00"), "AAA is still valued: \(table.output)")
        XCTAssertEqual(json.status, 0, json.errors)
        XCTAssertEqual(try json.jsonObject()["unpricedTickers"] as? [String], ["BRK.B"])
        XCTAssertEqual(try json.jsonObject()["value"] as? String, "35")
    }

    func test_samplePrices_areNamedOnStdoutAndInJSON() throws {
        let emulator = try startEmulator()
        let phone = makeInvestDriver(servicesFrom: emulator)
        phone.signUp("investor@example.com", password: "long enough")
        phone.add(["buy AAPL 1 100 2024-01-02"])
        phone.run(["sync"])
        phone.environment["FINNHUB_API_KEY"] = nil

        let table = phone.summary()
        let json = phone.summary(["--format", "json"])

        XCTAssertEqual(table.status, 0, table.errors)
        XCTAssertTrue(table.output.contains("sample prices"), "a reader of stdout alone must not take them for live: \(table.output)")
        XCTAssertEqual(try json.jsonObject()["priceMode"] as? String, "sample")
    }

    /// The summary answers from the copy of the account the last run kept, at the
    /// prices kept then, with the network out of reach; a later run online brings it level.
    func test_offline_theSummaryAnswersFromTheCopyTheLastRunKept_withoutTheNetwork() throws {
        let emulator = try startEmulator()
        let phone = makeInvestDriver(servicesFrom: emulator)
        phone.signUp("investor@example.com", password: "long enough")
        phone.add(["buy AAA 2 40 2024-01-02", "buy BBB 1 20 2024-01-03"])
        XCTAssertEqual(phone.run(["sync"]).status, 0)
        let watch = makeInvestDriver(servicesFrom: emulator)
        watch.environment["INVEST_EMAIL"] = "investor@example.com"
        watch.environment["INVEST_PASSWORD"] = "long enough"
        let online = try watch.summary(["--format", "json"]).jsonObject()
        phone.add(["buy AAA 1 30 2024-01-04"])
        XCTAssertEqual(phone.run(["sync"]).status, 0)
        let reachable = watch.environment
        for key in ["INVEST_AUTH_URL", "INVEST_REMOTE_URL", "INVEST_QUOTES_URL"] { watch.environment[key] = "http://127.0.0.1:9" }

        let unreachable = watch.summary()
        let offline = watch.summary(["--format", "json", "--offline"])
        let table = watch.summary(["--offline"])

        XCTAssertEqual(unreachable.status, 1)
        XCTAssertTrue(unreachable.errors.contains("can still answer: run invest-summary --offline."), unreachable.errors)

        XCTAssertEqual(offline.status, 0, offline.errors)
        let answer = try offline.jsonObject()
        for key in ["value", "profit", "costBasis", "netWorth"] { XCTAssertEqual(answer[key] as? String, online[key] as? String, key) }
        XCTAssertEqual(answer["priceMode"] as? String, "offline")
        XCTAssertEqual(answer["copiedAt"] as? String, online["copiedAt"] as? String)
        XCTAssertTrue(table.output.contains("Offline: the records as copied from the account at "), table.output)
        watch.environment = reachable
        let broughtLevel = try watch.summary(["--format", "json"]).jsonObject()
        let totals = try phone.run(["portfolio", "--format", "json"]).jsonObject()["totals"] as? [String: Any]
        XCTAssertEqual(broughtLevel["value"] as? String, totals?["value"] as? String)
        XCTAssertNotEqual(broughtLevel["value"] as? String, online["value"] as? String, "the phone's new buy is in")
        for key in ["INVEST_AUTH_URL", "INVEST_REMOTE_URL", "INVEST_QUOTES_URL"] { watch.environment[key] = "http://127.0.0.1:9" }
        XCTAssertEqual(try watch.summary(["--format", "json", "--offline"]).jsonObject()["value"] as? String, broughtLevel["value"] as? String)
    }

    func test_offline_withNoCopyKeptYet_saysToRunOnlineFirst_withExitCode1() {
        let watch = makeInvestDriver()

        let run = watch.summary(["--offline"])

        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.errors.contains("yet: run invest-summary once without --offline."), run.errors)
        XCTAssertEqual(run.output, "")
    }

    /// The copy answers for one account: another account signing in on the same device never
    /// sees the first one's records, online or offline.
    func test_anotherAccountSigningIn_replacesTheCopy_neverMixesTheirRecords() throws {
        let emulator = try startEmulator()
        for (email, buys) in [("first@example.com", ["buy AAA 2 40 2024-01-02"]), ("second@example.com", ["buy BBB 1 20 2024-01-03"])] {
            let phone = makeInvestDriver(servicesFrom: emulator)
            phone.signUp(email, password: "long enough")
            phone.add(buys)
            XCTAssertEqual(phone.run(["sync"]).status, 0)
        }
        let watch = makeInvestDriver(servicesFrom: emulator)
        watch.environment["INVEST_PASSWORD"] = "long enough"
        watch.environment["INVEST_EMAIL"] = "first@example.com"
        XCTAssertEqual(watch.summary().status, 0)
        try FileManager.default.removeItem(at: watch.home.appendingPathComponent("session.json"))
        watch.environment["INVEST_EMAIL"] = "second@example.com"

        let second = try watch.summary(["--format", "json"]).jsonObject()
        let offline = try watch.summary(["--format", "json", "--offline"]).jsonObject()

        // BBB at the emulator's price, and no AAA of the first account's.
        XCTAssertEqual(second["costBasis"] as? String, "20")
        XCTAssertEqual(offline["costBasis"] as? String, "20")
    }
}
