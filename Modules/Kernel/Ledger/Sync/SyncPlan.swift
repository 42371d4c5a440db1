import Foundation

/// The two-way merge, as a pure function of both sides' entries: for each id the newer version
/// wins (last write wins, by `updatedAt`), and both sides end up with the same entries. Kinds
/// do not matter here, so entries of kinds this release does not know sync like any other.
public struct SyncPlan: Equatable, Sendable {
    /// Local versions the remote lacks or holds older.
    public var push: [LedgerEntry] = []
    /// Remote versions the local store lacks or holds older.
    public var pull: [LedgerEntry] = []
    /// Records edited on both sides since the last sync; each is resolved by the rule above, and
    /// names what differs and the version that lost.
    public var conflicts: [SyncConflict] = []

    public init(local: [LedgerEntry], remote: [LedgerEntry], lastSync: Int64?) {
        let remoteByID = Dictionary(remote.map { ($0.id, $0) }, uniquingKeysWith: Self.newer)
        let localByID = Dictionary(local.map { ($0.id, $0) }, uniquingKeysWith: Self.newer)
        for (id, mine) in localByID.sorted(by: { $0.key < $1.key }) {
            guard let theirs = remoteByID[id] else { push.append(mine); continue }
            guard mine != theirs else { continue }
            let kept = Self.newer(mine, theirs)
            if Self.changed(mine, since: lastSync) && Self.changed(theirs, since: lastSync) {
                conflicts.append(SyncConflict(local: mine, remote: theirs, kept: kept))
            }
            if kept == mine { push.append(mine) } else { pull.append(theirs) }
        }
        for (id, theirs) in remoteByID.sorted(by: { $0.key < $1.key }) where localByID[id] == nil {
            pull.append(theirs)
        }
    }

    public var isEmpty: Bool { push.isEmpty && pull.isEmpty }

    /// Ties go to the remote, so every client resolves them the same way.
    private static func newer(_ local: LedgerEntry, _ remote: LedgerEntry) -> LedgerEntry {
        local.updatedAt > remote.updatedAt ? local : remote
    }

    private static func changed(_ entry: LedgerEntry, since lastSync: Int64?) -> Bool {
        guard let lastSync else { return true }
        return entry.updatedAt > lastSync
    }
}
