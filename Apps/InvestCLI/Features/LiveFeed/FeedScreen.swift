import Foundation
import TerminalKit
import ClientComposition
import FixedPoint
import LiveFeed

/// What the live view shows: a pure function of the feed's state, the selection and the time,
/// so a test reads a frame without a terminal.
struct FeedScreen {
    enum Page: Equatable {
        case list
        case details(String)
    }

    let state: FeedState
    let page: Page
    let selected: Int
    let now: Date
    let columns: Int
    let rows: Int
    /// Colour and flashes; without, the markers are words and arrows.
    let colors: Bool

    func render() -> String {
        var lines = [topBar()]
        switch page {
        case .list: lines += list()
        case let .details(symbol): lines += details(symbol)
        }
        lines.append("")
        lines.append(fit(page == .list ? "↑/↓ or j/k select · Enter details · s start/stop · q quit" : "Esc or b back · s start/stop · q quit"))
        return lines.prefix(max(rows, 3)).map { $0 + "\u{1B}[K" }.joined(separator: "\n")
    }

    private func topBar() -> String {
        let status: String
        switch (state.connection, colors) {
        case (.connected, true): status = "🟢 connected"
        case (.connecting, true): status = "🟡 connecting"
        case (.disconnected, true): status = "🔴 disconnected"
        case (.connected, false): status = "[connected]"
        case (.connecting, false): status = "[connecting]"
        case (.disconnected, false): status = "[DISCONNECTED]"
        }
        let problem = state.connection == .disconnected ? state.lastProblem.map { ": " + $0 } ?? "" : ""
        let toggle = state.isRunning ? "[ Stop ]" : "[ Start ]"
        let left = fit(status + problem, width: max(columns - toggle.count - 1, 10))
        return left + String(repeating: " ", count: max(1, columns - Self.width(of: left) - toggle.count)) + toggle
    }

    private func list() -> [String] {
        let sorted = state.sortedRows
        let visible = max(rows - 4, 1)
        let first = min(max(selected - visible + 1, 0), max(sorted.count - visible, 0))
        return sorted.enumerated().dropFirst(first).prefix(visible).map { index, row in
            let price = row.price.map { $0.formatted(fractionDigits: 2) } ?? "—"
            let change = row.change.map { ($0.isNegative ? "" : "+") + $0.formatted(fractionDigits: 2) } ?? ""
            // Laid out and cut as plain text; colour goes in after, so it neither counts toward
            // the width nor gets cut in half.
            var line = fit((index == selected && !colors ? ">" : " ") + pad(row.symbol.symbol, 6) + " " + pad(price, 10, right: true) + " "
                           + marker(row.direction) + " " + pad(change, 8, right: true) + "  " + row.symbol.name)
            let flash = colors ? state.flash(of: row.symbol.symbol, at: now) : nil
            if colors, flash == nil { line = painted(line) }
            if let flash { line = (flash == .up ? "\u{1B}[42;30m" : "\u{1B}[41;30m") + line + "\u{1B}[0m" }
            if index == selected, colors { line = "\u{1B}[7m" + line + "\u{1B}[0m" }
            return line
        }
    }

    private func details(_ symbol: String) -> [String] {
        guard let row = state.rows[symbol] else { return ["", fit("\(symbol) is not in this feed.")] }
        let price = row.price.map { "$" + $0.formatted(fractionDigits: 2) } ?? "waiting for a price…"
        var priceLine = fit(price + " " + marker(row.direction) + (row.change.map { "  " + ($0.isNegative ? "" : "+") + $0.formatted(fractionDigits: 2) } ?? ""))
        if colors { priceLine = state.flash(of: symbol, at: now).map { ($0 == .up ? "\u{1B}[32m" : "\u{1B}[31m") + priceLine + "\u{1B}[0m" } ?? painted(priceLine) }
        let title = fit("\(symbol)  \(row.symbol.name)")
        return ["", colors ? "\u{1B}[1m" + title + "\u{1B}[0m" : title, "", priceLine, ""]
            + wrap(row.symbol.description) + ["", fit("This session: " + Sparkline.render(row.history, width: columns - 14))]
    }

    private func marker(_ direction: PriceDirection?) -> String {
        switch (direction, colors) {
        case (.up?, true): return "↑"
        case (.down?, true): return "↓"
        case (.up?, false): return "↑ up  "
        case (.down?, false): return "↓ down"
        default: return colors ? " " : "      "
        }
    }

    /// ↑ green and ↓ red, in text already laid out.
    private func painted(_ line: String) -> String {
        line.replacingOccurrences(of: "↑", with: "\u{1B}[32m↑\u{1B}[39m").replacingOccurrences(of: "↓", with: "\u{1B}[31m↓\u{1B}[39m")
    }

    private func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let space = String(repeating: " ", count: max(0, width - Self.width(of: text)))
        return right ? space + text : text + space
    }

    /// Plain text cut to the screen's width; control characters never reach the terminal.
    private func fit(_ text: String, width: Int? = nil) -> String {
        let text = text.escapedForTerminal
        let width = width ?? columns
        guard Self.width(of: text) > width else { return text }
        var cut = "", used = 0
        for character in text {
            let next = Self.width(of: String(character))
            guard used + next < width else { break }
            cut.append(character)
            used += next
        }
        return cut + "…"
    }

    /// Columns on a terminal: emoji such as the status dots take two.
    static func width(of text: String) -> Int {
        text.unicodeScalars.reduce(0) { total, scalar in
            total + ((0x1F300...0x1FAFF).contains(scalar.value) ? 2 : scalar.properties.generalCategory == .nonspacingMark ? 0 : 1)
        }
    }

    private func wrap(_ text: String) -> [String] {
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > columns { lines.append(line); line = "" }
            line += (line.isEmpty ? "" : " ") + word
        }
        return (line.isEmpty ? lines : lines + [line]).map { fit($0) }
    }
}
