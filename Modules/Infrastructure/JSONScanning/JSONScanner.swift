import Foundation

/// A server's JSON, read from its bytes (RFC 8259) by the adapters that need to read a large
/// answer a piece at a time: a collection's records one by one, or a document straight into the
/// adapter's own types, so no second tree of the whole answer is ever built. Numbers keep the
/// text they came as, so no amount passes through binary floating point.
public enum ServerJSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([ServerJSON])
    case object([Member])

    public struct Member: Equatable, Sendable {
        public let key: String
        public let value: ServerJSON

        public init(key: String, value: ServerJSON) {
            self.key = key
            self.value = value
        }
    }

    /// A member's value; the last of a repeated key, as most readers take it.
    public subscript(key: String) -> ServerJSON? {
        guard case let .object(members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    public var string: String? { if case let .string(text) = self { return text } else { return nil } }
    public var bool: Bool? { if case let .bool(flag) = self { return flag } else { return nil } }
    public var number: String? { if case let .number(text) = self { return text } else { return nil } }
    public var members: [Member]? { if case let .object(members) = self { return members } else { return nil } }

    /// The whole of `bytes` as one value; with `objectLevels`, as `JSONScanner.value(objectLevels:)` keeps it.
    public static func parse(_ bytes: some ContiguousBytes, objectLevels: Int? = nil) throws(JSONScanError) -> ServerJSON {
        try JSONScanner.scan(bytes) { (scanner: inout JSONScanner) throws(JSONScanError) in
            let value = if let objectLevels { try scanner.value(objectLevels: objectLevels) } else { try scanner.value() }
            try scanner.end()
            return value
        }
    }
}

public enum JSONScanError: Error, Equatable {
    /// Not JSON at this byte offset.
    case malformed(at: Int)
    /// Nested deeper than `JSONScanner.maximumDepth`: refused before it can exhaust the stack.
    case tooDeep
}

/// A cursor over JSON bytes; every method skips the whitespace before what it reads.
public struct JSONScanner {
    public static let maximumDepth = 512

    private let bytes: UnsafeRawBufferPointer
    public private(set) var offset = 0
    private var depth = 0

    /// Runs `body` over `bytes`, which stay valid only for as long as it runs.
    public static func scan<T>(_ bytes: some ContiguousBytes, _ body: (inout JSONScanner) throws(JSONScanError) -> T) throws(JSONScanError) -> T {
        let result: Result<T, JSONScanError> = bytes.withUnsafeBytes { raw in
            var scanner = JSONScanner(bytes: raw)
            do throws(JSONScanError) { return .success(try body(&scanner)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    private init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    // MARK: Structure

    /// `null`, when that is what comes next (and it is consumed).
    public mutating func null() throws(JSONScanError) -> Bool {
        guard try next() == UInt8(ascii: "n") else { return false }
        try literal("null")
        return true
    }

    /// An object's members, each value read by `member` (which must read exactly one value).
    public mutating func members(_ member: (inout JSONScanner, String) throws(JSONScanError) -> Void) throws(JSONScanError) {
        try expect(UInt8(ascii: "{"))
        try nest()
        defer { depth -= 1 }
        if try next() == UInt8(ascii: "}") { offset += 1; return }
        repeat {
            guard try next() == UInt8(ascii: "\"") else { throw .malformed(at: offset) }
            let key = try string()
            try expect(UInt8(ascii: ":"))
            try member(&self, key)
        } while try separator(closing: UInt8(ascii: "}"))
    }

    /// An array's elements, each read by `element` (which must read exactly one value).
    public mutating func elements(_ element: (inout JSONScanner) throws(JSONScanError) -> Void) throws(JSONScanError) {
        try expect(UInt8(ascii: "["))
        try nest()
        defer { depth -= 1 }
        if try next() == UInt8(ascii: "]") { offset += 1; return }
        repeat { try element(&self) } while try separator(closing: UInt8(ascii: "]"))
    }

    /// Nothing but whitespace is left.
    public mutating func end() throws(JSONScanError) {
        skipWhitespace()
        guard offset == bytes.count else { throw .malformed(at: offset) }
    }

    // MARK: Values

    public mutating func value() throws(JSONScanError) -> ServerJSON {
        switch try next() {
        case UInt8(ascii: "{"):
            var members: [ServerJSON.Member] = []
            try self.members { (scanner: inout JSONScanner, key: String) throws(JSONScanError) in members.append(.init(key: key, value: try scanner.value())) }
            return .object(members)
        case UInt8(ascii: "["):
            var values: [ServerJSON] = []
            try elements { (scanner: inout JSONScanner) throws(JSONScanError) in values.append(try scanner.value()) }
            return .array(values)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default: return .number(try numberText())
        }
    }

    /// The next value with objects kept to `objectLevels` deep and no array at all: a deeper
    /// object, or any array, is read and checked but kept as an empty array. For an adapter whose
    /// records are that shape, so brackets sent by the million can't become a tree many times the
    /// size of the answer; what was dropped is still a value that is no text, no number and no object.
    public mutating func value(objectLevels: Int) throws(JSONScanError) -> ServerJSON {
        switch try next() {
        case UInt8(ascii: "{") where objectLevels > 0:
            var members: [ServerJSON.Member] = []
            try self.members { (scanner: inout JSONScanner, key: String) throws(JSONScanError) in
                members.append(.init(key: key, value: try scanner.value(objectLevels: objectLevels - 1)))
            }
            return .object(members)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            try skip()
            return .array([])
        default:
            return try value()
        }
    }

    /// Reads and checks the next value, keeping nothing of it.
    public mutating func skip() throws(JSONScanError) {
        switch try next() {
        case UInt8(ascii: "{"): try members { (scanner: inout JSONScanner, _: String) throws(JSONScanError) in try scanner.skip() }
        case UInt8(ascii: "["): try elements { (scanner: inout JSONScanner) throws(JSONScanError) in try scanner.skip() }
        default: _ = try value()
        }
    }

    /// The next value, and its bytes as sent: read once, for an adapter that keeps the text of a
    /// value it can't hold.
    public mutating func valueAndText() throws(JSONScanError) -> (value: ServerJSON, text: String) {
        _ = try next()
        let start = offset
        let value = try value()
        return (value, String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self))
    }

    public mutating func string() throws(JSONScanError) -> String {
        try expect(UInt8(ascii: "\""))
        let start = offset
        var ascii = true
        // The common case, a string without escapes, is its bytes as they are.
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                let raw = UnsafeRawBufferPointer(rebasing: bytes[start..<offset])
                // ASCII is valid UTF-8 as it is: decoding it costs a tenth of validating it.
                let text = ascii ? String(decoding: raw, as: UTF8.self) : String(validating: raw, as: UTF8.self)
                guard let text else { throw .malformed(at: start) }
                offset += 1
                return text
            }
            ascii = ascii && byte < 0x80
            if byte == UInt8(ascii: "\\") { break }
            guard byte >= 0x20 else { throw .malformed(at: offset) }
            offset += 1
        }
        var decoded = Array(UnsafeRawBufferPointer(rebasing: bytes[start..<offset]))
        while offset < bytes.count {
            let byte = bytes[offset]
            offset += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = String(validating: decoded, as: UTF8.self) else { throw .malformed(at: start) }
                return text
            case UInt8(ascii: "\\"): try escape(into: &decoded)
            case 0..<0x20: throw .malformed(at: offset - 1)
            default: decoded.append(byte)
            }
        }
        throw .malformed(at: offset)
    }

    /// A number's text, checked against the grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    public mutating func numberText() throws(JSONScanError) -> String {
        skipWhitespace()
        let start = offset
        func digits(_ scanner: inout JSONScanner) -> Int {
            let from = scanner.offset
            while scanner.offset < scanner.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(scanner.bytes[scanner.offset]) { scanner.offset += 1 }
            return scanner.offset - from
        }
        if peekByte == UInt8(ascii: "-") { offset += 1 }
        if peekByte == UInt8(ascii: "0") { offset += 1 } else if digits(&self) == 0 { throw .malformed(at: start) }
        if peekByte == UInt8(ascii: ".") {
            offset += 1
            guard digits(&self) > 0 else { throw .malformed(at: offset) }
        }
        if peekByte == UInt8(ascii: "e") || peekByte == UInt8(ascii: "E") {
            offset += 1
            if peekByte == UInt8(ascii: "+") || peekByte == UInt8(ascii: "-") { offset += 1 }
            guard digits(&self) > 0 else { throw .malformed(at: offset) }
        }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
    }

    // MARK: Bytes

    private var peekByte: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    /// The next byte that isn't whitespace, not consumed.
    private mutating func next() throws(JSONScanError) -> UInt8 {
        skipWhitespace()
        guard let byte = peekByte else { throw .malformed(at: offset) }
        return byte
    }

    private mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default: return
            }
        }
    }

    private mutating func expect(_ byte: UInt8) throws(JSONScanError) {
        guard try next() == byte else { throw .malformed(at: offset) }
        offset += 1
    }

    private mutating func nest() throws(JSONScanError) {
        depth += 1
        if depth > Self.maximumDepth { throw .tooDeep }
    }

    /// After a member or element: true at a comma, false at the closing bracket.
    private mutating func separator(closing: UInt8) throws(JSONScanError) -> Bool {
        let byte = try next()
        offset += 1
        if byte == UInt8(ascii: ",") { return true }
        if byte == closing { return false }
        throw .malformed(at: offset - 1)
    }

    private mutating func literal(_ word: StaticString) throws(JSONScanError) {
        let count = word.utf8CodeUnitCount
        guard offset + count <= bytes.count else { throw .malformed(at: offset) }
        for index in 0..<count where bytes[offset + index] != word.utf8Start[index] { throw .malformed(at: offset) }
        offset += count
    }

    private mutating func escape(into decoded: inout [UInt8]) throws(JSONScanError) {
        guard let byte = peekByte else { throw .malformed(at: offset) }
        offset += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(byte)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"):
            var code = try hex4()
            if (0xD800...0xDBFF).contains(code) {
                // A surrogate pair is one scalar; half of one is not text.
                guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") else { throw .malformed(at: offset) }
                offset += 2
                let low = try hex4()
                guard (0xDC00...0xDFFF).contains(low) else { throw .malformed(at: offset) }
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(code) else { throw .malformed(at: offset) }
            decoded.append(contentsOf: String(scalar).utf8)
        default: throw .malformed(at: offset - 1)
        }
    }

    private mutating func hex4() throws(JSONScanError) -> UInt32 {
        guard offset + 4 <= bytes.count else { throw .malformed(at: offset) }
        var code: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw .malformed(at: offset)
            }
            code = code << 4 | UInt32(digit)
            offset += 1
        }
        return code
    }
}
