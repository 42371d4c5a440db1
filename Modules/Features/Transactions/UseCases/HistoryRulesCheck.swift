/// The holdings and cash rules a change can break, checked by replaying only the history they
/// need: each ticker at stake's own transactions, and all of them only when the change moves cash
/// in an account whose cash is tracked and the tally's days of that cash can't clear it (or
/// there is no tally). An old transaction's new note reads no history at all; its new sum, none
/// unless it overdraws.
struct HistoryRulesCheck {
    enum Break: Equatable {
        case oversell(HoldingsPolicy.Violation)
        case overdraw(CashPolicy.Violation)
    }

    let store: TransactionsStore
    /// The tally before the change; nil when only the history can tell it.
    let tally: TransactionsTally?

    /// The first rule broken once `transaction` replaces `earlier` (nil: an add), or once
    /// `earlier` is removed (`transaction` nil).
    func firstBreak(replacing earlier: Transaction?, with transaction: Transaction?) throws(TransactionsStoreError) -> Break? {
        let stake = RulesAtStake(replacing: earlier, with: transaction)
        let written = transaction.map { [$0] } ?? []
        let id = transaction?.id ?? earlier?.id
        // What both rules need is read once.
        let everything = needsEveryTransaction(stake, replacing: earlier, with: transaction) ? try store.retrieveAll() : nil
        for ticker in stake.tickers {
            var history: [Transaction]
            if let everything {
                history = everything.filter { $0.ticker == ticker }
            } else {
                history = try store.retrieve(ticker: ticker)
            }
            history.removeAll { $0.id == id }
            history += written.filter { $0.ticker == ticker }
            for account in stake.splitsEveryAccount ? HoldingsPolicy.accounts(holding: history) : stake.accounts {
                if let violation = HoldingsPolicy.firstViolation(in: history, scope: .only(account)) { return .oversell(violation) }
            }
        }
        if let everything,
           let violation = CashPolicy.firstViolation(in: everything, replacing: { $0.id == id }, with: written, accounts: Set(stake.accounts)) {
            return .overdraw(violation)
        }
        return nil
    }

    /// Whether the cash rule needs the whole history: the change moves cash in an account whose
    /// rule is on, or turns it on, and the tally's days of cash can't tell it keeps the rule.
    private func needsEveryTransaction(_ stake: RulesAtStake, replacing earlier: Transaction?, with transaction: Transaction?) -> Bool {
        guard stake.cash, let tally else { return stake.cash }
        let trackedAfter = tally.trackedAccounts.union(CashPolicy.trackedAccounts(in: transaction.map { [$0] } ?? []))
        let tracked = Set(stake.accounts.filter { trackedAfter.contains($0) })
        return !tracked.isEmpty && !tally.keepsTheCashRule(replacing: earlier, with: transaction, in: tracked)
    }
}
