import Foundation
import FixedPoint
import CurrentPrices

/// `prices-cache.json` in the data directory, replaced atomically on every save.
public final class FilePricesCache: PricesCache, @unchecked Sendable {
    public let path: String
    private let lock = NSLock()

    public init(directory: URL) {
        path = directory.appendingPathComponent("prices-cache.json").path
    }

    public func retrieve() throws -> [String: CurrentPrice] {
        guard let bytes = try FileSystem.readFile(path) else { return [:] }
        do {
            let stored = try JSONDecoder().decode(StoredCache.self, from: Data(bytes))
            guard stored.version == StoredCache.currentVersion else { throw CacheError("\(path) has cache format v\(stored.version)") }
            return Dictionary(stored.prices.map { ($0.ticker, $0.model) }, uniquingKeysWith: { $1 })
        } catch let error as CacheError {
            throw error
        } catch {
            throw CacheError("\(path) is not a readable price cache")
        }
    }

    /// Merges into what is cached; parallel loads each save one price, so this is serialised.
    public func save(_ prices: [CurrentPrice]) throws {
        try lock.withLock {
            var merged = (try? retrieve()) ?? [:]
            for price in prices { merged[price.ticker] = price }
            let stored = StoredCache(version: StoredCache.currentVersion, prices: merged.values.sorted { $0.ticker < $1.ticker }.map(StoredPrice.init))
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            do {
                try FileSystem.writeAtomically(Array(try encoder.encode(stored)), to: path)
            } catch let error as FileSystem.Failure {
                throw CacheError(error.description)
            }
        }
    }

    public struct CacheError: Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    private struct StoredCache: Codable {
        static let currentVersion = 1
        let version: Int
        let prices: [StoredPrice]
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
