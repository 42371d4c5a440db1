import FixedPoint

/// How both clients show numbers, so the same portfolio reads the same in each.
public enum Formatted {
    public static func money(_ value: FixedDecimal?) -> String { value.map { $0.formatted(fractionDigits: 2) } ?? "" }
    public static func signedMoney(_ value: FixedDecimal) -> String { (value.isNegative ? "" : "+") + value.formatted(fractionDigits: 2) }
    public static func percent(_ value: FixedDecimal?) -> String { value.map { $0.formatted(fractionDigits: 2) + "%" } ?? "" }
}
