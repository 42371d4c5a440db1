import Foundation

public struct SyncReport: Equatable, Sendable {
    public let pushed: Int
    public let pulled: Int
    public let conflicts: Int

    public init(pushed: Int, pulled: Int, conflicts: Int) {
        self.pushed = pushed
        self.pulled = pulled
        self.conflicts = conflicts
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
    private let now: () -> Date

    public init(local: LedgerStore, remote: LedgerStore, state: SyncStateStore, now: @escaping () -> Date) {
        self.local = local
        self.remote = remote
        self.state = state
        self.now = now
    }

    public func sync() throws(SyncLedgerError) -> SyncReport {
        let startedAt = now()
        do {
            // Local writers wait, so an edit made during the sync can't be overwritten by the pull.
            return try local.withExclusiveAccess {
                let theirs = try remoteStep { () throws(StoreError) in try remote.retrieveEntries() }
                let plan = SyncPlan(local: try local.retrieveEntries(), remote: theirs,
                                    lastSync: try state.lastSync()?.millisecondsSince1970)
                if !plan.push.isEmpty { try remoteStep { () throws(StoreError) in try remote.apply(plan.push) } }
                if !plan.pull.isEmpty { try local.apply(plan.pull) }
                try state.recordSync(at: startedAt)
                return SyncReport(pushed: plan.push.count, pulled: plan.pull.count, conflicts: plan.conflicts.count)
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
