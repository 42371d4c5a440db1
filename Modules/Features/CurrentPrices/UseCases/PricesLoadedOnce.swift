/// Each ticker's price loaded once a run, answered again after: a second figure of one run (the
/// net worth beside the portfolio) counts at the same prices, and the quote service is asked once.
public final class PricesLoadedOnce: PricesLoading {
    private let decoratee: PricesLoading
    private var loaded: [String: Result<LoadedPrice, PriceLoadingError>] = [:]

    public init(decoratee: PricesLoading) {
        self.decoratee = decoratee
    }

    public func loadPrices(for tickers: [String]) -> [String: Result<LoadedPrice, PriceLoadingError>] {
        let missing = tickers.filter { loaded[$0] == nil }
        if !missing.isEmpty { loaded.merge(decoratee.loadPrices(for: missing)) { _, new in new } }
        return Dictionary(uniqueKeysWithValues: tickers.compactMap { ticker in loaded[ticker].map { (ticker, $0) } })
    }
}
