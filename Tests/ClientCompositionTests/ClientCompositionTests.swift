import XCTest
import Networking
import Ledger
@testable import ClientComposition

final class DateInputTests: XCTestCase {
    private let today = CalendarDay(iso: "2024-07-03")!

    func test_relativeDates_resolveAgainstToday_andLeaveAnythingElseAsTyped() {
        XCTAssertEqual(RelativeDate.resolve("today", today: today), "2024-07-03")
        XCTAssertEqual(RelativeDate.resolve("Yesterday", today: today), "2024-07-02")
        XCTAssertEqual(RelativeDate.resolve("-7d", today: today), "2024-06-26")
        XCTAssertEqual(RelativeDate.resolve("-0d", today: today), "2024-07-03")
        XCTAssertEqual(RelativeDate.resolve("-xd", today: today), "-xd")
        XCTAssertEqual(RelativeDate.resolve("2024-01-01", today: today), "2024-01-01")
    }
}

final class ConfigFileTests: XCTestCase {
    func test_setting_replacesTheKeysLines_keepsCommentsAndOthers_andRemovesOnNil() {
        let text = "# mine\nA=1\nB = 2\nA=3\n"

        XCTAssertEqual(ConfigFile.setting("A", to: "9", in: text), "# mine\nB = 2\nA=9\n")
        XCTAssertEqual(ConfigFile.setting("B", to: nil, in: text), "# mine\nA=1\nA=3\n")
        XCTAssertEqual(ConfigFile.lines("# A=1\nB = two = 2\n").map { [$0.key, $0.value] }, [["B", "two = 2"]])
    }
}

final class RequestLoggingHTTPClientTests: XCTestCase {
    func test_send_logsMethodHostPathStatusAndSize_neverTheQueryOrHeaders() throws {
        let lines = LockedLines()
        let sut = RequestLoggingHTTPClient(decoratee: StubClient(), log: lines.append)

        _ = try sut.send(HTTPRequest(method: "GET", url: URL(string: "https://db.example.com:8443/users/u1.json?auth=SECRET-TOKEN")!,
                                     headers: ["Authorization": "Bearer SECRET-TOKEN"]))

        XCTAssertEqual(lines.all.count, 1)
        XCTAssertTrue(lines.all[0].hasPrefix("GET https://db.example.com:8443/users/u1.json → 200 ("), lines.all[0])
        XCTAssertTrue(lines.all[0].hasSuffix(", 2 bytes)"), lines.all[0])
        XCTAssertFalse(lines.all[0].contains("SECRET"))
    }

    private struct StubClient: HTTPClient {
        func send(_ request: HTTPRequest) throws(HTTPClientError) -> HTTPResponse { HTTPResponse(statusCode: 200, body: Data("{}".utf8)) }
    }

    private final class LockedLines: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        var all: [String] { lock.withLock { lines } }
        func append(_ line: String) { lock.withLock { lines.append(line) } }
    }
}
