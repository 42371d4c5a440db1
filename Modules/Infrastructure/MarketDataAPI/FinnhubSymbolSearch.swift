import Foundation
import TradingDesk
import Networking
import QuotesAPI

/// Finnhub's `GET /search?q=QUERY`: `{"count": N, "result": [{"description": "APPLE INC",
/// "displaySymbol": "AAPL", "symbol": "AAPL", "type": "Common Stock"}, …]}`.
public final class FinnhubSymbolSearch: SymbolSearching {
    /// More than a screen is noise; the catalog's own answers come first anyway.
    public static let maximumResults = 20

    private let endpoint: FinnhubEndpoint

    public init(baseURL: URL, apiKey: String, client: HTTPClient) {
        endpoint = FinnhubEndpoint(baseURL: baseURL, apiKey: apiKey, client: client)
    }

    public func search(_ query: String) throws(SymbolSearchError) -> [Stock] {
        let response: HTTPResponse
        do {
            response = try endpoint.get("search", [("q", String(query.prefix(64)))], maxResponseBytes: 1 << 20)
        } catch {
            switch error {
            case .timeout, .connectivity: throw .connectivity
            case .tooLarge: throw .invalidData
            }
        }
        return try SearchMapper.map(response)
    }
}

/// The API's DTO and its mapping: private to this adapter.
private enum SearchMapper {
    static func map(_ response: HTTPResponse) throws(SymbolSearchError) -> [Stock] {
        switch response.statusCode {
        case 200: break
        case 401, 403: throw .unauthorized
        case 429: throw .rateLimited
        case 500...599: throw .connectivity
        default: throw .invalidData
        }
        guard let object = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any],
              let results = object["result"] as? [[String: Any]] else { throw .invalidData }
        var seen: Set<String> = []
        var stocks: [Stock] = []
        for result in results {
            // A symbol this product can't store (an option, an index with '^') is left out, not an error.
            guard let symbol = result["symbol"] as? String, symbol.count <= 10,
                  symbol.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "." || $0 == "-" }),
                  symbol.first.map({ $0.isLetter }) == true, seen.insert(symbol).inserted else { continue }
            let name = (result["description"] as? String).map { String($0.prefix(100)) } ?? ""
            stocks.append(Stock(symbol: symbol, name: name))
            if stocks.count == FinnhubSymbolSearch.maximumResults { break }
        }
        return stocks
    }
}
