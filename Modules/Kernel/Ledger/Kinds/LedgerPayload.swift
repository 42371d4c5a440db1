import Foundation

/// A kind's fields, as named strings.
///
/// Kept in one canonical, escaped encoding, `name=value` pairs separated by tabs, which is also
/// how the local log stores them. A store can therefore hand out payloads that point into the file
/// it read, with no allocation per field, and a payload it does not understand goes back out byte
/// for byte. Escapes: `\\`, `\t`, `\n`, `\r`, `\xHH` for every other control byte, and `=` in a
/// name as `\x3d`; every other byte, any Unicode included, stands for itself.
public struct LedgerPayload: Hashable, Sendable, CustomStringConvertible {
    // Usable from inlinable code: decoders in other modules read payloads in tight loops, and an
    // unspecialised generic closure call per field costs more than the parsing itself.
    @usableFromInline let storage: LedgerBytes
    @usableFromInline let start: Int
    @usableFromInline let end: Int

    public init() {
        self.init(encoded: LedgerBytes.empty, range: 0..<0)
    }

    /// Fields are kept sorted by name, so the same content has one encoding whichever store
    /// (or unordered JSON object) it came through.
    public init(_ fields: [(name: String, value: String)]) {
        // Codecs mostly pass their fields in order already; otherwise their places are sorted,
        // not the strings, which a sort would retain and release at every move.
        // Compared as bytes in place: through `utf8`'s indices, the check cost more than the copy.
        func precedes(_ name: String, _ other: String) -> Bool {
            name.withUTF8Bytes { bytes in other.withUTF8Bytes { otherBytes in bytes.lexicographicallyPrecedes(otherBytes) } }
        }
        let inOrder = zip(fields, fields.dropFirst()).allSatisfy { !precedes($1.name, $0.name) }
        let order = inOrder ? nil : fields.indices.sorted { precedes(fields[$0].name, fields[$1].name) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(fields.reduce(fields.count * 2) { $0 + $1.name.utf8.count + $1.value.utf8.count })
        for place in fields.indices {
            let field = fields[order?[place] ?? place]
            if place > 0 { bytes.append(UInt8(ascii: "\t")) }
            LedgerEscaping.escape(field.name, into: &bytes, escapingEquals: true)
            bytes.append(UInt8(ascii: "="))
            LedgerEscaping.escape(field.value, into: &bytes, escapingEquals: false)
        }
        self.init(encoded: LedgerBytes(bytes), range: 0..<bytes.count)
    }

    /// A payload already in the canonical encoding, as a store read it; `range` is its place in `encoded`.
    public init(encoded: LedgerBytes, range: Range<Int>) {
        storage = encoded
        start = range.lowerBound
        end = range.upperBound
    }

    public var isEmpty: Bool { start == end }

    /// The canonical encoding, exactly as it will be stored.
    @inlinable
    public func withEncodedBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try storage.bytes.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
    }

    public var encodedBytes: [UInt8] { withEncodedBytes { Array($0) } }

    /// Reads fields without copying them: what a feature's decoder uses on long histories.
    @inlinable
    public func withFields<R>(_ body: (LedgerFields) throws -> R) rethrows -> R {
        try withEncodedBytes { try body(LedgerFields(encoded: $0)) }
    }

    public var fields: [(name: String, value: String)] {
        withFields { fields in
            var result: [(name: String, value: String)] = []
            fields.forEach { name, value in result.append((LedgerEscaping.unescape(name), LedgerEscaping.unescape(value))) }
            return result
        }
    }

    /// The first field named `name`: only its value is unescaped, and a plain ASCII name is
    /// compared as bytes, as a codec reads a few fields of many entries.
    public subscript(name: String) -> String? {
        name.withUTF8Bytes { wanted in
            withFields { fields in
                var found: String?
                fields.forEach { field, value in
                    guard found == nil else { return }
                    let plain = !field.contains(where: { $0 >= 0x80 || $0 == UInt8(ascii: "\\") })
                    let matches = plain
                        ? field.count == wanted.count && (field.isEmpty || memcmp(field.baseAddress!, wanted.baseAddress!, field.count) == 0)
                        : LedgerEscaping.unescape(field) == name
                    if matches { found = LedgerEscaping.unescape(value) }
                }
                return found
            }
        }
    }

    public var description: String { String(decoding: encodedBytes, as: UTF8.self) }

    public static func == (lhs: LedgerPayload, rhs: LedgerPayload) -> Bool {
        lhs.withEncodedBytes { left in rhs.withEncodedBytes { right in left.elementsEqual(right) } }
    }

    public func hash(into hasher: inout Hasher) {
        withEncodedBytes { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

/// Bytes shared by the payloads of one read: the whole file stays in one allocation.
public final class LedgerBytes: @unchecked Sendable {
    public let bytes: [UInt8]

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    static let empty = LedgerBytes([])
}

/// A view of one encoded payload's fields, valid only inside `withFields`.
public struct LedgerFields {
    @usableFromInline let encoded: UnsafeBufferPointer<UInt8>

    @usableFromInline
    init(encoded: UnsafeBufferPointer<UInt8>) {
        self.encoded = encoded
    }

    /// Each field's name and value, still escaped, in order.
    @inlinable
    public func forEach(_ body: (_ name: UnsafeBufferPointer<UInt8>, _ value: UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        guard let base = encoded.baseAddress, !encoded.isEmpty else { return }
        var start = 0
        while start <= encoded.count {
            let end = memchr(base + start, Int32(UInt8(ascii: "\t")), encoded.count - start)
                .map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) } ?? encoded.count
            let equals = memchr(base + start, Int32(UInt8(ascii: "=")), end - start)
                .map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) } ?? end
            try body(UnsafeBufferPointer(rebasing: encoded[start..<equals]), UnsafeBufferPointer(rebasing: encoded[min(equals + 1, end)..<end]))
            start = end + 1
        }
    }

    /// Whether a field's (escaped) name is `name`: for decoders that dispatch on names in one pass.
    @inlinable
    public static func name(_ bytes: UnsafeBufferPointer<UInt8>, is name: StaticString) -> Bool {
        equals(bytes, name)
    }

    @inlinable
    static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
        guard bytes.count == name.utf8CodeUnitCount else { return false }
        return bytes.isEmpty || memcmp(bytes.baseAddress!, name.utf8Start, bytes.count) == 0
    }
}

/// The one escaping every ledger encoding shares, so any string round-trips through every store.
public enum LedgerEscaping {
    public static func escape(_ text: String, into bytes: inout [UInt8], escapingEquals: Bool) {
        // Over the string's own bytes: a loop over `String.UTF8View` cost an import of 100k rows
        // half a billion instructions.
        text.withUTF8Bytes { utf8 in
            // Most values need no escape: copied whole rather than a byte at a time.
            guard utf8.contains(where: { needsEscape($0, escapingEquals: escapingEquals) }) else {
                bytes.append(contentsOf: utf8)
                return
            }
            for byte in utf8 {
                switch byte {
                case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
                case UInt8(ascii: "\t"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
                case UInt8(ascii: "\n"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
                case UInt8(ascii: "\r"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
                case UInt8(ascii: "=") where escapingEquals, 0..<0x20, 0x7F:
                    bytes += [UInt8(ascii: "\\"), UInt8(ascii: "x"), hexDigit(byte >> 4), hexDigit(byte & 0xF)]
                default: bytes.append(byte)
                }
            }
        }
    }

    @inline(__always)
    private static func needsEscape(_ byte: UInt8, escapingEquals: Bool) -> Bool {
        byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\\") || (escapingEquals && byte == UInt8(ascii: "="))
    }

    public static func escaped(_ text: String) -> String {
        var bytes: [UInt8] = []
        escape(text, into: &bytes, escapingEquals: false)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Total: an escape this version does not know stands for itself, so nothing read is ever lost.
    @inlinable
    public static func unescape(_ field: UnsafeBufferPointer<UInt8>) -> String {
        guard let base = field.baseAddress, memchr(base, Int32(UInt8(ascii: "\\")), field.count) != nil else {
            return String(decoding: field, as: UTF8.self)
        }
        return unescapeSlowly(field)
    }

    @usableFromInline
    static func unescapeSlowly(_ field: UnsafeBufferPointer<UInt8>) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(field.count)
        var index = 0
        while index < field.count {
            let byte = field[index]
            guard byte == UInt8(ascii: "\\"), index + 1 < field.count else {
                bytes.append(byte)
                index += 1
                continue
            }
            switch field[index + 1] {
            case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\")); index += 2
            case UInt8(ascii: "t"): bytes.append(UInt8(ascii: "\t")); index += 2
            case UInt8(ascii: "n"): bytes.append(UInt8(ascii: "\n")); index += 2
            case UInt8(ascii: "r"): bytes.append(UInt8(ascii: "\r")); index += 2
            case UInt8(ascii: "x") where index + 3 < field.count:
                if let high = hexValue(field[index + 2]), let low = hexValue(field[index + 3]) {
                    bytes.append(high << 4 | low)
                    index += 4
                } else {
                    bytes.append(byte)
                    index += 1
                }
            default:
                bytes.append(byte)
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
