import Foundation
import FixedPoint

public struct CurrentPrice: Equatable, Sendable {
    public let ticker: String
    public let price: FixedDecimal
    /// Nil when the quote source does not know it (Finnhub sends null for some symbols).
    public let change: FixedDecimal?
    public let changePercent: FixedDecimal?
    public let previousClose: FixedDecimal
    /// When the exchange quoted it.
    public let quoteTime: Date
    /// When we received it: the cache's age is measured from here.
    public let fetchedAt: Date
    /// The day's open, high and low, when the source gives them (the cache doesn't keep them).
    public let open: FixedDecimal?
    public let high: FixedDecimal?
    public let low: FixedDecimal?

    public init(ticker: String, price: FixedDecimal, change: FixedDecimal?, changePercent: FixedDecimal?,
                previousClose: FixedDecimal, quoteTime: Date, fetchedAt: Date,
                open: FixedDecimal? = nil, high: FixedDecimal? = nil, low: FixedDecimal? = nil) {
        self.open = open
        self.high = high
        self.low = low
        self.ticker = ticker
        self.price = price
        self.change = change
        self.changePercent = changePercent
        self.previousClose = previousClose
        self.quoteTime = quoteTime
        self.fetchedAt = fetchedAt
    }
}

extension CurrentPrice {
    /// The day's change, from the previous close when the source leaves it out: one figure for
    /// every command that shows it.
    public var dayChange: FixedDecimal { change ?? price - previousClose }

    /// The day's change in % of the previous close, worked out the same way when the source
    /// leaves it out; nil only without a previous close.
    public var dayChangePercent: FixedDecimal? {
        changePercent ?? dayChange.scaled(by: 100, over: previousClose)?.rounded(toFractionDigits: 4)
    }
}

/// Where a price came from, which every output must say.
public enum PriceSource: Equatable, Sendable {
    case live
    case cached
    case sample
    /// Set by the user (`ManualPrice`), for an asset no service lists.
    case manual
    /// The latest daily close kept in the price history (imported, or a quote's), where nothing
    /// newer prices the asset.
    case keptClose
}

public struct LoadedPrice: Equatable, Sendable {
    public let price: CurrentPrice
    public let source: PriceSource

    public init(price: CurrentPrice, source: PriceSource) {
        self.price = price
        self.source = source
    }
}

public enum PriceLoadingError: Error, Equatable, Sendable {
    case connectivity
    case timeout
    case server(status: Int)
    case rateLimited(retryAfter: TimeInterval?)
    case unauthorized
    case forbidden
    case invalidData
    case unknownSymbol
    /// No quote service is set up, and the sample prices that stand in don't list the symbol.
    case notInSamplePrices
    case notCached
    /// Not asked for: the quote service's requests of the minute are spent, and waiting for more
    /// would pass the run's longest wait.
    case notRefreshed(perMinute: Int)
    /// The price is in another currency, and no rate into the base one is kept for today.
    case noExchangeRate

    /// Worth trying again: the next attempt may well succeed.
    public var isTransient: Bool {
        switch self {
        case .connectivity, .timeout, .server, .rateLimited: return true
        case .unauthorized, .forbidden, .invalidData, .unknownSymbol, .notInSamplePrices, .notCached, .notRefreshed, .noExchangeRate: return false
        }
    }

    /// Permanent for this symbol: asking again, or later, gives the same answer.
    public var isAboutTheSymbol: Bool {
        switch self {
        case .unknownSymbol, .forbidden: return true
        default: return false
        }
    }

    /// The network, not the request, failed (or was not asked): a cached price is the best answer.
    public var isConnectivityFailure: Bool {
        switch self {
        case .connectivity, .timeout, .server, .rateLimited, .notRefreshed: return true
        default: return false
        }
    }
}

/// Loads one ticker's price; blocking, so composites decide how many run at once.
public protocol PriceLoader: Sendable {
    func loadPrice(for ticker: String) throws(PriceLoadingError) -> LoadedPrice
}
