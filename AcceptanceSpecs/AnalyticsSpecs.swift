import XCTest
import InvestCLITestSupport
import TestSupport

/// Performance and allocation, on the history `ReturnsTests` works by hand: three deposits, two buys, a
/// dividend and a withdrawal, valued with imported closes.
final class AnalyticsSpecs: XCTestCase {
    /// One history valued through every command and both clients gives one
    /// value: a ticker the quote service knows, one with only a kept close, one with only a manual
    /// price, and cash.
    func test_oneHistory_hasOneValue_inPortfolioAllocationReturnsPerformanceAndTheSummary() throws {
        let emulator = try startEmulator()
        try emulator.setQuote("AAPL", price: 200, previousClose: 190)
        let invest = makeInvestDriver(servicesFrom: emulator)
        for add in [["--type", "deposit", "--sum", "10000", "--date", "2024-06-01"],
                    ["--type", "buy", "--ticker", "AAPL", "--quantity", "10", "--sum", "1800", "--date", "2024-06-03"],
                    ["--type", "buy", "--ticker", "VWRL.L", "--quantity", "10", "--sum", "1000", "--date", "2024-06-03"],
                    ["--type", "buy", "--ticker", "FUND", "--quantity", "5", "--sum", "500", "--date", "2024-06-03"]] {
            XCTAssertEqual(invest.run(["add"] + add).status, 0)
        }
        XCTAssertEqual(invest.run(["price", "import", "-"], stdin: Data("date,ticker,close\n2024-06-28,VWRL.L,120\n".utf8)).status, 0)
        XCTAssertEqual(invest.run(["price", "set", "FUND", "110", "--date", "2024-07-01"]).status, 0)

        // Returns first, as first thing in the morning: no quote of today is kept yet.
        let returns = try invest.run(["returns", "--format", "json"]).jsonObject()
        let performance = try invest.run(["performance", "--interval", "day", "--format", "json"]).jsonRows()
        let totals = try XCTUnwrap(try invest.run(["portfolio", "--format", "json"]).jsonObject()["totals"] as? [String: Any])
        let allocation = invest.run(["allocation", "--format", "json"])
        XCTAssertEqual(invest.signUp("investor@example.com", password: "long enough").status, 0)
        XCTAssertEqual(invest.run(["sync"]).status, 0)
        let watch = makeInvestDriver(servicesFrom: emulator)
        watch.environment["INVEST_EMAIL"] = "investor@example.com"
        watch.environment["INVEST_PASSWORD"] = "long enough"
        let summary = try watch.summary(["--format", "json"]).jsonObject()

        // 10 × 200 + 10 × 120 + 5 × 110 = 3750 in holdings; 10000 − 3300 = 6700 in cash.
        XCTAssertEqual(summary["value"] as? String, "3750", "the remote-only client values the kept close too")
        XCTAssertEqual(summary["valueWithCash"] as? String, "10450")
        XCTAssertEqual(totals["value"] as? String, "3750")
        XCTAssertEqual(totals["valueWithCash"] as? String, "10450")
        XCTAssertTrue(allocation.output.contains("\"10450\""), allocation.output)
        XCTAssertEqual(returns["finalValue"] as? String, "10450")
        XCTAssertEqual(performance.last?["marketValue"] as? String, "3750")
        XCTAssertEqual(performance.last?["cash"] as? String, "6700")
    }

    /// A free Finnhub key gets no daily history, so a new user's returns had a
    /// handful of points. Twelve Data's free plan has it; `price fetch` backfills what you hold,
    /// within its 8 calls a minute, and every figure over time is valued with it.
    func test_priceFetch_backfillsEachHoldingFromTwelveData_withinItsLimit_andReturnsValueWithIt() throws {
        let emulator = try startEmulator()
        for (ticker, price) in [("AAA", 100), ("BBB", 50), ("CCC", 20)] { try emulator.setQuote(ticker, price: Decimal(price), previousClose: Decimal(price)) }
        let invest = makeInvestDriver(servicesFrom: emulator)
        invest.environment["TWELVE_DATA_API_KEY"] = ServicesEmulator.apiKey
        invest.environment["INVEST_TWELVE_DATA_URL"] = emulator.baseURL.absoluteString
        for add in [["--type", "deposit", "--sum", "10000", "--date", "2024-03-01"],
                    ["--type", "buy", "--ticker", "AAA", "--quantity", "10", "--sum", "900", "--date", "2024-03-01"],
                    ["--type", "buy", "--ticker", "BBB", "--quantity", "20", "--sum", "900", "--date", "2024-03-01"],
                    ["--type", "buy", "--ticker", "CCC", "--quantity", "50", "--sum", "900", "--date", "2024-03-01"]] {
            XCTAssertEqual(invest.run(["add"] + add).status, 0)
        }

        let fetched = invest.run(["price", "fetch", "--format", "json"])
        let again = invest.run(["prices", "fetch", "--format", "json"])
        let returns = try invest.run(["returns", "--offline", "--format", "json"]).jsonObject()
        let calls = try emulator.historyCalls()

        XCTAssertEqual(fetched.status, 0, fetched.errors)
        XCTAssertEqual(try fetched.jsonRows().map { $0["source"] as? String }, ["provider", "provider", "provider"])
        XCTAssertEqual(try again.jsonRows().map { $0["source"] as? String }, ["stored", "stored", "stored"], "a second run fetches only what is missing")
        XCTAssertFalse(again.errors.contains("hint"), "'prices fetch', as the issue spells it, is the same command: \(again.errors)")
        XCTAssertEqual(calls.made, 3, "one call a ticker, none again")
        XCTAssertEqual(calls.refused, 0, "never past the free plan's 8 a minute")
        // The served closes end at each quote (0.1% lower each weekday back): 10 × 100 + 20 × 50
        // + 50 × 20 = 3000 in holdings, 10000 − 2700 = 7300 in cash.
        XCTAssertEqual(returns["finalValue"] as? String, "10300")
        XCTAssertEqual(returns["roi"] as? String, "0.0300000000")
    }

    /// The sample history is made up and never kept: without a provider there is nothing to fetch.
    func test_priceFetch_withoutAHistoryProvider_saysHowToGetOne() throws {
        let invest = makeInvestDriver()
        XCTAssertEqual(invest.run(["add", "--type", "buy", "--ticker", "AAPL", "--quantity", "1", "--sum", "150", "--date", "2024-06-03"]).status, 0)

        let run = invest.run(["price", "fetch"])

        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.errors.contains("no daily history provider is configured: set TWELVE_DATA_API_KEY"), run.errors)
    }

    /// Commands that need history fetch what is missing; `--offline` never does.
    func test_returns_fetchesTheClosesItLacks_fromTwelveData_butNeverOffline() throws {
        let emulator = try startEmulator()
        try emulator.setQuote("AAA", price: 100, previousClose: 100)
        let invest = makeInvestDriver(servicesFrom: emulator)
        invest.environment["TWELVE_DATA_API_KEY"] = ServicesEmulator.apiKey
        invest.environment["INVEST_TWELVE_DATA_URL"] = emulator.baseURL.absoluteString
        XCTAssertEqual(invest.run(["add", "--type", "buy", "--ticker", "AAA", "--quantity", "10", "--sum", "900", "--date", "2024-03-01"]).status, 0)

        let offline = invest.run(["returns", "--offline", "--format", "json"])
        let callsOffline = try emulator.historyCalls().made
        let online = invest.run(["returns", "--format", "json"])
        let kept = try invest.run(["price", "history", "AAA", "--format", "json"]).jsonRows()

        XCTAssertEqual(offline.status, 0, offline.errors)
        XCTAssertEqual(callsOffline, 0, "--offline never fetches")
        XCTAssertEqual(online.status, 0, online.errors)
        XCTAssertTrue(online.errors.contains("fetched the missing daily closes of AAA from Twelve Data"), online.errors)
        XCTAssertEqual(try emulator.historyCalls().made, 1)
        XCTAssertEqual(kept.first?["date"] as? String, "2024-03-01", "kept from the first transaction on")
        XCTAssertEqual(try online.jsonObject()["finalValue"] as? String, "1000", "10 × the last close, 100")
    }

    /// "did I beat the index?" Peers answer time-weighted only, which ignores when
    /// the money arrived; `--benchmark` also puts the same money into the index.
    func test_returnsAndPerformanceWithABenchmark_setTheSameMoneyInTheIndexBesideYours_inEveryFormatAndChart() throws {
        let invest = makeInvestDriver()
        for add in [["--type", "deposit", "--sum", "10000", "--date", "2024-03-01"],
                    ["--type", "buy", "--ticker", "AAA", "--quantity", "100", "--sum", "10000", "--date", "2024-03-01"]] {
            XCTAssertEqual(invest.run(["add"] + add).status, 0)
        }
        let closes = "date,ticker,close\n2024-03-01,AAA,100\n2024-07-03,AAA,120\n2024-03-01,IDX,50\n2024-05-01,IDX,40\n2024-07-03,IDX,75\n"
        XCTAssertEqual(invest.run(["price", "import", "-"], stdin: Data(closes.utf8)).status, 0)

        let table = invest.run(["returns", "--offline", "--benchmark", "IDX"])
        let json = try invest.run(["returns", "--offline", "--benchmark", "idx", "--format", "json"]).jsonObject()
        let csv = invest.run(["returns", "--offline", "--benchmark", "IDX", "--format", "csv"])
        let unknown = invest.run(["returns", "--offline", "--benchmark", "NOPE"])

        XCTAssertEqual(table.status, 0, table.errors)
        // 10000 at 50 buys 200 IDX, worth 200 × 75 = 15000; yours: 100 AAA at 120 = 12000.
        XCTAssertTrue(table.output.contains("The same money in IDX (each of your flows bought or sold it at that day's close): 15000.00 today, against your 12000.00 (-3000.00)"),
                      table.output)
        XCTAssertTrue(table.output.contains("IDX beat you both ways"), table.output)
        let benchmark = try XCTUnwrap(json["benchmark"] as? [String: Any])
        XCTAssertEqual(benchmark["symbol"] as? String, "IDX")
        XCTAssertEqual(benchmark["sameMoneyValue"] as? String, "15000")
        XCTAssertEqual(benchmark["difference"] as? String, "-3000")
        XCTAssertEqual(benchmark["twr"] as? String, "0.5000000000", "50 to 75")
        XCTAssertEqual(benchmark["maxDrawdown"] as? String, "0.2000000000", "50 down to 40")
        XCTAssertTrue(csv.output.hasPrefix("measure,period,annualized,benchmarkPeriod,benchmarkAnnualized\n"), csv.output)
        let periods = try invest.run(["performance", "--offline", "--benchmark", "IDX", "--format", "json"]).jsonRows()
        XCTAssertEqual(periods.last?["benchmarkSameMoney"] as? String, "15000", "performance sets the same money beside yours")
        let image = invest.home.appendingPathComponent("growth.svg")
        let chart = invest.run(["performance", "--offline", "--benchmark", "IDX", "--chart", "--svg", image.path])
        XCTAssertEqual(chart.status, 0, chart.errors)
        XCTAssertTrue(chart.output.hasPrefix("Growth of 100, time-weighted: you and IDX, 2024-03-01 – 2024-07-03 (dotted: IDX)\n"), chart.output)
        XCTAssertTrue(try String(contentsOf: image, encoding: .utf8).contains("class=\"comparison\""), "the benchmark's line in the SVG")
        XCTAssertEqual(unknown.status, 1)
        XCTAssertTrue(unknown.errors.contains("no close of NOPE up to 2024-07-03 is kept or could be fetched"), unknown.errors)
    }

    /// The sentence says which way it went and why: you beat the index
    /// time-weighted, but most of your money arrived after its fall, which the same money in
    /// the index would have caught.
    func test_returnsWithABenchmark_saysWhenTheMoneyArrived_whenTheTwoWaysDisagree() throws {
        let invest = makeInvestDriver()
        for add in [["--type", "deposit", "--sum", "1000", "--date", "2024-01-01"], ["--type", "deposit", "--sum", "9000", "--date", "2024-03-01"],
                    ["--type", "interest", "--sum", "100", "--date", "2024-04-01"]] {
            XCTAssertEqual(invest.run(["add"] + add).status, 0)
        }
        XCTAssertEqual(invest.run(["price", "import", "-"], stdin: Data("date,ticker,close\n2024-01-01,IDX,100\n2024-03-01,IDX,50\n2024-04-01,IDX,100\n".utf8)).status, 0)

        let run = invest.run(["returns", "--offline", "--benchmark", "IDX"])

        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertTrue(run.output.contains("but your money-weighted return trails it by"), run.output)
        XCTAssertTrue(run.output.contains("because of when your money arrived: half of it had arrived only by March 2024; up to then your holdings moved "
                                          + "+0.00% and IDX -50.00%, after it +1.00% and +100.00%."), run.output)
    }

    /// The benchmark over your window: the same first day and the same day-by-day moves. From a
    /// Saturday, both start from Friday's close; holding only the benchmark compares equal.
    func test_returnsWithABenchmark_fromAWeekend_measuresItOverYourWindow_andHoldingOnlyItComparesEqual() throws {
        let invest = makeInvestDriver()
        for add in [["--type", "deposit", "--sum", "1000", "--date", "2024-01-02"],
                    ["--type", "buy", "--ticker", "IDX", "--quantity", "10", "--sum", "1000", "--date", "2024-01-02"]] {
            XCTAssertEqual(invest.run(["add"] + add).status, 0)
        }
        let closes = "date,ticker,close\n2024-01-02,IDX,100\n2024-01-05,IDX,100\n2024-01-08,IDX,110\n2024-01-10,IDX,120\n"
        XCTAssertEqual(invest.run(["price", "import", "-"], stdin: Data(closes.utf8)).status, 0)

        let window = ["--offline", "--from", "2024-01-06", "--to", "2024-01-10", "--benchmark", "IDX"]
        let table = invest.run(["returns"] + window)
        let json = try invest.run(["returns"] + window + ["--format", "json"]).jsonObject()

        XCTAssertEqual(table.status, 0, table.errors)
        XCTAssertTrue(table.output.contains("You matched IDX both ways"), table.output)
        let benchmark = try XCTUnwrap(json["benchmark"] as? [String: Any])
        XCTAssertEqual(benchmark["twr"] as? String, "0.2000000000", "Friday's 100 to 120, not Monday's 110")
        XCTAssertEqual(json["twr"] as? String, benchmark["twr"] as? String)
        XCTAssertEqual(benchmark["difference"] as? String, "0")
    }

    /// A holding the quote service doesn't list, with an imported close,
    /// was "price unavailable" in the portfolio and the allocation while `returns` valued it.
    func test_aHoldingWithOnlyAKeptClose_isValuedAlikeByPortfolioAllocationAndReturns() throws {
        let invest = makeInvestDriver()
        XCTAssertEqual(invest.run(["add", "--type", "buy", "--ticker", "VWRL.L", "--quantity", "10", "--sum", "1000", "--date", "2024-06-03"]).status, 0)
        XCTAssertEqual(invest.run(["price", "import", "-"], stdin: Data("date,ticker,close\n2024-06-28,VWRL.L,120\n".utf8)).status, 0)

        let portfolio = try invest.run(["portfolio", "--format", "json"]).jsonObject()
        let allocation = invest.run(["allocation", "--format", "json"])
        let returns = try invest.run(["returns", "--format", "json"]).jsonObject()

        let holding = try XCTUnwrap((portfolio["holdings"] as? [[String: Any]])?.first)
        XCTAssertEqual(holding["value"] as? String, "1200")
        XCTAssertEqual(holding["priceSource"] as? String, "close")
        XCTAssertTrue(allocation.output.contains("\"1200\""), allocation.output)
        XCTAssertEqual(returns["finalValue"] as? String, "1200")
    }

    func test_currentVsInvested_isShownWithTheProfit() throws {
        let invest = try makeHandWorkedHistory()

        let performance = try invest.run(["performance", "--to", "2024-06-30", "--format", "json"]).jsonRows()

        let last = try XCTUnwrap(performance.last)
        XCTAssertEqual([last["date"], last["netContributions"], last["marketValue"], last["cash"], last["profit"]] as? [String],
                       ["2024-06-30", "2200", "1210", "1220", "230"], "invested 2500 − 300; worth 1210 in shares and 1220 in cash")
    }

    func test_aPerformanceGraphOverTime_isDrawnInTheTerminal() throws {
        let invest = try makeHandWorkedHistory()

        let chart = invest.run(["performance", "--to", "2024-06-30", "--chart"])

        XCTAssertEqual(chart.status, 0, chart.errors)
        XCTAssertTrue(chart.output.contains("2520.00 │"), "the axis is labelled in money: \(chart.output)")
        XCTAssertTrue(chart.output.contains("2024-01-01") && chart.output.contains("2024-06-30"), chart.output)
        XCTAssertTrue(chart.output.contains("█"), chart.output)
    }

    func test_aSplitByCategory_withCashWhenTracked() throws {
        let emulator = try startEmulator()
        try emulator.setQuote("A", price: 66, previousClose: 60)
        try emulator.setQuote("B", price: 110, previousClose: 80)
        let invest = try makeHandWorkedHistory(makeInvestDriver(servicesFrom: emulator))
        XCTAssertEqual(invest.run(["category", "set", "B", "Debt"]).status, 0)

        let allocation = try invest.run(["allocation", "--format", "json"]).jsonObject()

        let categories = try XCTUnwrap(allocation["byCategory"] as? [[String: Any]])
        XCTAssertEqual(Set(categories.compactMap { $0["name"] as? String }), ["Cash", "Other", "Debt"])
        XCTAssertEqual(categories.map { $0["value"] as? String }, ["1220", "660", "550"], "largest first: cash, A (Other: not in the catalog), B")
        XCTAssertEqual(allocation["total"] as? String, "2430")
    }

    func test_roiAnnualizedReturnsAndRisk_areShownSideBySide_withWhyTheyDiffer() throws {
        let invest = try makeHandWorkedHistory()

        let table = invest.run(["returns", "--to", "2024-06-30"])
        let json = try invest.run(["returns", "--to", "2024-06-30", "--format", "json"]).jsonObject()

        XCTAssertEqual(table.status, 0, table.errors)
        for label in ["ROI", "Time-weighted (TWR)", "Money-weighted (XIRR)", "Volatility", "Max drawdown", "Why they differ:", "deposits and withdrawals"] {
            XCTAssertTrue(table.output.contains(label), "\(label): \(table.output)")
        }
        XCTAssertEqual(json["roi"] as? String, "0.0920000000")
        XCTAssertEqual(json["flowConvention"] as? String, "deposits")
        XCTAssertEqual(json["drawdownPeak"] as? String, "2024-03-01")
        XCTAssertEqual(json["drawdownRecovery"] as? String, "2024-06-30")
        XCTAssertTrue((json["xirr"] as? String)?.hasPrefix("0.248") == true, "hledger roi says 24.82%: \(json)")
    }

    func test_importingCloses_isAllOrNothing_withLineNumbers() throws {
        let invest = makeInvestDriver()

        let bad = invest.run(["prices", "import", "-"], stdin: Data("date,ticker,close\n2024-01-02,A,50\n2024-01-03,A,-1\n".utf8))
        let download = invest.run(["prices", "import", "-", "--ticker", "aapl"],
                                  stdin: Data("Date,Open,High,Low,Close,Adj Close,Volume\n2024-01-02,187,188,183,185.64,184.9,82488700\n".utf8))

        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.errors.contains("stdin:3: close: '-1' is not a price greater than 0"), bad.errors)
        XCTAssertEqual(download.status, 0, download.errors)
        let closes = try invest.run(["prices", "list", "--format", "json"]).jsonRows()
        XCTAssertEqual(closes.map { $0["ticker"] as? String }, ["AAPL"], "the bad file saved nothing")
        XCTAssertEqual(closes.first?["close"] as? String, "185.64", "the Close column, not Adj Close")
    }

    // MARK: - Helpers

    private func makeHandWorkedHistory(_ driver: InvestDriver? = nil) throws -> InvestDriver {
        let invest = driver ?? makeInvestDriver()
        for step in [["deposit", "", "", "1000", "2024-01-01"], ["buy", "A", "10", "500", "2024-01-02"], ["deposit", "", "", "1000", "2024-02-01"],
                     ["buy", "B", "5", "500", "2024-02-02"], ["dividend", "A", "", "20", "2024-03-01"], ["deposit", "", "", "500", "2024-04-01"],
                     ["withdrawal", "", "", "300", "2024-05-01"]] {
            var arguments = ["add", "--type", step[0], "--sum", step[3], "--date", step[4]]
            if !step[1].isEmpty { arguments += ["--ticker", step[1]] }
            if !step[2].isEmpty { arguments += ["--quantity", step[2]] }
            let run = invest.run(arguments)
            XCTAssertEqual(run.status, 0, run.errors)
        }
        let closes = "date,ticker,close\n2024-01-02,A,50\n2024-01-31,A,55\n2024-02-02,B,100\n2024-03-31,A,60\n2024-03-31,B,80\n2024-06-30,A,66\n2024-06-30,B,110\n"
        XCTAssertEqual(invest.run(["prices", "import", "-"], stdin: Data(closes.utf8)).status, 0)
        return invest
    }
}
