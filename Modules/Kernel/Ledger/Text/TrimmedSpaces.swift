import Foundation

extension String {
    /// Without leading and trailing spaces and tabs (`CharacterSet.whitespaces`), at no cost for
    /// the fields that have none: Foundation's trimming bridges every string it is given, which
    /// is most of the time a long import spends on a row.
    public var trimmedSpaces: String {
        guard let first = unicodeScalars.first, let last = unicodeScalars.last else { return self }
        // Visible ASCII at both ends: nothing to trim, and no Unicode property to look up.
        func visible(_ scalar: Unicode.Scalar) -> Bool { (0x21...0x7E).contains(scalar.value) }
        guard !visible(first) || !visible(last) else { return self }
        return trimmingCharacters(in: .whitespaces)
    }
}
