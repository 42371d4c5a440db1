import Foundation

public protocol PricesLoading {
    /// One result per ticker: one failing ticker never fails the others.
    func loadPrices(for tickers: [String]) -> [String: Result<LoadedPrice, PriceLoadingError>]
}

public typealias PriceResults = [String: Result<LoadedPrice, PriceLoadingError>]

extension Dictionary where Key == String, Value == Result<LoadedPrice, PriceLoadingError> {
    /// Prices were asked for and the price service gave not one. Symbols it doesn't know (a
    /// delisted holding, say) don't count: they are named and left out instead, or they would
    /// fail every run for good.
    public var priceServiceFailed: Bool {
        let failures = values.compactMap { result -> PriceLoadingError? in
            guard case let .failure(error) = result else { return nil }
            return error
        }
        return !isEmpty && failures.count == count && !failures.allSatisfy(\.isAboutTheSymbol)
    }
}

/// Loads many tickers at once, at most `maxConcurrent` in flight, so 30 tickers take a few round
/// trips rather than 30 while staying inside the quote API's rate limit.
public final class LoadPricesUseCase: PricesLoading, Sendable {
    private let loader: PriceLoader
    private let maxConcurrent: Int

    public init(loader: PriceLoader, maxConcurrent: Int = 8) {
        self.loader = loader
        self.maxConcurrent = max(1, maxConcurrent)
    }

    /// Dedicated worker threads, not GCD: the loaders block on I/O, and Dispatch on Linux does not
    /// widen its pool for blocked work, which would serialise the requests. One at a time (an
    /// offline read of the cache) runs in the caller's thread: there is nothing to wait for.
    public func loadPrices(for tickers: [String]) -> [String: Result<LoadedPrice, PriceLoadingError>] {
        let unique = Array(Set(tickers)).sorted()
        let results = ResultsBox(count: unique.count)
        guard maxConcurrent > 1 else {
            work(on: unique, into: results)
            return Dictionary(uniqueKeysWithValues: zip(unique, results.values))
        }
        let finished = DispatchGroup()
        for _ in 0..<min(maxConcurrent, unique.count) {
            finished.enter()
            // Weak: a thread object outlives `leave()` a little, and must not keep the loader alive
            // after this call has returned.
            Thread { [weak self] in
                self?.work(on: unique, into: results)
                finished.leave()
            }.start()
        }
        finished.wait()
        return Dictionary(uniqueKeysWithValues: zip(unique, results.values))
    }

    private func work(on tickers: [String], into results: ResultsBox) {
        while let index = results.claimNext() {
            let result: Result<LoadedPrice, PriceLoadingError>
            do throws(PriceLoadingError) { result = .success(try loader.loadPrice(for: tickers[index])) } catch { result = .failure(error) }
            results.set(index, result)
        }
    }
}

private final class ResultsBox: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Result<LoadedPrice, PriceLoadingError>?]

    private var next = 0

    init(count: Int) { storage = Array(repeating: nil, count: count) }

    /// The next index no worker has taken yet.
    func claimNext() -> Int? {
        lock.withLock {
            guard next < storage.count else { return nil }
            defer { next += 1 }
            return next
        }
    }

    func set(_ index: Int, _ result: Result<LoadedPrice, PriceLoadingError>) { lock.withLock { storage[index] = result } }

    var values: [Result<LoadedPrice, PriceLoadingError>] { lock.withLock { storage.map { $0! } } }
}
