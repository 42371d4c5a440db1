import Ledger
import Transactions

/// What one ticker's backfill found.
public struct Backfill: Equatable, Sendable {
    public let ticker: String
    public let from: CalendarDay
    /// The closes kept over the window now, fetched or kept before.
    public let closes: Int
    public let source: TickerHistory.Source
    /// Why the provider added nothing.
    public let failure: CandlesError?
}

public enum BackfillError: Error, Equatable {
    case transactions(RetrieveTransactionsError)
    case history(PriceHistoryError)
}

/// The daily closes of what you hold or held, from each one's first transaction (or a given
/// day) to today, fetched from the history provider and kept as closes: the history every
/// figure over time is valued with. What is kept already is not asked for again.
public final class BackfillClosesUseCase {
    private let transactions: TransactionsRetrieving
    private let history: TickerHistoryLoading
    private let today: () -> CalendarDay

    public init(transactions: TransactionsRetrieving, history: TickerHistoryLoading, today: @escaping () -> CalendarDay) {
        self.transactions = transactions
        self.history = history
        self.today = today
    }

    /// - Parameters:
    ///   - tickers: these, or every ticker of a transaction when none are given.
    ///   - starting: tells of each ticker as its fetch starts, with its place and the count.
    public func backfill(_ tickers: [String] = [], from: CalendarDay? = nil,
                         starting: (_ ticker: String, _ index: Int, _ count: Int) -> Void = { _, _, _ in }) throws(BackfillError) -> [Backfill] {
        let all: [Transaction]
        do throws(RetrieveTransactionsError) {
            all = try transactions.retrieve(TransactionFilter(), order: .unspecified)
        } catch {
            throw .transactions(error)
        }
        var firstDays: [String: CalendarDay] = [:]
        for transaction in all where !transaction.ticker.isEmpty {
            firstDays[transaction.ticker] = min(firstDays[transaction.ticker] ?? transaction.date, transaction.date)
        }
        let wanted = tickers.isEmpty ? firstDays.keys.sorted() : tickers
        let end = today()
        var found: [Backfill] = []
        for (index, ticker) in wanted.enumerated() {
            let start = min(from ?? firstDays[ticker] ?? end.adding(days: -365), end)
            starting(ticker, index, wanted.count)
            do throws(PriceHistoryError) {
                let kept = try history.history(of: ticker, from: start, to: end)
                found.append(Backfill(ticker: ticker, from: start, closes: kept.closes.count, source: kept.source, failure: kept.providerFailure))
            } catch {
                throw .history(error)
            }
        }
        return found
    }
}
