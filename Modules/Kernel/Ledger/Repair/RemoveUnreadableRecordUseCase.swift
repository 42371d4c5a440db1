import Foundation

public enum RemoveUnreadableRecordError: Error, Equatable, Sendable {
    /// No live record has this id.
    case notFound(id: String)
    /// The record reads fine: its own feature's commands change it, under that feature's rules.
    case readable(id: String, kind: String)
    case store(StoreError)
}

/// Removes, by its exact id, a record its feature can't read: one an older release let in, or a
/// file edited by hand, that now stops the feature's commands. Only such a record: a readable
/// one belongs to its feature's commands, whose rules (a sell needs its buy, an account its
/// updates) a generic removal would skip. The removal is a tombstone, which syncs.
///
/// A record the latest sync refused to pull is one too: it is only in the account, and a
/// tombstone here newer than its version removes it there at the next sync.
public struct RemoveUnreadableRecordUseCase {
    private let ledger: LedgerStore
    private let validator: LedgerEntryValidating
    private let refused: () throws(StoreError) -> [RefusedRecord]
    private let now: () -> Date

    /// - Parameters:
    ///   - validator: every feature's checks, as a sync applies them to what it pulls.
    ///   - refused: what the latest syncs refused to pull.
    public init(ledger: LedgerStore, validator: LedgerEntryValidating, refused: @escaping () throws(StoreError) -> [RefusedRecord] = { [] },
                now: @escaping () -> Date) {
        self.ledger = ledger
        self.validator = validator
        self.refused = refused
        self.now = now
    }

    /// The record with this id and why its feature can't read it, to ask before removing it.
    public func unreadableRecord(id: String) throws(RemoveUnreadableRecordError) -> (record: LedgerEntry, reasons: [String]) {
        let all = try stored { () throws(StoreError) in try ledger.retrieveEntries() }
        let live = all.filter { !$0.isDeleted }
        guard let record = live.first(where: { $0.id == id }) else {
            // Refused by a sync, and not deleted here since.
            if let refusal = try stored(refused).first(where: { $0.rejection.id == id }),
               !all.contains(where: { $0.id == id && $0.updatedAt > (refusal.updatedAt ?? .min) }) {
                let stub = LedgerEntry(id: id, kind: refusal.rejection.kind, schema: 1, updatedAt: refusal.updatedAt ?? 0, payload: LedgerPayload([]))
                return (stub, refusal.rejection.reasons)
            }
            throw .notFound(id: id)
        }
        let reasons = validator.rejections(of: [record], over: live.filter { $0.id != id }).flatMap(\.reasons)
        guard !reasons.isEmpty else { throw .readable(id: id, kind: record.kind) }
        return (record, reasons)
    }

    /// - Returns: the record as it was, and why its feature can't read it.
    public func remove(id: String) throws(RemoveUnreadableRecordError) -> (record: LedgerEntry, reasons: [String]) {
        try ledger.withExclusiveAccess({ () throws(RemoveUnreadableRecordError) in
            let found = try unreadableRecord(id: id)
            try stored { () throws(StoreError) in try ledger.append(found.record.deleted(at: max(now().millisecondsSince1970, found.record.updatedAt + 1))) }
            return found
        }, lockFailure: RemoveUnreadableRecordError.store)
    }

    private func stored<T>(_ body: () throws(StoreError) -> T) throws(RemoveUnreadableRecordError) -> T {
        do throws(StoreError) {
            return try body()
        } catch {
            throw .store(error)
        }
    }
}
