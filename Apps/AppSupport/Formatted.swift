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
        Cell(shown: shown ?? value?.description ?? "", value: .text(value?.description))
    }

    public static func money(_ value: FixedDecimal?) -> Cell { decimal(value, shown: Formatted.money(value)) }
    public static func percent(_ value: FixedDecimal?) -> Cell { decimal(value, shown: Formatted.percent(value)) }

    /// A gain or a loss: coloured by its sign on a terminal.
    public static func profit(_ value: FixedDecimal?, shown: String? = nil) -> Cell {
        var cell = decimal(value, shown: shown ?? Formatted.money(value))
        cell.tone = value.map { $0.isNegative ? .loss : ($0.isZero ? .plain : .gain) } ?? .plain
        return cell
    }

    public static func profitPercent(_ value: FixedDecimal?) -> Cell { profit(value, shown: Formatted.percent(value)) }
}

public enum Plural {
    /// "1 transaction", "2 transactions".
    public static func count(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(count) " + (count == 1 ? singular : plural ?? singular + "s")
    }
}
