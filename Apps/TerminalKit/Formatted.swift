import FixedPoint

/// How both clients show numbers, so the same portfolio reads the same in each.
public enum Formatted {
    public static func money(_ value: FixedDecimal?) -> String { value.map { $0.formatted(fractionDigits: 2) } ?? "" }
    public static func signedMoney(_ value: FixedDecimal) -> String { (value.isNegative ? "" : "+") + value.formatted(fractionDigits: 2) }
    public static func percent(_ value: FixedDecimal?) -> String { value.map { $0.formatted(fractionDigits: 2) + "%" } ?? "" }
}

/// Decimals are rounded for a table only: JSON and CSV carry the exact value, as a plain string
/// (no `%`, no `+`), or null when there is none.
extension Cell {
    public static func decimal(_ value: FixedDecimal?, shown: String? = nil) -> Cell {
        guard let shown else { return rounded(value, .exact) }
        return Cell(shown: shown, value: .text(value?.description))
    }

    public static func money(_ value: FixedDecimal?) -> Cell { rounded(value, .money) }
    public static func percent(_ value: FixedDecimal?) -> Cell { rounded(value, .percent) }

    /// A gain or a loss: coloured by its sign on a terminal.
    public static func profit(_ value: FixedDecimal?, shown: String? = nil) -> Cell {
        toned(shown.map { Cell(shown: $0, value: .text(value?.description)) } ?? rounded(value, .money), by: value)
    }

    public static func profitPercent(_ value: FixedDecimal?) -> Cell { toned(rounded(value, .percent), by: value) }

    /// Nil is an empty cell and JSON null.
    private static func rounded(_ value: FixedDecimal?, _ rounding: Rounding) -> Cell {
        value.map { Cell($0, rounding: rounding) } ?? .text(nil)
    }

    private static func toned(_ cell: Cell, by value: FixedDecimal?) -> Cell {
        var cell = cell
        cell.tone = value.map { $0.isNegative ? .loss : ($0.isZero ? .plain : .gain) } ?? .plain
        return cell
    }
}

public enum Plural {
    /// "1 transaction", "2 transactions".
    public static func count(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(count) " + (count == 1 ? singular : plural ?? singular + "s")
    }

    /// "T1, T2, … T8 and 492 more": a message names a long list's first few, not a screenful.
    public static func brief(_ names: [String], showing limit: Int = 8) -> String {
        let shown = names.prefix(limit).joined(separator: ", ")
        return names.count > limit ? "\(shown) and \(names.count - limit) more" : shown
    }
}

extension Formatted {
    /// "£1,234.56": the symbol, thousands grouped, two decimals.
    public static func money(_ value: FixedDecimal, symbol: String) -> String {
        let plain = value.formatted(fractionDigits: 2)
        let negative = plain.hasPrefix("-")
        let digits = negative ? plain.dropFirst() : plain[...]
        let whole = digits.prefix { $0 != "." }
        return (negative ? "-" : "") + symbol + grouped(whole) + digits.dropFirst(whole.count)
    }

    /// "1,000,000": a count, thousands grouped.
    public static func count(_ value: Int) -> String {
        value < 0 ? "-" + grouped(String(value.magnitude)) : grouped(String(value))
    }

    private static func grouped(_ digits: some StringProtocol) -> String {
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped += "," }
            grouped.append(digit)
        }
        return grouped
    }

    /// An axis label: "£950", "£12k", "£1.2M", rounded half to even from the exact value; a value
    /// that would round to 1000 or 1000k moves up a unit.
    public static func shortMoney(_ value: FixedDecimal, symbol: String) -> String {
        let sign = value.isNegative ? "-" : ""
        let magnitude = value.isNegative ? -value : value
        let thousand = FixedDecimal(1_000), million = FixedDecimal(1_000_000)
        let units = magnitude.rounded(toFractionDigits: 0), thousands = magnitude.divided(by: thousand)!.rounded(toFractionDigits: 0)
        if thousands >= thousand {
            return sign + symbol + magnitude.divided(by: million)!.rounded(toFractionDigits: 1).formatted(fractionDigits: 1) + "M"
        }
        if units >= thousand { return sign + symbol + thousands.formatted(fractionDigits: 0) + "k" }
        return sign + symbol + units.formatted(fractionDigits: 0)
    }
}
