import Foundation
import Ledger

/// Transactions kept as `buy` and `sell` entries on a ledger, local or remote. Entries of other
/// kinds share the ledger untouched.
public final class LedgerTransactionsStore: TransactionsStore, @unchecked Sendable {
    private let ledger: LedgerStore

    public init(ledger: LedgerStore) {
        self.ledger = ledger
    }

    public func retrieveAll() throws(TransactionsStoreError) -> [Transaction] {
        try retrieve(where: nil)
    }

    /// Only the entries of the ticker are decoded.
    public func retrieve(ticker: String) throws(TransactionsStoreError) -> [Transaction] {
        try retrieve(where: TransactionEntryFilter(TransactionFilter(ticker: ticker))).filter { $0.ticker == ticker }
    }

    /// Every live transaction `entries` lets through (all of them when nil), in the ledger's order.
    private func retrieve(where entries: TransactionEntryFilter?) throws(TransactionsStoreError) -> [Transaction] {
        var transactions: [Transaction] = []
        let reserve: (Int) -> Void = entries == nil ? { transactions.reserveCapacity($0) } : { _ in }
        let superseded = try ledger.scanLive(reserve: reserve) { entry throws(LedgerDecodingError) in
            guard entries?.mayMatch(entry) ?? true, let transaction = try TransactionsLedgerCodec.record(from: entry) else { return false }
            transactions.append(transaction)
            return true
        }
        transactions.removeAll(atPositions: superseded)
        return transactions
    }

    /// The ledger's latest versions of those ids, found without reading every record.
    public func retrieve(idPrefix: String) throws(TransactionsStoreError) -> [Transaction] {
        try transactions(in: try storing { () throws(StoreError) in try ledger.latestVersions(.prefix(idPrefix)) })
    }

    /// The ledger's latest version of the id, found without reading every record.
    public func retrieve(id: String) throws(TransactionsStoreError) -> Transaction? {
        try transactions(in: try storing { () throws(StoreError) in try ledger.latestVersions(.ids([id])) }).first
    }

    private func transactions(in versions: [String: LedgerEntry]) throws(TransactionsStoreError) -> [Transaction] {
        var transactions: [Transaction] = []
        for entry in versions.values where !entry.isDeleted {
            do throws(LedgerDecodingError) {
                if let transaction = try TransactionsLedgerCodec.record(from: entry) { transactions.append(transaction) }
            } catch {
                throw .undecodable(error)
            }
        }
        return transactions
    }

    public func upsert(_ transaction: Transaction) throws(TransactionsStoreError) {
        try storing { () throws(StoreError) in try ledger.append(TransactionsLedgerCodec.entry(for: transaction)) }
    }

    public func upsert(contentsOf transactions: [Transaction]) throws(TransactionsStoreError) {
        try storing { () throws(StoreError) in try ledger.apply(transactions.map { TransactionsLedgerCodec.entry(for: $0) }) }
    }

    public func delete(_ transaction: Transaction, deletedAt: Date) throws(TransactionsStoreError) {
        try storing { () throws(StoreError) in try ledger.append(TransactionsLedgerCodec.tombstone(for: transaction, deletedAt: deletedAt)) }
    }

    public func withExclusiveAccess<T, Failure: Error>(_ body: () throws(Failure) -> T, lockFailure: (TransactionsStoreError) -> Failure) throws(Failure) -> T {
        try ledger.withExclusiveAccess(body, lockFailure: { lockFailure(.store($0)) })
    }

    private func storing<T>(_ body: () throws(StoreError) -> T) throws(TransactionsStoreError) -> T {
        do {
            return try body()
        } catch {
            throw .store(error)
        }
    }
}
