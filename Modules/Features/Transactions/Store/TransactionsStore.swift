import Foundation
import Ledger

/// Where transactions live: the Transactions feature's port. Its one adapter,
/// `LedgerTransactionsStore`, keeps them as entries on any `LedgerStore`.
///
/// Deliberately CRUD-only: validation and policies stay in the use cases.
public protocol TransactionsStore: AnyObject {
    /// Every live transaction, in no particular order.
    func retrieveAll() throws(TransactionsStoreError) -> [Transaction]
    /// The live transactions of one ticker; adapters may answer faster than `retrieveAll`.
    func retrieve(ticker: String) throws(TransactionsStoreError) -> [Transaction]
    /// The live transactions whose id starts with `idPrefix`, in no particular order; adapters
    /// may answer faster than `retrieveAll`.
    func retrieve(idPrefix: String) throws(TransactionsStoreError) -> [Transaction]
    /// The live transaction with this id; adapters may answer faster than `retrieveAll`.
    func retrieve(id: String) throws(TransactionsStoreError) -> Transaction?
    /// Inserts, or replaces the transaction with the same id.
    func upsert(_ transaction: Transaction) throws(TransactionsStoreError)
    /// Inserts or replaces all of `transactions` as one unit: after a crash, all or none are stored.
    func upsert(contentsOf transactions: [Transaction]) throws(TransactionsStoreError)
    /// Removes `transaction`, leaving a tombstone that syncs.
    func delete(_ transaction: Transaction, deletedAt: Date) throws(TransactionsStoreError)
    /// Runs `body` with other writers (other processes too) kept out, so a check followed by a
    /// write can't interleave with another writer. Store calls made inside `body` are allowed.
    /// When the lock can't be taken, `lockFailure` words the store's error as the body's own.
    func withExclusiveAccess<T, Failure: Error>(_ body: () throws(Failure) -> T, lockFailure: (TransactionsStoreError) -> Failure) throws(Failure) -> T
}

/// Why transactions could not be read or written: the ledger under them failed (`.store`), or an
/// entry this release can't read, most often one a newer release wrote (`.undecodable`).
public typealias TransactionsStoreError = LedgerReadError

extension TransactionsStore {
    public func retrieve(idPrefix: String) throws(TransactionsStoreError) -> [Transaction] {
        try retrieveAll().filter { $0.id.hasPrefix(idPrefix) }
    }

    public func retrieve(id: String) throws(TransactionsStoreError) -> Transaction? {
        try retrieveAll().first { $0.id == id }
    }

    /// Store work with other writers kept out, failing as the store does.
    public func withExclusiveAccess<T>(_ body: () throws(TransactionsStoreError) -> T) throws(TransactionsStoreError) -> T {
        try withExclusiveAccess(body, lockFailure: { $0 })
    }
}

/// Store work inside a use case, its failure reported as the use case's storage case, so each
/// use case throws one typed error.
func storing<T, Failure: Error>(_ storageFailure: (TransactionsStoreError) -> Failure, _ body: () throws(TransactionsStoreError) -> T) throws(Failure) -> T {
    do throws(TransactionsStoreError) {
        return try body()
    } catch {
        throw storageFailure(error)
    }
}
