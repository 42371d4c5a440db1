import XCTest
import InvestCLITestSupport
import TestSupport

/// The same history gives the same figures however its records were written: in another order,
/// on another device, or again with a new note, read from the checkpoints or from the whole log.
final class OneHistorySpecs: XCTestCase {
    func test_aNewNoteOnOneOfADaysShareTransfers_changesNoFigure_fromTheCheckpointsOrTheWholeLog() throws {
        for method in ["average", "fifo"] {
            let invest = makeInvestDriver()
            for name in ["isa", "sipp"] { XCTAssertEqual(invest.run(["account", "add", name]).status, 0) }
            XCTAssertEqual(invest.run(["add", "--type", "buy", "--ticker", "X", "--quantity", "10", "--sum", "100", "--date", "2024-01-02"]).status, 0)
            XCTAssertEqual(invest.run(["--account", "isa", "add", "--type", "buy", "--ticker", "X", "--quantity", "10", "--sum", "50",
                                       "--date", "2024-01-02"]).status, 0)
            let first = try invest.run(["transfer", "--from", "isa", "--to", "sipp", "--ticker", "X", "--quantity", "10", "--date", "2024-01-03",
                                        "--format", "json"]).jsonObject()
            XCTAssertEqual(invest.run(["transfer", "--to", "isa", "--ticker", "X", "--quantity", "10", "--date", "2024-01-03"]).status, 0)
            XCTAssertEqual(invest.run(["--account", "sipp", "add", "--type", "sell", "--ticker", "X", "--quantity", "10", "--sum", "120",
                                       "--date", "2024-01-04"]).status, 0)
            let reads = [["portfolio", "--offline", "--cost-basis", method, "--by", "account", "--format", "json"],
                         ["gains", "--cost-basis", method, "--format", "json"], ["portfolio", "--offline", "--format", "json"]]
            let before = reads.map { invest.run($0).output }

            let noted = invest.run(["edit", try XCTUnwrap(first["id"] as? String), "--note", "moved to the SIPP"])
            let fromTheCheckpoints = reads.map { invest.run($0).output }
            try FileManager.default.removeItem(at: invest.home.appendingPathComponent("checkpoints"))
            let fromTheWholeLog = reads.map { invest.run($0).output }

            XCTAssertEqual(noted.status, 0, noted.errors)
            XCTAssertEqual(fromTheCheckpoints, before, method)
            XCTAssertEqual(fromTheWholeLog, before, method)
            XCTAssertTrue(before[1].contains("\"cost\": \"50\""), "the ISA's own shares went on to the SIPP and were sold: \(before[1])")
        }
    }

    func test_aDaysSells_writtenInAnotherOrderOnAnotherDevice_realizeTheSameGains() throws {
        let rows = ["b1,2024-01-02,buy,X,5,,50", "b2,2024-01-02,buy,X,5,,100", "s1,2024-01-05,sell,X,3,,60", "s2,2024-01-05,sell,X,4,,80",
                    "s3,2024-01-05,sell,X,2,,30"]
        var answers: [[String]] = []
        for order in [[0, 1, 2, 3, 4], [4, 3, 1, 2, 0], [2, 0, 4, 1, 3]] {
            let invest = makeInvestDriver()
            let file = invest.home.appendingPathComponent("history.csv")
            try Data((["id,date,type,ticker,quantity,price,sum"] + order.map { rows[$0] }).joined(separator: "\n").utf8).write(to: file)
            let imported = invest.run(["import", file.path])
            XCTAssertEqual(imported.status, 0, imported.errors)
            answers.append([["gains", "--format", "json"], ["gains", "--cost-basis", "average", "--format", "csv"],
                            ["portfolio", "--offline", "--format", "json"]].map { invest.run($0).output })
        }

        XCTAssertEqual(answers[1], answers[0])
        XCTAssertEqual(answers[2], answers[0])
    }
}
