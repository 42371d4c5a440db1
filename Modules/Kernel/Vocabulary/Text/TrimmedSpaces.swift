import Foundation

extension String {
    /// Without leading and trailing spaces and tabs (`CharacterSet.whitespaces`), at no cost for
    /// the fields that have none: Foundation's trimming bridges every string it is given, which
    /// is most of the time a long import spends on a row.
    @inlinable
    public var trimmedSpaces: String {
        guard !isEmpty else { return self }
        // Visible ASCII at both ends: nothing to trim, and no Unicode property to look up. A
        // byte of a longer character is none, and is left to Foundation.
        guard withUTF8Bytes({ !(0x21...0x7E).contains($0[0]) || !(0x21...0x7E).contains($0[$0.count - 1]) }) else { return self }
        return trimmingCharacters(in: .whitespaces)
    }
}
