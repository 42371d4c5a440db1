import Foundation
import FixedPoint
import Transactions
import Ledger
import CurrentPrices

public enum CandlesError: Error, Equatable {
    /// The plan the key belongs to doesn't include daily candles (Finnhub's free tier).
    case noAccess
    case unauthorized
    case rateLimited
    case connectivity
    case invalidData
}

/// A source of one ticker's daily closes over a window: the quote service's candles, or the
/// sample history.
public protocol DailyClosesLoading {
    func closes(of ticker: String, from: CalendarDay, to: CalendarDay) throws(CandlesError) -> [DailyClose]
}

/// One ticker's closes over a window, and where they came from, which every client shows.
public struct TickerHistory: Equatable, Sendable {
    public enum Source: String, Sendable {
        /// Kept on the ledger: imported, or fetched before.
        case stored
        /// Fetched from the quote service now, and kept.
        case provider
        /// Made up, deterministically, for sample mode: never kept, always labelled.
        case sample
    }

    public let ticker: String
    /// In date order.
    public let closes: [DailyClose]
    public let source: Source
    /// Why the quote service added nothing: the stored closes are all there is.
    public let providerFailure: CandlesError?
}

public protocol TickerHistoryLoading {
    /// Each ticker's closes, the kept ones read once for all of them.
    func histories(of tickers: [String], from: CalendarDay, to: CalendarDay) throws(PriceHistoryError) -> [String: TickerHistory]
}

public extension TickerHistoryLoading {
    func history(of ticker: String, from: CalendarDay, to: CalendarDay) throws(PriceHistoryError) -> TickerHistory {
        try histories(of: [ticker], from: from, to: to)[ticker]!
    }
}

/// Stored closes first. With a quote service, the window is fetched when the stored closes
/// leave more than `coverageSlack` days uncovered at either end (weekends and holidays have no
/// close), and what it brings is kept, so the next look needs no request. Without one, and
/// with nothing stored, the sample history, never kept.
public final class LoadTickerHistoryUseCase: TickerHistoryLoading {
    public static let coverageSlack = 4

    private let prices: PriceHistoryManaging
    private let provider: DailyClosesLoading?
    private let sample: DailyClosesLoading?

    public init(prices: PriceHistoryManaging, provider: DailyClosesLoading?, sample: DailyClosesLoading?) {
        self.prices = prices
        self.provider = provider
        self.sample = sample
    }

    public func histories(of tickers: [String], from: CalendarDay, to: CalendarDay) throws(PriceHistoryError) -> [String: TickerHistory] {
        let kept = try prices.history()
        var result: [String: TickerHistory] = [:]
        for ticker in tickers where result[ticker] == nil {
            result[ticker] = try history(of: ticker, kept: kept, from: from, to: to)
        }
        return result
    }

    private func history(of ticker: String, kept: PriceHistory, from: CalendarDay, to: CalendarDay) throws(PriceHistoryError) -> TickerHistory {
        let stored = kept.closes(of: ticker).filter { (from...to).contains($0.day) }
            .map { DailyClose(ticker: ticker, day: $0.day, close: $0.close) }
        if let provider, !covers(stored, from: from, to: to) {
            let fetched: [DailyClose]
            do throws(CandlesError) {
                fetched = try provider.closes(of: ticker, from: from, to: to).filter { $0.ticker == ticker && (from...to).contains($0.day) }
            } catch {
                return TickerHistory(ticker: ticker, closes: stored, source: .stored, providerFailure: error)
            }
            let known = Dictionary(stored.map { ($0.day, $0.close) }, uniquingKeysWith: { $1 })
            let new = fetched.filter { known[$0.day] != $0.close }
            if !new.isEmpty { try prices.save(new) }
            return TickerHistory(ticker: ticker, closes: merged(stored, new), source: new.isEmpty ? .stored : .provider, providerFailure: nil)
        }
        if stored.isEmpty, let sample, let made = try? sample.closes(of: ticker, from: from, to: to), !made.isEmpty {
            return TickerHistory(ticker: ticker, closes: made.sorted { $0.day < $1.day }, source: .sample, providerFailure: nil)
        }
        return TickerHistory(ticker: ticker, closes: stored, source: .stored, providerFailure: nil)
    }

    private func covers(_ closes: [DailyClose], from: CalendarDay, to: CalendarDay) -> Bool {
        guard let first = closes.first, let last = closes.last else { return false }
        return first.day <= from.adding(days: Self.coverageSlack) && last.day >= to.adding(days: -Self.coverageSlack)
    }

    private func merged(_ stored: [DailyClose], _ new: [DailyClose]) -> [DailyClose] {
        var byDay = Dictionary(stored.map { ($0.day, $0) }, uniquingKeysWith: { $1 })
        for close in new { byDay[close.day] = close }
        return byDay.values.sorted { $0.day < $1.day }
    }
}
