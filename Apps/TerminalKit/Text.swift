import Foundation

extension String {
    /// Control characters shown as escapes, so text from a file or a server can't steer the terminal.
    public var escapedForTerminal: String {
        // Printable ASCII, as nearly every cell of a table is, is settled by its bytes: through
        // its scalars, thousands of cells a table took a sixtieth of a portfolio's instructions.
        var text = self
        guard !text.withUTF8({ $0.allSatisfy { (0x20...0x7E).contains($0) } }), unicodeScalars.contains(where: Self.isControl) else { return self }
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

    /// A word as it would be typed in a POSIX shell, for a hint to copy: as it is when only
    /// letters, digits and `-_.,/:@%+=` are in it, else in single quotes, where nothing (`$`, a
    /// backquote, `"`, `!`) is special but a single quote, which is closed, escaped and reopened.
    /// Control characters, which no one types, are shown escaped.
    public var shellQuoted: String {
        let plain = !isEmpty && unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.,/:@%+=".unicodeScalars.contains($0)) }
        return (plain ? self : "'" + replacingOccurrences(of: "'", with: "'\\''") + "'").escapedForTerminal
    }

    /// Control characters escaped, line breaks kept: a multi-line note as it was typed, or a
    /// message that lists several problems.
    public func escapedForTerminal(keepingLineBreaks: Bool) -> String {
        split(separator: "\n", omittingEmptySubsequences: false).map { String($0).escapedForTerminal }.joined(separator: "\n")
    }

    /// Every control character escaped except line breaks, tabs and SGR colour sequences.
    public var keepingOnlyColours: String {
        guard unicodeScalars.contains(where: { Self.isControl($0) && $0 != "\n" && $0 != "\t" }) else { return self }
        var result = String.UnicodeScalarView()
        let scalars = Array(unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\u{1B}", let end = Self.endOfColour(in: scalars, at: index) {
                result.append(contentsOf: scalars[index...end])
                index = end + 1
                continue
            }
            if scalar == "\n" || scalar == "\t" || !Self.isControl(scalar) {
                result.append(scalar)
            } else {
                result.append(contentsOf: "\\u{\(String(scalar.value, radix: 16))}".unicodeScalars)
            }
            index += 1
        }
        return String(result)
    }

    /// Where `ESC [ digits ; … m` that starts at `start` ends, if it is one.
    private static func endOfColour(in scalars: [Unicode.Scalar], at start: Int) -> Int? {
        guard start + 2 < scalars.count, scalars[start + 1] == "[" else { return nil }
        var index = start + 2
        while index < scalars.count, ("0"..."9").contains(scalars[index]) || scalars[index] == ";" { index += 1 }
        return index < scalars.count && scalars[index] == "m" ? index : nil
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}

extension String {
    /// Ends with a full stop, so a message can be followed by advice.
    public var asSentence: String { hasSuffix(".") ? self : self + "." }
}
