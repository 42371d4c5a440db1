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

public enum SyncTransactionsError: Error, Equatable {
    case local(TransactionsStoreError)
    case remote(TransactionsStoreError)
}

public protocol TransactionsSyncing {
    func sync() throws(SyncTransactionsError) -> SyncReport
}

/// Two-way sync between this device's store and the account's remote store.
///
/// Interruptible at any point: pushes are per-record writes of final versions and the pull is one
/// atomic local write, so a second run finishes whatever the first did not, and a run with
/// nothing left to do writes nothing.
public final class SyncTransactionsUseCase: TransactionsSyncing {
    private let local: SyncableTransactionsStore
    private let remote: SyncableTransactionsStore
    private let state: SyncStateStore
    private let now: () -> Date

    public init(local: SyncableTransactionsStore, remote: SyncableTransactionsStore, state: SyncStateStore, now: @escaping () -> Date) {
        self.local = local
        self.remote = remote
        self.state = state
        self.now = now
    }

    public func sync() throws(SyncTransactionsError) -> SyncReport {
        let startedAt = now()
        do {
            // Local writers wait, so an edit made during the sync can't be overwritten by the pull.
            return try local.withExclusiveAccess {
                let theirs = try remoteStep { try remote.retrieveRecords() }
                let plan = SyncPlan(local: try local.retrieveRecords(), remote: theirs, lastSync: try state.lastSync())
                if !plan.push.isEmpty { try remoteStep { try remote.apply(plan.push) } }
                if !plan.pull.isEmpty { try local.apply(plan.pull) }
                try state.recordSync(at: startedAt)
                return SyncReport(pushed: plan.push.count, pulled: plan.pull.count, conflicts: plan.conflicts.count)
            }
        } catch let error as SyncTransactionsError {
            throw error
        } catch {
            throw .local(TransactionsStoreError(wrapping: error))
        }
    }

    private func remoteStep<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw SyncTransactionsError.remote(TransactionsStoreError(wrapping: error))
        }
    }
}
