import Ledger

/// Before a measure over time, the closes of what the window holds that are not kept yet,
/// fetched from the history provider and kept (within its pacing and the run's longest wait),
/// so `returns` and `performance` value every day at a close, not at trade prices. A fetch that
/// fails leaves the measure to what is kept.
public final class BackfillingPerformanceMeasuring: PerformanceMeasuring {
    private let decoratee: PerformanceMeasuring
    private let backfill: BackfillClosesUseCase
    private let fetched: (_ tickers: [String]) -> Void

    /// - Parameter fetched: told which tickers' closes were fetched, when any were.
    public init(decoratee: PerformanceMeasuring, backfill: BackfillClosesUseCase, fetched: @escaping (_ tickers: [String]) -> Void = { _ in }) {
        self.decoratee = decoratee
        self.backfill = backfill
        self.fetched = fetched
    }

    public func series(from: CalendarDay?, to: CalendarDay) throws(MeasurePerformanceError) -> PerformanceSeries {
        if let found = try? backfill.backfill(from: from) {
            let tickers = found.filter { $0.source == .provider }.map(\.ticker)
            if !tickers.isEmpty { fetched(tickers) }
        }
        return try decoratee.series(from: from, to: to)
    }
}
