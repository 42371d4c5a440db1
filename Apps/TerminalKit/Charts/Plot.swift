import Foundation
import FixedPoint

/// A value over time, to draw. Drawn with integer arithmetic from the exact values: no floating point.
public struct Plot {
    public struct Point {
        public let at: Date
        public let value: FixedDecimal
        /// Drawn as a dot: a change, as opposed to the line carried on to today.
        public let marked: Bool

        public init(at: Date, value: FixedDecimal, marked: Bool = false) {
            self.at = at
            self.value = value
            self.marked = marked
        }
    }

    /// How the value goes from one point to the next.
    public enum Shape {
        /// It holds until the next point: a balance, known only when it changes.
        case steps
        /// It moves straight to the next point: a price sampled once a day.
        case line
    }

    /// Where the value axis starts.
    public enum Baseline {
        /// At 0, so the area shows how much (a balance).
        case zero
        /// At the smallest value, so the movement shows (a price).
        case fitted
    }

    public let points: [Point]
    /// A second line to set beside the first (a benchmark), on the same axes; empty for none.
    public let comparison: [Point]
    public let shape: Shape
    /// How an axis labels a value and a time.
    public let valueLabel: (FixedDecimal) -> String
    public let timeLabel: (Date) -> String

    /// The ends of the value axis: never equal, so scaling never divides by zero.
    let bottom: FixedDecimal
    let top: FixedDecimal

    public init(points: [Point], comparison: [Point] = [], shape: Shape = .steps, baseline: Baseline = .zero,
                valueLabel: @escaping (FixedDecimal) -> String, timeLabel: @escaping (Date) -> String) {
        self.points = points.sorted { $0.at < $1.at }
        self.comparison = comparison.sorted { $0.at < $1.at }
        self.shape = shape
        self.valueLabel = valueLabel
        self.timeLabel = timeLabel
        let values = (points + comparison).lazy.map(\.value)
        switch baseline {
        case .zero:
            bottom = .zero
            top = max(values.max() ?? .zero, FixedDecimal(1))
        case .fitted:
            let low = values.min() ?? .zero, high = values.max() ?? FixedDecimal(1)
            bottom = low
            top = high > low ? high : low + FixedDecimal(1)
        }
    }

    var start: Int64 { ([points.first, comparison.first].compactMap { $0 }.map { Self.milliseconds($0.at) }).min() ?? 0 }
    var end: Int64 { ([points.last, comparison.last].compactMap { $0 }.map { Self.milliseconds($0.at) }).max() ?? 0 }

    /// The value axis's three labels, top to bottom.
    var axisValues: [FixedDecimal] { [top, bottom + (top - bottom).divided(by: FixedDecimal(2))!, bottom] }

    /// The point in force at `time`: the last at or before it.
    func value(at time: Int64) -> FixedDecimal {
        var low = 0, high = points.count
        while low < high {
            let middle = (low + high) / 2
            if Self.milliseconds(points[middle].at) <= time { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? bottom : points[low - 1].value
    }

    /// `value`'s height above the bottom as a share of `steps`, rounded down, within 0...steps.
    func scaled(_ value: FixedDecimal, to steps: Int) -> Int {
        guard value > bottom else { return 0 }
        return min(steps, Int((value - bottom).units * Int128(steps) / (top - bottom).units))
    }

    /// At most four points per bucket of time, the first, lowest, highest and last, in time
    /// order: a line through them looks like the whole line at that resolution, peaks and
    /// troughs kept. A plot with few enough points is returned as it is.
    public func downsampled(toBuckets buckets: Int) -> Plot {
        guard buckets > 0, points.count > buckets * 4 || comparison.count > buckets * 4 else { return self }
        return Plot(kept: Self.downsampled(points, toBuckets: buckets, start: start, end: end),
                    comparison: Self.downsampled(comparison, toBuckets: buckets, start: start, end: end), from: self)
    }

    private static func downsampled(_ points: [Point], toBuckets buckets: Int, start: Int64, end: Int64) -> [Point] {
        guard points.count > buckets * 4 else { return points }
        let span = max(end - start, 1)
        var kept: [Point] = []
        kept.reserveCapacity(buckets * 4)
        var index = 0
        while index < points.count {
            let bucket = Int((milliseconds(points[index].at) - start) * Int64(buckets - 1) / span)
            var lowest = index, highest = index, last = index
            var next = index + 1
            while next < points.count, Int((milliseconds(points[next].at) - start) * Int64(buckets - 1) / span) == bucket {
                if points[next].value < points[lowest].value { lowest = next }
                if points[next].value > points[highest].value { highest = next }
                last = next
                next += 1
            }
            for position in Set([index, lowest, highest, last]).sorted() { kept.append(points[position]) }
            index = next
        }
        return kept
    }

    private init(kept: [Point], comparison: [Point], from plot: Plot) {
        points = kept
        self.comparison = comparison
        shape = plot.shape
        valueLabel = plot.valueLabel
        timeLabel = plot.timeLabel
        bottom = plot.bottom
        top = plot.top
    }

    static func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded(.down)) }
}
