import Foundation

/// A store held in memory: for tests, and for clients that only stage data on its way elsewhere.
public final class InMemoryTransactionsStore: SyncableTransactionsStore, @unchecked Sendable {
    private var records: [String: TransactionRecord]
    private let lock = NSRecursiveLock()

    public init(_ transactions: [Transaction] = []) {
        records = Dictionary(transactions.map { ($0.id, .live($0)) }, uniquingKeysWith: { $1 })
    }

    public func retrieveAll() throws -> [Transaction] {
        lock.withLock { records.values.compactMap(\.transaction) }
    }

    public func retrieve(ticker: String) throws -> [Transaction] {
        try retrieveAll().filter { $0.ticker == ticker }
    }

    public func upsert(_ transaction: Transaction) throws {
        try apply([.live(transaction)])
    }

    public func upsert(contentsOf batch: [Transaction]) throws {
        try apply(batch.map(TransactionRecord.live))
    }

    public func delete(id: String, deletedAt: Date) throws {
        try apply([.deleted(id: id, at: deletedAt)])
    }

    public func withExclusiveAccess<T>(_ body: () throws -> T) throws -> T {
        try lock.withLock(body)
    }

    public func retrieveRecords() throws -> [TransactionRecord] {
        lock.withLock { Array(records.values) }
    }

    public func apply(_ batch: [TransactionRecord]) throws {
        lock.withLock { for record in batch { records[record.id] = record } }
    }
}
