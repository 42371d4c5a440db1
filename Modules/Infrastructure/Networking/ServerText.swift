import Foundation

extension String {
    /// A server's words, cut short and without control characters (C0, DEL and the C1 range,
    /// where U+009B and U+009D start escape sequences), before anyone shows them.
    public init(safeForDisplay text: String) {
        self = String(String.UnicodeScalarView(text.unicodeScalars.prefix(200).filter { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) }))
    }
}
