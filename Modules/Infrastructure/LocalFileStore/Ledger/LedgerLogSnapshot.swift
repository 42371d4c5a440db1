import Foundation
import Ledger

/// The log as one open file, read in two passes: every live entry with where its line is, then
/// the lines asked for, in any order. What an export of a long history streams from: it keeps
/// each row's place and sort key, not the rows. Both passes read the same file, even if a
/// compaction replaces the log in between.
public final class LedgerLogSnapshot {
    public struct Line: Equatable, Sendable {
        public let offset: Int
        /// Its newline included.
        public let length: Int

        public init(offset: Int, length: Int) {
            self.offset = offset
            self.length = length
        }
    }

    private let file: LinePieces
    private let path: String
    private var version: Int?

    init(file: LinePieces, path: String) {
        self.file = file
        self.path = path
    }

    /// As `LedgerStore.scanLive`, each entry with its line.
    public func scanLive(reserve: (Int) -> Void, _ keep: (LedgerEntry, Line) throws(LedgerDecodingError) -> Bool) throws(LedgerReadError) -> [Int] {
        let scan = try FileLedgerStore.scanLive(file, path: path, pieceSize: 1 << 20, reserve: reserve, keep)
        version = scan.version
        return scan.superseded
    }

    /// The entries on `lines`, in that order, as `scanLive` found them. Lines near each other in
    /// the file are read with one call: an export asks for its rows in date order, which a log
    /// written over time mostly keeps.
    public func entries(at lines: [Line]) throws(StoreError) -> [LedgerEntry] {
        guard let version else { return [] }
        var reader = LedgerLogCodec.RecordReader(path: path, continuing: version)
        var entries = [LedgerEntry?](repeating: nil, count: lines.count)
        let byPlace = lines.indices.sorted { lines[$0].offset < lines[$1].offset }
        var next = 0
        while next < byPlace.count {
            // One span: lines whose gaps are small, up to a few megabytes.
            let first = lines[byPlace[next]]
            var last = next
            while last + 1 < byPlace.count {
                let candidate = lines[byPlace[last + 1]], current = lines[byPlace[last]]
                guard candidate.offset - (current.offset + current.length) < 1 << 16,
                      candidate.offset + candidate.length - first.offset <= 1 << 22 else { break }
                last += 1
            }
            let end = lines[byPlace[last]].offset + lines[byPlace[last]].length
            guard let span = try fileSystem({ try file.bytes(in: first.offset..<max(end, first.offset + first.length)) }) else {
                throw .damaged(file: path, line: 0, reason: "the log became shorter while it was read")
            }
            for position in next...last {
                let line = lines[byPlace[position]]
                var found: LedgerEntry?
                try reader.read(Array(span[(line.offset - first.offset)..<(line.offset - first.offset + line.length)]), isLast: true) { _, entry, _ in found = entry }
                guard let found else { throw .damaged(file: path, line: 0, reason: "a line moved while the log was read") }
                entries[byPlace[position]] = found
            }
            next = last + 1
        }
        return entries.map { $0! }
    }
}

extension FileLedgerStore {
    /// The log opened for a two-pass read; nil when there is none yet.
    public func snapshot() throws(StoreError) -> LedgerLogSnapshot? {
        try fileSystem { try openLog().map { LedgerLogSnapshot(file: $0, path: logPath) } }
    }
}
