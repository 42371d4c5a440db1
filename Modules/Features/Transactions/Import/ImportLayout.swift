/// How a CSV to import names this ledger's fields and writes its dates: `invest export`'s own
/// layout by default, a broker's when told (`--map`, `--date-format`).
public struct ImportLayout: Equatable, Sendable {
    public static let requiredFields = ["date", "type", "ticker", "quantity", "sum"]
    /// A split's ratio sits in its own column; the other kinds leave the cells they don't use empty.
    /// An exchange's proceeds, a transfer's destination and a trade's commission have theirs too.
    public static let optionalFields = ["fee", "ratio", "note", "id", "account", "currency", "to_sum", "to_currency", "to_account"]
    public static var fields: [String] { requiredFields + optionalFields }
    /// Columns `invest export` writes that are worked out from the others: read past, not named.
    public static let derivedColumns: Set<String> = ["price"]

    /// Field → the header of its column, lower-cased.
    public let columns: [String: String]
    public let dateFormat: ImportDateFormat?

    /// `map` is `FIELD=COLUMN,…`: each named field is read from that column, the others from
    /// columns named as the fields are.
    public init(map: String?, dateFormat: String?) throws(ImportLayoutError) {
        var columns = Dictionary(uniqueKeysWithValues: Self.fields.map { ($0, $0) })
        for pair in (map ?? "").split(separator: ",") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, !parts[1].isEmpty else { throw .notFieldEqualsColumn(String(pair)) }
            guard Self.fields.contains(parts[0].lowercased()) else { throw .unknownField(parts[0]) }
            columns[parts[0].lowercased()] = parts[1].lowercased()
        }
        self.columns = columns
        self.dateFormat = try dateFormat.map { text throws(ImportLayoutError) in try ImportDateFormat(text) }
    }
}

public enum ImportLayoutError: Error, Equatable, Sendable {
    /// A `--map` entry that isn't `FIELD=COLUMN`.
    case notFieldEqualsColumn(String)
    case unknownField(String)
    /// A date format without YYYY, MM and DD once each.
    case badDateFormat(String)
}

/// A date layout such as `MM/DD/YYYY`, `DD.MM.YYYY` or `YYYYMMDD`: YYYY, MM and DD (or M and D)
/// in any order, separated by anything but digits, or not at all when each has its full width
/// (Interactive Brokers' Flex Queries write `20240115`).
public struct ImportDateFormat: Equatable, Sendable {
    public let pattern: String
    private let order: [Character]
    /// Whether the parts are written one after the other: then each is read by its width.
    private let isPacked: Bool

    public init(_ pattern: String) throws(ImportLayoutError) {
        // Runs of one letter: "YYYYMMDD" is YYYY, MM, DD as "YYYY-MM-DD" is.
        var runs: [String] = [], packed = true
        for character in pattern.uppercased() {
            if character.isLetter, runs.last?.last == character {
                runs[runs.count - 1].append(character)
            } else if character.isLetter {
                runs.append(String(character))
            } else {
                packed = false
                runs.append("")
            }
        }
        runs.removeAll { $0.isEmpty }
        let order = runs.compactMap { run -> Character? in
            switch run {
            case "YYYY": return "Y"
            case "MM", "M": return "M"
            case "DD", "D": return "D"
            default: return nil
            }
        }
        guard order.count == 3, Set(order) == ["Y", "M", "D"], runs.count == 3, !packed || !runs.contains(where: { $0.count == 1 }) else {
            throw .badDateFormat(pattern)
        }
        self.pattern = pattern
        self.order = order
        isPacked = packed
    }

    /// `YYYY-MM-DD`, or nil when `text` doesn't follow the pattern.
    public func iso(_ text: String) -> String? {
        let numbers: [String]
        if isPacked {
            let digits = Array(text.trimmingCharacters(in: .whitespaces))
            guard digits.count == 8, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            var start = 0
            numbers = order.map { kind in
                let width = kind == "Y" ? 4 : 2
                defer { start += width }
                return String(digits[start..<start + width])
            }
        } else {
            numbers = text.split { !$0.isNumber }.map(String.init)
        }
        guard numbers.count == 3, numbers.allSatisfy({ $0.allSatisfy(\.isASCII) }) else { return nil }
        var year = "", month = "", day = ""
        for (kind, number) in zip(order, numbers) {
            switch kind {
            case "Y": year = number
            case "M": month = number
            default: day = number
            }
        }
        guard year.count == 4, (1...2).contains(month.count), (1...2).contains(day.count) else { return nil }
        return "\(year)-\(month.count == 1 ? "0" + month : month)-\(day.count == 1 ? "0" + day : day)"
    }
}
