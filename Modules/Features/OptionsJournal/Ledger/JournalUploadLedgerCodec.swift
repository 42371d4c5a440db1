import Ledger

/// Imports on the ledger: kind `journal-upload`, schema 1, one entry per file name, with the
/// payload `ids=exec-…,exec-…  name=TEXT`.
public enum JournalUploadLedgerCodec: LedgerCodec {
    public static let upload = LedgerKind("journal-upload", schema: 1)
    public static let kinds = [upload]
    static let maximumFills = 1_000_000

    public static func entry(for record: JournalUpload, updatedAt: Int64) -> LedgerEntry {
        LedgerEntry(id: record.id, kind: upload.name, schema: upload.schema, updatedAt: updatedAt,
                    payload: LedgerPayload([("ids", record.executionIDs.joined(separator: ",")), ("name", record.name)]))
    }

    public static func record(from entry: LedgerEntry) throws(LedgerDecodingError) -> JournalUpload? {
        guard entry.kind == upload.name, !entry.isDeleted else { return nil }
        guard entry.schema <= upload.schema else { throw .newerSchema(id: entry.id, kind: entry.kind, schema: entry.schema, supported: upload.schema) }
        guard let name = entry.payload["name"], isName(name), entry.id == JournalUpload.id(name: name) else {
            throw .invalidField(id: entry.id, kind: entry.kind, field: "name")
        }
        let ids = entry.payload["ids"].map { $0.split(separator: ",").map(String.init) } ?? []
        guard ids.count <= maximumFills, ids.allSatisfy({ $0.hasPrefix("exec-") && LedgerIdentifier.isValid($0) }) else {
            throw .invalidField(id: entry.id, kind: entry.kind, field: "ids")
        }
        return JournalUpload(name: name, executionIDs: ids)
    }

    /// 1–255 characters, none of them a control character: a file's name.
    public static func isName(_ text: String) -> Bool {
        (1...255).contains(text.count) && !text.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }
}

/// Every kind the journal keeps: its fills, its imports and its annotations.
public enum JournalKinds {
    public static let all = JournalLedgerCodec.kinds + JournalUploadLedgerCodec.kinds + AnnotationsLedgerCodec.kinds
}
