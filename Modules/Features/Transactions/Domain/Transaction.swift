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
    /// An exchange of cash at the broker, within one account: `sum` in `currency` for `toSum`
    /// in `toCurrency`.
    case fx
    /// Shares (a ticker and a quantity, with their lots and cost) or cash (a sum) moved from one
    /// account to another; nothing is bought, sold or realized.
    case transfer
}

/// Which of a transaction's fields its type uses.
public enum FieldUse: Sendable, Equatable {
    case required, optional, unused
}

extension TransactionType {
    public var ticker: FieldUse {
        switch self {
        case .buy, .sell, .dividend, .split: return .required
        case .fee, .transfer: return .optional
        case .deposit, .withdrawal, .interest, .fx: return .unused
        }
    }

    /// A transfer takes a quantity with a ticker, or a sum without: `TransactionValidator` checks which.
    public var quantity: FieldUse {
        switch self {
        case .buy, .sell: return .required
        case .transfer: return .optional
        case .deposit, .withdrawal, .interest, .dividend, .fee, .split, .fx: return .unused
        }
    }

    public var sum: FieldUse {
        switch self {
        case .split: return .unused
        case .transfer: return .optional
        case .buy, .sell, .deposit, .withdrawal, .interest, .dividend, .fee, .fx: return .required
        }
    }

    public var ratio: FieldUse { self == .split ? .required : .unused }
    public var toSum: FieldUse { self == .fx ? .required : .unused }
    /// Nil, as for `currency`, is the base currency: an exchange names at least one other.
    public var toCurrency: FieldUse { self == .fx ? .optional : .unused }
    public var toAccount: FieldUse { self == .transfer ? .required : .unused }
    /// A trade's commission, paid on top of a buy's sum and out of a sell's.
    public var fee: FieldUse { isTrade ? .optional : .unused }

    /// The sign of the cash this type moves from its account, in its currency: +1 in, −1 out, 0
    /// none. An exchange and a cash transfer pay out here and receive in `Transaction.counterLeg`.
    public var cashDirection: Int {
        switch self {
        case .deposit, .sell, .dividend, .interest: return 1
        case .withdrawal, .buy, .fee, .fx, .transfer: return -1
        case .split: return 0
        }
    }

    /// A trade is a buy or a sell; everything else moves cash or shares around it.
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

    /// The id of the account it belongs to (a transfer's source); nil for the default account, as
    /// every record written before accounts existed is.
    public var account: String? { extras?.account }
    /// The ISO 4217 code `sum` is in; nil for the base currency, as every record written before
    /// currencies existed is.
    public var currency: String? { extras?.currency }
    /// An exchange's proceeds, in `toCurrency`.
    public var toSum: FixedDecimal? { extras?.toSum }
    /// The currency an exchange receives; nil for the base currency.
    public var toCurrency: String? { extras?.toCurrency }
    /// A transfer's destination: the account's id, or nil for the default account.
    public var toAccount: String? { extras?.toAccount }
    /// A trade's commission, in `currency`, apart from its `sum`; nil when none was recorded.
    public var fee: FixedDecimal? { extras?.fee }
    /// A buy of shares held before the history begins (an import's opening), at a sum of 0 until
    /// its cost is set: its holding's cost basis, and the gains of its shares, are not known.
    public var costUnknown: Bool { extras?.costUnknown ?? false }
    /// Fields a newer release wrote that this one doesn't know, kept as they are through an
    /// edit, so a newer client's data survives an older one's changes.
    public var otherFields: [String: String] { extras?.otherFields ?? [:] }
    /// In the default account and the base currency, with no other side (an exchange and a
    /// transfer always have one): most transactions, told apart without reading a string.
    public var isPlain: Bool { extras == nil }

    /// What few transactions have, behind one reference.
    private final class Extras: Hashable, Sendable {
        let account: String?
        let currency: String?
        let toSum: FixedDecimal?
        let toCurrency: String?
        let toAccount: String?
        let fee: FixedDecimal?
        let costUnknown: Bool
        let otherFields: [String: String]

        init(account: String?, currency: String?, toSum: FixedDecimal?, toCurrency: String?, toAccount: String?, fee: FixedDecimal?,
             costUnknown: Bool, otherFields: [String: String]) {
            self.costUnknown = costUnknown
            self.account = account
            self.currency = currency
            self.toSum = toSum
            self.toCurrency = toCurrency
            self.toAccount = toAccount
            self.fee = fee
            self.otherFields = otherFields
        }

        static func == (lhs: Extras, rhs: Extras) -> Bool {
            (lhs.account, lhs.currency, lhs.toSum, lhs.toCurrency, lhs.toAccount) == (rhs.account, rhs.currency, rhs.toSum, rhs.toCurrency, rhs.toAccount)
                && lhs.fee == rhs.fee && lhs.costUnknown == rhs.costUnknown && lhs.otherFields == rhs.otherFields
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(account)
            hasher.combine(currency)
            hasher.combine(toSum)
            hasher.combine(toCurrency)
            hasher.combine(toAccount)
            hasher.combine(fee)
            hasher.combine(costUnknown)
            hasher.combine(otherFields)
        }
    }

    public init(id: String, date: CalendarDay, type: TransactionType, ticker: String,
                quantity: FixedDecimal, sum: FixedDecimal, ratio: SplitRatio? = nil, note: String? = nil, account: String? = nil,
                currency: String? = nil, toSum: FixedDecimal? = nil, toCurrency: String? = nil, toAccount: String? = nil,
                fee: FixedDecimal? = nil, costUnknown: Bool = false, otherFields: [String: String] = [:], updatedAt: Date) {
        self.id = id
        self.date = date
        self.type = type
        self.ticker = ticker
        self.updatedAt = updatedAt
        self.quantity = quantity
        self.sum = sum
        self.ratio = ratio
        self.note = note
        // A fee of 0 is no fee: one history, one way to write it.
        let fee = fee.flatMap { $0.isZero ? nil : $0 }
        // Only a buy that cost nothing yet can be of unknown cost: a cost given is known.
        let costUnknown = costUnknown && type == .buy && sum.isZero
        let plain = account == nil && currency == nil && toSum == nil && toCurrency == nil && toAccount == nil && fee == nil && !costUnknown
            && otherFields.isEmpty
        extras = plain ? nil : Extras(account: account, currency: currency, toSum: toSum, toCurrency: toCurrency, toAccount: toAccount,
                                      fee: fee, costUnknown: costUnknown, otherFields: otherFields)
    }

    /// This transaction with its money put another way (converted, or its currency named
    /// otherwise): every other field, one added later included, kept as it is.
    public func restating(sum: FixedDecimal, toSum: FixedDecimal?, fee: FixedDecimal?, currency: String?, toCurrency: String?) -> Transaction {
        Transaction(id: id, date: date, type: type, ticker: ticker, quantity: quantity, sum: sum, ratio: ratio, note: note, account: account,
                    currency: currency, toSum: toSum, toCurrency: toCurrency, toAccount: toAccount, fee: fee, costUnknown: costUnknown,
                    otherFields: otherFields, updatedAt: updatedAt)
    }

    /// Derived, never entered: the user types quantity and sum, the figures on a contract note.
    /// Rounded half-to-even to 8 fractional digits; nil for a type without a quantity.
    public var price: FixedDecimal? { type.isTrade ? sum.divided(by: quantity) : nil }

    /// What the trade cost or brought in, its fee counted: sum + fee for a buy (its cost basis
    /// and the cash paid), sum − fee for a sell (its proceeds and the cash received); the sum for
    /// every other type. (Sums and fees are at most `TransactionValidator.maximumValue`, so this
    /// can't overflow.)
    public var settled: FixedDecimal {
        guard let fee = extras?.fee else { return sum }
        return type == .sell ? sum - fee : sum + fee
    }

    /// The quantity of `ticker` held after this transaction, given `held` before it, across all
    /// accounts: a transfer moves shares between two, so changes nothing here.
    public func held(after held: FixedDecimal) -> FixedDecimal {
        switch type {
        case .buy: return held + quantity
        case .sell: return held - quantity
        case .split: return ratio.map { $0.apply(to: held) } ?? held
        case .deposit, .withdrawal, .interest, .dividend, .fee, .fx, .transfer: return held
        }
    }

    /// Signed: what this transaction adds to (or takes from) the cash of its account, in its
    /// currency. A share transfer moves no cash.
    public var cashChange: FixedDecimal {
        if type == .transfer && !ticker.isEmpty { return .zero }
        switch type.cashDirection {
        case 1: return settled
        case -1: return -settled
        default: return .zero
        }
    }

    /// Where the cash of an exchange or a cash transfer arrives: in the same account in
    /// `toCurrency`, or in `toAccount` in the same currency.
    public var counterLeg: (account: String?, currency: String?, amount: FixedDecimal)? {
        switch type {
        case .fx: return (account, toCurrency, toSum ?? .zero)
        case .transfer where ticker.isEmpty: return (toAccount, currency, sum)
        default: return nil
        }
    }

    /// Within one day the order of events is unknown, so a split counts first (trades on its day
    /// are at the new quantity), then what adds to a holding, then transfers, which add to one
    /// account's holding what they take from another's, then sells: a same-day buy-then-sell is
    /// accepted, and so are shares moved to another account and sold there the same day.
    public var holdingsRank: UInt8 {
        switch type {
        case .split: return 0
        case .buy, .deposit, .withdrawal, .interest, .dividend, .fee, .fx: return 1
        case .transfer: return 2
        case .sell: return 3
        }
    }

    /// Whether `other` is this transaction with another note (or saved at another time): it
    /// moves the same cash and shares, on the same day, in the same accounts.
    public func differsOnlyInNote(from other: Transaction) -> Bool {
        (id, date, type, ticker) == (other.id, other.date, other.type, other.ticker)
            && (quantity, sum, ratio) == (other.quantity, other.sum, other.ratio) && extras == other.extras
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
