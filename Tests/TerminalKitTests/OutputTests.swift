import XCTest
@testable import TerminalKit
import FixedPoint
import TestSupport

final class JSONValueTests: XCTestCase {
    func test_rendered_putsAFlatObjectOnOneLine_keepsNumbersExact_andEscapesControlCharacters() {
        let document = JSON.document([("rows", .array([.object([("n", .count(2)), ("sum", .string("0.10000001")), ("note", .null)])])),
                                      ("text", .string("tab\tesc\u{1B}del\u{7F}")), ("empty", .array([])), ("ok", .bool(true))])

        XCTAssertEqual(document.rendered(), """
        {
          "schemaVersion": 1,
          "rows": [
            {"n": 2, "sum": "0.10000001", "note": null}
          ],
          "text": "tab\\tesc\\u001bdel\\u007f",
          "empty": [],
          "ok": true
        }

        """)
    }

    func test_timestamp_isWrittenAsPrintfWritesIt_fromTheFirstYearsToTheLast() {
        let beyondFourDigits: [Double] = [-100_000_000_000, -62_200_000_000, -62_167_219_200, 253_402_300_800, 300_000_000_000]
        for seconds in [-62_135_596_800.0, -2_208_988_801, -1, 0, 59.9, 1_720_000_000, 253_402_300_799] + beyondFourDigits + (0..<200).map({ Double($0) * 7_919_993.7 })
            + (0..<200).map({ -Double($0) * 311_040_001.3 }) {
            var whole = time_t(seconds.rounded(.down))
            var parts = tm()
            gmtime_r(&whole, &parts)
            let expected = String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday),
                                  Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
            XCTAssertEqual(Timestamp.iso8601(Date(timeIntervalSince1970: seconds)), expected, "\(seconds)")
        }
    }

    func test_aDocumentStreamedAnItemAtATime_isTheWholeDocumentsRendering_takenInAnyPieces() {
        let nested = JSONValue.object([("id", .string("s1")), ("lots", .array([.object([("q", .count(1))]), .object([("q", .count(2))])])),
                                       ("empty", .array([])), ("inner", .object([("deep", .array([.string("a\u{7}")]))]))])
        let flat = JSONValue.object([("n", .count(3)), ("note", .null)])
        let before: [(String, JSONValue)] = [("method", .string("fifo")), ("year", .null), ("list", .array([flat]))]
        let after: [(String, JSONValue)] = [("years", .array([flat, flat])), ("none", .array([])), ("ok", .bool(false))]
        for items in [[], [flat], [nested], [flat, nested, flat, nested]] {
            var streamed = StreamedJSONDocument(before, streaming: "sells")
            var text = ""
            for (index, item) in items.enumerated() {
                streamed.append(item)
                if index % 2 == 0 { text += streamed.take() }
            }
            text += streamed.finish(then: after)

            XCTAssertEqual(text, JSON.document(before + [("sells", .array(items))] + after).rendered(), "\(items.count) items")
        }
    }
}

final class ReportTests: XCTestCase {
    func test_table_showsStandardColumns_wideOnesOnRequest_andMachineOnlyOnesNever() {
        let report = makeReport()

        XCTAssertEqual(report.render(.table, style: TableStyle()), "NAME  AMOUNT\nabc      1.5\n")
        XCTAssertEqual(report.render(.table, style: TableStyle(wide: true)), "NAME  AMOUNT  EXTRA\nabc      1.5  x\n")
        XCTAssertEqual(report.render(.table, style: TableStyle(columns: ["extra", "name"])), "EXTRA  NAME\nx      abc\n")
        XCTAssertEqual(report.render(.csv, colors: false), "name,amount,extra,secret\nabc,1.5,x,\n", "CSV carries every column, exactly")
    }

    func test_json_writtenStraightFromTheCells_isTheDocumentsRendering() {
        var report = makeReport()
        report.rows.append([.text("tab\there"), .decimal(nil), .count(3), .text("s")])

        XCTAssertEqual(report.render(.json, colors: false), report.json.rendered())
        XCTAssertEqual(Report(columns: []).render(.json, colors: false), "[]\n")
    }

    func test_table_neverCutsAColumnWhoseCellsAreAllOneLength_suchAsADate_whileAnotherCanBeCut() {
        var report = Report(columns: [.init(title: "DATE", key: "date", alignment: .left), .init(title: "ACCOUNT", key: "account", alignment: .left)])
        report.rows = [[.text("2024-02-01"), .text("default → Stocks ISA")], [.text("2024-01-04"), .text("default")]]

        XCTAssertEqual(report.render(.table, style: TableStyle(width: 24)), "DATE        ACCOUNT\n2024-02-01  default → S…\n2024-01-04  default\n")
    }

    func test_table_cutsTheWidestTextColumnToTheWidth_thenLeavesOutWhatCannotFit_andWideCutsNothing() {
        var report = Report(columns: [.init(title: "ID", key: "id", alignment: .left), .init(title: "NOTE", key: "note", alignment: .left)])
        report.rows = [[.text("1"), .text(String(repeating: "n", count: 30))]]

        XCTAssertEqual(report.render(.table, style: TableStyle(width: 16)), "ID  NOTE\n1   nnnnnnnnnnn…\n")
        XCTAssertEqual(report.render(.table, style: TableStyle(width: 10)), "ID  NOTE\n1   nnnnn…\n")
        XCTAssertEqual(report.render(.table, style: TableStyle(width: 7)), "ID\n1\n(NOTE left out to fit 7 columns; --wide shows all)\n",
                       "never below the title: a column that can't fit is left out, saying so")
        XCTAssertEqual(report.render(.table, style: TableStyle(wide: true, width: 7)), "ID  NOTE\n1   \(String(repeating: "n", count: 30))\n",
                       "--wide cuts nothing")
        XCTAssertEqual(report.render(.table, style: TableStyle(width: 34)), "ID  NOTE\n1   \(String(repeating: "n", count: 30))\n", "it fits: nothing is cut")
    }

    func test_table_paintsGainsGreenAndLossesRed_onlyWithColours() {
        var report = Report(columns: [.init(title: "P", key: "p", alignment: .right)])
        report.rows = [[.profit(fixed("-1"))], [.profit(fixed("2"))]]

        XCTAssertEqual(report.render(.table, style: TableStyle(colors: true)), "\u{1B}[1m    P\u{1B}[0m\n\u{1B}[31m-1.00\u{1B}[0m\n \u{1B}[32m2.00\u{1B}[0m\n")
        XCTAssertEqual(report.render(.table, style: TableStyle()), "    P\n-1.00\n 2.00\n")
    }

    func test_decimalCells_roundForATable_whileJSONAndCSVCarryTheExactValue_andNilIsEmptyAndNull() {
        var report = Report(columns: [.init(title: "M", key: "m", alignment: .right), .init(title: "P", key: "p", alignment: .right),
                                      .init(title: "X", key: "x", alignment: .right), .init(title: "G", key: "g", alignment: .right)])
        report.rows = [[.money(fixed("1234.5678")), .percent(fixed("-0.125")), .decimal(fixed("2.50")), .profitPercent(fixed("-3"))],
                       [.money(nil), .percent(nil), .decimal(nil), .profit(nil)]]

        XCTAssertEqual(report.render(.table, style: TableStyle()), "      M       P    X       G\n1234.57  -0.12%  2.5  -3.00%\n\n", "half to even")
        XCTAssertEqual(report.render(.csv, colors: false), "m,p,x,g\n1234.5678,-0.125,2.5,-3\n,,,\n")
        XCTAssertEqual(report.render(.json, colors: false), report.json.rendered())
        XCTAssertEqual(report.rows[0].map(\.value.csvText), ["1234.5678", "-0.125", "2.5", "-3"])
        XCTAssertEqual(report.rows[1].map(\.shown), ["", "", "", ""])
        XCTAssertEqual(report.rows[0][3].tone, .loss)
    }

    private func makeReport() -> Report {
        var report = Report(columns: [.init(title: "NAME", key: "name", alignment: .left), .init(title: "AMOUNT", key: "amount", alignment: .right),
                                      .init(title: "EXTRA", key: "extra", alignment: .left, visibility: .wide),
                                      .init(title: "SECRET", key: "secret", alignment: .left, visibility: .machineOnly)])
        report.rows = [[.text("abc"), .decimal(fixed("1.50"), shown: "1.5"), .text("x"), .text(nil)]]
        return report
    }
}

final class TerminalTextTests: XCTestCase {
    func test_escapedForTerminal_escapesEveryControlCharacter_C0_DEL_andC1_andLeavesPrintableTextAsItIs() {
        XCTAssertEqual("AAPL 1,234.50 ~".escapedForTerminal, "AAPL 1,234.50 ~")
        XCTAssertEqual("café ✓ 𝄞".escapedForTerminal, "café ✓ 𝄞")
        XCTAssertEqual("\u{1B}[31mred\tx\ny\rz".escapedForTerminal, "\\u{1b}[31mred\\tx\\ny\\rz")
        XCTAssertEqual("del\u{7F}".escapedForTerminal, "del\\u{7f}")
        XCTAssertEqual("csi\u{9B}31m é".escapedForTerminal, "csi\\u{9b}31m é", "a C1 control, two bytes in UTF-8")
        XCTAssertEqual("".escapedForTerminal, "")
    }
}

final class PluralTests: XCTestCase {
    func test_briefList_namesEveryItemOfAShortList_andTheFirstOfALongOneWithHowManyMore() {
        XCTAssertEqual(Plural.brief([]), "")
        XCTAssertEqual(Plural.brief(["AAPL", "MSFT"]), "AAPL, MSFT")
        let eight = (1...8).map { "T\($0)" }
        XCTAssertEqual(Plural.brief(eight), eight.joined(separator: ", "), "eight fit")
        XCTAssertEqual(Plural.brief(eight + ["T9"]), "T1, T2, T3, T4, T5, T6, T7, T8 and 1 more")
        XCTAssertEqual(Plural.brief((1...500).map { "T\($0)" }), "T1, T2, T3, T4, T5, T6, T7, T8 and 492 more")
    }
}
