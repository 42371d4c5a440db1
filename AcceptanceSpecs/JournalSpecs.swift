import XCTest
import InvestCLITestSupport
import TestSupport

/// The options journal, on `examples/thinkorswim-statement.csv` (worked by hand in
/// `TradeCyclesTests`), read in New York time.
final class JournalSpecs: XCTestCase {
    func test_importingAStatement_givesTheWebAppsTradesAndCycles() throws {
        let invest = try makeJournal()

        let trades = try invest.run(["journal", "trades", "--format", "json"]).jsonRows()

        XCTAssertEqual(trades.map { $0["symbol"] as? String }, ["QQQ", "SPY", "SPY", "AAPL"])
        XCTAssertEqual(trades.map { $0["profitLoss"] as? String }, ["0", "-50", "70", "150"])
        XCTAssertEqual(trades.map { $0["netROI"] as? String }, ["0", "-25", "17.94871795", "25"])
        XCTAssertEqual(trades[2]["key"] as? String, "SPY-580-3 7 2025-2025-07-03T13:31:12.000Z")
        XCTAssertEqual(trades[0]["instrument"] as? String, "3 JUL 25 582.5 PUT")
        XCTAssertEqual(try invest.run(["journal", "open", "--format", "json"]).jsonRows().count, 2, "the open vertical's two legs, never in P&L")
    }

    func test_importingTheSameStatementTwice_addsNothing() throws {
        let invest = try makeJournal()

        let again = invest.run(["journal", "import", Self.statement.path, "--tz", "America/New_York"])

        XCTAssertEqual(again.status, 0, again.errors)
        XCTAssertEqual(again.output, "Added 0 executions from \(Self.statement.path); 12 executions already in the journal were skipped.\n")
        XCTAssertEqual(try invest.run(["journal", "trades", "--format", "json"]).jsonRows().count, 4)
    }

    /// No command listed, edited or deleted an execution.
    func test_executionsAreListedWithTheirIds_andOneIsRemovedByAPrefix_untilUndo() throws {
        let invest = try makeJournal()
        let listed = try invest.run(["journal", "executions", "--format", "json"]).jsonRows()
        let qqqClose = try XCTUnwrap(listed.first { $0["contract"] as? String == "QQQ-582.5-3 7 2025" && $0["effect"] as? String == "CLOSE" })
        let id = try XCTUnwrap(qqqClose["id"] as? String)

        let removed = invest.run(["journal", "remove", String(id.dropFirst(5).prefix(8))])
        let trades = try invest.run(["journal", "trades", "--format", "json"]).jsonRows()
        let undone = invest.run(["undo"])

        XCTAssertEqual(listed.count, 12)
        XCTAssertEqual(removed.status, 0, removed.errors)
        XCTAssertEqual(removed.output, "Removed SELL 1 QQQ-582.5-3 7 2025 at 0.75 (id \(id)).\n")
        XCTAssertEqual(trades.map { $0["symbol"] as? String }, ["SPY", "SPY", "AAPL"], "QQQ's cycle no longer closes")
        XCTAssertEqual(undone.status, 0, undone.errors)
        XCTAssertEqual(try invest.run(["journal", "trades", "--format", "json"]).jsonRows().count, 4)
        XCTAssertEqual(invest.run(["journal", "remove", "zz"]).status, 2)
    }

    func test_days_areListedNewestFirst() throws {
        let invest = try makeJournal()

        let days = try invest.run(["journal", "days", "--format", "json"]).jsonRows()

        XCTAssertEqual(days.map { $0["date"] as? String }, ["2025-07-03", "2025-07-02"])
        XCTAssertEqual(days.map { $0["trades"] as? Int }, [3, 1])
        XCTAssertEqual(days.map { $0["volume"] as? String }, ["5", "3"])
    }

    func test_aDaysProfitFactor_isWinsOverLosses_andADashWithoutLosses() throws {
        let invest = try makeJournal()

        let table = invest.run(["journal", "days"]).output
        let json = try invest.run(["journal", "days", "--format", "json"]).jsonRows()

        XCTAssertEqual(json.map { $0["profitFactor"] as? String }, ["1.4", nil])
        XCTAssertTrue(json[1]["profitFactor"] is NSNull)
        XCTAssertTrue(table.contains("1.40") && table.contains("—"), table)
    }

    func test_theDashboard_showsNetPLProfitFactorWinRateAndExpectancy() throws {
        let invest = try makeJournal()

        let stats = try invest.run(["journal", "stats", "--format", "json"]).jsonObject()
        let firstDay = try invest.run(["journal", "stats", "--to", "2025-07-02", "--format", "json"]).jsonObject()

        XCTAssertEqual(stats["netProfitLoss"] as? String, "170")
        XCTAssertEqual(stats["profitFactor"] as? String, "4.4")
        XCTAssertEqual(stats["winRate"] as? String, "50")
        XCTAssertEqual(stats["expectancy"] as? String, "42.5")
        XCTAssertEqual(firstDay["profitFactor"] as? String, "Infinity", "no losses and a profit")
    }

    func test_aDay_showsItsTradesAndTheCumulativePL() throws {
        let invest = try makeJournal()

        let day = try invest.run(["journal", "day", "2025-07-03", "--format", "json"]).jsonObject()

        XCTAssertEqual(day["cumulativeProfitLoss"] as? [String], ["0", "70", "20", "20"])
        XCTAssertEqual((day["trades"] as? [[String: Any]])?.map { $0["symbol"] as? String }, ["SPY", "SPY", "QQQ"])
    }

    func test_aBadStatement_isRefusedWhole_namingEachLine() throws {
        let invest = makeInvestDriver()
        invest.now = Date(timeIntervalSince1970: 1_760_000_000)
        let file = invest.home.appendingPathComponent("bad.csv")
        try """
        Account Trade History
        ,Exec Time,Spread,Side,Qty,Pos Effect,Symbol,Exp,Strike,Type,Price,Net Price,Order Type
        ,7/3/25 09:31:12,SINGLE,BUY,+2,TO OPEN,SPY,3 JUL 25,580,CALL,1.20,1.20,LMT
        ,7/3/25 09:35:00,SINGLE,HOLD,+1,TO OPEN,SPY,3 JUL 25,580,CALL,1.50,1.50,LMT
        """.write(to: file, atomically: true, encoding: .utf8)

        let run = invest.run(["journal", "import", file.path])

        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.errors, "invest: nothing was imported from \(file.path): 1 problem to fix, then run again:\n  \(file.path):4: Side 'HOLD' is not BUY or SELL\n")
        XCTAssertEqual(try invest.run(["journal", "trades", "--format", "json"]).jsonRows().count, 0, "nothing was imported")
    }

    // MARK: - Helpers

    static let statement = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("examples/thinkorswim-statement.csv")

    private func makeJournal() throws -> InvestDriver {
        let invest = makeInvestDriver()
        invest.now = Date(timeIntervalSince1970: 1_760_000_000)
        let run = invest.run(["journal", "import", Self.statement.path, "--tz", "America/New_York"])
        XCTAssertEqual(run.status, 0, run.errors)
        return invest
    }
}

/// Tags, ratings and notes, on this machine; `JournalFirestoreSpecs` shares them with the web app.
final class JournalAnnotationsSpecs: XCTestCase {
    func test_aTradeIsTaggedByItsShortID_andTheDashboardSumsPLByTag() throws {
        let invest = makeInvestDriver()
        invest.now = Date(timeIntervalSince1970: 1_760_000_000)
        XCTAssertEqual(invest.run(["journal", "import", JournalSpecs.statement.path, "--tz", "America/New_York"]).status, 0)
        let trades = try invest.run(["journal", "trades", "--format", "json"]).jsonRows()
        let winner = try XCTUnwrap(trades.first { $0["profitLoss"] as? String == "70" })

        let tagged = invest.run(["journal", "tag", try XCTUnwrap(winner["id"] as? String), "--setup", "Opening range", "--mistake", "Chased", "--rating", "4",
                                 "--format", "json"])
        let stats = try invest.run(["journal", "stats", "--format", "json"]).jsonObject()
        let lists = try invest.run(["journal", "tags", "--format", "json"]).jsonObject()

        XCTAssertEqual(tagged.status, 0, tagged.errors)
        XCTAssertEqual(try tagged.jsonObject()["key"] as? String, "SPY-580-3 7 2025-2025-07-03T13:31:12.000Z")
        XCTAssertEqual(lists["setupsTags"] as? [String], ["Opening range"])
        XCTAssertEqual(lists["mistakesTags"] as? [String], ["Chased"])
        XCTAssertEqual((stats["profitLossBySetup"] as? [[String: Any]])?.first?["profitLoss"] as? String, "70")
        let row = try XCTUnwrap(try invest.run(["journal", "trades", "--format", "json"]).jsonRows().first { $0["key"] as? String == winner["key"] as? String })
        XCTAssertEqual(row["rating"] as? String, "4")
    }

    func test_aNoteIsKeyedByDay_andMaySpanLines_fromAFileOrStdin() throws {
        let invest = makeInvestDriver()

        let set = invest.run(["journal", "note", "2025-07-03", "--file", "-"], stdin: Data("Good open.\nChased the second entry.\n".utf8))
        let shown = invest.run(["journal", "note", "2025-07-03"])
        let other = invest.run(["journal", "note", "2025-07-04"])

        XCTAssertEqual(set.output, "Saved the note for 2025-07-03.\n")
        XCTAssertEqual(shown.output, "Good open.\nChased the second entry.\n")
        XCTAssertEqual(other.output, "No note for 2025-07-04.\n")
        XCTAssertEqual(invest.run(["journal", "note", "2025-02-30", "x"]).status, 2)
    }
}

/// Sharing a day, and recording a fill by hand.
final class JournalShareAndAddSpecs: XCTestCase {
    func test_share_givesTheDayAsText_andAsAnImageWithTheRedAndGreenChart() throws {
        let invest = makeInvestDriver()
        invest.now = Date(timeIntervalSince1970: 1_760_000_000)
        XCTAssertEqual(invest.run(["journal", "import", JournalSpecs.statement.path, "--tz", "America/New_York"]).status, 0)
        let image = invest.home.appendingPathComponent("day.svg")

        let share = invest.run(["journal", "share", "2025-07-03", "--svg", image.path])

        XCTAssertEqual(share.status, 0, share.errors)
        XCTAssertEqual(share.output, """
        Trading day 2025-07-03
        Net P&L +20.00 · 3 trades · 1 won, 1 lost · profit factor 1.40 · volume 5
        SPY 3 JUL 25 580 CALL  +70.00 (+17.95%)
        SPY 3 JUL 25 580 CALL  -50.00 (-25.00%)
        QQQ 3 JUL 25 582.5 PUT  +0.00 (+0.00%)
        Cumulative P&L: +0.00 → +70.00 → +20.00 → +20.00

        """)
        let svg = try String(contentsOf: image, encoding: .utf8)
        XCTAssertEqual(svg.components(separatedBy: "class=\"segment\"").count - 1, 3, "one segment per trade")
        XCTAssertFalse(svg.contains("#d93025"), "no point of this day is below 0, so no segment is red")
        XCTAssertTrue(svg.contains("Net P&amp;L +20.00"))
    }

    func test_add_recordsOneExecutionByHand_withTheStatementsValidation() throws {
        let invest = makeInvestDriver()
        invest.now = Date(timeIntervalSince1970: 1_760_000_000)
        invest.timeZone = TimeZone(identifier: "America/New_York")!
        let fill = ["journal", "add", "--time", "2025-07-07 10:00", "--side", "BUY", "--qty", "1", "--effect", "OPEN", "--symbol", "SPY",
                    "--exp", "7 JUL 25", "--strike", "600", "--type", "CALL", "--price", "1.10"]

        let added = invest.run(fill)
        let again = invest.run(fill)
        let bad = invest.run(["journal", "add", "--time", "2025-07-07 10:00", "--side", "HOLD", "--qty", "0", "--effect", "OPEN", "--symbol", "SPY",
                              "--type", "CALL", "--price", "1"])

        XCTAssertEqual(added.status, 0, added.errors)
        XCTAssertEqual(again.output, "That execution is already in the journal; nothing was added.\n")
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(bad.errors, "invest: Side 'HOLD' is not BUY or SELL; Qty '0' is not a quantity; "
            + "Exp '' is not an expiration such as 3 JUL 25, which a CALL needs; Strike '' is not a strike above 0, which a CALL needs.\n")
        for (option, value, message) in [("--qty", "-1", "Qty '-1' has a sign"), ("--exp", "banana", "Exp 'banana' is not an expiration")] {
            var typo = fill
            typo[typo.firstIndex(of: option)! + 1] = value
            let refused = invest.run(typo)
            XCTAssertEqual(refused.status, 2, "\(option) \(value)")
            XCTAssertTrue(refused.errors.contains(message), refused.errors)
        }
        let open = try invest.run(["journal", "open", "--format", "json"]).jsonRows()
        XCTAssertEqual(open.map { $0["contract"] as? String }, ["SPY-600-7 7 2025"])
        XCTAssertEqual(open.first?["openedAt"] as? String, "2025-07-07T13:59:59Z", "10:00 in New York, a second early as the web app keeps it")
    }
}
