import Foundation

public protocol TransactionDeleting {
    /// Throws `DeleteTransactionError`.
    func delete(id: String) throws
}

public enum DeleteTransactionError: Error, Equatable {
    case notFound(id: String)
    case wouldOversell(HoldingsPolicy.Violation)
    case removal(TransactionsStoreError)
}

public final class DeleteTransactionUseCase: TransactionDeleting {
    private let store: TransactionsStore
    private let now: () -> Date

    public init(store: TransactionsStore, now: @escaping () -> Date) {
        self.store = store
        self.now = now
    }

    public func delete(id: String) throws {
        try TransactionsStoreError.reported(as: DeleteTransactionError.removal) {
            try store.withExclusiveAccess {
                guard let existing = try store.retrieveAll().first(where: { $0.id == id }) else {
                    throw DeleteTransactionError.notFound(id: id)
                }
                // Removing a buy can strand a later sell.
                if existing.addsToHolding {
                    let remaining = try store.retrieve(ticker: existing.ticker).filter { $0.id != id }
                    if let violation = HoldingsPolicy.firstViolation(in: remaining) {
                        throw DeleteTransactionError.wouldOversell(violation)
                    }
                }
                try store.delete(existing, deletedAt: now())
            }
        }
    }
}
