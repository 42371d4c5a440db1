import Foundation
import TerminalKit
import Networking

/// `--verbose`: one line per network request, with its method, host, path, status, time and
/// size. Never its query or headers, where the tokens and API keys travel.
public struct RequestLoggingHTTPClient: HTTPClient {
    let decoratee: HTTPClient
    let log: @Sendable (String) -> Void

    public init(decoratee: HTTPClient, log: @escaping @Sendable (String) -> Void) {
        self.decoratee = decoratee
        self.log = log
    }

    public func send(_ request: HTTPRequest) throws(HTTPClientError) -> HTTPResponse {
        let started = Date()
        let target = "\(request.method) \(request.url.scheme ?? "")://\(request.url.host ?? "")\(request.url.port.map { ":\($0)" } ?? "")\(request.url.path)"
        func elapsed() -> String { "\(Int(Date().timeIntervalSince(started) * 1000)) ms" }
        do {
            let response = try decoratee.send(request)
            log("\(target) → \(response.statusCode) (\(elapsed()), \(response.body.count) bytes)")
            return response
        } catch {
            log("\(target) → \(error) (\(elapsed()))")
            throw error
        }
    }
}
