import XCTest
import InvestCLITestSupport
import TestSupport

/// A ticker's price line chart, from kept closes, the quote
/// service's daily candles, or the sample history; in the terminal and as SVG.
final class ChartSpecs: XCTestCase {
    func test_chartOfASampleStock_withoutAKey_isTheLabelledSampleHistory() throws {
        let invest = makeInvestDriver()
        invest.environment["COLUMNS"] = "70"

        let chart = invest.run(["chart", "aapl"])
        let json = try invest.run(["chart", "AAPL", "--format", "json"]).jsonObject()

        XCTAssertEqual(chart.status, 0, chart.errors)
        XCTAssertTrue(chart.output.contains("AAPL") && chart.output.contains("sample"), chart.output)
        XCTAssertTrue(chart.output.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) }, "a braille line: \(chart.output)")
        XCTAssertTrue(chart.output.split(separator: "\n").allSatisfy { $0.count <= 70 }, chart.output)
        XCTAssertEqual(json["source"] as? String, "sample")
        let closes = try XCTUnwrap(json["closes"] as? [[String: Any]])
        XCTAssertEqual(closes.last?["close"] as? String, "174.26", "ending at the sample price")
        XCTAssertEqual(closes.last?["date"] as? String, "2024-07-03")
        XCTAssertEqual(invest.run(["prices", "list", "--format", "json"]).output, "[]\n", "the sample is never kept")
    }

    func test_chart_withAKey_fetchesDailyCandlesOnce_andKeepsThem() throws {
        let emulator = try startEmulator()
        try emulator.setQuote("AAPL", price: 200, previousClose: 190)
        let invest = makeInvestDriver(servicesFrom: emulator)

        let first = try invest.run(["chart", "AAPL", "--from", "2024-06-03", "--to", "2024-06-28", "--format", "json"]).jsonObject()
        let second = try invest.run(["chart", "AAPL", "--from", "2024-06-03", "--to", "2024-06-28", "--format", "json"]).jsonObject()

        XCTAssertEqual(first["source"] as? String, "provider")
        XCTAssertEqual(second["source"] as? String, "stored")
        XCTAssertEqual((first["closes"] as? [[String: Any]])?.count, 20, "the weekdays of June 2024")
        XCTAssertEqual((second["closes"] as? [[String: Any]])?.last?["close"] as? String, "200")
        XCTAssertEqual(try emulator.requestCounts()["candle"], 1, "the second chart came from the kept closes")
        let undo = invest.run(["undo"])
        XCTAssertTrue(undo.output.contains("Nothing to undo") || undo.errors.contains("othing to undo"), "fetched closes are not the user's change: \(undo.output)\(undo.errors)")
    }

    func test_eachLiveQuote_isKeptAsItsDaysClose_andThePreviousCloseAsTheDayBefores() throws {
        let emulator = try startEmulator()
        try emulator.setQuote("AAPL", price: 200, previousClose: 190)  // quoted on Wednesday 2024-07-03
        let invest = makeInvestDriver(servicesFrom: emulator)

        XCTAssertEqual(invest.run(["quote", "AAPL"]).status, 0)
        let closes = try invest.run(["prices", "list", "--format", "json"]).jsonRows()
        let undo = invest.run(["undo"])

        XCTAssertEqual(closes.map { [$0["date"] as? String, $0["close"] as? String] }, [["2024-07-02", "190"], ["2024-07-03", "200"]])
        XCTAssertTrue(undo.output.contains("Nothing to undo") || undo.errors.contains("othing to undo"), "a price fetch is not the user's change: \(undo.output)\(undo.errors)")
    }

    func test_portfolio_neverRewritesTheLog_theClosesItFetchedAreAppendedToIt() throws {
        let emulator = try startEmulator()
        try emulator.setQuote("AAPL", price: 200, previousClose: 190)
        let invest = makeInvestDriver(servicesFrom: emulator)
        XCTAssertEqual(invest.run(["add", "--type", "buy", "--ticker", "AAPL", "--quantity", "10", "--sum", "1500", "--date", "2024-07-01"]).status, 0)
        let log = invest.home.appendingPathComponent("transactions.log").path
        let before = try Data(contentsOf: URL(fileURLWithPath: log))
        let inode = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: log)[.systemFileNumber] as? Int)

        let portfolio = invest.run(["portfolio"])

        XCTAssertEqual(portfolio.status, 0, portfolio.errors)
        let after = try Data(contentsOf: URL(fileURLWithPath: log))
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: log)[.systemFileNumber] as? Int, inode, "the same file, not a rewritten one")
        XCTAssertEqual(after.prefix(before.count), before, "what was there is untouched")
        XCTAssertEqual(String(decoding: after.dropFirst(before.count), as: UTF8.self).split(separator: "\n").count, 2, "the two closes, appended")
    }

    /// A file of the same close repeated once wrote every row to the log.
    func test_priceImport_keepsOneClosePerTickerAndDay_howeverOftenTheFileRepeatsIt() throws {
        let invest = makeInvestDriver()
        let rows = "date,ticker,close\n" + String(repeating: "2024-06-03,AAPL,190\n", count: 100_000) + "2024-06-03,AAPL,191\n"

        let imported = invest.run(["price", "import", "-"], stdin: Data(rows.utf8))

        XCTAssertEqual(imported.status, 0, imported.errors)
        XCTAssertEqual(imported.output, "Imported 1 close for AAPL from stdin.\n")
        let closes = try invest.run(["price", "history", "--format", "json"]).jsonRows()
        XCTAssertEqual(closes.map { $0["close"] as? String }, ["191"], "the last row for the day")
        let lines = try String(contentsOf: invest.logURL, encoding: .utf8).split(separator: "\n")
        XCTAssertLessThan(lines.count, 5, "one close line, not a hundred thousand")
    }

    func test_chart_onAFreeKeysNoAccess_explainsAndShowsTheKeptCloses() throws {
        let emulator = try startEmulator()
        try emulator.inject("403", for: "candle")
        let invest = makeInvestDriver(servicesFrom: emulator)

        let nothingKept = invest.run(["chart", "AAPL"])
        XCTAssertEqual(invest.run(["price", "import", "-"], stdin: Data("date,ticker,close\n2024-06-03,AAPL,190\n2024-07-02,AAPL,195\n".utf8)).status, 0)
        let kept = invest.run(["chart", "AAPL", "--format", "csv"])

        XCTAssertEqual(nothingKept.status, 1)
        XCTAssertTrue(nothingKept.errors.contains("doesn't include daily candles"), nothingKept.errors)
        XCTAssertTrue(nothingKept.errors.contains("invest price import"), nothingKept.errors)
        XCTAssertFalse(nothingKept.errors.contains("{"), "no error dump: \(nothingKept.errors)")
        XCTAssertEqual(kept.status, 0, kept.errors)
        XCTAssertEqual(kept.output, "date,close\n2024-06-03,190\n2024-07-02,195\n")
        XCTAssertTrue(kept.errors.contains("doesn't include daily candles"), kept.errors)
    }

    func test_chartSVG_drawsALineThroughEveryClose() throws {
        let invest = makeInvestDriver()
        let closes = [("2024-06-03", "100"), ("2024-06-04", "130"), ("2024-06-05", "90"), ("2024-06-06", "120")]
        let csv = "date,ticker,close\n" + closes.map { "\($0.0),ACME,\($0.1)\n" }.joined()
        XCTAssertEqual(invest.run(["price", "import", "-"], stdin: Data(csv.utf8)).status, 0)
        let file = invest.home.appendingPathComponent("acme.svg")

        let run = invest.run(["chart", "ACME", "--from", "2024-06-03", "--to", "2024-06-06", "--svg", file.path])

        XCTAssertEqual(run.status, 0, run.errors)
        let svg = try String(contentsOf: file, encoding: .utf8)
        XCTAssertTrue(svg.contains("<linearGradient"), "a gradient fill")
        let points = try XCTUnwrap(svg.firstMatch(of: /class="line" points="([^"]+)"/)?.1).split(separator: " ").map { $0.split(separator: ",").map { Int($0)! } }
        XCTAssertEqual(points.count, closes.count)
        XCTAssertEqual(points.map { $0[0] }, points.map { $0[0] }.sorted(), "left to right in date order")
        XCTAssertEqual(points.map { $0[1] }, [220, 40, 280, 100], "y from the closes: 90 on the baseline at 280, 130 at the top at 40")
        XCTAssertTrue(svg.contains(">130.00<") && svg.contains(">90.00<"), "axis labelled as money")
    }

    func test_performanceSVG_isWrittenBesideTheTable() throws {
        let invest = makeInvestDriver()
        XCTAssertEqual(invest.run(["add", "--type", "buy", "--ticker", "ACME", "--quantity", "1", "--sum", "100", "--date", "2024-06-03"]).status, 0)
        let file = invest.home.appendingPathComponent("performance.svg")

        let run = invest.run(["performance", "--svg", file.path])

        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertTrue(try String(contentsOf: file, encoding: .utf8).contains("class=\"line\""))
        XCTAssertTrue(run.output.contains("PERIOD END"), run.output)
    }
}

/// A sparkline of each ticker's recent closes.
final class SparklineSpecs: XCTestCase {
    func test_portfolioSpark_showsEachHoldingsRecentCloses() throws {
        let invest = makeInvestDriver()
        XCTAssertEqual(invest.run(["add", "--type", "buy", "--ticker", "AAPL", "--quantity", "2", "--sum", "300", "--date", "2024-06-03"]).status, 0)

        let table = invest.run(["portfolio", "--spark"])
        let plain = invest.run(["portfolio"])
        let json = try invest.run(["portfolio", "--spark", "--format", "json"]).jsonObject()

        XCTAssertEqual(table.status, 0, table.errors)
        XCTAssertTrue(table.output.contains("TREND (30D)"), table.output)
        XCTAssertTrue(table.output.contains { "▁▂▃▄▅▆▇█".contains($0) }, table.output)
        XCTAssertTrue(table.errors.contains("sample history"), "labelled sample: \(table.errors)")
        XCTAssertFalse(plain.output.contains("TREND"), "only when asked")
        let trend = try XCTUnwrap((json["holdings"] as? [[String: Any]])?.first?["trend"] as? [String])
        XCTAssertEqual(trend.last, "174.26")
        XCTAssertEqual(trend.count, 23, "the weekdays from 3 June (30 days back) to 3 July 2024")
    }

    func test_watchlist_showsASparklineOfEachStock() throws {
        let invest = makeInvestDriver()
        XCTAssertEqual(invest.run(["watch", "add", "NVDA"]).status, 0)
        let closes = "date,ticker,close\n2024-06-28,ACME,10\n2024-07-01,ACME,12\n2024-07-02,ACME,11\n"
        XCTAssertEqual(invest.run(["price", "import", "-"], stdin: Data(closes.utf8)).status, 0)
        XCTAssertEqual(invest.run(["watch", "add", "ACME"]).status, 0)

        let table = invest.run(["watch"])
        let csv = invest.run(["watch", "--format", "csv"])

        XCTAssertEqual(table.status, 0, table.errors)
        XCTAssertTrue(table.output.contains("▁█▄"), "ACME's three kept closes: \(table.output)")
        XCTAssertTrue(csv.output.contains(",10 12 11\n"), csv.output)
    }
}
