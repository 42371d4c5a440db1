import Foundation
import FixedPoint

/// A plot as an area chart of block characters, for a terminal: eighth-blocks give each column
/// eight steps per row, dots mark the changes, the value axis has three labels and the time
/// axis four dates.
public enum TerminalChart {
    private static let blocks: [Character] = [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// - Parameters:
    ///   - width: the columns to fill, labels included (at least 30 are used).
    ///   - colors: green when the plot ends at or above where it started, red below.
    public static func render(_ plot: Plot, width: Int, height: Int = 10, colors: Bool) -> String {
        guard let first = plot.points.first, let last = plot.points.last else { return "(nothing to chart yet)\n" }
        let labels = plot.axisValues.map(plot.valueLabel)
        let axisWidth = labels.map(\.count).max()!
        let columns = max(width, 30) - axisWidth - 2
        let span = max(plot.end - plot.start, 1)
        let times = (0..<columns).map { plot.start + span * Int64($0) / Int64(max(columns - 1, 1)) }
        let heights = times.map { plot.scaled(plot.value(at: $0), to: height * 8) }
        var marked = Set<Int>()
        for point in plot.points where point.marked {
            marked.insert(Int((Plot.milliseconds(point.at) - plot.start) * Int64(max(columns - 1, 1)) / span))
        }
        let (paint, reset) = colors ? (last.value >= first.value ? "\u{1B}[32m" : "\u{1B}[31m", "\u{1B}[0m") : ("", "")
        var text = ""
        for row in stride(from: height - 1, through: 0, by: -1) {
            let label = row == height - 1 ? labels[0] : row == height / 2 ? labels[1] : row == 0 ? labels[2] : ""
            text += String(repeating: " ", count: axisWidth - label.count) + label + " │" + paint
            for column in 0..<columns {
                let fill = min(max(heights[column] - row * 8, 0), 8)
                let isTop = fill > 0 && (heights[column] - 1) / 8 == row
                text.append(marked.contains(column) && isTop ? "●" : blocks[fill])
            }
            text += reset + "\n"
        }
        text += String(repeating: " ", count: axisWidth + 1) + "└" + String(repeating: "─", count: columns) + "\n"
        text += String(repeating: " ", count: axisWidth + 2) + dateMarks(plot, columns: columns, span: span) + "\n"
        return text
    }

    /// Four dates, at the start, a third, two thirds and the end, each centred where it fits.
    static func dateMarks(_ plot: Plot, columns: Int, span: Int64) -> String {
        var line = [Character](repeating: " ", count: columns)
        var taken = 0
        for mark in 0..<4 {
            let column = (columns - 1) * mark / 3
            let label = Array(plot.timeLabel(Date(timeIntervalSince1970: Double(plot.start + span * Int64(mark) / 3) / 1000)))
            let start = min(max(column - label.count / 2, taken), columns - label.count)
            guard start >= taken, start >= 0 else { continue }
            line.replaceSubrange(start..<start + label.count, with: label)
            taken = start + label.count + 2
        }
        return String(String(line).reversed().drop { $0 == " " }.reversed())
    }
}
