import Foundation
import Ledger

extension LedgerLogCodec {
    /// Which lines of a log are still live. A reader keeps what it wants of each entry in an
    /// array of its own, in file order, telling the index whether it kept something; once the
    /// log is read, the index says which of those kept slots a later line superseded or deleted.
    ///
    /// Reading only notes each line's hash, in order; which lines a later one of the same id
    /// replaced is worked out once, at the end, by sorting the lines by their id's hash. A hash
    /// table looked up per line spent most of a long read waiting for memory (one random access
    /// per line), where the sort streams. Exact: the ids of lines whose hashes match are asked
    /// for again and compared byte for byte, because the answer decides which lines a compaction
    /// drops. Only those few ids are asked for, so a long history's ids are never held twice.
    /// Hashed with the standard library's per-process seeded hasher, so ids crafted to collide
    /// can't be written ahead.
    struct LiveIndex {
        /// What a line was, in four bytes (an enum with a payload takes eight): a kept slot's
        /// number, `passedOver`, or a tombstone's number below it.
        private struct Line {
            let code: Int32

            static func kept(slot: Int32) -> Line { Line(code: slot) }
            static let passedOver = Line(code: -1)
            static func deleted(tombstone: Int32) -> Line { Line(code: -2 &- tombstone) }

            var keptSlot: Int? { code >= 0 ? Int(code) : nil }
            var tombstone: Int? { code <= -2 ? Int(-2 - code) : nil }
        }

        /// Per line: the upper half of its id's hash, then the line's number.
        private var keys: [UInt64] = []
        private var lines: [Line] = []
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
        }

        /// Notes `entry`'s line; `kept`: the reader appended a slot for it.
        mutating func record(_ entry: LedgerEntry, kept: Bool) {
            var id = entry.id
            let hash = id.withUTF8 { self.hash(UnsafeRawBufferPointer($0)) }
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

        /// What the lines add up to, each id's latest line deciding. Sorts the keys where they
        /// are, so the index can't be asked twice.
        /// - Parameter idOfLine: the id on line `line` (counting from 0), and the slot the reader
        ///   kept for it, if any: asked only of lines whose hash another line's matches.
        mutating func resolved<Failure: Error>(idOfLine: (_ line: Int, _ keptSlot: Int?) throws(Failure) -> String) throws(Failure) -> Resolution {
            var resolution = Resolution()
            let lines = lines, deletions = deletions
            func settle(_ number: Int, isLatest: Bool) {
                let line = lines[number]
                if let tombstone = line.tombstone {
                    if isLatest { resolution.tombstones.append(deletions[tombstone]) }
                } else if isLatest {
                    resolution.liveCount += 1
                } else if let slot = line.keptSlot {
                    resolution.deadSlots.append(slot)
                }
            }
            var sorted: [UInt64] = []
            swap(&sorted, &keys)
            Self.sortByHash(&sorted)
            var start = 0
            while start < sorted.count {
                var end = start + 1
                while end < sorted.count, sorted[end] >> 32 == sorted[start] >> 32 { end += 1 }
                if end - start == 1 {
                    settle(Int(sorted[start] & 0xFFFF_FFFF), isLatest: true)
                } else {
                    // Lines of equal hashes, in file order: from the last back, a line whose id
                    // a later one already had is superseded. Nearly always one id, edited.
                    var latestOfEachID: [String.UTF8View] = []
                    for key in sorted[start..<end].reversed() {
                        let number = Int(key & 0xFFFF_FFFF), line = lines[number]
                        let id = if let tombstone = line.tombstone { deletions[tombstone].id } else { try idOfLine(number, line.keptSlot) }
                        let superseded = latestOfEachID.contains { $0.elementsEqual(id.utf8) }
                        if !superseded { latestOfEachID.append(id.utf8) }
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

        /// Sorts `keys` by their upper halves (the hashes), keeping file order among equal ones:
        /// a radix sort, one byte per pass, through one scratch array.
        private static func sortByHash(_ keys: inout [UInt64]) {
            var source: [UInt64] = [], target = [UInt64](repeating: 0, count: keys.count)
            swap(&source, &keys)
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
            keys = source
        }
    }
}
