import XCTest
import Foundation
import TerminalKit

final class ProcessEnvironmentTests: XCTestCase {
    func test_variables_areFoundationsEnvironment_includingOnesSetWhileRunning() {
        setenv("INVEST_PROCESS_ENVIRONMENT_TEST", "a=b ünï", 1)
        setenv("INVEST_PROCESS_ENVIRONMENT_EMPTY", "", 1)
        defer {
            unsetenv("INVEST_PROCESS_ENVIRONMENT_TEST")
            unsetenv("INVEST_PROCESS_ENVIRONMENT_EMPTY")
        }

        let variables = ProcessEnvironment.variables()

        XCTAssertEqual(variables["INVEST_PROCESS_ENVIRONMENT_TEST"], "a=b ünï")
        XCTAssertEqual(variables["INVEST_PROCESS_ENVIRONMENT_EMPTY"], "")
        XCTAssertEqual(variables, ProcessInfo.processInfo.environment)
    }
}
