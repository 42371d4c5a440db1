import Foundation

public struct SyncReport: Equatable, Sendable {
    public let pushed: Int
    public let pulled: Int
    public let conflicts: Int
    /// Remote entries that were not pulled because they break the rules local input follows.
    public let rejected: [LedgerRejection]

    public init(pushed: Int, pulled: Int, conflicts: Int, rejected: [LedgerRejection] = []) {
        self.pushed = pushed
        self.pulled = pulled
        self.conflicts = conflicts
        self.rejected = rejected
    }
}

public enum SyncLedgerError: Error, Equatable {
    case local(StoreError)
    case remote(StoreError)
}

public protocol LedgerSyncing {
    func sync() throws(SyncLedgerError) -> SyncReport
}

/// When this client last finished a sync with an account: what tells an edit made on both sides
/// (a conflict) from one made on one side only.
public protocol SyncStateStore {
    func lastSync() throws(StoreError) -> Date?
    func recordSync(at date: Date) throws(StoreError)
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

    public func sync() throws(SyncLedgerError) -> SyncReport {
        let startedAt = now()
        do {
            // Local writers wait, so an edit made during the sync can't be overwritten by the pull.
            return try local.withExclusiveAccess {
                let theirs = try remoteStep { () throws(StoreError) in try remote.retrieveEntries() }
                let mine = try local.retrieveEntries()
                let plan = SyncPlan(local: mine, remote: theirs, lastSync: try state.lastSync()?.millisecondsSince1970)
                // What is pulled is checked as local input is; a rejected entry never reaches the store.
                let rejected = validator.rejections(of: plan.pull, over: mine.filter { !$0.isDeleted })
                let refused = Set(rejected.map(\.id))
                let pull = refused.isEmpty ? plan.pull : plan.pull.filter { !refused.contains($0.id) }
                if !plan.push.isEmpty { try remoteStep { () throws(StoreError) in try remote.apply(plan.push) } }
                if !pull.isEmpty { try local.apply(pull) }
                try state.recordSync(at: startedAt)
                return SyncReport(pushed: plan.push.count, pulled: pull.count, conflicts: plan.conflicts.count, rejected: rejected)
            }
        } catch let error as SyncLedgerError {
            throw error
        } catch let error as StoreError {
            throw .local(error)
        } catch {
            throw .local(.fileSystem(operation: "sync", path: "", reason: "\(error)"))
        }
    }

    private func remoteStep<T>(_ body: () throws(StoreError) -> T) throws(SyncLedgerError) -> T {
        do {
            return try body()
        } catch {
            throw .remote(error)
        }
    }
}
