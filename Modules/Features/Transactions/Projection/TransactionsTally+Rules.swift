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
        let stake = RulesAtStake(replacing: nil, with: transaction)
        if !stake.tickers.isEmpty {
            let others = stake.splitsEveryAccount ? holdings.keys.filter { $0.ticker == transaction.ticker && !stake.accounts.contains($0.account) } : []
            let keys = stake.accounts.map { HoldingKey(account: $0, ticker: transaction.ticker) } + others.sorted { ($0.account ?? "") < ($1.account ?? "") }
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
        if stake.cash {
            let spent = CashPot(account: transaction.account, currency: transaction.currency)
            let overdrawn = after.pots.filter { stake.accounts.contains($0.key.account) && after.potTracking[$0.key] != nil && $0.value.wasOverdrawn }.map(\.key)
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
        let stake = RulesAtStake(replacing: earlier, with: transaction)
        let overdrawn = stake.cash && pots.contains { stake.accounts.contains($0.key.account) && potTracking[$0.key] != nil && $0.value.wasOverdrawn }
        let oversold = holdings.contains { stake.checksHoldings(in: $0.key.account) && stake.tickers.contains($0.key.ticker) && $0.value.wasViolated }
        return overdrawn || oversold ? .needsReplay : .accepted
    }

    /// Whether each pot of `accounts` keeps the cash rule once `transaction` replaces `earlier`
    /// (nil: an add; `transaction` nil: a delete), when this is the tally before the change:
    /// told from each pot's days, none with money out may end below zero, as `CashPolicy` counts
    /// them. Every pot of those accounts is looked at, so a true answer holds whether or not the
    /// change turns their rule on; a false one is for the history to confirm and name. Only a
    /// pot whose rule is on after the change is held to it.
    public func keepsTheCashRule(replacing earlier: Transaction?, with transaction: Transaction?, in accounts: Set<String?>) -> Bool {
        var after = pots.filter { accounts.contains($0.key.account) }
        var tracked = potTracking
        var consistent = true
        if let earlier = earlier?.inBase(base) {
            CashPolicy.forEachLeg(of: earlier) { pot, amount in
                guard accounts.contains(pot.account) else { return }
                consistent = consistent && after[pot]?.takeOut(amount, on: earlier.date) == true
            }
            CashPolicy.forPotTracked(by: earlier) { tracked.countOneFewer($0) }
        }
        if let transaction = transaction?.inBase(base) {
            CashPolicy.forEachLeg(of: transaction) { pot, amount in
                guard accounts.contains(pot.account) else { return }
                after[pot, default: Pot()].put(amount, on: transaction.date)
            }
            CashPolicy.forPotTracked(by: transaction) { tracked.countOneMore($0) }
        }
        return consistent && !after.contains { tracked[$0.key] != nil && $0.value.wasOverdrawn }
    }

    /// Whether everything folded keeps the rules an import checks: no pot whose cash rule is on
    /// was ever overdrawn (`CashPolicy.firstViolation` finds nothing), and no
    /// account's holding of `tickers` was ever oversold or split too large
    /// (`HoldingsPolicy.firstViolation` finds nothing in any account).
    public func keepsTheRules(forTickers tickers: Set<String>) -> Bool {
        !pots.contains { potTracking[$0.key] != nil && $0.value.wasOverdrawn }
            && !holdings.contains { tickers.contains($0.key.ticker) && $0.value.wasViolated }
    }

    /// As `keepsTheRules(forTickers:)`, with the cash of `accounts` alone.
    public func keepsTheRules(forTickers tickers: Set<String>, cashIn accounts: Set<String?>) -> Bool {
        !pots.contains { accounts.contains($0.key.account) && potTracking[$0.key] != nil && $0.value.wasOverdrawn }
            && !holdings.contains { tickers.contains($0.key.ticker) && $0.value.wasViolated }
    }
}
