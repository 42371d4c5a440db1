import Foundation

public protocol TransactionDeleting {
    func delete(id: String) throws(DeleteTransactionError)
}

public enum DeleteTransactionError: Error, Equatable {
    case notFound(id: String)
    case wouldOversell(HoldingsPolicy.Violation)
    case wouldOverdraw(CashPolicy.Violation)
    case removal(TransactionsStoreError)
}

public final class DeleteTransactionUseCase: TransactionDeleting {
    private let store: TransactionsStore
    private let now: () -> Date
    private let changes: TransactionChangeTallying?

    /// - Parameter changes: the tally after a delete, for one of the recent transactions a
    ///   checkpoint can take back out: that delete is checked without reading the history.
    public init(store: TransactionsStore, now: @escaping () -> Date, changes: TransactionChangeTallying? = nil) {
        self.store = store
        self.now = now
        self.changes = changes
    }

    public func delete(id: String) throws(DeleteTransactionError) {
        try store.withExclusiveAccess({ () throws(DeleteTransactionError) in
            if let accepted = try acceptedByTheTally(deleting: id) {
                try storing(DeleteTransactionError.removal) { () throws(TransactionsStoreError) in try store.delete(accepted, deletedAt: now()) }
                return
            }
            let all = try storing(DeleteTransactionError.removal) { () throws(TransactionsStoreError) in try store.retrieveAll() }
            guard let existing = all.first(where: { $0.id == id }) else {
                throw .notFound(id: id)
            }
            // Removing a buy or a split can strand a later sell, removing money in overdraw a
            // later movement.
            let stake = RulesAtStake(replacing: existing, with: nil)
            for ticker in stake.tickers {
                let history = all.filter { $0.ticker == ticker && $0.id != id }
                for account in stake.accounts {
                    if let violation = HoldingsPolicy.firstViolation(in: history, scope: .only(account)) { throw .wouldOversell(violation) }
                }
            }
            if stake.cash, let violation = CashPolicy.firstViolation(in: all, replacing: { $0.id == id }, with: [], accounts: Set(stake.accounts)) {
                throw .wouldOverdraw(violation)
            }
            try storing(DeleteTransactionError.removal) { () throws(TransactionsStoreError) in try store.delete(existing, deletedAt: now()) }
        }, lockFailure: DeleteTransactionError.removal)
    }

    /// The transaction, when the tally after its delete says the rules still hold; nil when only
    /// the history can tell.
    private func acceptedByTheTally(deleting id: String) throws(DeleteTransactionError) -> Transaction? {
        guard let changes,
              let after = try storing(DeleteTransactionError.removal, { () throws(TransactionsStoreError) in try changes.tally(replacing: id, with: nil) })
        else { return nil }
        guard let existing = after.earlier else { throw .notFound(id: id) }
        return after.tally.verdict(afterReplacing: existing, with: nil) == .accepted ? existing : nil
    }
}
