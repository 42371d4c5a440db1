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

    public func replaying(_ entries: [LedgerEntry]) throws(LedgerDecodingError) -> LiveEntries {
        var replayed = self
        replayed.entries = entries
        return replayed
    }

    public mutating func fold(_ entry: LedgerEntry) throws(LedgerDecodingError) -> Bool {
        entries.append(entry)
        return true
    }

    /// The kinds' names, then each entry's id, kind, schema and time, then every payload in one
    /// block, so loading them makes one buffer, not one per entry.
    public func write(to writer: inout CheckpointWriter) {
        writer.write(kinds.map(\.name).sorted().joined(separator: ","))
        writer.write(entries.count)
        var payloads: [UInt8] = []
        for entry in entries {
            writer.write(entry.id)
            writer.write(entry.kind)
            writer.write(entry.schema)
            writer.write(entry.updatedAt)
            let count = entry.payload.withEncodedBytes { bytes in
                payloads.append(contentsOf: bytes)
                return bytes.count
            }
            writer.write(count)
        }
        writer.write(payloads)
    }

    public func decoded(from reader: inout CheckpointReader) throws(CheckpointReader.Damaged) -> LiveEntries? {
        guard try reader.readString() == kinds.map(\.name).sorted().joined(separator: ",") else { return nil }
        var headers: [(id: String, kind: String, schema: Int, updatedAt: Int64, length: Int)] = []
        for _ in 0..<(try reader.readCount()) {
            headers.append((try reader.readString(), try reader.readString(), try reader.readNonNegative(), try reader.readInt64(), try reader.readNonNegative()))
        }
        let payloads = try reader.readBytes()
        guard headers.reduce(0, { $0 + $1.length }) == payloads.count else { throw CheckpointReader.Damaged() }
        let shared = LedgerBytes(payloads)
        var decoded = self, start = 0
        decoded.entries = headers.map { header in
            defer { start += header.length }
            return LedgerEntry(id: header.id, kind: header.kind, schema: header.schema, updatedAt: header.updatedAt,
                               payload: LedgerPayload(encoded: shared, range: start..<start + header.length))
        }
        return decoded
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
