import Foundation
import Ledger

/// The log format before the ledger, read so that its files migrate: buy and sell only.
///
///     investments-transactions v1
///     +	<id>	<YYYY-MM-DD>	<buy|sell>	<TICKER>	<quantity>	<sum>	<updatedAt ms>	<note>
///     -	<id>	<deletedAt ms>
///
/// Only the note was escaped (`\\`, `\t`, `\n`, `\r`: a subset of `LedgerEscaping`). Each line
/// becomes the entry the Transactions feature writes today: kind `buy` or `sell`, schema 1.
enum LedgerLogV1 {
    /// The kind a v1 deletion gets when the log no longer holds what it deleted: buy and sell sync
    /// to the same place, and nothing reads a deleted transaction's type.
    static let deletedKind = "buy"

    static func entry(_ buffer: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) throws(LedgerLogCodec.LineProblem) -> LedgerEntry {
        let fields = UnsafeBufferPointer(rebasing: buffer[line]).split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        switch fields.first {
        case "+":
            guard fields.count == 9 else { throw .init(reason: "expected 9 tab-separated fields, found \(fields.count)") }
            guard !fields[1].isEmpty else { throw .init(reason: "the id is empty") }
            guard fields[3] == "buy" || fields[3] == "sell" else { throw .init(reason: "unknown transaction type '\(fields[3])'") }
            var payload = [("date", fields[2]), ("ticker", fields[4]), ("quantity", fields[5]), ("sum", fields[6])]
            if !fields[8].isEmpty {
                payload.append(("note", Array(fields[8].utf8).withUnsafeBufferPointer { LedgerEscaping.unescape($0) }))
            }
            return LedgerEntry(id: fields[1], kind: fields[3], schema: 1, updatedAt: try timestamp(fields[7]), payload: LedgerPayload(payload))
        case "-":
            guard fields.count == 3 else { throw .init(reason: "a deletion needs 3 tab-separated fields, found \(fields.count)") }
            guard !fields[1].isEmpty else { throw .init(reason: "the id is empty") }
            return .tombstone(id: fields[1], kind: deletedKind, at: try timestamp(fields[2]))
        default:
            throw .init(reason: "a record must start with '+' or '-', found '\(fields.first ?? "")'")
        }
    }

    private static func timestamp(_ text: String) throws(LedgerLogCodec.LineProblem) -> Int64 {
        let parsed = Array(text.utf8).withUnsafeBufferPointer { bytes in Result { () throws(LedgerLogCodec.LineProblem) in try LedgerLogCodec.timestamp(bytes) } }
        return try parsed.get()
    }
}
