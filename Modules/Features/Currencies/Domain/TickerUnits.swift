import Ledger
import Transactions

/// The unit each ticker's prices are in where no security names one: that of its earliest
/// transaction naming a currency (the first written, of a day's), so a share bought in euros
/// is priced in euros. Kept by the portfolio's projection, so a read needs no history for it.
public struct TickerUnits: Equatable, Sendable {
    @_spi(Projections) public var first: [String: (day: CalendarDay, unit: PriceUnit)] = [:]

    public init() {}

    /// Each transaction in the ledger's order.
    public init(history: [Transaction]) {
        for transaction in history { note(transaction) }
    }

    public var units: [String: PriceUnit] { first.mapValues(\.unit) }

    /// Takes `transaction`, written after every one noted so far.
    public mutating func note(_ transaction: Transaction) {
        guard !transaction.isPlain, let code = transaction.currency, !transaction.ticker.isEmpty, let unit = PriceUnit(code),
              first[transaction.ticker].map({ transaction.date < $0.day }) ?? true else { return }
        first[transaction.ticker] = (transaction.date, unit)
    }

    /// `tickers`' units worked out again from their transactions among `records`, in the ledger's order.
    public mutating func renote(_ tickers: Set<String>, from records: [Transaction]) {
        for ticker in tickers { first[ticker] = nil }
        for record in records where tickers.contains(record.ticker) { note(record) }
    }

    public static func == (lhs: TickerUnits, rhs: TickerUnits) -> Bool {
        lhs.first.count == rhs.first.count && lhs.first.allSatisfy { ticker, first in rhs.first[ticker].map { $0 == first } ?? false }
    }
}
