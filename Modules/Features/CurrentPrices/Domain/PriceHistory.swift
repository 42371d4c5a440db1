import FixedPoint
import Ledger

/// One ticker's price at the end of one day.
public struct DailyClose: Equatable, Sendable {
    public let ticker: String
    public let day: CalendarDay
    public let close: FixedDecimal

    public init(ticker: String, day: CalendarDay, close: FixedDecimal) {
        self.ticker = ticker
        self.day = day
        self.close = close
    }
}

/// Daily closes by ticker, each ticker's in date order: what every figure over time is valued with.
public struct PriceHistory: Sendable {
    private var closes: [String: [(day: CalendarDay, close: FixedDecimal)]] = [:]

    public init(_ closes: [DailyClose] = []) {
        var byTicker: [String: [(day: CalendarDay, close: FixedDecimal)]] = [:]
        for close in closes { byTicker[close.ticker, default: []].append((close.day, close.close)) }
        for (ticker, list) in byTicker {
            // One close per day: the last given wins, as a later import replaces an earlier one.
            var latest: [Int32: FixedDecimal] = [:]
            for entry in list { latest[entry.day.daysSinceEpoch] = entry.close }
            self.closes[ticker] = latest.keys.sorted().map { (CalendarDay(daysSinceEpoch: $0), latest[$0]!) }
        }
    }

    /// With each manual price as its day's close, in place of a kept one for that day.
    public func adding(_ manual: [ManualPrice]) -> PriceHistory {
        adding(manual.compactMap { price in CalendarDay(iso: price.day).map { DailyClose(ticker: price.ticker, day: $0, close: price.price) } })
    }

    /// With `closes` in place of kept ones for the same ticker and day.
    public func adding(_ closes: [DailyClose]) -> PriceHistory {
        var history = self
        for close in closes {
            var list = history.closes[close.ticker] ?? []
            let position = list.firstIndex { $0.day >= close.day } ?? list.count
            if position < list.count, list[position].day == close.day { list[position].close = close.close } else { list.insert((close.day, close.close), at: position) }
            history.closes[close.ticker] = list
        }
        return history
    }

    /// The latest close as a price: for what nothing newer prices, shown as a kept close.
    public func latestPrice(of ticker: String) -> LoadedPrice? {
        let list = closes(of: ticker)
        guard let last = list.last else { return nil }
        let time = last.day.startDate
        return LoadedPrice(price: CurrentPrice(ticker: ticker, price: last.close, change: nil, changePercent: nil,
                                               previousClose: list.count > 1 ? list[list.count - 2].close : last.close, quoteTime: time, fetchedAt: time),
                           source: .keptClose)
    }

    public var tickers: [String] { closes.keys.sorted() }

    /// Each of `tickers`' closes replaced by what `transform` makes of it (in another currency,
    /// say), or dropped where it makes nil; the other tickers' kept as they are.
    public func mapping(_ tickers: Set<String>, _ transform: (String, CalendarDay, FixedDecimal) -> FixedDecimal?) -> PriceHistory {
        var history = self
        for ticker in tickers {
            history.closes[ticker] = closes[ticker]?.compactMap { day, close in transform(ticker, day, close).map { (day, $0) } }
        }
        return history
    }
    public var isEmpty: Bool { closes.isEmpty }

    /// The ticker's closes in date order.
    public func closes(of ticker: String) -> [(day: CalendarDay, close: FixedDecimal)] { closes[ticker] ?? [] }

    /// The latest close on or before `day`.
    public func close(of ticker: String, onOrBefore day: CalendarDay) -> FixedDecimal? {
        guard let list = closes[ticker] else { return nil }
        var (low, high) = (0, list.count)
        while low < high {
            let middle = (low + high) / 2
            if list[middle].day <= day { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : list[low - 1].close
    }
}
