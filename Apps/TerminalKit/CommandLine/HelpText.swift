/// Help laid out for a terminal: lines broken between words, never inside a name.
public enum HelpText {
    /// The width help is wrapped to: the terminal's, else 80; never narrower than 40.
    public static func width(terminal: Int?) -> Int { max(40, terminal ?? 80) }

    /// `text` broken between words so no line passes `width`, its continuation lines indented by
    /// `hangingIndent`. The first line keeps its own indentation; a word longer than a line is
    /// kept whole rather than cut.
    public static func wrap(_ text: String, width: Int, hangingIndent: Int? = nil) -> String {
        let leading = text.prefix { $0 == " " }.count
        let indent = String(repeating: " ", count: min(hangingIndent ?? leading, width / 2))
        var lines: [String] = []
        var line = String(repeating: " ", count: leading)
        var lineHasWord = false
        for word in text.dropFirst(leading).split(separator: " ", omittingEmptySubsequences: false) {
            let candidate = lineHasWord ? line + " " + word : line + word
            if lineHasWord && candidate.count > width {
                lines.append(line)
                line = indent + word
            } else {
                line = candidate
            }
            lineHasWord = true
        }
        lines.append(line)
        return lines.map { $0.trimmingTrailingSpaces() }.joined(separator: "\n")
    }

    /// Each line of `text` wrapped on its own, so laid-out lists keep their lines.
    public static func paragraphs(_ text: String, width: Int) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { wrap(String($0), width: width) }.joined(separator: "\n")
    }

    /// A two-column list, `term  definition`, as options and commands are shown. A term wider
    /// than the first column puts its definition on the next line, so no term is ever cut.
    public static func definitions(_ items: [(term: String, definition: String)], width: Int, indent: Int = 2) -> String {
        let widest = items.map(\.term.count).max() ?? 0
        let column = min(widest, max(12, width / 3))
        let definitionIndent = indent + column + 2
        var text = ""
        for item in items {
            let pad = String(repeating: " ", count: indent)
            if item.term.count > column {
                text += pad + item.term + "\n"
                text += wrap(String(repeating: " ", count: definitionIndent) + item.definition, width: width) + "\n"
            } else {
                let term = pad + item.term + String(repeating: " ", count: column - item.term.count + 2)
                text += wrap(term + item.definition, width: width, hangingIndent: definitionIndent) + "\n"
            }
        }
        return text
    }
}
