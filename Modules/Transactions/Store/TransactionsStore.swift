import Foundation

/// Where transactions live. Adapters: the durable file store, the in-memory store and the remote database.
///
/// Deliberately CRUD-only: validation and policies stay in the use cases.
public protocol TransactionsStore: AnyObject {
    /// Every live transaction, in no particular order.
    func retrieveAll() throws -> [Transaction]
    /// The live transactions of one ticker; adapters may answer faster than `retrieveAll`.
    func retrieve(ticker: String) throws -> [Transaction]
    /// Inserts, or replaces the transaction with the same id.
    func upsert(_ transaction: Transaction) throws
    /// Inserts or replaces all of `transactions` as one unit: after a crash, all or none are stored.
    func upsert(contentsOf transactions: [Transaction]) throws
    /// Removes the transaction with `id`; removing an unknown id is not an error.
    func delete(id: String, deletedAt: Date) throws
    /// Runs `body` with other writers (other processes too) kept out, so a check followed by a
    /// write can't interleave with another writer. Store calls made inside `body` are allowed.
    func withExclusiveAccess<T>(_ body: () throws -> T) throws -> T
}

/// The only error a store adapter throws; its message names the file and line where it can.
public struct TransactionsStoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What a caller can do about it: a remote store adds reasons a local one never has.
    public enum Kind: Sendable {
        case failure
        /// The remote refused the credentials: sign in again.
        case notSignedIn
        /// The remote refused access to this data: it belongs to someone else.
        case permissionDenied
        /// The remote could not be reached, or failed on its side: try again later.
        case unavailable
    }

    public let kind: Kind
    public let message: String

    public init(_ message: String, kind: Kind = .failure) {
        self.message = message
        self.kind = kind
    }

    public var description: String { message }
}
