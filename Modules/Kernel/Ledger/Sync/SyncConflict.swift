import Foundation

/// A record changed on both sides since the last sync: the newer version was kept everywhere,
/// and the other one is kept too, as an entry of kind `sync-conflict`, so nothing is lost.
public struct SyncConflict: Equatable, Sendable {
    public let id: String
    public let kind: String
    /// Whether the version kept is this device's.
    public let keptLocal: Bool
    /// The payload fields that differ between the two versions (and `deleted` when one side deleted it).
    public let changedFields: [String]
    /// The version that lost, as it was.
    public let losing: LedgerEntry

    public init(id: String, kind: String, keptLocal: Bool, changedFields: [String], losing: LedgerEntry) {
        self.id = id
        self.kind = kind
        self.keptLocal = keptLocal
        self.changedFields = changedFields
        self.losing = losing
    }

    init(local: LedgerEntry, remote: LedgerEntry, kept: LedgerEntry) {
        let localFields = Dictionary(local.payload.fields.map { ($0.name, $0.value) }, uniquingKeysWith: { $1 })
        let remoteFields = Dictionary(remote.payload.fields.map { ($0.name, $0.value) }, uniquingKeysWith: { $1 })
        var changed = Set(localFields.keys).union(remoteFields.keys).filter { localFields[$0] != remoteFields[$0] }.sorted()
        if local.isDeleted != remote.isDeleted { changed.insert("deleted", at: 0) }
        self.init(id: local.id, kind: kept.kind, keptLocal: kept == local, changedFields: changed, losing: kept == local ? remote : local)
    }
}

/// The `sync-conflict` kind: a losing version, kept on the ledger like any record, so it survives
/// and syncs and can be looked at later.
public enum SyncConflictCodec {
    public static let kind = LedgerKind("sync-conflict", schema: 1)

    /// One entry per losing version: its id names the record and the version's time.
    public static func entry(for conflict: SyncConflict, recordedAt: Int64) -> LedgerEntry {
        let losing = conflict.losing
        var fields: [(name: String, value: String)] = [
            ("record", losing.id), ("kind", losing.kind), ("schema", String(losing.schema)), ("updatedAt", String(losing.updatedAt)),
            ("kept", conflict.keptLocal ? "this device's" : "another device's"), ("changed", conflict.changedFields.joined(separator: ",")),
        ]
        if losing.isDeleted { fields.append(("deleted", "true")) } else { fields.append(("payload", losing.payload.description)) }
        let id = "conflict-\(losing.updatedAt)-" + losing.id.prefix(LedgerIdentifier.maximumLength - 40)
        return LedgerEntry(id: id, kind: kind.name, schema: kind.schema, updatedAt: recordedAt, payload: LedgerPayload(fields))
    }
}
