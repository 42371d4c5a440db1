import FixedPoint

/// No sell may take the quantity held below zero, at its own date or at any later one. Splits
/// change the quantity held, so a sell after a split is checked against the quantity after it.
///
/// Within one day the order of events is unknown, so a split counts first, then buys, then sells
/// (`Transaction.holdingsRank`): a same-day buy-then-sell is accepted.
public enum HoldingsPolicy {
    public struct Violation: Equatable, Sendable {
        /// The sell that oversells.
        public let transactionID: String
        public let ticker: String
        public let date: CalendarDay
        public let held: FixedDecimal
        public let sold: FixedDecimal
    }

    /// The first sell that would oversell, in a single ticker's history; of sells on one day, the
    /// one that comes first in `history`.
    public static func firstViolation(in history: [Transaction]) -> Violation? {
        // Ties keep the history's order, so the same history always blames the same sell.
        let ordered = history.indices.sorted { lhs, rhs in
            let (left, right) = (history[lhs], history[rhs])
            if left.date != right.date { return left.date < right.date }
            if left.holdingsRank != right.holdingsRank { return left.holdingsRank < right.holdingsRank }
            return lhs < rhs
        }
        var held = FixedDecimal.zero
        for transaction in ordered.map({ history[$0] }) {
            if transaction.type == .sell, transaction.quantity > held {
                return Violation(transactionID: transaction.id, ticker: transaction.ticker, date: transaction.date, held: held, sold: transaction.quantity)
            }
            held = transaction.held(after: held)
        }
        return nil
    }

    /// Whether removing or changing `transaction` can strand a later sell.
    public static func supportsLaterSells(_ transaction: Transaction) -> Bool {
        transaction.type == .buy || transaction.type == .split
    }
}

extension HoldingsPolicy.Violation: CustomStringConvertible {
    public var description: String {
        "selling \(sold) \(ticker) on \(date.iso) would leave a negative holding: \(held) \(ticker) held on that date"
    }
}
