import Foundation
import Ledger

extension FileLedgerStore {
    /// Read back from the log's end, a piece at a time: an id's latest line is its version, so
    /// recently written ids are found in the last kilobytes and the read stops there. Only the
    /// id of each line is looked at, and only the lines that match are decoded. A log in an
    /// older format, or a line that can't be read, is left to the whole read, which names it.
    public func latestVersions(_ match: IdentifierMatch) throws(StoreError) -> [String: LedgerEntry] {
        let found = try fileSystem { () throws -> [String: LedgerEntry]? in
            guard let file = try LinePieces(path: logPath) else { return [:] }
            guard file.size > 0 else { return [:] }
            let head = try file.bytes(in: 0..<min(file.size, 256)) ?? []
            let (version, recordsStart) = try head.withUnsafeBufferPointer { bytes throws(StoreError) in try LedgerLogCodec.checkHeader(bytes, path: logPath) }
            guard version == LedgerLogCodec.version else { return nil }
            var backwards = BackwardLines(file: file, start: recordsStart, pieceSize: 1 << 16)
            var found: [String: LedgerEntry] = [:], passed = Set<String>()
            while let (piece, lines) = try backwards.next() {
                for line in lines.reversed() {
                    guard let id = Self.id(in: piece, line), match.takes(id), passed.insert(id).inserted else { continue }
                    var reader = LedgerLogCodec.RecordReader(path: logPath, continuing: version)
                    var entry: LedgerEntry?
                    do throws(StoreError) {
                        try reader.read(Array(piece[line.lowerBound...line.upperBound]), isLast: true) { _, read, _ in entry = read }
                    } catch {
                        return nil
                    }
                    guard let entry else { return nil }
                    found[id] = entry
                    if case let .ids(ids) = match, found.count == ids.count { return found }
                }
            }
            return found
        }
        if let found { return found }
        return Dictionary(try retrieveEntries().filter { match.takes($0.id) }.map { ($0.id, $0) }) { $1 }
    }

    /// The id of a record line (`+` or `-`, a tab, the id, a tab…) in `line`, its newline left out.
    private static func id(in piece: [UInt8], _ line: Range<Int>) -> String? {
        guard line.count > 2, piece[line.lowerBound + 1] == UInt8(ascii: "\t"),
              let end = piece[(line.lowerBound + 2)..<line.upperBound].firstIndex(of: UInt8(ascii: "\t")) else { return nil }
        return piece.withUnsafeBufferPointer { LedgerEscaping.unescape(UnsafeBufferPointer(rebasing: $0[(line.lowerBound + 2)..<end])) }
    }
}

/// A log's whole lines from its end back to `start`, a piece at a time: each piece with the
/// ranges of the lines it holds whole, each range without its newline. A torn last line has no
/// newline, so it is never a whole line: left out, as a forward read leaves it.
private struct BackwardLines {
    private let file: LinePieces
    private let start: Int
    private let pieceSize: Int
    /// Where the bytes not yet handed out end: after them, only whole lines already handed out.
    private var limit: Int

    init(file: LinePieces, start: Int, pieceSize: Int) {
        self.file = file
        self.start = start
        self.pieceSize = pieceSize
        limit = file.size
    }

    mutating func next() throws -> (piece: [UInt8], lines: [Range<Int>])? {
        guard limit > start else { return nil }
        var from = max(start, limit - pieceSize)
        var piece = try bytes(from..<limit)
        // Up to the piece's first newline may be the end of a line that starts before it: read
        // again with the next piece. A line longer than a piece is read back until it starts.
        var firstWhole = from == start ? 0 : (piece.firstIndex(of: UInt8(ascii: "\n")) ?? piece.count) + 1
        while from > start, firstWhole >= piece.count {
            let earlier = max(start, from - pieceSize)
            piece = try bytes(earlier..<from) + piece
            firstWhole = earlier == start ? 0 : (piece.firstIndex(of: UInt8(ascii: "\n")) ?? piece.count) + 1
            from = earlier
        }
        limit = from + firstWhole
        var lines: [Range<Int>] = [], lineStart = firstWhole
        for index in firstWhole..<piece.count where piece[index] == UInt8(ascii: "\n") {
            if index > lineStart { lines.append(lineStart..<index) }
            lineStart = index + 1
        }
        return (piece, lines)
    }

    private func bytes(_ range: Range<Int>) throws -> [UInt8] {
        guard let bytes = try file.bytes(in: range) else { throw FileSystem.Failure("read", "the log", reason: "it was cut short while being read") }
        return bytes
    }
}
