import Foundation

/// Answers from the cache: any cached price, marked as cached so the caller can show its age.
public final class LocalPriceLoader: PriceLoader, @unchecked Sendable {
    private let cache: PricesCache
    private let lock = NSLock()
    private var loaded: [String: CurrentPrice]?

    public init(cache: PricesCache) {
        self.cache = cache
    }

    public func loadPrice(for ticker: String) throws(PriceLoadingError) -> LoadedPrice {
        guard let price = cachedPrices()[ticker] else { throw .notCached }
        return LoadedPrice(price: price, source: .cached)
    }

    /// Read once per run: many tickers, one file read. An unreadable cache is an empty one.
    private func cachedPrices() -> [String: CurrentPrice] {
        lock.withLock {
            if let loaded { return loaded }
            let prices = (try? cache.retrieve()) ?? [:]
            loaded = prices
            return prices
        }
    }
}

/// Uses a fresh cached price when there is one, so repeated runs don't spend the API's rate limit.
public final class FreshCachePriceLoader: PriceLoader, Sendable {
    private let cached: PriceLoader
    private let policy: PricesCachePolicy
    private let now: @Sendable () -> Date
    private let remote: PriceLoader

    public init(cached: PriceLoader, policy: PricesCachePolicy, now: @escaping @Sendable () -> Date, otherwise remote: PriceLoader) {
        self.cached = cached
        self.policy = policy
        self.now = now
        self.remote = remote
    }

    public func loadPrice(for ticker: String) throws(PriceLoadingError) -> LoadedPrice {
        // A quote fetched moments ago is as live as a new one would be: reused, not "cached".
        if let hit = try? cached.loadPrice(for: ticker), policy.isFresh(fetchedAt: hit.price.fetchedAt, now: now()) {
            return LoadedPrice(price: hit.price, source: .live)
        }
        return try remote.loadPrice(for: ticker)
    }
}
