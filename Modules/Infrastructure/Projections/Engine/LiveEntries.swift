import Ledger

/// The live entries of a few small kinds (accounts, securities, rates, closes…), kept as they
/// are: what most commands look up besides their own records, answered from a checkpoint
/// instead of a read of the whole log.
public struct LiveEntries: CheckpointableProjection, Equatable {
    public let kinds: [LedgerKind]
    /// In the ledger's order.
    public private(set) var entries: [LedgerEntry] = []

    public init(kinds: [LedgerKind]) {
        self.kinds = kinds
    }

    public var checkpointName: String {
        "entries-v1-" + String(StableHash.of(kinds.map(\.name).sorted().joined(separator: ",").utf8), radix: 36)
    }

    public func record(from entry: LedgerEntry) throws(LedgerDecodingError) -> LedgerEntry? { entry }

    public func replaying(_ entries: [LedgerEntry]) -> LiveEntries {
        var replayed = self
        replayed.entries = entries
        return replayed
    }

    public mutating func fold(_ entry: LedgerEntry) -> Bool {
        entries.append(entry)
        return true
    }

    public func reading(toRevise changes: [Revision<LedgerEntry>]) -> RevisionReading? { .nothing }

    /// A changed entry's line is the log's latest, so it goes last.
    public mutating func revise(_ changes: [Revision<LedgerEntry>], given records: [LedgerEntry]) -> Bool {
        for change in changes {
            if let earlier = change.earlier { entries.removeAll { $0.id == earlier.id } }
            if let later = change.later { entries.append(later) }
        }
        return true
    }

    public func write(to writer: inout PackedWriter) {
        writer.write(kinds.map(\.name).sorted().joined(separator: ","))
        writer.write(entries: entries)
    }

    public func decoded(from reader: inout PackedReader) throws(PackedReader.Damaged) -> LiveEntries? {
        guard try reader.readString() == kinds.map(\.name).sorted().joined(separator: ",") else { return nil }
        var decoded = self
        decoded.entries = try reader.readEntries()
        return decoded
    }
}

extension PackedWriter {
    /// Each entry's id, kind, schema and time, then every payload in one block, so reading them
    /// back makes one buffer, not one per entry.
    public mutating func write(entries: [LedgerEntry]) {
        write(entries.count)
        var payloads: [UInt8] = []
        for entry in entries {
            write(entry.id)
            write(entry.kind)
            write(entry.schema)
            write(entry.updatedAt)
            let count = entry.payload.withEncodedBytes { bytes in
                payloads.append(contentsOf: bytes)
                return bytes.count
            }
            write(count)
        }
        write(payloads)
    }
}

extension PackedReader {
    /// What `write(entries:)` wrote; tombstones are never written.
    public mutating func readEntries() throws(Damaged) -> [LedgerEntry] {
        var headers: [(id: String, kind: String, schema: Int, updatedAt: Int64, length: Int)] = []
        for _ in 0..<(try readCount()) {
            headers.append((try readString(), try readString(), try readNonNegative(), try readInt64(), try readCount()))
        }
        let payloads = try readBytes()
        guard headers.reduce(0, { $0 + $1.length }) == payloads.count else { throw Damaged() }
        let shared = LedgerBytes(payloads)
        var start = 0
        return headers.map { header in
            defer { start += header.length }
            return LedgerEntry(id: header.id, kind: header.kind, schema: header.schema, updatedAt: header.updatedAt,
                               payload: LedgerPayload(encoded: shared, range: start..<start + header.length))
        }
    }
}

/// A ledger whose look-ups of a few small kinds are answered by their checkpoint (`LiveEntries`);
/// everything else goes to the ledger itself.
public final class CheckpointedKindsLedgerStore: LedgerStore {
    private let decoratee: LedgerStore
    private let reader: CheckpointedProjectionReader<LiveEntries>
    private let kinds: Set<String>

    public init(decoratee: LedgerStore, log: CheckpointableLedger, kinds: [LedgerKind]) {
        self.decoratee = decoratee
        reader = CheckpointedProjectionReader(log: log, empty: LiveEntries(kinds: kinds))
        self.kinds = Set(kinds.map(\.name))
    }

    public func entries(ofKinds kinds: [LedgerKind]) throws(StoreError) -> [LedgerEntry] {
        let names = Set(kinds.map(\.name))
        guard names.isSubset(of: self.kinds) else { return try decoratee.entries(ofKinds: kinds) }
        do throws(LedgerReadError) {
            return try reader.current().entries.filter { names.contains($0.kind) }
        } catch let .store(error) {
            throw error
        } catch {
            // Nothing is decoded: entries are kept as they are.
            return []
        }
    }

    public func scanLive(reserve: (Int) -> Void, _ keep: (LedgerEntry) throws(LedgerDecodingError) -> Bool) throws(LedgerReadError) -> [Int] {
        try decoratee.scanLive(reserve: reserve, keep)
    }

    public func retrieveEntries() throws(StoreError) -> [LedgerEntry] { try decoratee.retrieveEntries() }

    public func latestVersions(_ match: IdentifierMatch) throws(StoreError) -> [String: LedgerEntry] { try decoratee.latestVersions(match) }

    public func retrieveReadableEntries() throws(StoreError) -> (entries: [LedgerEntry], unreadable: [LedgerRejection]) {
        try decoratee.retrieveReadableEntries()
    }

    public func overwrittenSinceWritten() -> Set<String> { decoratee.overwrittenSinceWritten() }
    public func append(_ entry: LedgerEntry) throws(StoreError) { try decoratee.append(entry) }
    public func append(contentsOf entries: [LedgerEntry]) throws(StoreError) { try decoratee.append(contentsOf: entries) }
    public func apply(_ entries: [LedgerEntry]) throws(StoreError) { try decoratee.apply(entries) }

    public func apply(_ entries: [LedgerEntry], expecting expected: [String: Int64]) throws(StoreError) {
        try decoratee.apply(entries, expecting: expected)
    }

    public func withExclusiveAccess<T, Failure: Error>(_ body: () throws(Failure) -> T, lockFailure: (StoreError) -> Failure) throws(Failure) -> T {
        try decoratee.withExclusiveAccess(body, lockFailure: lockFailure)
    }

    public func rejections(ofStoring entries: [LedgerEntry]) -> [LedgerRejection] { decoratee.rejections(ofStoring: entries) }
}
