import Foundation

/// A store held in memory: for tests, and for clients that only stage data on its way elsewhere.
public final class InMemoryTransactionsStore: TransactionsStore, @unchecked Sendable {
    private var transactions: [String: Transaction]
    private let lock = NSRecursiveLock()

    public init(_ transactions: [Transaction] = []) {
        self.transactions = Dictionary(transactions.map { ($0.id, $0) }, uniquingKeysWith: { $1 })
    }

    public func retrieveAll() throws -> [Transaction] {
        lock.withLock { Array(transactions.values) }
    }

    public func retrieve(ticker: String) throws -> [Transaction] {
        lock.withLock { transactions.values.filter { $0.ticker == ticker } }
    }

    public func upsert(_ transaction: Transaction) throws {
        lock.withLock { transactions[transaction.id] = transaction }
    }

    public func upsert(contentsOf batch: [Transaction]) throws {
        lock.withLock { for transaction in batch { transactions[transaction.id] = transaction } }
    }

    public func delete(id: String, deletedAt: Date) throws {
        lock.withLock { _ = transactions.removeValue(forKey: id) }
    }

    public func withExclusiveAccess<T>(_ body: () throws -> T) throws -> T {
        try lock.withLock(body)
    }
}
