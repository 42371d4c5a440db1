import Foundation

/// One id's latest version in one store: a live transaction, or a tombstone that says when it was
/// deleted. Tombstones are what let a delete reach the other devices instead of being undone.
public struct TransactionRecord: Hashable, Sendable {
    public let id: String
    /// nil: deleted.
    public let transaction: Transaction?
    public let updatedAt: Date

    public static func live(_ transaction: Transaction) -> TransactionRecord {
        TransactionRecord(id: transaction.id, transaction: transaction, updatedAt: transaction.updatedAt)
    }

    public static func deleted(id: String, at date: Date) -> TransactionRecord {
        TransactionRecord(id: id, transaction: nil, updatedAt: date)
    }

    public var isDeleted: Bool { transaction == nil }
}

/// A store that can take part in a sync: it hands out tombstones too, and stores records as they
/// come, keeping their `updatedAt` instead of stamping a new one.
public protocol SyncableTransactionsStore: TransactionsStore {
    func retrieveRecords() throws -> [TransactionRecord]
    /// Stores every record, replacing what the store holds for its id; as one unit where the store can.
    func apply(_ records: [TransactionRecord]) throws
}

/// When this client last finished a sync with an account: what tells an edit made on both sides
/// (a conflict) from one made on one side only.
public protocol SyncStateStore {
    func lastSync() throws -> Date?
    func recordSync(at date: Date) throws
}

extension Date {
    /// Stores keep `updatedAt` in whole milliseconds; every adapter converts through these two so
    /// the same version compares equal whichever store it came from.
    public init(millisecondsSince1970 milliseconds: Int64) {
        self.init(timeIntervalSince1970: TimeInterval(milliseconds) / 1000)
    }

    public var millisecondsSince1970: Int64 {
        Int64((timeIntervalSince1970 * 1000).rounded())
    }
}
