import FixedPoint
import Ledger

/// No movement may take cash below zero, on its own date or any later one, once the history holds
/// a deposit. Users who track holdings only (no deposit) are never blocked.
///
/// Within one day the order of movements is unknown, so money in counts before money out: a
/// same-day deposit-then-buy is accepted, and the balance at the end of a day is its lowest.
public enum CashPolicy {
    public struct Violation: Equatable, Sendable {
        /// The movement that takes cash below zero.
        public let transactionID: String
        public let type: TransactionType
        public let date: CalendarDay
        public let amount: FixedDecimal
        /// The balance on that date before this movement.
        public let available: FixedDecimal
    }

    /// Whether cash is tracked at all: the rule and the balance need a deposit.
    public static func isTracked(in history: [Transaction]) -> Bool {
        history.contains { $0.type == .deposit }
    }

    /// deposits − withdrawals − buys + sells + dividends + interest − fees.
    public static func balance(of history: [Transaction]) -> FixedDecimal {
        history.reduce(.zero) { $0 + $1.cashChange }
    }

    /// The history in the order cash moves: by date, money in before money out, then as given.
    ///
    /// Sorts packed integer keys (day, out after in, position), not transactions: a comparison
    /// that reads two transactions copies them, which cost more than the sort.
    public static func ordered(_ history: [Transaction]) -> [Transaction] {
        var keys = [UInt64](repeating: 0, count: history.count)
        for (position, transaction) in history.enumerated() {
            let day = UInt64(UInt32(bitPattern: transaction.date.daysSinceEpoch &+ Int32.min))
            keys[position] = day << 32 | (transaction.cashChange >= .zero ? 0 : 1) << 31 | UInt64(position)
        }
        keys.sort()
        return keys.map { history[Int($0 & 0x7FFF_FFFF)] }
    }

    public static func firstViolation(in history: [Transaction]) -> Violation? {
        guard isTracked(in: history) else { return nil }
        var balance = FixedDecimal.zero
        for transaction in ordered(history) {
            let after = balance + transaction.cashChange
            if after < .zero {
                return Violation(transactionID: transaction.id, type: transaction.type, date: transaction.date, amount: transaction.sum, available: balance)
            }
            balance = after
        }
        return nil
    }
}

extension CashPolicy.Violation: CustomStringConvertible {
    public var description: String {
        let what: String
        switch type {
        case .buy: what = "buying for \(amount.formatted(fractionDigits: 2))"
        case .withdrawal: what = "withdrawing \(amount.formatted(fractionDigits: 2))"
        case .fee: what = "a fee of \(amount.formatted(fractionDigits: 2))"
        default: what = "removing \(amount.formatted(fractionDigits: 2)) of cash"
        }
        return "\(what) on \(date.iso) would leave a negative cash balance: \(available.formatted(fractionDigits: 2)) available on that date"
    }
}
