import Foundation

/// A ledger with only some kinds in sight: a sync given it neither pushes nor pulls the others,
/// and leaves them as they are wherever they already are. For records the user keeps on this
/// machine only (savings, unless they opt in), and for kinds another backend syncs (the journal).
public final class KindFilteringLedgerStore: LedgerStore {
    private let decoratee: LedgerStore
    private let kinds: Set<String>
    private let keepsListedKinds: Bool
    /// Kinds written through though hidden from reads: a sync's conflicts, kept on the ledger
    /// that lists them, never sent to the store the sync is with.
    private let writtenThrough: Set<String>

    public init(decoratee: LedgerStore, excluding kinds: [LedgerKind]) {
        self.decoratee = decoratee
        self.kinds = Set(kinds.map(\.name))
        keepsListedKinds = false
        writtenThrough = []
    }

    public init(decoratee: LedgerStore, only kinds: [LedgerKind], writingThrough hidden: [LedgerKind] = []) {
        self.decoratee = decoratee
        self.kinds = Set(kinds.map(\.name))
        keepsListedKinds = true
        writtenThrough = Set(hidden.map(\.name))
    }

    private func hides(_ kind: String) -> Bool { kinds.contains(kind) != keepsListedKinds }
    private func drops(_ kind: String) -> Bool { hides(kind) && !writtenThrough.contains(kind) }

    public func retrieveEntries() throws(StoreError) -> [LedgerEntry] {
        try decoratee.retrieveEntries().filter { !hides($0.kind) }
    }

    public func latestVersions(_ match: IdentifierMatch) throws(StoreError) -> [String: LedgerEntry] {
        try decoratee.latestVersions(match).filter { !hides($0.value.kind) }
    }

    public func retrieveReadableEntries() throws(StoreError) -> (entries: [LedgerEntry], unreadable: [LedgerRejection]) {
        let (entries, unreadable) = try decoratee.retrieveReadableEntries()
        return (entries.filter { !hides($0.kind) }, unreadable.filter { !hides($0.kind) })
    }

    public func overwrittenSinceWritten() -> Set<String> { decoratee.overwrittenSinceWritten() }

    public func scanLive(reserve: (Int) -> Void, _ keep: (LedgerEntry) throws(LedgerDecodingError) -> Bool) throws(LedgerReadError) -> [Int] {
        try decoratee.scanLive(reserve: reserve) { entry throws(LedgerDecodingError) in
            hides(entry.kind) ? false : try keep(entry)
        }
    }

    public func entries(ofKinds kinds: [LedgerKind]) throws(StoreError) -> [LedgerEntry] {
        try decoratee.entries(ofKinds: kinds.filter { !hides($0.name) })
    }

    public func append(_ entry: LedgerEntry) throws(StoreError) { try append(contentsOf: [entry]) }

    public func append(contentsOf entries: [LedgerEntry]) throws(StoreError) {
        try decoratee.append(contentsOf: entries.filter { !drops($0.kind) })
    }

    public func apply(_ entries: [LedgerEntry]) throws(StoreError) {
        try decoratee.apply(entries.filter { !drops($0.kind) })
    }

    public func apply(_ entries: [LedgerEntry], expecting expected: [String: Int64]) throws(StoreError) {
        try decoratee.apply(entries.filter { !drops($0.kind) }, expecting: expected)
    }

    public func withExclusiveAccess<T, Failure: Error>(_ body: () throws(Failure) -> T, lockFailure: (StoreError) -> Failure) throws(Failure) -> T {
        try decoratee.withExclusiveAccess(body, lockFailure: lockFailure)
    }

    public func rejections(ofStoring entries: [LedgerEntry]) -> [LedgerRejection] {
        decoratee.rejections(ofStoring: entries.filter { !hides($0.kind) })
    }
}
