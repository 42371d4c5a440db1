import Foundation
import Ledger

/// A log held in memory that the engine can keep checkpoints of: every version appended as a
/// line, tombstones included, and the checkpoints beside it. The engine runs over it exactly as
/// over the file store, so a feature's tests and the projection specs need no files; it can also
/// be rewritten (as a compaction rewrites the file) and have its checkpoints damaged.
public final class InMemoryLog: LedgerStore, CheckpointableLedger, @unchecked Sendable {
    private var lines: [LedgerEntry] = []
    /// Changes whenever the lines are rewritten: a position of the lines before names another log.
    private var generation: UInt64 = 1
    /// Each with a checksum of its payload, as the file keeps one: a damaged one is not whole.
    private var checkpoints: [String: (payload: [UInt8], position: LogPosition, checksum: UInt64)] = [:]
    private let lock = NSRecursiveLock()

    public init(_ entries: [LedgerEntry] = []) {
        lines = entries
    }

    // MARK: - The ledger

    /// The live entries, each id's latest line deciding, in the order of those lines.
    public func retrieveEntries() -> [LedgerEntry] {
        lock.withLock { Self.live(lines[...]) }
    }

    public func scanLive(reserve: (Int) -> Void, _ keep: (LedgerEntry) throws(LedgerDecodingError) -> Bool) throws(LedgerReadError) -> [Int] {
        try scanLiveToEnd(base: nil, reserve: reserve, reachedBase: {}, keep).superseded
    }

    public func append(_ entry: LedgerEntry) {
        lock.withLock { lines.append(entry) }
    }

    public func apply(_ entries: [LedgerEntry]) {
        lock.withLock { lines.append(contentsOf: entries) }
    }

    public func withExclusiveAccess<T, Failure: Error>(_ body: () throws(Failure) -> T, lockFailure: (StoreError) -> Failure) throws(Failure) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// Keeps each id's latest line alone, as a compaction does: every position named before is stale.
    public func rewrite() {
        lock.withLock {
            lines = Self.live(lines[...])
            generation += 1
        }
    }

    /// Each checkpoint's payload changed by `damage`: a reader must never take a wrong one.
    public func damageCheckpoints(_ damage: ([UInt8]) -> [UInt8]) {
        lock.withLock { checkpoints = checkpoints.mapValues { (damage($0.payload), $0.position, $0.checksum) } }
    }

    public var checkpointNames: [String] { lock.withLock { checkpoints.keys.sorted() } }

    // MARK: - Checkpoints

    public func checkpoint(named name: String) -> (payload: [UInt8], position: LogPosition)? {
        lock.withLock {
            guard let kept = checkpoints[name], Self.checksum(kept.payload) == kept.checksum else { return nil }
            return (kept.payload, kept.position)
        }
    }

    public func saveCheckpoint(_ payload: [UInt8], named name: String, at position: LogPosition) {
        lock.withLock { checkpoints[name] = (payload, position, Self.checksum(payload)) }
    }

    public func forEachEntry(after position: LogPosition, _ body: (LedgerEntry) -> Bool) throws(StoreError) -> LogPosition? {
        lock.lock()
        defer { lock.unlock() }
        guard let start = lineCount(at: position) else { return nil }
        for line in lines[start...] where !body(line) { return nil }
        return self.position(after: lines.count)
    }

    public func forEachEntryBackward(from end: LogPosition, _ body: (LedgerEntry) -> Bool) throws(StoreError) -> Bool? {
        lock.withLock {
            guard let count = lineCount(at: end) else { return nil }
            for line in lines[..<count].reversed() where !body(line) { return false }
            return true
        }
    }

    public func lastLines(_ count: Int) throws(StoreError) -> [LogLine] {
        lock.withLock {
            let first = max(0, lines.count - max(0, count))
            return (first..<lines.count).map { LogLine(start: position(after: $0), entry: lines[$0]) }
        }
    }

    public func scanLiveToEnd(base: LogPosition?, reserve: (Int) -> Void, reachedBase: () -> Void,
                              _ keep: (LedgerEntry) throws(LedgerDecodingError) -> Bool) throws(LedgerReadError) -> LogScan {
        lock.lock()
        defer { lock.unlock() }
        let baseCount = base.flatMap { lineCount(at: $0) }
        var reached = baseCount == nil
        var keptSlots: [String: Int] = [:], kept = 0, dead: [Int] = []
        reserve(lines.count)
        for (index, line) in lines.enumerated() {
            if !reached, let baseCount, index >= baseCount {
                reached = true
                reachedBase()
            }
            // A later line of an id makes the version kept before it dead, whatever it is.
            if let slot = keptSlots.removeValue(forKey: line.id) { dead.append(slot) }
            guard !line.isDeleted else { continue }
            do throws(LedgerDecodingError) {
                if try keep(line) {
                    keptSlots[line.id] = kept
                    kept += 1
                }
            } catch {
                // A line that can't be decoded fails the read only if it is still the live version.
                if Self.live(lines[...]).contains(where: { $0.id == line.id && $0.updatedAt == line.updatedAt }) { throw .undecodable(error) }
            }
        }
        // As in the file: a base no line follows is never reached.
        return LogScan(superseded: dead.sorted(), end: position(after: lines.count), base: baseCount != nil && reached ? base : nil)
    }

    public func latestVersions(of ids: Set<String>, before end: LogPosition) throws(StoreError) -> [String: LedgerEntry]? {
        lock.withLock {
            guard let count = lineCount(at: end) else { return nil }
            var found: [String: LedgerEntry] = [:]
            for line in lines[..<count] where ids.contains(line.id) { found[line.id] = line }
            return found
        }
    }

    public func liveEntries(before end: LogPosition, picking: (LedgerEntry) -> Bool) throws(StoreError) -> [LedgerEntry]? {
        lock.withLock {
            guard let count = lineCount(at: end) else { return nil }
            return Self.live(lines[..<count]).filter(picking)
        }
    }

    // MARK: - Positions

    /// Where the first `count` lines end: the log's generation, how many, and the last one's
    /// identity, so a position survives appends but not a rewrite.
    private func position(after count: Int) -> LogPosition {
        LogPosition(file: generation, length: Int64(count), lastLineLength: 1, lastLineHash: count == 0 ? 0 : Self.hash(lines[count - 1]))
    }

    /// How many lines `position` ends after, when the log still starts with what it saw.
    private func lineCount(at position: LogPosition) -> Int? {
        guard position.file == generation, position.length >= 0, position.length <= Int64(lines.count) else { return nil }
        let count = Int(position.length)
        guard count == 0 ? position.lastLineHash == 0 : Self.hash(lines[count - 1]) == position.lastLineHash else { return nil }
        return count
    }

    private static func checksum(_ payload: [UInt8]) -> UInt64 {
        payload.withUnsafeBytes { StableHash.checksum($0) }
    }

    private static func hash(_ entry: LedgerEntry) -> UInt64 {
        StableHash.of("\(entry.id)\u{0}\(entry.kind)\u{0}\(entry.updatedAt)\u{0}\(entry.isDeleted)".utf8)
    }

    /// Each id's latest line, when it isn't a tombstone, in the order of those lines.
    private static func live(_ lines: ArraySlice<LedgerEntry>) -> [LedgerEntry] {
        var latest: [String: Int] = [:]
        for index in lines.indices { latest[lines[index].id] = index }
        return lines.indices.filter { latest[lines[$0].id] == $0 && !lines[$0].isDeleted }.map { lines[$0] }
    }
}
