import Foundation
import CurrentPrices
import TestSupport

/// Answers each ticker from a queue of stubbed results and records every request.
final class PriceLoaderSpy: PriceLoader, @unchecked Sendable {
    private let lock = NSLock()
    private var stubs: [String: [Result<LoadedPrice, PriceLoadingError>]] = [:]
    private var _requests: [String] = []

    var requests: [String] { lock.withLock { _requests } }

    func stub(_ ticker: String, _ results: Result<LoadedPrice, PriceLoadingError>...) {
        lock.withLock { stubs[ticker, default: []].append(contentsOf: results) }
    }

    func loadPrice(for ticker: String) throws(PriceLoadingError) -> LoadedPrice {
        let result: Result<LoadedPrice, PriceLoadingError> = lock.withLock {
            _requests.append(ticker)
            guard var queue = stubs[ticker], !queue.isEmpty else { return .failure(.unknownSymbol) }
            let next = queue.count > 1 ? queue.removeFirst() : queue[0]
            stubs[ticker] = queue
            return next
        }
        return try result.get()
    }
}

final class PricesCacheSpy: PricesCache, @unchecked Sendable {
    enum Message: Equatable { case retrieve, save([CurrentPrice]) }
    private let lock = NSLock()
    private var _messages: [Message] = []
    var stored: [String: CurrentPrice] = [:]
    var retrieveError: Error?
    var saveError: Error?

    var messages: [Message] { lock.withLock { _messages } }

    func retrieve() throws -> [String: CurrentPrice] {
        lock.withLock { _messages.append(.retrieve) }
        if let retrieveError { throw retrieveError }
        return stored
    }

    func save(_ prices: [CurrentPrice]) throws {
        lock.withLock { _messages.append(.save(prices)) }
        if let saveError { throw saveError }
    }
}

func makePrice(_ ticker: String = "AAPL", price: String = "100", fetchedAt: Date = Date(timeIntervalSince1970: 1_720_000_000)) -> CurrentPrice {
    CurrentPrice(ticker: ticker, price: fixed(price), change: fixed("1"), changePercent: fixed("1.01"), previousClose: fixed("99"),
                 quoteTime: fetchedAt, fetchedAt: fetchedAt)
}

func live(_ price: CurrentPrice) -> Result<LoadedPrice, PriceLoadingError> { .success(LoadedPrice(price: price, source: .live)) }

struct AnyError: Error {}
