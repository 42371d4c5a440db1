import XCTest
import InvestCLITestSupport
import TestSupport

/// What a person runs into in everyday use, each found by using the tool as a new user.
final class EverydayUseSpecs: XCTestCase {
    /// Tickers of most of the world's exchanges, and index symbols, were refused.
    func test_tickersOfAnyExchange_andIndexSymbols_areAcceptedEverywhere() throws {
        let invest = makeInvestDriver()

        let added = ["7203.T", "0700.HK", "VWRL.L"].map { invest.run(["add", "--type", "buy", "--ticker", $0, "--quantity", "1", "--sum", "10", "--date", "2024-01-02"]) }
        let priced = invest.run(["price", "set", "0700.hk", "400"])
        let watched = invest.run(["watch", "add", "^gspc", "--target", "5000"])
        let categorized = invest.run(["category", "set", "^GSPC", "Equity"])

        XCTAssertEqual(added.map(\.status), [0, 0, 0], added.map(\.errors).joined())
        XCTAssertEqual(priced.status, 0, priced.errors)
        XCTAssertEqual(watched.status, 0, watched.errors)
        XCTAssertEqual(categorized.status, 0, categorized.errors)
        XCTAssertEqual(Set(try invest.run(["list", "--format", "json"]).jsonRows().compactMap { $0["ticker"] as? String }), ["7203.T", "0700.HK", "VWRL.L"])
        XCTAssertEqual(try invest.run(["watch", "--format", "json"]).jsonRows().first?["ticker"] as? String, "^GSPC")
        XCTAssertEqual(invest.run(["add", "--type", "buy", "--ticker", "^1", "--quantity", "1", "--sum", "10"]).status, 2)
    }

    func test_exportToALink_writesThroughIt_andToAFIFO_orADevice_writesIntoIt() throws {
        let invest = makeInvestDriver()
        invest.add(["buy AAPL 1 100 2024-01-02"])
        let target = invest.home.appendingPathComponent("target.csv"), link = invest.home.appendingPathComponent("link.csv")
        try "old\n".write(to: target, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        let fifo = invest.home.appendingPathComponent("fifo").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let reader = try startReader(of: fifo)

        let throughLink = invest.run(["export", "-o", link.path])
        let intoFIFO = invest.run(["export", "-o", fifo])
        let intoFullDevice = invest.run(["export", "-o", "/dev/full"])

        XCTAssertEqual(throughLink.status, 0, throughLink.errors)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link.path), target.path, "the link stays a link")
        XCTAssertTrue(try String(contentsOf: target, encoding: .utf8).hasPrefix("id,date,type"), "its target holds the export")
        XCTAssertEqual(intoFIFO.status, 0, intoFIFO.errors)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: fifo)[.type] as? FileAttributeType, .typeUnknown, "still a FIFO")
        XCTAssertTrue(String(decoding: reader(), as: UTF8.self).hasPrefix("id,date,type"), "the reader got the export")
        XCTAssertEqual(intoFullDevice.status, 1, "a full device is a failure, not 'Wrote …'")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: "/dev/full")[.type] as? FileAttributeType, .typeCharacterSpecial)
    }

    func test_importingADirectory_saysItIsADirectory() {
        let invest = makeInvestDriver()

        for command in [["import"], ["savings", "import"], ["journal", "import"], ["price", "import"]] {
            let run = invest.run(command + [invest.home.path])

            XCTAssertEqual(run.status, 2, command.joined(separator: " "))
            XCTAssertTrue(run.errors.contains("is a directory"), run.errors)
            XCTAssertFalse(run.errors.contains("larger than"), run.errors)
        }
    }

    func test_quote_showsTheChangePercent_asTheWatchlistDoes_whenTheServiceLeavesItOut() throws {
        let emulator = try startEmulator()
        let invest = makeInvestDriver(servicesFrom: emulator)
        invest.run(["watch", "add", "MSFT"])

        let quote = try XCTUnwrap(try invest.run(["quote", "MSFT", "--format", "json"]).jsonRows().first)
        let watched = try XCTUnwrap(try invest.run(["watch", "--format", "json"]).jsonRows().first)

        XCTAssertEqual(quote["changePercent"] as? String, "1.1084", "(410.5 − 406) ÷ 406, the one figure every command shows")
        XCTAssertEqual(watched["changePercent"] as? String, quote["changePercent"] as? String)
    }

    func test_aSecondPortfolioWithinTheMinute_reusesTheQuotes_asLive() throws {
        let emulator = try startEmulator()
        let invest = makeInvestDriver(servicesFrom: emulator)
        invest.add(["buy AAA 1 10 2024-01-02"])

        let first = invest.run(["portfolio", "--format", "csv"])
        invest.now += 5
        let second = invest.run(["portfolio", "--format", "csv"])

        XCTAssertEqual(second.status, 0, second.errors)
        XCTAssertFalse(second.errors.contains("cached"), second.errors)
        XCTAssertTrue(second.output.contains(",live,"), second.output)
        XCTAssertEqual(try emulator.requestCounts()["AAA"], 1, "the second run spent no request")
        XCTAssertTrue(first.output.contains(",live,"), first.output)
    }

    func test_watchAdd_keepsWhatItIsNotGiven_andAnEmptyValueClearsIt() throws {
        let invest = makeInvestDriver()
        invest.run(["watch", "add", "AAPL", "--target", "200"])

        invest.run(["watch", "add", "AAPL", "--note", "x"])
        let kept = try XCTUnwrap(try invest.run(["watch", "--offline", "--format", "json"]).jsonRows().first)
        invest.run(["watch", "add", "AAPL", "--target", ""])
        let cleared = try XCTUnwrap(try invest.run(["watch", "--offline", "--format", "json"]).jsonRows().first)

        XCTAssertEqual(kept["target"] as? String, "200")
        XCTAssertEqual(kept["note"] as? String, "x")
        XCTAssertTrue(cleared["target"] is NSNull, "\(cleared)")
        XCTAssertEqual(cleared["note"] as? String, "x")
    }

    /// Shares moved to an ISA and sold there the same day: the move counts before the sale
    /// whatever order they were written in, so writing the move again (an edit of its note)
    /// breaks no rule. A transfer of cash keeps its sum and takes no quantity.
    func test_editingATransferOfSharesOrOfCash_changesOnlyWhatItIsGiven_evenWhenTheSharesWereSoldThereTheSameDay() throws {
        let invest = makeInvestDriver()
        for arguments in [["account", "add", "ISA"], ["add", "--type", "deposit", "--sum", "500", "--date", "2024-01-01"],
                          ["add", "--type", "buy", "--ticker", "X", "--quantity", "10", "--sum", "100", "--date", "2024-01-02"],
                          ["transfer", "--to", "ISA", "--ticker", "X", "--quantity", "10", "--date", "2024-02-01"],
                          ["--account", "ISA", "add", "--type", "sell", "--ticker", "X", "--quantity", "10", "--sum", "150", "--date", "2024-02-01"],
                          ["transfer", "--to", "ISA", "--sum", "100", "--date", "2024-03-01"]] {
            let run = invest.run(arguments)
            XCTAssertEqual(run.status, 0, "\(arguments): \(run.errors)")
        }
        let transfers = try invest.run(["list", "--type", "transfer", "--format", "json"]).jsonRows()
        let ids = transfers.compactMap { $0["id"] as? String }
        XCTAssertEqual(ids.count, 2)

        let edits = ids.map { invest.run(["edit", $0, "--note", "moved"]) }

        for edit in edits { XCTAssertEqual(edit.status, 0, edit.errors) }
        let after = try invest.run(["list", "--type", "transfer", "--format", "json"]).jsonRows()
        XCTAssertEqual(after.map { $0["note"] as? String }, ["moved", "moved"])
        XCTAssertEqual(after.map { $0["quantity"] as? String }, transfers.map { $0["quantity"] as? String })
        XCTAssertEqual(after.map { $0["sum"] as? String }, transfers.map { $0["sum"] as? String })
        let buy = try XCTUnwrap(invest.run(["list", "--type", "buy", "--format", "json"]).jsonRows().first?["id"] as? String)
        let intoTransfer = invest.run(["edit", buy, "--type", "transfer"])
        XCTAssertEqual(intoTransfer.status, 2)
        XCTAssertTrue(intoTransfer.errors.contains("delete this buy and use 'invest transfer --to ACCOUNT'"), intoTransfer.errors)
    }

    func test_stockView_showsAHoldingNoServiceLists() throws {
        let emulator = try startEmulator()
        let invest = makeInvestDriver(servicesFrom: emulator)
        invest.add(["buy VWRL.L 3 300 2024-01-02"])

        let held = invest.run(["stock", "view", "VWRL.L"])
        let unknown = invest.run(["stock", "view", "ZZZZ"])

        XCTAssertEqual(held.status, 0, held.errors)
        XCTAssertTrue(held.output.contains("Position    3 shares"), held.output)
        XCTAssertEqual(unknown.status, 2, unknown.errors)
    }

    func test_helpAndTheManPage_listExitCode3() {
        let invest = makeInvestDriver()

        XCTAssertTrue(invest.run(["--help"]).output.contains("3 an alert fired"))
        XCTAssertTrue(invest.run(["completion", "man"]).output.contains("3 an alert fired"))
    }

    func test_feed_refusesATableToAPipe_andADeepLinkToAStockItDoesNotStream() {
        let invest = makeInvestDriver()

        let table = invest.run(["feed", "--format", "table", "--count", "1"])
        let unknown = invest.run(["open", "stocks://symbol/zzzz"])
        let known = invest.run(["open", "stocks://symbol/aapl", "--format", "csv"])

        XCTAssertEqual(table.status, 2)
        XCTAssertTrue(table.errors.contains("needs a terminal; use --format ndjson"), table.errors)
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.errors.contains("ZZZZ is not one of them"), unknown.errors)
        XCTAssertEqual(known.status, 0, known.errors)
        XCTAssertTrue(known.output.contains("AAPL,Apple Inc."), known.output)
    }

    // MARK: - Helpers

    /// `cat FIFO`, started before anything writes to it; the closure waits for it and gives what it read.
    private func startReader(of fifo: String) throws -> () -> Data {
        let process = Process(), pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: "/bin/cat")
        process.arguments = [fifo]
        process.standardOutput = pipe
        try process.run()
        return {
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return data
        }
    }
}
