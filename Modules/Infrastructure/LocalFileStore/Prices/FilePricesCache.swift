import Foundation
import FixedPoint
import CurrentPrices

/// `prices-cache.json` in the data directory, replaced atomically on every save: the prices, and
/// when the last quote requests went (the minute's limit counts them across runs).
public final class FilePricesCache: PricesCache, QuoteRequestLog, @unchecked Sendable {
    public let path: String
    /// One for every instance: the prices and the requests are written by different decorators.
    private static let lock = NSLock()

    public init(directory: URL) {
        path = directory.appendingPathComponent("prices-cache.json").path
    }

    public func retrieve() throws -> [String: CurrentPrice] {
        Dictionary(try stored().prices.map { ($0.ticker, $0.model) }, uniquingKeysWith: { $1 })
    }

    /// Merges into what is cached; parallel loads each save one price, so this is serialised.
    public func save(_ prices: [CurrentPrice]) throws {
        try Self.lock.withLock {
            let before = (try? stored()) ?? StoredCache()
            var merged = Dictionary(before.prices.map { ($0.ticker, $0) }, uniquingKeysWith: { $1 })
            for price in prices { merged[price.ticker] = StoredPrice(price) }
            var after = before
            after.prices = merged.values.sorted { $0.ticker < $1.ticker }
            try write(after)
        }
    }

    public func requests() throws -> [Date] { try requests(in: \.requests) }

    public func remember(_ requests: [Date]) throws { try remember(requests, in: \.requests) }

    /// The daily history provider's requests (Twelve Data's 8 a minute and 800 a day), kept
    /// beside the quote service's.
    public var historyRequestLog: QuoteRequestLog { HistoryRequests(cache: self) }

    private struct HistoryRequests: QuoteRequestLog {
        let cache: FilePricesCache
        func requests() throws -> [Date] { try cache.requests(in: \.historyRequests) }
        func remember(_ requests: [Date]) throws { try cache.remember(requests, in: \.historyRequests) }
    }

    private func requests(in field: KeyPath<StoredCache, [Int64]?>) throws -> [Date] {
        (try stored()[keyPath: field] ?? []).map { Date(timeIntervalSince1970: TimeInterval($0) / 1000) }
    }

    private func remember(_ requests: [Date], in field: WritableKeyPath<StoredCache, [Int64]?>) throws {
        try Self.lock.withLock {
            var stored = (try? stored()) ?? StoredCache()
            stored[keyPath: field] = requests.map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) }
            try write(stored)
        }
    }

    private func stored() throws -> StoredCache {
        guard let bytes = try FileSystem.readFile(path) else { return StoredCache() }
        do {
            let stored = try JSONDecoder().decode(StoredCache.self, from: Data(bytes))
            guard stored.version == StoredCache.currentVersion else { throw CacheError("\(path) has cache format v\(stored.version)") }
            return stored
        } catch let error as CacheError {
            throw error
        } catch {
            throw CacheError("\(path) is not a readable price cache")
        }
    }

    private func write(_ stored: StoredCache) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            try FileSystem.writeAtomically(Array(try encoder.encode(stored)), to: path)
        } catch let error as FileSystem.Failure {
            throw CacheError(error.description)
        }
    }

    public struct CacheError: Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    private struct StoredCache: Codable {
        static let currentVersion = 1
        var version = currentVersion
        var prices: [StoredPrice] = []
        /// Epoch milliseconds of the last minute's quote requests; absent in earlier releases' caches.
        var requests: [Int64]?
        /// Epoch milliseconds of the last day's history requests.
        var historyRequests: [Int64]?
    }

    /// The store's DTO: numbers as exact strings, times as epoch milliseconds.
    private struct StoredPrice: Codable {
        let ticker: String
        let price: FixedDecimal
        let change: FixedDecimal?
        let changePercent: FixedDecimal?
        let previousClose: FixedDecimal
        let quoteTimeMs: Int64
        let fetchedAtMs: Int64

        init(_ model: CurrentPrice) {
            ticker = model.ticker
            price = model.price
            change = model.change
            changePercent = model.changePercent
            previousClose = model.previousClose
            quoteTimeMs = Int64((model.quoteTime.timeIntervalSince1970 * 1000).rounded())
            fetchedAtMs = Int64((model.fetchedAt.timeIntervalSince1970 * 1000).rounded())
        }

        var model: CurrentPrice {
            CurrentPrice(ticker: ticker, price: price, change: change, changePercent: changePercent, previousClose: previousClose,
                         quoteTime: Date(timeIntervalSince1970: TimeInterval(quoteTimeMs) / 1000),
                         fetchedAt: Date(timeIntervalSince1970: TimeInterval(fetchedAtMs) / 1000))
        }
    }
}
