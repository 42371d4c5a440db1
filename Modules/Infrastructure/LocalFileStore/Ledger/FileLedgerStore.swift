import Foundation
import Ledger
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The durable local ledger: `transactions.log` (see `LedgerLogCodec`) beside a lock file. Every
/// kind, known to this release or not, is kept the same way.
///
/// - Durability: every write is appended with a single `write` and fsynced before it returns, so
///   an acknowledged change survives a crash and an interrupted one leaves only a torn last line,
///   which loading ignores and the next writer cuts off.
/// - Concurrency: writers from any process serialise on `flock`; readers need no lock because the
///   log only grows, and a compaction replaces it by atomic rename.
/// - Migration: a v1 log is read as it is; the first write rewrites it as v2, atomically, after
///   keeping the v1 file beside it as `transactions.log.v1`.
/// - Cost: an add appends one line, whatever the history's length.
public final class FileLedgerStore: LedgerStore, @unchecked Sendable {
    public let logPath: String
    /// Where checkpoints of the log's projections are kept (see `FileLedgerStore+Checkpoints`).
    let checkpointsDirectory: String
    private let lock: FileLock
    private let compactionMinimumGarbage: Int
    /// What the most recent load saw, so a writer that already loaded can decide to compact
    /// without keeping the entries themselves alive.
    private var lastLoad: (garbageLines: Int, liveCount: Int)?
    /// How much of the log a scan reads at a time; small in tests, to cross many piece boundaries.
    var readPieceSize = 1 << 20

    /// - Parameter compactionMinimumGarbage: superseded lines tolerated before the log is rewritten.
    public init(directory: URL, compactionMinimumGarbage: Int = 1000) {
        logPath = directory.appendingPathComponent("transactions.log").path
        checkpointsDirectory = directory.appendingPathComponent("checkpoints").path
        lock = FileLock(path: directory.appendingPathComponent("transactions.lock").path)
        self.compactionMinimumGarbage = compactionMinimumGarbage
    }

    public func retrieveEntries() throws(StoreError) -> [LedgerEntry] {
        try load().entries
    }

    /// One pass: each line is handed to `keep` as it is read, while its bytes are still in cache,
    /// and no entry is kept that the caller does not want. The file is read a piece at a time, so
    /// a reader that keeps decoded values, not entries, never has the whole file in memory.
    public func scanLive(reserve: (Int) -> Void, _ keep: (LedgerEntry) throws(LedgerDecodingError) -> Bool) throws(LedgerReadError) -> [Int] {
        try scanLiveToEnd(base: nil, reserve: reserve, reachedBase: {}, keep).superseded
    }

    /// The scan reads the file as long as it was when opened, so the end it names is what it read.
    /// An older format has no end to name: its checkpoints would be read in the current one. A
    /// base in another file (the log was rewritten since it was named) is never reached.
    public func scanLiveToEnd(base: LogPosition?, reserve: (Int) -> Void, reachedBase: () -> Void,
                              _ keep: (LedgerEntry) throws(LedgerDecodingError) -> Bool) throws(LedgerReadError) -> LogScan {
        let file: LinePieces
        do throws(StoreError) {
            guard let opened = try fileSystem({ try LinePieces(path: logPath) }) else { return LogScan(superseded: [], end: nil, base: nil) }
            file = opened
        } catch {
            throw .store(error)
        }
        let base = base.flatMap { $0.file == file.inode && $0.length <= Int64(file.size) ? $0 : nil }
        var reached = base == nil
        let scan = try Self.scanLive(file, path: logPath, pieceSize: readPieceSize, reserve: reserve) { entry, line throws(LedgerDecodingError) in
            if !reached, let base, line.offset >= base.length {
                reached = true
                reachedBase()
            }
            return try keep(entry)
        }
        lastLoad = (scan.garbageLines, scan.liveCount)
        return LogScan(superseded: scan.superseded, end: scan.end, base: scan.end == nil || !reached ? nil : base)
    }

    struct Scan {
        var superseded: [Int]
        var end: LogPosition?
        /// The file's format, from its header; nil for an empty file.
        var version: Int?
        var garbageLines: Int
        var liveCount: Int
    }

    /// One pass over `file`: each line is handed to `keep` as it is read, with where it is in the
    /// file, and the index of versions says at the end which of those kept were superseded.
    static func scanLive(_ file: LinePieces, path: String, pieceSize: Int, reserve: (Int) -> Void,
                         _ keep: (LedgerEntry, LedgerLogSnapshot.Line) throws(LedgerDecodingError) -> Bool) throws(LedgerReadError) -> Scan {
        // A line that can't be decoded fails the read only if it is still the live version.
        var failures: [String: (line: Int, error: LedgerDecodingError)] = [:]
        var end = LogEnd(start: 0)
        // Lines hold 80–150 bytes. An estimate too low makes every reserved array grow by
        // copying into fresh pages (a savings history of short lines did); one too high
        // costs only address space, as pages never written are never touched.
        let estimate = file.size / 48
        reserve(estimate)
        var index = LedgerLogCodec.LiveIndex(capacity: estimate)
        // Where each line starts: the index asks again for the few ids whose hashes match.
        var starts: [Int] = []
        starts.reserveCapacity(estimate)
        var reader = LedgerLogCodec.RecordReader(path: path)
        var offset = 0
        do throws(StoreError) {
            while let (piece, isLast) = try fileSystem({ try file.next(size: pieceSize) }) {
                end.saw(piece)
                try reader.read(piece, isLast: isLast) { line, entry, bytes in
                    if !failures.isEmpty { failures.removeValue(forKey: entry.id) }
                    starts.append(offset + bytes.lowerBound)
                    guard !entry.isDeleted else { return index.record(entry, kept: false) }
                    do throws(LedgerDecodingError) {
                        index.record(entry, kept: try keep(entry, LedgerLogSnapshot.Line(offset: offset + bytes.lowerBound, length: bytes.count)))
                    } catch {
                        failures[entry.id] = (line, error)
                        index.record(entry, kept: false)
                    }
                }
                offset += piece.count
            }
        } catch {
            throw .store(error)
        }
        end.file = file.inode
        let resolution: LedgerLogCodec.LiveIndex.Resolution
        do throws(StoreError) {
            resolution = try index.resolved { line, _ throws(StoreError) in
                try id(onLineAt: starts[line], of: file, path: path, version: reader.version ?? LedgerLogCodec.version)
            }
        } catch {
            throw .store(error)
        }
        if let first = failures.values.min(by: { $0.line < $1.line }) { throw .undecodable(first.error) }
        return Scan(superseded: resolution.deadSlots, end: reader.version == LedgerLogCodec.version ? end.position : nil, version: reader.version,
                    garbageLines: resolution.garbageLines, liveCount: resolution.liveCount)
    }

    /// The id on the line that starts at `offset`, read again.
    private static func id(onLineAt offset: Int, of file: LinePieces, path: String, version: Int) throws(StoreError) -> String {
        var length = 256
        while true {
            let end = min(offset + length, file.size)
            guard let bytes = try fileSystem({ try file.bytes(in: offset..<end) }) else {
                throw .damaged(file: path, line: 0, reason: "the log became shorter while it was read")
            }
            if let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) {
                var reader = LedgerLogCodec.RecordReader(path: path, continuing: version)
                var id: String?
                try reader.read(Array(bytes[...newline]), isLast: true) { _, entry, _ in id = id ?? entry.id }
                if let id { return id }
            }
            guard end < file.size else { throw .damaged(file: path, line: 0, reason: "a line moved while the log was read") }
            length *= 4
        }
    }

    public func append(_ entry: LedgerEntry) throws(StoreError) {
        try append(contentsOf: [entry])
    }

    /// One write and one fsync for them all; a crash may keep a prefix, never a torn line.
    public func append(contentsOf entries: [LedgerEntry]) throws(StoreError) {
        guard !entries.isEmpty else { return }
        try locked { () throws(StoreError) in
            try appendLocked(entries.flatMap(LedgerLogCodec.line(for:)), lines: entries.count)
            try compactIfWorthwhile()
        }
    }

    /// Writes a new log, the old one's lines followed by the batch's, and renames it into place, so
    /// a crash leaves the old log or the new one, never half an import or half a sync. The history
    /// is copied a piece at a time as it is, not decoded (only its header is read, to migrate an
    /// older format), and the batch is written in pieces: neither is ever held in memory whole.
    /// O(history) in time, like its callers. The new log starts as the old one did, so the old
    /// one's checkpoints are moved over to it.
    public func apply(_ entries: [LedgerEntry]) throws(StoreError) {
        try locked { () throws(StoreError) in
            let before = Self.inode(of: logPath)
            // An empty file is no log yet: the new one starts with the header.
            let history = try fileSystem { try LinePieces(path: logPath) }.flatMap { $0.size > 0 ? $0 : nil }
            if let history, try version(of: history) < LedgerLogCodec.version {
                // An older format is migrated whole, its original kept beside it.
                let original = try fileSystem { try history.readAll() }
                let log = try LedgerLogCodec.decode(original, path: logPath)
                try keepOlderFormat(of: log, original)
                var migrated = LedgerLogCodec.Log.Builder(capacity: log.liveCount + entries.count)
                for entry in log.entries + entries { migrated.store(entry) }
                return try rewrite(with: migrated.log())
            }
            var kept = 0
            try fileSystem {
                try FileSystem.writeAtomically(to: logPath) { write in
                    if let history {
                        while let (piece, isLast) = try history.next(size: 1 << 20) {
                            // A torn last line (an interrupted writer's) is left out, as reading does.
                            let whole = isLast ? piece[..<((piece.lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1)] : piece[...]
                            try write(whole)
                            kept += whole.count
                        }
                    } else {
                        try write(Array(LedgerLogCodec.header.utf8)[...])
                    }
                    var piece: [UInt8] = []
                    piece.reserveCapacity(1 << 20)
                    for entry in entries {
                        LedgerLogCodec.append(entry, to: &piece)
                        if piece.count >= 1 << 20 {
                            try write(piece[...])
                            piece.removeAll(keepingCapacity: true)
                        }
                    }
                    try write(piece[...])
                }
            }
            if let before, let history, let after = Self.inode(of: logPath) { carryCheckpoints(from: before, keeping: kept, of: history, to: after) }
            // How many lines the batch superseded is not known without decoding it against the
            // log; the next load counts them again.
            lastLoad = nil
        }
    }

    /// The format version its header names.
    func version(of log: LinePieces) throws(StoreError) -> Int {
        let head = try fileSystem { try log.bytes(in: 0..<min(log.size, 256)) } ?? []
        return try head.withUnsafeBufferPointer { bytes throws(StoreError) in try LedgerLogCodec.checkHeader(bytes, path: logPath).version }
    }

    public func withExclusiveAccess<T, Failure: Error>(_ body: () throws(Failure) -> T, lockFailure: (StoreError) -> Failure) throws(Failure) -> T {
        try lock.withLock(body, acquireFailure: lockFailure)
    }

    // MARK: - Reading

    private func load() throws(StoreError) -> LedgerLogCodec.Log {
        try read().log
    }

    /// The log and the bytes it was read from (nil when there is no file yet).
    private func read() throws(StoreError) -> (log: LedgerLogCodec.Log, bytes: [UInt8]?) {
        guard let bytes = try fileSystem({ try FileSystem.readFile(logPath) }) else { return (LedgerLogCodec.Log(), nil) }
        let log = try LedgerLogCodec.decode(bytes, path: logPath)
        lastLoad = (log.garbageLines, log.liveCount)
        return (log, bytes)
    }

    // MARK: - Writing

    private func locked(_ body: () throws(StoreError) -> Void) throws(StoreError) {
        try withExclusiveAccess(body)
    }

    private func rewrite(with log: LedgerLogCodec.Log) throws(StoreError) {
        try fileSystem { try FileSystem.writeAtomically(LedgerLogCodec.contents(of: log), to: logPath) }
        lastLoad = nil
    }

    /// An older log is kept beside the new one, as it was, before the first rewrite migrates it.
    private func keepOlderFormat(of log: LedgerLogCodec.Log, _ bytes: [UInt8]?) throws(StoreError) {
        guard let bytes, log.fileVersion < LedgerLogCodec.version else { return }
        try fileSystem { try FileSystem.writeAtomically(bytes, to: logPath + ".v\(log.fileVersion)") }
    }

    /// Rewrites an older log as the current format, keeping the original beside it.
    private func migrate() throws(StoreError) {
        let (log, original) = try read()
        try keepOlderFormat(of: log, original)
        try rewrite(with: log)
    }

    private func appendLocked(_ bytes: [UInt8], lines: Int) throws(StoreError) {
        try fileSystem {
            if !FileSystem.fileExists(logPath) {
                try FileSystem.writeAtomically(Array(LedgerLogCodec.header.utf8), to: logPath)
            }
            var fd = try openForAppend()
            // Never append to a file this version can't read, nor in an older format.
            if try headerVersion(fd) < LedgerLogCodec.version {
                close(fd)
                try migrate()
                fd = try openForAppend()
            }
            defer { close(fd) }
            try cutTornTail(fd)
            try FileSystem.writeAll(fd, bytes, path: logPath)
            try FileSystem.sync(fd, path: logPath)
        }
        // Counted as garbage until a load says otherwise: an edit or delete supersedes a line.
        lastLoad?.garbageLines += lines
    }

    private func openForAppend() throws -> Int32 {
        let fd = try FileSystem.openDataFile(logPath, O_RDWR | O_APPEND)
        guard fd >= 0 else { throw FileSystem.Failure("open", logPath) }
        return fd
    }

    /// The open log's format version, read from its header; a foreign or newer file is an error.
    private func headerVersion(_ fd: Int32) throws -> Int {
        var head = [UInt8](repeating: 0, count: 64)
        let count = head.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard count >= 0 else { throw FileSystem.Failure("read", logPath) }
        return try head.prefix(count).withUnsafeBufferPointer { buffer throws(StoreError) in try LedgerLogCodec.checkHeader(buffer, path: logPath).version }
    }

    /// Drops the fragment an interrupted writer left, so the next line starts on a line of its own.
    private func cutTornTail(_ fd: Int32) throws {
        let size = lseek(fd, 0, SEEK_END)
        guard size > 0 else { return }
        var last: UInt8 = 0
        guard pread(fd, &last, 1, size - 1) == 1 else { throw FileSystem.Failure("read", logPath) }
        guard last != UInt8(ascii: "\n") else { return }
        guard let bytes = try FileSystem.readFile(logPath),
              let lastNewline = bytes.lastIndex(of: UInt8(ascii: "\n")) else { throw FileSystem.Failure("repair", logPath) }
        guard ftruncate(fd, off_t(lastNewline + 1)) == 0 else { throw FileSystem.Failure("repair", logPath) }
    }

    /// Rewrites the log without superseded lines once they outnumber the live ones. Only done when
    /// this process already loaded the log under the lock, so an add never pays for it.
    private func compactIfWorthwhile() throws(StoreError) {
        guard let seen = lastLoad,
              seen.garbageLines > max(compactionMinimumGarbage, seen.liveCount) else { return }
        try rewrite(with: try load())
    }
}

/// Runs file work for a store: a file-system failure becomes the store's typed error.
func fileSystem<T>(_ body: () throws -> T) throws(StoreError) -> T {
    do {
        return try body()
    } catch let error as StoreError {
        throw error
    } catch let failure as FileSystem.Failure {
        throw StoreError(failure)
    } catch let refused as FileSystem.UnsafeDirectory {
        throw .unsafeDirectory(path: refused.path, reason: refused.reason)
    } catch {
        preconditionFailure("file work throws only FileSystem's errors: \(error)")
    }
}

extension StoreError {
    init(_ failure: FileSystem.Failure) {
        self = .fileSystem(operation: failure.action, path: failure.path, reason: failure.reason)
    }
}
