import Foundation

public enum MirrorLedgerError: Error, Equatable {
    /// The copy could not be read or written.
    case copy(StoreError)
    case remote(StoreError)
}

/// What a run of the mirror brought into the copy.
public struct MirrorReport: Equatable, Sendable {
    /// Entries written to the copy: new and changed records, and deletions.
    public let copied: Int
    /// Remote entries left out of the copy: unreadable, or breaking the rules local input follows.
    public let rejected: [LedgerRejection]

    public init(copied: Int, rejected: [LedgerRejection]) {
        self.copied = copied
        self.rejected = rejected
    }
}

/// A copy of the account's remote ledger, kept by a client that never writes to the account
/// (`invest-summary`): each run brings the copy level with the remote, so that a later run can
/// answer from the copy, and from its checkpoints, without the network. Only `kinds` are copied,
/// the ones the client reads; nothing is ever written to the remote.
///
/// Changes are appended to the copy, so a checkpoint of it folds in new records instead of
/// reading it all again; past `rewriteBeyond` changes (a first copy, say) the copy is rewritten
/// in one piece, which after a crash leaves it as it was or as it should be.
public final class MirrorLedgerUseCase {
    private let copy: LedgerStore
    private let remote: LedgerStore
    private let kinds: Set<String>
    private let validator: LedgerEntryValidating
    private let now: () -> Date
    private let rewriteBeyond: Int

    public init(copy: LedgerStore, remote: LedgerStore, kinds: [LedgerKind], validator: LedgerEntryValidating, now: @escaping () -> Date,
                rewriteBeyond: Int = 1_000) {
        self.copy = copy
        self.remote = remote
        self.kinds = Set(kinds.map(\.name))
        self.validator = validator
        self.now = now
        self.rewriteBeyond = rewriteBeyond
    }

    public func mirror() throws(MirrorLedgerError) -> MirrorReport {
        let (theirs, unreadable) = try onSide(MirrorLedgerError.remote) { () throws(StoreError) in try remote.retrieveReadableEntries() }
        let wanted = theirs.filter { kinds.contains($0.kind) }
        return try onSide(MirrorLedgerError.copy) { () throws(StoreError) in
            try copy.withExclusiveAccess { () throws(StoreError) in
                let mine = try copy.retrieveEntries()
                let held = Dictionary(mine.map { ($0.id, $0) }) { $1 }
                // A deletion of a record the copy never had has nothing to delete.
                let incoming = wanted.filter { entry in held[entry.id].map { $0 != entry } ?? !entry.isDeleted }
                let present = Set(wanted.map(\.id)), at = now().millisecondsSince1970
                let gone = mine.filter { !$0.isDeleted && !present.contains($0.id) }.map { $0.deleted(at: at) }
                let live = mine.filter { !$0.isDeleted }
                let rejected = validator.rejections(of: incoming.filter { !$0.isDeleted }, over: live)
                let refused = Set(rejected.map(\.id))
                let changes = (refused.isEmpty ? incoming : incoming.filter { !refused.contains($0.id) }) + gone
                if changes.count > rewriteBeyond {
                    try copy.apply(changes)
                } else if !changes.isEmpty {
                    try copy.append(contentsOf: changes)
                }
                return MirrorReport(copied: changes.count, rejected: unreadable.filter { kinds.contains($0.kind) } + rejected)
            }
        }
    }
}

/// Runs one side's store work, reporting a failure as that side's: what a sync and a mirror
/// tell the user apart (the network, or this device).
func onSide<T, Failure: Error>(_ side: (StoreError) -> Failure, _ body: () throws(StoreError) -> T) throws(Failure) -> T {
    do {
        return try body()
    } catch {
        throw side(error)
    }
}
