import Foundation

/// What the last change made from one data directory replaced, so `undo` can put it back: for
/// each record changed, its version before (nil when the change created it) and the version the
/// change wrote. Kept on the ledger as kind `undo-point`, one entry per data directory (its id
/// names the directory), so it is as durable as the change itself; other devices receive it
/// and leave it alone.
public struct UndoPoint: Equatable, Sendable {
    public struct Change: Equatable, Sendable {
        public let id: String
        /// When the change wrote its version: undo refuses once the record has moved on.
        public let changedAt: Int64
        public let before: LedgerEntry?

        public init(id: String, changedAt: Int64, before: LedgerEntry?) {
            self.id = id
            self.changedAt = changedAt
            self.before = before
        }
    }

    public enum Content: Equatable, Sendable {
        case changes([Change])
        /// A batch too large to keep the earlier versions of (a big import): not undoable.
        case tooLarge(count: Int)
    }

    public let content: Content

    public init(content: Content) {
        self.content = content
    }
}

/// The `undo-point` kind's payload: `count`, then per change `N_id`, `N_at` and, when there was
/// an earlier version, `N_kind`, `N_schema`, `N_updatedAt`, `N_deleted`, `N_payload` (its
/// canonical encoding); or `tooLarge=COUNT`. Field names are keys in the remote database too,
/// which refuses `.` in a key.
public enum UndoPointCodec {
    public static let kind = LedgerKind("undo-point", schema: 1)

    public static func entry(_ point: UndoPoint, id: String, updatedAt: Int64) -> LedgerEntry {
        var fields: [(name: String, value: String)] = []
        switch point.content {
        case let .tooLarge(count):
            fields.append(("tooLarge", String(count)))
        case let .changes(changes):
            fields.append(("count", String(changes.count)))
            for (index, change) in changes.enumerated() {
                fields += [("\(index)_id", change.id), ("\(index)_at", String(change.changedAt))]
                if let before = change.before {
                    fields += [("\(index)_kind", before.kind), ("\(index)_schema", String(before.schema)),
                               ("\(index)_updatedAt", String(before.updatedAt)), ("\(index)_deleted", before.isDeleted ? "1" : "0"),
                               ("\(index)_payload", before.payload.description)]
                }
            }
        }
        return LedgerEntry(id: id, kind: kind.name, schema: kind.schema, updatedAt: updatedAt, payload: LedgerPayload(fields))
    }

    public static func point(from entry: LedgerEntry) throws(LedgerDecodingError) -> UndoPoint? {
        guard entry.kind == kind.name, !entry.isDeleted else { return nil }
        guard entry.schema <= kind.schema else { throw .newerSchema(id: entry.id, kind: entry.kind, schema: entry.schema, supported: kind.schema) }
        var fields: [String: String] = [:]
        for field in entry.payload.fields { fields[field.name] = field.value }
        func invalid(_ field: String) -> LedgerDecodingError { .invalidField(id: entry.id, kind: entry.kind, field: field) }
        if let count = fields["tooLarge"] {
            guard let count = Int(count) else { throw invalid("tooLarge") }
            return UndoPoint(content: .tooLarge(count: count))
        }
        guard let count = fields["count"].flatMap(Int.init), count >= 0 else { throw invalid("count") }
        var changes: [UndoPoint.Change] = []
        for index in 0..<count {
            guard let id = fields["\(index)_id"], let at = fields["\(index)_at"].flatMap(Int64.init) else { throw invalid("\(index)_id") }
            var before: LedgerEntry?
            if let kind = fields["\(index)_kind"] {
                guard let schema = fields["\(index)_schema"].flatMap(Int.init), let updatedAt = fields["\(index)_updatedAt"].flatMap(Int64.init),
                      let payload = fields["\(index)_payload"] else { throw invalid("\(index)_kind") }
                let bytes = Array(payload.utf8)
                before = LedgerEntry(id: id, kind: kind, schema: schema, updatedAt: updatedAt, isDeleted: fields["\(index)_deleted"] == "1",
                                     payload: LedgerPayload(encoded: LedgerBytes(bytes), range: 0..<bytes.count))
            }
            changes.append(UndoPoint.Change(id: id, changedAt: at, before: before))
        }
        return UndoPoint(content: .changes(changes))
    }
}
