/// A day's note as the web app's editor (Quill) keeps it: HTML, one paragraph a line, `<p><br></p>`
/// for an empty one, with `&`, `<` and `>` escaped as the browser serializes text. Typed here as
/// plain text, a note is kept as that HTML, so both apps hold one value, and shown as text again.
public enum JournalNote {
    public static func html(fromText text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let escaped = line.replacingEvery(["&": "&amp;", "<": "&lt;", ">": "&gt;"])
            return "<p>" + (escaped.isEmpty ? "<br>" : escaped) + "</p>"
        }.joined()
    }

    /// The text a reader sees: a paragraph, heading, list item or line break ends a line, every
    /// other tag goes, and character references are read. Text without tags is as it is.
    public static func text(fromHTML html: String) -> String {
        var lines: [String] = [], line = "", index = html.startIndex
        while index < html.endIndex {
            let character = html[index]
            // A tag opens with a letter, `/` or `!` after the `<`, as an HTML parser reads one.
            if character == "<", let next = html[html.index(after: index)...].first, next.isLetter || next == "/" || next == "!",
               let close = html[index...].firstIndex(of: ">") {
                let name = html[html.index(after: index)..<close].lowercased().split(whereSeparator: { $0 == " " || $0 == "/" }).first.map(String.init) ?? ""
                let closing = html[html.index(after: index)...].first == "/"
                if name == "br" && !(html[close...].hasPrefix("></p>") && line.isEmpty) || closing && ["p", "li", "div", "h1", "h2", "h3", "h4", "h5", "h6"].contains(name) {
                    lines.append(line)
                    line = ""
                }
                index = html.index(after: close)
            } else if character == "&", let end = html[index...].prefix(12).firstIndex(of: ";"), let decoded = reference(String(html[html.index(after: index)..<end])) {
                line.append(decoded)
                index = html.index(after: end)
            } else {
                line.append(character)
                index = html.index(after: index)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines.joined(separator: "\n")
    }

    private static func reference(_ name: String) -> Character? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos", "#39": return "'"
        case "nbsp": return " "
        default:
            let number = name.hasPrefix("#x") || name.hasPrefix("#X") ? UInt32(name.dropFirst(2), radix: 16) : name.hasPrefix("#") ? UInt32(name.dropFirst()) : nil
            return number.flatMap(Unicode.Scalar.init).map(Character.init)
        }
    }
}

private extension Substring {
    func replacingEvery(_ replacements: [Character: String]) -> String {
        var result = ""
        for character in self { result += replacements[character] ?? String(character) }
        return result
    }
}
