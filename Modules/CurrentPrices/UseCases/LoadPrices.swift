import Foundation

public protocol PricesLoading {
    /// One result per ticker: one failing ticker never fails the others.
    func loadPrices(for tickers: [String]) -> [String: Result<LoadedPrice, PriceLoadingError>]
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

    public func loadPrices(for tickers: [String]) -> [String: Result<LoadedPrice, PriceLoadingError>] {
        let unique = Array(Set(tickers)).sorted()
        let results = ResultsBox(count: unique.count)
        let slots = DispatchSemaphore(value: maxConcurrent)
        let group = DispatchGroup()
        for (index, ticker) in unique.enumerated() {
            slots.wait()
            group.enter()
            DispatchQueue.global().async { [loader] in
                defer { slots.signal(); group.leave() }
                let result: Result<LoadedPrice, PriceLoadingError>
                do throws(PriceLoadingError) { result = .success(try loader.loadPrice(for: ticker)) } catch { result = .failure(error) }
                results.set(index, result)
            }
        }
        group.wait()
        return Dictionary(uniqueKeysWithValues: zip(unique, results.values))
    }
}

private final class ResultsBox: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Result<LoadedPrice, PriceLoadingError>?]

    init(count: Int) { storage = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ result: Result<LoadedPrice, PriceLoadingError>) { lock.withLock { storage[index] = result } }

    var values: [Result<LoadedPrice, PriceLoadingError>] { lock.withLock { storage.map { $0! } } }
}
