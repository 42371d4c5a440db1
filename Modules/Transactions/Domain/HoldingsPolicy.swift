import FixedPoint

/// No sell may take the quantity held below zero, at its own date or at any later one.
///
/// Within one day the order of trades is unknown, so buys are counted before sells: a same-day
/// buy-then-sell is accepted.
public enum HoldingsPolicy {
    public struct Violation: Equatable, Sendable {
        /// The sell that oversells.
        public let transactionID: String
        public let ticker: String
        public let date: CalendarDay
        public let held: FixedDecimal
        public let sold: FixedDecimal
    }

    /// The first sell that would oversell, in a single ticker's history.
    public static func firstViolation(in history: [Transaction]) -> Violation? {
        let ordered = history.sorted { lhs, rhs in
            lhs.date != rhs.date ? lhs.date < rhs.date : (lhs.type == .buy && rhs.type != .buy)
        }
        var held = FixedDecimal.zero
        for transaction in ordered {
            if transaction.type == .sell, transaction.quantity > held {
                return Violation(transactionID: transaction.id, ticker: transaction.ticker, date: transaction.date, held: held, sold: transaction.quantity)
            }
            held += transaction.quantityDelta
        }
        return nil
    }
}

extension HoldingsPolicy.Violation: CustomStringConvertible {
    public var description: String {
        "selling \(sold) \(ticker) on \(date.iso) would leave a negative holding: \(held) \(ticker) held on that date"
    }
}
