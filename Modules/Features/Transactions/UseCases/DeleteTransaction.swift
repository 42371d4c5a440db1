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
    ///   checkpoint can take back out: that delete is checked without reading the history. An
    ///   older one's reads its ticker's transactions at most, and the whole history only when it
    ///   takes money in out of an account whose cash is tracked and the tally's days of cash
    ///   can't clear it (or there is no tally to tell).
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
            guard let existing = try storing(DeleteTransactionError.removal, { () throws(TransactionsStoreError) in try store.retrieve(id: id) }) else {
                throw .notFound(id: id)
            }
            let before = try storing(DeleteTransactionError.removal) { () throws(TransactionsStoreError) in try changes?.tallyWithoutReplay() }
            let check = HistoryRulesCheck(store: store, tally: before)
            // Removing a buy or a split can strand a later sell, removing money in overdraw a
            // later movement.
            switch try storing(DeleteTransactionError.removal, { () throws(TransactionsStoreError) in try check.firstBreak(replacing: existing, with: nil) }) {
            case let .oversell(violation)?: throw .wouldOversell(violation)
            case let .overdraw(violation)?: throw .wouldOverdraw(violation)
            case nil: break
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
