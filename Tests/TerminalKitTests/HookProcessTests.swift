import XCTest
import TerminalKit
import TestSupport

/// `--notify` hooks.
final class HookProcessTests: XCTestCase {
    func test_aHookThatIgnoresSIGTERM_isKilled_withEverythingItStarted_afterTheGracePeriod() throws {
        let directory = makeTemporaryDirectory()
        let pidFile = directory.appendingPathComponent("child.pid").path
        let started = Date()

        let outcome = HookProcess(timeout: 0.3, grace: 0.3).run("trap '' TERM; sleep 30 & echo $! > \(pidFile); trap '' TERM; wait; sleep 30",
                                                               variables: [:], environment: ProcessInfo.processInfo.environment)

        XCTAssertEqual(outcome, .stopped)
        XCTAssertLessThan(Date().timeIntervalSince(started), 10, "bounded, whatever the hook does")
        let child = try XCTUnwrap(Int32(try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        usleep(200_000)
        XCTAssertTrue(Self.isGone(child), "what it started in its group is gone too")
    }

    func test_aHookSeesOnlyItsVariablesAndAMinimalEnvironment_neverASecret() throws {
        let output = makeTemporaryDirectory().appendingPathComponent("env").path
        let environment = ["PATH": "/usr/bin:/bin", "HOME": "/tmp", "INVEST_PASSWORD": "hunter2", "FINNHUB_API_KEY": "key", "INVEST_API_KEY": "firebase"]

        let outcome = HookProcess(timeout: 10).run("env > \(output)", variables: ["INVEST_ALERT_TICKER": "AAPL"], environment: environment)

        XCTAssertEqual(outcome, .exited(0))
        let seen = try String(contentsOfFile: output, encoding: .utf8)
        XCTAssertTrue(seen.contains("INVEST_ALERT_TICKER=AAPL") && seen.contains("PATH=/usr/bin:/bin"), seen)
        for secret in ["hunter2", "FINNHUB_API_KEY", "INVEST_API_KEY", "INVEST_PASSWORD"] { XCTAssertFalse(seen.contains(secret), seen) }
    }

    /// Ended: no such process, or a zombie its new parent hasn't reaped yet.
    private static func isGone(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
        return stat.components(separatedBy: ") ").last?.hasPrefix("Z") ?? false
    }

    func test_aHooksExitStatus_isReported() {
        XCTAssertEqual(HookProcess(timeout: 10).run("exit 3", variables: [:], environment: [:]), .exited(3))
    }
}
