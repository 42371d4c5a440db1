import FixedPoint
import Ledger

/// Cash held in one account in one currency (nil: the default account, the base currency). Each
/// pot has its own balance and its own rule: dollars don't pay for a buy in pounds.
public struct CashPot: Hashable, Sendable {
    public let account: String?
    public let currency: String?

    public init(account: String?, currency: String?) {
        self.account = account
        self.currency = currency
    }
}

/// One leg of a transaction's cash: what it moved in one pot.
public struct CashMovement: Sendable {
    public let transaction: Transaction
    public let pot: CashPot
    /// Signed: in is positive.
    public let amount: FixedDecimal
}

/// No movement may take a pot of cash below zero, on its own date or any later one, once money
/// was put in that pot from outside it: a deposit, or cash transferred in from another account.
/// An exchange only moves what a pot holds already (a broker's export of trades alone exchanges
/// for each foreign buy), so it turns no rule on. Each
/// pot on its own: a buy in dollars never waits for a deposit of pounds, and a deposit of pounds
/// never makes a dollar buy without dollars a problem. Users who track holdings only (no
/// deposit) are never blocked.
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
        /// The balance of its pot on that date before this movement.
        public let available: FixedDecimal
        /// The pot's currency; nil for the base currency.
        public let currency: String?
    }

    /// The pots whose cash rule is on: each with a deposit or cash transferred in.
    public static func trackedPots(in history: [Transaction]) -> Set<CashPot> {
        var pots = Set<CashPot>()
        for index in history.indices { forPotTracked(by: history[index]) { pots.insert($0) } }
        return pots
    }

    /// Hands `body` the pot whose rule `transaction` turns on, if it turns one on.
    @inline(__always)
    public static func forPotTracked(by transaction: Transaction, _ body: (CashPot) -> Void) {
        switch transaction.type {
        case .deposit: body(CashPot(account: transaction.account, currency: transaction.currency))
        case .transfer where transaction.ticker.isEmpty:
            if let counter = transaction.counterLeg { body(CashPot(account: counter.account, currency: counter.currency)) }
        default: break
        }
    }

    /// The accounts whose cash is tracked: those with a pot whose rule is on. What a balance
    /// counts (`countedAccounts`); the rule itself is each pot's (`trackedPots`).
    public static func trackedAccounts(in history: [Transaction]) -> Set<String?> {
        // By index, not by element: a transaction copied out of the array costs a retain and a
        // release of each of its strings, more than the test itself.
        var accounts = Set<String?>()
        for index in history.indices { forAccountTracked(by: history[index]) { accounts.insert($0) } }
        return accounts
    }

    /// Hands `body` the account whose cash `transaction` makes tracked, if it makes one: the
    /// account of the pot it turns the rule on in.
    @inline(__always)
    public static func forAccountTracked(by transaction: Transaction, _ body: (String?) -> Void) {
        forPotTracked(by: transaction) { body($0.account) }
    }

    /// Every pot's balance in `scope`: deposits − withdrawals − buys + sells + dividends + interest
    /// − fees, exchanges and transfers at both ends.
    public static func balances(of history: [Transaction], in scope: AccountScope = .all) -> [CashPot: FixedDecimal] {
        // Most movements are the default account's in the base currency: summed without hashing a pot.
        var plain = FixedDecimal.zero, hasPlain = false
        var balances: [CashPot: FixedDecimal] = [:]
        let countsDefault = scope.includes(nil)
        // By index: a plain transaction's change is read in place, never copied out with its strings.
        for index in history.indices {
            if history[index].isPlain {
                let change = history[index].cashChange
                if countsDefault, !change.isZero {
                    plain += change
                    hasPlain = true
                }
                continue
            }
            forEachLeg(of: history[index]) { pot, amount in
                guard scope.includes(pot.account) else { return }
                if pot.account == nil && pot.currency == nil {
                    plain += amount
                    hasPlain = true
                } else {
                    balances[pot, default: .zero] += amount
                }
            }
        }
        if hasPlain { balances[CashPot(account: nil, currency: nil)] = plain }
        return balances
    }

    /// The accounts whose cash a balance over `scope` counts: those in it whose cash is tracked,
    /// as the portfolio and the net worth count them; when none is, every one in it, whose
    /// balance is then a tally of its trades, not cash.
    public static func countedAccounts(in scope: AccountScope, tracked: Set<String?>) -> (String?) -> Bool {
        let trackedInScope = tracked.filter { scope.includes($0) }
        if trackedInScope.isEmpty { return { scope.includes($0) } }
        return { trackedInScope.contains($0) }
    }

    /// The movements in `scope` in the order cash moves: by date, money in before money out,
    /// then by id, as a replay orders a day's records (`ReplayPlace`).
    ///
    /// Sorts packed integer keys (day, out after in, position), not movements: a comparison
    /// that reads two transactions copies them, which cost more than the sort.
    public static func ordered(_ history: [Transaction], in scope: AccountScope = .all) -> [CashMovement] {
        var movements: [CashMovement] = []
        movements.reserveCapacity(history.count)
        for transaction in history {
            forEachLeg(of: transaction) { pot, amount in
                if scope.includes(pot.account) { movements.append(CashMovement(transaction: transaction, pot: pot, amount: amount)) }
            }
        }
        var keys = [UInt64](repeating: 0, count: movements.count)
        for (position, movement) in movements.enumerated() {
            keys[position] = ReplayOrder.day(movement.transaction.date) << 32 | (movement.amount >= .zero ? 0 : 1) << 31 | UInt64(position)
        }
        ReplayOrder.sort(&keys, positionBits: 31) { movements[$0].transaction.id }
        return keys.map { movements[Int($0 & 0x7FFF_FFFF)] }
    }

    /// The first movement that overdraws a tracked pot of an account in `accounts` (every
    /// account when nil).
    public static func firstViolation(in history: [Transaction], accounts: Set<String?>? = nil) -> Violation? {
        let tracked = trackedPots(in: history).filter { accounts?.contains($0.account) ?? true }
        guard !tracked.isEmpty else { return nil }
        var balances: [CashPot: FixedDecimal] = [:]
        for movement in ordered(history) where tracked.contains(movement.pot) {
            let before = balances[movement.pot] ?? .zero
            let after = before + movement.amount
            if after < .zero { return Violation(overdrawing: movement, available: before) }
            balances[movement.pot] = after
        }
        return nil
    }

    /// The first movement that overdraws a tracked pot of an account in `accounts` once the
    /// transactions `isReplaced` picks are replaced by `added`. A history with no account whose
    /// cash is tracked, before or after, is not copied to find out: a history of trades alone
    /// never breaks the rule.
    public static func firstViolation(in history: [Transaction], replacing isReplaced: (Transaction) -> Bool, with added: [Transaction],
                                      accounts: Set<String?>? = nil) -> Violation? {
        guard !trackedPots(in: history).isEmpty || !trackedPots(in: added).isEmpty else { return nil }
        return firstViolation(in: history.filter { !isReplaced($0) } + added, accounts: accounts)
    }

    /// Whether `transaction` in `earlier`'s place moves the same cash in the same pots on the
    /// same day, and turns on the rule in the same accounts: only its note, its quantity or its
    /// ticker changed. Within a day money in counts before money out, and the order among
    /// either can't overdraw a pot, so the edit breaks nothing.
    public static func movesTheSame(_ transaction: Transaction, as earlier: Transaction) -> Bool {
        let (legs, earlierLegs) = (Self.legs(of: transaction), Self.legs(of: earlier))
        return legs.count == earlierLegs.count && zip(legs, earlierLegs).allSatisfy { $0.pot == $1.pot && $0.amount == $1.amount }
            && (legs.isEmpty || transaction.date == earlier.date)
            && trackedPots(in: [transaction]) == trackedPots(in: [earlier])
    }

    private static func legs(of transaction: Transaction) -> [(pot: CashPot, amount: FixedDecimal)] {
        var legs: [(pot: CashPot, amount: FixedDecimal)] = []
        forEachLeg(of: transaction) { legs.append(($0, $1)) }
        return legs
    }

    /// A transaction's cash in its own pot, then where an exchange or a cash transfer lands.
    @inline(__always)
    static func forEachLeg(of transaction: Transaction, _ body: (CashPot, FixedDecimal) -> Void) {
        let change = transaction.cashChange
        if !change.isZero { body(CashPot(account: transaction.account, currency: transaction.currency), change) }
        if let counter = transaction.counterLeg { body(CashPot(account: counter.account, currency: counter.currency), counter.amount) }
    }
}

extension CashPolicy.Violation {
    /// `movement`, which would take its pot below zero from `available`.
    public init(overdrawing movement: CashMovement, available: FixedDecimal) {
        let transaction = movement.transaction
        self.init(transactionID: transaction.id, type: transaction.type, date: transaction.date, amount: -movement.amount, available: available,
                  currency: movement.pot.currency)
    }
}

extension CashPolicy.Violation: CustomStringConvertible {
    public var description: String {
        let unit = currency.map { " \($0)" } ?? ""
        let money = { (value: FixedDecimal) in value.formatted(fractionDigits: 2) + unit }
        let what: String
        switch type {
        case .buy: what = "buying for \(money(amount))"
        case .withdrawal: what = "withdrawing \(money(amount))"
        case .fee: what = "a fee of \(money(amount))"
        case .fx: what = "exchanging \(money(amount))"
        case .transfer: what = "transferring \(money(amount))"
        default: what = "removing \(money(amount)) of cash"
        }
        return "\(what) on \(date.iso) would leave a negative cash balance: \(money(available)) available on that date"
    }
}
