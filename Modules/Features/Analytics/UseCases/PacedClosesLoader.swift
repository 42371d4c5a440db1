import Ledger
import CurrentPrices

/// Daily closes within the history provider's limits (Twelve Data's free plan: 8 requests a
/// minute and 800 a day): a request the pacer can't fit in within the run's longest wait is
/// not made, and reads as the provider's rate limit. A request the provider refuses for its rate
/// limit all the same is asked once more, after a whole window, if that fits the longest wait.
public final class PacedClosesLoader: DailyClosesLoading {
    private let decoratee: DailyClosesLoading
    private let pacer: RequestPacer

    public init(decoratee: DailyClosesLoading, pacer: RequestPacer) {
        self.decoratee = decoratee
        self.pacer = pacer
    }

    public func closes(of ticker: String, from: CalendarDay, to: CalendarDay) throws(CandlesError) -> [DailyClose] {
        guard pacer.reserve() else { throw .rateLimited }
        do {
            return try decoratee.closes(of: ticker, from: from, to: to)
        } catch .rateLimited {
            pacer.noteRefusal()
            guard pacer.reserve() else { throw .rateLimited }
            return try decoratee.closes(of: ticker, from: from, to: to)
        }
    }
}
