import XCTest
import TestSupport

/// A backup on a full disk must not "succeed" empty: the real binary, its output on /dev/full.
final class OutputFailureTests: XCTestCase {
    func test_writingToAFullDisk_failsWithExit1AndSaysSo() throws {
        let home = makeTemporaryDirectory()
        let environment = ["INVEST_HOME": home.path]
        XCTAssertEqual(try runProduct("invest", ["add", "--type", "buy", "--ticker", "AAPL", "--quantity", "1", "--sum", "10", "--date", "2024-01-02"],
                                      environment: environment).status, 0)

        for command in [["export"], ["list"], ["portfolio", "--offline"]] {
            let run = try runProduct("invest", command, environment: environment, stdoutPath: "/dev/full")

            XCTAssertEqual(run.status, 1, "invest \(command.joined(separator: " ")): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains("could not write the output: No space left on device"), run.stderr)
        }
    }
}
