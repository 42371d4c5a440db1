import Foundation
import FixedPoint
import Ledger
import Transactions
import CurrentPrices

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
    /// Rows that are wrong, by line (the first `CloseImport.keptProblems`), and how many there
    /// are in all: nothing was imported.
    case invalidRows([RowError], total: Int)
    case store(StoreError)
    case unreadable(LedgerDecodingError)
}

/// Closes read from a file one row at a time: each row is checked as it comes, and a later row
/// for the same ticker and day replaces an earlier one, so an import of any length holds one
/// close per ticker and day, never its rows.
public struct CloseImport {
    /// Problems past these are counted, not kept: the import fails either way.
    public static let keptProblems = 1000

    public private(set) var problems: [RowError] = []
    public private(set) var problemCount = 0
    public private(set) var closes: [DailyClose] = []
    /// By ticker and day, not by ledger id: a short ticker is held inline, so a long file of
    /// distinct closes costs no string per close here.
    private var positions: [Key: Int] = [:]
    private struct Key: Hashable {
        let ticker: String
        let day: CalendarDay
    }
    private let today: CalendarDay

    public init(today: CalendarDay) {
        self.today = today
    }

    public mutating func add(_ row: CloseRow) {
        var messages: [String] = []
        let day = CalendarDay(iso: row.date.trimmedSpaces)
        if day == nil { messages.append("date: '\(row.date)' is not a date in the form YYYY-MM-DD") }
        if let day, day > today { messages.append("date: \(day.iso) is in the future (today is \(today.iso))") }
        let ticker = TransactionValidator.normalizedTicker(row.ticker.trimmedSpaces)
        if ticker == nil { messages.append("ticker: '\(row.ticker)' is not a ticker symbol") }
        let close = FixedDecimal(row.close.trimmedSpaces)
        if close == nil || close! <= .zero || close! > TransactionValidator.maximumValue {
            messages.append("close: '\(row.close)' is not a price greater than 0")
        }
        guard let day, let ticker, let close, messages.isEmpty else {
            problemCount += 1
            if problems.count < Self.keptProblems { problems.append(RowError(line: row.line, messages: messages)) }
            return
        }
        let parsed = DailyClose(ticker: ticker, day: day, close: close)
        let key = Key(ticker: ticker, day: day)
        if let position = positions[key] {
            closes[position] = parsed
        } else {
            positions[key] = closes.count
            closes.append(parsed)
        }
    }
}

public protocol PriceHistoryManaging {
    /// All or nothing: every row is checked, and only a fully valid file is saved; the last row
    /// for a ticker and day is the one kept.
    func importCloses(_ closes: CloseImport) throws(PriceHistoryError) -> [DailyClose]
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

    public func importCloses(_ closes: CloseImport) throws(PriceHistoryError) -> [DailyClose] {
        guard closes.problemCount == 0 else { throw .invalidRows(closes.problems, total: closes.problemCount) }
        try store.save(closes.closes, at: now(), atomically: true)
        return closes.closes
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
