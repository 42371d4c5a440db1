import Foundation
import FixedPoint
import CurrentPrices
import JSONScanning

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

    /// Read with the scanner, not `JSONDecoder`: a portfolio of 500 holdings reads 500 prices
    /// at every start, and the decoder took milliseconds of it.
    private func stored() throws -> StoredCache {
        guard let bytes = try FileSystem.readFile(path) else { return StoredCache() }
        let stored: StoredCache
        do {
            stored = try Self.decode(bytes)
        } catch {
            throw CacheError("\(path) is not a readable price cache")
        }
        guard stored.version == StoredCache.currentVersion else { throw CacheError("\(path) has cache format v\(stored.version)") }
        return stored
    }

    /// What `write` wrote (or an earlier release: the requests may be missing).
    static func decode(_ bytes: [UInt8]) throws -> StoredCache {
        try JSONScanner.scan(bytes) { (scanner: inout JSONScanner) throws(JSONScanError) -> StoredCache in
            var stored = StoredCache()
            var version: Int?
            try scanner.members { (scanner: inout JSONScanner, key: String) throws(JSONScanError) in
                switch key {
                case "version": version = Int(try scanner.numberText())
                case "prices": try scanner.elements { (scanner: inout JSONScanner) throws(JSONScanError) in stored.prices.append(try StoredPrice(&scanner)) }
                case "requests": stored.requests = try milliseconds(&scanner)
                case "historyRequests": stored.historyRequests = try milliseconds(&scanner)
                default: try scanner.skip()
                }
            }
            guard let version else { throw .malformed(at: 0) }
            stored.version = version
            return stored
        }
    }

    private static func milliseconds(_ scanner: inout JSONScanner) throws(JSONScanError) -> [Int64]? {
        guard try !scanner.null() else { return nil }
        var times: [Int64] = []
        try scanner.elements { (scanner: inout JSONScanner) throws(JSONScanError) in
            guard let time = Int64(try scanner.numberText()) else { throw .malformed(at: scanner.offset) }
            times.append(time)
        }
        return times
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

    struct StoredCache: Codable {
        static let currentVersion = 1
        var version = currentVersion
        var prices: [StoredPrice] = []
        /// Epoch milliseconds of the last minute's quote requests; absent in earlier releases' caches.
        var requests: [Int64]?
        /// Epoch milliseconds of the last day's history requests.
        var historyRequests: [Int64]?
    }

    /// The store's DTO: numbers as exact strings, times as epoch milliseconds.
    struct StoredPrice: Codable {
        let ticker: String
        let price: FixedDecimal
        let change: FixedDecimal?
        let changePercent: FixedDecimal?
        let previousClose: FixedDecimal
        let quoteTimeMs: Int64
        let fetchedAtMs: Int64

        /// One price, as the scanner reads it; every field but the changes is required.
        init(_ scanner: inout JSONScanner) throws(JSONScanError) {
            var ticker: String?, price: FixedDecimal?, change: FixedDecimal?, changePercent: FixedDecimal?, previousClose: FixedDecimal?
            var quoteTimeMs: Int64?, fetchedAtMs: Int64?
            func decimal(_ scanner: inout JSONScanner) throws(JSONScanError) -> FixedDecimal? {
                if try scanner.null() { return nil }
                let at = scanner.offset
                guard let value = FixedDecimal(try scanner.string()) else { throw .malformed(at: at) }
                return value
            }
            func time(_ scanner: inout JSONScanner) throws(JSONScanError) -> Int64? { Int64(try scanner.numberText()) }
            try scanner.members { (scanner: inout JSONScanner, key: String) throws(JSONScanError) in
                switch key {
                case "ticker": ticker = try scanner.string()
                case "price": price = try decimal(&scanner)
                case "change": change = try decimal(&scanner)
                case "changePercent": changePercent = try decimal(&scanner)
                case "previousClose": previousClose = try decimal(&scanner)
                case "quoteTimeMs": quoteTimeMs = try time(&scanner)
                case "fetchedAtMs": fetchedAtMs = try time(&scanner)
                default: try scanner.skip()
                }
            }
            guard let ticker, let price, let previousClose, let quoteTimeMs, let fetchedAtMs else { throw .malformed(at: scanner.offset) }
            (self.ticker, self.price, self.change, self.changePercent, self.previousClose) = (ticker, price, change, changePercent, previousClose)
            (self.quoteTimeMs, self.fetchedAtMs) = (quoteTimeMs, fetchedAtMs)
        }

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
