import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

public struct HTTPResponse: Sendable {
    public let statusCode: Int
    public let headers: [String: String]
    public let body: Data

    public init(statusCode: Int, headers: [String: String] = [:], body: Data) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
    }

    /// Header names are case-insensitive.
    public func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

public enum HTTPClientError: Error, Equatable, Sendable {
    case connectivity
    case timeout
}

public struct HTTPRequest: Sendable {
    public let method: String
    public let url: URL
    public let headers: [String: String]
    public let body: Data?

    public init(method: String, url: URL, headers: [String: String] = [:], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// Blocking on purpose: callers choose their own concurrency (see `LoadPricesUseCase`).
public protocol HTTPClient: Sendable {
    func send(_ request: HTTPRequest) throws(HTTPClientError) -> HTTPResponse
}

extension HTTPClient {
    public func get(_ url: URL, headers: [String: String]) throws(HTTPClientError) -> HTTPResponse {
        try send(HTTPRequest(method: "GET", url: url, headers: headers))
    }
}

public final class URLSessionHTTPClient: HTTPClient, Sendable {
    private let configuration: URLSessionConfiguration
    private let session: URLSession

    /// - Parameter maxConnectionsPerHost: how many requests may really be in flight to one host.
    public init(timeout: TimeInterval = 10, maxConnectionsPerHost: Int = 8) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = maxConnectionsPerHost
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        self.configuration = configuration
        session = URLSession(configuration: configuration)
    }

    public func send(_ httpRequest: HTTPRequest) throws(HTTPClientError) -> HTTPResponse {
        var request = URLRequest(url: httpRequest.url)
        request.httpMethod = httpRequest.method
        request.httpBody = httpRequest.body
        for (name, value) in httpRequest.headers { request.setValue(value, forHTTPHeaderField: name) }
        // A request with a body gets a connection of its own: when a reused connection dies, libcurl
        // retries on a new one, and on Linux URLSession can't rewind the body for that retry, so the
        // request would hang until its timeout (measured: 8 s of an 8 s timeout, every time).
        let session = httpRequest.body == nil ? self.session : URLSession(configuration: configuration)
        defer { if session !== self.session { session.finishTasksAndInvalidate() } }
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        session.dataTask(with: request) { data, response, error in
            outcome.set(data: data, response: response as? HTTPURLResponse, error: error)
            done.signal()
        }.resume()
        done.wait()
        return try outcome.result()
    }

    private final class Outcome: @unchecked Sendable {
        private var data: Data?
        private var response: HTTPURLResponse?
        private var error: Error?

        func set(data: Data?, response: HTTPURLResponse?, error: Error?) {
            self.data = data
            self.response = response
            self.error = error
        }

        func result() throws(HTTPClientError) -> HTTPResponse {
            if let error {
                throw (error as? URLError)?.code == .timedOut ? .timeout : .connectivity
            }
            guard let response else { throw .connectivity }
            var headers: [String: String] = [:]
            for (key, value) in response.allHeaderFields { headers["\(key)"] = "\(value)" }
            return HTTPResponse(statusCode: response.statusCode, headers: headers, body: data ?? Data())
        }
    }
}
