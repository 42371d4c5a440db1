import Foundation
import FixedPoint

/// A plot as a standalone SVG: a line over a gradient fill, dots at the changes, value labels
/// formatted as money and four dates. Coordinates are whole pixels, worked out from the exact
/// values with integer arithmetic.
public enum SVGChart {
    public static let width = 800, height = 320
    static let left = 80, right = 20, top = 40, bottom = 40

    /// - Parameter legend: the names of the line and of the comparison, when there is one.
    public static func render(_ plot: Plot, title: String, lineWidth: String = "2.5", legend: (line: String, comparison: String)? = nil) -> String {
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        // More points than pixels add nothing a reader can see, and a million make a file no browser wants.
        let plot = plot.downsampled(toBuckets: plotWidth)
        let span = max(plot.end - plot.start, 1)
        func x(_ date: Date) -> Int { left + Int((Plot.milliseconds(date) - plot.start) * Int64(plotWidth) / span) }
        func y(_ value: FixedDecimal) -> Int { top + plotHeight - plot.scaled(value, to: plotHeight) }
        // Steps: the value holds until the next point, as the terminal chart draws it.
        var line: [(Int, Int)] = []
        for point in plot.points {
            let next = (x(point.at), y(point.value))
            if plot.shape == .steps, let previous = line.last, previous.1 != next.1 { line.append((next.0, previous.1)) }
            if line.last.map({ $0 != next }) ?? true { line.append(next) }
        }
        let coordinates = line.map { "\($0.0),\($0.1)" }.joined(separator: " ")
        let baseline = top + plotHeight
        var svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" font-family="sans-serif" font-size="12">
        <title>\(escaped(title))</title>
        <defs><linearGradient id="fill" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1f77d0" stop-opacity="0.35"/><stop offset="1" stop-color="#1f77d0" stop-opacity="0.02"/></linearGradient></defs>
        <rect width="\(width)" height="\(height)" fill="white"/>
        <text x="\(left)" y="24" font-size="15" font-weight="bold">\(escaped(title))</text>

        """
        for value in plot.axisValues {
            let level = y(value)
            svg += "<line x1=\"\(left)\" y1=\"\(level)\" x2=\"\(width - right)\" y2=\"\(level)\" stroke=\"#ddd\"/>"
            svg += "<text x=\"\(left - 8)\" y=\"\(level + 4)\" text-anchor=\"end\" class=\"value-label\">\(escaped(plot.valueLabel(value)))</text>\n"
        }
        for mark in 0..<4 {
            let time = Date(timeIntervalSince1970: Double(plot.start + span * Int64(mark) / 3) / 1000)
            // The end marks align inward, so the first and last dates are never cut off.
            let anchor = mark == 0 ? "start" : mark == 3 ? "end" : "middle"
            svg += "<text x=\"\(x(time))\" y=\"\(height - 14)\" text-anchor=\"\(anchor)\" class=\"date-label\">\(escaped(plot.timeLabel(time)))</text>\n"
        }
        if let first = line.first, let last = line.last {
            svg += "<polygon points=\"\(first.0),\(baseline) \(coordinates) \(last.0),\(baseline)\" fill=\"url(#fill)\"/>\n"
            svg += "<polyline class=\"line\" points=\"\(coordinates)\" fill=\"none\" stroke=\"#1f77d0\" stroke-width=\"\(lineWidth)\"/>\n"
        }
        let beside = plot.comparison.map { "\(x($0.at)),\(y($0.value))" }.joined(separator: " ")
        if !beside.isEmpty {
            svg += "<polyline class=\"comparison\" points=\"\(beside)\" fill=\"none\" stroke=\"#e8710a\" stroke-width=\"2\" stroke-dasharray=\"6 4\"/>\n"
        }
        if let legend {
            svg += "<text x=\"\(width - right)\" y=\"24\" text-anchor=\"end\"><tspan fill=\"#1f77d0\">━ \(escaped(legend.line))</tspan>"
                + "<tspan fill=\"#e8710a\" dx=\"12\">╍ \(escaped(legend.comparison))</tspan></text>\n"
        }
        for point in plot.points where point.marked {
            svg += "<circle cx=\"\(x(point.at))\" cy=\"\(y(point.value))\" r=\"3\" fill=\"#1f77d0\"><title>\(escaped(plot.timeLabel(point.at))): \(escaped(plot.valueLabel(point.value)))</title></circle>\n"
        }
        return svg + "</svg>\n"
    }

    /// Text for SVG (XML): markup characters escaped, control characters replaced.
    public static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case _ where scalar.properties.generalCategory == .control: result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
