import Ledger
import Projections
import LocalFileStore

/// The log, counting the replays a reader asks of it.
final class CountingLog: CheckpointableLedger {
    private let log: FileLedgerStore
    private(set) var replays = 0

    init(_ log: FileLedgerStore) {
        self.log = log
    }

    func checkpoint(named name: String) -> (payload: [UInt8], position: LogPosition)? { log.checkpoint(named: name) }

    func forEachEntry(after position: LogPosition, _ body: (LedgerEntry) -> Bool) throws(StoreError) -> LogPosition? {
        try log.forEachEntry(after: position, body)
    }

    func forEachEntryBackward(from end: LogPosition, _ body: (LedgerEntry) -> Bool) throws(StoreError) -> Bool? {
        try log.forEachEntryBackward(from: end, body)
    }

    func lastLines(_ count: Int) throws(StoreError) -> [LogLine] {
        try log.lastLines(count)
    }

    func scanLiveToEnd(base: LogPosition?, reserve: (Int) -> Void, reachedBase: () -> Void,
                       _ keep: (LedgerEntry) throws(LedgerDecodingError) -> Bool) throws(LedgerReadError) -> LogScan {
        replays += 1
        return try log.scanLiveToEnd(base: base, reserve: reserve, reachedBase: reachedBase, keep)
    }

    /// How many times a revision read the records it needs (a ticker's, say) instead of replaying.
    private(set) var revisionReads = 0

    func latestVersions(of ids: Set<String>, before end: LogPosition) throws(StoreError) -> [String: LedgerEntry]? {
        try log.latestVersions(of: ids, before: end)
    }

    func liveEntries(before end: LogPosition, picking: (LedgerEntry) -> Bool) throws(StoreError) -> [LedgerEntry]? {
        revisionReads += 1
        return try log.liveEntries(before: end, picking: picking)
    }

    func saveCheckpoint(_ payload: [UInt8], named name: String, at position: LogPosition) {
        log.saveCheckpoint(payload, named: name, at: position)
    }
}
