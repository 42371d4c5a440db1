/// Values packed field by field: fixed-width little-endian integers and length-prefixed strings,
/// so reading them needs no parser and no Foundation decoder. What is held by the million packs
/// this way in memory, and a checkpoint's payload on disk.
public struct PackedWriter: Sendable {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    public mutating func write(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    public mutating func write(_ value: Int64) { write(UInt64(bitPattern: value)) }
    public mutating func write(_ value: Int) { write(Int64(value)) }
    public mutating func write(_ value: Int32) { write(Int64(value)) }
    public mutating func write(_ value: Bool) { bytes.append(value ? 1 : 0) }

    public mutating func write(_ value: Int128) {
        write(UInt64(truncatingIfNeeded: value))
        write(UInt64(truncatingIfNeeded: value >> 64))
    }

    public mutating func write(_ value: String) {
        write(value.utf8.count)
        bytes.append(contentsOf: value.utf8)
    }

    /// Nil is written as a flag alone.
    public mutating func write(_ value: String?) {
        write(value != nil)
        if let value { write(value) }
    }

    /// Bytes another writer wrote, copied as they are: fields read back without being decoded.
    public mutating func append(written raw: [UInt8]) {
        bytes.append(contentsOf: raw)
    }

    public mutating func write(_ raw: [UInt8]) {
        write(raw.count)
        bytes.append(contentsOf: raw)
    }

    /// A number in as few bytes as it needs, seven bits a byte, its sign in the lowest bit
    /// (zigzag): an amount takes 3–6 bytes where `write(_: Int128)` takes 16.
    public mutating func writeCompact(_ value: Int128) {
        // Almost every number fits 64 bits, whose arithmetic costs a fraction of 128's: the same
        // bytes either way.
        if let narrow = Int64(exactly: value) {
            var rest = UInt64(bitPattern: narrow << 1 ^ narrow >> 63)
            while rest >= 0x80 {
                bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
                rest >>= 7
            }
            bytes.append(UInt8(rest))
            return
        }
        var rest = UInt128(bitPattern: value << 1 ^ value >> 127)
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    public mutating func writeCompact(_ value: Int) { writeCompact(Int128(value)) }

    /// Its length in as few bytes as it needs, then its bytes.
    public mutating func writeCompact(_ value: String) {
        writeCompact(value.utf8.count)
        bytes.append(contentsOf: value.utf8)
    }

    public mutating func writeCompact(_ value: String?) {
        write(value != nil)
        if let value { writeCompact(value) }
    }

    /// Bytes another writer wrote, as they are, with no count before them.
    public mutating func append(written: ArraySlice<UInt8>) {
        bytes.append(contentsOf: written)
    }
}

/// Reads what a `PackedWriter` wrote; anything short or out of range is `Damaged`, never a trap.
public struct PackedReader {
    public struct Damaged: Error, Equatable {
        public init() {}
    }

    /// What is read, shared: a reader made again `at` an offset of it reads on from there.
    public let bytes: [UInt8]
    public private(set) var offset: Int

    public init(_ bytes: [UInt8], at offset: Int = 0) {
        self.bytes = bytes
        self.offset = min(max(offset, 0), bytes.count)
    }

    public var isAtEnd: Bool { offset == bytes.count }

    public mutating func readUInt64() throws(Damaged) -> UInt64 {
        guard bytes.count - offset >= 8 else { throw Damaged() }
        let start = offset
        offset += 8
        return bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: start, as: UInt64.self)) }
    }

    public mutating func readInt64() throws(Damaged) -> Int64 { Int64(bitPattern: try readUInt64()) }

    public mutating func readInt32() throws(Damaged) -> Int32 {
        guard let value = Int32(exactly: try readInt64()) else { throw Damaged() }
        return value
    }

    /// A count of things that follow: never more than the bytes left could hold.
    public mutating func readCount() throws(Damaged) -> Int {
        let value = try readInt64()
        guard value >= 0, value <= Int64(bytes.count - offset) else { throw Damaged() }
        return Int(value)
    }

    /// A number that is no count of what follows (a tally of movements, say), never negative.
    public mutating func readNonNegative() throws(Damaged) -> Int {
        let value = try readInt64()
        guard value >= 0 else { throw Damaged() }
        return Int(value)
    }

    public mutating func readBool() throws(Damaged) -> Bool {
        guard offset < bytes.count, bytes[offset] <= 1 else { throw Damaged() }
        offset += 1
        return bytes[offset - 1] == 1
    }

    public mutating func readInt128() throws(Damaged) -> Int128 {
        let low = try readUInt64(), high = try readUInt64()
        return Int128(Int64(bitPattern: high)) << 64 | Int128(low)
    }

    /// What `writeCompact(_: Int128)` wrote: at most 19 bytes, none of them setting a bit past
    /// the 128th.
    public mutating func readCompactInt128() throws(Damaged) -> Int128 {
        // Up to nine bytes, 63 bits, in 64-bit arithmetic; a longer number is read again below.
        var narrow: UInt64 = 0, narrowShift: UInt64 = 0, at = offset
        while at < bytes.count, narrowShift < 63 {
            let byte = bytes[at]
            at += 1
            narrow |= UInt64(byte & 0x7F) << narrowShift
            if byte < 0x80 {
                offset = at
                return Int128(Int64(bitPattern: narrow >> 1) ^ -Int64(bitPattern: narrow & 1))
            }
            narrowShift += 7
        }
        var value: UInt128 = 0, shift: UInt128 = 0
        while true {
            guard offset < bytes.count, shift < 128 else { throw Damaged() }
            let byte = bytes[offset]
            offset += 1
            let bits = UInt128(byte & 0x7F)
            guard shift < 126 || bits >> (128 - shift) == 0 else { throw Damaged() }
            value |= bits << shift
            if byte < 0x80 { break }
            shift += 7
        }
        return Int128(bitPattern: value >> 1) ^ -Int128(bitPattern: value & 1)
    }

    public mutating func readCompactInt32() throws(Damaged) -> Int32 {
        guard let value = Int32(exactly: try readCompactInt128()) else { throw Damaged() }
        return value
    }

    /// A count written by `writeCompact(_: Int)`: never more than the bytes left could hold.
    public mutating func readCompactCount() throws(Damaged) -> Int {
        let value = try readCompactInt128()
        guard value >= 0, value <= Int128(bytes.count - offset) else { throw Damaged() }
        return Int(value)
    }

    public mutating func readCompactString() throws(Damaged) -> String {
        try text(count: try readCompactCount())
    }

    public mutating func readCompactOptionalString() throws(Damaged) -> String? {
        try readBool() ? try readCompactString() : nil
    }

    public mutating func readString() throws(Damaged) -> String {
        try text(count: try readCount())
    }

    /// The next `count` bytes as text, read where they are. Ids, tickers and codes are ASCII,
    /// which is UTF-8 as it is: the generic validation of a slice took a tenth of a read's
    /// instructions.
    private mutating func text(count: Int) throws(Damaged) -> String {
        let start = offset
        offset += count
        let text: String? = bytes.withUnsafeBufferPointer { all in
            let piece = UnsafeBufferPointer(rebasing: all[start..<start + count])
            return piece.allSatisfy { $0 < 0x80 } ? String(decoding: piece, as: UTF8.self) : String(validating: piece, as: UTF8.self)
        }
        guard let text else { throw Damaged() }
        return text
    }

    /// Moves past what `readString` would read, checking it as that would, without making it.
    public mutating func skipString() throws(Damaged) {
        let count = try readCount()
        let start = offset
        offset += count
        let isText = bytes.withUnsafeBufferPointer { all in
            let piece = UnsafeBufferPointer(rebasing: all[start..<start + count])
            return piece.allSatisfy { $0 < 0x80 } || String(validating: piece, as: UTF8.self) != nil
        }
        guard isText else { throw Damaged() }
    }

    public mutating func readOptionalString() throws(Damaged) -> String? {
        try readBool() ? try readString() : nil
    }

    /// What `write(_: [UInt8])` wrote, as the reader's own array and where in it: megabytes shared,
    /// not copied.
    public mutating func readSharedBytes() throws(Damaged) -> (bytes: [UInt8], range: Range<Int>) {
        let count = try readCount()
        defer { offset += count }
        return (bytes, offset..<offset + count)
    }

    public mutating func readBytes() throws(Damaged) -> [UInt8] {
        let count = try readCount()
        defer { offset += count }
        return Array(bytes[offset..<offset + count])
    }
}

/// A stable 64-bit hash (FNV-1a): the same in every run, unlike `Hasher`, because checkpoints
/// outlive the process. Not a defence against anyone: a crafted collision costs a rebuild.
public enum StableHash {
    public static func of<Bytes: Sequence>(_ bytes: Bytes, seed: UInt64 = 0xCBF2_9CE4_8422_2325) -> UInt64 where Bytes.Element == UInt8 {
        var hash = seed
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// For a checksum of a whole checkpoint, read at every start: four lanes of a multiply and a
    /// rotation a word (xxHash64's round), 32 bytes a step, mixed at the end. A megabytes filter
    /// costs a fifth of the instructions of a finaliser a word.
    public static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let first: UInt64 = 0x9E37_79B1_85EB_CA87, second: UInt64 = 0xC2B2_AE3D_27D4_EB4F
        func round(_ lane: UInt64, _ word: UInt64) -> UInt64 {
            let sum = lane &+ word &* second
            return (sum << 31 | sum >> 33) &* first
        }
        func word(_ offset: Int) -> UInt64 { UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
        var lanes = (first &+ second, second, 0 as UInt64, 0 &- first)
        var offset = 0
        while offset + 32 <= bytes.count {
            lanes = (round(lanes.0, word(offset)), round(lanes.1, word(offset + 8)), round(lanes.2, word(offset + 16)), round(lanes.3, word(offset + 24)))
            offset += 32
        }
        var hash = mix(UInt64(bytes.count) ^ mix(lanes.0) ^ mix(lanes.1 &+ 1) ^ mix(lanes.2 &+ 2) ^ mix(lanes.3 &+ 3))
        while offset + 8 <= bytes.count {
            hash = mix(hash ^ word(offset))
            offset += 8
        }
        var tail: UInt64 = 0
        for index in offset..<bytes.count { tail |= UInt64(bytes[index]) << (8 * UInt64(index - offset)) }
        return mix(hash ^ tail)
    }

    /// SplitMix64's finaliser: every input bit moves every output bit.
    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// How many records name each key (an account, say), kept so that a revision can take one back
/// out: a key no record names any more is gone, as if never counted.
extension Dictionary where Value == Int {
    public mutating func countOneMore(_ key: Key) { self[key, default: 0] += 1 }

    public mutating func countOneFewer(_ key: Key) {
        let left = self[key, default: 0] - 1
        self[key] = left > 0 ? left : nil
    }
}

extension PackedWriter {
    public mutating func write(counts: [String?: Int]) {
        write(counts.count)
        for (key, count) in counts {
            write(key)
            write(count)
        }
    }
}

extension PackedReader {
    /// What `write(counts:)` wrote; a count of zero is damage, as none is ever kept.
    public mutating func readCounts() throws(Damaged) -> [String?: Int] {
        var counts: [String?: Int] = [:]
        for _ in 0..<(try readCount()) {
            let key = try readOptionalString(), count = try readNonNegative()
            guard count > 0 else { throw Damaged() }
            counts[key] = count
        }
        return counts
    }
}
