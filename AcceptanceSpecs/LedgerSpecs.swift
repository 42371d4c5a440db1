import XCTest
import InvestCLITestSupport
import TestSupport

/// One ledger under every feature: what a newer release writes, an older one keeps; what an older
/// release wrote, this one reads; and no text, however hostile, can damage the store.
final class LedgerSpecs: XCTestCase {
    /// A line as a later release would write it: a kind this one doesn't know, fields it has never seen.
    private let futureLine = "+\tfuture-1\toption-execution\t3\t1720000000000\tlegs=\\x1b[2J 2\tnote=\\ttabbed\\nand split\tstrike=582.5\n"

    func test_givenAnEntryOfAKindThisReleaseDoesNotKnow_everyCommandStillWorks_andRewritesSyncAndExportKeepItByteForByte() throws {
        let emulator = try startEmulator()
        let laptop = makeInvestDriver(servicesFrom: emulator)
        laptop.add(["buy AAA 4 40 2024-01-02"])
        try append(futureLine, to: laptop)
        let csv = laptop.home.appendingPathComponent("more.csv")
        try Data("date,type,ticker,quantity,sum\n2024-02-01,buy,BBB,1,20\n".utf8).write(to: csv)

        for arguments in [["list"], ["portfolio"], ["quote", "AAA"], ["add", "--type", "sell", "--ticker", "AAA", "--quantity", "1", "--sum", "15"],
                          ["import", csv.path], ["export"]] {
            let run = laptop.run(arguments)
            XCTAssertEqual(run.status, 0, "invest \(arguments.joined(separator: " ")): \(run.errors)")
        }
        let id = laptop.ids()[0]
        XCTAssertEqual(laptop.run(["edit", id, "--note", "edited"]).status, 0)
        XCTAssertEqual(laptop.run(["delete", id]).status, 0)
        XCTAssertTrue(try log(of: laptop).contains(futureLine), "the import rewrote the log and kept the entry as it was")

        XCTAssertEqual(laptop.signUp("investor@example.com", password: "long enough").status, 0)
        let sync = laptop.run(["sync"])
        XCTAssertEqual(sync.status, 0)
        XCTAssertTrue(sync.errors.contains("1 entry written by a newer invest (such as a 'option-execution') is kept and synced unchanged"), sync.errors)
        let desktop = makeInvestDriver(servicesFrom: emulator)
        desktop.logIn("investor@example.com", password: "long enough")
        XCTAssertEqual(desktop.run(["sync"]).status, 0)

        XCTAssertTrue(try log(of: desktop).contains(futureLine), "sync carried the entry unchanged to the other device")
        let backup = laptop.run(["export", "--format", "ledger"])
        XCTAssertEqual(backup.status, 0, backup.errors)
        XCTAssertTrue(backup.output.contains(futureLine), backup.output)
        let restored = makeInvestDriver()
        let backupFile = restored.home.appendingPathComponent("backup.ledger")
        try Data(backup.output.utf8).write(to: backupFile)
        XCTAssertEqual(restored.run(["import", backupFile.path]).status, 0)
        XCTAssertTrue(try log(of: restored).contains(futureLine), "a ledger export restores it unchanged")
        XCTAssertEqual(restored.ids(), laptop.ids())
    }

    func test_givenAnEntryANewerReleaseWroteInANewerLayout_onlyTheCommandsThatNeedItRefuse_sayingSo() throws {
        let emulator = try startEmulator()
        let invest = makeInvestDriver(servicesFrom: emulator)
        invest.add(["buy AAA 1 10 2024-01-02"])
        let newerBuy = "+\tnewer-buy\tbuy\t3\t1720000000000\tdate=2024-01-03\tlots=2\tquantity=1\tsum=10\tticker=AAA\n"
        try append(newerBuy, to: invest)

        let list = invest.run(["list"])
        XCTAssertEqual(list.status, 1)
        XCTAssertTrue(list.errors.contains("the buy newer-buy was written by a newer version of invest"), list.errors)
        XCTAssertTrue(list.errors.contains("upgrade invest"), list.errors)

        XCTAssertEqual(invest.run(["quote", "AAA"]).status, 0)
        XCTAssertEqual(invest.signUp("investor@example.com", password: "long enough").status, 0)
        XCTAssertEqual(invest.run(["sync"]).status, 0, "sync moves entries without reading them")
        XCTAssertTrue(try log(of: invest).contains(newerBuy))
    }

    func test_givenALogWrittenByTheReleaseBeforeTheLedger_whenTheUserRunsAnyCommand_itMigratesLosingNothing() throws {
        let invest = makeInvestDriver()
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tests/LedgerStoreContractTests/Fixtures")
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent("transactions-v1.log"), to: invest.logURL)
        let expected = try String(contentsOf: fixtures.appendingPathComponent("transactions-v1.expected.csv"), encoding: .utf8)

        XCTAssertEqual(invest.run(["export"]).output, expected, "read as it is")
        invest.add(["buy MSFT 1 300 2024-04-01"])

        XCTAssertTrue(try log(of: invest).hasPrefix("investments-transactions v2\n"))
        let export = invest.run(["export"]).output
        XCTAssertTrue(export.contains(",2024-04-01,buy,MSFT,1,300,300,\n"), export)
        XCTAssertEqual(export.replacingOccurrences(of: #"(?m)^[^\n]*,2024-04-01,buy,MSFT,1,300,300,\n"#, with: "", options: .regularExpression), expected)
    }

    func test_givenHostileTextInAnIDATickerAndANote_eachGetsTheRightTreatment_andTheStoreStaysReadable() throws {
        let emulator = try startEmulator()
        let invest = makeInvestDriver(servicesFrom: emulator)
        let hostileNote = "tab\there\nsecond line\u{1B}]0;pwned\u{07}"
        let file = invest.home.appendingPathComponent("hostile.csv")
        try Data("id,date,type,ticker,quantity,sum,note\n\"evil\tid\",2024-01-02,buy,AAA,1,10,\n,2024-01-02,buy,lowercase ticker!,1,10,\n".utf8).write(to: file)

        let refused = invest.run(["import", file.path])
        let added = invest.run(["add", "--type", "buy", "--ticker", "AAA", "--quantity", "1", "--sum", "10", "--date", "2024-01-02", "--note", hostileNote])

        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.errors.contains("hostile.csv:2: id: must be 1-128 letters, digits, '-' or '_'"), refused.errors)
        XCTAssertTrue(refused.errors.contains("hostile.csv:3: ticker: 'lowercase ticker!' must be 1-12 characters"), refused.errors)
        XCTAssertEqual(added.status, 0, added.errors)
        XCTAssertFalse(added.output.contains("\u{1B}"), "no escape sequence reaches the terminal")
        let table = invest.run(["list"]).output
        XCTAssertTrue(table.contains(#"tab\there\nsecond line\u{1b}]0;pwned\u{7}"#), table)
        XCTAssertEqual(table.split(separator: "\n").count, 2, "the note can't break the table's rows")
        XCTAssertTrue(invest.run(["export", "--format", "json"]).output.contains(#"tab\there\nsecond line\u001b]0;pwned\u0007"#))

        XCTAssertEqual(invest.signUp("investor@example.com", password: "long enough").status, 0)
        XCTAssertEqual(invest.run(["sync"]).status, 0)
        let other = makeInvestDriver(servicesFrom: emulator)
        other.logIn("investor@example.com", password: "long enough")
        XCTAssertEqual(other.run(["sync"]).status, 0)
        XCTAssertEqual(other.run(["export", "--format", "json"]).output, invest.run(["export", "--format", "json"]).output,
                       "the note survives the round trip through the remote store exactly")
        XCTAssertEqual(other.run(["list"]).status, 0, "and the other device's store stays readable")
    }

    // MARK: - Helpers

    private func append(_ line: String, to driver: InvestDriver) throws {
        let handle = try FileHandle(forWritingTo: driver.logURL)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(line.utf8))
        try handle.close()
    }

    private func log(of driver: InvestDriver) throws -> String {
        try String(contentsOf: driver.logURL, encoding: .utf8)
    }
}
