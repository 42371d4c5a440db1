import FixedPoint

/// A mini chart in one line of text: the latest values as eighth-blocks between their own
/// lowest and highest, for a table cell.
public enum Sparkline {
    private static let levels: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// The last `width` values; a flat series is a flat line at mid height; none gives "".
    public static func render(_ values: [FixedDecimal], width: Int = 20) -> String {
        let recent = values.suffix(max(width, 1))
        guard let low = recent.min(), let high = recent.max() else { return "" }
        guard high > low else { return String(repeating: levels[3], count: recent.count) }
        let range = (high - low).units
        return String(recent.map { levels[Int(($0 - low).units * Int128(levels.count - 1) / range)] })
    }
}
