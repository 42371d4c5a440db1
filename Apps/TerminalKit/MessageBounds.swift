/// What keeps a message readable whatever it quotes: a field of 8 MB named in each of 20 import
/// problems once wrote 168 MB to stderr. Messages quote outside values between single quotes,
/// so on a long line each quoted run over `longestValue` characters is cut, saying its length,
/// and a line still over `longestLine` loses its middle, saying how much. Short lines, which
/// are nearly all, are passed as they are without being looked at.
public enum MessageBounds {
    public static let longestValue = 200
    public static let longestLine = 4_000
    /// Lines up to this long are left alone.
    static let looked = 1_000

    public static func bounded(_ text: String) -> String {
        guard text.utf8.count > looked else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { bounded(line: $0) }.joined(separator: "\n")
    }

    private static func bounded(line: Substring) -> String {
        guard line.utf8.count > looked else { return String(line) }
        var result = String.UnicodeScalarView(), quoted = String.UnicodeScalarView(), inQuote = false
        func closeQuote(_ closed: Bool) {
            if quoted.count > longestValue {
                result.append(contentsOf: quoted.prefix(longestValue))
                result.append(contentsOf: "…' (\(Formatted.count(quoted.count)) characters)".unicodeScalars)
            } else {
                result.append(contentsOf: quoted)
                if closed { result.append("'") }
            }
            quoted.removeAll()
        }
        for scalar in line.unicodeScalars {
            guard scalar != "'" else {
                if inQuote { closeQuote(true) } else { result.append(scalar) }
                inQuote.toggle()
                continue
            }
            if inQuote { quoted.append(scalar) } else { result.append(scalar) }
        }
        if inQuote { closeQuote(false) }
        guard result.count > longestLine else { return String(result) }
        let head = result.prefix(longestLine / 2), tail = result.suffix(longestLine / 4)
        let left = result.count - head.count - tail.count
        return String(String.UnicodeScalarView(head)) + " … (\(Formatted.count(left)) characters left out) … " + String(String.UnicodeScalarView(tail))
    }
}
