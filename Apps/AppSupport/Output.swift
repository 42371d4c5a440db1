import Foundation

public enum OutputFormat: String, CaseIterable {
    case table, json, csv

    public static func parse(_ text: String?, allowed: [OutputFormat] = OutputFormat.allCases) throws -> OutputFormat {
        guard let text else { return allowed[0] }
        guard let format = OutputFormat(rawValue: text), allowed.contains(format) else {
            throw CLIError.usage("unknown format '\(text)'; use one of: \(allowed.map(\.rawValue).joined(separator: ", ")).")
        }
        return format
    }
}

/// Rows of named cells, rendered as an aligned table, CSV (RFC 4180) or a JSON array of objects.
/// Numbers are JSON strings so exact decimals survive every JSON parser.
public struct Report {
    public enum Alignment { case left, right }
    public struct Column {
        let title: String
        let key: String
        let alignment: Alignment

        public init(title: String, key: String, alignment: Alignment) {
            self.title = title
            self.key = key
            self.alignment = alignment
        }
    }

    let columns: [Column]
    public var rows: [[String]] = []

    public init(columns: [Column]) {
        self.columns = columns
    }

    public func render(_ format: OutputFormat, colors: Bool) -> String {
        switch format {
        case .table: return table(colors: colors)
        case .csv: return csv()
        case .json: return json()
        }
    }

    /// For a person at a terminal: control characters in any cell are shown as escapes, so text
    /// from a file or a server can neither break a row nor steer the terminal.
    private func table(colors: Bool) -> String {
        let rows = rows.map { $0.map(\.escapedForTerminal) }
        var widths = columns.map(\.title.count)
        for row in rows { for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) } }
        func line(_ cells: [String]) -> String {
            zip(cells, zip(columns, widths)).map { cell, layout in
                let padding = String(repeating: " ", count: layout.1 - cell.count)
                return layout.0.alignment == .right ? padding + cell : cell + padding
            }.joined(separator: "  ").trimmingTrailingSpaces() + "\n"
        }
        let header = line(columns.map(\.title))
        var text = colors ? "\u{1B}[1m" + header.dropLast() + "\u{1B}[0m\n" : header
        for row in rows { text += line(row) }
        return text
    }

    private func csv() -> String {
        var text = columns.map(\.key).joined(separator: ",") + "\n"
        for row in rows { text += row.map(CSV.quote).joined(separator: ",") + "\n" }
        return text
    }

    private func json() -> String {
        var text = "["
        for (index, row) in rows.enumerated() {
            text += index == 0 ? "\n  {" : ",\n  {"
            text += zip(columns, row).map { "\(JSON.quote($0.key)): \(JSON.quote($1))" }.joined(separator: ", ")
            text += "}"
        }
        return text + (rows.isEmpty ? "]\n" : "\n]\n")
    }
}

public enum JSON {
    public static func quote(_ text: String) -> String {
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\r": quoted += "\\r"
            case "\t": quoted += "\\t"
            case _ where scalar.value < 0x20: quoted += String(format: "\\u%04x", scalar.value)
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }
}

private extension String {
    func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
