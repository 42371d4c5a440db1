import FixedPoint
import Ledger

/// Each pot's balance and the accounts whose cash is tracked, of a whole history: what a
/// portfolio and a net worth read of its cash. Sums alone, unlike the tally, which keeps every
/// day for the cash rule: a transaction of any date folds in, and a change takes its earlier
/// version back out, so it never asks for a replay, and its checkpoint holds a few words a pot.
public struct CashTotals: Equatable, Sendable {
    /// A pot's balance, and how many movements make it: a pot left with none is no pot, as in a replay.
    @_spi(Projections) public struct Total: Equatable, Sendable {
        public internal(set) var balance = FixedDecimal.zero
        public internal(set) var movements = 0

        init() {}

        @_spi(Projections) public init(balance: FixedDecimal, movements: Int) {
            self.balance = balance
            self.movements = movements
        }
    }

    /// The base currency: a transaction that names it is counted as one that names none.
    public let base: String
    @_spi(Projections) public private(set) var pots: [CashPot: Total] = [:]
    /// How many transactions make each account tracked: a change takes one back out.
    @_spi(Projections) public private(set) var tracking: [String?: Int] = [:]

    public init(base: String) {
        self.base = base
    }

    /// The fold's state as the projection engine keeps it.
    @_spi(Projections) public init(base: String, pots: [CashPot: Total], tracking: [String?: Int]) {
        self.base = base
        self.pots = pots
        self.tracking = tracking
    }


    public init(base: String, history: [Transaction]) {
        self.init(base: base)
        // Most legs fall in the pot of the leg before: summed apart, and written in when the pot changes.
        var run: (pot: CashPot, total: Total)?
        for index in history.indices {
            let transaction = history[index].inBase(base)
            CashPolicy.forAccountTracked(by: transaction) { tracking.countOneMore($0) }
            CashPolicy.forEachLeg(of: transaction) { pot, amount in
                if let current = run, current.pot != pot {
                    add(current.total, to: current.pot)
                    run = nil
                }
                if run == nil { run = (pot, Total()) }
                run!.total.balance += amount
                run!.total.movements += 1
            }
        }
        if let run { add(run.total, to: run.pot) }
    }

    /// The accounts with a deposit or cash transferred in: those whose cash counts.
    public var trackedAccounts: Set<String?> { Set(tracking.keys) }

    /// Each pot's balance in `scope`, as `CashPolicy.balances` gives it.
    public func balances(in scope: AccountScope) -> [CashPot: FixedDecimal] {
        pots.filter { scope.includes($0.key.account) }.mapValues(\.balance)
    }

    public mutating func fold(_ transaction: Transaction) {
        let transaction = transaction.inBase(base)
        CashPolicy.forAccountTracked(by: transaction) { tracking.countOneMore($0) }
        CashPolicy.forEachLeg(of: transaction) { pot, amount in add(Total(balance: amount, movements: 1), to: pot) }
    }

    /// Each change's earlier version taken back out, and its later one folded in. False when a
    /// pot doesn't hold what the earlier version moved (totals not of this history).
    public mutating func revise(_ changes: [Revision<Transaction>]) -> Bool {
        for change in changes {
            if let earlier = change.earlier?.inBase(base) {
                var held = true
                CashPolicy.forEachLeg(of: earlier) { pot, amount in held = held && add(Total(balance: -amount, movements: -1), to: pot) }
                guard held else { return false }
                CashPolicy.forAccountTracked(by: earlier) { tracking.countOneFewer($0) }
            }
            if let later = change.later { fold(later) }
        }
        return true
    }

    /// False, leaving the pot as it was, when `total` takes out more movements than it holds.
    @discardableResult
    private mutating func add(_ total: Total, to pot: CashPot) -> Bool {
        var sum = pots[pot, default: Total()]
        sum.balance += total.balance
        sum.movements += total.movements
        guard sum.movements >= 0 else { return false }
        pots[pot] = sum.movements == 0 ? nil : sum
        return true
    }
}
