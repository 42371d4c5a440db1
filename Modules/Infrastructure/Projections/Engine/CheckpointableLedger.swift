import Ledger

/// Where in an append-only log a checkpoint was taken: the file it was (a rewrite makes a new
/// one), how long its whole lines were, and its last line's length and hash. A checkpoint is
/// trusted only while the log still starts with what it saw.
public struct LogPosition: Equatable, Sendable {
    /// The adapter's name for the file itself (the local log: its inode).
    public let file: UInt64
    /// Bytes up to and including the last whole line.
    public let length: Int64
    public let lastLineLength: Int64
    public let lastLineHash: UInt64

    public init(file: UInt64, length: Int64, lastLineLength: Int64, lastLineHash: UInt64) {
        self.file = file
        self.length = length
        self.lastLineLength = lastLineLength
        self.lastLineHash = lastLineHash
    }
}

/// What `CheckpointableLedger.scanLiveToEnd` read.
public struct LogScan: Equatable, Sendable {
    /// The positions, among the entries `keep` kept, of those a later line superseded.
    public let superseded: [Int]
    /// Where the lines read ended; nil for a log in an older format.
    public let end: LogPosition?
    /// The base asked for, when the lines read reached it; nil otherwise (the log was rewritten
    /// since the base was named, or is in an older format).
    public let base: LogPosition?

    public init(superseded: [Int], end: LogPosition?, base: LogPosition?) {
        self.superseded = superseded
        self.end = end
        self.base = base
    }
}

/// One of a log's last lines (`CheckpointableLedger.lastLines`): its entry, and where it begins,
/// named by the line before it as a checkpoint's position is.
public struct LogLine {
    public let start: LogPosition
    public let entry: LedgerEntry

    public init(start: LogPosition, entry: LedgerEntry) {
        self.start = start
        self.entry = entry
    }
}

/// A ledger whose lines only grow until something rewrites it whole: the local log. What its
/// lines add up to can be kept at a position and brought up to date from the lines after it.
public protocol CheckpointableLedger: AnyObject {
    /// What was saved under `name`, and where, if it is there and whole; whether the log still
    /// starts there is for `forEachEntry(after:)` to say.
    func checkpoint(named name: String) -> (payload: [UInt8], position: LogPosition)?
    /// Hands every line after `position` to `body`, in order, tombstones and every kind included,
    /// while `body` returns true. Returns where the lines ended, or nil when the log no longer
    /// starts with what `position` saw (it was rewritten) or `body` stopped.
    func forEachEntry(after position: LogPosition, _ body: (LedgerEntry) -> Bool) throws(StoreError) -> LogPosition?
    /// Hands the entries of the lines before `end` to `body`, the latest first, while it returns
    /// true. Returns whether every line was handed; nil when the log no longer starts with what
    /// `end` saw (it was rewritten), or a line can't be read (a read of the whole log names it).
    func forEachEntryBackward(from end: LogPosition, _ body: (LedgerEntry) -> Bool) throws(StoreError) -> Bool?
    /// The last `count` whole lines, in order (all of them when there are fewer; the header
    /// line comes before them all), read back from the end; none for a log in an older format
    /// or with a line that can't be read, which the whole read names.
    func lastLines(_ count: Int) throws(StoreError) -> [LogLine]
    /// `LedgerStore.scanLive` that also says where the lines it read ended, what a checkpoint of
    /// the whole log is keyed to. With a `base` (a replay's, which the lines after it can be
    /// folded onto again), `reachedBase` is called once, before `keep` is handed the first line
    /// from there.
    func scanLiveToEnd(base: LogPosition?, reserve: (Int) -> Void, reachedBase: () -> Void,
                       _ keep: (LedgerEntry) throws(LedgerDecodingError) -> Bool) throws(LedgerReadError) -> LogScan
    /// Each of `ids`' latest line before `end`, tombstones included: the version the lines up to
    /// there hold. Nil when the log no longer starts with what `end` saw, or can't be read back
    /// (a read of the whole log names the line).
    func latestVersions(of ids: Set<String>, before end: LogPosition) throws(StoreError) -> [String: LedgerEntry]?
    /// The live entries `picking` lets through among the lines before `end`, in the ledger's
    /// order, each id's latest line up to there deciding. Nil when the log no longer starts with
    /// what `end` saw.
    func liveEntries(before end: LogPosition, picking: (LedgerEntry) -> Bool) throws(StoreError) -> [LedgerEntry]?
    /// Keeps `payload` under `name`, replacing what was there, without waiting for other writers:
    /// a checkpoint is a cache, and one lost to a crash is rebuilt from the log.
    func saveCheckpoint(_ payload: [UInt8], named name: String, at position: LogPosition)
}
