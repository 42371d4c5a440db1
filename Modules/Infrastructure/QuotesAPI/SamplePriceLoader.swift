import Foundation
import FixedPoint
import CurrentPrices

/// Built-in prices for the catalog's ten stocks, so the tool works offline with no API key.
/// Every output that uses them says "sample prices".
public final class SamplePriceLoader: PriceLoader, Sendable {
    /// The bundled stocks.json, kept in source so a copied binary never loses it.
    static let stocksJSON = """
    [
      {"ticker": "AAPL", "name": "Apple Inc.", "price": "174.26", "previousClose": "172.88"},
      {"ticker": "TSLA", "name": "Tesla, Inc.", "price": "258.14", "previousClose": "262.51"},
      {"ticker": "GOOGL", "name": "Alphabet Inc.", "price": "135.50", "previousClose": "134.20"},
      {"ticker": "MSFT", "name": "Microsoft Corporation", "price": "378.85", "previousClose": "376.04"},
      {"ticker": "AMZN", "name": "Amazon.com, Inc.", "price": "145.30", "previousClose": "146.09"},
      {"ticker": "META", "name": "Meta Platforms, Inc.", "price": "312.45", "previousClose": "309.98"},
      {"ticker": "NVDA", "name": "NVIDIA Corporation", "price": "875.20", "previousClose": "861.44"},
      {"ticker": "NFLX", "name": "Netflix, Inc.", "price": "485.75", "previousClose": "489.10"},
      {"ticker": "AMD", "name": "Advanced Micro Devices, Inc.", "price": "128.90", "previousClose": "126.33"},
      {"ticker": "INTC", "name": "Intel Corporation", "price": "42.15", "previousClose": "42.70"}
    ]
    """

    public struct Stock: Decodable, Sendable {
        public let ticker: String
        public let name: String
        public let price: FixedDecimal
        public let previousClose: FixedDecimal
    }

    public static let stocks: [Stock] = (try? JSONDecoder().decode([Stock].self, from: Data(stocksJSON.utf8))) ?? []

    private let now: @Sendable () -> Date

    public init(now: @escaping @Sendable () -> Date = Date.init) {
        self.now = now
    }

    public func loadPrice(for ticker: String) throws(PriceLoadingError) -> LoadedPrice {
        guard let stock = Self.stocks.first(where: { $0.ticker == ticker }) else { throw .notInSamplePrices }
        let change = stock.price - stock.previousClose
        let price = CurrentPrice(ticker: ticker, price: stock.price, change: change,
                                 changePercent: change.scaled(by: FixedDecimal(100), over: stock.previousClose)?.rounded(toFractionDigits: 4),
                                 previousClose: stock.previousClose, quoteTime: now(), fetchedAt: now(),
                                 open: stock.previousClose, high: max(stock.price, stock.previousClose), low: min(stock.price, stock.previousClose))
        return LoadedPrice(price: price, source: .sample)
    }
}
