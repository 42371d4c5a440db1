import Foundation
import Ledger
import Projections
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
///   which loading ignores and the next writer cuts off. A batch (an import, a sync's pull) is
///   appended all or none behind a `LogBatchMarker`: readers stop where it begins until it is
///   whole, and the next writer cuts off one a crash left unfinished.
/// - Concurrency: writers from any process serialise on `flock`; readers need no lock because the
///   log only grows, and a compaction replaces it by atomic rename.
/// - Migration: a v1 log is read as it is; the first write rewrites it as v2, atomically, after
///   keeping the v1 file beside it as `transactions.log.v1`.
/// - Cost: an add appends one line, whatever the history's length.
public final class FileLedgerStore: LedgerStore, @unchecked Sendable {
    public let logPath: String
    /// Where a batch being appended begins (`LogBatchMarker`).
    let batchMarkerPath: String
    /// Where checkpoints of the log's projections are kept (see `FileLedgerStore+Checkpoints`).
    let checkpointsDirectory: String
    /// The log's status as this program left it (`LogSeal`); a name no checkpoint can have.
    let sealPath: String
    private let lock: FileLock
    private let compactionMinimumGarbage: Int
    /// What the most recent load saw, so a writer that already loaded can decide to compact
    /// without keeping the entries themselves alive.
    private var lastLoad: (garbageLines: Int, liveCount: Int)?
    /// Whether this process removed what killed writes of checkpoints left behind.
    var sweptCheckpoints = false
    /// How much of the log a scan reads at a time; small in tests, to cross many piece boundaries.
    var readPieceSize = 1 << 20
    /// How much of a batch is written at a time; small in tests, so a kill lands between pieces.
    var batchPieceSize = 1 << 20
    private let onRebuild: ((_ bytes: Int) -> Void)?

    /// - Parameters:
    ///   - compactionMinimumGarbage: superseded lines tolerated before the log is rewritten.
    ///   - onRebuild: told the log's size as a read of all of it for the checkpoints starts
    ///     (`scanLiveToEnd`): what a client can say of a long wait that comes once.
    public init(directory: URL, compactionMinimumGarbage: Int = 1000, onRebuild: ((_ bytes: Int) -> Void)? = nil) {
        logPath = directory.appendingPathComponent("transactions.log").path
        batchMarkerPath = directory.appendingPathComponent("transactions.batch").path
        checkpointsDirectory = directory.appendingPathComponent("checkpoints").path
        sealPath = checkpointsDirectory + "/.seal"
        lock = FileLock(path: directory.appendingPathComponent("transactions.lock").path)
        self.compactionMinimumGarbage = compactionMinimumGarbage
        self.onRebuild = onRebuild
    }

    public func retrieveEntries() throws(StoreError) -> [LedgerEntry] {
        try load().entries
    }

    /// One pass: each line is handed to `keep` as it is read, while its bytes are still in cache,
    /// and no entry is kept that the caller does not want. The file is read a piece at a time, so
    /// a reader that keeps decoded values, not entries, never has the whole file in memory.
    public func scanLive(reserve: (Int) -> Void, _ keep: (LedgerEntry) throws(LedgerDecodingError) -> Bool) throws(LedgerReadError) -> [Int] {
        try scanLiveToEnd(base: nil, reserve: reserve, reachedBase: {}, rebuilding: false, keep).superseded
    }

    /// The scan reads the file as long as it was when opened, so the end it names is what it read.
    /// An older format has no end to name: its checkpoints would be read in the current one. A
    /// base in another file (the log was rewritten since it was named) is never reached.
    public func scanLiveToEnd(base: LogPosition?, reserve: (Int) -> Void, reachedBase: () -> Void,
                              _ keep: (LedgerEntry) throws(LedgerDecodingError) -> Bool) throws(LedgerReadError) -> LogScan {
        try scanLiveToEnd(base: base, reserve: reserve, reachedBase: reachedBase, rebuilding: true, keep)
    }

    private func scanLiveToEnd(base: LogPosition?, reserve: (Int) -> Void, reachedBase: () -> Void, rebuilding: Bool,
                               _ keep: (LedgerEntry) throws(LedgerDecodingError) -> Bool) throws(LedgerReadError) -> LogScan {
        let file: LinePieces
        do throws(StoreError) {
            guard let opened = try fileSystem({ try openLog() }) else { return LogScan(superseded: [], end: nil, base: nil) }
            file = opened
        } catch {
            throw .store(error)
        }
        if rebuilding { onRebuild?(file.size) }
        let base = base.flatMap { $0.file == file.identity && $0.length <= Int64(file.size) ? $0 : nil }
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
        end.file = file.identity
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

    /// Appends the batch's lines after the log's, all or none (see `LogBatchMarker`), in pieces:
    /// the batch is never held in memory whole, and the history is neither copied nor read. The
    /// log stays the same file, so its checkpoints hold, and the next read folds in the new lines.
    /// A log in an older format is migrated whole first, its original kept beside it.
    public func apply(_ entries: [LedgerEntry]) throws(StoreError) {
        guard !entries.isEmpty else { return }
        try locked { () throws(StoreError) in
            if let history = try fileSystem({ try LinePieces(path: logPath) }), history.size > 0, try version(of: history) < LedgerLogCodec.version {
                let original = try fileSystem { try history.readAll() }
                let log = try LedgerLogCodec.decode(original, path: logPath)
                try keepOlderFormat(of: log, original)
                var migrated = LedgerLogCodec.Log.Builder(capacity: log.liveCount + entries.count)
                for entry in log.entries + entries { migrated.store(entry) }
                return try rewrite(with: migrated.log())
            }
            try fileSystem { try appendBatch(entries) }
            // How many lines the batch superseded is not known without decoding it against the
            // log; the next load counts them again.
            lastLoad = nil
        }
    }

    /// The marker says where the batch will begin and end before its first byte is written; its
    /// lines are encoded twice, once to measure them, so that only a piece is held at a time. A
    /// batch that fails part way is cut off again.
    private func appendBatch(_ entries: [LedgerEntry]) throws {
        if !FileSystem.fileExists(logPath) {
            try FileSystem.writeAtomically(Array(LedgerLogCodec.header.utf8), to: logPath)
        }
        let fd = try openForAppend()
        defer { close(fd) }
        try cutTornTail(fd)
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileSystem.Failure("read", logPath) }
        var length = 0, piece: [UInt8] = []
        piece.reserveCapacity(batchPieceSize)
        forEachPiece(of: entries, in: &piece) { length += $0.count }
        let marker = LogBatchMarker.read(at: batchMarkerPath)
        let start = Int(info.st_size)
        guard let before = try FileSystem.read(fd, in: LogBatchMarker.span(before: start), path: logPath) else { throw FileSystem.Failure("read", logPath) }
        let pending = LogBatchMarker.Pending(file: UInt64(info.st_ino), start: start, end: start + length, before: LogBatchMarker.fingerprint(before))
        try LogBatchMarker.write(pending, after: marker, to: batchMarkerPath)
        let markDone = { try LogBatchMarker.write(nil, after: LogBatchMarker(generation: marker.generation &+ 1), to: self.batchMarkerPath) }
        do {
            var failure: Error?
            forEachPiece(of: entries, in: &piece) { bytes in
                guard failure == nil else { return }
                do { try FileSystem.writeAll(fd, bytes, path: logPath) } catch { failure = error }
            }
            if let failure { throw failure }
            try FileSystem.sync(fd, path: logPath)
        } catch {
            // Left pending when it can't be cut off here: readers pass over it, the next writer cuts it.
            if ftruncate(fd, off_t(pending.start)) == 0, fsync(fd) == 0 { try? markDone() }
            throw error
        }
        try markDone()
    }

    /// The entries' lines in pieces of `batchPieceSize`, `piece` reused for each.
    private func forEachPiece(of entries: [LedgerEntry], in piece: inout [UInt8], _ body: (ArraySlice<UInt8>) -> Void) {
        piece.removeAll(keepingCapacity: true)
        for entry in entries {
            LedgerLogCodec.append(entry, to: &piece)
            if piece.count >= batchPieceSize {
                body(piece[...])
                piece.removeAll(keepingCapacity: true)
            }
        }
        if !piece.isEmpty { body(piece[...]) }
    }

    /// The log as far as it is whole: up to where a batch being appended, or one a crash cut
    /// short, begins. The marker is read before and after the log is opened; a batch that began
    /// or ended in between is told by its generation, and the log opened again.
    func openLog(from start: Int = 0) throws -> LinePieces? {
        for _ in 0..<1_000 {
            let before = LogBatchMarker.read(at: batchMarkerPath)
            guard let file = try LinePieces(path: logPath, from: start) else { return nil }
            let after = LogBatchMarker.read(at: batchMarkerPath)
            guard after.generation == before.generation else { continue }
            if let pending = after.pending, try pending.holds(forFile: file.inode, size: file.size, reading: file.bytes(in:)) { file.limit(to: pending.start) }
            identify(file)
            return file
        }
        throw FileSystem.Failure("read", logPath, reason: "batches kept being written while it was opened; try again")
    }

    /// Names the file by the epoch it is read under: the sealed one while the log is as this
    /// program left it, else a fresh one, sealed at once. Only reads of the file opened here can
    /// save checkpoints under a fresh epoch, so the seal vouches for nothing else; a change to
    /// the file after this changes its status, and the next open passes the epoch over.
    private func identify(_ file: LinePieces) {
        let epoch = sealedEpoch(of: file.status) ?? {
            let seal = LogSeal(status: file.status, epoch: LogSeal.freshEpoch())
            seal.write(to: sealPath)
            return seal.epoch
        }()
        file.identity = LogSeal.identity(inode: file.inode, epoch: epoch)
    }

    /// The epoch sealed for a log of this status, if it is sealed. Read from the file each time,
    /// never remembered: another process, or a removed `checkpoints/`, may have changed it.
    private func sealedEpoch(of status: LogSeal.Status) -> UInt64? {
        LogSeal.read(at: sealPath).flatMap { $0.status == status ? $0.epoch : nil }
    }

    /// Cuts off the batch a crash left unfinished, so nothing is appended after half of one, and
    /// marks it done. A log longer than the batch was to end had lines appended after it whole
    /// (by a release before the marker): it is kept as it is.
    private func settleInterruptedBatch() throws(StoreError) {
        let marker = LogBatchMarker.read(at: batchMarkerPath)
        guard let pending = marker.pending else { return }
        try fileSystem {
            let fd = try FileSystem.openDataFile(logPath, O_RDWR)
            if fd >= 0 {
                defer { close(fd) }
                var info = stat()
                guard fstat(fd, &info) == 0 else { throw FileSystem.Failure("read", logPath) }
                if Int(info.st_size) > pending.start, try pending.holds(forFile: UInt64(info.st_ino), size: Int(info.st_size), reading: { try FileSystem.read(fd, in: $0, path: logPath) }) {
                    guard ftruncate(fd, off_t(pending.start)) == 0 else { throw FileSystem.Failure("repair", logPath) }
                    try FileSystem.sync(fd, path: logPath)
                }
            }
            try LogBatchMarker.write(nil, after: marker, to: batchMarkerPath)
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
        guard let bytes = try fileSystem({ try openLog()?.readAll() }) else { return (LedgerLogCodec.Log(), nil) }
        let log = try LedgerLogCodec.decode(bytes, path: logPath)
        lastLoad = (log.garbageLines, log.liveCount)
        return (log, bytes)
    }

    // MARK: - Writing

    /// Every write first settles a batch a crash left unfinished. It seals what it wrote only if
    /// the log was sealed as it found it (or there was none), so a write never vouches for
    /// someone else's edit before it: the checkpoints of the epoch go on holding, as the lines
    /// before what was written are what they saw.
    private func locked(_ body: () throws(StoreError) -> Void) throws(StoreError) {
        try withExclusiveAccess { () throws(StoreError) in
            // No log yet: what is written is this program's alone.
            let epoch: UInt64? = if let found = LogSeal.Status.of(logPath) { sealedEpoch(of: found) } else { LogSeal.freshEpoch() }
            try settleInterruptedBatch()
            // The log and the batch marker are replaced only under this lock: a temporary
            // file of theirs was left by a write that was killed.
            for prefix in ["transactions.log.tmp-", "transactions.batch.tmp-"] {
                FileSystem.removeStaleTemporaries(in: (logPath as NSString).deletingLastPathComponent, startingWith: prefix, olderThan: -1)
            }
            try body()
            if let epoch, let now = LogSeal.Status.of(logPath) { LogSeal(status: now, epoch: epoch).write(to: sealPath) }
        }
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
