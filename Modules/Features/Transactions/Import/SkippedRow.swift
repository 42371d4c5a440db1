import Foundation

/// A row of a broker's file that an import skipped, remembered by its content so that the same
/// row in next month's export (at another line) is known: reported once as skipped before, or,
/// once the user has recorded it by hand and said so (`handled`), left out of the report.
public struct SkippedRow: Equatable, Sendable {
    /// `RowFingerprint`'s, of the row's cells.
    public let fingerprint: String
    /// Why it was skipped when it first was, for a person reading the ledger.
    public let reason: String
    public let handled: Bool

    public init(fingerprint: String, reason: String, handled: Bool) {
        self.fingerprint = fingerprint
        self.reason = reason
        self.handled = handled
    }
}

/// A row's identity across files: its cells, trimmed, hashed with 64-bit FNV-1a (a checksum, not
/// a security measure: two rows that collide would only share a "skipped before" note), as 16
/// lower-case hex digits.
public enum RowFingerprint {
    public static func of(_ cells: [String]) -> String {
        text(value(of: cells))
    }

    /// As 16 lower-case hex digits.
    public static func text(_ value: UInt64) -> String {
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Never 0, which stands for no row.
    public static func value(of cells: [String]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for cell in cells {
            // Trimmed of spaces and tabs by hand: a Foundation call a cell was most of an import's time.
            var bytes = cell.utf8[...]
            while let first = bytes.first, first == 0x20 || first == 0x09 { bytes = bytes.dropFirst() }
            while let last = bytes.last, last == 0x20 || last == 0x09 { bytes = bytes.dropLast() }
            for byte in bytes {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            }
            // A separator no cell holds, so ["ab", "c"] and ["a", "bc"] differ.
            hash = (hash ^ 0x1F) &* 0x0000_0100_0000_01B3
        }
        return max(hash, 1)
    }

    public static func isValid(_ text: String) -> Bool {
        text.utf8.count == 16 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
