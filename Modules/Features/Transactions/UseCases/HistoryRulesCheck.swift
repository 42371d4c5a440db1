/// The holdings and cash rules a change can break, checked by replaying only the history they
/// need: each ticker at stake's own transactions, and all of them only when cash is at stake in
/// an account whose cash is tracked. An old transaction's new note, or its new sum in a history
/// without a deposit, reads no history at all.
struct HistoryRulesCheck {
    enum Break: Equatable {
        case oversell(HoldingsPolicy.Violation)
        case overdraw(CashPolicy.Violation)
    }

    let store: TransactionsStore
    /// The accounts whose cash is tracked before the change, as the tally counts them; nil when
    /// unknown, and then any cash at stake reads the whole history.
    let tracked: Set<String?>?

    /// The first rule broken once `transaction` replaces `earlier` (nil: an add), or once
    /// `earlier` is removed (`transaction` nil).
    func firstBreak(replacing earlier: Transaction?, with transaction: Transaction?) throws(TransactionsStoreError) -> Break? {
        let stake = RulesAtStake(replacing: earlier, with: transaction)
        let written = transaction.map { [$0] } ?? []
        let id = transaction?.id ?? earlier?.id
        // What both rules need is read once.
        let everything = cashIsAtStake(stake, written: written) ? try store.retrieveAll() : nil
        for ticker in stake.tickers {
            var history: [Transaction]
            if let everything {
                history = everything.filter { $0.ticker == ticker }
            } else {
                history = try store.retrieve(ticker: ticker)
            }
            history.removeAll { $0.id == id }
            history += written.filter { $0.ticker == ticker }
            for account in stake.accounts {
                if let violation = HoldingsPolicy.firstViolation(in: history, scope: .only(account)) { return .oversell(violation) }
            }
        }
        if let everything,
           let violation = CashPolicy.firstViolation(in: everything, replacing: { $0.id == id }, with: written, accounts: Set(stake.accounts)) {
            return .overdraw(violation)
        }
        return nil
    }

    /// Whether the change moves cash in an account whose rule is on, or turns it on.
    private func cashIsAtStake(_ stake: RulesAtStake, written: [Transaction]) -> Bool {
        guard stake.cash, let tracked else { return stake.cash }
        let trackedAfter = tracked.union(CashPolicy.trackedAccounts(in: written))
        return stake.accounts.contains { trackedAfter.contains($0) }
    }
}
