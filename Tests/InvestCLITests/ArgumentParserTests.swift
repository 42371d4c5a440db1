import XCTest
@testable import TerminalKit
@testable import ClientComposition
@testable import InvestCLI

final class ArgumentParserTests: XCTestCase {
    private let spec = CommandSpec(name: "list", summary: "List", usage: "list [--ticker T] [--verbose]",
                                   options: [.value("ticker", "T", "Ticker"), .flag("verbose", "Chatty"), .value("limit", "N", "At most N", short: "n")],
                                   positionals: 0...1)

    func test_parse_readsValuesFlagsAndPositionals() throws {
        let parsed = try ArgumentParser.parse(["--ticker", "AAPL", "--verbose", "x"], for: spec)
        XCTAssertEqual(parsed.value("ticker"), "AAPL")
        XCTAssertTrue(parsed.has("verbose"))
        XCTAssertEqual(parsed.positionals, ["x"])
    }

    func test_parse_acceptsEqualsFormAndDoubleDash() throws {
        let parsed = try ArgumentParser.parse(["--ticker=BRK.B", "--", "--not-an-option"], for: spec)
        XCTAssertEqual(parsed.value("ticker"), "BRK.B")
        XCTAssertEqual(parsed.positionals, ["--not-an-option"])
    }

    func test_parse_rejectsUnknownOptionWithSuggestion() {
        XCTAssertThrowsError(try ArgumentParser.parse(["--tiker", "AAPL"], for: spec)) { error in
            guard case let .usage(message)? = error as? CLIError else { return XCTFail("got \(error)") }
            XCTAssertTrue(message.contains("Did you mean '--ticker'?"), message)
        }
    }

    func test_parse_rejectsMissingValueAndValueOnFlag() {
        XCTAssertThrowsError(try ArgumentParser.parse(["--ticker"], for: spec))
        XCTAssertThrowsError(try ArgumentParser.parse(["--verbose=yes"], for: spec))
    }

    func test_parse_rejectsTooManyPositionals() {
        XCTAssertThrowsError(try ArgumentParser.parse(["a", "b"], for: spec))
    }

    func test_parse_readsShortAliasesAndDashHForHelp() throws {
        let parsed = try ArgumentParser.parse(["-n", "5", "-h"], for: spec)
        XCTAssertEqual(parsed.value("limit"), "5")
        XCTAssertTrue(parsed.has("help"))
        XCTAssertEqual(try ArgumentParser.parse(["-n7"], for: spec).value("limit"), "7")
    }

    func test_parse_rejectsUnknownShortOptionByName() {
        XCTAssertThrowsError(try ArgumentParser.parse(["-f", "x"], for: spec)) { error in
            XCTAssertEqual((error as? CLIError)?.message?.hasPrefix("unknown option '-f' for 'invest list'."), true, "\(error)")
        }
    }

    func test_parse_rejectsARepeatedOption() {
        XCTAssertThrowsError(try ArgumentParser.parse(["--ticker", "A", "--ticker=B"], for: spec)) { error in
            XCTAssertEqual((error as? CLIError)?.message, "option '--ticker' was given twice ('A', then 'B'); give it once.")
        }
        XCTAssertThrowsError(try ArgumentParser.parse(["--verbose", "--verbose"], for: spec))
    }

    func test_parse_takesADashAloneAsAPositional() throws {
        XCTAssertEqual(try ArgumentParser.parse(["-"], for: spec).positionals, ["-"], "'-' is stdin, not an option")
    }

    func test_help_listsEveryOption() {
        XCTAssertTrue(spec.help(width: 80).contains("--ticker T"))
        XCTAssertTrue(spec.help(width: 80).contains("--verbose"))
        XCTAssertTrue(spec.help(width: 80).contains("-h, --help"))
        XCTAssertTrue(spec.help(width: 80).contains("-n, --limit N"))
    }
}

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

    func test_jsonQuote_escapesWhatJSONRequires_andCopiesTheRestAsItIs() throws {
        for text in ["plain", "tab\there", "quote \" and \\", "\u{1B}[31m", "del \u{7F}", "café ✓ 𝄞", ""] {
            let decoded = try JSONSerialization.jsonObject(with: Data(JSON.quote(text).utf8), options: .fragmentsAllowed) as? String
            XCTAssertEqual(decoded, text)
        }
        XCTAssertEqual(JSON.quote("café ✓"), "\"café ✓\"")
    }
}
