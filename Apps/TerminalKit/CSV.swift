import Foundation

/// RFC 4180 CSV: quoted fields (with "" escapes and embedded newlines), CRLF or LF, and a UTF-8
/// byte-order mark, which spreadsheet exports often start with.
public enum CSV {
    public struct Record {
        /// The line the record starts on, counting the header as line 1.
        public let line: Int
        public let fields: [String]
    }

    public struct ParseError: Error {
        public let line: Int
        public let message: String
    }

    /// Works on UTF-8 bytes: every delimiter is ASCII, so multi-byte characters pass through intact.
    public static func parse(_ text: String) throws -> [Record] {
        var text = text
        var records: [Record] = []
        try text.withUTF8 { bytes in try forEachRecord(in: bytes) { records.append($0) } }
        return records
    }

    /// Hands each record to `body` as it is read, so a large file's records are never all held
    /// at once. A field that is not UTF-8 is an error naming its line.
    public static func forEachRecord(in bytes: UnsafeBufferPointer<UInt8>, _ body: (Record) throws -> Void) throws {
        let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")
        var fields: [String] = []
        var field: [UInt8] = []
        var inQuotes = false, fieldWasQuoted = false
        var line = 1, recordLine = 1
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0

        func endField() throws {
            // Most fields are ASCII, which is UTF-8 as it is: `String(validating:)` costed a sixth
            // of an import's instructions, a generic call per field.
            let ascii = field.allSatisfy { $0 < 0x80 }
            guard let text = ascii ? String(decoding: field, as: UTF8.self) : String(validating: field, as: UTF8.self) else {
                throw ParseError(line: recordLine, message: "a field is not UTF-8 text (save the file as UTF-8)")
            }
            fields.append(text)
            field.removeAll(keepingCapacity: true)
        }
        func endRecord() throws {
            let blank = fields.isEmpty && field.isEmpty && !fieldWasQuoted
            try endField()
            if !blank { try body(Record(line: recordLine, fields: fields)) }
            fields.removeAll(keepingCapacity: true)
            fieldWasQuoted = false
        }

        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if inQuotes {
                if byte == quote {
                    if index < bytes.count, bytes[index] == quote { field.append(quote); index += 1 } else { inQuotes = false }
                } else {
                    if byte == newline { line += 1 }
                    field.append(byte)
                }
                continue
            }
            switch byte {
            case comma:
                try endField()
                fieldWasQuoted = false
            case quote where field.isEmpty && !fieldWasQuoted:
                inQuotes = true
                fieldWasQuoted = true
            case carriageReturn, newline:
                if byte == carriageReturn, index < bytes.count, bytes[index] == newline { index += 1 }
                try endRecord()
                line += 1
                recordLine = line
            default:
                field.append(byte)
            }
        }
        if inQuotes { throw ParseError(line: recordLine, message: "a quoted field is never closed") }
        if !field.isEmpty || !fields.isEmpty || fieldWasQuoted { try endRecord() }
    }

    /// A comma, a quote or a line break: what makes a field quoted. Looks at bytes, not
    /// characters: faster on a million rows, and a CRLF (one character) is quoted too.
    static func needsQuoting(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    public static func quote(_ field: String) -> String {
        guard field.utf8.contains(where: needsQuoting) else {
            return field
        }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
