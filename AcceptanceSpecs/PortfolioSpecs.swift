import XCTest
import InvestCLITestSupport
import TestSupport

/// Story "Portfolio" (the Investments stories), with prices from the loopback quote emulator.
final class PortfolioSpecs: XCTestCase {
    func test_givenNoTransactions_whenUserOpensPortfolio_heSeesAnEmptyView() throws {
        let emulator = try startEmulator()
        let invest = makeInvestDriver(servicesFrom: emulator)

        let portfolio = invest.run(["portfolio"])

        XCTAssertEqual(portfolio.status, 0, portfolio.errors)
        XCTAssertTrue(portfolio.output.contains("Your portfolio is empty"), portfolio.output)
        XCTAssertEqual(try emulator.requestCounts(), [:], "nothing to price, nothing fetched")
    }

    func test_givenStoredTransactions_whenUserOpensPortfolio_heSeesTickersWithTotalCostProfitAndDetails() throws {
        let emulator = try startEmulator()
        let invest = makeInvestDriver(servicesFrom: emulator)
        invest.add(["buy BBB 1 10 2024-01-01", "buy AAA 1 10 2024-01-02", "buy AAA 2 40 2024-01-03", "buy AAA 3 90 2024-01-04",
                    "buy BBB 2 40 2024-01-05", "sell BBB 1 25 2024-01-06", "buy CCC 1 30 2024-01-07"])

        let json = invest.run(["portfolio", "--format", "json"])
        let table = invest.run(["portfolio", "--sort", "ticker"])

        XCTAssertEqual(json.status, 0, json.errors)
        let document = try json.jsonObject()
        let holdings = try XCTUnwrap(document["holdings"] as? [[String: Any]])
        func holding(_ ticker: String) throws -> [String: Any] { try XCTUnwrap(holdings.first { $0["ticker"] as? String == ticker }, ticker) }
        func fields(_ holding: [String: Any], _ keys: [String]) -> [String?] { keys.map { holding[$0] as? String } }
        let keys = ["quantity", "value", "expenses", "income", "profit", "profitPercent"]
        XCTAssertEqual(fields(try holding("AAA"), keys), ["6", "210", "140", "0", "70", "50"])
        XCTAssertEqual(fields(try holding("BBB"), keys), ["2", "60", "50", "25", "35", "70"])
        XCTAssertEqual(fields(try holding("CCC"), ["quantity", "value"]), ["1", nil])
        XCTAssertTrue(try holding("CCC")["value"] is NSNull, "never valued at 0")
        XCTAssertEqual(try holding("CCC")["priceProblem"] as? String, "unknown symbol")
        XCTAssertEqual(document["unpricedTickers"] as? [String], ["CCC"])
        let totals = try XCTUnwrap(document["totals"] as? [String: Any])
        XCTAssertEqual(totals["value"] as? String, "270")
        XCTAssertEqual(totals["profit"] as? String, "105")
        XCTAssertTrue(table.output.contains("Total value 270.00"), table.output)
        XCTAssertTrue(table.output.contains("Not valued (price unavailable): CCC"), table.output)
        XCTAssertTrue(json.errors.contains("no price for CCC: unknown symbol"), json.errors)
        XCTAssertEqual(Set(try emulator.requestCounts().keys), ["AAA", "BBB", "CCC"], "tickers never traded are never fetched")
    }

    func test_givenStoredTransactions_whenUserSavesANewTransaction_heSeesAnUpdatedPortfolio() throws {
        let emulator = try startEmulator()
        let invest = makeInvestDriver(servicesFrom: emulator)
        invest.add(["buy AAA 1 10 2024-01-02"])
        XCTAssertTrue(invest.run(["portfolio"]).output.contains("Total value 35.00"))

        invest.add(["buy AAA 2 40 2024-01-03"])

        XCTAssertTrue(invest.run(["portfolio"]).output.contains("Total value 105.00"))
    }
}

/// Story "Current prices" (the Investments stories).
final class CurrentPricesSpecs: XCTestCase {
    func test_givenInternetConnection_whenUserOpensPortfolio_theSystemLoadsCurrentPricesViaTheInternet() throws {
        let emulator = try startEmulator()
        let invest = makeInvestDriver(servicesFrom: emulator)
        invest.add(["buy AAPL 1 150 2024-01-02"])

        let portfolio = invest.run(["portfolio"])
        let quote = invest.run(["quote", "AAPL", "BBB"])

        XCTAssertEqual(portfolio.status, 0, portfolio.errors)
        XCTAssertTrue(portfolio.output.contains("190.12") && portfolio.output.contains("live"), portfolio.output)
        XCTAssertEqual(portfolio.errors, "", "live prices need no warning")
        XCTAssertTrue(quote.output.contains("↑") && quote.output.contains("↓"), quote.output)
    }

    func test_givenNoInternetConnection_whenUserOpensPortfolio_theSystemLoadsCurrentPricesFromTheCache() throws {
        let emulator = try startEmulator()
        let invest = makeInvestDriver(servicesFrom: emulator)
        invest.add(["buy AAPL 1 150 2024-01-02"])
        XCTAssertEqual(invest.run(["portfolio"]).status, 0)
        emulator.stop()
        invest.now = invest.now.addingTimeInterval(3 * 3_600)

        let portfolio = invest.run(["portfolio"])
        let offline = invest.run(["portfolio", "--offline"])

        XCTAssertEqual(portfolio.status, 0, portfolio.errors)
        XCTAssertTrue(portfolio.output.contains("190.12") && portfolio.output.contains("cached 3h ago"), portfolio.output)
        XCTAssertTrue(portfolio.errors.contains("cached, not live"), portfolio.errors)
        XCTAssertTrue(offline.output.contains("cached 3h ago"), offline.output)
    }
}

/// The sad paths of loading current prices.
final class CurrentPricesSadPathSpecs: XCTestCase {
    func test_apiConnectionError_isReportedAndNothingIsValuedAtZero() throws {
        let emulator = try startEmulator()
        let invest = makeInvestDriver(servicesFrom: emulator)
        invest.add(["buy AAPL 1 150 2024-01-02"])
        emulator.stop()

        let portfolio = invest.run(["portfolio"])

        XCTAssertEqual(portfolio.status, 1)
        XCTAssertTrue(portfolio.errors.contains("the quote service could not be reached"), portfolio.errors)
        XCTAssertTrue(portfolio.output.contains("Not valued (price unavailable): AAPL"), portfolio.output)
        XCTAssertFalse(portfolio.output.contains("-100"), "an unpriced holding is not a total loss")
    }

    /// With no key there is no quote service, only the sample prices: a symbol they don't list is
    /// said to be that, never an unknown symbol, and `stock view` doesn't deny the stock exists.
    func test_withNoKey_aSymbolTheSamplePricesDontList_isSaidToNeedAKey_notToBeUnknown() throws {
        let invest = makeInvestDriver()

        let quote = invest.run(["quote", "SPY"])
        let view = invest.run(["stock", "view", "SPY"])

        XCTAssertTrue(quote.errors.contains("no price for SPY: no FINNHUB_API_KEY is configured, and the sample prices don't list it"), quote.errors)
        XCTAssertFalse(quote.output.contains("unknown symbol"), quote.output)
        XCTAssertFalse(view.errors.contains("no stock has the symbol SPY"), view.errors)
        XCTAssertTrue(view.output.contains("no FINNHUB_API_KEY is configured"), view.output + view.errors)
    }

    func test_apiInvalidData_isReportedAsSuch() throws {
        let emulator = try startEmulator()
        try emulator.inject("garbage", for: "AAPL")
        let invest = makeInvestDriver(servicesFrom: emulator)
        invest.add(["buy AAPL 1 150 2024-01-02", "buy AAA 1 10 2024-01-02"])

        let portfolio = invest.run(["portfolio"])

        XCTAssertEqual(portfolio.status, 0)
        XCTAssertTrue(portfolio.errors.contains("no price for AAPL: the quote service sent data that is not a quote"), portfolio.errors)
        XCTAssertTrue(portfolio.output.contains("Total value 35.00"), portfolio.output)
        XCTAssertEqual(try emulator.requestCounts()["AAPL"], 1, "invalid data is never retried")
    }

    func test_cacheRetrievalError_isIgnoredWithOneWarningAndLosesNoTransactions() throws {
        let invest = makeInvestDriver()
        invest.add(["buy AAPL 1 150 2024-01-02", "buy MSFT 1 300 2024-01-02"])
        try Data("{ not json".utf8).write(to: invest.home.appendingPathComponent("prices-cache.json"))

        let portfolio = invest.run(["portfolio", "--offline"])

        XCTAssertEqual(portfolio.status, 1, "offline with nothing cached values nothing")
        XCTAssertEqual(portfolio.errors.components(separatedBy: "ignoring the price cache").count - 1, 1, portfolio.errors)
        XCTAssertTrue(portfolio.output.contains("AAPL") && portfolio.output.contains("MSFT"), portfolio.output)
        XCTAssertEqual(invest.ids().count, 2)
    }
}
