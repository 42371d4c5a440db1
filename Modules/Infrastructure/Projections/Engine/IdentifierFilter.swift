import Ledger

/// The ids a checkpoint has seen, as a Bloom filter: a line appended after it whose id the
/// filter may hold can supersede or delete a record already folded in, so the projection is
/// rebuilt instead of folding it. It never misses an id it was given; a false alarm (about 1 in
/// 2,000 at its capacity) only costs a rebuild. Sized at a rebuild for the history plus room.
///
/// Its bits are the bytes it was read from, shared, not copied: a long history's filter is
/// megabytes, read at every start.
public struct IdentifierFilter: Equatable {
    private static let bitsPerID = 16
    private static let probes = 8

    private var storage: [UInt8]
    /// Where the bits start in `storage`, and how many bytes they take.
    private var start: Int
    private let byteCount: Int
    public private(set) var count: Int
    /// The ids it holds at its designed false-alarm rate; past it, the projection is rebuilt.
    public let capacity: Int

    public init(capacity: Int) {
        self.capacity = max(4_096, capacity)
        byteCount = Self.byteCount(capacity: self.capacity)
        storage = [UInt8](repeating: 0, count: byteCount)
        start = 0
        count = 0
    }

    /// Room for `count` ids and a quarter more.
    public init(expecting count: Int) {
        self.init(capacity: count + count / 4)
    }

    /// Whole 64-bit words, as the filter was first written.
    private static func byteCount(capacity: Int) -> Int {
        (capacity * bitsPerID + 63) / 64 * 8
    }

    public var isFull: Bool { count > capacity }

    public mutating func insert(_ id: String) {
        let (first, second) = Self.hashes(id)
        let bits = UInt64(byteCount * 8)
        for probe in 0..<UInt64(Self.probes) {
            let bit = (first &+ probe &* second) % bits
            storage[start + Int(bit >> 3)] |= 1 << (bit & 7)
        }
        count += 1
    }

    public func mayContain(_ id: String) -> Bool {
        let (first, second) = Self.hashes(id)
        let bits = UInt64(byteCount * 8)
        return storage.withUnsafeBufferPointer { bytes in
            for probe in 0..<UInt64(Self.probes) {
                let bit = (first &+ probe &* second) % bits
                if bytes[start + Int(bit >> 3)] & (1 << (bit & 7)) == 0 { return false }
            }
            return true
        }
    }

    /// Two independent hashes; the probes are their combinations (Kirsch and Mitzenmacher).
    private static func hashes(_ id: String) -> (UInt64, UInt64) {
        (StableHash.of(id.utf8), StableHash.of(id.utf8, seed: 0x84222325CBF29CE4) | 1)
    }

    public static func == (lhs: IdentifierFilter, rhs: IdentifierFilter) -> Bool {
        (lhs.capacity, lhs.count) == (rhs.capacity, rhs.count)
            && lhs.storage[lhs.start..<lhs.start + lhs.byteCount].elementsEqual(rhs.storage[rhs.start..<rhs.start + rhs.byteCount])
    }

    public func write(to writer: inout PackedWriter) {
        writer.write(capacity)
        writer.write(count)
        writer.write(Array(storage[start..<start + byteCount]))
    }

    public init(reading reader: inout PackedReader) throws(PackedReader.Damaged) {
        capacity = try reader.readNonNegative()
        count = try reader.readNonNegative()
        guard capacity >= 4_096, capacity <= Int(Int32.max) else { throw PackedReader.Damaged() }
        byteCount = Self.byteCount(capacity: capacity)
        let (shared, range) = try reader.readSharedBytes()
        guard range.count == byteCount else { throw PackedReader.Damaged() }
        storage = shared
        start = range.lowerBound
    }
}
