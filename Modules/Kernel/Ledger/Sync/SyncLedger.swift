import Foundation

public struct SyncReport: Equatable, Sendable {
    public let pushed: Int
    public let pulled: Int
    /// Records changed on both sides: the newer kept, the other kept as a `sync-conflict` entry.
    public let conflicts: [SyncConflict]
    /// Remote entries that were not pulled because they break the rules local input follows.
    public let rejected: [LedgerRejection]
    /// Local entries that were not pushed because the remote store can't hold them.
    public let unpushable: [LedgerRejection]
    /// Records edited on both sides in different fields, merged: both edits kept.
    public let merged: [String]

    public init(pushed: Int, pulled: Int, conflicts: [SyncConflict] = [], rejected: [LedgerRejection] = [], unpushable: [LedgerRejection] = [],
                merged: [String] = []) {
        self.pushed = pushed
        self.pulled = pulled
        self.unpushable = unpushable
        self.merged = merged
        self.conflicts = conflicts
        self.rejected = rejected
    }
}

public enum SyncLedgerError: Error, Equatable {
    case local(StoreError)
    case remote(StoreError)
    /// This ledger already synced with other accounts: syncing would copy their records into this one.
    case boundToOtherAccounts([SyncedAccount])
}

public protocol LedgerSyncing {
    /// - Parameter mergingOtherAccounts: copy a ledger that synced with other accounts into this one, on purpose.
    func sync(mergingOtherAccounts: Bool) throws(SyncLedgerError) -> SyncReport
}

/// An account a ledger synced with.
public struct SyncedAccount: Equatable, Sendable {
    public let uid: String
    public let email: String

    public init(uid: String, email: String) {
        self.uid = uid
        self.email = email
    }
}

/// When this client last finished a sync with an account: what tells an edit made on both sides
/// (a conflict) from one made on one side only; and which other accounts the ledger synced with.
public protocol SyncStateStore {
    func lastSync() throws(StoreError) -> Date?
    func recordSync(at date: Date) throws(StoreError)
    /// The accounts other than this one that the ledger synced with before.
    func otherAccounts() throws(StoreError) -> [SyncedAccount]
    /// Keeps what the latest sync refused to pull, replacing what an earlier one refused: what
    /// `invest sync --refused` lists and `invest delete ID` can remove from the account.
    func recordRefused(_ records: [RefusedRecord]) throws(StoreError)
}

extension SyncStateStore {
    /// A client that lists nothing (invest-summary's copy) keeps nothing.
    public func recordRefused(_ records: [RefusedRecord]) throws(StoreError) {}
}

/// A record in the account a sync refused to pull, why, and the version it was (nil when it
/// could not be read at all): a deletion here newer than that removes it from the account.
public struct RefusedRecord: Equatable, Sendable {
    public let rejection: LedgerRejection
    public let updatedAt: Int64?

    public init(_ rejection: LedgerRejection, updatedAt: Int64?) {
        self.rejection = rejection
        self.updatedAt = updatedAt
    }
}

/// Two-way sync between this device's ledger and the account's remote ledger, entry by entry,
/// whatever their kinds.
///
/// Interruptible at any point: pushes are per-entry writes of final versions and the pull is one
/// atomic local write, so a second run finishes whatever the first did not, and a run with
/// nothing left to do writes nothing.
public final class SyncLedgerUseCase: LedgerSyncing {
    private let local: LedgerStore
    private let remote: LedgerStore
    private let state: SyncStateStore
    private let validator: LedgerEntryValidating
    private let now: () -> Date

    public init(local: LedgerStore, remote: LedgerStore, state: SyncStateStore, validator: LedgerEntryValidating, now: @escaping () -> Date) {
        self.local = local
        self.remote = remote
        self.state = state
        self.validator = validator
        self.now = now
    }

    /// The network work happens outside the local lock, so a local edit never waits for the
    /// network: the plan is made from a snapshot (readers need no lock), pushed, and only the pull
    /// is planned again under the lock against the local entries as they are then, so an edit made
    /// meanwhile is newer and is never overwritten. The push writes only over the versions the
    /// sync read; when another device wrote one meanwhile, the sync reads and plans again, up to
    /// `maximumAttempts` times.
    public func sync(mergingOtherAccounts: Bool = false) throws(SyncLedgerError) -> SyncReport {
        var attempt = 1
        while true {
            do throws(SyncLedgerError) {
                return try syncOnce(mergingOtherAccounts: mergingOtherAccounts)
            } catch .remote(.changedMeanwhile) where attempt < Self.maximumAttempts {
                attempt += 1
            }
        }
    }

    /// How many times a sync reads and plans again when another device writes a record it is
    /// pushing, before it gives up and says so.
    public static let maximumAttempts = 3

    private func syncOnce(mergingOtherAccounts: Bool) throws(SyncLedgerError) -> SyncReport {
        let startedAt = now()
        // A ledger belongs to the account it synced with: another account's sync would copy
        // someone's private records into it, unless that is asked for.
        let others = try onSide(SyncLedgerError.local) { () throws(StoreError) in try state.otherAccounts() }
        guard others.isEmpty || mergingOtherAccounts else { throw .boundToOtherAccounts(others) }
        let lastSync = try onSide(SyncLedgerError.local) { () throws(StoreError) in try state.lastSync()?.millisecondsSince1970 }
        let (theirs, unreadable) = try onSide(SyncLedgerError.remote) { () throws(StoreError) in try remote.retrieveReadableEntries() }
        // A remote record this client can't read is left alone on both sides: neither pulled nor
        // overwritten, since a newer client may have written it.
        let untouchable = Set(unreadable.map(\.id))
        let snapshot = try onSide(SyncLedgerError.local) { () throws(StoreError) in try local.retrieveEntries() }.filter { !untouchable.contains($0.id) }
        // Records edited on both sides merge field by field from the version both started from.
        let editedOnBothSides = SyncPlan.editedOnBothSides(local: snapshot, remote: theirs, lastSync: lastSync)
        let bases = editedOnBothSides.isEmpty || lastSync == nil ? [:]
            : try onSide(SyncLedgerError.local) { () throws(StoreError) in try Self.versions(in: local, of: editedOnBothSides, atOrBefore: lastSync!) }
        let plan = SyncPlan(local: snapshot, remote: theirs, lastSync: lastSync, bases: bases)
        let conflicts = plan.conflicts + Self.overwrites(remote.overwrittenSinceWritten(), local: snapshot, remote: theirs, reported: plan.conflicts)
        // What the remote can't hold is named and kept back, so it can't fail the whole push.
        let unpushable = remote.rejections(ofStoring: plan.push)
        let held = Set(unpushable.map(\.id))
        let push = held.isEmpty ? plan.push : plan.push.filter { !held.contains($0.id) }
        // Only over the versions just read: a device that wrote meanwhile is never overwritten
        // with an older version; the sync reads and plans again instead.
        let read = Dictionary(theirs.map { ($0.id, $0.updatedAt) }) { $1 }
        if !push.isEmpty { try onSide(SyncLedgerError.remote) { () throws(StoreError) in try remote.apply(push, expecting: read) } }
        let remoteNow = Self.merged(theirs, with: push)
        return try onSide(SyncLedgerError.local) { () throws(StoreError) in
            try local.withExclusiveAccess { () throws(StoreError) in
                let mine = try local.retrieveEntries()
                let pullable = SyncPlan(local: mine.filter { !untouchable.contains($0.id) }, remote: remoteNow, lastSync: lastSync).pull
                // What is pulled is checked as local input is; a rejected entry never reaches the store.
                let rejected = validator.rejections(of: pullable, over: mine.filter { !$0.isDeleted })
                let refused = Set(rejected.map(\.id))
                let pull = refused.isEmpty ? pullable : pullable.filter { !refused.contains($0.id) }
                // The losing side of each conflict is kept, on the ledger, in the same atomic write.
                let losers = conflicts.map { SyncConflictCodec.entry(for: $0, recordedAt: startedAt.millisecondsSince1970) }
                if !pull.isEmpty || !losers.isEmpty { try local.apply(pull + losers) }
                try state.recordSync(at: startedAt)
                let versions = rejected.isEmpty ? [:] : Dictionary(pullable.map { ($0.id, $0.updatedAt) }) { $1 }
                try state.recordRefused((unreadable + rejected).map { RefusedRecord($0, updatedAt: versions[$0.id]) })
                // The counts are of the user's records: undo points travel too, but are bookkeeping.
                let isRecord = { (entry: LedgerEntry) in entry.kind != UndoPointCodec.kind.name }
                return SyncReport(pushed: push.filter(isRecord).count, pulled: pull.filter(isRecord).count, conflicts: conflicts,
                                  rejected: unreadable + rejected, unpushable: unpushable, merged: plan.merged.map(\.id))
            }
        }
    }

    /// The newest version of each id written at or before `time` that the store still holds: the
    /// local log keeps earlier versions until it is compacted; other stores know only the latest.
    private static func versions(in ledger: LedgerStore, of ids: Set<String>, atOrBefore time: Int64) throws(StoreError) -> [String: LedgerEntry] {
        var found: [String: LedgerEntry] = [:]
        do throws(LedgerReadError) {
            _ = try ledger.scanLive(reserve: { _ in }) { entry in
                guard ids.contains(entry.id), entry.updatedAt <= time, entry.updatedAt >= found[entry.id]?.updatedAt ?? .min else { return false }
                found[entry.id] = entry
                return true
            }
        } catch {
            switch error {
            case let .store(failure): throw failure
            case .undecodable: return [:]
            }
        }
        return found
    }

    /// A version this client wrote that another writer replaced or removed since, over a local
    /// one left as it was: the other writer's wins, as the newer, and this one is kept as the
    /// losing side of a conflict instead of vanishing without a word.
    private static func overwrites(_ ids: Set<String>, local: [LedgerEntry], remote: [LedgerEntry], reported: [SyncConflict]) -> [SyncConflict] {
        guard !ids.isEmpty else { return [] }
        let remoteByID = Dictionary(remote.map { ($0.id, $0) }) { $1 }, known = Set(reported.map(\.id))
        return local.compactMap { mine in
            guard ids.contains(mine.id), !known.contains(mine.id), !mine.isDeleted, let theirs = remoteByID[mine.id], theirs.updatedAt >= mine.updatedAt,
                  !SyncPlan.sameRecord(mine, theirs) else { return nil }
            return SyncConflict(local: mine, remote: theirs, kept: theirs)
        }
    }

    /// The remote's entries once `pushed` replaced theirs.
    private static func merged(_ remote: [LedgerEntry], with pushed: [LedgerEntry]) -> [LedgerEntry] {
        guard !pushed.isEmpty else { return remote }
        let replaced = Set(pushed.map(\.id))
        return remote.filter { !replaced.contains($0.id) } + pushed
    }
}
