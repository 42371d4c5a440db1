import XCTest
@testable import TerminalKit

final class ArgumentParserTests: XCTestCase {
    private static let ticker = CommandSpec.Value<String>("ticker", "T", "Ticker")
    private static let verbose = CommandSpec.Flag("verbose", "Chatty")
    private static let limit = CommandSpec.Value<Int>.integer("limit", "N", "At most N", in: 1...100, short: "n")
    private let spec = CommandSpec(name: "list", summary: "List", options: [ticker, verbose, limit], positionals: 0...1)

    func test_parse_readsValuesFlagsAndPositionals() throws {
        let parsed = try ArgumentParser.parse(["--ticker", "AAPL", "--verbose", "x"], for: spec)
        XCTAssertEqual(try parsed[Self.ticker], "AAPL")
        XCTAssertTrue(parsed[Self.verbose])
        XCTAssertEqual(parsed.positionals, ["x"])
    }

    func test_absentOptions_readAsNilOrFalse_orTheDefaultGiven() throws {
        let parsed = try ArgumentParser.parse([], for: spec)
        XCTAssertNil(try parsed[Self.ticker])
        XCTAssertFalse(parsed[Self.verbose])
        XCTAssertEqual(try parsed[Self.limit, default: 20], 20)
        XCTAssertFalse(parsed.isGiven(Self.limit))
    }

    func test_parse_acceptsEqualsFormAndDoubleDash() throws {
        let parsed = try ArgumentParser.parse(["--ticker=BRK.B", "--", "--not-an-option"], for: spec)
        XCTAssertEqual(try parsed[Self.ticker], "BRK.B")
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
        XCTAssertEqual(try parsed[Self.limit], 5)
        XCTAssertTrue(parsed.wantsHelp)
        XCTAssertEqual(try ArgumentParser.parse(["-n7"], for: spec)[Self.limit], 7)
    }

    func test_aValueItsDeclarationRefuses_isAUsageErrorNamingTheOptionAndWhatItTakes() throws {
        let parsed = try ArgumentParser.parse(["--limit", "500"], for: spec)
        XCTAssertThrowsError(try parsed[Self.limit]) { error in
            XCTAssertEqual((error as? CLIError)?.message, "--limit takes a whole number from 1 to 100, not '500'.")
        }
    }

    func test_aChoice_isReadIntoItsCase_andAnUnknownWordIsRefusedWithDidYouMean() throws {
        enum Sort: String, CaseIterable, Sendable { case value, ticker }
        let sort = CommandSpec.Value<Sort>.choice("sort", "Order")
        let spec = CommandSpec(name: "portfolio", summary: "Holdings", options: [sort])
        XCTAssertEqual(sort.option.valueName, "value|ticker")
        XCTAssertEqual(sort.option.completion, .choices(["value", "ticker"]))
        XCTAssertEqual(try ArgumentParser.parse(["--sort", "ticker"], for: spec)[sort], .ticker)
        XCTAssertThrowsError(try ArgumentParser.parse(["--sort", "tickr"], for: spec)[sort]) { error in
            XCTAssertEqual((error as? CLIError)?.message, "--sort must be one of value, ticker, not 'tickr'. Did you mean 'ticker'?")
        }
    }

    func test_aRequiredOption_isRefusedWhenAbsent_allMissingOnesNamedAtOnce_butNotForHelp() throws {
        let to = CommandSpec.Value<String>("to", "ACCOUNT", "Where").required()
        let sum = CommandSpec.Value<String>("sum", "S", "How much").required()
        let spec = CommandSpec(name: "transfer", summary: "Move", options: [to, sum, Self.verbose])
        XCTAssertThrowsError(try ArgumentParser.parse(["--verbose"], for: spec)) { error in
            XCTAssertEqual((error as? CLIError)?.message,
                           "'invest transfer' needs --to ACCOUNT or --sum S. Usage: invest transfer --to ACCOUNT --sum S [--verbose]")
        }
        XCTAssertNoThrow(try ArgumentParser.parse(["--help"], for: spec))
        XCTAssertEqual(try ArgumentParser.parse(["--to", "ISA", "--sum", "5"], for: spec)[to], "ISA")
    }

    func test_exclusiveOptions_areRefusedTogether_andARequiredGroupNeedsOne() throws {
        let offline = CommandSpec.Flag("offline", "Cached only"), refresh = CommandSpec.Flag("refresh", "Fetch now")
        let optional = CommandSpec(name: "portfolio", summary: "Holdings", options: [offline, refresh], exclusive: [[offline, refresh]])
        XCTAssertThrowsError(try ArgumentParser.parse(["--refresh", "--offline"], for: optional)) { error in
            XCTAssertEqual((error as? CLIError)?.message, "--offline and --refresh contradict each other; give one.")
        }
        XCTAssertNoThrow(try ArgumentParser.parse([], for: optional))

        let above = CommandSpec.Value<String>("above", "P", "At or above").required(), below = CommandSpec.Value<String>("below", "P", "At or below").required()
        let required = CommandSpec(name: "alert add", summary: "Add", options: [above, below], exclusive: [[above, below]])
        XCTAssertThrowsError(try ArgumentParser.parse([], for: required)) { error in
            XCTAssertEqual((error as? CLIError)?.message, "'invest alert add' needs one of --above P or --below P. Usage: invest alert add (--above P | --below P)")
        }
        XCTAssertEqual(try ArgumentParser.parse(["--below", "3"], for: required)[below], "3")
    }

    func test_usage_isGeneratedFromTheDeclaration() {
        let offline = CommandSpec.Flag("offline", "Cached only"), refresh = CommandSpec.Flag("refresh", "Fetch now")
        let spec = CommandSpec(name: "quote", summary: "Prices", options: [offline, CommandSpec.Value<String>("to", "D", "Until").required(), refresh, Self.limit],
                               exclusive: [[offline, refresh]], arguments: [.many("TICKER")])
        XCTAssertEqual(spec.usage, "quote TICKER… [--offline | --refresh] --to D [--limit N]")
        XCTAssertEqual(CommandSpec.group(name: "savings", summary: "Savings", default: "list").usage, "savings <command>   (default: list)")
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
        XCTAssertTrue(spec.help(width: 80).contains("Usage: invest list [--ticker T] [--verbose] [--limit N]"))
    }
}

final class JSONQuoteTests: XCTestCase {
    func test_jsonQuote_escapesWhatJSONRequires_andCopiesTheRestAsItIs() throws {
        for text in ["plain", "tab\there", "quote \" and \\", "\u{1B}[31m", "del \u{7F}", "café ✓ 𝄞", ""] {
            let decoded = try JSONSerialization.jsonObject(with: Data(JSON.quote(text).utf8), options: .fragmentsAllowed) as? String
            XCTAssertEqual(decoded, text)
        }
        XCTAssertEqual(JSON.quote("café ✓"), "\"café ✓\"")
    }
}
