import Foundation

/// A ledger with some kinds out of sight: a sync given it on both sides neither pushes nor pulls
/// those kinds, and leaves them as they are wherever they already are. For records the user keeps
/// on this machine only (savings, unless they opt in).
public final class KindExcludingLedgerStore: LedgerStore {
    private let decoratee: LedgerStore
    private let excluded: Set<String>

    public init(decoratee: LedgerStore, excluding kinds: [LedgerKind]) {
        self.decoratee = decoratee
        self.excluded = Set(kinds.map(\.name))
    }

    public func retrieveEntries() throws(StoreError) -> [LedgerEntry] {
        try decoratee.retrieveEntries().filter { !excluded.contains($0.kind) }
    }

    public func retrieveReadableEntries() throws(StoreError) -> (entries: [LedgerEntry], unreadable: [LedgerRejection]) {
        let (entries, unreadable) = try decoratee.retrieveReadableEntries()
        return (entries.filter { !excluded.contains($0.kind) }, unreadable.filter { !excluded.contains($0.kind) })
    }

    public func scanLive(reserve: (Int) -> Void, _ keep: (LedgerEntry) throws(LedgerDecodingError) -> Bool) throws(LedgerReadError) -> [Int] {
        try decoratee.scanLive(reserve: reserve) { entry throws(LedgerDecodingError) in
            excluded.contains(entry.kind) ? false : try keep(entry)
        }
    }

    public func append(_ entry: LedgerEntry) throws(StoreError) { try append(contentsOf: [entry]) }

    public func append(contentsOf entries: [LedgerEntry]) throws(StoreError) {
        try decoratee.append(contentsOf: entries.filter { !excluded.contains($0.kind) })
    }

    public func apply(_ entries: [LedgerEntry]) throws(StoreError) {
        try decoratee.apply(entries.filter { !excluded.contains($0.kind) })
    }

    public func apply(_ entries: [LedgerEntry], expecting expected: [String: Int64]) throws(StoreError) {
        try decoratee.apply(entries.filter { !excluded.contains($0.kind) }, expecting: expected)
    }

    public func withExclusiveAccess<T>(_ body: () throws -> T) throws -> T {
        try decoratee.withExclusiveAccess(body)
    }

    public func rejections(ofStoring entries: [LedgerEntry]) -> [LedgerRejection] {
        decoratee.rejections(ofStoring: entries.filter { !excluded.contains($0.kind) })
    }
}
