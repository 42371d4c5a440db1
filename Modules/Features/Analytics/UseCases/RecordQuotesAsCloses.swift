import Foundation
import FixedPoint
import Transactions
import CurrentPrices
import Ledger

/// Every quote fetched from the service leaves its trace in the price history: the price as
/// the close of its day (the last quote of a day is its close), and the previous close as the
/// close of the weekday before. Cached, sample and manual prices are not market data of a day
/// and are never recorded. Recording never stands in the way of the prices: a failure is
/// reported to `failed` and the results pass through unchanged.
public final class ClosesRecordingPricesLoader: PricesLoading {
    private let decoratee: PricesLoading
    private let record: ([DailyClose]) -> Void

    /// - Parameter record: keeps the closes, or has them kept later; reports its own failures.
    public init(decoratee: PricesLoading, record: @escaping ([DailyClose]) -> Void) {
        self.decoratee = decoratee
        self.record = record
    }

    public func loadPrices(for tickers: [String]) -> [String: Result<LoadedPrice, PriceLoadingError>] {
        let results = decoratee.loadPrices(for: tickers)
        let closes = results.keys.sorted().flatMap { ticker -> [DailyClose] in
            guard case let .success(loaded)? = results[ticker], loaded.source == .live else { return [] }
            return Self.closes(of: loaded.price)
        }
        if !closes.isEmpty { record(closes) }
        return results
    }

    static func closes(of quote: CurrentPrice) -> [DailyClose] {
        let day = CalendarDay(containing: quote.quoteTime)
        var closes: [DailyClose] = []
        if quote.previousClose > .zero { closes.append(DailyClose(ticker: quote.ticker, day: day.previousWeekday, close: quote.previousClose)) }
        if quote.price > .zero { closes.append(DailyClose(ticker: quote.ticker, day: day, close: quote.price)) }
        return closes
    }
}

extension CalendarDay {
    /// The last Monday-to-Friday day before this one: where a previous close belongs. Holidays
    /// are not known here, so the day before one is taken to be a trading day.
    public var previousWeekday: CalendarDay {
        var day = previous
        // 1970-01-01 was a Thursday: (days + 3) % 7 is 5 on Saturdays and 6 on Sundays.
        while ((Int(day.daysSinceEpoch) + 3) % 7 + 7) % 7 >= 5 { day = day.previous }
        return day
    }
}
