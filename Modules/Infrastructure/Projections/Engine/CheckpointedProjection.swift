import Ledger

/// A projection the engine keeps in a checkpoint: a read loads it and folds in only the lines
/// appended since, instead of reading the whole history again. Its layout is the engine's: each
/// feature's projection is made checkpointable here, never in the feature.
public protocol CheckpointableProjection: RecordFold {
    /// The checkpoint's name; a new layout gets a new name, so an older one is never misread.
    var checkpointName: String { get }
    func write(to writer: inout PackedWriter)
    /// What `write` wrote, or nil when it was written for another context (a checkpoint written
    /// for another base currency, say, is not taken).
    func decoded(from reader: inout PackedReader) throws(PackedReader.Damaged) -> Self?
}

/// Reads a projection at the speed of its checkpoint: loads it, folds the lines appended since,
/// and saves it again. Never trusted over the log: every answer equals a replay of it.
///
/// A line that supersedes or deletes a record folded in can't be folded. When that record is a
/// recent one (written after the checkpoint's base, which trails the log by `recentRecords` to
/// twice as many records), the base is loaded and the records written since are folded into
/// it again, the change included: an edit or a delete of a recent record costs those few
/// thousand records, not the history. Otherwise (an older record, or a checkpoint missing,
/// damaged, foreign, or stale because the log was rewritten) the whole log is replayed.
///
/// Four files under the projection's name:
/// - `NAME`: the projection at the log's end, with the ids folded in since the base;
/// - `NAME.ids`: a Bloom filter of every id up to the base (megabytes for a long history), so
///   bringing the projection up to date rewrites kilobytes, not the filter;
/// - `NAME.base`: the projection at the base;
/// - `NAME.next`: the next base, taken once `recentRecords` were written since the base, and
///   made the base once as many again were, so a recent change always finds one behind it.
/// They are paired by a random token: a file another process wrote over is not taken.
public struct CheckpointedProjectionReader<Projection: CheckpointableProjection>: ProjectionReading {
    /// What a change would make of the projection.
    public struct Projected {
        public let projection: Projection
        /// The live record each changed id held before: none for a new id.
        public let replaced: [String: Projection.Record]
    }

    private let log: CheckpointableLedger
    private let empty: Projection
    private let kinds: Set<String>
    private let recentRecords: Int
    private let companions: ReplayCompanions<Projection.Record>?

    /// - Parameters:
    ///   - empty: the projection of no records, in the context wanted.
    ///   - recentRecords: how many of the newest records, at least, can be changed without a
    ///     replay (once that many were written since the last replay).
    ///   - companions: the projections of the same records whose checkpoints a replay of the log
    ///     for this one rebuilds too.
    public init(log: CheckpointableLedger, empty: Projection, recentRecords: Int = 2_048, companions: ReplayCompanions<Projection.Record>? = nil) {
        self.log = log
        self.empty = empty
        self.recentRecords = max(1, recentRecords)
        self.companions = companions
        kinds = Set(empty.kinds.map(\.name))
    }

    public func current() throws(LedgerReadError) -> Projection {
        try upToDate().state
    }

    /// The projection, and where the lines it was folded from ended: what a read back from the
    /// end of the same lines starts at (`CheckpointableLedger.forEachEntryBackward`). Nil for a
    /// log in an older format.
    public func currentAndEnd() throws(LedgerReadError) -> (projection: Projection, end: LogPosition?) {
        let snapshot = try upToDate()
        return (snapshot.state, snapshot.end)
    }

    /// The projection, when its checkpoint can be brought up to date without a replay; nil when
    /// there is none to load, or a line since changes a record older than its base.
    public func currentWithoutReplay() throws(LedgerReadError) -> Projection? {
        try upToDateWithoutReplay()?.state
    }

    /// The projection as it would be with `entries` appended to the log (a change about to be
    /// written), and the records they would replace; nil when only a replay could tell: one of
    /// them changes a record older than the base, or can't be folded, or the checkpoint can't be
    /// brought up to date without one. A change never replays the log: the check that reads
    /// the history costs less, and leaves the replay to the next read, which needs it anyway.
    public func projected(appending entries: [LedgerEntry]) throws(LedgerReadError) -> Projected? {
        guard let now = try upToDateWithoutReplay() else { return nil }
        guard let filter = now.filter ?? filter(token: now.token) else { return nil }
        if !entries.contains(where: { now.since.contains($0.id) || filter.mayContain($0.id) }), let state = folded(entries, into: now.state) {
            return Projected(projection: state, replaced: [:])
        }
        return try refolded(now, filter: filter, appending: entries).map { Projected(projection: $0.state, replaced: $0.replaced) }
    }

    /// `entries` folded into `state` one at a time; nil when one can't be.
    private func folded(_ entries: [LedgerEntry], into state: Projection) -> Projection? {
        var state = state
        for entry in entries where kinds.contains(entry.kind) && !entry.isDeleted {
            guard let record = try? state.record(from: entry), state.fold(record) else { return nil }
        }
        return state
    }

    // MARK: - Reading

    /// The current checkpoint's parts: the ids since the base, and how many of them the next
    /// base had seen, if one was taken; and the filter, once a read loaded it.
    fileprivate struct Snapshot {
        var token: UInt64
        var since: IDsSince
        var nextSince: Int?
        var state: Projection
        /// The records the base holds though their lines come after it (`movable`), by id: how many
        /// of each one's lines after the base lead up to the version it holds.
        var moved: [String: Int] = [:]
        var filter: IdentifierFilter?
        /// Where the lines folded in ended, once brought up to date.
        var end: LogPosition?
    }

    /// Tells this layout from an earlier one, whose first word was a token, never 0.
    private static var layout: [UInt64] { [0, 3] }

    /// How many records written after a replay's base, yet folded before what it holds (an edit
    /// of an old record, just written), the base may hold all the same: what a replay would put
    /// back in place, so the records after them can still be changed without a replay.
    static var movable: Int { 64 }

    private func upToDate() throws(LedgerReadError) -> Snapshot {
        if let current = try upToDateWithoutReplay() { return current }
        return try rebuilt()
    }

    private func upToDateWithoutReplay() throws(LedgerReadError) -> Snapshot? {
        guard let (snapshot, position) = loaded() else { return nil }
        return try broughtUpToDate(snapshot, from: position)
    }

    private func loaded() -> (Snapshot, LogPosition)? {
        guard let (payload, position) = log.checkpoint(named: empty.checkpointName) else { return nil }
        var reader = PackedReader(payload)
        guard let snapshot = try? decoded(&reader), reader.isAtEnd else { return nil }
        return (snapshot, position)
    }

    private func decoded(_ reader: inout PackedReader) throws(PackedReader.Damaged) -> Snapshot? {
        for word in Self.layout where try reader.readUInt64() != word { return nil }
        let token = try reader.readUInt64()
        let since = try IDsSince(reading: &reader)
        let nextSince = try reader.readBool() ? try reader.readNonNegative() : nil
        var moved: [String: Int] = [:]
        for _ in 0..<(try reader.readCount()) { moved[try reader.readString()] = try reader.readNonNegative() }
        guard let state = try empty.decoded(from: &reader) else { return nil }
        return Snapshot(token: token, since: since, nextSince: nextSince, state: state, moved: moved)
    }

    /// The checkpoint with the lines since folded in, saved again if there were any; nil when
    /// the log must be replayed. The filter of ids is loaded at the first line since: a read of
    /// a log nothing was added to needs only the projection, kilobytes where the filter is
    /// megabytes.
    private func broughtUpToDate(_ snapshot: Snapshot, from position: LogPosition) throws(LedgerReadError) -> Snapshot? {
        var current = snapshot, filter: IdentifierFilter?
        // A line that changes a record folded in, or one dated before what was folded, is folded
        // again from the base, in the projection's own order.
        var usable = true, refolds = false
        let end: LogPosition?
        do throws(StoreError) {
            end = try log.forEachEntry(after: position) { entry in
                if filter == nil { filter = self.filter(token: current.token) }
                guard let filter, filter.count + current.since.count <= filter.capacity else {
                    usable = false
                    return false
                }
                if current.since.contains(entry.id) || filter.mayContain(entry.id) {
                    refolds = true
                    return false
                }
                guard kinds.contains(entry.kind), !entry.isDeleted else { return true }
                current.since.insert(entry.id)
                guard let record = try? current.state.record(from: entry) else {
                    usable = false
                    return false
                }
                refolds = !current.state.fold(record)
                return !refolds
            }
        } catch {
            throw .store(error)
        }
        current.filter = filter
        if refolds, let filter {
            if let (state, since, _, end) = try refolded(current, filter: filter, appending: []) {
                (current.state, current.since, current.end) = (state, IDsSince(since), end)
            } else if let (rebased, base) = try rebased(current, filter: filter),
                      let (state, since, _, end) = try refolded(rebased, filter: filter, appending: [], onto: base) {
                // The revised base is saved only once the lines after it fold onto it.
                current = rebased
                saveBase(&current, filter: filter, state: base.state, at: base.position)
                current.moved = rebased.moved
                (current.state, current.since, current.end) = (state, IDsSince(since), end)
            } else {
                return nil
            }
            save(&current, filter: filter, at: current.end!)
            return current
        }
        guard let end, usable else { return nil }
        if end != position, let filter { save(&current, filter: filter, at: end) }
        current.end = end
        return current
    }

    /// The base of `snapshot`, with every record written after it folded in again in the ledger's
    /// order, and then `entries`; nil when a line changes a record the base holds (its filter may
    /// know the id), or a record can't be folded. An id in `since` was first written after the
    /// base, so the filter isn't asked: one of its rare false alarms among the thousands of ids
    /// since would otherwise make every change replay until the base moved on. The lines of a
    /// record the base holds though written after it are passed over, up to the version it holds.
    /// `onto` is a base revised in memory, in place of the one saved.
    private func refolded(_ snapshot: Snapshot, filter: IdentifierFilter, appending entries: [LedgerEntry], onto revisedBase: Base? = nil) throws(LedgerReadError)
        -> (state: Projection, since: Set<String>, replaced: [String: Projection.Record], end: LogPosition)? {
        guard let (base, position, placedFirst) = revisedBase ?? loadedBase(token: snapshot.token) else { return nil }
        let since = snapshot.since
        var recent = RecentRecords<Projection.Record>(), usable = true, passedOver: [String: Int] = [:]
        func take(_ entry: LedgerEntry) -> Bool {
            if let versions = snapshot.moved[entry.id] {
                let passed = passedOver[entry.id, default: 0]
                guard passed < versions else { return false }
                if kinds.contains(entry.kind), !entry.isDeleted { passedOver[entry.id] = passed + 1 }
                return true
            }
            guard recent.ids.contains(entry.id) || since.contains(entry.id) || !filter.mayContain(entry.id) else { return false }
            guard kinds.contains(entry.kind), !entry.isDeleted else {
                recent.remove(entry.id)
                return true
            }
            guard let record = try? base.record(from: entry) else { return false }
            recent.write(record, id: entry.id)
            return true
        }
        let end: LogPosition?
        do throws(StoreError) {
            end = try log.forEachEntry(after: position) { entry in
                usable = take(entry)
                return usable
            }
        } catch {
            throw .store(error)
        }
        guard let end, usable else { return nil }
        var replaced: [String: Projection.Record] = [:]
        for entry in entries {
            if let record = recent.live(entry.id) { replaced[entry.id] = record }
            guard take(entry) else { return nil }
        }
        let records = recent.inOrder
        guard placedFirst.allSatisfy({ first in records.allSatisfy { empty.replayOrders(first, before: $0) } }) else { return nil }
        var state = base
        guard state.fold(contentsOf: records) else { return nil }
        // An id a revision took out of the base stays among those since, though deleted.
        return (state, recent.ids.union(since.ids), replaced, end)
    }

    /// A base: the projection, where its lines end, and the records a revision put in it
    /// though their lines come after records written after the base, which a replay must fold
    /// after them all the same.
    fileprivate typealias Base = (state: Projection, position: LogPosition, placedFirst: [Projection.Record])

    /// The base saved under `token`; nil when it is missing, damaged or another's.
    private func loadedBase(token: UInt64) -> Base? {
        guard let (payload, position) = log.checkpoint(named: baseName) else { return nil }
        var reader = PackedReader(payload)
        guard (try? reader.readUInt64()) == token, let base = try? empty.decoded(from: &reader), reader.isAtEnd else { return nil }
        return (base, position, [])
    }

    /// The base of `snapshot` with the records that lines after it change, though it holds
    /// them, revised in place (`revise`), reading only what the projection asks for: a ticker's
    /// transactions, say, where a replay reads every record. A record changed is then held by
    /// the base as its latest line has it (`moved`), or, deleted, taken out of it (its id joins
    /// `since`): the lines after the base fold onto it as onto any base, so the recent records
    /// can still be changed without a replay. Nil when the projection can't be revised, or a
    /// changed record can't be read, or wouldn't come before every record written after the
    /// base in a replay (a later record's place among a day's would be lost).
    private func rebased(_ snapshot: Snapshot, filter: IdentifierFilter) throws(LedgerReadError) -> (Snapshot, Base)? {
        guard let (base, position, _) = loadedBase(token: snapshot.token) else { return nil }
        // Each changed id's latest line after the base, in the order of those lines, and how
        // many of its lines there are live records (what a refold passes over); and the version
        // of each record the base holds though its lines come after it: a line after that one
        // changes it again.
        var latest: [String: LedgerEntry] = [:], order: [String] = [], versions: [String: Int] = [:]
        var held: [String: LedgerEntry] = [:], heldOrder: [String] = [], passed: [String: Int] = [:]
        do throws(StoreError) {
            let end = try log.forEachEntry(after: position) { entry in
                let isRecord = kinds.contains(entry.kind) && !entry.isDeleted
                if let moved = snapshot.moved[entry.id], held[entry.id] == nil {
                    guard isRecord else { return true }
                    passed[entry.id, default: 0] += 1
                    if passed[entry.id] == moved {
                        held[entry.id] = entry
                        heldOrder.append(entry.id)
                    }
                    return true
                }
                guard held[entry.id] != nil || !snapshot.since.contains(entry.id) && filter.mayContain(entry.id) else { return true }
                if latest.updateValue(entry, forKey: entry.id) != nil { order.removeAll { $0 == entry.id } }
                order.append(entry.id)
                if isRecord { versions[entry.id, default: snapshot.moved[entry.id] ?? 0] += 1 }
                return true
            }
            guard end != nil, !order.isEmpty, held.count == snapshot.moved.count else { return nil }
        } catch {
            throw .store(error)
        }
        let changed = order.map { latest[$0]! }
        guard let changes = try revisions(changed, holding: held, before: position), let reading = base.reading(toRevise: changes) else { return nil }
        var records: [Projection.Record] = []
        if case let .records(picking) = reading {
            // The records the base holds, as it folded them: those of the lines before it but
            // those written again after it, then those it holds though written after it; each
            // changed one in its latest version, last. `picking` goes first: it lets through a
            // few lines of a long log (one ticker's), and the lookups by id cost more.
            let ids = Set(order)
            let entries: [LedgerEntry]?
            do throws(StoreError) {
                entries = try log.liveEntries(before: position) {
                    picking($0) && kinds.contains($0.kind) && !ids.contains($0.id) && snapshot.moved[$0.id] == nil && !snapshot.since.contains($0.id)
                }
            } catch {
                throw .store(error)
            }
            guard let entries else { return nil }
            let stillHeld = heldOrder.filter { !ids.contains($0) }.map { held[$0]! }
            for entry in entries + (stillHeld + changed).filter({ kinds.contains($0.kind) && !$0.isDeleted && picking($0) }) {
                guard let record = try? empty.record(from: entry) else { return nil }
                records.append(record)
            }
        }
        var revised = base
        guard revised.revise(changes, given: records) else { return nil }
        var rebased = snapshot
        for entry in changed {
            if let count = versions[entry.id], kinds.contains(entry.kind), !entry.isDeleted {
                rebased.moved[entry.id] = count
            } else {
                rebased.moved[entry.id] = nil
                rebased.since.insert(entry.id)
            }
        }
        return (rebased, (revised, position, changes.compactMap(\.later)))
    }

    /// Each changed record's version in the base (`held`'s, or else the latest line before
    /// `position`, the base holding no later one) and its version now (`latest`'s); nil when one
    /// can't be read.
    private func revisions(_ latest: [LedgerEntry], holding held: [String: LedgerEntry], before position: LogPosition) throws(LedgerReadError)
        -> [Revision<Projection.Record>]? {
        var earlier = held
        do throws(StoreError) {
            guard let found = try log.latestVersions(of: Set(latest.map(\.id).filter { held[$0] == nil }), before: position) else { return nil }
            earlier.merge(found) { held, _ in held }
        } catch {
            throw .store(error)
        }
        /// The record a version holds, if it is a live one of the projection's.
        func record(_ entry: LedgerEntry?) throws(LedgerDecodingError) -> Projection.Record? {
            guard let entry, kinds.contains(entry.kind), !entry.isDeleted else { return nil }
            return try empty.record(from: entry)
        }
        var changes: [Revision<Projection.Record>] = []
        do throws(LedgerDecodingError) {
            for entry in latest {
                let (was, now) = (try record(earlier[entry.id]), try record(entry))
                if was != nil || now != nil { changes.append(Revision(earlier: was, later: now)) }
            }
        } catch {
            // Named by the replay.
            return nil
        }
        return changes
    }

    /// The whole log replayed, and a checkpoint of it saved; then the companions' checkpoints
    /// are rebuilt from the same records (`ReplayCompanions`).
    private func rebuilt() throws(LedgerReadError) -> Snapshot {
        var replay = try replayed()
        let snapshot = rebuilt(from: &replay)
        if replay.end != nil { companions?.rebuild(from: &replay, except: empty.checkpointName) }
        return snapshot
    }

    /// Every live record of the log, read once. Each entry is decoded as it is read, so no entry,
    /// and no piece of the file, is kept: a replay holds the records, not the log. The scan is
    /// told of a base at least `recentRecords` lines before the end, where no record after it
    /// comes before one in it (`baseStart`).
    private func replayed() throws(LedgerReadError) -> LogReplay<Projection.Record> {
        var records: [Projection.Record] = []
        // Every version's id, superseded ones too: a later line for any of them is a change.
        var ids: [String] = []
        // Where each record's id is among them.
        var versions: [Int32] = []
        var atBase: (records: Int, ids: Int)?
        let scan = try log.scanLiveToEnd(base: try baseStart(), reserve: { records.reserveCapacity($0); versions.reserveCapacity($0) },
                                         reachedBase: { atBase = (records.count, ids.count) }) { entry throws(LedgerDecodingError) in
            guard kinds.contains(entry.kind) else { return false }
            ids.append(entry.id)
            guard let record = try empty.record(from: entry) else { return false }
            records.append(record)
            versions.append(Int32(truncatingIfNeeded: ids.count - 1))
            return true
        }
        let boundary = atBase ?? (records.count, ids.count)
        let liveBeforeBase = boundary.records - scan.superseded.count { $0 < boundary.records }
        records.removeAll(atPositions: scan.superseded)
        versions.removeAll(atPositions: scan.superseded)
        return LogReplay(kinds: kinds, records: records, ids: ids, versions: versions, liveBeforeBase: liveBeforeBase, idsBeforeBase: boundary.ids,
                         base: scan.base, end: scan.end)
    }

    /// The checkpoint of `replay`, saved. The records written after the base are folded onto it,
    /// so a change to one of them (the first edit after an import, an undo right after the first
    /// read) is folded again from the base too. The replay leaves out of the base every version
    /// of a record written again after it, so those ids are left out of its filter. A few records
    /// written after the base but folded before what it holds (an edit of an old record) are
    /// folded into the base instead (`movable`), their ids into its filter. When there is no such
    /// place, the whole log is its own base. `replay` is left holding what it held.
    @discardableResult
    fileprivate func rebuilt(from replay: inout LogReplay<Projection.Record>) -> Snapshot {
        guard let end = replay.end else { return Snapshot(token: 0, since: IDsSince(), nextSince: nil, state: empty.replaying(replay.records)) }
        // The lines read back named the base; the records before it, which they didn't see, must
        // not come after one of those after it either, but for the few the base can take.
        let split = replay.liveBeforeBase
        if let basePosition = replay.base, let moved = recordsFoldedBefore(replay.records[..<split], among: replay.records[split...]),
           let deleted = idsDeleted(after: basePosition) {
            let written = Array(replay.records[split...])
            let movedSet = Set(moved)
            let afterBase = written.indices.filter { !movedSet.contains(split + $0) }.map { written[$0] }
            replay.records.removeSubrange(split...)
            replay.records += moved.map { written[$0 - split] }
            let base = empty.replaying(replay.records)
            replay.records.removeSubrange(split...)
            replay.records += written
            // The records after the base are the scan's own, in the ledger's order: none is read
            // again.
            var (filter, since) = replay.baseFilter()
            since.formUnion(deleted)
            let movedVersions = replay.versionsAfterBase(ofRecordsAt: moved)
            for id in movedVersions.keys {
                since.remove(id)
                filter.insert(id)
            }
            // The base is saved first and then folded on in place: a copy of it (the gains hold
            // every sell) would double what the replay holds.
            var snapshot = Snapshot(token: 0, since: IDsSince(since), nextSince: nil, state: empty)
            saveBase(&snapshot, filter: filter, state: base, at: basePosition)
            snapshot.moved = movedVersions
            snapshot.state = consume base
            if snapshot.state.fold(contentsOf: afterBase) {
                saveCurrent(snapshot, at: end)
                snapshot.end = end
                return snapshot
            }
        }
        var snapshot = Snapshot(token: 0, since: IDsSince(), nextSince: nil, state: empty.replaying(replay.records))
        saveBase(&snapshot, filter: replay.wholeFilter(), state: snapshot.state, at: end)
        saveCurrent(snapshot, at: end)
        snapshot.end = end
        return snapshot
    }

    /// The ids of the projection's kinds whose latest line after `position` deletes them: a
    /// replay's base there holds none of them, so they are among the ids written since, whose
    /// lines a refold passes over. Nil when the log can't be read there.
    private func idsDeleted(after position: LogPosition) -> Set<String>? {
        var deleted = Set<String>()
        let end = try? log.forEachEntry(after: position) { entry in
            if entry.isDeleted, kinds.contains(entry.kind) { deleted.insert(entry.id) } else { deleted.remove(entry.id) }
            return true
        }
        return end == nil ? nil : deleted
    }

    /// Where a replay's base can start: the latest line at least `recentRecords` lines from the
    /// end (within twice as many) where no record of the lines after it comes before one of the
    /// lines before it, read back from the end; a day's edge in a history of trades, say. When
    /// there is none (an edit of an old record was just written), the latest where no more than
    /// `movable` do. Nil when there is neither. As many lines again before those are read to
    /// judge the earliest; past them, only the replay can tell.
    private func baseStart() throws(LedgerReadError) -> LogPosition? {
        let lines: [LogLine]
        do throws(StoreError) {
            lines = try log.lastLines(3 * recentRecords)
        } catch {
            throw .store(error)
        }
        guard lines.count > recentRecords else { return nil }
        let isWholeLog = lines.count < 3 * recentRecords
        let records = lines.map { line in kinds.contains(line.entry.kind) && !line.entry.isDeleted ? try? empty.record(from: line.entry) : nil }
        // The record of the lines before each line that a replay folds last.
        var lastBefore: [Projection.Record?] = [nil]
        for record in records { lastBefore.append(latest(lastBefore[lastBefore.count - 1], record)) }
        // The first `movable + 1` records, in the replay's order, of the lines from `start`: the
        // line can start a base when the first of them, or with moves the last, doesn't come
        // before what the lines before it hold.
        var first: [Projection.Record] = [], withMoves: LogPosition?
        for start in stride(from: records.count - 1, through: max(0, records.count - 2 * recentRecords), by: -1) {
            if let record = records[start] {
                let place = first.firstIndex { empty.replayOrders(record, before: $0) } ?? first.count
                if place <= Self.movable { first.insert(record, at: place) }
                if first.count > Self.movable + 1 { first.removeLast() }
            }
            guard records.count - start >= recentRecords else { continue }
            guard let last = lastBefore[start] else {
                // Nothing before it in the whole log, or nothing read back that a replay folds.
                if isWholeLog { return lines[start].start }
                return withMoves ?? lines[start].start
            }
            guard let earliest = first.first, empty.replayOrders(earliest, before: last) else { return lines[start].start }
            if withMoves == nil, first.count <= Self.movable || !empty.replayOrders(first[Self.movable], before: last) { withMoves = lines[start].start }
        }
        return withMoves
    }

    private func latest(_ record: Projection.Record?, _ other: Projection.Record?) -> Projection.Record? {
        guard let record else { return other }
        guard let other else { return record }
        return empty.replayOrders(record, before: other) ? other : record
    }

    /// The positions in `later` of its records a replay folds before the last of `earlier`'s, as
    /// long as there are no more than `movable`; nil when there are more. By index, a million
    /// records compared in place: this generic code copies no record.
    private func recordsFoldedBefore(_ earlier: ArraySlice<Projection.Record>, among later: ArraySlice<Projection.Record>) -> [Int]? {
        guard var last = earlier.indices.first else { return [] }
        for index in earlier.indices where empty.replayOrders(earlier[last], before: earlier[index]) { last = index }
        var before: [Int] = []
        for index in later.indices where empty.replayOrders(later[index], before: earlier[last]) {
            before.append(index)
            if before.count > Self.movable { return nil }
        }
        return before
    }

    // MARK: - Saving

    private var filterName: String { empty.checkpointName + ".ids" }
    private var baseName: String { empty.checkpointName + ".base" }
    private var nextName: String { empty.checkpointName + ".next" }

    /// The filter written under `token`; nil when it is missing, damaged or another's.
    private func filter(token: UInt64) -> IdentifierFilter? {
        guard let (payload, _) = log.checkpoint(named: filterName) else { return nil }
        var reader = PackedReader(payload)
        guard (try? reader.readUInt64()) == token, let filter = try? IdentifierFilter(reading: &reader), reader.isAtEnd else { return nil }
        return filter
    }

    /// Saves the projection at `end`; first takes the next base once `recentRecords` were
    /// written since the base, or makes it the base once as many again were.
    private func save(_ snapshot: inout Snapshot, filter: IdentifierFilter, at end: LogPosition) {
        if let nextSince = snapshot.nextSince, snapshot.since.count - nextSince >= recentRecords {
            var merged = filter
            if let (next, position) = loadedNext(token: snapshot.token) {
                for id in next.since { merged.insert(id) }
                snapshot.since.subtract(next.since)
                saveBase(&snapshot, filter: merged, state: next.state, at: position)
            } else {
                // No next base to take: the base starts again here.
                for id in snapshot.since.ids { merged.insert(id) }
                snapshot.since = IDsSince()
                saveBase(&snapshot, filter: merged, state: snapshot.state, at: end)
            }
        }
        if snapshot.nextSince == nil, snapshot.since.count >= recentRecords {
            snapshot.nextSince = snapshot.since.count
            var writer = PackedWriter()
            writer.write(snapshot.token)
            snapshot.since.write(to: &writer)
            snapshot.state.write(to: &writer)
            log.saveCheckpoint(writer.bytes, named: nextName, at: end)
        }
        saveCurrent(snapshot, at: end)
    }

    /// Writes `filter` and the base under a new token, which the snapshot takes with the filter:
    /// what was saved under the old one is no longer paired with them.
    private func saveBase(_ snapshot: inout Snapshot, filter: IdentifierFilter, state: Projection, at position: LogPosition) {
        snapshot.token = UInt64.random(in: 1 ... .max)
        snapshot.filter = filter
        snapshot.nextSince = nil
        snapshot.moved = [:]
        var writer = PackedWriter()
        writer.write(snapshot.token)
        filter.write(to: &writer)
        log.saveCheckpoint(writer.bytes, named: filterName, at: position)
        writer = PackedWriter()
        writer.write(snapshot.token)
        state.write(to: &writer)
        log.saveCheckpoint(writer.bytes, named: baseName, at: position)
    }

    private func saveCurrent(_ snapshot: Snapshot, at end: LogPosition) {
        var writer = PackedWriter()
        for word in Self.layout { writer.write(word) }
        writer.write(snapshot.token)
        snapshot.since.write(to: &writer)
        writer.write(snapshot.nextSince != nil)
        if let nextSince = snapshot.nextSince { writer.write(nextSince) }
        writer.write(snapshot.moved.count)
        for (id, versions) in snapshot.moved {
            writer.write(id)
            writer.write(versions)
        }
        snapshot.state.write(to: &writer)
        log.saveCheckpoint(writer.bytes, named: empty.checkpointName, at: end)
    }

    private func loadedNext(token: UInt64) -> ((since: Set<String>, state: Projection), LogPosition)? {
        guard let (payload, position) = log.checkpoint(named: nextName) else { return nil }
        var reader = PackedReader(payload)
        guard (try? reader.readUInt64()) == token, let since = try? IDsSince(reading: &reader).ids, let state = try? empty.decoded(from: &reader), reader.isAtEnd else { return nil }
        return ((since, state), position)
    }

}

/// The ids written since a base. Read from a checkpoint, they are checked at once but kept as
/// the bytes they were written as: a read that finds no line since never uses them, a line or
/// two since (an `add`'s) is looked up in the bytes and written back with them, and only many
/// lookups decode them into a set. A thousand ids cost more to decode than many a projection.
private struct IDsSince {
    /// The ids as a checkpoint holds them, already checked: decoding them can't fail.
    private final class Written {
        /// Each id as `PackedWriter` writes a string, one after another.
        let bytes: [UInt8]
        let count: Int
        private var lookups = 0
        lazy var ids: Set<String> = {
            var reader = PackedReader(bytes), ids = Set<String>(minimumCapacity: count)
            for _ in 0..<count { if let id = try? reader.readString() { ids.insert(id) } }
            return ids
        }()

        init(bytes: [UInt8], count: Int) {
            self.bytes = bytes
            self.count = count
        }

        /// A few ids are found by going through the bytes; past that, in the set.
        func contains(_ id: String) -> Bool {
            lookups += 1
            guard lookups > 8 else { return bytesContain(id) }
            return ids.contains(id)
        }

        private func bytesContain(_ id: String) -> Bool {
            var id = id
            return id.withUTF8 { wanted in
                bytes.withUnsafeBytes { all in
                    var offset = 0
                    while offset + 8 <= all.count {
                        let length = Int(UInt64(littleEndian: all.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
                        offset += 8
                        if length == wanted.count, UnsafeRawBufferPointer(rebasing: all[offset..<offset + length]).elementsEqual(wanted) { return true }
                        offset += length
                    }
                    return false
                }
            }
        }
    }

    private var written: Written?
    /// Ids inserted that `written` doesn't hold.
    private var added: Set<String> = []
    /// Every id, once there are no bytes.
    private var read: Set<String>

    init(_ ids: Set<String> = []) {
        read = ids
    }

    /// Checks the ids `write` wrote and moves `reader` past them; keeps a copy of their bytes
    /// alone, not the whole checkpoint's.
    init(reading reader: inout PackedReader) throws(PackedReader.Damaged) {
        let count = try reader.readCount(), start = reader.offset
        for _ in 0..<count { try reader.skipString() }
        written = Written(bytes: Array(reader.bytes[start..<reader.offset]), count: count)
        read = []
    }

    var ids: Set<String> { written.map { $0.ids.union(added) } ?? read }
    var count: Int { written.map { $0.count + added.count } ?? read.count }

    func contains(_ id: String) -> Bool {
        guard let written else { return read.contains(id) }
        return added.contains(id) || written.contains(id)
    }

    mutating func insert(_ id: String) {
        guard written != nil else {
            read.insert(id)
            return
        }
        if !contains(id) { added.insert(id) }
    }

    mutating func subtract(_ ids: Set<String>) {
        if let written {
            read = written.ids.union(added)
            self.written = nil
            added = []
        }
        read.subtract(ids)
    }

    /// The bytes read are written back as they are, the ids inserted after them.
    func write(to writer: inout PackedWriter) {
        writer.write(count)
        if let written { writer.append(written: written.bytes) }
        for id in written == nil ? read : added { writer.write(id) }
    }
}

/// The live records written after a base, in the ledger's order: a record written again moves
/// to the end, as a replay orders it.
private struct RecentRecords<Record> {
    private var records: [Record?] = []
    private var positions: [String: Int] = [:]
    /// Every id written after the base, deleted ones too.
    private(set) var ids = Set<String>()

    mutating func write(_ record: Record, id: String) {
        remove(id)
        ids.insert(id)
        positions[id] = records.count
        records.append(record)
    }

    mutating func remove(_ id: String) {
        if let position = positions.removeValue(forKey: id) { records[position] = nil }
    }

    func live(_ id: String) -> Record? {
        positions[id].flatMap { records[$0] }
    }

    var inOrder: [Record] { records.compactMap { $0 } }
}

/// What a replay of the whole log read: every projection of the same kinds can be rebuilt from it.
public struct LogReplay<Record> {
    let kinds: Set<String>
    /// Every live record, in the ledger's order.
    var records: [Record]
    /// Every version's id, superseded ones too.
    let ids: [String]
    /// Where each record's id is in `ids`.
    let versions: [Int32]
    /// How many of the records, and of the ids, came before the base the scan reached.
    let liveBeforeBase: Int
    let idsBeforeBase: Int
    let base: LogPosition?
    let end: LogPosition?
    /// Made once for every projection rebuilt from the replay: a million ids take a while.
    fileprivate var madeBaseFilter: (IdentifierFilter, Set<String>)?
    fileprivate var madeWholeFilter: IdentifierFilter?

    /// The filter of a base's ids, and the ids written after it, which are left out of the
    /// filter: a later line for one of them is folded from the base, not replayed.
    mutating func baseFilter() -> (filter: IdentifierFilter, since: Set<String>) {
        if let madeBaseFilter { return madeBaseFilter }
        let since = Set(ids[idsBeforeBase...])
        var filter = emptyFilter
        for id in ids[..<idsBeforeBase] where !since.contains(id) { filter.insert(id) }
        madeBaseFilter = (filter, since)
        return (filter, since)
    }

    /// The ids of the records at `positions` (written after the base), each with how many of its
    /// versions were written after the base, the live one last.
    func versionsAfterBase(ofRecordsAt positions: [Int]) -> [String: Int] {
        var counts = Dictionary(positions.map { (ids[Int(versions[$0])], 0) }) { first, _ in first }
        guard !counts.isEmpty else { return [:] }
        for id in ids[idsBeforeBase...] where counts[id] != nil { counts[id]! += 1 }
        return counts
    }

    /// The filter of every id: the base of a whole log.
    mutating func wholeFilter() -> IdentifierFilter {
        if let madeWholeFilter { return madeWholeFilter }
        var filter = emptyFilter
        for id in ids { filter.insert(id) }
        madeWholeFilter = filter
        return filter
    }

    /// Sized from the ids of these kinds, with room for half as many again, not from the log:
    /// every read loads the filter, and a projection of a few records keeps a small one.
    private var emptyFilter: IdentifierFilter { IdentifierFilter(expecting: ids.count + ids.count / 4) }
}

/// Projections of the same records whose checkpoints are rebuilt together. Whatever makes one
/// of them replay the whole log (a change to an old record, a log rewritten by a compaction, a
/// first read) stales the others' too, and the replay's cost is mostly reading the records, not
/// folding them: so the records one replay read rebuild them all, and the next command that
/// reads another folds only the lines appended since instead of reading the history again.
public final class ReplayCompanions<Record> {
    private struct Member {
        let name: String
        let kinds: Set<String>
        let rebuild: (inout LogReplay<Record>) -> Void
    }

    private var members: [Member] = []

    public init() {}

    /// `empty` rebuilt, in its context, whenever another member replays the log. One that folds
    /// other kinds is passed over: the records read aren't its own.
    public func add<Projection: CheckpointableProjection>(_ empty: Projection, log: CheckpointableLedger, recentRecords: Int = 2_048)
        where Projection.Record == Record {
        let reader = CheckpointedProjectionReader(log: log, empty: empty, recentRecords: recentRecords)
        members.append(Member(name: empty.checkpointName, kinds: Set(empty.kinds.map(\.name))) { reader.rebuilt(from: &$0) })
    }

    /// Every member but the one named, which replayed.
    func rebuild(from replay: inout LogReplay<Record>, except name: String) {
        for member in members where member.name != name && member.kinds == replay.kinds { member.rebuild(&replay) }
    }
}
