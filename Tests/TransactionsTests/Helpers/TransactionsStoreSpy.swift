import Foundation
import Transactions

/// Records every message a use case sends to its store, and answers with stubbed results.
final class TransactionsStoreSpy: TransactionsStore {
    enum Message: Equatable {
        case retrieveAll
        case retrieve(ticker: String)
        case retrieveIDPrefix(String)
        case retrieveID(String)
        case upsert(Transaction)
        case upsertBatch([Transaction])
        case delete(id: String, deletedAt: Date)
        case beginExclusiveAccess
        case endExclusiveAccess
    }

    private(set) var messages: [Message] = []
    var stored: [Transaction] = []
    var retrievalError: TransactionsStoreError?
    var writeError: TransactionsStoreError?

    func retrieveAll() throws(TransactionsStoreError) -> [Transaction] {
        messages.append(.retrieveAll)
        if let retrievalError { throw retrievalError }
        return stored
    }

    func retrieve(ticker: String) throws(TransactionsStoreError) -> [Transaction] {
        messages.append(.retrieve(ticker: ticker))
        if let retrievalError { throw retrievalError }
        return stored.filter { $0.ticker == ticker }
    }

    func retrieve(idPrefix: String) throws(TransactionsStoreError) -> [Transaction] {
        messages.append(.retrieveIDPrefix(idPrefix))
        if let retrievalError { throw retrievalError }
        return stored.filter { $0.id.hasPrefix(idPrefix) }
    }

    func retrieve(id: String) throws(TransactionsStoreError) -> Transaction? {
        messages.append(.retrieveID(id))
        if let retrievalError { throw retrievalError }
        return stored.first { $0.id == id }
    }

    func upsert(_ transaction: Transaction) throws(TransactionsStoreError) {
        messages.append(.upsert(transaction))
        if let writeError { throw writeError }
    }

    func upsert(contentsOf transactions: [Transaction]) throws(TransactionsStoreError) {
        messages.append(.upsertBatch(transactions))
        if let writeError { throw writeError }
    }

    func delete(_ transaction: Transaction, deletedAt: Date) throws(TransactionsStoreError) {
        messages.append(.delete(id: transaction.id, deletedAt: deletedAt))
        if let writeError { throw writeError }
    }

    func withExclusiveAccess<T, Failure: Error>(_ body: () throws(Failure) -> T, lockFailure: (TransactionsStoreError) -> Failure) throws(Failure) -> T {
        messages.append(.beginExclusiveAccess)
        defer { messages.append(.endExclusiveAccess) }
        return try body()
    }
}
