import Foundation

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

    /// Reads one value from JSONSerialization's output; nil for anything else.
    init?(json: Any) {
        guard let object = json as? [String: Any], let (type, raw) = object.first, object.count == 1 else { return nil }
        switch type {
        case "stringValue": guard let text = raw as? String else { return nil }; self = .string(text)
        case "integerValue":
            if let text = raw as? String, Int64(text) != nil { self = .integer(text) } else if let number = raw as? NSNumber, String(cString: number.objCType) != "c",
                                                                                         let exact = Int64(exactly: number.doubleValue) {
                self = .integer(String(exact))
            } else if let kept = Self.opaque(object) { self = kept } else { return nil }
        case "doubleValue":
            if let number = raw as? NSNumber, String(cString: number.objCType) != "c", number.doubleValue.isFinite {
                self = .double("\(number.doubleValue)")
            } else if raw is String || raw is NSNumber, let kept = Self.opaque(object) { self = kept } else { return nil }
        case "booleanValue": guard let flag = raw as? Bool else { return nil }; self = .boolean(flag)
        case "nullValue": self = .null
        case "timestampValue": guard let text = raw as? String else { return nil }; self = .timestamp(text)
        case "mapValue":
            guard let map = raw as? [String: Any] else { return nil }
            var fields: [String: FirestoreValue] = [:]
            for (key, value) in map["fields"] as? [String: Any] ?? [:] {
                guard let parsed = FirestoreValue(json: value) else { return nil }
                fields[key] = parsed
            }
            self = .map(fields)
        case "arrayValue":
            guard let array = raw as? [String: Any] else { return nil }
            var values: [FirestoreValue] = []
            for value in array["values"] as? [Any] ?? [] {
                guard let parsed = FirestoreValue(json: value) else { return nil }
                values.append(parsed)
            }
            self = .array(values)
        default: return nil
        }
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

    /// `object` as the JSON text it came as.
    private static func opaque(_ object: [String: Any]) -> FirestoreValue? {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), data.count <= 256 else { return nil }
        return .opaque(String(decoding: data, as: UTF8.self))
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
