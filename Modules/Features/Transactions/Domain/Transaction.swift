import Foundation
import FixedPoint
import Ledger

/// What happened to the account. Each type is a ledger kind of its own (see
/// `TransactionsLedgerCodec`), and each decides, exhaustively, what it does to a holding and to cash.
public enum TransactionType: String, Sendable, CaseIterable {
    case buy
    case sell
    /// Cash in, cash out and interest move cash only.
    case deposit
    case withdrawal
    case interest
    /// Cash from a holding: counted as the ticker's income.
    case dividend
    /// Money paid, for a ticker or for the account: counted as an expense.
    case fee
    /// Multiplies the quantity held and divides the average cost; moves no money.
    case split
}

/// Which of a transaction's fields its type uses.
public enum FieldUse: Sendable, Equatable {
    case required, optional, unused
}

extension TransactionType {
    public var ticker: FieldUse {
        switch self {
        case .buy, .sell, .dividend, .split: return .required
        case .fee: return .optional
        case .deposit, .withdrawal, .interest: return .unused
        }
    }

    public var quantity: FieldUse {
        switch self {
        case .buy, .sell: return .required
        case .deposit, .withdrawal, .interest, .dividend, .fee, .split: return .unused
        }
    }

    public var sum: FieldUse {
        switch self {
        case .split: return .unused
        case .buy, .sell, .deposit, .withdrawal, .interest, .dividend, .fee: return .required
        }
    }

    public var ratio: FieldUse { self == .split ? .required : .unused }

    /// The sign of the cash this type moves: +1 in, −1 out, 0 none.
    public var cashDirection: Int {
        switch self {
        case .deposit, .sell, .dividend, .interest: return 1
        case .withdrawal, .buy, .fee: return -1
        case .split: return 0
        }
    }

    /// Seed 000 calls a trade a trade; everything else moves cash or shares around it.
    public var isTrade: Bool { self == .buy || self == .sell }
}

/// Kept to 128 bytes, its fields ordered so no padding is wasted: past that size every copy of a
/// transaction is a call to `memcpy`, which made a portfolio of 100k transactions 20% slower. The
/// fields most transactions don't have share one reference.
public struct Transaction: Hashable, Sendable {
    public let id: String
    public let date: CalendarDay
    public let type: TransactionType
    /// Uppercased, validated by `TransactionValidator`; empty for a type without one
    /// (`type.ticker`), such as a deposit or an account fee.
    public let ticker: String
    /// When this version was written; the sync's last-write-wins rule compares it.
    public let updatedAt: Date
    /// Shares bought or sold; zero for the types without a quantity.
    public let quantity: FixedDecimal
    /// The money moved: paid (buy, fee, withdrawal) or received (sell, dividend, interest,
    /// deposit); zero for a split.
    public let sum: FixedDecimal
    /// A split's shares after for shares before; nil for every other type.
    public let ratio: SplitRatio?
    public let note: String?
    private let extras: Extras?

    /// The id of the account it belongs to; nil for the default account, as every record written
    /// before accounts existed is.
    public var account: String? { extras?.account }
    /// Fields a newer release wrote that this one doesn't know, kept as they are through an
    /// edit, so a newer client's data survives an older one's changes.
    public var otherFields: [String: String] { extras?.otherFields ?? [:] }

    private final class Extras: Hashable, Sendable {
        let account: String?
        let otherFields: [String: String]

        init(account: String?, otherFields: [String: String]) {
            self.account = account
            self.otherFields = otherFields
        }

        static func == (lhs: Extras, rhs: Extras) -> Bool { lhs.account == rhs.account && lhs.otherFields == rhs.otherFields }
        func hash(into hasher: inout Hasher) {
            hasher.combine(account)
            hasher.combine(otherFields)
        }
    }

    public init(id: String, date: CalendarDay, type: TransactionType, ticker: String,
                quantity: FixedDecimal, sum: FixedDecimal, ratio: SplitRatio? = nil, note: String? = nil, account: String? = nil,
                otherFields: [String: String] = [:], updatedAt: Date) {
        self.id = id
        self.date = date
        self.type = type
        self.ticker = ticker
        self.updatedAt = updatedAt
        self.quantity = quantity
        self.sum = sum
        self.ratio = ratio
        self.note = note
        extras = account == nil && otherFields.isEmpty ? nil : Extras(account: account, otherFields: otherFields)
    }

    /// Derived, never entered: seed 002 has the user type quantity and sum and computes the price.
    /// Rounded half-to-even to 8 fractional digits; nil for a type without a quantity.
    public var price: FixedDecimal? { type.isTrade ? sum.divided(by: quantity) : nil }

    /// The quantity of `ticker` held after this transaction, given `held` before it.
    public func held(after held: FixedDecimal) -> FixedDecimal {
        switch type {
        case .buy: return held + quantity
        case .sell: return held - quantity
        case .split: return ratio.map { $0.apply(to: held) } ?? held
        case .deposit, .withdrawal, .interest, .dividend, .fee: return held
        }
    }

    /// Signed: what this transaction adds to (or takes from) the cash balance.
    public var cashChange: FixedDecimal {
        switch type.cashDirection {
        case 1: return sum
        case -1: return -sum
        default: return .zero
        }
    }

    /// Within one day the order of events is unknown, so a split counts first (trades on its day
    /// are at the new quantity), then what adds to a holding, then what takes from it: a same-day
    /// buy-then-sell is accepted.
    public var holdingsRank: UInt8 {
        switch type {
        case .split: return 0
        case .sell: return 2
        case .buy, .deposit, .withdrawal, .interest, .dividend, .fee: return 1
        }
    }
}

/// "4:1" (four shares for each one held) or "1:10" (a reverse split): whole numbers, 1 to a million.
public struct SplitRatio: Hashable, Sendable, CustomStringConvertible {
    public static let maximumTerm = 1_000_000
    public let after: Int
    public let before: Int

    public init?(after: Int, before: Int) {
        guard (1...Self.maximumTerm).contains(after), (1...Self.maximumTerm).contains(before) else { return nil }
        self.after = after
        self.before = before
    }

    public init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.count <= 7 && $0.allSatisfy(\.isASCIIDigit) }),
              let after = Int(parts[0]), let before = Int(parts[1]) else { return nil }
        self.init(after: after, before: before)
    }

    public var description: String { "\(after):\(before)" }

    /// The quantity held after the split, rounded half-to-even to 8 fractional digits. (Holdings
    /// are capped at `HoldingsPolicy.maximumHeld` and ratios at 7 digits, so it always fits; a
    /// history past the cap, which no check lets in, keeps its quantity.)
    public func apply(to quantity: FixedDecimal) -> FixedDecimal {
        quantity.scaled(by: FixedDecimal(after), over: FixedDecimal(before)) ?? quantity
    }
}

private extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
