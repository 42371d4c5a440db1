import Foundation
import AppSupport
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
        let problem = state.connection == .disconnected ? state.lastProblem.map { ": " + $0.escapedForTerminal } ?? "" : ""
        let toggle = state.isRunning ? "[ Stop ]" : "[ Start ]"
        let left = fit(status + problem, width: max(columns - toggle.count - 1, 10))
        return left + String(repeating: " ", count: max(1, columns - left.count - toggle.count)) + toggle
    }

    private func list() -> [String] {
        let sorted = state.sortedRows
        let visible = max(rows - 4, 1)
        let first = min(max(selected - visible + 1, 0), max(sorted.count - visible, 0))
        return sorted.enumerated().dropFirst(first).prefix(visible).map { index, row in
            let price = row.price.map { $0.formatted(fractionDigits: 2) } ?? "—"
            let change = row.change.map { ($0.isNegative ? "" : "+") + $0.formatted(fractionDigits: 2) } ?? ""
            var line = " " + pad(row.symbol.symbol, 6) + " " + pad(price, 10, right: true) + " " + marker(row.direction) + " " + pad(change, 8, right: true)
                + "  " + row.symbol.name
            line = fit(line)
            if colors, let flash = state.flash(of: row.symbol.symbol, at: now) { line = (flash == .up ? "\u{1B}[42;30m" : "\u{1B}[41;30m") + line + "\u{1B}[0m" }
            if index == selected { line = colors ? "\u{1B}[7m" + line + "\u{1B}[0m" : ">" + line.dropFirst() }
            return line
        }
    }

    private func details(_ symbol: String) -> [String] {
        guard let row = state.rows[symbol] else { return ["", fit("\(symbol) is not in this feed.")] }
        let price = row.price.map { "$" + $0.formatted(fractionDigits: 2) } ?? "waiting for a price…"
        var priceLine = price + " " + marker(row.direction) + (row.change.map { "  " + ($0.isNegative ? "" : "+") + $0.formatted(fractionDigits: 2) } ?? "")
        if colors, let flash = state.flash(of: symbol, at: now) { priceLine = (flash == .up ? "\u{1B}[32m" : "\u{1B}[31m") + priceLine + "\u{1B}[0m" }
        return ["", fit(colors ? "\u{1B}[1m\(symbol)\u{1B}[0m  \(row.symbol.name)" : "\(symbol)  \(row.symbol.name)"), "", priceLine, ""]
            + wrap(row.symbol.description) + ["", fit("This session: " + Sparkline.render(row.history, width: columns - 14))]
    }

    private func marker(_ direction: PriceDirection?) -> String {
        switch (direction, colors) {
        case (.up?, true): return "\u{1B}[32m↑\u{1B}[39m"
        case (.down?, true): return "\u{1B}[31m↓\u{1B}[39m"
        case (.up?, false): return "↑ up  "
        case (.down?, false): return "↓ down"
        default: return colors ? " " : "      "
        }
    }

    private func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let space = String(repeating: " ", count: max(0, width - text.count))
        return right ? space + text : text + space
    }

    /// Cut to the screen's width; control characters never reach the terminal.
    private func fit(_ text: String, width: Int? = nil) -> String {
        let text = text.escapedForTerminal
        let width = width ?? columns
        return text.count <= width ? text : String(text.prefix(max(width - 1, 0))) + "…"
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

/// Prices as a row of block characters, lowest to highest, the newest on the right.
enum Sparkline {
    private static let levels: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    static func render(_ values: [FixedDecimal], width: Int) -> String {
        let values = values.suffix(max(width, 1))
        guard let low = values.min(), let high = values.max() else { return "" }
        let span = high - low
        return String(values.map { value in
            span.isZero ? levels[3] : levels[Int((value - low).units * 7 / span.units)]
        })
    }
}
