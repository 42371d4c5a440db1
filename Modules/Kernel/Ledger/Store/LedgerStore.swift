import Foundation

/// Where entries live. Adapters: the durable local log, memory, and the remote database.
///
/// Generic on purpose: a store never decodes a payload, so it keeps every kind, known or not.
public protocol LedgerStore: AnyObject {
    /// Each id's latest version, tombstones included: live entries first, in the order they were
    /// written, then tombstones.
    func retrieveEntries() throws(StoreError) -> [LedgerEntry]
    /// Every entry the store can read, and those it can't, by id and why: a sync leaves those out
    /// instead of failing on one record someone else wrote wrong.
    func retrieveReadableEntries() throws(StoreError) -> (entries: [LedgerEntry], unreadable: [LedgerRejection])
    /// Hands each live entry's version, in the store's order, to `keep`, which keeps what it
    /// wants in an array of its own and says whether it kept something. Returns the positions,
    /// among the kept, of versions a later one superseded, for the caller to drop. A store may
    /// hand over superseded versions too: the local log does, so it reads its file in one pass.
    /// A version `keep` can't decode fails the scan only if it is still the live one. `reserve`
    /// is told first about how many entries may come, so the caller's array grows once: on a
    /// long history, growing by doubling touched a third more memory than the whole read.
    func scanLive(reserve: (Int) -> Void, _ keep: (LedgerEntry) throws(LedgerDecodingError) -> Bool) throws(LedgerReadError) -> [Int]
    /// The live entries of `kinds`, in the store's order: how a feature with a few records reads
    /// them, without keeping the rest of a long history in memory.
    func entries(ofKinds kinds: [LedgerKind]) throws(StoreError) -> [LedgerEntry]
    /// The latest version, tombstones included, of each id `match` takes: what an undo point
    /// keeps of the versions a change replaces, and how a command finds a record by the start
    /// of its id. The local log reads back from its end and decodes only the lines that match,
    /// so the versions of recently written ids cost a few kilobytes.
    func latestVersions(_ match: IdentifierMatch) throws(StoreError) -> [String: LedgerEntry]
    /// Stores one entry, replacing the id's earlier version; the local log appends one line.
    func append(_ entry: LedgerEntry) throws(StoreError)
    /// Stores a few entries in order, as cheaply as one where the adapter can (the local log: one
    /// write and one flush to disk); after a crash, the first ones may be stored without the rest.
    func append(contentsOf entries: [LedgerEntry]) throws(StoreError)
    /// Stores every entry as one unit where the adapter can: after a crash, all or none.
    func apply(_ entries: [LedgerEntry]) throws(StoreError)
    /// Like `apply`, but only over the versions the caller last read: `expected` holds, by id,
    /// the `updatedAt` each id had then, and an id it lacks had no version. An entry whose id
    /// moved on since fails with `changedMeanwhile`, and no entry is written over a version the
    /// caller never saw: a slow writer can't put an older version over a newer one. (The remote
    /// store writes entries that had no version without a check: their ids are random, so no
    /// other device can have written them.)
    func apply(_ entries: [LedgerEntry], expecting expected: [String: Int64]) throws(StoreError)
    /// Runs `body` with other writers (other processes too) kept out, so a check followed by a
    /// write can't interleave with another writer. Store calls made inside `body` are allowed.
    /// When the lock can't be taken, `lockFailure` words the store's error as the body's own.
    func withExclusiveAccess<T, Failure: Error>(_ body: () throws(Failure) -> T, lockFailure: (StoreError) -> Failure) throws(Failure) -> T
    /// The entries this store could not hold, by id and why, checked before writing: a store
    /// with limits of its own (the remote database's) names them, so one entry can't make a
    /// whole batch fail on every sync.
    func rejections(ofStoring entries: [LedgerEntry]) -> [LedgerRejection]
    /// Of the entries last retrieved, the ids of those this client wrote and another writer has
    /// replaced or removed since: a shared document that another app rewrites whole from the
    /// state it loaded. A sync reports each as a conflict, keeping both versions.
    func overwrittenSinceWritten() -> Set<String>
}

/// Which ids `LedgerStore.latestVersions` looks for.
public enum IdentifierMatch: Equatable, Sendable {
    /// These ids: a reader can stop once it found each.
    case ids(Set<String>)
    /// Every id that starts with this.
    case prefix(String)

    public func takes(_ id: String) -> Bool {
        switch self {
        case let .ids(ids): ids.contains(id)
        case let .prefix(prefix): id.hasPrefix(prefix)
        }
    }

    /// What `LedgerStore.latestVersions` gives, picked from each id's latest version, as
    /// `retrieveEntries` gives them.
    public func versions(in entries: [LedgerEntry]) -> [String: LedgerEntry] {
        Dictionary(entries.filter { takes($0.id) }.map { ($0.id, $0) }) { $1 }
    }
}

extension LedgerStore {
    /// A store that reads whole picks from everything it holds.
    public func latestVersions(_ match: IdentifierMatch) throws(StoreError) -> [String: LedgerEntry] {
        match.versions(in: try retrieveEntries())
    }

    /// A store with a lock checks and writes under it.
    public func apply(_ entries: [LedgerEntry], expecting expected: [String: Int64]) throws(StoreError) {
        try withExclusiveAccess { () throws(StoreError) in
            let current = Dictionary(try retrieveEntries().map { ($0.id, $0.updatedAt) }) { $1 }
            if let moved = entries.first(where: { current[$0.id] != expected[$0.id] }) { throw .changedMeanwhile(id: moved.id) }
            try apply(entries)
        }
    }

    /// Store work with other writers kept out, failing as the store does.
    public func withExclusiveAccess<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try withExclusiveAccess(body, lockFailure: { $0 })
    }

    public func append(contentsOf entries: [LedgerEntry]) throws(StoreError) {
        for entry in entries { try append(entry) }
    }

    /// Stores that only this ledger's clients write know of no overwrite.
    public func overwrittenSinceWritten() -> Set<String> { [] }

    /// Stores without limits beyond the ledger's own hold every entry.
    public func rejections(ofStoring entries: [LedgerEntry]) -> [LedgerRejection] { [] }

    /// Stores that check what they hold as they write it have nothing unreadable.
    public func retrieveReadableEntries() throws(StoreError) -> (entries: [LedgerEntry], unreadable: [LedgerRejection]) {
        (try retrieveEntries(), [])
    }

    public func entries(ofKinds kinds: [LedgerKind]) throws(StoreError) -> [LedgerEntry] {
        do throws(LedgerReadError) {
            return try scanLive(reserve: { _ in }, collecting: kinds) { _ in false }.collected
        } catch let .store(error) {
            throw error
        } catch {
            // Nothing is decoded: the scan keeps entries as they are.
            return []
        }
    }

    /// `scanLive` that also collects, in the same pass, the live entries of `kinds` as they are:
    /// one read of the log for a command that decodes a long history and looks up a few small
    /// kinds besides. `keep` never sees an entry of `kinds`.
    public func scanLive(reserve: (Int) -> Void, collecting kinds: [LedgerKind], _ keep: (LedgerEntry) throws(LedgerDecodingError) -> Bool)
        throws(LedgerReadError) -> (superseded: [Int], collected: [LedgerEntry]) {
        let names = kinds.map(\.name)
        var collected: [LedgerEntry] = []
        // Where each collected entry came among everything kept, to tell the superseded apart.
        var collectedPositions: [Int] = []
        var kept = 0
        let superseded = try scanLive(reserve: reserve) { entry throws(LedgerDecodingError) in
            if names.contains(entry.kind) {
                collectedPositions.append(kept)
                collected.append(entry)
            } else {
                guard try keep(entry) else { return false }
            }
            kept += 1
            return true
        }
        guard !superseded.isEmpty else { return (superseded, collected) }
        var deadCollected = Set<Int>(), deadKept: [Int] = []
        for position in superseded {
            let collectedBefore = collectedPositions.partitioningIndex { $0 >= position }
            if collectedBefore < collectedPositions.count, collectedPositions[collectedBefore] == position {
                deadCollected.insert(collectedBefore)
            } else {
                deadKept.append(position - collectedBefore)
            }
        }
        return (deadKept, collected.indices.filter { !deadCollected.contains($0) }.map { collected[$0] })
    }

    /// Stores that resolve versions before they answer hand over live entries only.
    public func scanLive(reserve: (Int) -> Void, _ keep: (LedgerEntry) throws(LedgerDecodingError) -> Bool) throws(LedgerReadError) -> [Int] {
        let entries: [LedgerEntry]
        do {
            entries = try retrieveEntries()
        } catch {
            throw .store(error)
        }
        reserve(entries.count)
        do throws(LedgerDecodingError) {
            for entry in entries where !entry.isDeleted { _ = try keep(entry) }
        } catch {
            throw .undecodable(error)
        }
        return []
    }
}

/// Why entries could not be read for a feature: the store failed, or the feature could not read
/// a live entry of one of its kinds.
public enum LedgerReadError: Error, Equatable, Sendable {
    case store(StoreError)
    case undecodable(LedgerDecodingError)
}

/// Every way a ledger adapter fails, typed so each client words it (and its advice) itself: the
/// local store's failures, the remote store's, and the two any store can meet.
public enum StoreError: Error, Equatable, Sendable {
    /// The files on this machine.
    case local(LocalStoreFailure)
    /// The remote database.
    case remote(RemoteStoreFailure)
    /// An id or kind no store may hold (see `LedgerIdentifier`).
    case invalidIdentifier(String)
    /// A conditional write found the record changed since it was read (another device wrote it):
    /// nothing was written over it; read again and plan again.
    case changedMeanwhile(id: String)
}

/// How the local store fails.
public enum LocalStoreFailure: Equatable, Sendable {
    /// A line of a store file can't be read; nothing was changed.
    case damaged(file: String, line: Int, reason: String)
    /// The file is not a ledger at all (a foreign file in the data directory).
    case notALedger(file: String)
    /// Written by a newer release in a format this one can't read; left untouched.
    case newerFormat(file: String, version: Int, supported: Int)
    /// The data directory is not private to this user; nothing was read or written.
    case unsafeDirectory(path: String, reason: String)
    /// A file-system call failed; `reason` is the system's.
    case fileSystem(operation: String, path: String, reason: String)
}

/// How the remote store fails.
public enum RemoteStoreFailure: Equatable, Sendable {
    /// The remote refused the credentials, or none are available.
    case notSignedIn
    /// The remote refused access to this data: it belongs to someone else.
    case permissionDenied
    /// The remote could not be reached, or failed on its side.
    case unavailable(host: String, reason: Unavailability)
    /// The remote refused the request for a reason of its own.
    case rejected(status: Int, message: String?)
    /// The remote answered something that is not a set of entries.
    case malformedResponse(detail: String)

    public enum Unavailability: Equatable, Sendable {
        case timedOut
        case noConnection
        case serverError(status: Int)
    }
}

/// The adapters' spelling of their failures: each is a case of its side's enum.
extension StoreError {
    public static func damaged(file: String, line: Int, reason: String) -> StoreError { .local(.damaged(file: file, line: line, reason: reason)) }
    public static func notALedger(file: String) -> StoreError { .local(.notALedger(file: file)) }
    public static func newerFormat(file: String, version: Int, supported: Int) -> StoreError {
        .local(.newerFormat(file: file, version: version, supported: supported))
    }
    public static func unsafeDirectory(path: String, reason: String) -> StoreError { .local(.unsafeDirectory(path: path, reason: reason)) }
    public static func fileSystem(operation: String, path: String, reason: String) -> StoreError {
        .local(.fileSystem(operation: operation, path: path, reason: reason))
    }
    public static let notSignedIn = StoreError.remote(.notSignedIn)
    public static let permissionDenied = StoreError.remote(.permissionDenied)
    public static func unavailable(host: String, reason: RemoteStoreFailure.Unavailability) -> StoreError { .remote(.unavailable(host: host, reason: reason)) }
    public static func rejected(status: Int, message: String?) -> StoreError { .remote(.rejected(status: status, message: message)) }
    public static func malformedResponse(detail: String) -> StoreError { .remote(.malformedResponse(detail: detail)) }
}

extension Array {
    /// Leaves out the elements at `positions`, in any order: what a scan kept, less the versions
    /// it found superseded. The rest move down in place, not copied: a long history's records
    /// hold strings, and a copy of each retains every one.
    public mutating func removeAll(atPositions positions: [Int]) {
        guard !positions.isEmpty else { return }
        let dropped = positions.sorted()
        var next = 0, kept = 0
        for index in indices {
            while next < dropped.count, dropped[next] < index { next += 1 }
            if next < dropped.count, dropped[next] == index { continue }
            if kept != index { swapAt(kept, index) }
            kept += 1
        }
        removeLast(count - kept)
    }

    /// The first index whose element is `belongs`, in an array where those come last.
    fileprivate func partitioningIndex(where belongs: (Element) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if belongs(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
