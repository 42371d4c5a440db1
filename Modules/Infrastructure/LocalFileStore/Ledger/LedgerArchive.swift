import Foundation
import Ledger

/// A whole ledger in one file, in the log's own format: what a full backup is written as and read
/// back from. Every entry travels byte for byte, whatever its kind.
public enum LedgerArchive {
    public static func encode(_ entries: [LedgerEntry]) -> [UInt8] {
        var bytes = Array(LedgerLogCodec.header.utf8)
        for entry in entries { LedgerLogCodec.append(entry, to: &bytes) }
        return bytes
    }

    /// Whether `bytes` starts like a ledger (any version), so a reader can tell it from CSV or JSON.
    public static func isArchive(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: (LedgerLogCodec.magic + " v").utf8)
    }

    /// Each entry with the line it was on; a damaged line, a newer format or a file cut short is an error.
    public static func decode(_ bytes: [UInt8], path: String) throws(StoreError) -> [(line: Int, entry: LedgerEntry)] {
        var entries: [(line: Int, entry: LedgerEntry)] = []
        try LedgerLogCodec.forEachRecord(in: bytes, path: path, requireWholeLines: true) { entries.append(($0, $1)) }
        return entries
    }
}
