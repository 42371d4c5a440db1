import Foundation
import FixedPoint

/// A plot as a line of Unicode braille dots, for a terminal: each character holds 2 × 4 dots,
/// so the line is twice as fine across and four times as fine up as the text. Every column of
/// dots spans the lowest and highest value in its slice of time, so a million points draw in
/// one pass and no peak or trough is lost. Three value labels and four dates, like the area chart.
public enum LineChart {
    /// - Parameters:
    ///   - width: the columns to fill, labels included (at least 30 are used).
    ///   - colors: green when the line ends at or above where it started, red below; a
    ///     comparison line in blue. Without colour the comparison is drawn dotted.
    public static func render(_ plot: Plot, width: Int, height: Int = 10, colors: Bool) -> String {
        guard let first = plot.points.first, let last = plot.points.last else { return "(nothing to chart yet)\n" }
        let labels = plot.axisValues.map(plot.valueLabel)
        let axisWidth = labels.map(\.count).max()!
        let columns = max(width, 30) - axisWidth - 2
        let dots = grid(plot.points, plot, columns: columns, height: height)
        var beside = grid(plot.comparison, plot, columns: columns, height: height)
        if !colors { for row in beside.indices { for column in beside[row].indices where column % 2 == 1 { beside[row][column] = false } } }
        let span = max(plot.end - plot.start, 1)
        let (paint, reset) = colors ? (last.value >= first.value ? "\u{1B}[32m" : "\u{1B}[31m", "\u{1B}[0m") : ("", "")
        let besidePaint = colors ? "\u{1B}[34m" : ""
        var text = ""
        for row in stride(from: height - 1, through: 0, by: -1) {
            let label = row == height - 1 ? labels[0] : row == height / 2 ? labels[1] : row == 0 ? labels[2] : ""
            text += String(repeating: " ", count: axisWidth - label.count) + label + " │"
            for column in 0..<columns {
                let own = cell(dots, row: row, column: column), other = cell(beside, row: row, column: column)
                // A cell the line passes through is the line's; one only the comparison passes, the comparison's.
                text += own != " " ? paint + String(own) + reset : other != " " ? besidePaint + String(other) + reset : " "
            }
            text += "\n"
        }
        text += String(repeating: " ", count: axisWidth + 1) + "└" + String(repeating: "─", count: columns) + "\n"
        text += String(repeating: " ", count: axisWidth + 2) + TerminalChart.dateMarks(plot, columns: columns, span: span) + "\n"
        return text
    }

    /// The dots `points` light, on the plot's axes.
    private static func grid(_ points: [Plot.Point], _ plot: Plot, columns: Int, height: Int) -> [[Bool]] {
        let dotColumns = columns * 2, dotRows = height * 4
        let span = max(plot.end - plot.start, 1)
        var lows = [Int](repeating: Int.max, count: dotColumns), highs = [Int](repeating: Int.min, count: dotColumns)
        var firsts = [Int](repeating: 0, count: dotColumns), lasts = [Int](repeating: 0, count: dotColumns)
        for point in points {
            let column = Int((Plot.milliseconds(point.at) - plot.start) * Int64(dotColumns - 1) / span)
            let level = plot.scaled(point.value, to: dotRows - 1)
            if lows[column] == Int.max { firsts[column] = level }
            lows[column] = min(lows[column], level)
            highs[column] = max(highs[column], level)
            lasts[column] = level
        }
        var dots = [[Bool]](repeating: [Bool](repeating: false, count: dotColumns), count: dotRows)
        var previous: (column: Int, level: Int)?
        for column in 0..<dotColumns where lows[column] != Int.max {
            for level in lows[column]...highs[column] { dots[level][column] = true }
            if let (from, level) = previous {
                join(from: (from, level), to: (column, firsts[column]), shape: plot.shape, in: &dots)
            }
            previous = (column, lasts[column])
        }
        return dots
    }

    /// Dots between two columns with data: straight across for a line, level then up or down
    /// for steps; each column joined to the one before, so the line never breaks.
    private static func join(from: (column: Int, level: Int), to: (column: Int, level: Int), shape: Plot.Shape, in dots: inout [[Bool]]) {
        var previousLevel = from.level
        for column in from.column + 1...to.column {
            let level = switch shape {
            case .line: from.level + (to.level - from.level) * (column - from.column) / (to.column - from.column)
            case .steps: column == to.column ? to.level : from.level
            }
            for fill in min(level, previousLevel)...max(level, previousLevel) { dots[fill][column] = true }
            previousLevel = level
        }
    }

    /// One braille character: dots 1–3 and 7 down the left column, 4–6 and 8 down the right.
    private static func cell(_ dots: [[Bool]], row: Int, column: Int) -> Unicode.Scalar {
        let bits: [(dx: Int, dy: Int, bit: UInt32)] = [(0, 3, 0x01), (0, 2, 0x02), (0, 1, 0x04), (1, 3, 0x08), (1, 2, 0x10), (1, 1, 0x20), (0, 0, 0x40), (1, 0, 0x80)]
        var pattern: UInt32 = 0
        for (dx, dy, bit) in bits where dots[row * 4 + dy][column * 2 + dx] { pattern |= bit }
        return pattern == 0 ? " " : Unicode.Scalar(0x2800 + pattern)!
    }
}
