import Foundation
import FixedPoint

/// A value over time, to draw: the line steps to each point's value at its time and holds it
/// until the next. Drawn with integer arithmetic from the exact values: no floating point.
public struct Plot {
    public struct Point {
        public let at: Date
        public let value: FixedDecimal
        /// Drawn as a dot: a change, as opposed to the line carried on to today.
        public let marked: Bool

        public init(at: Date, value: FixedDecimal, marked: Bool) {
            self.at = at
            self.value = value
            self.marked = marked
        }
    }

    public let points: [Point]
    /// How an axis labels a value and a time.
    public let valueLabel: (FixedDecimal) -> String
    public let timeLabel: (Date) -> String

    /// The top of the value axis: the largest value (the axis starts at 0), at least 1.
    let top: FixedDecimal

    public init(points: [Point], valueLabel: @escaping (FixedDecimal) -> String, timeLabel: @escaping (Date) -> String) {
        self.points = points.sorted { $0.at < $1.at }
        self.valueLabel = valueLabel
        self.timeLabel = timeLabel
        top = max(points.lazy.map(\.value).max() ?? .zero, FixedDecimal(1))
    }

    var start: Int64 { points.first.map { Self.milliseconds($0.at) } ?? 0 }
    var end: Int64 { points.last.map { Self.milliseconds($0.at) } ?? 0 }

    /// The point in force at `time`: the last at or before it.
    func value(at time: Int64) -> FixedDecimal {
        var low = 0, high = points.count
        while low < high {
            let middle = (low + high) / 2
            if Self.milliseconds(points[middle].at) <= time { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? .zero : points[low - 1].value
    }

    /// `value` as a share of `steps`, rounded down, within 0...steps.
    func scaled(_ value: FixedDecimal, to steps: Int) -> Int {
        guard !value.isNegative else { return 0 }
        return min(steps, Int(value.units * Int128(steps) / top.units))
    }

    static func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded(.down)) }
}
