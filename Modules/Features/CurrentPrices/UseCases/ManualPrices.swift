import Foundation
import FixedPoint
import Ledger

public enum ManualPriceError: LedgerFeatureError, Equatable, Sendable {
    case invalidTicker(String)
    case invalidPrice(String)
    case invalidDate(String)
    case futureDate(day: String, today: String)
    case notSet(ticker: String)
    case store(StoreError)
    case unreadable(LedgerDecodingError)
}

/// Setting, removing and listing manual prices, on the ledger like every record.
public final class ManualPrices {
    public static let maximumPrice = FixedDecimal(1_000_000_000_000)

    private let store: ManualPricesStore
    private let now: () -> Date

    public init(store: ManualPricesStore, now: @escaping () -> Date) {
        self.store = store
        self.now = now
    }

    /// Tickers as every record keeps them (`TickerSymbol`).
    public static func isTicker(_ text: String) -> Bool {
        TickerSymbol.isTicker(text)
    }

    /// - Parameter today: the user's calendar day, `YYYY-MM-DD`; a price can't be set for later.
    @discardableResult
    public func set(ticker: String, price text: String, day: String, today: String) throws(ManualPriceError) -> ManualPrice {
        let ticker = ticker.uppercased()
        guard Self.isTicker(ticker) else { throw .invalidTicker(ticker) }
        guard let price = FixedDecimal(text), price > .zero, price <= Self.maximumPrice else { throw .invalidPrice(text) }
        guard ManualPrice.startOfDay(day) != nil else { throw .invalidDate(day) }
        guard day <= today else { throw .futureDate(day: day, today: today) }
        let manual = ManualPrice(ticker: ticker, price: price, day: day, setAt: now())
        try store.save(manual)
        return manual
    }

    public func remove(ticker: String) throws(ManualPriceError) {
        let ticker = ticker.uppercased()
        guard try all()[ticker] != nil else { throw .notSet(ticker: ticker) }
        try store.remove(ticker: ticker, at: now())
    }

    /// Every manual price, by ticker.
    public func all() throws(ManualPriceError) -> [String: ManualPrice] {
        try store.prices()
    }
}

/// Where the decoratee has no price, one looked up in a source read once, and only when some
/// ticker needs it: a portfolio of listed stocks never reads the manual prices or the closes.
public final class FallbackPriceLoader<Source>: PriceLoader, @unchecked Sendable {
    private let decoratee: PriceLoader
    private let source: () -> Source
    private let price: (Source, String) -> LoadedPrice?
    private let lock = NSLock()
    private var loaded: Source?

    public init(decoratee: PriceLoader, source: @escaping () -> Source, price: @escaping (_ source: Source, _ ticker: String) -> LoadedPrice?) {
        self.decoratee = decoratee
        self.source = source
        self.price = price
    }

    public func loadPrice(for ticker: String) throws(PriceLoadingError) -> LoadedPrice {
        do {
            return try decoratee.loadPrice(for: ticker)
        } catch {
            guard let fallback = price(read(), ticker) else { throw error }
            return fallback
        }
    }

    private func read() -> Source {
        lock.withLock {
            if let loaded { return loaded }
            let read = source()
            loaded = read
            return read
        }
    }
}

extension FallbackPriceLoader where Source == [String: ManualPrice] {
    /// Where no other source has a price, the one the user set: for an asset no quote service lists.
    public static func manualPrices(behind decoratee: PriceLoader, _ prices: @escaping () -> [String: ManualPrice]) -> FallbackPriceLoader {
        FallbackPriceLoader(decoratee: decoratee, source: prices) { prices, ticker in prices[ticker]?.loaded }
    }
}

extension FallbackPriceLoader where Source == PriceHistory {
    /// Behind `decoratee`, a ticker's latest kept close: the last source before a trade price.
    public static func keptCloses(behind decoratee: PriceLoader, _ history: @escaping () -> PriceHistory) -> FallbackPriceLoader {
        FallbackPriceLoader(decoratee: decoratee, source: history) { closes, ticker in closes.latestPrice(of: ticker) }
    }
}

/// Manual prices that come from another device are checked as typed ones are.
public struct ManualPricesEntryValidator: EntryByEntryValidating {
    private let decoding = DecodingEntryValidator(DecodingEntryValidator.decoders(ManualPricesLedgerCodec.self))

    public init() {}

    public func rejections(of incoming: [LedgerEntry], over current: [LedgerEntry]) -> [LedgerRejection] {
        decoding.rejections(of: incoming, over: current)
    }
}
