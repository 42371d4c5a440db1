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
        var fetchedAny = false
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
            fetchedAny = true
        }
        return fetchedAny ? try keptRates() : kept
    }

    public func keptRates() throws(ExchangeRatesError) -> ExchangeRates {
        try store.rates()
    }
}
