import XCTest
@testable import TerminalKit
@testable import ClientComposition
import InvestCLI
import InvestCLITestSupport
import TestSupport

/// The CLI conventions every command keeps: help, usage errors, exit codes, data location.
final class InvestCommandLineTests: XCTestCase {
    func test_help_isAvailableForTheToolAndEveryCommand() {
        let invest = makeInvestDriver()
        let overview = invest.run(["--help"])
        XCTAssertEqual(overview.status, 0)
        for command in ["add", "list", "edit", "delete", "portfolio", "quote", "import", "export", "demo"] {
            XCTAssertTrue(overview.output.contains("  \(command) "), "overview lacks \(command)")
            let help = invest.run([command, "--help"])
            XCTAssertEqual(help.status, 0, command)
            XCTAssertTrue(help.output.contains("Usage: invest \(command)"), help.output)
        }
    }

    func test_unknownCommand_exitsWithUsageErrorAndSuggestion() {
        let run = makeInvestDriver().run(["lsit"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.errors.contains("Did you mean 'list'?"), run.errors)
        XCTAssertEqual(run.output, "")
    }

    func test_noCommand_printsOverviewToStderrWithUsageExit() {
        let run = makeInvestDriver().run([])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.errors.contains("Transactions:\n  add "), run.errors)
        XCTAssertTrue(run.errors.contains("Savings:\n  savings "), "commands are grouped by feature: \(run.errors)")
    }

    func test_unknownFormat_isAUsageError() {
        XCTAssertEqual(makeInvestDriver().run(["list", "--format", "xml"]).status, 2)
    }

    func test_dataHome_followsFlagThenInvestHomeThenXDGThenHome() throws {
        func home(_ environment: [String: String], _ arguments: [String] = []) -> String {
            let console = ScriptedConsole()
            _ = Invest.run(arguments + ["demo"], context: InvestContext(environment: environment, console: console))
            return console.output.components(separatedBy: "Your own data lives in ").last?.components(separatedBy: ". Start").first ?? ""
        }
        XCTAssertEqual(home(["HOME": "/h"]), "/h/.local/share/investments")
        XCTAssertEqual(home(["HOME": "/h", "XDG_DATA_HOME": "/x"]), "/x/investments")
        XCTAssertEqual(home(["HOME": "/h", "XDG_DATA_HOME": "relative"]), "/h/.local/share/investments", "XDG says relative paths are ignored")
        XCTAssertEqual(home(["HOME": "/h", "XDG_DATA_HOME": "/x", "INVEST_HOME": "/i"]), "/i")
        XCTAssertEqual(home(["INVEST_HOME": "/i"], ["--home", "/flag"]), "/flag")
    }

    func test_ambiguousIDPrefix_listsTheCandidates() {
        let invest = makeInvestDriver()
        for id in ["abc111", "abc222"] {
            let console = ScriptedConsole()
            _ = Invest.run(["add", "--type", "buy", "--ticker", "AAPL", "--quantity", "1", "--sum", "1", "--date", "2024-01-01"],
                           context: InvestContext(environment: ["INVEST_HOME": invest.home.path], console: console, makeID: { id }))
        }
        let delete = invest.run(["delete", "abc"])
        XCTAssertEqual(delete.status, 2)
        XCTAssertTrue(delete.errors.contains("abc111") && delete.errors.contains("abc222"), delete.errors)
        XCTAssertEqual(invest.run(["delete", "abc2"]).status, 0)
        XCTAssertEqual(invest.ids(), ["abc111"])
    }

    func test_logout_removesASessionFileItCannotRead() throws {
        let invest = makeInvestDriver()
        let session = invest.home.appendingPathComponent("session.json")
        try Data("{ not a session".utf8).write(to: session)

        let logout = invest.run(["logout"])

        XCTAssertEqual(logout.status, 0, logout.errors)
        XCTAssertEqual(logout.output, "Signed out. Your local transactions are kept.\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: session.path))
    }

    func test_missingFieldsWithoutATerminal_areReportedTogetherWithoutPrompting() {
        let run = makeInvestDriver().run(["add", "--ticker", "AAPL"])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.prompts, [])
        XCTAssertTrue(run.errors.contains("type:") && run.errors.contains("quantity:") && run.errors.contains("sum:"), run.errors)
    }
}

final class ImportExportTests: XCTestCase {
    func test_import_acceptsBOMCRLFQuotedFieldsAndColumnsInAnyOrder() throws {
        let invest = makeInvestDriver()
        let file = try write("\u{FEFF}ticker,sum,quantity,type,date,note\r\nAAPL,300,2,buy,2024-01-02,\"long, term \"\"core\"\"\"\r\nmsft,400,1,BUY,2024-01-03,\r\n", in: invest)

        let run = invest.run(["import", file])

        XCTAssertEqual(run.status, 0, run.errors)
        let csv = invest.run(["export"]).output
        XCTAssertTrue(csv.contains(",2024-01-02,buy,AAPL,2,150,300,\"long, term \"\"core\"\"\""), csv)
        XCTAssertTrue(csv.contains(",2024-01-03,buy,MSFT,1,400,400,"), csv)
    }

    func test_importStrict_isAllOrNothingAndReportsEveryBadRowWithItsLine() throws {
        let invest = makeInvestDriver()
        let file = try write("date,type,ticker,quantity,sum\n2024-01-02,buy,AAPL,1,10\n2024-02-30,buy,AAPL,1,10\n2024-01-05,buy,AAPL,1\n2024-01-06,sell,AAPL,5,10\n", in: invest)

        let run = invest.run(["import", file, "--strict"])

        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.errors.contains("\(file):4: expected 5 fields"), run.errors)
        XCTAssertEqual(invest.ids(), [])
    }

    func test_import_ofValidRowsBesideOneMalformedLine_savesTheValidOnes_orNoneWithStrict() throws {
        let invest = makeInvestDriver()
        let file = try write("date,type,ticker,quantity,sum\n2024-01-02,buy,AAPL,1,10\n2024-01-05,buy,AAPL,1\n", in: invest)

        let strict = invest.run(["import", file, "--strict"])
        let idsAfterStrict = invest.ids()
        let run = invest.run(["import", file])

        XCTAssertEqual(strict.status, 2)
        XCTAssertTrue(strict.errors.contains("nothing was imported"), strict.errors)
        XCTAssertEqual(idsAfterStrict, [], "the valid row is not saved either: all or nothing")
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertTrue(run.errors.contains("\(file):3: expected 5 fields, found 4"), run.errors)
        XCTAssertEqual(invest.ids().count, 1)
    }

    func test_import_namesTheColumnsNoFieldIsReadFrom_butNotTheExportsOwnPrice() throws {
        let invest = makeInvestDriver()
        let file = try write("date,type,ticker,quantity,sum,Commission,Fee,Venue\n2024-01-02,buy,AAPL,1,10,1.5,0.2,LSE\n", in: invest)

        let run = invest.run(["import", file])
        XCTAssertEqual(invest.run(["add", "--type", "buy", "--ticker", "MSFT", "--quantity", "1", "--sum", "20", "--date", "2024-01-03"]).status, 0)
        let exported = try write(invest.run(["export"]).output, in: invest)
        let again = invest.run(["import", exported])

        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertTrue(run.errors.contains("warning: \(file): no field is read from the columns 'Commission', 'Venue'; its values are not imported"), run.errors)
        XCTAssertEqual(try invest.run(["list", "--format", "json"]).jsonRows().first { $0["ticker"] as? String == "AAPL" }?["fee"] as? String, "0.2", "a fee column is the trade's fee")
        XCTAssertFalse(again.errors.contains("no field is read"), "an export's price is worked out from its sum: \(again.errors)")
    }

    func test_import_reportsFieldAndHoldingErrorsPerLine() throws {
        let invest = makeInvestDriver()
        let file = try write("date,type,ticker,quantity,sum\n2024-01-02,buy,AAPL,1,10\n2024-02-30,buy,AAPL,1,10\n2024-01-06,sell,AAPL,5,10\n", in: invest)

        let run = invest.run(["import", file, "--strict"])

        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.errors.contains("\(file):3: date:"), run.errors)
        XCTAssertTrue(run.errors.contains("\(file):4: selling 5 AAPL"), run.errors)
        XCTAssertEqual(invest.ids(), [])
    }

    func test_import_refusesAFileLargerThanAnyHistoryBeforeReadingIt() throws {
        let invest = makeInvestDriver()
        let huge = invest.home.appendingPathComponent("huge.csv")
        _ = FileManager.default.createFile(atPath: huge.path, contents: nil)
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: UInt64(300 << 20)) // sparse: no real disk used
        try handle.close()

        let run = invest.run(["import", huge.path])

        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.errors.contains("is larger than 256 MB"), run.errors)
        XCTAssertEqual(invest.ids(), [])
    }

    func test_import_dryRunSavesNothing() throws {
        let invest = makeInvestDriver()
        let file = try write("date,type,ticker,quantity,sum\n2024-01-02,buy,AAPL,1,10\n", in: invest)

        let run = invest.run(["import", file, "--dry-run"])

        XCTAssertEqual(run.status, 0)
        XCTAssertTrue(run.output.contains("Dry run"))
        XCTAssertEqual(invest.ids(), [])
    }

    func test_import_rejectsAHeaderWithoutRequiredColumns() throws {
        let invest = makeInvestDriver()
        let file = try write("date,kind,ticker,qty,sum\n", in: invest)
        let run = invest.run(["import", file])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.errors.contains("type, quantity"), run.errors)
    }

    func test_export_ordersRowsOfOneDayAndTimeByTheirWholeIDs_evenWhereTheyStartAlike() throws {
        let invest = makeInvestDriver()
        let ids = ["samepre-c", "b", "samepre", "samepre-a", "samepre\u{E9}", "a", "samepre-b", "sameprefix9"]
        try FileManager.default.createDirectory(at: invest.home, withIntermediateDirectories: true)
        let log = "investments-transactions v2\n" + ids.map { "+\t\($0)\tbuy\t1\t1700000000000\tdate=2024-01-02\tquantity=1\tsum=10\tticker=AAA\n" }.joined()
        try Data(log.utf8).write(to: invest.home.appendingPathComponent("transactions.log"))

        for format in ["csv", "json"] {
            let run = invest.run(["export", "--format", format])
            XCTAssertEqual(run.status, 0, run.errors)
            let exported = format == "csv" ? run.output.split(separator: "\n").dropFirst().map { String($0.prefix { $0 != "," }) }
                                           : try run.jsonRows().map { $0["id"] as? String ?? "" }
            XCTAssertEqual(exported, ids.sorted(), format)
        }
    }

    func test_exportThenImport_roundTripsInBothFormats() throws {
        for format in ["csv", "json"] {
            let source = makeInvestDriver()
            source.run(["add", "--type", "buy", "--ticker", "VOD.L", "--quantity", "0.5", "--sum", "33.333", "--date", "2023-12-31", "--note", "a, \"b\"\nc"])
            source.run(["add", "--type", "sell", "--ticker", "VOD.L", "--quantity", "0.25", "--sum", "20", "--date", "2024-01-31"])
            let exported = source.run(["export", "--format", format]).output
            let target = makeInvestDriver()
            let file = try write(exported, in: target)

            XCTAssertEqual(target.run(["import", file]).status, 0, format)
            XCTAssertEqual(target.run(["export", "--format", format]).output, exported, format)
            XCTAssertEqual(target.run(["import", file]).status, 0, "importing again updates by id")
            XCTAssertEqual(target.ids().count, 2, format)
        }
    }

    private func write(_ text: String, in invest: InvestDriver) throws -> String {
        let url = invest.home.appendingPathComponent("input-\(UUID().uuidString).csv")
        try Data(text.utf8).write(to: url)
        return url.path
    }
}

final class ExitStatusTests: XCTestCase {
    func test_everyFailureMessage_reachesTheTerminalEscaped_keepingItsLineBreaks() {
        let console = ScriptedConsole()
        let context = InvestContext(environment: [:], console: console, now: { Date(timeIntervalSince1970: 0) }, timeZone: TimeZone(identifier: "UTC")!)

        let status = context.exitStatus(program: "invest") {
            throw CLIError.runtime("the server said \u{1B}]0;pwned\u{07} and \u{9B}2J\nsecond line")
        }

        XCTAssertEqual(status, 1)
        XCTAssertEqual(console.errors, "invest: the server said \\u{1b}]0;pwned\\u{7} and \\u{9b}2J\nsecond line\n")
    }
}

final class RebuildNoticeTests: XCTestCase {
    func test_atATerminal_aReadOfALongHistoryForItsSummaries_isToldOnce_aShortOnesIsNot() throws {
        let console = TerminalConsole()
        let notice = try XCTUnwrap(InvestContext(environment: [:], console: console).rebuildNotice(program: "invest"))

        notice(5 << 20)
        XCTAssertEqual(console.notices, [])
        notice(86 << 20)
        XCTAssertEqual(console.notices, ["invest: reading the whole history (86 MB) to bring its summaries up to date; this happens once…\n"])
    }

    func test_forAScript_nothingIsTold() {
        XCTAssertNil(InvestContext(environment: [:], console: ScriptedConsole()).rebuildNotice(program: "invest"))
    }

    private final class TerminalConsole: Console {
        private(set) var notices: [String] = []
        let isInteractive = true
        let isTerminalOutput = true
        let terminalWidth: Int? = 80

        func write(_ text: String) {}
        func writeError(_ text: String) {}
        func writeNotice(_ text: String) { notices.append(text) }
        func readLine(prompt: String) -> String? { nil }
        func readSecret(prompt: String) -> String? { nil }
        func finishOutput() -> String? { nil }
    }
}
