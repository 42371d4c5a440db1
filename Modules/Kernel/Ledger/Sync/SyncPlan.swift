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
    /// Records edited on both sides in different fields: both edits kept, in a version newer than
    /// either, which both sides take (it is in `push` and in `pull`).
    public var merged: [LedgerEntry] = []

    /// - Parameter bases: for records edited on both sides, the version both started from (the one
    ///   they held at the last sync), where it is known: with it, edits to different fields merge.
    public init(local: [LedgerEntry], remote: [LedgerEntry], lastSync: Int64?, bases: [String: LedgerEntry] = [:]) {
        let remoteByID = Dictionary(remote.map { ($0.id, $0) }, uniquingKeysWith: Self.newer)
        let localByID = Dictionary(local.map { ($0.id, $0) }, uniquingKeysWith: Self.newer)
        for (id, mine) in localByID.sorted(by: { $0.key < $1.key }) {
            guard let theirs = remoteByID[id] else { push.append(mine); continue }
            guard mine != theirs else { continue }
            let kept = Self.newer(mine, theirs)
            // The same record stamped at two times (a shared document stamps what it holds with
            // its own update time) is no conflict: the newer stamp is taken without a word.
            if Self.changed(mine, since: lastSync) && Self.changed(theirs, since: lastSync) && !Self.sameRecord(mine, theirs) {
                if let base = bases[id], let both = Self.merging(mine, theirs, from: base) {
                    merged.append(both)
                    push.append(both)
                    pull.append(both)
                    continue
                }
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

    /// The ids edited on both sides since the last sync: those a merge needs the bases of.
    public static func editedOnBothSides(local: [LedgerEntry], remote: [LedgerEntry], lastSync: Int64?) -> Set<String> {
        guard let lastSync else { return [] }
        let remoteByID = Dictionary(remote.map { ($0.id, $0) }, uniquingKeysWith: newer)
        return Set(local.filter { mine in
            guard let theirs = remoteByID[mine.id], theirs != mine else { return false }
            return changed(mine, since: lastSync) && changed(theirs, since: lastSync)
        }.map(\.id))
    }

    /// Both edits in one version, when each field (and the kind) was changed on one side at most,
    /// or to the same value on both; nil when a field was changed differently on each side, or a
    /// side deleted the record: last write wins then.
    static func merging(_ local: LedgerEntry, _ remote: LedgerEntry, from base: LedgerEntry) -> LedgerEntry? {
        guard !local.isDeleted, !remote.isDeleted, !base.isDeleted, local.schema == remote.schema else { return nil }
        func pick(_ mine: String?, _ theirs: String?, _ original: String?) -> String?? {
            if mine == theirs { return .some(mine) }
            if mine == original { return .some(theirs) }
            if theirs == original { return .some(mine) }
            return nil
        }
        guard case let kind?? = pick(local.kind, remote.kind, base.kind) else { return nil }
        let mine = Dictionary(local.payload.fields.map { ($0.name, $0.value) }) { $1 }
        let theirs = Dictionary(remote.payload.fields.map { ($0.name, $0.value) }) { $1 }
        let original = Dictionary(base.payload.fields.map { ($0.name, $0.value) }) { $1 }
        var fields: [(name: String, value: String)] = []
        for name in Set(mine.keys).union(theirs.keys).union(original.keys) {
            guard let value = pick(mine[name], theirs[name], original[name]) else { return nil }
            if let value { fields.append((name, value)) }
        }
        return LedgerEntry(id: local.id, kind: kind, schema: local.schema, updatedAt: max(local.updatedAt, remote.updatedAt) + 1,
                           payload: LedgerPayload(fields))
    }

    static func sameRecord(_ one: LedgerEntry, _ other: LedgerEntry) -> Bool {
        one.kind == other.kind && one.schema == other.schema && one.isDeleted == other.isDeleted && one.payload == other.payload
    }

    private static func changed(_ entry: LedgerEntry, since lastSync: Int64?) -> Bool {
        guard let lastSync else { return true }
        return entry.updatedAt > lastSync
    }
}
