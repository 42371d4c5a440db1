import XCTest
import Networking
import TestSupport

final class SlowRequestNotifierTests: XCTestCase {
    func test_send_saysWhatItWaitsFor_onceAHostIsSlow_andOnlyOncePerHost() throws {
        let told = Told()
        let slow = BlockingClient(until: told)
        let sut = SlowRequestNotifier(decoratee: slow, after: 0.01) { told.add($0) }

        _ = try sut.send(HTTPRequest(method: "GET", url: URL(string: "https://quotes.example.com/quote")!))
        _ = try sut.send(HTTPRequest(method: "GET", url: URL(string: "https://quotes.example.com/quote")!))

        XCTAssertEqual(told.hosts, ["quotes.example.com"])
    }

    func test_send_saysNothingWhenTheAnswerComesFirst() throws {
        let told = Told()
        let sut = SlowRequestNotifier(decoratee: BlockingClient(until: nil), after: 60) { told.add($0) }

        _ = try sut.send(HTTPRequest(method: "GET", url: URL(string: "https://quotes.example.com/quote")!))

        XCTAssertEqual(told.hosts, [])
    }

    private final class Told: @unchecked Sendable {
        private let lock = NSLock()
        private var all: [String] = []
        let first = DispatchSemaphore(value: 0)

        var hosts: [String] { lock.withLock { all } }

        func add(_ host: String) {
            lock.withLock { all.append(host) }
            first.signal()
        }
    }

    /// Answers only once the notice was given (or at once, with nothing to wait for).
    private struct BlockingClient: HTTPClient {
        let until: Told?

        func send(_ request: HTTPRequest) throws(HTTPClientError) -> HTTPResponse {
            if let until, until.hosts.isEmpty { _ = until.first.wait(timeout: .now() + 10) }
            return HTTPResponse(statusCode: 200, body: Data())
        }
    }
}
