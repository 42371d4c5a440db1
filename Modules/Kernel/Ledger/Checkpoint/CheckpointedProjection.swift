/// A fold of a feature's records that a checkpoint can keep: a read loads it and folds in only
/// the lines appended since, instead of reading the whole history again.
///
/// A value is also the projection's context (a base currency, say): `replaying` and `decoded`
/// answer for that context, and a checkpoint written for another one is not taken.
public protocol CheckpointableProjection {
    /// What the projection folds: a feature's record, decoded from an entry of `kinds`.
    associatedtype Record
    /// The checkpoint's name; a new layout gets a new name, so an older one is never misread.
    var checkpointName: String { get }
    /// The kinds it folds; lines of other kinds are passed over.
    var kinds: [LedgerKind] { get }
    /// The record an entry of `kinds` holds.
    func record(from entry: LedgerEntry) throws(LedgerDecodingError) -> Record?
    /// What every live record adds up to, in the ledger's order: the answer a checkpoint must
    /// always equal.
    func replaying(_ records: [Record]) -> Self
    /// Folds in a new record, appended after everything folded so far. False when that would
    /// not give what a replay gives (a back-dated row, say): the history is replayed instead.
    mutating func fold(_ record: Record) -> Bool
    func write(to writer: inout CheckpointWriter)
    /// What `write` wrote, or nil when it was written for another context.
    func decoded(from reader: inout CheckpointReader) throws(CheckpointReader.Damaged) -> Self?
}

/// Reads a projection at the speed of its checkpoint: loads it, folds the lines appended since,
/// and saves it again; replays the whole log when the checkpoint is missing, damaged, foreign,
/// stale (the log was rewritten) or can't take a line (one that supersedes or deletes a record
/// it folded in, or one the projection can't fold). Never trusted over the log: every answer
/// equals a replay of it.
///
/// The ids it has seen are kept in two parts: a Bloom filter of a whole history, written at a
/// replay (`NAME.ids`, megabytes for a long one), and the few ids folded in since, written with
/// the projection. So bringing a checkpoint up to date rewrites kilobytes, not the filter. The
/// two are paired by a random token: a filter another process wrote over is not taken.
public struct CheckpointedProjectionReader<Projection: CheckpointableProjection> {
    private let log: CheckpointableLedger
    private let empty: Projection
    private let kinds: Set<String>
    /// Ids folded in since the filter was written, beyond which the filter is written again.
    private let idsBeforeNewFilter: Int

    /// - Parameter empty: the projection of no records, in the context wanted.
    public init(log: CheckpointableLedger, empty: Projection, idsBeforeNewFilter: Int = 4_096) {
        self.log = log
        self.empty = empty
        self.idsBeforeNewFilter = idsBeforeNewFilter
        kinds = Set(empty.kinds.map(\.name))
    }

    public func current() throws(LedgerReadError) -> Projection {
        if let state = try broughtUpToDate() { return state }
        return try rebuilt()
    }

    /// The checkpoint with the lines since folded in, saved again if there were any; nil when
    /// the log must be replayed. The filter of ids is loaded at the first line since: a read of
    /// a log nothing was added to needs only the projection, kilobytes where the filter is
    /// megabytes.
    private func broughtUpToDate() throws(LedgerReadError) -> Projection? {
        guard let (payload, position) = log.checkpoint(named: empty.checkpointName) else { return nil }
        var reader = CheckpointReader(payload)
        guard let (token, since, decodedState) = try? decoded(&reader), reader.isAtEnd else { return nil }
        var state = decodedState, seen: SeenIDs?
        var usable = true
        let end: LogPosition?
        do throws(StoreError) {
            end = try log.forEachEntry(after: position) { entry in
                if seen == nil { seen = seenIDs(token: token, since: since) }
                guard seen != nil else {
                    usable = false
                    return false
                }
                if seen?.mayContain(entry.id) == true { return false }
                guard kinds.contains(entry.kind), !entry.isDeleted else { return true }
                seen?.insert(entry.id)
                guard let record = try? state.record(from: entry) else {
                    usable = false
                    return false
                }
                usable = state.fold(record)
                return usable && seen?.isFull == false
            }
        } catch {
            throw .store(error)
        }
        guard let end, usable, !(seen?.isFull ?? false) else { return nil }
        if end != position {
            guard var ids = seen ?? seenIDs(token: token, since: since) else { return nil }
            save(state, &ids, at: end)
        }
        return state
    }

    private func decoded(_ reader: inout CheckpointReader) throws(CheckpointReader.Damaged) -> (token: UInt64, since: Set<String>, state: Projection)? {
        let token = try reader.readUInt64()
        var since = Set<String>()
        for _ in 0..<(try reader.readCount()) { since.insert(try reader.readString()) }
        guard let state = try empty.decoded(from: &reader) else { return nil }
        return (token, since, state)
    }

    /// The ids seen: the filter written under `token`, and those folded in since; nil when the
    /// filter is missing, damaged or another's.
    private func seenIDs(token: UInt64, since: Set<String>) -> SeenIDs? {
        guard let (filterPayload, _) = log.checkpoint(named: filterName) else { return nil }
        var filterReader = CheckpointReader(filterPayload)
        guard (try? filterReader.readUInt64()) == token, let filter = try? IdentifierFilter(reading: &filterReader), filterReader.isAtEnd else { return nil }
        return SeenIDs(filter: filter, token: token, since: since)
    }

    /// The whole log replayed, and a checkpoint of it saved. Each entry is decoded as it is read,
    /// so no entry, and no piece of the file, is kept: a replay holds the records, not the log.
    private func rebuilt() throws(LedgerReadError) -> Projection {
        var records: [Projection.Record] = []
        // Every version's id, superseded ones too: a later line for any of them is a change.
        var ids: [String] = []
        let (superseded, end) = try log.scanLiveToEnd(reserve: { records.reserveCapacity($0) }) { entry throws(LedgerDecodingError) in
            guard kinds.contains(entry.kind) else { return false }
            ids.append(entry.id)
            guard let record = try empty.record(from: entry) else { return false }
            records.append(record)
            return true
        }
        records.removeAll(atPositions: superseded)
        let state = empty.replaying(records)
        if let end {
            // Sized from the ids of these kinds, with room for half as many again, not from the log:
            // every read loads the filter, and a projection of a few records keeps a small one.
            var filter = IdentifierFilter(expecting: ids.count + ids.count / 4)
            for id in ids { filter.insert(id) }
            var seen = SeenIDs(filter: filter, token: 0, since: [])
            seen.isWritten = false
            save(state, &seen, at: end)
        }
        return state
    }

    private var filterName: String { empty.checkpointName + ".ids" }

    private func save(_ state: Projection, _ seen: inout SeenIDs, at position: LogPosition) {
        if !seen.isWritten || seen.since.count > idsBeforeNewFilter {
            seen.mergeSince()
            var writer = CheckpointWriter()
            writer.write(seen.token)
            seen.filter.write(to: &writer)
            log.saveCheckpoint(writer.bytes, named: filterName, at: position)
        }
        var writer = CheckpointWriter()
        writer.write(seen.token)
        writer.write(seen.since.count)
        for id in seen.since { writer.write(id) }
        state.write(to: &writer)
        log.saveCheckpoint(writer.bytes, named: empty.checkpointName, at: position)
    }
}

/// The ids a checkpoint has seen: its filter, and those folded in since it was written.
private struct SeenIDs {
    var filter: IdentifierFilter
    var token: UInt64
    private(set) var since: Set<String>
    /// False until the filter is saved under `token`.
    var isWritten = true

    init(filter: IdentifierFilter, token: UInt64, since: Set<String>) {
        self.filter = filter
        self.token = token
        self.since = since
    }

    func mayContain(_ id: String) -> Bool { since.contains(id) || filter.mayContain(id) }

    mutating func insert(_ id: String) {
        since.insert(id)
    }

    var isFull: Bool { filter.count + since.count > filter.capacity }

    /// The ids since put into the filter, which is then saved under a new token.
    mutating func mergeSince() {
        for id in since { filter.insert(id) }
        since = []
        token = UInt64.random(in: 1 ... .max)
        isWritten = true
    }
}
