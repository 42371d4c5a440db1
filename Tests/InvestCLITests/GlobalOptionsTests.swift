import XCTest
@testable import TerminalKit
@testable import ClientComposition
@testable import InvestCLI

final class GlobalOptionsTests: XCTestCase {
    func test_extract_takesGlobalOptionsAnywhereBeforeDoubleDash_andLeavesTheRest() throws {
        var arguments = ["list", "-q", "--home=/x", "--ticker", "A", "--", "--verbose"]

        let options = try GlobalOptions.extract(from: &arguments)

        XCTAssertEqual(options.home, "/x")
        XCTAssertTrue(options.quiet)
        XCTAssertFalse(options.verbose)
        XCTAssertEqual(arguments, ["list", "--ticker", "A", "--", "--verbose"])
    }

    func test_extract_refusesARepeatedOrContradictoryGlobalOption() {
        var repeated = ["--home", "a", "list", "--home", "b"]
        var contradictory = ["--quiet", "--verbose", "list"]
        XCTAssertThrowsError(try GlobalOptions.extract(from: &repeated))
        XCTAssertThrowsError(try GlobalOptions.extract(from: &contradictory))
    }
}

final class ConfigCommandsTests: XCTestCase {
    func test_masked_showsTheLastFourCharactersOfALongSecretOnly() {
        XCTAssertEqual(ConfigCommands.masked("abcdefghijkl"), "****ijkl")
        XCTAssertEqual(ConfigCommands.masked("short"), "****")
    }
}
