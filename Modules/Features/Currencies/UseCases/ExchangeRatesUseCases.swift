import Foundation
import FixedPoint
import Ledger

public enum ExchangeRatesError: LedgerFeatureError, Equatable {
    case store(StoreError)
    case unreadable(LedgerDecodingError)
    /// The provider couldn't be reached or answered something unreadable: nothing was kept.
    case unavailable(host: String, reason: String)
    /// The provider publishes no rate of this pair for the days asked (a currency the ECB
    /// doesn't follow, or days before its rates began).
    case noRatesPublished(from: CurrencyCode, to: CurrencyCode)
}

/// The rates provider's port: the ECB's reference rates, through Frankfurter.
public protocol ExchangeRatesLoading {
    /// The pair's published rates for `days`: one per working day, and the last one before
    /// `days` when the first of them is not a working day.
    func rates(from: CurrencyCode, to: CurrencyCode, days: ClosedRange<CalendarDay>) throws(ExchangeRatesError) -> [ExchangeRate]
}

public protocol ExchangeRatesProviding {
    /// The rates that convert each of `currencies` into `base` on any day in `days` (up to
    /// today): fetched once for the days not asked about yet, kept, and without a provider (offline)
    /// read from what is kept.
    func rates(converting currencies: Set<CurrencyCode>, into base: CurrencyCode, over days: ClosedRange<CalendarDay>) throws(ExchangeRatesError) -> ExchangeRates
    /// Every kept rate, fetching nothing.
    func keptRates() throws(ExchangeRatesError) -> ExchangeRates
}

/// How far the days said to be asked about are believed: a coverage is written by whichever
/// device fetched, and synced, so one from a device whose clock ran ahead (or a hostile one)
/// could otherwise stop every fetch. It counts only as far as the rates kept reach, give or take
/// the longest run of days without a published rate.
public enum RatesCoveragePolicy {
    /// The longest run of days with no reference rate: Easter, Thursday to Tuesday.
    static let longestGap: Int32 = 5
    /// The euro's first reference rates: no provider has any earlier, so a coverage reaching
    /// back before them is believed once the rates kept start there.
    static let earliestPublished = CalendarDay(iso: "1999-01-04")!

    /// `coverage` cut to what `kept` (its pair's rates, by day) bears out; nil with none kept.
    public static func trusted(_ coverage: RatesCoverage, kept: [ExchangeRates.DayRate]) -> RatesCoverage? {
        guard let firstKept = kept.first?.day, let lastKept = kept.last?.day else { return nil }
        let startsAtTheFirstPublished = firstKept.daysSinceEpoch - earliestPublished.daysSinceEpoch <= longestGap
        let first = startsAtTheFirstPublished ? coverage.first : max(coverage.first, CalendarDay(daysSinceEpoch: firstKept.daysSinceEpoch - longestGap))
        let last = min(coverage.last, CalendarDay(daysSinceEpoch: lastKept.daysSinceEpoch + longestGap))
        guard first <= last else { return nil }
        return RatesCoverage(from: coverage.from, to: coverage.to, first: first, last: last)
    }
}

public final class ExchangeRatesUseCase: ExchangeRatesProviding {
    private let store: ExchangeRatesStore
    private let loader: ExchangeRatesLoading?
    private let now: () -> Date

    /// `loader` nil: offline, only what is kept.
    public init(store: ExchangeRatesStore, loader: ExchangeRatesLoading?, now: @escaping () -> Date) {
        self.store = store
        self.loader = loader
        self.now = now
    }

    public func rates(converting currencies: Set<CurrencyCode>, into base: CurrencyCode, over days: ClosedRange<CalendarDay>) throws(ExchangeRatesError) -> ExchangeRates {
        let today = CalendarDay(containing: now())
        guard let loader, days.lowerBound <= today else { return try keptRates() }
        let wanted = days.lowerBound...min(days.upperBound, today)
        let covered = Dictionary(try store.coverage().map { ("\($0.from)\($0.to)", $0) }) { $1 }
        let kept = try keptRates()
        for currency in currencies.sorted() where currency != base {
            let coverage = covered["\(currency)\(base)"].flatMap { RatesCoveragePolicy.trusted($0, kept: kept.days(from: currency, to: base)) }
            if let coverage, coverage.covers(wanted) { continue }
            // Before what is covered, and from its last day on: that day's rate may have been
            // published after it was asked for, and today's is asked for at most once a day.
            var ranges: [ClosedRange<CalendarDay>] = []
            if let coverage {
                if wanted.lowerBound < coverage.first { ranges.append(wanted.lowerBound...coverage.first) }
                if wanted.upperBound > coverage.last { ranges.append(coverage.last...wanted.upperBound) }
            } else {
                ranges.append(wanted)
            }
            var fetched: [ExchangeRate] = []
            for range in ranges { fetched += try loader.rates(from: currency, to: base, days: range) }
            if fetched.isEmpty, coverage == nil { throw .noRatesPublished(from: currency, to: base) }
            let union = RatesCoverage(from: currency, to: base, first: min(wanted.lowerBound, coverage?.first ?? wanted.lowerBound),
                                      last: max(wanted.upperBound, coverage?.last ?? wanted.upperBound))
            try store.save(fetched, covering: union, at: now())
        }
        return try keptRates()
    }

    public func keptRates() throws(ExchangeRatesError) -> ExchangeRates {
        try store.rates()
    }
}
