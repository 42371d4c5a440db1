import Foundation

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
    /// The server sent more than the request's `maxResponseBytes`: reading stopped there.
    case tooLarge(limit: Int)
}

public struct HTTPRequest: Sendable {
    public let method: String
    public let url: URL
    public let headers: [String: String]
    public let body: Data?
    /// Reading stops past this many bytes: a hostile or broken server can't fill the memory.
    public let maxResponseBytes: Int

    public init(method: String, url: URL, headers: [String: String] = [:], body: Data? = nil, maxResponseBytes: Int = 1 << 20) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.maxResponseBytes = maxResponseBytes
    }
}

/// Blocking on purpose: callers choose their own concurrency (see `LoadPricesUseCase`).
public protocol HTTPClient: Sendable {
    func send(_ request: HTTPRequest) throws(HTTPClientError) -> HTTPResponse
}

extension HTTPClient {
    public func get(_ url: URL, headers: [String: String], maxResponseBytes: Int = 1 << 20) throws(HTTPClientError) -> HTTPResponse {
        try send(HTTPRequest(method: "GET", url: url, headers: headers, maxResponseBytes: maxResponseBytes))
    }
}
