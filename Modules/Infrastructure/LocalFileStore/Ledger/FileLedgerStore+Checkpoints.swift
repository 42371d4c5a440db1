import Foundation
import Ledger
import Projections

/// Checkpoints of the log's projections, each a file in `checkpoints/` beside the log:
///
///     investments-checkpoint v2\n
///     position: the log's identity (`LogSeal`), length, last line's length and hash (little-endian 64-bit each)
///     payload: its length, then its bytes
///     checksum of everything above (64-bit)
///
/// A cache, never a record: written by rename without a flush (a crash may lose or tear it, and
/// the checksum tells), never synced or exported, and ignored whenever it does not describe how
/// the log starts now.
extension FileLedgerStore: CheckpointableLedger {
    /// v2: a checksum of four lanes; a v1 file, under the older checksum, is passed over and rebuilt.
    private static let checkpointMagic = Array("investments-checkpoint v2\n".utf8)
    /// No projection's checkpoint comes near this; a bigger file is not read.
    private static let largestCheckpoint = 256 << 20

    public func checkpoint(named name: String) -> (payload: [UInt8], position: LogPosition)? {
        let magic = Self.checkpointMagic, fixed = magic.count + 4 * 8 + 8
        guard Self.isCheckpointName(name),
              let file = try? LinePieces(path: checkpointsDirectory + "/" + name), file.size <= Self.largestCheckpoint,
              var bytes = try? file.readAll(), bytes.count == file.size, bytes.count >= fixed + 8, bytes.starts(with: magic) else { return nil }
        let checked = bytes.withUnsafeBytes { raw -> LogPosition? in
            let word = { (offset: Int) in UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
            let body = raw.count - 8
            guard word(body) == StableHash.checksum(UnsafeRawBufferPointer(rebasing: raw[..<body])),
                  word(magic.count + 32) == UInt64(body - fixed) else { return nil }
            return LogPosition(file: word(magic.count), length: Int64(bitPattern: word(magic.count + 8)),
                               lastLineLength: Int64(bitPattern: word(magic.count + 16)), lastLineHash: word(magic.count + 24))
        }
        guard let position = checked else { return nil }
        // Trimmed in place: a filter of megabytes is not copied into fresh memory again.
        bytes.removeLast(8)
        bytes.removeFirst(fixed)
        return (bytes, position)
    }

    public func saveCheckpoint(_ payload: [UInt8], named name: String, at position: LogPosition) {
        guard Self.isCheckpointName(name) else { return }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Self.checkpointMagic.count + 48 + payload.count)
        bytes += Self.checkpointMagic
        for word in [position.file, UInt64(bitPattern: position.length), UInt64(bitPattern: position.lastLineLength), position.lastLineHash, UInt64(payload.count)] {
            withUnsafeBytes(of: word.littleEndian) { bytes.append(contentsOf: $0) }
        }
        bytes += payload
        let checksum = bytes.withUnsafeBytes { StableHash.checksum($0) }
        withUnsafeBytes(of: checksum.littleEndian) { bytes.append(contentsOf: $0) }
        // A checkpoint that can't be written is rebuilt by the next read: never the command's failure.
        try? FileSystem.writeAtomically(bytes, to: checkpointsDirectory + "/" + name, durable: false)
        removeEarlierVersions(of: name)
        if !sweptCheckpoints {
            sweptCheckpoints = true
            // A checkpoint's write takes seconds at most: one a minute old was killed.
            FileSystem.removeStaleTemporaries(in: checkpointsDirectory, olderThan: 60)
        }
    }

    /// A projection whose layout changed is saved under a new version (`gains-v2-fifo-USD` after
    /// `gains-v1-fifo-USD`): the files of its earlier versions go, so an upgrade leaves no
    /// megabytes behind that nothing reads. A later version is left alone: a newer build uses it.
    private func removeEarlierVersions(of name: String) {
        var parts = name.split(separator: "-", omittingEmptySubsequences: false)
        guard let at = parts.firstIndex(where: { Self.version($0) != nil }), let (version, rest) = Self.version(parts[at]),
              (2...100).contains(version) else { return }
        for earlier in 1..<version {
            parts[at] = "v\(earlier)\(rest)"[...]
            unlink(checkpointsDirectory + "/" + parts.joined(separator: "-"))
        }
    }

    /// `v2`, or `v2.base`: its number, and what follows it.
    private static func version(_ part: Substring) -> (number: Int, rest: Substring)? {
        guard part.first == "v" else { return nil }
        let digits = part.dropFirst().prefix { ("0"..."9").contains($0) }
        let rest = part.dropFirst(1 + digits.count)
        guard let number = Int(digits), rest.isEmpty || rest.first == "." else { return nil }
        return (number, rest)
    }

    /// Checks that the log is the file `position` saw, at least as long, with the same last line
    /// there and in the current format, then reads on from it as far as the file went when opened.
    public func forEachEntry(after position: LogPosition, _ body: (LedgerEntry) -> Bool) throws(StoreError) -> LogPosition? {
        try fileSystem { () throws -> LogPosition? in
            guard let file = try opened(at: position, readingFrom: Int(position.length)) else { return nil }
            var reader = LedgerLogCodec.RecordReader(path: logPath, continuing: LedgerLogCodec.version)
            var end = LogEnd(start: Int(position.length), last: position)
            var stopped = false
            while !stopped, let (piece, isLast) = try file.next(size: readPieceSize) {
                end.saw(piece)
                do throws(StoreError) {
                    try reader.read(piece, isLast: isLast) { _, entry, _ in
                        if !stopped, !body(entry) { stopped = true }
                    }
                } catch .local(.damaged) {
                    // Told with its line's number by the whole log's read.
                    return nil
                }
            }
            end.file = file.identity
            return stopped ? nil : end.position
        }
    }

    /// The lines before `end`, latest first: an entry is handed on before the lines ahead of it
    /// are read. Each piece back is read once, whatever `body` stops at.
    public func forEachEntryBackward(from end: LogPosition, _ body: (LedgerEntry) -> Bool) throws(StoreError) -> Bool? {
        try fileSystem { () throws -> Bool? in
            guard let file = try opened(at: end, readingFrom: 0) else { return nil }
            var backwards = BackwardLines(file: file, start: LedgerLogCodec.header.utf8.count, end: Int(end.length), pieceSize: 1 << 18)
            var reader = LedgerLogCodec.RecordReader(path: logPath, continuing: LedgerLogCodec.version)
            while let (piece, _, ranges) = try backwards.next() {
                guard let first = ranges.first, let last = ranges.last else { continue }
                // A piece's lines are read in order, then handed on from its last.
                var entries: [LedgerEntry] = []
                entries.reserveCapacity(ranges.count)
                do throws(StoreError) {
                    try reader.read(Array(piece[first.lowerBound...last.upperBound]), isLast: true) { _, entry, _ in entries.append(entry) }
                } catch {
                    return nil
                }
                guard entries.count == ranges.count else { return nil }
                for entry in entries.reversed() where !body(entry) { return false }
            }
            return true
        }
    }

    public func latestVersions(of ids: Set<String>, before end: LogPosition) throws(StoreError) -> [String: LedgerEntry]? {
        guard !ids.isEmpty else { return [:] }
        return try fileSystem { () throws -> [String: LedgerEntry]? in
            guard let file = try opened(at: end, readingFrom: 0) else { return nil }
            return try latestVersions(.ids(ids), in: file, before: Int(end.length))
        }
    }

    /// One pass as a replay's, up to `end`, keeping only the entries picked.
    public func liveEntries(before end: LogPosition, picking: (LedgerEntry) -> Bool) throws(StoreError) -> [LedgerEntry]? {
        guard let file = try fileSystem({ try opened(at: end, readingFrom: 0) }) else { return nil }
        file.limit(to: Int(end.length))
        var entries: [LedgerEntry] = []
        let scan: Scan
        do throws(LedgerReadError) {
            scan = try Self.scanLive(file, path: logPath, pieceSize: readPieceSize, reserve: { _ in }) { entry, _ in
                guard picking(entry) else { return false }
                entries.append(entry)
                return true
            }
        } catch let .store(error) {
            throw error
        } catch {
            // Nothing is decoded here: an entry is kept as it is.
            return nil
        }
        entries.removeAll(atPositions: scan.superseded)
        return entries
    }

    /// The log, if it is still the file `position` saw, at least as long, with the same last
    /// line there and in the current format.
    private func opened(at position: LogPosition, readingFrom offset: Int) throws -> LinePieces? {
        let header = Array(LedgerLogCodec.header.utf8)
        guard position.length >= Int64(header.count), position.lastLineLength > 0, position.lastLineLength <= position.length,
              let file = try openLog(from: offset),
              file.identity == position.file, Int64(file.size) >= position.length,
              try file.bytes(in: 0..<header.count) == header,
              let last = try file.bytes(in: Int(position.length - position.lastLineLength)..<Int(position.length)),
              last.last == UInt8(ascii: "\n"), StableHash.of(last) == position.lastLineHash else { return nil }
        return file
    }

    public func lastLines(_ count: Int) throws(StoreError) -> [LogLine] {
        try fileSystem { () throws -> [LogLine] in
            guard count > 0, let file = try openLog(), file.size > 0 else { return [] }
            let head = try file.bytes(in: 0..<min(file.size, 256)) ?? []
            let version = try head.withUnsafeBufferPointer { bytes throws(StoreError) in try LedgerLogCodec.checkHeader(bytes, path: logPath).version }
            guard version == LedgerLogCodec.version else { return [] }
            // Each line back, and the line before it, which names where it starts.
            var backwards = BackwardLines(file: file, start: 0, pieceSize: 1 << 16)
            var lines: [LogLine] = [], later: LedgerEntry?
            while lines.count < count, let (piece, start, ranges) = try backwards.next() {
                for range in ranges.reversed() {
                    let whole = Array(piece[range.lowerBound...range.upperBound])
                    if let later {
                        lines.append(LogLine(start: LogPosition(file: file.identity, length: Int64(start + range.upperBound + 1), lastLineLength: Int64(whole.count),
                                                                lastLineHash: StableHash.of(whole)), entry: later))
                        if lines.count == count { break }
                    }
                    // The header is no entry, only the line before the first.
                    guard start + range.lowerBound > 0 else { break }
                    var reader = LedgerLogCodec.RecordReader(path: logPath, continuing: version)
                    var entry: LedgerEntry?
                    try? reader.read(whole, isLast: true) { _, read, _ in entry = read }
                    guard let entry else { return [] }
                    later = entry
                }
            }
            return lines.reversed()
        }
    }

    private static func isCheckpointName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 100 && name.utf8.first != UInt8(ascii: ".")
            && name.utf8.allSatisfy { $0.isASCIIAlphanumeric || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_") }
    }
}

/// Where the whole lines of a log end, worked out from the pieces a read hands out in order
/// (each but the last ending at a line's end).
struct LogEnd {
    var file: UInt64 = 0
    private var offset: Int
    private var lastLine: (end: Int, length: Int, hash: UInt64)?

    init(start: Int, last position: LogPosition? = nil) {
        offset = start
        lastLine = position.map { (Int($0.length), Int($0.lastLineLength), $0.lastLineHash) }
    }

    mutating func saw(_ piece: [UInt8]) {
        defer { offset += piece.count }
        guard let newline = piece.lastIndex(of: UInt8(ascii: "\n")) else { return }
        let start = piece[..<newline].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        lastLine = (offset + newline + 1, newline + 1 - start, StableHash.of(piece[start...newline]))
    }

    var position: LogPosition? {
        lastLine.map { LogPosition(file: file, length: Int64($0.end), lastLineLength: Int64($0.length), lastLineHash: $0.hash) }
    }
}

private extension UInt8 {
    var isASCIIAlphanumeric: Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
    }
}
