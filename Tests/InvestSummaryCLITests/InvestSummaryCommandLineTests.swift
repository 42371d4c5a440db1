import XCTest
import TerminalKit
import ClientComposition
import InvestSummaryCLI
import TestSupport

/// The remote-first client's command line, from its one declaration: what it takes and how it
/// refuses what it doesn't, before anything is signed in or read.
final class InvestSummaryCommandLineTests: XCTestCase {
    func test_help_showsTheGeneratedUsage_andExitsZero() {
        let (status, console) = run(["--help"])

        XCTAssertEqual(status, 0)
        XCTAssertTrue(console.output.contains("Usage: invest-summary [--home DIR] [--offline] [--format table|json|csv]"), console.output)
        XCTAssertEqual(console.errors, "")
    }

    func test_anUnknownOption_exitsTwoWithDidYouMean() {
        let (status, console) = run(["--ofline"])

        XCTAssertEqual(status, 2)
        XCTAssertTrue(console.errors.contains("unknown option '--ofline'") && console.errors.contains("Did you mean '--offline'?"), console.errors)
        XCTAssertEqual(console.output, "")
    }

    func test_aFormatItDoesNotWrite_exitsTwoNamingTheFormatsItDoes() {
        let (status, console) = run(["--format", "xml"])

        XCTAssertEqual(status, 2)
        XCTAssertTrue(console.errors.contains("unknown format 'xml'; use one of: table, json, csv."), console.errors)
    }

    func test_anArgument_isRefused() {
        let (status, console) = run(["AAPL"])

        XCTAssertEqual(status, 2)
        XCTAssertTrue(console.errors.contains("'invest-summary' takes no arguments, but got 1"), console.errors)
    }

    func test_offline_withNoCopyKeptYet_failsSayingSo_withoutTouchingTheNetwork() {
        let home = makeTemporaryDirectory()
        let (status, console) = run(["--offline"], environment: ["INVEST_HOME": home.path, "HOME": home.path, "INVEST_EMAIL": "a@example.com",
                                                                 "INVEST_PASSWORD": "secret-password"])

        XCTAssertEqual(status, 1, console.errors)
        XCTAssertTrue(console.errors.contains("no copy of your records is kept") && console.errors.contains("run invest-summary once without --offline"),
                      console.errors)
        XCTAssertEqual(console.output, "")
    }

    // MARK: - Helpers

    private func run(_ arguments: [String], environment: [String: String] = [:]) -> (Int32, ConsoleSpy) {
        let console = ConsoleSpy()
        let context = InvestContext(environment: environment, console: console, now: { Date(timeIntervalSince1970: 1_720_000_000) })
        return (InvestSummary.run(arguments, context: context), console)
    }

    private final class ConsoleSpy: Console {
        private(set) var output = ""
        private(set) var errors = ""
        let isInteractive = false
        let isTerminalOutput = false
        let terminalWidth: Int? = nil

        func write(_ text: String) { output += text }
        func writeError(_ text: String) { errors += text }
        func readLine(prompt: String) -> String? { nil }
        func readSecret(prompt: String) -> String? { nil }
        func finishOutput() -> String? { nil }
        func page(through pager: String, environment: [String: String]) {}
        func flush() {}
    }
}
