import Foundation
import JSONScanning

/// Firestore's typed values (REST: `stringValue`, `integerValue`, `doubleValue`, `booleanValue`,
/// `nullValue`, `mapValue`, `arrayValue`, `timestampValue`), private to the journal's adapter.
/// A double keeps the decimal text it was read or written as, so no amount passes through binary
/// floating point here.
enum FirestoreValue: Equatable {
    case string(String)
    case integer(String)
    case double(String)
    case boolean(Bool)
    case null
    case map([String: FirestoreValue])
    case array([FirestoreValue])
    case timestamp(String)
    /// A value this client can't hold exactly (a NaN or Infinity double, an integer beyond 64
    /// bits), kept as the JSON text it came as: the fill holding it is named and written back
    /// unchanged, and the rest of the document syncs.
    case opaque(String)

    /// Reads one value straight from the answer's bytes, so a large document is never a second
    /// tree of plain JSON first. Anything but a Firestore value is malformed at its offset.
    static func read(_ scanner: inout JSONScanner) throws(JSONScanError) -> FirestoreValue {
        let start = scanner.offset
        var read: FirestoreValue?
        var count = 0
        try scanner.members { (scanner: inout JSONScanner, type: String) throws(JSONScanError) in
            count += 1
            read = try value(of: type, &scanner)
        }
        guard count == 1, let read else { throw .malformed(at: start) }
        return read
    }

    private static func value(of type: String, _ scanner: inout JSONScanner) throws(JSONScanError) -> FirestoreValue? {
        switch type {
        case "stringValue": return try scanner.value().string.map(FirestoreValue.string)
        case "integerValue":
            let (value, raw) = try scanner.valueAndText()
            switch value {
            case let .string(text) where Int64(text) != nil: return .integer(text)
            case let .number(text): if let exact = Double(text).flatMap({ Int64(exactly: $0) }) { return .integer(String(exact)) }
            default: break
            }
            return opaque(type, raw)
        case "doubleValue":
            let (value, raw) = try scanner.valueAndText()
            switch value {
            case let .number(text): if let double = Double(text), double.isFinite { return .double("\(double)") }
            case .string: break
            default: return nil
            }
            return opaque(type, raw)
        case "booleanValue": return try scanner.value().bool.map(FirestoreValue.boolean)
        case "nullValue": try scanner.skip(); return .null
        case "timestampValue": return try scanner.value().string.map(FirestoreValue.timestamp)
        case "mapValue":
            var fields: [String: FirestoreValue] = [:]
            try scanner.members { (scanner: inout JSONScanner, key: String) throws(JSONScanError) in
                guard key == "fields" else { try scanner.skip(); return }
                try scanner.members { (scanner: inout JSONScanner, name: String) throws(JSONScanError) in fields[name] = try read(&scanner) }
            }
            return .map(fields)
        case "arrayValue":
            var values: [FirestoreValue] = []
            try scanner.members { (scanner: inout JSONScanner, key: String) throws(JSONScanError) in
                guard key == "values" else { try scanner.skip(); return }
                try scanner.elements { (scanner: inout JSONScanner) throws(JSONScanError) in values.append(try read(&scanner)) }
            }
            return .array(values)
        default: return nil
        }
    }

    /// A value this client can't hold exactly, as the text it came as, within reason.
    private static func opaque(_ type: String, _ raw: String) -> FirestoreValue? {
        let text = #"{""# + type + #"":"# + raw + "}"
        return text.utf8.count <= 256 ? .opaque(text) : nil
    }

    /// The REST JSON, written by hand so a double goes out as its exact decimal text.
    var json: String {
        switch self {
        case let .string(text): return #"{"stringValue":"# + Self.quoted(text) + "}"
        case let .integer(text): return #"{"integerValue":""# + text + #""}"#
        case let .double(text): return #"{"doubleValue":"# + text + "}"
        case let .boolean(flag): return #"{"booleanValue":"# + (flag ? "true" : "false") + "}"
        case .null: return #"{"nullValue":null}"#
        case let .timestamp(text): return #"{"timestampValue":"# + Self.quoted(text) + "}"
        case let .map(fields): return #"{"mapValue":{"fields":"# + Self.fields(fields) + "}}"
        case let .array(values): return #"{"arrayValue":{"values":["# + values.map(\.json).joined(separator: ",") + "]}}"
        case let .opaque(text): return text
        }
    }

    static func fields(_ fields: [String: FirestoreValue]) -> String {
        "{" + fields.sorted { $0.key < $1.key }.map { quoted($0.key) + ":" + $0.value.json }.joined(separator: ",") + "}"
    }

    static func quoted(_ text: String) -> String {
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case _ where scalar.value < 0x20: quoted += String(format: "\\u%04x", scalar.value)
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }

    var string: String? { if case let .string(text) = self { return text } else { return nil } }
    var timestampText: String? { if case let .timestamp(text) = self { return text } else { return nil } }
    var number: String? {
        switch self {
        case let .integer(text), let .double(text): return text
        default: return nil
        }
    }
    var array: [FirestoreValue]? { if case let .array(values) = self { return values } else { return nil } }
    var strings: [String]? {
        guard case let .array(values) = self else { return nil }
        let strings = values.compactMap(\.string)
        return strings.count == values.count ? strings : nil
    }
}
