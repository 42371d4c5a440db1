import FixedPoint
import Ledger

/// An amount as brokers write it: `-$1,742.60`, `"1,000.00"`, `($12.50)`, `$(12.50)`, `€1.000,00`, `+3`.
public enum BrokerNumber {
    /// - Parameter decimalComma: `1.000,00` (most of Europe) rather than `1,000.00`.
    /// - Returns: the signed value, or nil for anything else (an empty cell included).
    public static func parse(_ text: String, decimalComma: Bool = false) -> FixedDecimal? {
        var body = Substring(text.trimmedSpaces)
        var negative = false
        if body.hasPrefix("("), body.hasSuffix(")") {
            negative = true
            body = body.dropFirst().dropLast()
        }
        if let sign = body.first, sign == "-" || sign == "+" || sign == "\u{2212}" {
            negative = negative != (sign != "+")
            body = body.dropFirst()
        }
        body = body.drop { "$€£¥".contains($0) || $0 == " " }
        if let sign = body.first, sign == "-", !negative {
            negative = true
            body = body.dropFirst()
        }
        // Fidelity writes money out as `$(20001.00)`: the brackets after the symbol.
        if !negative, body.hasPrefix("("), body.hasSuffix(")") {
            negative = true
            body = body.dropFirst().dropLast()
        }
        let (grouping, decimal): (Character, Character) = decimalComma ? (".", ",") : (",", ".")
        var plain = ""
        for character in body where character != grouping {
            guard character.isASCII, character.isNumber || character == decimal else { return nil }
            plain.append(character == decimal ? "." : character)
        }
        // `2.0000000000`: Trading 212 writes ten decimals, this ledger keeps what they hold.
        if plain.filter({ $0 == "." }).count == 1 {
            while plain.hasSuffix("0") { plain.removeLast() }
            if plain.hasSuffix(".") { plain.removeLast() }
        }
        guard !plain.isEmpty, let value = FixedDecimal(plain) else { return nil }
        return negative ? .zero - value : value
    }

    /// Without its sign: a broker writes money out as negative, this ledger by its type.
    public static func magnitude(_ value: FixedDecimal) -> FixedDecimal {
        value.isNegative ? .zero - value : value
    }

    /// Text that was UTF-8 read as Latin-1 and written out again (`CrÃ©dito` for `Crédito`), as a
    /// spreadsheet may leave an export: read as it was written. Anything else is as it is.
    public static func repairingMojibake(_ text: String) -> String {
        guard text.contains("Ã") || text.contains("Â"), text.unicodeScalars.allSatisfy({ $0.value <= 0xFF }) else { return text }
        return String(validating: text.unicodeScalars.map { UInt8($0.value) }, as: UTF8.self) ?? text
    }

    /// `MM/DD/YYYY` (or `M/D/YYYY`), as American brokers write a date, as `YYYY-MM-DD`.
    public static func usDate(_ text: String) -> String? {
        let parts = text.split(separator: "/")
        guard parts.count == 3, parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              parts[2].count == 4, (1...2).contains(parts[0].count), (1...2).contains(parts[1].count) else { return nil }
        func two(_ part: Substring) -> String { part.count == 1 ? "0" + part : String(part) }
        return "\(parts[2])-\(two(parts[0]))-\(two(parts[1]))"
    }

    /// `YYYY-MM-DD`, also with a time after it (`2024-01-02, 10:30:00`, `2023-12-18 11:45:06.326`).
    public static func isoDate(_ text: String) -> String? {
        let day = String(text.trimmedSpaces.prefix(10))
        return CalendarDay(iso: day) == nil ? nil : day
    }

    /// `DD-MM-YYYY` (or `DD/MM/YYYY`, `DD.MM.YYYY`), as European brokers write a date, as `YYYY-MM-DD`.
    public static func europeanDate(_ text: String) -> String? {
        let parts = text.trimmedSpaces.split { "-/.".contains($0) }
        guard parts.count == 3, parts[2].count == 4, (1...2).contains(parts[0].count), (1...2).contains(parts[1].count) else { return nil }
        func two(_ part: Substring) -> String { part.count == 1 ? "0" + part : String(part) }
        let iso = "\(parts[2])-\(two(parts[1]))-\(two(parts[0]))"
        return CalendarDay(iso: iso) == nil ? nil : iso
    }

    /// An amount whose decimal mark the file doesn't settle (Degiro writes `"1,35"` and `-97.93`
    /// in one file): the later of `,` and `.` is the decimal mark, and a `,` alone is one too.
    public static func parseEitherMark(_ text: String) -> FixedDecimal? {
        let comma = text.lastIndex(of: ","), dot = text.lastIndex(of: ".")
        switch (comma, dot) {
        case let (comma?, dot?): return parse(text, decimalComma: comma > dot)
        case (_?, nil): return parse(text, decimalComma: true)
        default: return parse(text)
        }
    }

    /// `after:before` in lowest terms, as a split ratio (`4:1`), or nil when its terms grow past
    /// what `SplitRatio` keeps.
    public static func splitRatio(after: FixedDecimal, before: FixedDecimal) -> String? {
        func gcd(_ a: Int128, _ b: Int128) -> Int128 { b == 0 ? a : gcd(b, a % b) }
        guard after > .zero, before > .zero else { return nil }
        let divisor = gcd(after.units, before.units)
        let (a, b) = (after.units / divisor, before.units / divisor)
        guard a <= Int128(SplitRatio.maximumTerm), b <= Int128(SplitRatio.maximumTerm) else { return nil }
        return "\(a):\(b)"
    }
}
