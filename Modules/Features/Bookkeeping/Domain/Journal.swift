import FixedPoint
import Ledger

/// The history as double-entry bookkeeping, in no tool's syntax: every transaction as postings
/// that balance, shares booked at their cost, and the prices and rates to value them. A format
/// (hledger's, beancount's) only spells it.
public struct Journal: Equatable, Sendable {
    public let baseCurrency: String
    /// Every account posted to, with the day of its first posting (beancount opens it then).
    public let accounts: [JournalAccount: CalendarDay]
    public let entries: [JournalEntry]
    /// Closes, quotes and exchange rates, in date order; within a day, the last one counts.
    public let prices: [JournalPrice]

    public init(baseCurrency: String, accounts: [JournalAccount: CalendarDay], entries: [JournalEntry], prices: [JournalPrice]) {
        self.baseCurrency = baseCurrency
        self.accounts = accounts
        self.entries = entries
        self.prices = prices
    }
}

/// An account of the chart: a root (`Assets`) and the names under it.
public struct JournalAccount: Hashable, Comparable, Sendable {
    public enum Root: String, Sendable, CaseIterable {
        case assets = "Assets", income = "Income", expenses = "Expenses", equity = "Equity"
    }

    public let root: Root
    public let names: [String]
    /// A holding of one security's shares, booked at cost.
    public let holds: String?

    public init(_ root: Root, _ names: [String], holds: String? = nil) {
        self.root = root
        self.names = names
        self.holds = holds
    }

    public static func < (lhs: JournalAccount, rhs: JournalAccount) -> Bool {
        ([lhs.root.rawValue] + lhs.names).lexicographicallyPrecedes([rhs.root.rawValue] + rhs.names)
    }
}

/// A quantity of a currency or of a security's shares (its commodity is then the ticker).
public struct JournalAmount: Equatable, Sendable {
    public let quantity: FixedDecimal
    public let commodity: String
    public let isShares: Bool

    public init(_ quantity: FixedDecimal, _ commodity: String, isShares: Bool = false) {
        self.quantity = quantity
        self.commodity = commodity
        self.isShares = isShares
    }
}

public struct JournalPosting: Equatable, Sendable {
    public let account: JournalAccount
    public let amount: JournalAmount
    /// Shares in or out at this total cost (a lot), in the currency they were paid in.
    public let cost: JournalAmount?
    /// Money exchanged for this total in another currency.
    public let price: JournalAmount?

    public init(_ account: JournalAccount, _ amount: JournalAmount, cost: JournalAmount? = nil, price: JournalAmount? = nil) {
        self.account = account
        self.amount = amount
        self.cost = cost
        self.price = price
    }

    /// What the posting weighs in the entry's balance: its cost, its price, or itself.
    public var weight: JournalAmount {
        guard let other = cost ?? price else { return amount }
        return JournalAmount(amount.quantity.isNegative ? -other.quantity : other.quantity, other.commodity)
    }
}

public struct JournalEntry: Equatable, Sendable {
    public let date: CalendarDay
    /// "Buy 10 AAPL", with the transaction's note.
    public let narration: String
    /// The transaction's id, so a line of the journal leads back to it.
    public let transactionID: String
    public let postings: [JournalPosting]

    public init(date: CalendarDay, narration: String, transactionID: String, postings: [JournalPosting]) {
        self.date = date
        self.narration = narration
        self.transactionID = transactionID
        self.postings = postings
    }
}

/// One unit of `commodity` was worth `price` on `date`.
public struct JournalPrice: Equatable, Sendable {
    public let date: CalendarDay
    public let commodity: String
    public let isShares: Bool
    public let price: JournalAmount

    public init(date: CalendarDay, commodity: String, isShares: Bool, price: JournalAmount) {
        self.date = date
        self.commodity = commodity
        self.isShares = isShares
        self.price = price
    }
}
