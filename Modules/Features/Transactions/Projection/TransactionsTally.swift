import FixedPoint
import Ledger

/// What the cash and holdings rules, and the cash balances, need to know of a whole history,
/// folded so that a checkpoint can keep it: each pot's balance and whether it was ever
/// overdrawn, each account's holding of each ticker and whether it was ever oversold. Folding
/// a new transaction dated on or after what its pots and ticker last saw gives what a replay of
/// the history gives, so `add` checks its rules without reading the history. Each ticker's
/// holding across all accounts is kept too: the rule a sync and `undo` check.
public struct TransactionsTally: Equatable, Sendable {
    /// A pot of cash as `CashPolicy` counts it: by date, within a day money in before money out.
    public struct Pot: Equatable, Sendable {
        public internal(set) var balance = FixedDecimal.zero
        public internal(set) var movements = 0
        /// Whether a movement before `day` left it below zero.
        var overdrawnBefore = false
        /// The last day with a movement, the balance it began with, the balance after its money
        /// in, and whether money went out on it: the day's lowest points, which money in dated
        /// that day (counted before the day's money out) can still raise. Each is the same
        /// whatever order the day's movements were folded in.
        var day = CalendarDay(daysSinceEpoch: .min)
        var dayStart = FixedDecimal.zero
        var afterMoneyIn: FixedDecimal?
        var hasMoneyOut = false

        /// Whether some movement, in `CashPolicy`'s order, left it below zero.
        public var wasOverdrawn: Bool {
            overdrawnBefore || (afterMoneyIn.map { $0 < .zero } ?? false) || (hasMoneyOut && balance < .zero)
        }

        /// A movement dated on or after the pot's last day (one before it has a place no fold can take).
        fileprivate mutating func fold(_ amount: FixedDecimal, on date: CalendarDay) {
            if date > day {
                overdrawnBefore = wasOverdrawn
                (day, dayStart, afterMoneyIn, hasMoneyOut) = (date, balance, nil, false)
            }
            if amount >= .zero {
                afterMoneyIn = (afterMoneyIn ?? dayStart) + amount
            } else {
                hasMoneyOut = true
            }
            balance += amount
            movements += 1
        }
    }

    public struct HoldingKey: Hashable, Sendable {
        public let account: String?
        public let ticker: String
    }

    /// One account's shares of one ticker, as `HoldingsPolicy` counts them in that account.
    public struct Holding: Equatable, Sendable {
        public internal(set) var held = FixedDecimal.zero
        /// Whether a sell or transfer took it below zero, or a split above `HoldingsPolicy.maximumHeld`.
        public internal(set) var wasViolated = false

        init(held: FixedDecimal = .zero, wasViolated: Bool = false) {
            self.held = held
            self.wasViolated = wasViolated
        }

        /// The holding after `transaction`, which `heldAfter` counts in the holding's scope.
        fileprivate func folding(_ transaction: Transaction, heldAfter: (FixedDecimal) -> FixedDecimal) -> Holding {
            let after = heldAfter(held)
            let oversold = (transaction.type == .sell || transaction.type == .transfer) && after < .zero
            let tooLarge = transaction.type == .split && after > HoldingsPolicy.maximumHeld
            return Holding(held: after, wasViolated: wasViolated || oversold || tooLarge)
        }
    }

    /// The base currency: a transaction that names it is counted as one that names none.
    public let base: String
    public internal(set) var pots: [CashPot: Pot] = [:]
    /// The accounts with a deposit or cash transferred in: those whose cash rule is on.
    public internal(set) var trackedAccounts: Set<String?> = []
    public internal(set) var holdings: [HoldingKey: Holding] = [:]
    /// Each ticker's shares across all accounts, as `HoldingsPolicy` counts them in `.all`.
    public internal(set) var combinedHoldings: [String: Holding] = [:]
    /// Each ticker's last date and rank folded in (`Transaction.holdingsRank`).
    var lastPlace: [String: UInt64] = [:]

    public init(base: String) {
        self.base = base
    }

    /// The history replayed in the rules' own orders.
    public init(base: String, history: [Transaction]) {
        self.init(base: base)
        let history = history.inBase(base)
        trackedAccounts = CashPolicy.trackedAccounts(in: history)
        // Pots are independent: each one's movements, in CashPolicy's order (day, money in
        // first, then as given), as packed keys, not copies of the transactions that made them.
        var movements: [CashPot: [(key: UInt64, amount: FixedDecimal)]] = [:]
        for index in history.indices {
            CashPolicy.forEachLeg(of: history[index]) { pot, amount in
                let day = UInt64(UInt32(bitPattern: history[index].date.daysSinceEpoch &+ Int32.min))
                movements[pot, default: []].append((day << 32 | (amount >= .zero ? 0 : 1) << 31 | UInt64(index), amount))
            }
        }
        for (pot, legs) in movements {
            var state = Pot()
            for leg in legs.sorted(by: { $0.key < $1.key }) {
                state.fold(leg.amount, on: CalendarDay(daysSinceEpoch: Int32(truncatingIfNeeded: Int64(leg.key >> 32) + Int64(Int32.min))))
            }
            pots[pot] = state
        }
        let traded = history.indices.filter { !history[$0].ticker.isEmpty }
        for index in traded.map({ (Self.place(of: history[$0]), $0) }).sorted(by: <).map(\.1) {
            foldHoldings(history[index])
        }
    }

    /// Folds in a new transaction; false when one of its movements or its ticker's order is
    /// dated before what was folded already (then nothing changed, and the history must be replayed).
    public mutating func fold(_ transaction: Transaction) -> Bool {
        let transaction = transaction.inBase(base)
        var foldable = transaction.ticker.isEmpty || Self.place(of: transaction) >= lastPlace[transaction.ticker] ?? 0
        CashPolicy.forEachLeg(of: transaction) { pot, _ in
            if let known = pots[pot], transaction.date < known.day { foldable = false }
        }
        guard foldable else { return false }
        CashPolicy.forEachLeg(of: transaction) { pot, amount in pots[pot, default: Pot()].fold(amount, on: transaction.date) }
        switch transaction.type {
        case .deposit: trackedAccounts.insert(transaction.account)
        case .transfer where transaction.ticker.isEmpty: trackedAccounts.insert(transaction.toAccount)
        default: break
        }
        if !transaction.ticker.isEmpty { foldHoldings(transaction) }
        return true
    }

    /// Day, then rank: the holdings rule's order within a ticker.
    private static func place(of transaction: Transaction) -> UInt64 {
        UInt64(UInt32(bitPattern: transaction.date.daysSinceEpoch &+ Int32.min)) << 2 | UInt64(transaction.holdingsRank)
    }

    /// Each account that sees the transaction, as `HoldingsPolicy` does: a split is seen in every
    /// account holding the ticker, a transfer in both its accounts.
    private mutating func foldHoldings(_ transaction: Transaction) {
        lastPlace[transaction.ticker] = Self.place(of: transaction)
        let accounts: [String?]
        switch transaction.type {
        case .split: accounts = holdings.keys.filter { $0.ticker == transaction.ticker }.map(\.account)
        case .transfer: accounts = transaction.account == transaction.toAccount ? [transaction.account] : [transaction.account, transaction.toAccount]
        default: accounts = [transaction.account]
        }
        for account in accounts {
            let key = HoldingKey(account: account, ticker: transaction.ticker)
            holdings[key] = (holdings[key] ?? Holding()).folding(transaction, heldAfter: { transaction.held(after: $0, in: .only(account)) })
        }
        combinedHoldings[transaction.ticker] = (combinedHoldings[transaction.ticker] ?? Holding()).folding(transaction, heldAfter: transaction.held(after:))
    }
}

extension TransactionsTally {
    /// Each pot's balance in `scope`, as `CashPolicy.balances` gives it.
    public func balances(in scope: AccountScope) -> [CashPot: FixedDecimal] {
        pots.filter { scope.includes($0.key.account) }.mapValues(\.balance)
    }

    /// Each currency's balance, and its count of movements, across the accounts of `scope`.
    public func cashBalances(in scope: AccountScope) -> CashBalances {
        var balances: [String?: FixedDecimal] = [:], movements: [String?: Int] = [:]
        for (pot, tally) in pots where scope.includes(pot.account) && tally.movements > 0 {
            balances[pot.currency, default: .zero] += tally.balance
            movements[pot.currency, default: 0] += tally.movements
        }
        return CashBalances(isTracked: trackedAccounts.contains { scope.includes($0) }, balances: balances, movements: movements)
    }
}
