/// A read model of a feature's records, as a pure fold: what every live record adds up to, how a
/// new one is folded in, and how a changed one is taken back out. How it is kept (a checkpoint,
/// memory) is the projection engine's business, behind the feature's read-model port.
///
/// A value is also the projection's context (a base currency, say): `replaying` answers for
/// that context.
public protocol RecordFold {
    /// What the projection folds: a feature's record, decoded from an entry of `kinds`.
    associatedtype Record
    /// The kinds it folds; lines of other kinds are passed over.
    var kinds: [LedgerKind] { get }
    /// The record an entry of `kinds` holds.
    func record(from entry: LedgerEntry) throws(LedgerDecodingError) -> Record?
    /// What every live record adds up to, in the ledger's order: the answer a checkpoint must
    /// always equal.
    func replaying(_ records: [Record]) -> Self
    /// Folds in a new record, appended after everything folded so far. False when that would
    /// not give what a replay gives (a back-dated row, say): the records since the base are
    /// folded again, or the history replayed.
    mutating func fold(_ record: Record) -> Bool
    /// Folds in records written after everything folded so far, in the ledger's order (the
    /// records since a base, a changed one moved to the end); false as for `fold`. A projection
    /// whose replay puts records in an order of its own (by date, say) can put them in it first,
    /// so that a record changed in place is still folded.
    mutating func fold(contentsOf records: [Record]) -> Bool
    /// Whether a replay folds `record` before `other` wherever the ledger holds them (an earlier
    /// day's transaction, say). A replay's base is taken only where no record after it comes
    /// before one in it, so the records after it can be folded onto it.
    func replayOrders(_ record: Record, before other: Record) -> Bool
    /// What `revise` needs to put `changes` in place of the versions folded, or nil when it
    /// can't: the log is replayed.
    func reading(toRevise changes: [Revision<Record>]) -> RevisionReading?
    /// Takes each change's earlier version back out and puts its later one in, written after
    /// everything folded, in the order given; `records` are those `reading` asked for among the
    /// records folded, in the order they were, each changed one in its later version, last.
    /// False when that wouldn't give what a replay gives: the log is replayed.
    mutating func revise(_ changes: [Revision<Record>], given records: [Record]) -> Bool
}

extension RecordFold {
    public mutating func fold(contentsOf records: [Record]) -> Bool {
        records.allSatisfy { fold($0) }
    }

    /// In the ledger's order.
    public func replayOrders(_ record: Record, before other: Record) -> Bool { false }

    /// A projection that can't be revised is replayed.
    public func reading(toRevise changes: [Revision<Record>]) -> RevisionReading? { nil }

    public mutating func revise(_ changes: [Revision<Record>], given records: [Record]) -> Bool { false }
}

/// A record a line changed after the projection folded a version of it: an edit or a delete of
/// an old record, which no fold can take.
public struct Revision<Record> {
    /// The version folded; nil when none was (it was deleted, or is of another kind).
    public let earlier: Record?
    /// The version the log holds now; nil when it was deleted.
    public let later: Record?

    public init(earlier: Record?, later: Record?) {
        self.earlier = earlier
        self.later = later
    }
}

/// What a projection reads to revise itself: far less than a replay, which reads and holds every
/// record.
public enum RevisionReading {
    /// The changes tell it all (the cash a transaction moved, say).
    case nothing
    /// The records folded that `picking` lets through (a ticker's, say), the changed ones in
    /// their later versions: the part of the projection they make is worked out again from them
    /// alone. It is asked of each line before it is decoded, and may let through more than are
    /// needed.
    case records(picking: (LedgerEntry) -> Bool)
}

/// A read model as the projection engine keeps it (in a checkpoint of the local log, say): the
/// one place a feature's store or use case reads its projection from.
public protocol ProjectionReading<Projection> {
    associatedtype Projection: RecordFold
    func current() throws(LedgerReadError) -> Projection
}

/// A projection replayed from every live record of a ledger at each read: what a ledger without
/// a log to checkpoint (a remote one, memory) is read through, and the answer every engine equals.
public struct ReplayedProjection<Projection: RecordFold>: ProjectionReading {
    private let ledger: LedgerStore
    private let empty: Projection

    public init(ledger: LedgerStore, empty: Projection) {
        self.ledger = ledger
        self.empty = empty
    }

    public func current() throws(LedgerReadError) -> Projection {
        let entries: [LedgerEntry]
        do { entries = try ledger.entries(ofKinds: empty.kinds) } catch { throw .store(error) }
        var records: [Projection.Record] = []
        records.reserveCapacity(entries.count)
        for entry in entries {
            do throws(LedgerDecodingError) {
                if let record = try empty.record(from: entry) { records.append(record) }
            } catch {
                throw .undecodable(error)
            }
        }
        return empty.replaying(records)
    }
}
