import Foundation

/// Several syncs run as one, in order, reported together: the ledger's kinds may live with
/// different backends (the journal with the web app's Firestore document, the rest in the
/// Realtime Database), and the user asks for one sync.
public final class CompositeLedgerSyncing: LedgerSyncing {
    private let syncs: [LedgerSyncing]

    public init(_ syncs: [LedgerSyncing]) {
        self.syncs = syncs
    }

    /// Stops at the first sync that fails; those before it have finished and stay done.
    public func sync(mergingOtherAccounts: Bool) throws(SyncLedgerError) -> SyncReport {
        var reports: [SyncReport] = []
        for sync in syncs { reports.append(try sync.sync(mergingOtherAccounts: mergingOtherAccounts)) }
        return SyncReport(pushed: reports.map(\.pushed).reduce(0, +), pulled: reports.map(\.pulled).reduce(0, +),
                          conflicts: reports.flatMap(\.conflicts), rejected: reports.flatMap(\.rejected),
                          unpushable: reports.flatMap(\.unpushable), merged: reports.flatMap(\.merged))
    }
}
