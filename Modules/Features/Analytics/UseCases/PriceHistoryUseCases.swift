import Foundation
import FixedPoint
import Ledger
import Transactions

/// One close as read from a file, with where it came from so errors can point at it.
public struct CloseRow: Equatable, Sendable {
    public let line: Int
    public let date: String
    public let ticker: String
    public let close: String

    public init(line: Int, date: String, ticker: String, close: String) {
        self.line = line
        self.date = date
        self.ticker = ticker
        self.close = close
    }
}

public enum PriceHistoryError: LedgerFeatureError, Equatable {
    /// Every row that is wrong, by line: nothing was imported.
    case invalidRows([RowError])
    case store(StoreError)
    case unreadable(LedgerDecodingError)
}

public protocol PriceHistoryManaging {
    /// All or nothing: every row is checked, and only a fully valid file is saved.
    func importCloses(_ rows: [CloseRow], today: CalendarDay) throws(PriceHistoryError) -> [DailyClose]
    /// Closes from a trusted mapping (a quote service), kept as they are.
    func save(_ closes: [DailyClose]) throws(PriceHistoryError)
    func history() throws(PriceHistoryError) -> PriceHistory
}

public final class ManagePriceHistoryUseCase: PriceHistoryManaging {
    private let store: PriceHistoryStore
    private let now: () -> Date

    public init(store: PriceHistoryStore, now: @escaping () -> Date) {
        self.store = store
        self.now = now
    }

    public func importCloses(_ rows: [CloseRow], today: CalendarDay) throws(PriceHistoryError) -> [DailyClose] {
        var closes: [DailyClose] = []
        var errors: [RowError] = []
        for row in rows {
            var problems: [String] = []
            let day = CalendarDay(iso: row.date.trimmingCharacters(in: .whitespaces))
            if day == nil { problems.append("date: '\(row.date)' is not a date in the form YYYY-MM-DD") }
            if let day, day > today { problems.append("date: \(day.iso) is in the future (today is \(today.iso))") }
            let ticker = TransactionValidator.normalizedTicker(row.ticker.trimmingCharacters(in: .whitespaces))
            if ticker == nil { problems.append("ticker: '\(row.ticker)' is not a ticker symbol") }
            let close = FixedDecimal(row.close.trimmingCharacters(in: .whitespaces))
            if close == nil || close! <= .zero || close! > TransactionValidator.maximumValue {
                problems.append("close: '\(row.close)' is not a price greater than 0")
            }
            if let day, let ticker, let close, problems.isEmpty {
                closes.append(DailyClose(ticker: ticker, day: day, close: close))
            } else {
                errors.append(RowError(line: row.line, messages: problems))
            }
        }
        guard errors.isEmpty else { throw .invalidRows(errors) }
        try store.save(closes, at: now(), atomically: true)
        return closes
    }

    /// One append: closes from a quote service are kept as they come, and a crash part-way
    /// loses only some that the next quote brings again.
    public func save(_ closes: [DailyClose]) throws(PriceHistoryError) {
        try store.save(closes, at: now(), atomically: false)
    }

    public func history() throws(PriceHistoryError) -> PriceHistory {
        PriceHistory(try store.closes())
    }
}
