import Foundation
import Ledger

/// Skipped rows on the ledger: kind `skipped-row`, schema 1, one entry per row content, with the
/// payload `handled=1` (only once handled) and `reason=TEXT`. The id is `row-` and the row's
/// fingerprint, so the same row skipped on two devices is one record.
public enum SkippedRowsLedgerCodec: LedgerCodec {
    public static let kind = LedgerKind("skipped-row", schema: 1)
    public static let kinds = [kind]
    /// A reason is a sentence for a person; a longer one is cut, so no record grows without bound.
    public static let maximumReasonLength = 500

    public static func id(for fingerprint: String) -> String { "row-" + fingerprint }

    public static func entry(for row: SkippedRow, updatedAt: Int64) -> LedgerEntry {
        LedgerEntry(id: id(for: row.fingerprint), kind: kind.name, schema: kind.schema, updatedAt: updatedAt,
                    payload: LedgerPayload((row.handled ? [("handled", "1")] : []) + [("reason", String(row.reason.prefix(maximumReasonLength)))]))
    }

    public static func record(from entry: LedgerEntry) throws(LedgerDecodingError) -> SkippedRow? {
        guard entry.kind == kind.name, !entry.isDeleted else { return nil }
        guard entry.schema <= kind.schema else { throw .newerSchema(id: entry.id, kind: entry.kind, schema: entry.schema, supported: kind.schema) }
        let fingerprint = String(entry.id.dropFirst(4))
        guard entry.id.hasPrefix("row-"), RowFingerprint.isValid(fingerprint) else { throw .invalidField(id: entry.id, kind: entry.kind, field: "id") }
        let payload = entry.payload
        guard payload["handled"] == nil || payload["handled"] == "1" else { throw .invalidField(id: entry.id, kind: entry.kind, field: "handled") }
        guard let reason = payload["reason"], reason.count <= maximumReasonLength else { throw .invalidField(id: entry.id, kind: entry.kind, field: "reason") }
        return SkippedRow(fingerprint: fingerprint, reason: reason, handled: payload["handled"] == "1")
    }
}
