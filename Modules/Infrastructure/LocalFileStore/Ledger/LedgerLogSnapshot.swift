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

    /// The entries on `lines`, in that order, as `scanLive` found them.
    public func entries(at lines: [Line]) throws(StoreError) -> [LedgerEntry] {
        guard let version else { return [] }
        var reader = LedgerLogCodec.RecordReader(path: path, continuing: version)
        var entries: [LedgerEntry] = []
        entries.reserveCapacity(lines.count)
        for line in lines {
            guard let bytes = try fileSystem({ try file.bytes(in: line.offset..<line.offset + line.length) }) else {
                throw .damaged(file: path, line: 0, reason: "the log became shorter while it was read")
            }
            let before = entries.count
            try reader.read(bytes, isLast: true) { _, entry, _ in entries.append(entry) }
            guard entries.count == before + 1 else { throw .damaged(file: path, line: 0, reason: "a line moved while the log was read") }
        }
        return entries
    }
}

extension FileLedgerStore {
    /// The log opened for a two-pass read; nil when there is none yet.
    public func snapshot() throws(StoreError) -> LedgerLogSnapshot? {
        try fileSystem { try LinePieces(path: logPath).map { LedgerLogSnapshot(file: $0, path: logPath) } }
    }
}
