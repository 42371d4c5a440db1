import FixedPoint

/// A ticker's latest buy or sell: what it cost, as how many of today's shares (a split since
/// restates the quantity, not the sum), in the trade's currency. What a holding with no close is
/// worth by every figure over time, so they agree.
public struct LastTrade: Equatable, Sendable {
    public let sum: FixedDecimal
    public let quantity: FixedDecimal
    /// Nil: the base currency.
    public let currency: String?

    /// The ticker's last trade after `transaction` of it: a trade replaces `last`, a split
    /// restates it, and anything else leaves it.
    public static func after(_ transaction: Transaction, _ last: LastTrade?) -> LastTrade? {
        if transaction.type.isTrade, !transaction.quantity.isZero {
            return LastTrade(sum: transaction.sum, quantity: transaction.quantity, currency: transaction.currency)
        }
        // A trade before a split bought the old quantity: as many of today's shares as the split makes of it.
        if let ratio = transaction.ratio, let last {
            return LastTrade(sum: last.sum, quantity: ratio.apply(to: last.quantity), currency: last.currency)
        }
        return last
    }

    /// `held` shares at this trade's price; nil when that doesn't fit.
    public func value(of held: FixedDecimal) -> FixedDecimal? {
        held.scaled(by: sum, over: quantity)
    }
}
