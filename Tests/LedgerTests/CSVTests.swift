import XCTest
import Ledger

final class CSVTests: XCTestCase {
    func test_parse_handlesBOMCRLFQuotesAndEmbeddedNewlines() throws {
        let records = try CSV.parse("\u{FEFF}a,b\r\n\"x, \"\"y\"\"\",\"multi\nline\"\r\nlast,\r\n")
        XCTAssertEqual(records.map(\.fields), [["a", "b"], ["x, \"y\"", "multi\nline"], ["last", ""]])
        XCTAssertEqual(records.map(\.line), [1, 2, 4])
    }

    func test_parse_keepsStrayQuotes_textAfterAQuotedPart_blankLines_andALastLineWithoutABreak() throws {
        let records = try CSV.parse("ab\"c,d\n\"ab\"cd,e\n\nx,\n\"\"\nlast,\"q\"")
        XCTAssertEqual(records.map(\.fields), [["ab\"c", "d"], ["abcd", "e"], ["x", ""], [""], ["last", "q"]])
        XCTAssertEqual(records.map(\.line), [1, 2, 4, 5, 6])
    }

    func test_parse_reportsUnclosedQuoteWithItsLine() {
        XCTAssertThrowsError(try CSV.parse("a\n\"open\n")) { error in
            XCTAssertEqual((error as? CSV.ParseError)?.line, 2)
        }
    }

    func test_aFieldNotUTF8_isAnErrorNamingItsLine_whileUTF8AndASCIIFieldsReadAsWritten() throws {
        let bytes: [UInt8] = Array("a,b\ncafé,x\n".utf8) + [0x63, 0xE9, 0x2C, 0x79, 0x0A]
        var records: [[String]] = []
        XCTAssertThrowsError(try bytes.withUnsafeBufferPointer { buffer in try CSV.forEachRecord(in: buffer) { records.append($0.fields) } }) { error in
            XCTAssertEqual((error as? CSV.ParseError)?.line, 3)
        }
        XCTAssertEqual(records, [["a", "b"], ["café", "x"]])
    }

    func test_quote_roundTripsThroughParse() throws {
        let fields = ["plain", "with,comma", "with \"quote\"", "new\nline", "a\r\nwindows line", "café, naïve", ""]
        XCTAssertEqual(try CSV.parse(fields.map(CSV.quote).joined(separator: ",") + "\n").first?.fields, fields)
    }
}
