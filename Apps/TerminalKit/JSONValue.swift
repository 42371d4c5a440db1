import Foundation
import Vocabulary

/// A JSON document as the clients print it. Numbers keep their exact text, so a count is a JSON
/// number while money stays a string no parser can round.
/// Not `indirect`: an array's and an object's members are in arrays already, and a list of a
/// million rows makes millions of strings, each of which would be boxed.
public enum JSONValue {
    case string(String)
    case number(String)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func text(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
    public static func count(_ count: Int) -> JSONValue { .number(String(count)) }

    /// Indented, with an object of plain values on one line, so each record of a list is one line.
    public func rendered() -> String {
        var text = ""
        write(to: &text, indent: "")
        return text + "\n"
    }

    private var isFlat: Bool {
        switch self {
        case let .array(items): return items.isEmpty
        case let .object(members): return members.allSatisfy { $0.1.isScalar }
        default: return true
        }
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: return false
        default: return true
        }
    }

    private func write(to text: inout String, indent: String) {
        switch self {
        case let .string(value): text += JSON.quote(value)
        case let .number(value): text += value
        case let .bool(value): text += value ? "true" : "false"
        case .null: text += "null"
        case let .array(items):
            guard !items.isEmpty else { text += "[]"; return }
            let inner = indent + "  "
            text += "["
            for (index, item) in items.enumerated() {
                text += (index == 0 ? "\n" : ",\n") + inner
                item.write(to: &text, indent: inner)
            }
            text += "\n" + indent + "]"
        case let .object(members):
            if isFlat {
                text += "{"
                for (index, member) in members.enumerated() {
                    text += (index == 0 ? "" : ", ") + JSON.quote(member.0) + ": "
                    member.1.appendScalar(to: &text)
                }
                text += "}"
                return
            }
            let inner = indent + "  "
            text += "{"
            for (index, member) in members.enumerated() {
                text += (index == 0 ? "\n" : ",\n") + inner + JSON.quote(member.0) + ": "
                member.1.write(to: &text, indent: inner)
            }
            text += "\n" + indent + "}"
        }
    }

    func appendScalar(to text: inout String) {
        write(to: &text, indent: "")
    }

    /// As `rendered()` writes it where its first line is already indented by `indent`.
    func rendered(indentedBy indent: String) -> String {
        var text = ""
        write(to: &text, indent: indent)
        return text
    }

    /// How a CSV cell carries the value: null is an empty cell, a list its items apart by spaces.
    public var csvText: String {
        switch self {
        case let .string(value), let .number(value): return value
        case let .bool(value): return value ? "true" : "false"
        case let .array(items): return items.map(\.csvText).joined(separator: " ")
        case let .object(members): return members.map { "\($0.0)=\($0.1.csvText)" }.joined(separator: "; ")
        case .null: return ""
        }
    }
}

public enum JSON {
    /// Every JSON document the clients print carries this; docs/output-and-scripting.md documents each shape.
    public static let schemaVersion = 1

    /// A single result: an object that starts with the schema's version.
    public static func document(_ members: [(String, JSONValue)]) -> JSONValue {
        .object([("schemaVersion", .count(schemaVersion))] + members)
    }

    /// A control character, a quote or a backslash: what a JSON string escapes.
    static func needsEscaping(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// Text with nothing to escape (nearly all) is copied whole, not a scalar at a time.
    public static func quote(_ text: String) -> String {
        if !text.utf8.contains(where: needsEscaping) {
            return "\"" + text + "\""
        }
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\r": quoted += "\\r"
            case "\t": quoted += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: quoted += String(format: "\\u%04x", scalar.value)
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }
}

/// ISO 8601 in UTC, to the second: how every time appears in JSON and CSV.
public enum Timestamp {
    /// The civil date worked out from the day count and written as bytes: `String(format:)`
    /// cost a portfolio of 500 holdings 3 ms, and `gmtime_r` with a string per field 10,000
    /// instructions a time, 7% of a portfolio at any history length.
    public static func iso8601(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let second = seconds - days * 86_400
        let (year, month, day) = CivilCalendar.date(days: days)
        return String(unsafeUninitializedCapacity: 32) { buffer in
            var count = 0
            func put(_ value: Int, digits: Int) {
                var value = value
                for index in stride(from: count + digits - 1, through: count, by: -1) {
                    buffer[index] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
                count += digits
            }
            func put(_ byte: Unicode.Scalar) {
                buffer[count] = UInt8(ascii: byte)
                count += 1
            }
            // As `%04d` writes a year: a sign counts toward the four places.
            let magnitude = abs(year)
            var digits = 1, power = 10
            while magnitude >= power, digits < 18 { digits += 1; power *= 10 }
            if year < 0 { put("-") }
            put(magnitude, digits: max(year < 0 ? 3 : 4, digits))
            put("-"); put(month, digits: 2); put("-"); put(day, digits: 2)
            put("T"); put(second / 3_600, digits: 2); put(":"); put(second / 60 % 60, digits: 2); put(":"); put(second % 60, digits: 2); put("Z")
            return count
        }
    }
}

/// The text `JSON.document(before + [(key, .array(items))] + after).rendered()` gives, written a
/// piece at a time: each item is rendered as it is appended, and the caller takes the text as
/// often as it likes, so a long list is never held as values and text at once.
public struct StreamedJSONDocument {
    private var text: String
    private var items = 0

    public init(_ before: [(String, JSONValue)], streaming key: String) {
        text = "{\n  " + JSON.quote("schemaVersion") + ": " + String(JSON.schemaVersion)
        for (name, value) in before { text += ",\n  " + JSON.quote(name) + ": " + value.rendered(indentedBy: "  ") }
        text += ",\n  " + JSON.quote(key) + ": ["
    }

    public mutating func append(_ item: JSONValue) {
        text += (items == 0 ? "\n    " : ",\n    ") + item.rendered(indentedBy: "    ")
        items += 1
    }

    /// What was written since the last take.
    public mutating func take() -> String {
        defer { text = "" }
        return text
    }

    /// The rest of the document, with the members after the list.
    public mutating func finish(then after: [(String, JSONValue)]) -> String {
        text += items == 0 ? "]" : "\n  ]"
        for (name, value) in after { text += ",\n  " + JSON.quote(name) + ": " + value.rendered(indentedBy: "  ") }
        text += "\n}\n"
        return take()
    }
}
