import Foundation

/// The ledger as one command run reads it: the first scan, of the command's long history, also
/// collects the entries of a few small kinds (manual prices, closes), and later look-ups of those
/// kinds are answered from it, so the command reads the log once. A write forgets what was
/// collected. Readers of the collected kinds use `entries(ofKinds:)`, never `scanLive`.
public final class ReadOnceLedgerStore: LedgerStore, @unchecked Sendable {
    private let decoratee: LedgerStore
    private let collectedKinds: [LedgerKind]
    /// Prices load on several threads, and two fallbacks may look up their kinds at once.
    private let lock = NSLock()
    private var collected: [LedgerEntry]?

    public init(decoratee: LedgerStore, collecting kinds: [LedgerKind]) {
        self.decoratee = decoratee
        collectedKinds = kinds
    }

    public func scanLive(reserve: (Int) -> Void, _ keep: (LedgerEntry) throws(LedgerDecodingError) -> Bool) throws(LedgerReadError) -> [Int] {
        lock.lock()
        defer { lock.unlock() }
        guard collected == nil else { return try decoratee.scanLive(reserve: reserve, keep) }
        let (superseded, entries) = try decoratee.scanLive(reserve: reserve, collecting: collectedKinds, keep)
        collected = entries
        return superseded
    }

    public func entries(ofKinds kinds: [LedgerKind]) throws(StoreError) -> [LedgerEntry] {
        let names = Set(kinds.map(\.name))
        guard names.isSubset(of: collectedKinds.map(\.name)) else { return try decoratee.entries(ofKinds: kinds) }
        lock.lock()
        defer { lock.unlock() }
        if collected == nil { collected = try decoratee.entries(ofKinds: collectedKinds) }
        return collected?.filter { names.contains($0.kind) } ?? []
    }

    /// What a write makes stale is forgotten.
    private func forget() {
        lock.withLock { collected = nil }
    }

    public func retrieveEntries() throws(StoreError) -> [LedgerEntry] { try decoratee.retrieveEntries() }

    public func latestVersions(_ match: IdentifierMatch) throws(StoreError) -> [String: LedgerEntry] { try decoratee.latestVersions(match) }

    public func retrieveReadableEntries() throws(StoreError) -> (entries: [LedgerEntry], unreadable: [LedgerRejection]) {
        try decoratee.retrieveReadableEntries()
    }

    public func overwrittenSinceWritten() -> Set<String> { decoratee.overwrittenSinceWritten() }

    public func append(_ entry: LedgerEntry) throws(StoreError) { try append(contentsOf: [entry]) }

    public func append(contentsOf entries: [LedgerEntry]) throws(StoreError) {
        forget()
        try decoratee.append(contentsOf: entries)
    }

    public func apply(_ entries: [LedgerEntry]) throws(StoreError) {
        forget()
        try decoratee.apply(entries)
    }

    public func apply(_ entries: [LedgerEntry], expecting expected: [String: Int64]) throws(StoreError) {
        forget()
        try decoratee.apply(entries, expecting: expected)
    }

    public func withExclusiveAccess<T, Failure: Error>(_ body: () throws(Failure) -> T, lockFailure: (StoreError) -> Failure) throws(Failure) -> T {
        try decoratee.withExclusiveAccess(body, lockFailure: lockFailure)
    }

    public func rejections(ofStoring entries: [LedgerEntry]) -> [LedgerRejection] { decoratee.rejections(ofStoring: entries) }
}
