import Foundation

public protocol TransactionDeleting {
    /// Throws `DeleteTransactionError`.
    func delete(id: String) throws
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

    public init(store: TransactionsStore, now: @escaping () -> Date) {
        self.store = store
        self.now = now
    }

    public func delete(id: String) throws {
        try TransactionsStoreError.reported(as: DeleteTransactionError.removal) {
            try store.withExclusiveAccess {
                let all = try store.retrieveAll()
                guard let existing = all.first(where: { $0.id == id }) else {
                    throw DeleteTransactionError.notFound(id: id)
                }
                let remaining = all.filter { $0.id != id }
                // Removing a buy or a split can strand a later sell.
                if HoldingsPolicy.supportsLaterSells(existing),
                   let violation = HoldingsPolicy.firstViolation(in: remaining.filter { $0.ticker == existing.ticker }) {
                    throw DeleteTransactionError.wouldOversell(violation)
                }
                // Removing money in can overdraw a later movement.
                if existing.cashChange > .zero, let violation = CashPolicy.firstViolation(in: remaining) {
                    throw DeleteTransactionError.wouldOverdraw(violation)
                }
                try store.delete(existing, deletedAt: now())
            }
        }
    }
}
