import Foundation

/// The ledger as one command run reads it: the first scan, of the command's long history, also
/// collects the entries of a few small kinds (manual prices, closes), and later look-ups of those
/// kinds are answered from it, so the command reads the log once. An id's latest version looked
/// up under the exclusive lock (a change's earlier version, then its undo point's) is kept until
/// the lock is let go, since no other process can write meanwhile. A write forgets what was
/// collected. Readers of the collected kinds use `entries(ofKinds:)`, never `scanLive`.
public final class ReadOnceLedgerStore: LedgerStore, @unchecked Sendable {
    private let decoratee: LedgerStore
    private let collectedKinds: [LedgerKind]
    /// Prices load on several threads, and two fallbacks may look up their kinds at once.
    private let lock = NSLock()
    private var collected: [LedgerEntry]?
    /// How deep in `withExclusiveAccess` this run is, and each id's version looked up in it (nil: none).
    private var exclusiveDepth = 0
    private var lookedUp: [String: LedgerEntry?] = [:]

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
        lock.withLock {
            collected = nil
            lookedUp = [:]
        }
    }

    public func retrieveEntries() throws(StoreError) -> [LedgerEntry] { try decoratee.retrieveEntries() }

    public func latestVersions(_ match: IdentifierMatch) throws(StoreError) -> [String: LedgerEntry] {
        guard case let .ids(ids) = match, lock.withLock({ exclusiveDepth > 0 }) else { return try decoratee.latestVersions(match) }
        if let known = lock.withLock({ () -> [String: LedgerEntry]? in
            guard ids.allSatisfy({ lookedUp[$0] != nil }) else { return nil }
            return ids.reduce(into: [:]) { found, id in found[id] = lookedUp[id] ?? nil }
        }) {
            return known
        }
        let found = try decoratee.latestVersions(match)
        lock.withLock { for id in ids { lookedUp[id] = .some(found[id]) } }
        return found
    }

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
        try decoratee.withExclusiveAccess({ () throws(Failure) -> T in
            lock.withLock { exclusiveDepth += 1 }
            defer {
                lock.withLock {
                    exclusiveDepth -= 1
                    if exclusiveDepth == 0 { lookedUp = [:] }
                }
            }
            return try body()
        }, lockFailure: lockFailure)
    }

    public func rejections(ofStoring entries: [LedgerEntry]) -> [LedgerRejection] { decoratee.rejections(ofStoring: entries) }
}
