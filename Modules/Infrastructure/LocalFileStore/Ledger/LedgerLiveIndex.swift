import Foundation
import Ledger

extension LedgerLogCodec {
    /// Which lines of a log are still live. A reader keeps what it wants of each entry in an
    /// array of its own, in file order, telling the index whether it kept something; once the
    /// log is read, the index says which of those kept slots a later line superseded or deleted.
    ///
    /// Reading only notes each line, in order; which lines a later one of the same id replaced
    /// is worked out once, at the end, by sorting the lines by their id's hash. A hash table
    /// looked up per line spent most of a long read waiting for memory (one random access per
    /// line), where the sort streams. Exact: ids whose hashes match are compared byte for byte,
    /// because the answer decides which lines a compaction drops. Hashed with the standard
    /// library's per-process seeded hasher, so ids crafted to collide can't be written ahead.
    struct LiveIndex {
        private enum Line {
            case kept(slot: Int32)
            case passedOver
            case deleted(tombstone: Int32)
        }

        /// Per line: the upper half of its id's hash, then the line's number.
        private var keys: [UInt64] = []
        private var lines: [Line] = []
        /// Line `n`'s id is `ids[idEnds[n - 1]..<idEnds[n]]` (from 0 for the first).
        private var idEnds: [Int] = []
        private var ids: [UInt8] = []
        private var deletions: [LedgerEntry] = []
        private var keptSlots: Int32 = 0
        private let hash: (UnsafeRawBufferPointer) -> UInt64

        /// - Parameters:
        ///   - capacity: about how many lines will come, so nothing grows on the way.
        ///   - hash: how ids are hashed; tests make every id collide.
        init(capacity: Int = 0, hash: @escaping (UnsafeRawBufferPointer) -> UInt64 = LiveIndex.seededHash) {
            self.hash = hash
            keys.reserveCapacity(capacity)
            lines.reserveCapacity(capacity)
            idEnds.reserveCapacity(capacity)
            ids.reserveCapacity(capacity * 16)
        }

        /// Notes `entry`'s line; `kept`: the reader appended a slot for it.
        mutating func record(_ entry: LedgerEntry, kept: Bool) {
            var id = entry.id
            let hash = id.withUTF8 { bytes in
                ids.append(contentsOf: bytes)
                return self.hash(UnsafeRawBufferPointer(bytes))
            }
            idEnds.append(ids.count)
            keys.append(hash & 0xFFFF_FFFF_0000_0000 | UInt64(truncatingIfNeeded: lines.count))
            if entry.isDeleted {
                lines.append(.deleted(tombstone: Int32(truncatingIfNeeded: deletions.count)))
                deletions.append(entry)
            } else if kept {
                lines.append(.kept(slot: keptSlots))
                keptSlots += 1
            } else {
                lines.append(.passedOver)
            }
        }

        struct Resolution {
            /// The kept slots a later line superseded or deleted, ascending.
            var deadSlots: [Int] = []
            /// Ids whose latest line is an entry, kept or passed over.
            var liveCount = 0
            /// Ids whose latest line is a deletion: their tombstones.
            var tombstones: [LedgerEntry] = []
            /// Lines that no longer describe anything: what a compaction would drop.
            var garbageLines = 0
        }

        /// What the lines add up to, each id's latest line deciding.
        func resolved() -> Resolution {
            var resolution = Resolution()
            func settle(_ number: Int, isLatest: Bool) {
                switch (lines[number], isLatest) {
                case (.kept, true), (.passedOver, true): resolution.liveCount += 1
                case let (.deleted(tombstone), true): resolution.tombstones.append(deletions[Int(tombstone)])
                case let (.kept(slot), false): resolution.deadSlots.append(Int(slot))
                case (.passedOver, false), (.deleted, false): break
                }
            }
            let sorted = Self.sortedByHash(keys)
            var start = 0
            while start < sorted.count {
                var end = start + 1
                while end < sorted.count, sorted[end] >> 32 == sorted[start] >> 32 { end += 1 }
                if end - start == 1 {
                    settle(Int(sorted[start] & 0xFFFF_FFFF), isLatest: true)
                } else {
                    // Lines of equal hashes, in file order: from the last back, a line whose id
                    // a later one already had is superseded. Nearly always one id, edited.
                    var latestOfEachID: [Int] = []
                    for key in sorted[start..<end].reversed() {
                        let number = Int(key & 0xFFFF_FFFF)
                        let superseded = latestOfEachID.contains { sameID(number, $0) }
                        if !superseded { latestOfEachID.append(number) }
                        settle(number, isLatest: !superseded)
                    }
                }
                start = end
            }
            resolution.deadSlots.sort()
            resolution.garbageLines = lines.count - resolution.liveCount - resolution.tombstones.count
            return resolution
        }

        static func seededHash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
            var hasher = Hasher()
            hasher.combine(bytes: bytes)
            return UInt64(bitPattern: Int64(hasher.finalize()))
        }

        private func sameID(_ line: Int, _ other: Int) -> Bool {
            let start = line == 0 ? 0 : idEnds[line - 1], otherStart = other == 0 ? 0 : idEnds[other - 1]
            let count = idEnds[line] - start
            guard idEnds[other] - otherStart == count else { return false }
            return ids.withUnsafeBufferPointer { count == 0 || memcmp($0.baseAddress! + start, $0.baseAddress! + otherStart, count) == 0 }
        }

        /// `keys` sorted by their upper halves (the hashes), keeping file order among equal ones:
        /// a radix sort, one byte per pass.
        private static func sortedByHash(_ keys: [UInt64]) -> [UInt64] {
            var source = keys, target = [UInt64](repeating: 0, count: keys.count)
            var counts = [Int](repeating: 0, count: 256)
            for shift in stride(from: UInt64(32), to: 64, by: 8) {
                source.withUnsafeBufferPointer { source in
                    target.withUnsafeMutableBufferPointer { target in
                        counts.withUnsafeMutableBufferPointer { counts in
                            counts.update(repeating: 0)
                            for key in source { counts[Int(truncatingIfNeeded: key >> shift) & 0xFF] += 1 }
                            var total = 0
                            for digit in 0..<256 { (counts[digit], total) = (total, total + counts[digit]) }
                            for key in source {
                                let digit = Int(truncatingIfNeeded: key >> shift) & 0xFF
                                target[counts[digit]] = key
                                counts[digit] += 1
                            }
                        }
                    }
                }
                swap(&source, &target)
            }
            return source
        }
    }
}
