import Foundation
import Networking

/// How every Finnhub REST call is made: `GET base/path?query`, the key in the
/// `X-Finnhub-Token` header (never in the URL, which logs may show), the body capped.
public struct FinnhubEndpoint: Sendable {
    let baseURL: URL
    let apiKey: String
    let client: HTTPClient

    public init(baseURL: URL, apiKey: String, client: HTTPClient) {
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.client = client
    }

    public func get(_ path: String, _ query: [(String, String)], maxResponseBytes: Int) throws(HTTPClientError) -> HTTPResponse {
        var components = URLComponents(url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false)!
        components.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) }
        return try client.get(components.url!, headers: ["X-Finnhub-Token": apiKey], maxResponseBytes: maxResponseBytes)
    }
}
