import Foundation

public enum UndoError: Error, Equatable, Sendable {
    case nothingToUndo
    /// The last change was a batch too large to keep earlier versions of.
    case tooLarge(count: Int)
    /// The record changed again since (a sync brought a newer version, say), or the change never
    /// completed: putting back the earlier version now would lose that.
    case movedOn(id: String, kind: String)
    /// Putting the earlier versions back would break a feature's rules (a sell that relies on the
    /// buy being removed, say).
    case rejected([LedgerRejection])
    case store(StoreError)
    case unreadable(LedgerDecodingError)
}

/// One record put back: the version the change wrote, and what replaces it now.
public struct UndoneChange: Equatable, Sendable {
    public let reverted: LedgerEntry
    /// The earlier version, written anew, or a tombstone where the change created the record.
    public let restored: LedgerEntry
    /// The earlier version was there before the change (an edit or a delete), not nothing (an add).
    public let hadEarlierVersion: Bool
}

public protocol UndoingLastChange {
    func undo() throws(UndoError) -> [UndoneChange]
}

/// Reverts the last change made from this data directory, once: its undo point is used up.
/// The versions it puts back are checked by the features' rules, as a sync's are, and written
/// newer than what they replace, so the undo reaches the other devices too.
public final class UndoLastChangeUseCase: UndoingLastChange {
    private let ledger: LedgerStore
    private let pointID: String
    private let validator: LedgerEntryValidating
    private let now: () -> Date

    /// - Parameter ledger: the ledger itself, not the recording decorator: an undo is not undone.
    public init(ledger: LedgerStore, pointID: String, validator: LedgerEntryValidating, now: @escaping () -> Date) {
        self.ledger = ledger
        self.pointID = pointID
        self.validator = validator
        self.now = now
    }

    public func undo() throws(UndoError) -> [UndoneChange] {
        try ledger.withExclusiveAccess({ () throws(UndoError) in try undoLocked() }, lockFailure: UndoError.store)
    }

    /// Reads only the undo point and the records it names, and the history only when a rule
    /// can't be told without it (see `LedgerEntryValidating.rejectionsWithoutLiveEntries`).
    private func undoLocked() throws(UndoError) -> [UndoneChange] {
        guard let pointEntry = try stored({ () throws(StoreError) in try ledger.latestVersions(.ids([pointID]))[pointID] }),
              pointEntry.kind == UndoPointCodec.kind.name else { throw UndoError.nothingToUndo }
        let decoded: UndoPoint?
        do throws(LedgerDecodingError) {
            decoded = try UndoPointCodec.point(from: pointEntry)
        } catch {
            throw UndoError.unreadable(error)
        }
        let changes: [UndoPoint.Change]
        switch decoded?.content {
        case nil: throw UndoError.nothingToUndo
        case let .tooLarge(count)?: throw UndoError.tooLarge(count: count)
        case let .changes(recorded)?: changes = recorded
        }
        let current = try stored { () throws(StoreError) in try ledger.latestVersions(.ids(Set(changes.map(\.id)))) }
        let stamp = now().millisecondsSince1970
        let undone = try changes.map { change throws(UndoError) -> UndoneChange in
            guard let reverted = current[change.id], reverted.updatedAt == change.changedAt else {
                throw UndoError.movedOn(id: change.id, kind: current[change.id]?.kind ?? change.before?.kind ?? "record")
            }
            let at = max(stamp, reverted.updatedAt + 1)
            let restored = change.before.map {
                LedgerEntry(id: $0.id, kind: $0.kind, schema: $0.schema, updatedAt: at, isDeleted: $0.isDeleted, payload: $0.payload)
            } ?? reverted.deleted(at: at)
            return UndoneChange(reverted: reverted, restored: restored, hadEarlierVersion: change.before != nil)
        }
        let restored = undone.map(\.restored)
        let rejections: [LedgerRejection]
        if let told = validator.rejectionsWithoutLiveEntries(of: restored) {
            rejections = told
        } else {
            let live = try stored { () throws(StoreError) in try ledger.retrieveEntries() }.filter { !$0.isDeleted }
            rejections = validator.rejections(of: restored, over: live)
        }
        guard rejections.isEmpty else { throw UndoError.rejected(rejections) }
        let usedUp = pointEntry.deleted(at: max(stamp, pointEntry.updatedAt + 1))
        try stored { () throws(StoreError) in
            // One record is appended with the used-up point, as an edit is: a crash that keeps
            // only the first line leaves the record put back and the point, which a second undo
            // refuses as moved on. More (an import's) are written all or none.
            if restored.count == 1 { try ledger.append(contentsOf: restored + [usedUp]) } else { try ledger.apply(restored + [usedUp]) }
        }
        return undone
    }

    private func stored<T>(_ body: () throws(StoreError) -> T) throws(UndoError) -> T {
        do throws(StoreError) {
            return try body()
        } catch {
            throw .store(error)
        }
    }
}
