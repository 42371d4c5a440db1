import FixedPoint

extension TransactionsTally {
    /// What the holdings and cash rules say of adding a transaction, when the tally can tell.
    public enum Verdict: Equatable, Sendable {
        case accepted
        case refused(SaveTransactionError)
        /// Only a replay of the history can tell: the transaction is dated before what its pots or
        /// its ticker already hold, or the account broke a rule before it, which a replay names.
        case needsReplay
    }

    /// The verdict `SaveTransactionUseCase` reaches by replaying the history with `transaction`
    /// added (a new one: no earlier version), checking the rules it checks for that type.
    public func verdict(onAdding transaction: Transaction) -> Verdict {
        let transaction = transaction.inBase(base)
        var after = self
        guard after.fold(transaction) else { return .needsReplay }
        let accounts = Set([transaction.account] + (transaction.type == .transfer ? [transaction.toAccount] : []))
        if transaction.type == .sell || transaction.type == .split || transaction.type == .transfer, !transaction.ticker.isEmpty {
            let keys = accounts.map { HoldingKey(account: $0, ticker: transaction.ticker) }
            guard !keys.contains(where: { holdings[$0]?.wasViolated == true }) else { return .needsReplay }
            for key in keys {
                guard let broken = after.holdings[key], broken.wasViolated else { continue }
                let before = holdings[key]?.held ?? .zero
                var violation = transaction.type == .split
                    ? HoldingsPolicy.Violation(kind: .tooLarge, transactionID: transaction.id, ticker: transaction.ticker, date: transaction.date,
                                               held: broken.held, sold: .zero)
                    : HoldingsPolicy.Violation(transactionID: transaction.id, ticker: transaction.ticker, date: transaction.date, held: before,
                                               sold: transaction.quantity)
                violation.isTransfer = transaction.type == .transfer
                return .refused(.wouldOversell(violation))
            }
        }
        if transaction.cashChange < .zero || transaction.type == .deposit {
            let tracked = after.trackedAccounts.intersection(accounts)
            let spent = CashPot(account: transaction.account, currency: transaction.currency)
            let overdrawn = after.pots.filter { tracked.contains($0.key.account) && $0.value.wasOverdrawn }.map(\.key)
            guard !overdrawn.isEmpty else { return .accepted }
            // Only the transaction's own money out can overdraw a pot that never was.
            guard overdrawn == [spent], pots[spent]?.wasOverdrawn != true else { return .needsReplay }
            return .refused(.wouldOverdraw(CashPolicy.Violation(transactionID: transaction.id, type: transaction.type, date: transaction.date,
                                                                amount: -transaction.cashChange, available: pots[spent]?.balance ?? .zero,
                                                                currency: spent.currency)))
        }
        return .accepted
    }

    /// The verdict `SaveTransactionUseCase` reaches by replaying the history with `transaction`
    /// added (`earlier` nil) or put in `earlier`'s place, or `DeleteTransactionUseCase` with
    /// `earlier` removed (`transaction` nil), when this is the tally after that change: accepted
    /// when no rule the change could break is broken in the accounts it touches; else only a
    /// replay can name the break.
    public func verdict(afterReplacing earlier: Transaction?, with transaction: Transaction?) -> Verdict {
        let changed = (earlier.map { [$0] } ?? []) + (transaction.map { [$0] } ?? [])
        let accounts = Set(changed.flatMap { [$0.account] + ($0.type == .transfer ? [$0.toAccount] : []) })
        let checksHoldings, checksCash: Bool
        switch (earlier, transaction) {
        case let (nil, added?):
            // Only what takes shares away, and only money out or a first deposit, can break a rule.
            checksHoldings = added.type == .sell || added.type == .split || added.type == .transfer
            checksCash = added.cashChange < .zero || added.type == .deposit
        case let (removed?, nil):
            // Only removing what supports later sells, or money in, can.
            checksHoldings = HoldingsPolicy.supportsLaterSells(removed)
            checksCash = removed.cashChange > .zero || removed.counterLeg != nil
        default:
            (checksHoldings, checksCash) = (true, true)
        }
        let tickers = checksHoldings ? Set(changed.map(\.ticker)).subtracting([""]) : []
        let overdrawn = checksCash && pots.contains { accounts.contains($0.key.account) && trackedAccounts.contains($0.key.account) && $0.value.wasOverdrawn }
        let oversold = holdings.contains { accounts.contains($0.key.account) && tickers.contains($0.key.ticker) && $0.value.wasViolated }
        return overdrawn || oversold ? .needsReplay : .accepted
    }

    /// Whether everything folded keeps the rules an import checks: no pot of an account whose
    /// cash is tracked was ever overdrawn (`CashPolicy.firstViolation` finds nothing), and no
    /// account's holding of `tickers` was ever oversold or split too large
    /// (`HoldingsPolicy.firstViolation` finds nothing in any account).
    public func keepsTheRules(forTickers tickers: Set<String>) -> Bool {
        !pots.contains { trackedAccounts.contains($0.key.account) && $0.value.wasOverdrawn }
            && !holdings.contains { tickers.contains($0.key.ticker) && $0.value.wasViolated }
    }
}
