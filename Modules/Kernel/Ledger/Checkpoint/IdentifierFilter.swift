/// The ids a checkpoint has seen, as a Bloom filter: a line appended after it whose id the
/// filter may hold can supersede or delete a record already folded in, so the projection is
/// rebuilt instead of folding it. It never misses an id it was given; a false alarm (about 1 in
/// 2,000 at its capacity) only costs a rebuild. Sized at a rebuild for the history plus room.
public struct IdentifierFilter: Equatable {
    private static let bitsPerID = 16
    private static let probes = 8

    private var words: [UInt64]
    public private(set) var count: Int
    /// The ids it holds at its designed false-alarm rate; past it, the projection is rebuilt.
    public let capacity: Int

    public init(capacity: Int) {
        self.capacity = max(4_096, capacity)
        words = [UInt64](repeating: 0, count: (self.capacity * Self.bitsPerID + 63) / 64)
        count = 0
    }

    /// Room for `count` ids and a quarter more.
    public init(expecting count: Int) {
        self.init(capacity: count + count / 4)
    }

    public var isFull: Bool { count > capacity }

    public mutating func insert(_ id: String) {
        let (first, second) = Self.hashes(id)
        let bits = UInt64(words.count * 64)
        for probe in 0..<UInt64(Self.probes) {
            let bit = (first &+ probe &* second) % bits
            words[Int(bit / 64)] |= 1 << (bit % 64)
        }
        count += 1
    }

    public func mayContain(_ id: String) -> Bool {
        let (first, second) = Self.hashes(id)
        let bits = UInt64(words.count * 64)
        for probe in 0..<UInt64(Self.probes) {
            let bit = (first &+ probe &* second) % bits
            if words[Int(bit / 64)] & (1 << (bit % 64)) == 0 { return false }
        }
        return true
    }

    /// Two independent hashes; the probes are their combinations (Kirsch and Mitzenmacher).
    private static func hashes(_ id: String) -> (UInt64, UInt64) {
        (StableHash.of(id.utf8), StableHash.of(id.utf8, seed: 0x84222325CBF29CE4) | 1)
    }

    public func write(to writer: inout CheckpointWriter) {
        writer.write(capacity)
        writer.write(count)
        writer.write(words: words)
    }

    public init(reading reader: inout CheckpointReader) throws(CheckpointReader.Damaged) {
        capacity = try reader.readNonNegative()
        count = try reader.readNonNegative()
        words = try reader.readWords()
        guard capacity >= 4_096, capacity <= Int(Int32.max), words.count == (capacity * Self.bitsPerID + 63) / 64 else { throw CheckpointReader.Damaged() }
    }
}
