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

/// Asks `preferred` first and `otherwise` only for what it has no price for: real prices (the
/// user's own, and those kept from the market) before the bundled sample ones, which are no
/// market's. A failure of both is `otherwise`'s, which names what it lacks.
public final class PreferringPriceLoader: PriceLoader, Sendable {
    private let preferred: PriceLoader
    private let otherwise: PriceLoader

    public init(_ preferred: PriceLoader, otherwise: PriceLoader) {
        self.preferred = preferred
        self.otherwise = otherwise
    }

    public func loadPrice(for ticker: String) throws(PriceLoadingError) -> LoadedPrice {
        if let price = try? preferred.loadPrice(for: ticker) { return price }
        return try otherwise.loadPrice(for: ticker)
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

/// Keeps to a service's limits of requests over time (`QuotePacing`: Finnhub's 60 a minute,
/// Twelve Data's 8 a minute and 800 a day), counting the requests earlier runs made: when a
/// window is spent, the next request waits for it, one at a time, up to `maxWait` in all for the
/// run; past that, `reserve` says no and nothing is asked.
///
/// Time moves on by what it slept even when the clock doesn't (a clock fixed for a test), so a
/// wait is never computed twice.
public final class RequestPacer: @unchecked Sendable {
    public let pacings: [QuotePacing]
    private let log: QuoteRequestLog
    private let maxWait: TimeInterval
    private let now: () -> Date
    private let sleep: (TimeInterval) -> Void
    private let onWait: (TimeInterval, QuotePacing) -> Void
    private let lock = NSLock()
    private var sent: [Date]?
    private var waited: TimeInterval = 0
    private var slept = Date.distantPast

    /// - Parameter onWait: told of each wait of a second or more before it starts, and which
    ///   limit it waits for.
    public init(pacings: [QuotePacing], log: QuoteRequestLog, maxWait: TimeInterval, now: @escaping () -> Date, sleep: @escaping (TimeInterval) -> Void,
                onWait: @escaping (TimeInterval, QuotePacing) -> Void = { _, _ in }) {
        self.pacings = pacings
        self.log = log
        self.maxWait = maxWait
        self.now = now
        self.sleep = sleep
        self.onWait = onWait
    }

    /// Waits, in turn, for a place in every window, and records the request; false, without
    /// waiting, when that would pass `maxWait`. What can't be remembered only means the next
    /// run may wait less than it should.
    public func reserve() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        let recent = sent ?? ((try? log.requests()) ?? [])
        var current = max(now(), slept)
        while let (wait, pacing) = pacings.map({ ($0.wait(at: current, after: recent), $0) }).max(by: { $0.0 < $1.0 }), wait > 0 {
            guard waited + wait <= maxWait else { return false }
            // The window's next place is often a moment away: only a wait worth a line is told.
            if wait >= 1 { onWait(wait, pacing) }
            sleep(wait)
            waited += wait
            current = current.addingTimeInterval(wait)
            slept = current
        }
        remember(recent + [current], at: current)
        return true
    }

    /// The service refused a request for its rate limit though the pacing let it go: it counts
    /// the window otherwise (from its own clock). The shortest window is counted as spent from
    /// now, so the next reservation waits a whole window.
    public func noteRefusal() {
        lock.lock()
        defer { lock.unlock() }
        guard let shortest = pacings.min(by: { $0.window < $1.window }) else { return }
        let current = max(now(), slept)
        let recent = sent ?? ((try? log.requests()) ?? [])
        remember(recent + Array(repeating: current, count: shortest.limit), at: current)
    }

    private func remember(_ requests: [Date], at current: Date) {
        let longest = pacings.max { $0.window < $1.window } ?? .freePlan
        sent = longest.inWindow(requests, at: current)
        try? log.remember(sent!)
    }
}

/// Quotes within the service's limits: a ticker the pacer can't fit in is not asked for, and the
/// fallback serves its cached price. Every attempt counts, retries included.
public final class PacedPriceLoader: PriceLoader, @unchecked Sendable {
    private let decoratee: PriceLoader
    private let pacer: RequestPacer

    public init(decoratee: PriceLoader, pacer: RequestPacer) {
        self.decoratee = decoratee
        self.pacer = pacer
    }

    public func loadPrice(for ticker: String) throws(PriceLoadingError) -> LoadedPrice {
        guard pacer.reserve() else { throw .notRefreshed(perMinute: pacer.pacings.first?.limit ?? 0) }
        return try decoratee.loadPrice(for: ticker)
    }
}
