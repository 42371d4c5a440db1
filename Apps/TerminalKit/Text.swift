import Foundation

extension String {
    /// Control characters shown as escapes, so text from a file or a server can't steer the terminal.
    public var escapedForTerminal: String {
        guard unicodeScalars.contains(where: Self.isControl) else { return self }
        var result = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\t": result += "\\t"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case _ where Self.isControl(scalar): result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Control characters escaped, line breaks kept: a multi-line note as it was typed, or a
    /// message that lists several problems.
    public func escapedForTerminal(keepingLineBreaks: Bool) -> String {
        split(separator: "\n", omittingEmptySubsequences: false).map { String($0).escapedForTerminal }.joined(separator: "\n")
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}

extension String {
    /// Ends with a full stop, so a message can be followed by advice.
    public var asSentence: String { hasSuffix(".") ? self : self + "." }
}
