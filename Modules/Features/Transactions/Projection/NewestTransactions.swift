import Ledger

/// The newest transactions, as `list` orders them (`Transaction.newestFirst`), kept in a
/// checkpoint: `list -n 20` and `list --from` a recent day answer from it without the history.
public struct NewestTransactions: Equatable, Sendable {
    /// How many are kept: `list -n` up to this is answered from the checkpoint.
    public static let kept = 1_000

    public let base: String
    public let capacity: Int
    /// Newest first, as stored: each with the transaction it holds (in the base currency as
    /// every store reads it).
    private var entries: [LedgerEntry] = []
    public private(set) var newest: [Transaction] = []
    /// How many live transactions the history holds.
    public private(set) var total = 0

    public init(base: String, capacity: Int = NewestTransactions.kept) {
        self.base = base
        self.capacity = capacity
    }

    /// The newest transactions that match, as many as `limit`, when this can tell them without the
    /// history: enough of them match, or every one is kept, or `filter` starts after the oldest kept.
    public func answer(_ filter: TransactionFilter, scope: AccountScope, limit: Int?) -> [Transaction]? {
        let matching = newest.filter { $0.isSeen(in: scope) && filter.matches($0) }
        let isWhole = total <= newest.count || filter.from.map { from in newest.last.map { from > $0.date } ?? true } ?? false
        if let limit, matching.count >= limit { return Array(matching.prefix(limit)) }
        guard isWhole else { return nil }
        return limit.map { Array(matching.prefix($0)) } ?? matching
    }

    private mutating func insert(_ entry: LedgerEntry) throws(LedgerDecodingError) {
        guard let transaction = try TransactionsLedgerCodec.record(from: entry)?.inBase(base) else { return }
        total += 1
        var low = 0, high = newest.count
        while low < high {
            let middle = (low + high) / 2
            if Transaction.newestFirst(newest[middle], transaction) { low = middle + 1 } else { high = middle }
        }
        guard low < capacity else { return }
        newest.insert(transaction, at: low)
        entries.insert(entry, at: low)
        if newest.count > capacity {
            newest.removeLast()
            entries.removeLast()
        }
    }
}

extension NewestTransactions: CheckpointableProjection {
    public var checkpointName: String { "newest-transactions-v1-\(capacity)-\(base)" }
    public var kinds: [LedgerKind] { TransactionsLedgerCodec.kinds }

    public func replaying(_ entries: [LedgerEntry]) throws(LedgerDecodingError) -> NewestTransactions {
        var history: [Transaction] = []
        history.reserveCapacity(entries.count)
        var positions: [Int] = []
        for (position, entry) in entries.enumerated() {
            guard let transaction = try TransactionsLedgerCodec.record(from: entry) else { continue }
            history.append(transaction.inBase(base))
            positions.append(position)
        }
        var replayed = NewestTransactions(base: base, capacity: capacity)
        let order = history.indices.sorted { Transaction.newestFirst(history[$0], history[$1]) }.prefix(capacity)
        replayed.newest = order.map { history[$0] }
        replayed.entries = order.map { entries[positions[$0]] }
        replayed.total = history.count
        return replayed
    }

    public mutating func fold(_ entry: LedgerEntry) throws(LedgerDecodingError) -> Bool {
        try insert(entry)
        return true
    }

    public func write(to writer: inout CheckpointWriter) {
        writer.write(base)
        writer.write(capacity)
        writer.write(total)
        writer.write(entries: entries)
    }

    public func decoded(from reader: inout CheckpointReader) throws(CheckpointReader.Damaged) -> NewestTransactions? {
        guard try reader.readString() == base, try reader.readNonNegative() == capacity else { return nil }
        var decoded = NewestTransactions(base: base, capacity: capacity)
        decoded.total = try reader.readNonNegative()
        decoded.entries = try reader.readEntries()
        do {
            decoded.newest = try decoded.entries.map { entry throws(LedgerDecodingError) in
                guard let transaction = try TransactionsLedgerCodec.record(from: entry) else { throw .invalidField(id: entry.id, kind: entry.kind, field: "kind") }
                return transaction.inBase(base)
            }
        } catch {
            throw CheckpointReader.Damaged()
        }
        guard decoded.newest.count <= capacity, decoded.total >= decoded.newest.count else { throw CheckpointReader.Damaged() }
        return decoded
    }
}

/// The newest transactions on the ledger: the Transactions feature's port for a short list.
public protocol NewestTransactionsProjecting {
    func newest() throws(TransactionsStoreError) -> NewestTransactions
}

/// The newest transactions kept in a checkpoint of the ledger's log.
public final class CheckpointedNewestTransactions: NewestTransactionsProjecting {
    private let reader: CheckpointedProjectionReader<NewestTransactions>

    public init(log: CheckpointableLedger, base: String) {
        reader = CheckpointedProjectionReader(log: log, empty: NewestTransactions(base: base))
    }

    public func newest() throws(TransactionsStoreError) -> NewestTransactions {
        try reader.current()
    }
}
