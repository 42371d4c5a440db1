import Foundation
import Ledger

/// The on-disk form of the ledger: a versioned, append-only, tab-separated log a person can read.
///
///     investments-transactions v2
///     +	<id>	<kind>	<schema>	<updatedAt ms>	<name>=<value>	<name>=<value>…
///     -	<id>	<kind>	<schema>	<deletedAt ms>
///
/// Every id, kind, name and value is escaped (`LedgerEscaping`), so no string can add a field or a
/// line. A later line for the same id replaces the earlier one; `-` is a tombstone. A last line
/// without its newline is a write that was cut short and was never acknowledged, so it is dropped.
/// The header keeps v1's name so that the release before the ledger refuses this file with its
/// "written by a newer version" message instead of calling it foreign.
///
/// v1 (buy and sell only) is read and migrated by `LedgerLogV1`. Hand-parsed: JSONDecoder and
/// ISO8601DateFormatter are each ~10–60× too slow for long histories.
enum LedgerLogCodec {
    static let version = 2
    static let magic = "investments-transactions"
    static var header: String { "\(magic) v\(version)\n" }

    /// The whole log: every live entry, in file order, and the tombstones.
    struct Log {
        private(set) var live: [LedgerEntry] = []
        /// Oldest deletion first, then by id: a compaction writes them in a stable order.
        private(set) var deletions: [LedgerEntry] = []
        private(set) var garbageLines = 0
        /// The format the file was written in; an older one is migrated by the next write.
        var fileVersion = LedgerLogCodec.version

        var liveCount: Int { live.count }
        var entries: [LedgerEntry] { deletions.isEmpty ? live : live + deletions }

        /// Collects a log's lines in file order, a later line for an id replacing the earlier.
        struct Builder {
            private var index: LiveIndex
            private var slots: [LedgerEntry] = []

            init(capacity: Int = 0) {
                index = LiveIndex(capacity: capacity)
                slots.reserveCapacity(capacity)
            }

            mutating func store(_ entry: LedgerEntry) {
                if !entry.isDeleted { slots.append(entry) }
                index.record(entry, kept: !entry.isDeleted)
            }

            consuming func log(fileVersion: Int = LedgerLogCodec.version) -> Log {
                // Every line the builder notes is kept, or a tombstone the index holds itself.
                let resolution = index.resolved { _, slot in slot.map { slots[$0].id } ?? "" }
                var log = Log()
                log.live = slots
                if !resolution.deadSlots.isEmpty {
                    let dead = Set(resolution.deadSlots)
                    log.live = slots.indices.compactMap { dead.contains($0) ? nil : slots[$0] }
                }
                log.deletions = resolution.tombstones.sorted { ($0.updatedAt, $0.id) < ($1.updatedAt, $1.id) }
                log.garbageLines = resolution.garbageLines
                log.fileVersion = fileVersion
                return log
            }
        }
    }

    // MARK: Encoding

    /// One record line; appended in place, because a compaction or an import writes every entry.
    static func append(_ entry: LedgerEntry, to bytes: inout [UInt8]) {
        bytes.append(entry.isDeleted ? UInt8(ascii: "-") : UInt8(ascii: "+"))
        bytes.append(UInt8(ascii: "\t"))
        LedgerEscaping.escape(entry.id, into: &bytes, escapingEquals: false)
        bytes.append(UInt8(ascii: "\t"))
        LedgerEscaping.escape(entry.kind, into: &bytes, escapingEquals: false)
        bytes.append(UInt8(ascii: "\t"))
        appendDigits(of: Int64(entry.schema), to: &bytes)
        bytes.append(UInt8(ascii: "\t"))
        appendDigits(of: entry.updatedAt, to: &bytes)
        if !entry.payload.isEmpty {
            bytes.append(UInt8(ascii: "\t"))
            entry.payload.withEncodedBytes { bytes.append(contentsOf: $0) }
        }
        bytes.append(UInt8(ascii: "\n"))
    }

    /// `String(value)`'s bytes, without making the string: two numbers on every line written.
    static func appendDigits(of value: Int64, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { room in
            var magnitude = value.magnitude, start = room.count
            repeat {
                start -= 1
                room[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: UnsafeBufferPointer(UnsafeMutableBufferPointer(rebasing: room[start...])))
        }
    }

    static func line(for entry: LedgerEntry) -> [UInt8] {
        var bytes: [UInt8] = []
        append(entry, to: &bytes)
        return bytes
    }

    static func contents(of log: Log) -> [UInt8] {
        var bytes = Array(header.utf8)
        bytes.reserveCapacity(log.liveCount * 110)
        for entry in log.live { append(entry, to: &bytes) }
        for entry in log.deletions { append(entry, to: &bytes) }
        return bytes
    }

    // MARK: Decoding

    /// Checks the first line and returns the format version and where the records start; a missing
    /// or foreign header and a newer version are errors.
    static func checkHeader(_ bytes: UnsafeBufferPointer<UInt8>, path: String) throws(StoreError) -> (version: Int, recordsStart: Int) {
        let end = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
        let first = String(decoding: UnsafeBufferPointer(rebasing: bytes[0..<end]), as: UTF8.self)
        guard first.hasPrefix(magic + " v"), let version = Int(first.dropFirst(magic.count + 2)), version >= 1 else {
            throw .notALedger(file: path)
        }
        guard version <= Self.version else { throw .newerFormat(file: path, version: version, supported: Self.version) }
        guard end < bytes.count else { throw .damaged(file: path, line: 1, reason: "the header is incomplete") }
        return (version, end + 1)
    }

    static func decode(_ bytes: [UInt8], path: String) throws(StoreError) -> Log {
        var builder = Log.Builder(capacity: bytes.count / 48)
        let fileVersion = try forEachRecord(in: bytes, path: path) { _, entry in builder.store(entry) }
        return builder.log(fileVersion: fileVersion)
    }

    /// Every record line with its line number, in file order. A torn last line (no newline) is
    /// dropped, unless `requireWholeLines`: a backup cut short is an error, not a crash's leftover.
    /// Returns the file's format version.
    @discardableResult
    static func forEachRecord(in bytes: [UInt8], path: String, requireWholeLines: Bool = false,
                              _ body: (_ line: Int, _ entry: LedgerEntry) -> Void) throws(StoreError) -> Int {
        var reader = RecordReader(path: path)
        try reader.read(bytes, isLast: true, requireWholeLines: requireWholeLines) { line, entry, _ in body(line, entry) }
        return reader.version ?? Self.version
    }

    /// Reads a log piece by piece (each ending at a line's end, as `LinePieces` hands them out),
    /// carrying the format version and line numbers from one to the next.
    struct RecordReader {
        let path: String
        /// Known once the header was read.
        private(set) var version: Int?
        private var kinds = KindNames()
        private var lineNumber = 1

        init(path: String) {
            self.path = path
        }

        /// Reads on from the middle of a log whose header said `version`.
        init(path: String, continuing version: Int) {
            self.path = path
            self.version = version
        }

        /// The piece's records, each with its line's bytes in the piece (its newline included);
        /// payloads point into the piece, so it stays in memory only as long as an entry from it is kept.
        mutating func read(_ piece: [UInt8], isLast: Bool, requireWholeLines: Bool = false,
                           _ body: (_ line: Int, _ entry: LedgerEntry, _ bytes: Range<Int>) -> Void) throws(StoreError) {
            let shared = LedgerBytes(piece)
            try shared.bytes.withUnsafeBufferPointer { buffer throws(StoreError) in
                guard buffer.count > 0 else { return }
                var start = 0
                if version == nil {
                    let (version, recordsStart) = try checkHeader(buffer, path: path)
                    self.version = version
                    start = recordsStart
                }
                while start < buffer.count {
                    lineNumber += 1
                    guard let newline = firstNewline(in: buffer, from: start) else {
                        if requireWholeLines, isLast { throw .damaged(file: path, line: lineNumber, reason: "the last line is cut short") }
                        break
                    }
                    if newline > start {
                        do throws(LineProblem) {
                            body(lineNumber, version == 1 ? try LedgerLogV1.entry(buffer, start..<newline)
                                                          : try entry(buffer, start..<newline, shared: shared, kinds: &kinds), start..<newline + 1)
                        } catch {
                            throw .damaged(file: path, line: lineNumber, reason: error.reason)
                        }
                    }
                    start = newline + 1
                }
            }
        }
    }

    struct LineProblem: Error {
        let reason: String
    }

    private static func firstNewline(in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = buffer.baseAddress,
              let found = memchr(base + start, Int32(UInt8(ascii: "\n")), buffer.count - start) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// `+`/`-`, id, kind, schema, updatedAt, then the payload as it is: it points into the file's
    /// bytes, so a line costs no allocation beyond its id.
    private static func entry(_ buffer: UnsafeBufferPointer<UInt8>, _ line: Range<Int>, shared: LedgerBytes,
                              kinds: inout KindNames) throws(LineProblem) -> LedgerEntry {
        let base = buffer.baseAddress!
        /// The next tab of this line at or after `start`, found with memchr: no per-byte loop, no allocation.
        @inline(__always) func tab(after start: Int?) -> Int? {
            guard let start, start < line.upperBound,
                  let found = memchr(base + start, Int32(UInt8(ascii: "\t")), line.upperBound - start) else { return nil }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
        @inline(__always) func slice(_ start: Int, _ end: Int) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: buffer[start..<end]) }
        let afterMarker = tab(after: line.lowerBound), afterID = tab(after: afterMarker.map { $0 + 1 })
        let afterKind = tab(after: afterID.map { $0 + 1 }), afterSchema = tab(after: afterKind.map { $0 + 1 })
        let afterTime = tab(after: afterSchema.map { $0 + 1 })
        let marker = slice(line.lowerBound, afterMarker ?? line.upperBound)
        guard marker.count == 1, marker[0] == UInt8(ascii: "+") || marker[0] == UInt8(ascii: "-") else {
            throw LineProblem(reason: "a record must start with '+' or '-', found '\(String(decoding: marker, as: UTF8.self))'")
        }
        let isDeleted = marker[0] == UInt8(ascii: "-")
        guard let afterMarker, let afterID, let afterKind, let afterSchema, !isDeleted || afterTime == nil else {
            throw LineProblem(reason: "expected '\(isDeleted ? "-" : "+")', id, kind, schema and time\(isDeleted ? "" : ", then the fields"), separated by tabs")
        }
        let id = slice(afterMarker + 1, afterID), kind = slice(afterID + 1, afterKind), schemaField = slice(afterKind + 1, afterSchema)
        guard !id.isEmpty else { throw LineProblem(reason: "the id is empty") }
        guard !kind.isEmpty else { throw LineProblem(reason: "the kind is empty") }
        guard let schema = number(schemaField, maximum: 1_000_000), schema >= 1 else {
            throw LineProblem(reason: "'\(String(decoding: schemaField, as: UTF8.self))' is not a schema version")
        }
        let updatedAt = try timestamp(slice(afterSchema + 1, afterTime ?? line.upperBound))
        let payload = afterTime.map { LedgerPayload(encoded: shared, range: $0 + 1..<line.upperBound) } ?? LedgerPayload()
        return LedgerEntry(id: LedgerEscaping.unescape(id), kind: kinds.name(kind), schema: Int(schema),
                           updatedAt: updatedAt, isDeleted: isDeleted, payload: payload)
    }

    /// A log holds a handful of kinds on millions of lines: each name is made into a String once.
    struct KindNames {
        private var known: [(bytes: [UInt8], name: String)] = []

        mutating func name(_ field: UnsafeBufferPointer<UInt8>) -> String {
            for (bytes, name) in known where bytes.count == field.count
                && bytes.withUnsafeBufferPointer({ memcmp($0.baseAddress!, field.baseAddress!, field.count) == 0 }) {
                return name
            }
            let name = LedgerEscaping.unescape(field)
            if known.count < 16 { known.append((Array(field), name)) }
            return name
        }
    }

    static func timestamp(_ field: UnsafeBufferPointer<UInt8>) throws(LineProblem) -> Int64 {
        guard let value = number(field, maximum: LedgerClock.latest) else {
            throw LineProblem(reason: "'\(String(decoding: field, as: UTF8.self))' is not a timestamp in milliseconds")
        }
        return value
    }

    /// Decimal digits only, at most `maximum`: out-of-range input is a problem, never a trap.
    private static func number(_ field: UnsafeBufferPointer<UInt8>, maximum: Int64) -> Int64? {
        guard !field.isEmpty, field.count <= 18 else { return nil }
        var value: Int64 = 0
        for byte in field {
            let digit = byte &- 48
            guard digit < 10 else { return nil }
            value = value * 10 + Int64(digit)
        }
        return value <= maximum ? value : nil
    }
}
