import XCTest
import InvestCLITestSupport
import AuthTestSupport
import TestSupport
import FixedPoint

/// The trading desk's checks (cash, market orders, the catalog, alerts), against the loopback emulator's
/// quotes: AAPL 190.12 (previous close 188), TSLA 258.14, MSFT 410.50.
final class TradingDeskSpecs: XCTestCase {
    func test_givenTheCatalog_whenUserSearchesAAPLAndBuysOneShare_thePortfolioShowsTheNewQuantityAndTotal() throws {
        let (invest, _) = try makeDesk()
        invest.add(["buy AAPL 2 300 2024-01-02"])

        let search = invest.run(["stocks", "AAPL"])
        let details = invest.run(["stock", "AAPL", "--format", "csv"])
        let buy = invest.run(["buy", "AAPL", "1", "--yes"])
        let portfolio = try invest.run(["portfolio", "--format", "json"]).jsonObject()

        XCTAssertTrue(search.output.contains("AAPL") && search.output.contains("Apple Inc."), search.output)
        for fact in ["name,Apple Inc.", "price,190.12", "change,2.12", "open,188", "high,191", "low,187", "previousClose,188", "quantity,2", "watched,false"] {
            XCTAssertTrue(details.output.contains(fact + "\n"), "\(fact): \(details.output)")
        }
        XCTAssertEqual(buy.status, 0, buy.errors)
        XCTAssertTrue(buy.output.contains("Bought 1 AAPL at 190.12 for 190.12"), buy.output)
        let aapl = try XCTUnwrap((portfolio["holdings"] as? [[String: Any]])?.first)
        XCTAssertEqual(aapl["quantity"] as? String, "3")
        XCTAssertEqual(aapl["value"] as? String, "570.36", "3 × 190.12")
        XCTAssertEqual((portfolio["totals"] as? [String: Any])?["value"] as? String, "570.36")
    }

    func test_givenAHolding_whenUserSellsItBack_theQuantityDecreases() throws {
        let (invest, _) = try makeDesk()
        invest.add(["buy AAPL 2 300 2024-01-02"])

        let sell = invest.run(["sell", "AAPL", "1", "--yes", "--format", "json"])

        XCTAssertEqual(sell.status, 0, sell.errors)
        let saved = try sell.jsonObject()
        XCTAssertEqual([saved["type"] as? String, saved["quantity"] as? String, saved["sum"] as? String], ["sell", "1", "190.12"])
        XCTAssertEqual(try holdings(invest)["AAPL"], "1")
    }

    func test_whenUserSellsMoreThanHeOwns_theOrderIsRefusedAndNothingIsSaved() throws {
        let (invest, _) = try makeDesk()
        invest.add(["buy AAPL 2 300 2024-01-02"])

        let sell = invest.run(["sell", "AAPL", "3", "--yes"])

        XCTAssertEqual(sell.status, 2)
        XCTAssertTrue(sell.errors.contains("you hold 2 AAPL, so you can't sell 3"), sell.errors)
        XCTAssertEqual(invest.ids().count, 1)
    }

    func test_givenTheNetworkForcedDown_stalePricesAreShown_andATradeIsAllowedOnlyWithTheWarning() throws {
        let (invest, emulator) = try makeDesk()
        invest.add(["buy AAPL 2 300 2024-01-02"])
        XCTAssertEqual(invest.run(["portfolio"]).status, 0, "caches AAPL's price")
        try emulator.inject("500")
        invest.now = invest.now.addingTimeInterval(2 * 3600)

        let portfolio = invest.run(["portfolio"])
        let refused = invest.run(["buy", "AAPL", "1", "--yes"])
        let allowed = invest.run(["buy", "AAPL", "1", "--yes", "--allow-stale"])

        XCTAssertTrue(portfolio.output.contains("cached 2h ago"), portfolio.output)
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.errors.contains("last known price is 2h old (stale)") && refused.errors.contains("--allow-stale"), refused.errors)
        XCTAssertEqual(allowed.status, 0, allowed.errors)
        XCTAssertTrue(allowed.errors.contains("stale"), "the warning is shown with the trade")
        let note = try XCTUnwrap(try invest.run(["list", "--format", "json", "-n", "1"]).jsonRows().first?["note"] as? String)
        XCTAssertTrue(note.contains("stale price from 2024-07-03"), note)
    }

    func test_givenRapidBuysAndSells_fromParallelProcesses_theStateStaysConsistent() throws {
        let emulator = try startEmulator()
        let home = makeTemporaryDirectory()
        let environment = ["INVEST_HOME": home.path, "HOME": home.path, "INVEST_QUOTES_URL": emulator.baseURL.absoluteString,
                           "FINNHUB_API_KEY": ServicesEmulator.apiKey, "NO_COLOR": "1"]
        @Sendable func invest(_ arguments: [String]) throws -> ProcessResult { try runProduct("invest", arguments, environment: environment) }
        XCTAssertEqual(try invest(["add", "--type", "deposit", "--sum", "1000"]).status, 0)
        XCTAssertEqual(try invest(["buy", "AAPL", "2", "--yes"]).status, 0)

        // Cash for three more shares (1000 − 380.24 = 619.76), and two held to sell: 8 orders at once.
        let orders = Array(repeating: ["buy", "AAPL", "1", "--yes"], count: 4) + Array(repeating: ["sell", "AAPL", "1", "--yes"], count: 4)
        let results = ResultsBox()
        DispatchQueue.concurrentPerform(iterations: orders.count) { index in results.append(index, try? invest(orders[index])) }

        let statuses = results.sorted.map { $0?.status }
        XCTAssertTrue(statuses.allSatisfy { $0 == 0 || $0 == 2 }, "\(statuses)")
        let rows = try JSONSerialization.jsonObject(with: Data(try invest(["list", "--format", "json"]).stdout.utf8)) as? [[String: Any]] ?? []
        let bought = rows.filter { $0["type"] as? String == "buy" }.count, sold = rows.filter { $0["type"] as? String == "sell" }.count
        XCTAssertEqual(bought + sold, 1 + statuses.filter { $0 == 0 }.count, "every order that said it was placed is saved, and no other")
        let held = 2 + (bought - 1) - sold
        let cash = try invest(["cash", "--format", "json"]).stdout
        let balance = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(cash.utf8)) as? [String: Any])?["balance"] as? String)
        XCTAssertEqual(balance, (FixedDecimal(1000) - (FixedDecimal(held).multiplied(by: FixedDecimal("190.12")!) ?? .zero)).description, cash)
        XCTAssertFalse(balance.hasPrefix("-"), "never overdrawn")
        XCTAssertGreaterThanOrEqual(held, 0, "never oversold")
        XCTAssertEqual(try holdings(ofHome: invest), held)
    }

    func test_givenZeroHoldings_theDeskIsHandledGracefully() throws {
        let (invest, _) = try makeDesk()

        let portfolio = invest.run(["portfolio"])
        let cash = invest.run(["cash"])
        let sell = invest.run(["sell", "AAPL", "1", "--yes"])
        let watch = invest.run(["watch"])
        let alerts = invest.run(["alerts", "check"])

        XCTAssertEqual(portfolio.status, 0)
        XCTAssertTrue(portfolio.output.contains("Your portfolio is empty"), portfolio.output)
        XCTAssertTrue(cash.output.contains("Cash: 0.00"), cash.output)
        XCTAssertEqual(sell.status, 2)
        XCTAssertTrue(sell.errors.contains("you hold 0 AAPL"), sell.errors)
        XCTAssertTrue(watch.output.contains("Your watchlist is empty"), watch.output)
        XCTAssertEqual(alerts.status, 0, alerts.errors)
    }

    func test_whenUserRefreshes_pricesAreFetchedAgainAndTheTotalUpdates() throws {
        let (invest, emulator) = try makeDesk()
        invest.add(["buy AAPL 2 300 2024-01-02"])
        XCTAssertTrue(invest.run(["portfolio"]).output.contains("Total value 380.24"))
        try emulator.setQuote("AAPL", price: 200, previousClose: 188)

        let reused = invest.run(["portfolio"])
        let refreshed = invest.run(["portfolio", "--refresh"])

        XCTAssertTrue(reused.output.contains("Total value 380.24"), "within 60 s a price is reused: \(reused.output)")
        XCTAssertTrue(refreshed.output.contains("Total value 400.00"), refreshed.output)
        XCTAssertEqual(try emulator.requestCounts()["AAPL"], 2)
    }

    func test_watchlistAddAndRemove() throws {
        let (invest, _) = try makeDesk()
        invest.add(["buy MSFT 1 400 2024-01-02"])

        XCTAssertEqual(invest.run(["watch", "add", "aapl", "--target", "209.13"]).status, 0)
        XCTAssertEqual(invest.run(["watch", "add", "MSFT"]).status, 0)
        let rows = try invest.run(["watch", "--format", "json"]).jsonRows()
        let removed = invest.run(["watch", "remove", "AAPL"])
        let after = try invest.run(["watch", "--format", "json"]).jsonRows()

        XCTAssertEqual(rows.map { $0["ticker"] as? String }, ["AAPL", "MSFT"], "in the order added")
        XCTAssertEqual(rows[0]["price"] as? String, "190.12")
        XCTAssertEqual(rows[0]["direction"] as? String, "up")
        XCTAssertEqual(rows[0]["distancePercent"] as? String, "10", "(209.13 − 190.12) ÷ 190.12 = 10.00%")
        XCTAssertEqual(rows[1]["held"] as? String, "1")
        XCTAssertEqual(removed.status, 0)
        XCTAssertEqual(after.map { $0["ticker"] as? String }, ["MSFT"])
    }

    func test_anAlertFiresOnce_untilRearmed() throws {
        let (invest, _) = try makeDesk()
        XCTAssertEqual(invest.run(["alert", "add", "AAPL", "--above", "190"]).status, 0)
        XCTAssertEqual(invest.run(["alert", "add", "AAPL", "--below", "100"]).status, 0)

        let first = invest.run(["alerts", "check", "--format", "json"])
        let second = invest.run(["alerts", "check"])
        let listed = try invest.run(["alerts", "--format", "json"]).jsonRows()
        let id = try XCTUnwrap(listed.first { $0["condition"] as? String == "above" }?["id"] as? String)
        XCTAssertEqual(invest.run(["alert", "rearm", String(id.prefix(8))]).status, 0)
        let rearmed = invest.run(["alerts", "check"])

        XCTAssertEqual(first.status, 3, first.errors)
        let fired = try first.jsonRows()
        XCTAssertEqual(fired.map { $0["condition"] as? String }, ["above"])
        XCTAssertEqual(fired.first?["firedPrice"] as? String, "190.12")
        XCTAssertEqual(second.status, 0, "fired once: \(second.output)")
        XCTAssertTrue(listed.contains { $0["state"] as? String == "fired" && $0["firedAt"] as? String == "2024-07-03T09:46:40Z" }, "\(listed)")
        XCTAssertEqual(rearmed.status, 3)
    }

    func test_csvExportOfThePortfolioAndOfTheTransactions() throws {
        let (invest, _) = try makeDesk()
        invest.add(["buy AAPL 2 300 2024-01-02"])

        let portfolio = invest.run(["portfolio", "--format", "csv"])
        let transactions = invest.run(["export", "--format", "csv"])

        XCTAssertEqual(portfolio.status, 0)
        XCTAssertTrue(portfolio.output.hasPrefix("ticker,"), portfolio.output)
        XCTAssertTrue(portfolio.output.contains("AAPL,2,"), portfolio.output)
        XCTAssertTrue(transactions.output.hasPrefix("id,date,type,ticker,quantity,price,sum,note\n"), transactions.output)
        XCTAssertTrue(transactions.output.contains(",2024-01-02,buy,AAPL,2,150,300,"), transactions.output)
    }

    // MARK: - Done when

    func test_againstTheEmulator_aUserDepositsBuysAndSellsAtMarket_andCashHoldingsAndProfitAgreeToTheCent() throws {
        let (invest, _) = try makeDesk()

        XCTAssertEqual(invest.run(["add", "--type", "deposit", "--sum", "1000"]).status, 0)
        XCTAssertEqual(invest.run(["buy", "AAPL", "3", "--yes"]).status, 0)
        XCTAssertEqual(invest.run(["sell", "AAPL", "1", "--yes"]).status, 0)
        let overdraw = invest.run(["buy", "MSFT", "2", "--yes"])

        // 1000 − 3 × 190.12 + 190.12 = 619.76; 2 × 410.50 = 821.00 is more than that.
        XCTAssertEqual(overdraw.status, 2)
        XCTAssertTrue(overdraw.errors.contains("insufficient cash: the order costs 821.00 and 619.76 is available"), overdraw.errors)
        XCTAssertTrue(invest.run(["cash"]).output.contains("Cash: 619.76"))
        let portfolio = try invest.run(["portfolio", "--format", "json"]).jsonObject()
        let totals = try XCTUnwrap(portfolio["totals"] as? [String: Any])
        XCTAssertEqual(totals["value"] as? String, "380.24")
        XCTAssertEqual(totals["profit"] as? String, "0", "bought and valued at the same price")
        XCTAssertEqual(try holdings(invest)["AAPL"], "2")
    }

    func test_aDividendRaisesCashAndProfit_andA4to1SplitLeavesTheInvestedAmountAndProfitUnchanged() throws {
        let (invest, emulator) = try makeDesk()
        XCTAssertEqual(invest.run(["add", "--type", "deposit", "--sum", "1000", "--date", "2024-01-01"]).status, 0)
        invest.add(["buy AAPL 2 300 2024-01-02"])
        func totals() throws -> [String: Any] { try XCTUnwrap(try invest.run(["portfolio", "--refresh", "--format", "json"]).jsonObject()["totals"] as? [String: Any]) }
        let before = try totals()

        XCTAssertEqual(invest.run(["add", "--type", "dividend", "--ticker", "AAPL", "--sum", "4.20", "--date", "2024-03-01"]).status, 0)
        let withDividend = try totals()
        XCTAssertTrue(invest.run(["cash"]).output.contains("Cash: 704.20"), "1000 − 300 + 4.20")
        XCTAssertEqual(before["profit"] as? String, "80.24", "2 × 190.12 − 300")
        XCTAssertEqual(withDividend["profit"] as? String, "84.44")

        XCTAssertEqual(invest.run(["add", "--type", "split", "--ticker", "AAPL", "--ratio", "4:1", "--date", "2024-06-10"]).status, 0)
        try emulator.setQuote("AAPL", price: 47.53, previousClose: 47)
        let split = try totals()
        XCTAssertEqual(try holdings(invest)["AAPL"], "8")
        XCTAssertEqual(split["expenses"] as? String, withDividend["expenses"] as? String, "the invested amount is unchanged")
        XCTAssertEqual(split["costBasis"] as? String, "300")
        XCTAssertEqual(split["profit"] as? String, "84.44", "8 × 47.53 = 380.24, as 2 × 190.12 was")
        XCTAssertEqual(invest.run(["sell", "AAPL", "8", "--yes"]).status, 0, "a sell after the split is checked against the quantity after it")
    }

    func test_alertsCheck_tellsCronByItsExitCode_andRunsTheNotifyCommand() throws {
        let (invest, emulator) = try makeDesk()
        let log = makeTemporaryDirectory().appendingPathComponent("fired.log")
        XCTAssertEqual(invest.run(["alerts", "check"]).status, 0, "nothing armed: nothing fired")
        XCTAssertEqual(invest.run(["alert", "add", "TSLA", "--move", "1.5"]).status, 0)
        XCTAssertEqual(invest.run(["alert", "add", "AAPL", "--above", "500"]).status, 0)
        try emulator.inject("500", for: "AAPL")

        let unchecked = invest.run(["alerts", "check"])
        try emulator.inject("500", for: "AAPL", times: 0)
        let afterwards = invest.run(["alerts", "check"])

        XCTAssertEqual(unchecked.status, 1, "TSLA moved −1.66% and fired, but AAPL could not be checked: the check failed")
        XCTAssertTrue(unchecked.output.contains("FIRED") && unchecked.output.contains("TSLA"), unchecked.output)
        XCTAssertTrue(unchecked.errors.contains("on AAPL was not checked: only a cached price from earlier"), unchecked.errors)
        XCTAssertTrue(unchecked.errors.contains("1 alert could not be checked against a live price; 1 other fired (above)."), "[\(unchecked.errors)]")
        XCTAssertEqual(afterwards.status, 0, "TSLA fired already; AAPL at 190.12 is below 500: \(afterwards.output) \(afterwards.errors)")
        XCTAssertEqual(invest.run(["alert", "rearm", try alertID(invest, "move")]).status, 0)
        try emulator.inject("500", for: "*")
        let down = invest.run(["alerts", "check"])
        XCTAssertEqual(down.status, 1, "prices could not be checked is never 'nothing fired': \(down.errors)")
        try emulator.inject("500", for: "*", times: 0)
        XCTAssertEqual(invest.run(["alerts", "check", "--notify", "printf '%s %s %s\\n' \"$INVEST_ALERT_TICKER\" \"$INVEST_ALERT_CONDITION\" \"$INVEST_ALERT_MEASURED\" >> \(log.path)"]).status, 3)
        XCTAssertEqual(try String(contentsOf: log, encoding: .utf8), "TSLA move -1.66469849\n")
    }

    /// With no API key reaching cron, a check once fired on the sample price
    /// (exit 3), and an alert on a symbol no service knows was kept and failed every check.
    func test_alertsJudgeOnlyLivePrices_andASymbolTheServiceDoesntKnowIsRefusedUnlessForced() throws {
        let invest = makeInvestDriver()
        XCTAssertEqual(invest.run(["alert", "add", "AAPL", "--above", "100"]).status, 0)

        let check = invest.run(["--quiet", "alert", "check"])
        let unknown = invest.run(["alert", "add", "ZZZZ", "--above", "1"])
        let forced = invest.run(["alert", "add", "ZZZZ", "--above", "1", "--force"])

        XCTAssertEqual(check.status, 1, "a sample price never fires an alert: \(check.output)")
        XCTAssertFalse(check.output.contains("FIRED"), check.output)
        XCTAssertTrue(check.errors.contains("on AAPL was not checked: only a sample price (no FINNHUB_API_KEY configured)"), "also under --quiet: \(check.errors)")
        XCTAssertEqual(unknown.status, 2)
        // With no key there is no quote service to ask: the key is what is missing, not the symbol.
        XCTAssertTrue(unknown.errors.contains("no FINNHUB_API_KEY is configured, so ZZZZ can't be confirmed") && unknown.errors.contains("--force"), unknown.errors)
        XCTAssertEqual(forced.status, 0, forced.errors)
        XCTAssertEqual(try invest.run(["alert", "list", "--format", "json"]).jsonRows().count, 2)
    }

    func test_theEmulatorsDemoUser_startsWithSeed000sSamplePortfolio() throws {
        let emulator = try startEmulator(demo: true)
        let invest = makeInvestDriver(servicesFrom: emulator)

        XCTAssertEqual(invest.logIn("test@stockport.com", password: "Test@123").status, 0)
        XCTAssertEqual(invest.run(["sync"]).status, 0)

        XCTAssertEqual(try holdings(invest), ["AAPL": "2", "TSLA": "1"])
    }

    func test_theDesksRecords_syncBetweenDevicesLikeTransactions() throws {
        let emulator = try startEmulator()
        let laptop = makeInvestDriver(servicesFrom: emulator), desktop = makeInvestDriver(servicesFrom: emulator)
        XCTAssertEqual(laptop.signUp("trader@example.com", password: "long enough").status, 0)
        XCTAssertEqual(desktop.logIn("trader@example.com", password: "long enough").status, 0)
        XCTAssertEqual(laptop.run(["add", "--type", "deposit", "--sum", "500", "--date", "2024-01-01"]).status, 0)
        XCTAssertEqual(laptop.run(["add", "--type", "split", "--ticker", "AAPL", "--ratio", "2:1", "--date", "2024-01-01"]).status, 0)
        XCTAssertEqual(laptop.run(["watch", "add", "MSFT", "--target", "400"]).status, 0)
        XCTAssertEqual(laptop.run(["alert", "add", "AAPL", "--above", "190"]).status, 0)
        XCTAssertEqual(laptop.run(["alerts", "check"]).status, 3)

        XCTAssertEqual(laptop.run(["sync"]).status, 0)
        XCTAssertEqual(desktop.run(["sync"]).status, 0)

        XCTAssertTrue(desktop.run(["cash"]).output.contains("Cash: 500.00"))
        XCTAssertEqual(try desktop.run(["list", "--type", "split", "--format", "json"]).jsonRows().first?["ratio"] as? String, "2:1")
        XCTAssertEqual(try desktop.run(["watch", "--format", "json"]).jsonRows().first?["target"] as? String, "400")
        XCTAssertEqual(desktop.run(["alerts", "check"]).status, 0, "it fired on the laptop, and that state synced")
    }

    // MARK: - Helpers

    private func makeDesk() throws -> (InvestDriver, ServicesEmulator) {
        let emulator = try startEmulator()
        return (makeInvestDriver(servicesFrom: emulator), emulator)
    }

    private func holdings(_ invest: InvestDriver) throws -> [String: String] {
        let rows = try invest.run(["portfolio", "--offline", "--format", "json"]).jsonObject()["holdings"] as? [[String: Any]] ?? []
        return Dictionary(uniqueKeysWithValues: rows.compactMap { row in (row["ticker"] as? String).map { ($0, row["quantity"] as? String ?? "") } })
    }

    private func holdings(ofHome invest: ([String]) throws -> ProcessResult) throws -> Int {
        let portfolio = try JSONSerialization.jsonObject(with: Data(try invest(["portfolio", "--offline", "--format", "json"]).stdout.utf8)) as? [String: Any]
        let rows = portfolio?["holdings"] as? [[String: Any]] ?? []
        return Int(rows.first?["quantity"] as? String ?? "0") ?? -1
    }

    private func alertID(_ invest: InvestDriver, _ condition: String) throws -> String {
        try XCTUnwrap(try invest.run(["alerts", "--format", "json"]).jsonRows().first { $0["condition"] as? String == condition }?["id"] as? String)
    }
}

private final class ResultsBox: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Int: ProcessResult?] = [:]

    func append(_ index: Int, _ result: ProcessResult?) { lock.withLock { results[index] = result } }
    var sorted: [ProcessResult?] { lock.withLock { results.keys.sorted().map { results[$0]! } } }
}
