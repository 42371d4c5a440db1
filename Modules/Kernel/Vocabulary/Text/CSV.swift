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
        // A field is read where it lies while it is one run of plain bytes, as nearly every field
        // is; one with quotes is copied into `field`, its escapes undone.
        var run: Range<Int>?
        var field: [UInt8] = []
        var inQuotes = false, fieldWasQuoted = false
        var line = 1, recordLine = 1
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0

        var fieldIsEmpty: Bool { run == nil && field.isEmpty }
        func copyRun() {
            guard let taken = run else { return }
            field.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[taken]))
            run = nil
        }
        func endField() throws {
            if let taken = run {
                fields.append(try text(UnsafeBufferPointer(rebasing: bytes[taken]), line: recordLine))
                run = nil
            } else {
                let line = recordLine
                fields.append(try field.withUnsafeBufferPointer { try text($0, line: line) })
                field.removeAll(keepingCapacity: true)
            }
        }
        func endRecord() throws {
            let blank = fields.isEmpty && fieldIsEmpty && !fieldWasQuoted
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
                    let start = index - 1
                    while index < bytes.count, bytes[index] != quote, bytes[index] != newline { index += 1 }
                    field.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                }
                continue
            }
            switch byte {
            case comma:
                try endField()
                fieldWasQuoted = false
            case quote where fieldIsEmpty && !fieldWasQuoted:
                inQuotes = true
                fieldWasQuoted = true
            case carriageReturn, newline:
                if byte == carriageReturn, index < bytes.count, bytes[index] == newline { index += 1 }
                try endRecord()
                line += 1
                recordLine = line
            default:
                // The run of bytes up to the next comma, quote or line break at once: a byte at a
                // time cost an array's checks for each, most of a long import's parsing.
                let start = index - 1
                while index < bytes.count, !needsQuoting(bytes[index]) { index += 1 }
                if fieldIsEmpty, !fieldWasQuoted {
                    run = start..<index
                } else {
                    copyRun()
                    field.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                }
            }
        }
        if inQuotes { throw ParseError(line: recordLine, message: "a quoted field is never closed") }
        if !fieldIsEmpty || !fields.isEmpty || fieldWasQuoted { try endRecord() }
    }

    /// A field's bytes as text, or an error naming its line.
    private static func text(_ piece: UnsafeBufferPointer<UInt8>, line: Int) throws -> String {
        // Most fields are ASCII, which is UTF-8 as it is: `String(validating:)` costed a sixth
        // of an import's instructions, a generic call per field.
        let ascii = piece.allSatisfy { $0 < 0x80 }
        guard let text = ascii ? String(decoding: piece, as: UTF8.self) : String(validating: piece, as: UTF8.self) else {
            throw ParseError(line: line, message: "a field is not UTF-8 text (save the file as UTF-8)")
        }
        return text
    }

    /// A comma, a quote or a line break: what makes a field quoted, and what ends an unquoted run
    /// of bytes as the parser reads one. Looks at bytes, not characters: faster on a million
    /// rows, and a CRLF (one character) is quoted too.
    public static func needsQuoting(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    public static func quote(_ field: String) -> String {
        guard field.utf8.contains(where: needsQuoting) else {
            return field
        }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
