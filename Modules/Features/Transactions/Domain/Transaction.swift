import Foundation
import FixedPoint

/// A trade. Each type is a ledger kind of its own (see `TransactionsLedgerCodec`).
public enum TransactionType: String, Sendable, CaseIterable {
    case buy
    case sell
}

public struct Transaction: Hashable, Sendable {
    public let id: String
    public let date: CalendarDay
    public let type: TransactionType
    /// Uppercased, validated by `TransactionValidator`.
    public let ticker: String
    public let quantity: FixedDecimal
    /// What the user paid (buy) or received (sell), in money.
    public let sum: FixedDecimal
    public let note: String?
    /// When this version was written; the sync's last-write-wins rule compares it.
    public let updatedAt: Date

    public init(id: String, date: CalendarDay, type: TransactionType, ticker: String,
                quantity: FixedDecimal, sum: FixedDecimal, note: String? = nil, updatedAt: Date) {
        self.id = id
        self.date = date
        self.type = type
        self.ticker = ticker
        self.quantity = quantity
        self.sum = sum
        self.note = note
        self.updatedAt = updatedAt
    }

    /// Derived, never entered: seed 002 has the user type quantity and sum and computes the price.
    /// Rounded half-to-even to 8 fractional digits; quantity is validated to be positive.
    public var price: FixedDecimal { sum.divided(by: quantity) ?? .zero }

    /// The signed change this transaction makes to the quantity held. Exhaustive on purpose: a
    /// new type must decide what it does to a holding.
    public var quantityDelta: FixedDecimal {
        switch type {
        case .buy: return quantity
        case .sell: return -quantity
        }
    }

    /// Within one day the order of trades is unknown, so what adds to a holding counts first.
    public var addsToHolding: Bool {
        switch type {
        case .buy: return true
        case .sell: return false
        }
    }
}
