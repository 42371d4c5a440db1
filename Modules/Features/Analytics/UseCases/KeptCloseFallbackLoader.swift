import Foundation
import CurrentPrices

/// Where no other source has a price, the latest kept close: a holding the quote service doesn't
/// list, whose closes were imported, is valued as `returns` values it. The closes are read once,
/// and only when some ticker needs one.
public final class KeptCloseFallbackLoader: PriceLoader, @unchecked Sendable {
    private let decoratee: PriceLoader
    private let history: () -> PriceHistory
    private let lock = NSLock()
    private var loaded: PriceHistory?

    public init(decoratee: PriceLoader, history: @escaping () -> PriceHistory) {
        self.decoratee = decoratee
        self.history = history
    }

    public func loadPrice(for ticker: String) throws(PriceLoadingError) -> LoadedPrice {
        do {
            return try decoratee.loadPrice(for: ticker)
        } catch {
            let closes = closes().closes(of: ticker)
            guard let last = closes.last else { throw error }
            let previous = closes.count > 1 ? closes[closes.count - 2].close : last.close
            let time = last.day.startDate
            return LoadedPrice(price: CurrentPrice(ticker: ticker, price: last.close, change: nil, changePercent: nil, previousClose: previous,
                                                   quoteTime: time, fetchedAt: time), source: .keptClose)
        }
    }

    private func closes() -> PriceHistory {
        lock.withLock {
            if let loaded { return loaded }
            let history = history()
            loaded = history
            return history
        }
    }
}
