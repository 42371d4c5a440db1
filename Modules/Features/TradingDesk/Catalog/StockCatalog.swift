import Foundation

public struct Stock: Equatable, Hashable, Sendable {
    public let symbol: String
    public let name: String

    public init(symbol: String, name: String) {
        self.symbol = symbol
        self.name = name
    }
}

/// The stocks invest knows without asking anyone: ten, with their names. All ten are
/// common stock, so their category is Equity.
public enum StockCatalog {
    public static let builtIn: [Stock] = [
        Stock(symbol: "AAPL", name: "Apple Inc."), Stock(symbol: "TSLA", name: "Tesla, Inc."),
        Stock(symbol: "GOOGL", name: "Alphabet Inc."), Stock(symbol: "MSFT", name: "Microsoft Corporation"),
        Stock(symbol: "AMZN", name: "Amazon.com, Inc."), Stock(symbol: "META", name: "Meta Platforms, Inc."),
        Stock(symbol: "NVDA", name: "NVIDIA Corporation"), Stock(symbol: "NFLX", name: "Netflix, Inc."),
        Stock(symbol: "AMD", name: "Advanced Micro Devices, Inc."), Stock(symbol: "INTC", name: "Intel Corporation"),
    ]

    public static let names: [String: String] = Dictionary(uniqueKeysWithValues: builtIn.map { ($0.symbol, $0.name) })

    /// Symbols that start with `query`, then names that contain it, ignoring case; all for an empty query.
    public static func search(_ query: String, in stocks: [Stock] = builtIn) -> [Stock] {
        let query = query.trimmingCharacters(in: .whitespaces)
        guard !query.isEmpty else { return stocks }
        let bySymbol = stocks.filter { $0.symbol.range(of: query, options: [.caseInsensitive, .anchored]) != nil }
        let byName = stocks.filter { !bySymbol.contains($0) && $0.name.range(of: query, options: .caseInsensitive) != nil }
        return bySymbol + byName
    }
}

/// A quote provider's symbol search (Finnhub's `/search?q=`).
public protocol SymbolSearching {
    func search(_ query: String) throws(SymbolSearchError) -> [Stock]
}

public enum SymbolSearchError: Error, Equatable, Sendable {
    case connectivity
    case unauthorized
    case rateLimited
    case invalidData
}

public struct StockSearchResult: Equatable, Sendable {
    public let stocks: [Stock]
    /// Why the provider's search added nothing, when it was asked and failed.
    public let remoteFailure: SymbolSearchError?
}

public protocol StocksSearching {
    func search(_ query: String) -> StockSearchResult
}

/// The built-in catalog first, then what the provider adds (when there is one), each symbol once.
/// A provider that fails never hides the catalog's answers.
public final class SearchStocksUseCase: StocksSearching {
    private let remote: SymbolSearching?

    public init(remote: SymbolSearching?) {
        self.remote = remote
    }

    public func search(_ query: String) -> StockSearchResult {
        let local = StockCatalog.search(query)
        guard let remote, !query.trimmingCharacters(in: .whitespaces).isEmpty else { return StockSearchResult(stocks: local, remoteFailure: nil) }
        do throws(SymbolSearchError) {
            let known = Set(local.map(\.symbol))
            return StockSearchResult(stocks: local + (try remote.search(query)).filter { !known.contains($0.symbol) }, remoteFailure: nil)
        } catch {
            return StockSearchResult(stocks: local, remoteFailure: error)
        }
    }
}
