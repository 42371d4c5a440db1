import Foundation

/// A ledger held in memory: for tests, and for clients that only stage entries on their way elsewhere.
public final class InMemoryLedgerStore: LedgerStore, @unchecked Sendable {
    private var order: [String] = []
    private var entries: [String: LedgerEntry] = [:]
    private let lock = NSRecursiveLock()

    public init(_ entries: [LedgerEntry] = []) {
        for entry in entries { store(entry) }
    }

    public func retrieveEntries() -> [LedgerEntry] {
        lock.withLock {
            let all = order.compactMap { entries[$0] }
            return all.filter { !$0.isDeleted } + all.filter(\.isDeleted)
        }
    }

    public func append(_ entry: LedgerEntry) {
        lock.withLock { store(entry) }
    }

    public func apply(_ batch: [LedgerEntry]) {
        lock.withLock { for entry in batch { store(entry) } }
    }

    public func withExclusiveAccess<T, Failure: Error>(_ body: () throws(Failure) -> T, lockFailure: (StoreError) -> Failure) throws(Failure) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// A replaced entry moves to the end, as a later line of the log would.
    private func store(_ entry: LedgerEntry) {
        if entries.updateValue(entry, forKey: entry.id) != nil { order.removeAll { $0 == entry.id } }
        order.append(entry.id)
    }
}
