import Foundation
import Ledger

/// One account's transactions, and the transfers into it: what every read sees under
/// `--account`. Writes pass through unchanged; the use cases that write check each account on
/// its own anyway.
public final class AccountScopedTransactionsStore: TransactionsStore {
    private let decoratee: TransactionsStore
    /// The account's id; nil for the default account.
    private let account: String?

    public init(decoratee: TransactionsStore, account: String?) {
        self.decoratee = decoratee
        self.account = account
    }

    public func retrieveAll() throws(TransactionsStoreError) -> [Transaction] {
        try decoratee.retrieveAll().filter { $0.isSeen(in: .only(account)) }
    }

    public func retrieve(ticker: String) throws(TransactionsStoreError) -> [Transaction] {
        try decoratee.retrieve(ticker: ticker).filter { $0.isSeen(in: .only(account)) }
    }

    public func retrieve(idPrefix: String) throws(TransactionsStoreError) -> [Transaction] {
        try decoratee.retrieve(idPrefix: idPrefix).filter { $0.isSeen(in: .only(account)) }
    }

    public func retrieve(id: String) throws(TransactionsStoreError) -> Transaction? {
        try decoratee.retrieve(id: id).flatMap { $0.isSeen(in: .only(account)) ? $0 : nil }
    }

    public func upsert(_ transaction: Transaction) throws(TransactionsStoreError) { try decoratee.upsert(transaction) }
    public func upsert(contentsOf transactions: [Transaction]) throws(TransactionsStoreError) { try decoratee.upsert(contentsOf: transactions) }
    public func delete(_ transaction: Transaction, deletedAt: Date) throws(TransactionsStoreError) { try decoratee.delete(transaction, deletedAt: deletedAt) }

    public func withExclusiveAccess<T, Failure: Error>(_ body: () throws(Failure) -> T, lockFailure: (TransactionsStoreError) -> Failure) throws(Failure) -> T {
        try decoratee.withExclusiveAccess(body, lockFailure: lockFailure)
    }
}
