import Foundation

/// The ledger as the user's own commands write it: each change first records the versions it
/// replaces as this data directory's undo point, then writes (for an append, in the same write).
/// Written in that order, a crash between the two leaves an undo point whose change never
/// happened, which `undo` recognises and refuses, rather than a change nobody can undo. Syncs write to the ledger directly: what
/// another device did is not this directory's to undo.
public final class UndoRecordingLedgerStore: LedgerStore {
    /// Past this many records, a batch (an import) keeps no earlier versions: it is not undoable.
    public static let maximumUndoableBatch = 10_000

    /// How the earlier versions are found.
    public enum EarlierVersions {
        /// Every record written is new (an add, whose id was just made): there are none, and
        /// nothing is read, so an add stays one append whatever the history's length.
        case noneForNewRecords
        /// Read from the ledger before each write (an edit, a delete, an import).
        case lookedUp
    }

    private let decoratee: LedgerStore
    private let pointID: () throws(StoreError) -> String
    private let earlierVersions: EarlierVersions

    /// - Parameter pointID: this data directory's undo point, `undo-` and its device id; asked
    ///   for at the first write only, so a read never creates one.
    public init(decoratee: LedgerStore, earlierVersions: EarlierVersions, pointID: @escaping () throws(StoreError) -> String) {
        self.decoratee = decoratee
        self.earlierVersions = earlierVersions
        self.pointID = pointID
    }

    public func retrieveEntries() throws(StoreError) -> [LedgerEntry] { try decoratee.retrieveEntries() }

    public func latestVersions(_ match: IdentifierMatch) throws(StoreError) -> [String: LedgerEntry] { try decoratee.latestVersions(match) }

    public func retrieveReadableEntries() throws(StoreError) -> (entries: [LedgerEntry], unreadable: [LedgerRejection]) {
        try decoratee.retrieveReadableEntries()
    }

    public func overwrittenSinceWritten() -> Set<String> { decoratee.overwrittenSinceWritten() }

    public func scanLive(reserve: (Int) -> Void, _ keep: (LedgerEntry) throws(LedgerDecodingError) -> Bool) throws(LedgerReadError) -> [Int] {
        try decoratee.scanLive(reserve: reserve, keep)
    }

    public func entries(ofKinds kinds: [LedgerKind]) throws(StoreError) -> [LedgerEntry] {
        try decoratee.entries(ofKinds: kinds)
    }

    public func append(_ entry: LedgerEntry) throws(StoreError) {
        try decoratee.append(contentsOf: [try undoPoint(for: [entry]), entry])
    }

    public func append(contentsOf entries: [LedgerEntry]) throws(StoreError) {
        guard !entries.isEmpty else { return }
        try decoratee.append(contentsOf: [try undoPoint(for: entries)] + entries)
    }

    public func apply(_ entries: [LedgerEntry]) throws(StoreError) {
        guard !entries.isEmpty else { return }
        try decoratee.append(try undoPoint(for: entries))
        try decoratee.apply(entries)
    }

    public func withExclusiveAccess<T, Failure: Error>(_ body: () throws(Failure) -> T, lockFailure: (StoreError) -> Failure) throws(Failure) -> T {
        try decoratee.withExclusiveAccess(body, lockFailure: lockFailure)
    }

    private func undoPoint(for entries: [LedgerEntry]) throws(StoreError) -> LedgerEntry {
        let stamp = entries.map(\.updatedAt).max() ?? 0
        let id = try pointID()
        guard entries.count <= Self.maximumUndoableBatch else {
            return UndoPointCodec.entry(UndoPoint(content: .tooLarge(count: entries.count)), id: id, updatedAt: stamp)
        }
        let before = earlierVersions == .lookedUp ? try decoratee.latestVersions(.ids(Set(entries.map(\.id)))) : [:]
        let changes = entries.map { UndoPoint.Change(id: $0.id, changedAt: $0.updatedAt, before: before[$0.id]) }
        return UndoPointCodec.entry(UndoPoint(content: .changes(changes)), id: id, updatedAt: stamp)
    }
}
