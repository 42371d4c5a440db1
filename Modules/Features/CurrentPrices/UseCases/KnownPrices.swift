/// Prices loaded once, answered again: a second figure of one run (the net worth beside the
/// portfolio) counts at the same prices, and the quote service is asked once. Tickers not
/// known yet are asked of `otherwise`.
public struct KnownPrices: PricesLoading {
    private let known: [String: Result<LoadedPrice, PriceLoadingError>]
    private let otherwise: PricesLoading

    public init(_ known: [String: Result<LoadedPrice, PriceLoadingError>], otherwise: PricesLoading) {
        self.known = known
        self.otherwise = otherwise
    }

    public func loadPrices(for tickers: [String]) -> [String: Result<LoadedPrice, PriceLoadingError>] {
        let missing = tickers.filter { known[$0] == nil }
        let loaded = missing.isEmpty ? [:] : otherwise.loadPrices(for: missing)
        return Dictionary(uniqueKeysWithValues: tickers.compactMap { ticker in (known[ticker] ?? loaded[ticker]).map { (ticker, $0) } })
    }
}
