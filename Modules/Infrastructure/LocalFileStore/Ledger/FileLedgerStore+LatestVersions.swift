import Foundation
import Ledger

extension FileLedgerStore {
    /// Read back from the log's end, a piece at a time: an id's latest line is its version, so
    /// recently written ids are found in the last kilobytes and the read stops there. Only the
    /// id of each line is looked at, and only the lines that match are decoded. A log in an
    /// older format, or a line that can't be read, is left to the whole read, which names it.
    public func latestVersions(_ match: IdentifierMatch) throws(StoreError) -> [String: LedgerEntry] {
        if case let .ids(ids) = match, ids.isEmpty { return [:] }
        let found = try fileSystem { () throws -> [String: LedgerEntry]? in
            guard let file = try openLog() else { return [:] }
            return try latestVersions(match, in: file, before: nil)
        }
        if let found { return found }
        return match.versions(in: try retrieveEntries())
    }

    /// The latest versions in the lines of `file` before `end` (all of them when nil); nil for a
    /// log in an older format, or a line that can't be read.
    func latestVersions(_ match: IdentifierMatch, in file: LinePieces, before end: Int?) throws -> [String: LedgerEntry]? {
        guard file.size > 0 else { return [:] }
        let head = try file.bytes(in: 0..<min(file.size, 256)) ?? []
        let (version, recordsStart) = try head.withUnsafeBufferPointer { bytes throws(StoreError) in try LedgerLogCodec.checkHeader(bytes, path: logPath) }
        guard version == LedgerLogCodec.version else { return nil }
        let wanted = WantedIDs(match)
        // A prefix reads every line, in pieces of a megabyte: one the log writes as it is is
        // compared at each line's start, so only the lines that start with it are handed out.
        var backwards = BackwardLines(file: file, start: recordsStart, end: end, pieceSize: wanted.isPrefix ? 1 << 20 : 1 << 16,
                                      selecting: Self.selection(of: match))
        var found: [String: LedgerEntry] = [:], passed = Set<String>()
        while let (piece, _, lines) = try backwards.next() {
            var unreadable = false, complete = false
            piece.withUnsafeBufferPointer { buffer in
                for line in lines.reversed() {
                    guard let raw = Self.rawID(in: buffer, line), wanted.mayInclude(raw) else { continue }
                    let id = LedgerEscaping.unescape(raw)
                    guard match.takes(id), passed.insert(id).inserted else { continue }
                    var reader = LedgerLogCodec.RecordReader(path: logPath, continuing: version)
                    var entry: LedgerEntry?
                    try? reader.read(Array(buffer[line.lowerBound...line.upperBound]), isLast: true) { _, read, _ in entry = read }
                    guard let entry else {
                        unreadable = true
                        return
                    }
                    found[id] = entry
                    if case let .ids(ids) = match, found.count == ids.count {
                        complete = true
                        return
                    }
                }
            }
            if unreadable { return nil }
            if complete { return found }
        }
        return found
    }

    /// The lines a piece hands out: those whose id starts with a prefix, or is one of a few ids,
    /// as the log writes them; every line when the log would escape one (each id is then
    /// unescaped and compared), for an empty prefix (every id starts so), or for many ids (each
    /// line's id is then hashed once and looked up).
    private static func selection(of match: IdentifierMatch) -> BackwardLines.Selection {
        switch match {
        case let .prefix(text) where !text.isEmpty && LedgerEscaping.escaped(text) == text:
            return .idStart(Array(text.utf8))
        case let .ids(ids) where ids.count <= 16 && ids.allSatisfy({ !$0.isEmpty && LedgerEscaping.escaped($0) == $0 }):
            return .ids(ids.map { Array($0.utf8) })
        default:
            return .all
        }
    }

    /// The id of a record line (`+` or `-`, a tab, the id, a tab…) as the log writes it.
    private static func rawID(in buffer: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> UnsafeBufferPointer<UInt8>? {
        guard line.count > 2, buffer[line.lowerBound + 1] == UInt8(ascii: "\t"),
              let tab = memchr(buffer.baseAddress! + line.lowerBound + 2, Int32(UInt8(ascii: "\t")), line.upperBound - line.lowerBound - 2) else { return nil }
        let end = buffer.baseAddress!.distance(to: tab.assumingMemoryBound(to: UInt8.self))
        return UnsafeBufferPointer(rebasing: buffer[(line.lowerBound + 2)..<end])
    }
}

/// The ids `.ids` asks for, by a hash of their bytes: a line's id, as the log writes it, is
/// looked at without making a String of it, a long log's millions of them. An id the log
/// escaped, and every id under `.prefix` (whose lines already start with it), is decided on the
/// id itself.
private struct WantedIDs {
    private let hashes: Set<UInt64>?

    init(_ match: IdentifierMatch) {
        guard case let .ids(ids) = match else {
            hashes = nil
            return
        }
        hashes = Set(ids.map { StableHash.of($0.utf8) })
    }

    var isPrefix: Bool { hashes == nil }

    func mayInclude(_ raw: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let hashes else { return true }
        return (raw.count > 0 && memchr(raw.baseAddress!, Int32(UInt8(ascii: "\\")), raw.count) != nil) || hashes.contains(StableHash.of(raw))
    }
}

/// A log's whole lines from its end back to `start`, a piece at a time: each piece with the
/// ranges of the lines it holds whole (or of those whose id starts as asked), each range
/// without its newline. A torn last line has no
/// newline, so it is never a whole line: left out, as a forward read leaves it.
struct BackwardLines {
    private let file: LinePieces
    private let start: Int
    private let pieceSize: Int
    /// Which lines of a piece are handed out.
    enum Selection {
        case all
        /// Those whose id starts with these bytes, as the log writes the id.
        case idStart([UInt8])
        /// Those whose id is one of these, as the log writes them.
        case ids([[UInt8]])
    }

    private let selection: Selection
    /// Where the bytes not yet handed out end: after them, only whole lines already handed out.
    private var limit: Int

    /// - Parameter end: where the lines read back end; the file's end when nil.
    init(file: LinePieces, start: Int, end: Int? = nil, pieceSize: Int, selecting selection: Selection = .all) {
        self.file = file
        self.start = start
        self.pieceSize = pieceSize
        self.selection = selection
        limit = min(end ?? file.size, file.size)
    }

    /// The next piece back, where in the file it starts, and its whole lines.
    mutating func next() throws -> (piece: [UInt8], start: Int, lines: [Range<Int>])? {
        guard limit > start else { return nil }
        var from = max(start, limit - pieceSize)
        var piece = try bytes(from..<limit)
        // Up to the piece's first newline may be the end of a line that starts before it: read
        // again with the next piece. A line longer than a piece is read back until it starts:
        // only each piece read is searched for a newline, and they are joined once, so a line
        // of any length costs its length, not its length squared over the piece's.
        var firstWhole = from == start ? 0 : (piece.firstIndex(of: UInt8(ascii: "\n")) ?? piece.count) + 1
        if from > start, firstWhole >= piece.count {
            var earlierPieces: [[UInt8]] = []
            while from > start {
                let earlier = max(start, from - pieceSize)
                let read = try bytes(earlier..<from)
                earlierPieces.append(read)
                from = earlier
                if earlier == start {
                    firstWhole = 0
                } else if let newline = read.withUnsafeBufferPointer({ buffer in
                    memchr(buffer.baseAddress!, Int32(UInt8(ascii: "\n")), buffer.count).map { UnsafeRawPointer($0) - UnsafeRawPointer(buffer.baseAddress!) }
                }) {
                    firstWhole = newline + 1
                } else {
                    continue
                }
                break
            }
            var joined: [UInt8] = []
            joined.reserveCapacity(earlierPieces.reduce(piece.count) { $0 + $1.count })
            for read in earlierPieces.reversed() { joined += read }
            piece = joined + piece
        }
        limit = from + firstWhole
        let lines = piece.withUnsafeBufferPointer { buffer in
            switch selection {
            case .all: Self.lines(in: buffer, from: firstWhole)
            case let .idStart(prefix): Self.lines(in: buffer, from: firstWhole, idStartingWith: prefix)
            case let .ids(ids): Self.lines(in: buffer, from: firstWhole, withIDs: ids)
            }
        }
        return (piece, from, lines)
    }

    /// Every whole line from `first`, each found with memchr.
    private static func lines(in buffer: UnsafeBufferPointer<UInt8>, from first: Int) -> [Range<Int>] {
        var lines: [Range<Int>] = [], lineStart = first
        while lineStart < buffer.count, let end = lineEnd(in: buffer, from: lineStart) {
            if end > lineStart { lines.append(lineStart..<end) }
            lineStart = end + 1
        }
        return lines
    }

    /// The whole lines from `first` whose id starts with `prefix`, in order: a record line is
    /// `+` or `-`, a tab, then the id, so each line's start is compared in place, and no range
    /// is kept of a line that doesn't match.
    private static func lines(in buffer: UnsafeBufferPointer<UInt8>, from first: Int, idStartingWith prefix: [UInt8]) -> [Range<Int>] {
        var lines: [Range<Int>] = [], lineStart = first
        while lineStart < buffer.count, let end = lineEnd(in: buffer, from: lineStart) {
            if end - lineStart >= 2 + prefix.count, buffer[lineStart + 1] == UInt8(ascii: "\t"),
               buffer[lineStart] == UInt8(ascii: "+") || buffer[lineStart] == UInt8(ascii: "-"),
               memcmp(buffer.baseAddress! + lineStart + 2, prefix, prefix.count) == 0 {
                lines.append(lineStart..<end)
            }
            lineStart = end + 1
        }
        return lines
    }

    /// The whole lines from `first` whose id is one of `ids`, in order: each line's id, after its
    /// marker and a tab, is compared in place with each of the few asked for, and must end with
    /// a tab; no id is hashed or made a String of.
    private static func lines(in buffer: UnsafeBufferPointer<UInt8>, from first: Int, withIDs ids: [[UInt8]]) -> [Range<Int>] {
        var lines: [Range<Int>] = [], lineStart = first
        while lineStart < buffer.count, let end = lineEnd(in: buffer, from: lineStart) {
            if end - lineStart >= 3, buffer[lineStart + 1] == UInt8(ascii: "\t"),
               buffer[lineStart] == UInt8(ascii: "+") || buffer[lineStart] == UInt8(ascii: "-"),
               ids.contains(where: { id in
                   end - lineStart > 2 + id.count && buffer[lineStart + 2 + id.count] == UInt8(ascii: "\t")
                       && memcmp(buffer.baseAddress! + lineStart + 2, id, id.count) == 0
               }) {
                lines.append(lineStart..<end)
            }
            lineStart = end + 1
        }
        return lines
    }

    /// The newline ending the line that starts at `start`; nil for a torn last line.
    private static func lineEnd(in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        memchr(buffer.baseAddress! + start, Int32(UInt8(ascii: "\n")), buffer.count - start).map { buffer.baseAddress!.distance(to: $0.assumingMemoryBound(to: UInt8.self)) }
    }

    private func bytes(_ range: Range<Int>) throws -> [UInt8] {
        guard let bytes = try file.bytes(in: range) else { throw FileSystem.Failure("read", "the log", reason: "it was cut short while being read") }
        return bytes
    }
}
