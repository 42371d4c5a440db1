/// A fold of a feature's records that a checkpoint can keep: a read loads it and folds in only
/// the lines appended since, instead of reading the whole history again.
///
/// A value is also the projection's context (a base currency, say): `replaying` and `decoded`
/// answer for that context, and a checkpoint written for another one is not taken.
public protocol CheckpointableProjection {
    /// The checkpoint's name; a new layout gets a new name, so an older one is never misread.
    var checkpointName: String { get }
    /// The kinds it folds; lines of other kinds are passed over.
    static var kinds: [LedgerKind] { get }
    /// What every live entry of `kinds` adds up to, in the ledger's order: the answer a
    /// checkpoint must always equal.
    func replaying(_ entries: [LedgerEntry]) throws(LedgerDecodingError) -> Self
    /// Folds in a new record, appended after everything folded so far. False when that would
    /// not give what a replay gives (a back-dated row, say): the history is replayed instead.
    mutating func fold(_ entry: LedgerEntry) throws(LedgerDecodingError) -> Bool
    func write(to writer: inout CheckpointWriter)
    /// What `write` wrote, or nil when it was written for another context.
    func decoded(from reader: inout CheckpointReader) throws(CheckpointReader.Damaged) -> Self?
}

/// Reads a projection at the speed of its checkpoint: loads it, folds the lines appended since,
/// and saves it again; replays the whole log when the checkpoint is missing, damaged, foreign,
/// stale (the log was rewritten) or can't take a line (one that supersedes or deletes a record
/// it folded in, or one the projection can't fold). Never trusted over the log: every answer
/// equals a replay of it.
public struct CheckpointedProjectionReader<Projection: CheckpointableProjection> {
    private let log: CheckpointableLedger
    private let empty: Projection
    private let kinds: Set<String>

    /// - Parameter empty: the projection of no records, in the context wanted.
    public init(log: CheckpointableLedger, empty: Projection) {
        self.log = log
        self.empty = empty
        kinds = Set(Projection.kinds.map(\.name))
    }

    public func current() throws(LedgerReadError) -> Projection {
        if let state = try broughtUpToDate() { return state }
        return try rebuilt()
    }

    /// The checkpoint with the lines since folded in, saved again if there were any; nil when
    /// the log must be replayed.
    private func broughtUpToDate() throws(LedgerReadError) -> Projection? {
        guard let (payload, position) = log.checkpoint(named: empty.checkpointName) else { return nil }
        var reader = CheckpointReader(payload)
        guard var (filter, state) = try? decoded(&reader), reader.isAtEnd else { return nil }
        var folded = 0, usable = true
        let end: LogPosition?
        do throws(StoreError) {
            end = try log.forEachEntry(after: position) { entry in
                if filter.mayContain(entry.id) { return false }
                guard kinds.contains(entry.kind), !entry.isDeleted else { return true }
                filter.insert(entry.id)
                folded += 1
                usable = (try? state.fold(entry)) ?? false
                return usable && !filter.isFull
            }
        } catch {
            throw .store(error)
        }
        guard let end, usable, !filter.isFull else { return nil }
        if end != position { save(state, filter, at: end) }
        return state
    }

    private func decoded(_ reader: inout CheckpointReader) throws(CheckpointReader.Damaged) -> (IdentifierFilter, Projection)? {
        let filter = try IdentifierFilter(reading: &reader)
        guard let state = try empty.decoded(from: &reader) else { return nil }
        return (filter, state)
    }

    /// The whole log replayed, and a checkpoint of it saved.
    private func rebuilt() throws(LedgerReadError) -> Projection {
        var entries: [LedgerEntry] = []
        var ids: [String] = []
        let (superseded, end) = try log.scanLiveToEnd(reserve: { entries.reserveCapacity($0) }) { entry in
            guard kinds.contains(entry.kind) else { return false }
            entries.append(entry)
            return true
        }
        // Every version's id, superseded ones too: a later line for any of them is a change.
        for entry in entries { ids.append(entry.id) }
        let live = entries.removing(positions: superseded)
        let state: Projection
        do throws(LedgerDecodingError) {
            state = try empty.replaying(live)
        } catch {
            throw .undecodable(error)
        }
        if let end {
            var filter = IdentifierFilter(expecting: ids.count)
            for id in ids { filter.insert(id) }
            save(state, filter, at: end)
        }
        return state
    }

    private func save(_ state: Projection, _ filter: IdentifierFilter, at position: LogPosition) {
        var writer = CheckpointWriter()
        filter.write(to: &writer)
        state.write(to: &writer)
        log.saveCheckpoint(writer.bytes, named: empty.checkpointName, at: position)
    }
}
