import Foundation
import Vocabulary
import FixedPoint

public enum OutputFormat: String, CaseIterable, Sendable {
    case table, json, csv

    /// `also` names the formats a command writes besides these, for the message.
    public static func parse(_ text: String?, allowed: [OutputFormat] = OutputFormat.allCases, also: [String] = []) throws -> OutputFormat {
        guard let text else { return allowed[0] }
        guard let format = OutputFormat(rawValue: text), allowed.contains(format) else {
            let names = allowed.map(\.rawValue) + also
            throw CLIError.usage("unknown format '\(text.escapedForTerminal)'; use one of: \(names.joined(separator: ", ")).\(ArgumentParser.suggestion(for: text, among: names))")
        }
        return format
    }
}

/// One value of a report: the words a table shows, and the exact value JSON and CSV carry.
public struct Cell {
    /// A gain is green and a loss red, on a terminal that shows colour.
    public enum Tone { case plain, gain, loss }

    /// How a table rounds a decimal; JSON and CSV carry it exact.
    enum Rounding { case exact, money, percent }

    private enum Content {
        case given(shown: String, value: JSONValue)
        /// Written out only when asked for: a table shows a few of a wide report's columns, and
        /// JSON none of its rounded texts, while a portfolio has thousands of such cells.
        case decimal(FixedDecimal, Rounding)
    }

    private let content: Content
    public var tone: Tone = .plain


    public init(shown: String, value: JSONValue, tone: Tone = .plain) {
        content = .given(shown: shown, value: value)
        self.tone = tone
    }

    init(_ decimal: FixedDecimal, rounding: Rounding) {
        content = .decimal(decimal, rounding)
    }

    public var shown: String {
        switch content {
        case let .given(shown, _): return shown
        case .decimal(let value, .exact): return value.description
        case .decimal(let value, .money): return Formatted.money(value)
        case .decimal(let value, .percent): return Formatted.percent(value)
        }
    }

    public var value: JSONValue {
        switch content {
        case let .given(_, value): return value
        case let .decimal(value, _): return .string(value.description)
        }
    }

    /// Text shown as it is; nil is an empty cell and JSON null.
    public static func text(_ text: String?) -> Cell { Cell(shown: text ?? "", value: .text(text)) }
    public static func count(_ count: Int) -> Cell { Cell(shown: String(count), value: .count(count)) }
    /// A time: ISO 8601 UTC in JSON and CSV, `shown` (an age, say) in a table.
    public static func time(_ date: Date?, shown: String) -> Cell { Cell(shown: shown, value: .text(date.map(Timestamp.iso8601))) }
}

/// How a table is laid out for the terminal it goes to.
public struct TableStyle {
    public var colors = false
    /// Every column, not only those that fit 80 characters.
    public var wide = false
    /// The columns, by key, in this order; nil for the defaults.
    public var columns: [String]?
    /// The terminal's width, when known: the widest text column is cut (with "…") to fit.
    public var width: Int?

    public init(colors: Bool = false, wide: Bool = false, columns: [String]? = nil, width: Int? = nil) {
        self.colors = colors
        self.wide = wide
        self.columns = columns
        self.width = width
    }
}

/// Rows of named cells, rendered as an aligned table, CSV (RFC 4180) or a JSON array of objects.
public struct Report {
    public enum Alignment { case left, right }
    /// Which tables show a column; JSON and CSV always carry every column.
    public enum Visibility { case standard, wide, machineOnly }

    public struct Column {
        let title: String
        let key: String
        let alignment: Alignment
        let visibility: Visibility

        public init(title: String, key: String, alignment: Alignment, visibility: Visibility = .standard) {
            self.title = title
            self.key = key
            self.alignment = alignment
            self.visibility = visibility
        }
    }

    private(set) var columns: [Column]
    public var rows: [[Cell]] = []

    public init(columns: [Column]) {
        self.columns = columns
    }

    /// A column added after the rows, one cell per row in order: for what only some callers show.
    public mutating func append(_ column: Column, cells: [Cell]) {
        precondition(cells.count == rows.count, "one cell per row")
        columns.append(column)
        for index in rows.indices { rows[index].append(cells[index]) }
    }

    public func render(_ format: OutputFormat, colors: Bool) -> String {
        render(format, style: TableStyle(colors: colors))
    }

    public func render(_ format: OutputFormat, style: TableStyle) -> String {
        switch format {
        case .table: return table(style)
        case .csv, .json:
            var writer = streamed(format)
            return writer.finish()
        }
    }

    /// CSV, or `json.rendered()`, written straight from the cells: a list can be a million rows.
    private func streamed(_ format: OutputFormat) -> StreamedRows {
        var writer = StreamedRows(format, columns: columns)
        for row in rows {
            for cell in row { writer.append(cell) }
            writer.endRow()
        }
        return writer
    }

    /// A single result (one row): a JSON object with the schema's version, not an array.
    public func renderResult(_ format: OutputFormat, colors: Bool) -> String {
        guard format == .json, let row = rows.first else { return render(format, colors: colors) }
        return JSON.document(zip(columns, row).map { ($0.key, $1.value) }).rendered()
    }

    /// The keys `--columns` accepts.
    public var columnKeys: [String] { columns.filter { $0.visibility != .machineOnly }.map(\.key) }

    /// Each row as an object keyed by the columns' keys.
    public var json: JSONValue { .array(rows.map { row in .object(zip(columns, row).map { ($0.key, $1.value) }) }) }

    /// For a person at a terminal, laid out by `TableLayout` from every row's widths. Each shown
    /// cell is written out and escaped once, for its width and its line both.
    private func table(_ style: TableStyle) -> String {
        var layout = TableLayout(columns: columns, style: style)
        let shown = rows.map(layout.shownCells(of:))
        for cells in shown { layout.measure(cells) }
        layout.fit()
        return shown.reduce(into: layout.header) { $0 += layout.line($1) } + layout.footer
    }
}

/// A table's layout for the terminal: every row is measured first, then each is written in turn,
/// so a list of a million rows can be measured in one pass and written in another without
/// holding them. Control characters in any cell are shown as escapes, so text from a file or a
/// server can neither break a row nor steer the terminal.
public struct TableLayout {
    private let columns: [Report.Column]
    private let style: TableStyle
    /// The columns shown, by index into `columns`, in order.
    private var shown: [Int]
    private var widths: [Int]
    /// Each shown column's shortest and longest cell: one whose cells are all one length (a date,
    /// an id) says nothing cut, so it is left whole.
    private var shortest: [Int], longest: [Int]
    private var measured = 0
    /// The column narrowed to fit, and to what width.
    private var cut: (column: Int, width: Int)?
    private var leftOut: [String] = []

    public init(columns: [Report.Column], style: TableStyle) {
        self.columns = columns
        self.style = style
        if let keys = style.columns {
            shown = keys.compactMap { key in columns.firstIndex { $0.key == key } }
        } else {
            shown = columns.indices.filter { columns[$0].visibility == .standard || (style.wide && columns[$0].visibility == .wide) }
        }
        widths = shown.map { columns[$0].title.count }
        shortest = shown.map { _ in .max }
        longest = shown.map { _ in 0 }
    }

    /// The table of the rows `forEachRow` hands over, which it does twice (to measure them, then
    /// to write them), written a piece at a time: a long list's table, whose rows are never held.
    public static func write(columns: [Report.Column], style: TableStyle, rows forEachRow: (_ row: ([Cell]) throws -> Void) throws -> Void,
                             to write: (String) throws -> Void) rethrows {
        var layout = TableLayout(columns: columns, style: style)
        try forEachRow { layout.measure($0) }
        layout.fit()
        var text = layout.header
        try withoutActuallyEscaping(write) { write in
            try forEachRow { row in
                text += layout.line(row)
                if text.utf8.count >= 1 << 16 {
                    try write(text)
                    text = ""
                }
            }
        }
        try write(text + layout.footer)
    }

    /// A row's shown columns' texts, as a terminal shows them, each with its tone.
    public typealias ShownCells = [(text: String, tone: Cell.Tone)]

    public func shownCells(of row: [Cell]) -> ShownCells {
        shown.map { (row[$0].shown.escapedForTerminal, row[$0].tone) }
    }

    public mutating func measure(_ row: [Cell]) {
        measure(shownCells(of: row))
    }

    /// Measured before `fit`, which may leave out columns from the right.
    public mutating func measure(_ cells: ShownCells) {
        for index in shown.indices {
            let count = cells[index].text.displayCount
            widths[index] = max(widths[index], count)
            shortest[index] = min(shortest[index], count)
            longest[index] = max(longest[index], count)
        }
        measured += 1
    }

    /// Once every row is measured: --wide promises every column in full; otherwise the widest
    /// text column is cut with "…", and columns that still don't fit are left out from the right,
    /// saying so.
    public mutating func fit() {
        guard let limit = style.width, !style.wide else { return }
        let uniform = shown.indices.map { measured > 0 && shortest[$0] == longest[$0] }
        if let cut = Self.cut(widths: widths, titles: shown.map { columns[$0].title }, alignments: shown.map { columns[$0].alignment },
                              uniform: uniform, limit: limit) {
            widths[cut.column] = cut.width
            self.cut = cut
        }
        while shown.count > 1, widths.reduce(0, +) + 2 * (widths.count - 1) > limit {
            leftOut.insert(columns[shown.removeLast()].title, at: 0)
            widths.removeLast()
        }
    }

    /// The titles, bold on a terminal that shows colour.
    public var header: String {
        let header = line { (columns[shown[$0]].title, .plain) }
        return style.colors ? "\u{1B}[1m" + header.dropLast() + "\u{1B}[0m\n" : header
    }

    public func line(_ row: [Cell]) -> String {
        line(shownCells(of: row))
    }

    /// What `shownCells` gave, before or after `fit`.
    public func line(_ cells: ShownCells) -> String {
        line { index in
            let (text, tone) = cells[index]
            guard let cut, cut.column == index, text.displayCount > cut.width else { return (text, tone) }
            return (text.prefix(cut.width - 1) + "…", tone)
        }
    }

    /// What was left out to fit, if anything.
    public var footer: String {
        leftOut.isEmpty ? "" : "(\(leftOut.joined(separator: ", ")) left out to fit \(style.width ?? 0) columns; --wide shows all)\n"
    }

    /// Each shown column's text, padded to its width, two spaces apart, with no trailing space:
    /// written as bytes, as a long list writes a line per row.
    private func line(_ cell: (_ index: Int) -> (text: String, tone: Cell.Tone)) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(widths.reduce(2 * widths.count, +))
        for index in shown.indices {
            var (text, tone) = cell(index)
            let padding = max(0, widths[index] - text.displayCount)
            if index > 0 { bytes.append(contentsOf: [0x20, 0x20]) }
            if style.colors { text = Self.paint(text, tone) }
            if columns[shown[index]].alignment == .right { bytes.append(contentsOf: repeatElement(0x20, count: padding)) }
            bytes.append(contentsOf: text.utf8)
            if columns[shown[index]].alignment == .left { bytes.append(contentsOf: repeatElement(0x20, count: padding)) }
        }
        while bytes.last == 0x20 { bytes.removeLast() }
        bytes.append(0x0A)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The widest left-aligned column, narrowed so a line fits `limit`, but never below its title
    /// or 4 characters; nil when nothing needs cutting or nothing can be cut.
    /// The widest text column that may be cut: one whose cells are all one length (a date, an id,
    /// a code) is left whole, as cut it would say nothing, unless every text column is so (a
    /// single row).
    private static func cut(widths: [Int], titles: [String], alignments: [Report.Alignment], uniform: [Bool], limit: Int) -> (column: Int, width: Int)? {
        let total = widths.reduce(0, +) + 2 * max(0, widths.count - 1)
        guard total > limit else { return nil }
        let text = widths.indices.filter { alignments[$0] == .left }
        let candidates = text.contains { !uniform[$0] } ? text.filter { !uniform[$0] } : text
        guard let widest = candidates.max(by: { widths[$0] < widths[$1] }) else { return nil }
        let narrowed = max(widths[widest] - (total - limit), titles[widest].count, 4)
        return narrowed < widths[widest] ? (widest, narrowed) : nil
    }

    private static func paint(_ text: String, _ tone: Cell.Tone) -> String {
        switch tone {
        case .plain: return text
        case .gain: return "\u{1B}[32m" + text + "\u{1B}[0m"
        case .loss: return "\u{1B}[31m" + text + "\u{1B}[0m"
        }
    }
}

/// Where a row's cells go, one at a time: a report's row, or a list written as it is made.
public protocol CellSink {
    mutating func append(_ cell: Cell)
}

extension Array: CellSink where Element == Cell {}

/// A list in CSV (RFC 4180) or as a JSON array of objects, written cell by cell into text the
/// caller takes as often as it likes: how a report renders its rows, and how a list of a million
/// rows streams without a row's array of cells or the whole text in memory.
public struct StreamedRows: CellSink {
    private let isJSON: Bool
    /// JSON: each column's key, quoted, with its colon.
    private let keys: [String]
    /// UTF-8, appended to without a string's bookkeeping per cell.
    private var bytes: [UInt8] = []
    private var cellsInRow = 0
    public private(set) var rows = 0

    /// - Parameter format: CSV or JSON; a table is laid out whole, never streamed.
    public init(_ format: OutputFormat, columns: [Report.Column]) {
        precondition(format != .table, "a table needs every row's width first")
        isJSON = format == .json
        keys = isJSON ? columns.map { JSON.quote($0.key) + ": " } : []
        if !isJSON { write(columns.map(\.key).joined(separator: ",") + "\n") }
    }

    public mutating func append(_ cell: Cell) {
        if isJSON {
            write(cellsInRow == 0 ? (rows == 0 ? "[\n  {" : ",\n  {") : ", ")
            write(keys[cellsInRow])
            switch cell.value {
            case let .string(text): write(text, escaping: JSON.needsEscaping, with: JSON.quote, enclosedIn: UInt8(ascii: "\""))
            case let .number(text): write(text)
            case .null: write("null")
            default:
                var text = ""
                cell.value.appendScalar(to: &text)
                write(text)
            }
        } else {
            if cellsInRow > 0 { bytes.append(UInt8(ascii: ",")) }
            write(cell.value.csvText, escaping: CSV.needsQuoting, with: CSV.quote, enclosedIn: nil)
        }
        cellsInRow += 1
    }

    public mutating func endRow() {
        if isJSON { write(cellsInRow == 0 ? (rows == 0 ? "[\n  {}" : ",\n  {}") : "}") } else { bytes.append(UInt8(ascii: "\n")) }
        cellsInRow = 0
        rows += 1
    }

    /// What was written since the last take.
    public mutating func take() -> String {
        defer { bytes.removeAll(keepingCapacity: true) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The rest of the list, closed.
    public mutating func finish() -> String {
        if isJSON { write(rows == 0 ? "[]\n" : "\n]\n") }
        return take()
    }

    private mutating func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Text with nothing to escape, nearly all of it, copied whole between `enclosure`s.
    private mutating func write(_ text: String, escaping needsEscaping: (UInt8) -> Bool, with escaped: (String) -> String, enclosedIn enclosure: UInt8?) {
        var text = text
        let plain = text.withUTF8 { utf8 in
            guard !utf8.contains(where: needsEscaping) else { return false }
            if let enclosure { bytes.append(enclosure) }
            bytes.append(contentsOf: utf8)
            if let enclosure { bytes.append(enclosure) }
            return true
        }
        if !plain { write(escaped(text)) }
    }
}

extension String {
    /// Characters, as a table counts a cell's width; plain ASCII, nearly every cell, by its bytes.
    var displayCount: Int {
        utf8.allSatisfy { $0 < 0x80 } ? utf8.count : count
    }

    func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}

/// `--limit N` / `-n N`: how many rows, at least one.
public enum Limit {
    public static func parse(_ text: String) throws -> Int {
        guard let limit = Int(text), limit > 0 else { throw CLIError.usage("--limit '\(text.escapedForTerminal)' is not a count: give a whole number above 0.") }
        return limit
    }
}
