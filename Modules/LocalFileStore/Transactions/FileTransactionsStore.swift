import Foundation
import Transactions
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The durable local store: `transactions.log` (see `TransactionsLogCodec`) beside a lock file.
///
/// - Durability: every write is appended with a single `write` and fsynced before it returns, so
///   an acknowledged change survives a crash and an interrupted one leaves only a torn last line,
///   which loading ignores and the next writer cuts off.
/// - Concurrency: writers from any process serialise on `flock`; readers need no lock because the
///   log only grows, and a compaction replaces it by atomic rename.
/// - Cost: an add appends one line, whatever the history's length.
public final class FileTransactionsStore: SyncableTransactionsStore, @unchecked Sendable {
    public let logPath: String
    private let lock: FileLock
    private let compactionMinimumGarbage: Int
    /// What the most recent load saw, so a writer that already loaded can decide to compact
    /// without keeping the records themselves alive.
    private var lastLoad: (garbageLines: Int, liveCount: Int)?

    /// - Parameter compactionMinimumGarbage: superseded lines tolerated before the log is rewritten.
    public init(directory: URL, compactionMinimumGarbage: Int = 1000) {
        logPath = directory.appendingPathComponent("transactions.log").path
        lock = FileLock(path: directory.appendingPathComponent("transactions.lock").path)
        self.compactionMinimumGarbage = compactionMinimumGarbage
    }

    public func retrieveAll() throws -> [Transaction] {
        try load().live
    }

    public func retrieve(ticker: String) throws -> [Transaction] {
        try load().live.filter { $0.ticker == ticker }
    }

    public func upsert(_ transaction: Transaction) throws {
        try append(TransactionsLogCodec.line(for: transaction))
    }

    public func upsert(contentsOf transactions: [Transaction]) throws {
        try apply(transactions.map(TransactionRecord.live))
    }

    public func delete(id: String, deletedAt: Date) throws {
        try append(TransactionsLogCodec.tombstoneLine(id: id, deletedAt: deletedAt))
    }

    public func withExclusiveAccess<T>(_ body: () throws -> T) throws -> T {
        try storeErrors { try lock.withLock(body) }
    }

    public func retrieveRecords() throws -> [TransactionRecord] {
        let log = try load()
        return log.live.map(TransactionRecord.live) + log.tombstones.map { TransactionRecord.deleted(id: $0.key, at: $0.value) }
    }

    /// Rewrites the log with the batch included and renames it into place, so a crash leaves the
    /// old log or the new one, never half an import or half a sync. O(history), like its callers.
    public func apply(_ records: [TransactionRecord]) throws {
        try withExclusiveAccess {
            try storeErrors {
                var log = try load()
                for record in records {
                    if let transaction = record.transaction { log.upsert(transaction) } else { log.delete(id: record.id, at: record.updatedAt) }
                }
                try FileSystem.writeAtomically(Array(TransactionsLogCodec.contents(of: log).utf8), to: logPath)
                lastLoad = nil
            }
        }
    }

    // MARK: - Reading

    private func load() throws -> TransactionsLogCodec.Log {
        let log = try storeErrors {
            guard let bytes = try FileSystem.readFile(logPath) else { return TransactionsLogCodec.Log() }
            return try TransactionsLogCodec.decode(bytes, path: logPath)
        }
        lastLoad = (log.garbageLines, log.liveCount)
        return log
    }

    // MARK: - Writing

    private func append(_ line: String) throws {
        try withExclusiveAccess {
            try appendLocked(Array(line.utf8))
            try compactIfWorthwhile()
        }
    }

    private func appendLocked(_ bytes: [UInt8]) throws {
        if !FileSystem.fileExists(logPath) {
            try FileSystem.writeAtomically(Array(TransactionsLogCodec.header.utf8), to: logPath)
        }
        let fd = open(logPath, O_RDWR | O_APPEND | O_CLOEXEC)
        guard fd >= 0 else { throw FileSystem.Failure("open", logPath) }
        defer { close(fd) }
        try checkHeader(fd)
        try cutTornTail(fd)
        try FileSystem.writeAll(fd, bytes, path: logPath)
        try FileSystem.sync(fd, path: logPath)
        // Counted as garbage until a load says otherwise: an edit or delete supersedes a line.
        lastLoad?.garbageLines += 1
    }

    /// Never append to a file this version can't read: that would bury someone else's data.
    private func checkHeader(_ fd: Int32) throws {
        var head = [UInt8](repeating: 0, count: 64)
        let count = head.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard count >= 0 else { throw FileSystem.Failure("read", logPath) }
        _ = try head.prefix(count).withUnsafeBufferPointer { try TransactionsLogCodec.checkHeader($0, path: logPath) }
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
    private func compactIfWorthwhile() throws {
        guard let seen = lastLoad,
              seen.garbageLines > max(compactionMinimumGarbage, seen.liveCount) else { return }
        let current = try load()
        try FileSystem.writeAtomically(Array(TransactionsLogCodec.contents(of: current).utf8), to: logPath)
        lastLoad = nil
    }
}

/// Runs file work for a store: a file-system failure becomes the store's error, with its message.
func storeErrors<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as TransactionsStoreError {
        throw error
    } catch let error as FileSystem.Failure {
        throw TransactionsStoreError(error.description)
    }
}
