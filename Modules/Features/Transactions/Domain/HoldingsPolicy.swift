import FixedPoint
import Ledger

/// No sell may take the quantity held below zero, at its own date or at any later one. Splits
/// change the quantity held, so a sell after a split is checked against the quantity after it.
///
/// Within one day the order of events is unknown, so a split counts first, then buys, then
/// transfers, then sells (`Transaction.holdingsRank`): a same-day buy-then-sell is accepted, and
/// so is a sell of shares transferred in that day. A day's transfers go in the order they were
/// first entered (`ReplayPlace`).
///
/// Nor may a split take the quantity held above `maximumHeld`: splits multiply, and past it a
/// holding's value could not be counted exactly.
public enum HoldingsPolicy {
    /// A thousand times the most one transaction may hold: room for any real split, and a value
    /// (at most `TransactionValidator.maximumValue` a share) that fits with room for totals.
    public static let maximumHeld = FixedDecimal(1_000_000_000_000_000)

    public struct Violation: Equatable, Sendable {
        public enum Kind: Equatable, Sendable {
            /// A sell of more than is held.
            case oversell
            /// A split that takes the holding above `maximumHeld`.
            case tooLarge
        }

        public let kind: Kind
        /// The sell that oversells, or the split that makes the holding too large.
        public let transactionID: String
        public let ticker: String
        public let date: CalendarDay
        /// Held before the sell, or after the split.
        public let held: FixedDecimal
        /// What the sell sold (or the transfer moved); zero for a split.
        public let sold: FixedDecimal
        /// Whether a transfer out, not a sell, oversells.
        public var isTransfer = false

        public init(kind: Kind = .oversell, transactionID: String, ticker: String, date: CalendarDay, held: FixedDecimal, sold: FixedDecimal) {
            self.kind = kind
            self.transactionID = transactionID
            self.ticker = ticker
            self.date = date
            self.held = held
            self.sold = sold
        }
    }

    /// Every account a ticker's `history` can hold shares in, in the order first named: each
    /// transaction's, and a transfer's destination.
    public static func accounts(holding history: [Transaction]) -> [String?] {
        var seen = Set<String?>()
        return history.filter { $0.type != .split }.flatMap(\.accountsNamed).filter { seen.insert($0).inserted }
    }

    /// The first sell (or transfer out) that would oversell, in a single ticker's history, in
    /// `scope`, in a replay's order (`ReplayPlace`): the same history always blames the same sell.
    public static func firstViolation(in history: [Transaction], scope: AccountScope = .all) -> Violation? {
        let history = scope == .all ? history : history.filter { $0.isSeen(in: scope) }
        var held = FixedDecimal.zero
        for transaction in ReplayOrder.indices(of: history).map({ history[$0] }) {
            let after = transaction.held(after: held, in: scope)
            if transaction.type == .sell || transaction.type == .transfer, after < .zero {
                var violation = Violation(transactionID: transaction.id, ticker: transaction.ticker, date: transaction.date, held: held, sold: transaction.quantity)
                violation.isTransfer = transaction.type == .transfer
                return violation
            }
            held = after
            if transaction.type == .split, held > maximumHeld {
                return Violation(kind: .tooLarge, transactionID: transaction.id, ticker: transaction.ticker, date: transaction.date, held: held, sold: .zero)
            }
        }
        return nil
    }

    /// Whether `transaction` in `earlier`'s place leaves every holding as it was, in every
    /// account on every day: only its sum, its note or its cash changed, or neither version
    /// moves shares. An edit keeps a record's place in its day (`ReplayPlace`), so the order of
    /// a day's transfers, which can matter, stays as it was.
    public static func countsTheSame(_ transaction: Transaction, as earlier: Transaction) -> Bool {
        guard movesShares(transaction) || movesShares(earlier) else { return true }
        return transaction.type == earlier.type && transaction.ticker == earlier.ticker && transaction.date == earlier.date
            && transaction.quantity == earlier.quantity && transaction.ratio == earlier.ratio
            && transaction.account == earlier.account && transaction.toAccount == earlier.toAccount
    }

    private static func movesShares(_ transaction: Transaction) -> Bool {
        !transaction.ticker.isEmpty && (transaction.type.isTrade || transaction.type == .split || transaction.type == .transfer)
    }

    /// Whether removing or changing `transaction` can strand a later sell.
    public static func supportsLaterSells(_ transaction: Transaction) -> Bool {
        transaction.type == .buy || transaction.type == .split || transaction.type == .transfer
    }
}

extension HoldingsPolicy.Violation: CustomStringConvertible {
    private var verb: String { isTransfer ? "transferring" : "selling" }

    public var description: String {
        switch kind {
        case .oversell:
            "\(verb) \(sold) \(ticker) on \(date.iso) would leave a negative holding: \(held) \(ticker) held on that date"
        case .tooLarge:
            "the split of \(ticker) on \(date.iso) would make the holding \(held) shares, more than the \(HoldingsPolicy.maximumHeld) invest can value exactly"
        }
    }
}
