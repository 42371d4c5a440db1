import Foundation

/// Saves every successfully loaded live price to the cache; a cache failure never fails the load.
public final class PriceLoaderCacheDecorator: PriceLoader, Sendable {
    private let decoratee: PriceLoader
    private let cache: PricesCache

    public init(decoratee: PriceLoader, cache: PricesCache) {
        self.decoratee = decoratee
        self.cache = cache
    }

    public func loadPrice(for ticker: String) throws(PriceLoadingError) -> LoadedPrice {
        let loaded = try decoratee.loadPrice(for: ticker)
        if loaded.source == .live { try? cache.save([loaded.price]) }
        return loaded
    }
}

/// Falls back (to the cache) when the primary fails for lack of network, not for a bad request.
public final class PriceLoaderWithFallback: PriceLoader, Sendable {
    private let primary: PriceLoader
    private let fallback: PriceLoader

    public init(primary: PriceLoader, fallback: PriceLoader) {
        self.primary = primary
        self.fallback = fallback
    }

    public func loadPrice(for ticker: String) throws(PriceLoadingError) -> LoadedPrice {
        do {
            return try primary.loadPrice(for: ticker)
        } catch where error.isConnectivityFailure {
            guard let cached = try? fallback.loadPrice(for: ticker) else { throw error }
            return cached
        }
    }
}

/// Retries transient failures with exponential backoff and full jitter, honouring Retry-After,
/// within an overall deadline: no retry starts that would wait past it.
public final class RetryingPriceLoader: PriceLoader, Sendable {
    private let decoratee: PriceLoader
    private let maxAttempts: Int
    private let baseDelay: TimeInterval
    private let maxDelay: TimeInterval
    private let deadline: TimeInterval
    private let sleep: @Sendable (TimeInterval) -> Void
    /// Returns a factor in 0...1; injected so tests are deterministic.
    private let jitter: @Sendable () -> Double
    private let now: @Sendable () -> Date

    /// - Parameter deadline: seconds from the first attempt after which no retry is started.
    public init(decoratee: PriceLoader, maxAttempts: Int = 3, baseDelay: TimeInterval = 0.5, maxDelay: TimeInterval = 8,
                deadline: TimeInterval = .infinity, sleep: @escaping @Sendable (TimeInterval) -> Void,
                jitter: @escaping @Sendable () -> Double = { Double.random(in: 0...1) }, now: @escaping @Sendable () -> Date = { Date() }) {
        self.decoratee = decoratee
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.deadline = deadline
        self.sleep = sleep
        self.jitter = jitter
        self.now = now
    }

    public func loadPrice(for ticker: String) throws(PriceLoadingError) -> LoadedPrice {
        let started = now()
        var attempt = 1
        while true {
            do {
                return try decoratee.loadPrice(for: ticker)
            } catch where error.isTransient && attempt < maxAttempts {
                let wait = delay(after: attempt, for: error)
                guard now().timeIntervalSince(started) + wait < deadline else { throw error }
                sleep(wait)
                attempt += 1
            }
        }
    }

    private func delay(after attempt: Int, for error: PriceLoadingError) -> TimeInterval {
        if case let .rateLimited(retryAfter?) = error { return min(retryAfter, maxDelay) }
        let exponential = min(maxDelay, baseDelay * pow(2, Double(attempt - 1)))
        return exponential * jitter()
    }
}

/// Spends at most `budget` requests in one run, whatever the number of tickers or retries: the
/// free quote tier allows 60 calls a minute, and a portfolio of 100 holdings must not spend 100.
/// Past the budget a ticker is not asked for; the fallback then serves its cached price.
public final class BudgetedPriceLoader: PriceLoader, @unchecked Sendable {
    private let decoratee: PriceLoader
    private let budget: Int
    private let lock = NSLock()
    private var spent = 0

    public init(decoratee: PriceLoader, budget: Int) {
        self.decoratee = decoratee
        self.budget = budget
    }

    public func loadPrice(for ticker: String) throws(PriceLoadingError) -> LoadedPrice {
        let allowed = lock.withLock {
            guard spent < budget else { return false }
            spent += 1
            return true
        }
        guard allowed else { throw .notRefreshed(budget: budget) }
        return try decoratee.loadPrice(for: ticker)
    }
}
