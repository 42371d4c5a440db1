import XCTest
import InvestCLITestSupport
import TestSupport

/// Answers from checkpoints are the answers a read of the whole log gives, whatever
/// the user does; an export of a long history is written in pieces, newest first.
final class LongHistorySpecs: XCTestCase {
    func test_answersFromCheckpoints_equalAReadOfTheWholeLog_throughAddsEditsDeletesImportsAndUndo() throws {
        let invest = makeInvestDriver()
        let history = try writeHistory(rows: 300)
        XCTAssertEqual(invest.run(["import", history.path]).status, 0)
        try assertCheckpointsAgreeWithTheLog(invest, "after an import")

        invest.add(["buy AAA 2 50 2024-06-30"])
        try assertCheckpointsAgreeWithTheLog(invest, "after an add in date order")
        XCTAssertEqual(invest.run(["add", "--type", "deposit", "--sum", "70", "--date", "2024-07-01"]).status, 0)
        XCTAssertEqual(invest.run(["add", "--type", "sell", "--ticker", "AAA", "--quantity", "1", "--sum", "30", "--date", "2024-07-01"]).status, 0)
        try assertCheckpointsAgreeWithTheLog(invest, "after a deposit and a sell on one day")

        invest.add(["buy BBB 1 10 2024-01-05"])
        try assertCheckpointsAgreeWithTheLog(invest, "after a back-dated add")

        // A statement of later trades, checked from the checkpoints: one row equals a saved trade.
        let statement = invest.home.appendingPathComponent("statement.csv")
        try Data("date,type,ticker,quantity,sum\n2024-07-01,sell,AAA,1,30\n2024-07-02,buy,CCC,1,12\n2024-07-03,sell,AAA,1,31\n".utf8).write(to: statement)
        let later = invest.run(["import", statement.path])
        XCTAssertEqual(later.status, 0, later.errors)
        XCTAssertTrue(later.output.contains("Imported 2 transactions"), later.output)
        XCTAssertTrue(later.errors.contains("skipped 1 row equal to a saved transaction (\(statement.path):2)"), later.errors)
        try assertCheckpointsAgreeWithTheLog(invest, "after an import of later trades")
        let oversell = invest.home.appendingPathComponent("oversell.csv")
        try Data("date,type,ticker,quantity,sum\n2024-07-03,sell,AAA,100000,1\n".utf8).write(to: oversell)
        let refused = invest.run(["import", oversell.path])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.errors.contains("oversell.csv:2") && refused.errors.contains("would leave a negative holding"), refused.errors)

        let newest = try XCTUnwrap(invest.ids().first)
        let edit = invest.run(["edit", newest, "--note", "checked"])
        XCTAssertEqual(edit.status, 0, edit.errors)
        try assertCheckpointsAgreeWithTheLog(invest, "after an edit")
        XCTAssertEqual(invest.run(["delete", newest, "--yes"]).status, 0)
        try assertCheckpointsAgreeWithTheLog(invest, "after a delete")
        let undo = invest.run(["undo"])
        XCTAssertEqual(undo.status, 0, undo.errors)
        try assertCheckpointsAgreeWithTheLog(invest, "after an undo")

        let overdraw = invest.run(["add", "--type", "withdrawal", "--sum", "100000000", "--date", "2024-07-02"])
        XCTAssertEqual(overdraw.status, 2, "the rule is checked from the checkpoint as from the history")
        XCTAssertTrue(overdraw.errors.contains("would leave a negative cash balance"), overdraw.errors)
    }

    /// An import appends its rows after the history without copying it: one a crash cut short
    /// is none of it to every command, and the next write cuts it off.
    func test_anImportCutShortByACrash_isNoneOfIt_toEveryCommand_andTheNextWriteCutsItOff() throws {
        let invest = makeInvestDriver()
        let statement = invest.home.appendingPathComponent("statement.csv")
        try Data("date,type,ticker,quantity,sum\n2024-07-01,deposit,,,500\n2024-07-02,buy,AAA,2,100\n".utf8).write(to: statement)
        XCTAssertEqual(invest.run(["import", statement.path]).status, 0)
        let before = (list: invest.run(["list", "--format", "csv"]).output, cash: invest.run(["cash"]).output, export: invest.run(["export"]).output)
        // What a crash half way through the next import leaves: the marker the import wrote before
        // its first row, naming where its rows begin and end, and the first of its rows.
        let other = makeInvestDriver()
        let late = other.home.appendingPathComponent("late.csv")
        try Data("date,type,ticker,quantity,sum\n2024-07-02,buy,BBB,1,50\n2024-07-03,buy,CCC,1,60\n".utf8).write(to: late)
        let imported = other.run(["import", late.path])
        XCTAssertEqual(imported.status, 0, imported.errors)
        let rows = try String(contentsOf: other.logURL, encoding: .utf8).split(separator: "\n").filter { $0.contains("ticker=BBB") || $0.contains("ticker=CCC") }
        XCTAssertEqual(rows.count, 2)
        let size = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: invest.logURL.path)[.size] as? Int)
        let file = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: invest.logURL.path)[.systemFileNumber] as? UInt64)
        // FNV-1a of the log's last 64 bytes before the batch: the marker is this log's.
        let before64 = try Data(contentsOf: invest.logURL).suffix(64).reduce(UInt64(0xCBF2_9CE4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
        try Data("investments-batch v2 9 \(file) \(size) \(size + rows.map { $0.utf8.count + 1 }.reduce(0, +)) \(before64)\n".utf8)
            .write(to: invest.home.appendingPathComponent("transactions.batch"))
        let handle = try FileHandle(forWritingTo: invest.logURL)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data((rows[0] + "\n").utf8))
        try handle.close()

        XCTAssertEqual(invest.run(["list", "--format", "csv"]).output, before.list)
        XCTAssertEqual(invest.run(["cash"]).output, before.cash)
        XCTAssertEqual(invest.run(["export"]).output, before.export)
        XCTAssertFalse(invest.run(["portfolio", "--offline", "--format", "csv"]).output.contains("BBB"))

        invest.add(["buy DDD 1 10 2024-07-03"])
        XCTAssertFalse(try String(contentsOf: invest.logURL, encoding: .utf8).contains("ticker=BBB"), "cut off before the add was written")
        let list = invest.run(["list", "--format", "csv"]).output
        XCTAssertTrue(list.contains("DDD") && !list.contains("BBB"), list)
        XCTAssertTrue(invest.run(["cash"]).output.contains("390.00"), "500 in, 100 and 10 out; none of the cut import's 110")
        try assertCheckpointsAgreeWithTheLog(invest, "after the cut")
    }

    func test_changesToTransactionsJustWritten_areCheckedAndFoldedFromTheCheckpoints_asTheWholeLogDoes() throws {
        let invest = makeInvestDriver()
        XCTAssertEqual(invest.run(["import", try writeHistory(rows: 300).path]).status, 0)
        XCTAssertEqual(invest.run(["cash"]).status, 0)
        let deposit = try XCTUnwrap(invest.run(["add", "--type", "deposit", "--sum", "100", "--date", "2024-07-01", "--format", "json"]).json() as? [String: Any])["id"] as? String
        let buy = try XCTUnwrap(invest.run(["add", "--type", "buy", "--ticker", "AAA", "--quantity", "1", "--sum", "80", "--date", "2024-07-02", "--format", "json"])
            .json() as? [String: Any])["id"] as? String
        XCTAssertEqual(invest.run(["add", "--type", "sell", "--ticker", "AAA", "--quantity", "1", "--sum", "95", "--date", "2024-07-03"]).status, 0)
        let (depositID, buyID) = (String(try XCTUnwrap(deposit).prefix(8)), String(try XCTUnwrap(buy).prefix(8)))
        let steps = [["edit", buyID, "--sum", "150000000"], ["edit", buyID, "--sum", "90", "--date", "2024-07-01"], ["delete", depositID, "--yes"],
                     ["edit", buyID, "--type", "sell", "--quantity", "100000"], ["edit", buyID, "--ticker", "BBB"], ["delete", buyID, "--yes"], ["undo"]]
        var refused = 0
        for step in steps {
            refused += try runBesideACopyWithoutCheckpoints(invest, [step]) == [2] ? 1 : 0
        }
        XCTAssertEqual(refused, 2, "an edit that overdraws and one that oversells are refused")
    }

    func test_theFirstChangesAfterAnImport_toTransactionsItWrote_areCheckedFromTheCheckpoints_asTheWholeLogDoes() throws {
        let invest = makeInvestDriver()
        XCTAssertEqual(invest.run(["import", try writeHistory(rows: 3_000).path]).status, 0)
        // The first reads rebuild the checkpoints (the portfolio's, though no price is cached).
        for read in [["cash"], ["gains"], ["list", "-n", "1"]] { XCTAssertEqual(invest.run(read).status, 0, "\(read)") }
        XCTAssertEqual(invest.run(["portfolio", "--offline"]).errors.contains("no cached price"), true)
        let recent = try XCTUnwrap(invest.run(["list", "-n", "20", "--format", "json"]).json() as? [[String: Any]])
        func newest(_ type: String) throws -> String { try XCTUnwrap(recent.first { $0["type"] as? String == type }?["id"] as? String, type) }
        let steps = [["edit", try newest("buy"), "--sum", "1"], ["edit", try newest("sell"), "--quantity", "100000"], ["delete", try newest("deposit"), "--yes"],
                     ["edit", try newest("buy"), "--date", "2024-06-01"], ["undo"]]
        var statuses: [Int32] = []
        for step in steps { statuses += try runBesideACopyWithoutCheckpoints(invest, [step]) }
        XCTAssertEqual(statuses, [0, 2, 0, 0, 0], "a sell of shares not held is refused, the rest written, the last undone")
    }

    func test_changesToTheOldestTransactions_areRevisedInTheCheckpoints_asTheWholeLogAnswers() throws {
        let invest = makeInvestDriver()
        XCTAssertEqual(invest.run(["import", try writeHistory(rows: 3_000).path]).status, 0)
        for read in [["cash"], ["gains"], ["list", "-n", "1"], ["portfolio", "--offline"]] { _ = invest.run(read) }
        let all = try XCTUnwrap(invest.run(["list", "--format", "json"]).json() as? [[String: Any]])
        func oldest(_ type: String) throws -> String { try XCTUnwrap(all.last { $0["type"] as? String == type }?["id"] as? String, type) }
        // Each outcome is the same whichever of a day's transactions is the oldest by id: no sell
        // of 100,000 has its shares, a buy moved before the first deposit overdraws, and a buy
        // made larger strands no sell.
        let steps = [["edit", try oldest("buy"), "--sum", "1"], ["edit", try oldest("sell"), "--note", "why I sold"],
                     ["edit", try oldest("deposit"), "--sum", "999999"], ["edit", try oldest("sell"), "--quantity", "100000"],
                     ["delete", try oldest("sell"), "--yes"], ["edit", try oldest("buy"), "--date", "2022-12-30"],
                     ["edit", try oldest("buy"), "--quantity", "7"], ["undo"]]
        var statuses: [Int32] = []
        for step in steps { statuses += try runBesideACopyWithoutCheckpoints(invest, [step]) }
        XCTAssertEqual(statuses, [0, 0, 0, 2, 0, 2, 0, 0], "an old sell of shares never held, and an old buy moved before any deposit, are refused")
    }

    func test_aStatementAFewDaysLate_isCheckedFromTheCheckpoints_asTheWholeLogChecksIt() throws {
        let invest = makeInvestDriver()
        XCTAssertEqual(invest.run(["import", try writeHistory(rows: 3_000).path]).status, 0)
        XCTAssertEqual(invest.run(["cash"]).status, 0)
        let newest = (try invest.run(["list", "-n", "1", "--format", "json"]).json() as? [[String: Any]])?.first?["date"] as? String
        XCTAssertEqual(newest, CalendarDayText.iso(daysAfter2023: 539))
        let late = CalendarDayText.iso(daysAfter2023: 537)
        let fine = try writeStatement(["\(late),buy,AAA,1,10", "\(late),deposit,,,5"])
        let overdrawing = try writeStatement(["\(late),buy,BBB,1,1000000000"])

        var statuses: [Int32] = []
        for step in [["import", fine.path], ["import", overdrawing.path], ["undo"], ["import", fine.path]] {
            // Not the rows: each copy makes its own ids for them.
            statuses += try runBesideACopyWithoutCheckpoints(invest, [step], thenReading: Self.reads.filter { $0[0] != "list" })
        }

        XCTAssertEqual(statuses, [0, 2, 0, 0], "the statement that overdraws is refused, naming its line")
    }

    func test_undoOfAChangeJustMade_orOfAnImport_isCheckedFromTheCheckpoints_asTheWholeLogChecksIt() throws {
        let invest = makeInvestDriver()
        XCTAssertEqual(invest.run(["import", try writeHistory(rows: 300).path]).status, 0)
        XCTAssertEqual(invest.run(["account", "add", "isa", "--kind", "isa"]).status, 0)
        XCTAssertEqual(invest.run(["cash"]).status, 0)
        let deposit = try XCTUnwrap(invest.run(["add", "--type", "deposit", "--sum", "100", "--date", "2024-07-01", "--format", "json"]).json() as? [String: Any])["id"] as? String
        let buy = try XCTUnwrap(invest.run(["add", "--type", "buy", "--ticker", "AAA", "--quantity", "2", "--sum", "80", "--date", "2024-07-02", "--format", "json"])
            .json() as? [String: Any])["id"] as? String
        let (depositID, buyID) = (String(try XCTUnwrap(deposit).prefix(8)), String(try XCTUnwrap(buy).prefix(8)))
        let changes = [["edit", buyID, "--sum", "90"], ["edit", buyID, "--ticker", "BBB", "--date", "2024-07-03"], ["delete", depositID, "--yes"],
                       ["delete", buyID, "--yes"], ["--account", "isa", "add", "--type", "buy", "--ticker", "AAA", "--quantity", "1", "--sum", "5", "--date", "2024-07-03"],
                       ["transfer", "--to", "isa", "--ticker", "AAA", "--quantity", "1", "--date", "2024-07-03"], ["price", "set", "AAA", "41"],
                       ["import", try writeStatement(["2024-07-03,deposit,,,50", "2024-07-03,sell,AAA,1,45", "2024-07-01,buy,CCC,3,15"]).path]]
        for change in changes {
            let made = invest.run(change)
            XCTAssertEqual(made.status, 0, "\(change): \(made.errors)")
            let statuses = try runBesideACopyWithoutCheckpoints(invest, [["undo"], ["undo"]], thenReading: Self.reads + [
                ["portfolio", "--offline", "--by", "account", "--format", "json"], ["price", "list", "--format", "json"]])
            XCTAssertEqual(statuses, [0, 2], "undo of \(change)")
        }
    }

    func test_aLongExport_isWrittenNewestFirstInPieces_andImportsBackTheSame_asAListInAFileFormatOrATableIs() throws {
        let invest = makeInvestDriver()
        XCTAssertEqual(invest.run(["import", try writeHistory(rows: 9_000).path]).status, 0)

        let export = invest.run(["export"])
        XCTAssertEqual(export.status, 0)
        let rows = export.output.split(separator: "\n").dropFirst()
        XCTAssertEqual(rows.count, 9_000)
        let dates = rows.map { $0.split(separator: ",", omittingEmptySubsequences: false)[1] }
        XCTAssertEqual(dates, dates.sorted(by: >), "newest first across the pieces")

        XCTAssertEqual(invest.run(["list", "--format", "csv"]).output, export.output, "a whole list in a file format streams as the export does")
        let table = invest.run(["list"]).output.split(separator: "\n")
        XCTAssertEqual(table.first?.hasPrefix("ID        DATE"), true)
        XCTAssertEqual(table.dropFirst().map { String($0.prefix(8)) }, rows.map { String($0.prefix(8)) }, "a whole table, measured and then written, in the export's order")
        let buys = invest.run(["list", "--format", "csv", "--type", "buy"]).output.split(separator: "\n").dropFirst()
        XCTAssertEqual(Array(buys), rows.filter { $0.contains(",buy,") })
        let five = invest.run(["list", "--format", "csv", "-n", "5"]).output.split(separator: "\n").dropFirst()
        XCTAssertEqual(Array(five), Array(rows.prefix(5)), "from the newest transactions kept")

        let copy = makeInvestDriver()
        let file = copy.home.appendingPathComponent("export.csv")
        try Data(export.output.utf8).write(to: file)
        XCTAssertEqual(copy.run(["import", file.path]).status, 0)
        XCTAssertEqual(copy.run(["export"]).output, export.output)
        XCTAssertEqual(copy.run(["export", "--format", "json"]).output, invest.run(["export", "--format", "json"]).output)
    }

    func test_aListLongerThanTheNewestKept_orFromAnEarlierDay_isReadBackFromTheLogsEnd_asTheWholeListGivesIt() throws {
        let invest = makeInvestDriver()
        // A quarter of the history is the most read back: more, and the history is read.
        XCTAssertEqual(invest.run(["import", try writeHistory(rows: 20_000).path]).status, 0)
        // A trade of last week written now, and an edit of one of the newest.
        invest.add(["buy BBB 1 10 2024-06-10"])
        let edit = invest.run(["edit", try XCTUnwrap(invest.ids().first), "--note", "checked"])
        XCTAssertEqual(edit.status, 0, edit.errors)
        let whole = invest.run(["list", "--format", "csv"]).output.split(separator: "\n")
        let rows = whole.dropFirst()
        func listed(_ arguments: [String]) -> [Substring] {
            let run = invest.run(["list", "--format", "csv"] + arguments)
            XCTAssertEqual(run.status, 0, run.errors)
            return run.output.split(separator: "\n")
        }

        XCTAssertEqual(listed(["-n", "2500"]), [whole[0]] + rows.prefix(2500))
        let fromApril = listed(["--from", "2024-04-01"])
        XCTAssertEqual(fromApril, [whole[0]] + rows.filter { $0.split(separator: ",")[1] >= "2024-04-01" })
        XCTAssertGreaterThan(fromApril.count, 2_000, "more than the newest transactions kept")
        XCTAssertEqual(listed(["--from", "2024-04-01", "--ticker", "CCC", "-n", "700"]),
                       [whole[0]] + rows.filter { $0.split(separator: ",")[1] >= "2024-04-01" && $0.contains(",CCC,") }.prefix(700))
        let table = invest.run(["list", "-n", "1500"]).output.split(separator: "\n")
        XCTAssertEqual(table.dropFirst().map { String($0.prefix(8)) }, rows.prefix(1500).map { String($0.prefix(8)) })
    }

    func test_gainsOfALongHistory_inCSV_areWrittenInPieces_oneRowPerLot_asTheJSONListsThem() throws {
        let invest = makeInvestDriver()
        XCTAssertEqual(invest.run(["import", try writeHistory(rows: 30_000).path]).status, 0)

        let csv = invest.run(["gains", "--format", "csv"])
        let json = try invest.run(["gains", "--format", "json"]).jsonObject()

        XCTAssertEqual(csv.status, 0, csv.errors)
        let sells = try XCTUnwrap(json["sells"] as? [[String: Any]])
        XCTAssertGreaterThan(sells.count, 4_096, "more sells than one piece holds")
        let expected = sells.flatMap { sell -> [String] in
            let head = ["date", "ticker", "quantity", "proceeds", "cost", "gain"].map { sell[$0] as? String ?? "?" }.joined(separator: ",")
            return (sell["lots"] as? [[String: Any]] ?? []).map { lot in
                head + "," + ["boughtOn", "quantity", "cost"].map { lot[$0] as? String ?? "?" }.joined(separator: ",")
                    + "," + String((sell["costUnknown"] as? Bool) ?? true)
            }
        }
        XCTAssertEqual(Array(csv.output.split(separator: "\n").dropFirst().map(String.init)), expected)
    }

    /// A history in pounds with some trades in dollars, valued in pounds: from the checkpoints,
    /// each dollar trade at its day's rate, as the whole log values it; also a trade dated after
    /// the last rate kept, valued at the latest until its day's rate is fetched.
    func test_aHistoryInTwoCurrencies_isValuedInTheBaseFromTheCheckpoints_asTheWholeLogValuesIt_asRatesArriveAfterTheTrades() throws {
        let emulator = try startEmulator()
        let invest = makeInvestDriver(servicesFrom: emulator)
        invest.environment["INVEST_BASE_CURRENCY"] = "GBP"
        invest.environment["INVEST_FX_URL"] = emulator.baseURL.absoluteString
        XCTAssertEqual(invest.run(["import", try writeHistory(rows: 300).path]).status, 0)
        for (ticker, price) in [("AAA", "31"), ("BBB", "22"), ("CCC", "45"), ("DDD", "18"), ("EEE", "27"), ("AAPL", "221")] {
            XCTAssertEqual(invest.run(["price", "set", ticker, price]).status, 0)
        }
        XCTAssertEqual(invest.run(["add", "--type", "deposit", "--sum", "5000", "--currency", "USD", "--date", "2023-01-05"]).status, 0)
        for (type, quantity, sum, date) in [("buy", "10", "1500", "2023-03-01"), ("buy", "5", "900", "2023-09-01"), ("sell", "8", "1700", "2024-02-01"),
                                            ("buy", "3", "640", "2024-05-02")] {
            let added = invest.run(["add", "--type", type, "--ticker", "AAPL", "--quantity", quantity, "--sum", sum, "--currency", "USD", "--date", date])
            XCTAssertEqual(added.status, 0, added.errors)
        }
        XCTAssertEqual(invest.run(["rate", "fetch", "USD", "--from", "2023-01-02"]).status, 0)
        try assertValuedAsTheWholeLogValuesIt(invest, "after the dollar trades' rates are fetched")
        for checkpoint in ["portfolio-in-base-v5-average-GBP", "gains-in-base-v4-fifo-GBP"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: invest.home.appendingPathComponent("checkpoints/\(checkpoint)").path), checkpoint)
        }

        // Friday 5 July: a buy that day, with Wednesday's rate the latest kept.
        invest.now = Date(timeIntervalSince1970: 1_720_180_800)
        let late = invest.run(["add", "--type", "buy", "--ticker", "AAPL", "--quantity", "2", "--sum", "430", "--currency", "USD", "--date", "2024-07-05"])
        XCTAssertEqual(late.status, 0, late.errors)
        try assertValuedAsTheWholeLogValuesIt(invest, "after a trade dated after the last rate kept")
        XCTAssertEqual(invest.run(["rate", "fetch", "USD", "--from", "2024-07-01"]).status, 0)
        try assertValuedAsTheWholeLogValuesIt(invest, "after its day's rate is fetched")

        let oldest = try XCTUnwrap(try invest.run(["list", "--ticker", "AAPL", "--format", "json"]).jsonRows().last?["id"] as? String)
        let edited = invest.run(["edit", oldest, "--sum", "1400"])
        XCTAssertEqual(edited.status, 0, edited.errors)
        try assertValuedAsTheWholeLogValuesIt(invest, "after an old dollar trade's new sum")

        // Days later, with the rates service out of reach: gains online would fetch the days since.
        invest.now = Date(timeIntervalSince1970: 1_720_612_800)
        invest.environment["INVEST_FX_URL"] = "http://127.0.0.1:9"
        XCTAssertEqual(invest.run(["gains"]).status, 1, "the rates since 5 July can't be fetched")
        let offline = invest.run(["gains", "--offline"])
        XCTAssertEqual(offline.status, 0, offline.errors)
        XCTAssertTrue(offline.output.contains("Realized gains"), offline.output)
    }

    // MARK: - Helpers

    /// The portfolio in the base (either method, and by account), the net worth and the gains,
    /// offline, answered from the checkpoints, then by a copy of the home with none.
    private func assertValuedAsTheWholeLogValuesIt(_ invest: InvestDriver, _ when: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let commands = [["portfolio", "--offline", "--format", "json"], ["portfolio", "--offline", "--cost-basis", "fifo", "--format", "json"],
                        ["portfolio", "--offline", "--by", "account", "--format", "csv"], ["networth", "--offline", "--format", "json"],
                        ["gains", "--offline", "--format", "json"], ["gains", "--offline", "--cost-basis", "average", "--year", "2024", "--format", "csv"]]
        let fromCheckpoints = commands.map { invest.run($0) }
        let twin = InvestDriver(home: makeTemporaryDirectory().appendingPathComponent("twin"))
        (twin.now, twin.environment) = (invest.now, invest.environment)
        try FileManager.default.copyItem(at: invest.home, to: twin.home)
        try FileManager.default.removeItem(at: twin.home.appendingPathComponent("checkpoints"))
        for (command, checkpointed) in zip(commands, fromCheckpoints) {
            let replayed = twin.run(command)
            XCTAssertEqual(checkpointed.status, 0, "\(when): \(command): \(checkpointed.errors)", file: file, line: line)
            XCTAssertEqual(checkpointed.output, replayed.output, "\(when): \(command)", file: file, line: line)
            XCTAssertEqual(checkpointed.errors, replayed.errors, "\(when): \(command)", file: file, line: line)
        }
    }

    /// `cash`, `portfolio`, `list -n`, `gains` and a refused sell, answered from the checkpoints as they
    /// are, then again with no checkpoint at all (a read of the whole log).
    private func assertCheckpointsAgreeWithTheLog(_ invest: InvestDriver, _ when: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let commands = [["cash", "--format", "json"], ["portfolio", "--offline", "--format", "json"], ["portfolio", "--offline", "--cost-basis", "fifo", "--format", "json"],
                        ["portfolio", "--offline", "--by", "account", "--format", "json"], ["list", "-n", "7", "--format", "json"],
                        ["gains", "--format", "json"], ["gains", "--cost-basis", "average", "--format", "csv"],
                        ["add", "--type", "sell", "--ticker", "AAA", "--quantity", "100000", "--sum", "1", "--date", "2024-07-02"]]
        let fromCheckpoints = commands.map { invest.run($0) }
        try FileManager.default.removeItem(at: invest.home.appendingPathComponent("checkpoints"))
        let fromTheLog = commands.map { invest.run($0) }
        for (command, (checkpointed, replayed)) in zip(commands, zip(fromCheckpoints, fromTheLog)) {
            XCTAssertEqual(checkpointed.status, replayed.status, "\(when): \(command)", file: file, line: line)
            XCTAssertEqual(checkpointed.output, replayed.output, "\(when): \(command)", file: file, line: line)
            XCTAssertEqual(checkpointed.errors, replayed.errors, "\(when): \(command)", file: file, line: line)
        }
    }

    private static let reads = [["cash", "--format", "json"], ["portfolio", "--offline", "--format", "json"], ["gains", "--format", "json"],
                                ["list", "-n", "7", "--format", "json"]]

    /// Runs `steps` here and in a copy without checkpoints, which reads the whole log: each with
    /// the same status, output and errors, and then the same answers to `reads`. Returns the
    /// statuses.
    private func runBesideACopyWithoutCheckpoints(_ invest: InvestDriver, _ steps: [[String]], thenReading reads: [[String]] = reads,
                                                  file: StaticString = #filePath, line: UInt = #line) throws -> [Int32] {
        let twin = InvestDriver(home: makeTemporaryDirectory().appendingPathComponent("twin"))
        try FileManager.default.copyItem(at: invest.home, to: twin.home)
        try FileManager.default.removeItem(at: twin.home.appendingPathComponent("checkpoints"))
        let statuses = steps.map { step in
            let (checkpointed, replayed) = (invest.run(step), twin.run(step))
            XCTAssertEqual(checkpointed.status, replayed.status, "\(step): \(checkpointed.errors)", file: file, line: line)
            XCTAssertEqual(checkpointed.output, replayed.output, "\(step)", file: file, line: line)
            XCTAssertEqual(checkpointed.errors, replayed.errors, "\(step)", file: file, line: line)
            return checkpointed.status
        }
        for read in reads { XCTAssertEqual(invest.run(read).output, twin.run(read).output, "after \(steps): \(read)", file: file, line: line) }
        return statuses
    }

    /// A CSV of `rows` (date,type,ticker,quantity,sum), as a broker's statement is imported.
    private func writeStatement(_ rows: [String]) throws -> URL {
        let file = makeTemporaryDirectory().appendingPathComponent("statement.csv")
        try Data((["date,type,ticker,quantity,sum"] + rows).map { $0 + "\n" }.joined().utf8).write(to: file)
        return file
    }

    /// Deposits, buys and sells of five tickers over 2023–2024 that never oversell or overdraw.
    private func writeHistory(rows: Int) throws -> URL {
        var text = "date,type,ticker,quantity,sum\n"
        var held = [0, 0, 0, 0, 0], state: UInt64 = 33
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let tickers = ["AAA", "BBB", "CCC", "DDD", "EEE"]
        for index in 0..<rows {
            let day = CalendarDayText.iso(daysAfter2023: index * 540 / rows)
            if index % 10 == 0 {
                text += "\(day),deposit,,,\(1_000 + next(5_000))\n"
                continue
            }
            let ticker = next(5)
            if held[ticker] > 0, next(3) == 0 {
                let quantity = 1 + next(held[ticker])
                held[ticker] -= quantity
                text += "\(day),sell,\(tickers[ticker]),\(quantity),\(quantity * (20 + next(30)))\n"
            } else {
                let quantity = 1 + next(5)
                held[ticker] += quantity
                text += "\(day),buy,\(tickers[ticker]),\(quantity),\(quantity * (10 + next(20)))\n"
            }
        }
        let url = makeTemporaryDirectory().appendingPathComponent("history.csv")
        try Data(text.utf8).write(to: url)
        return url
    }
}

/// ISO dates without Foundation's formatters.
private enum CalendarDayText {
    static func iso(daysAfter2023 days: Int) -> String {
        var (year, remaining) = (2023, days)
        while remaining >= (year % 4 == 0 ? 366 : 365) {
            remaining -= year % 4 == 0 ? 366 : 365
            year += 1
        }
        let lengths = [31, year % 4 == 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        var month = 0
        while remaining >= lengths[month] {
            remaining -= lengths[month]
            month += 1
        }
        return String(format: "%04d-%02d-%02d", year, month + 1, remaining + 1)
    }
}
