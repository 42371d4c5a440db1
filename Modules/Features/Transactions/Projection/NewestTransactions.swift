import Ledger

/// The newest transactions, as `list` orders them (`Transaction.newestFirst`), kept in a
/// checkpoint: `list -n 20` and `list --from` a recent day answer from it without the history.
public struct NewestTransactions: Equatable, Sendable {
    /// How many are kept: `list -n` up to this is answered from the checkpoint.
    public static let kept = 1_000

    public let base: String
    public let capacity: Int
    /// Newest first, in the base currency as every store reads them.
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

    private mutating func insert(_ transaction: Transaction) {
        let transaction = transaction.inBase(base)
        total += 1
        var low = 0, high = newest.count
        while low < high {
            let middle = (low + high) / 2
            if Transaction.newestFirst(newest[middle], transaction) { low = middle + 1 } else { high = middle }
        }
        guard low < capacity else { return }
        newest.insert(transaction, at: low)
        if newest.count > capacity { newest.removeLast() }
    }
}

extension NewestTransactions: TransactionsProjection {
    public var checkpointName: String { "newest-transactions-v1-\(capacity)-\(base)" }

    public func replaying(_ history: [Transaction]) -> NewestTransactions {
        var replayed = NewestTransactions(base: base, capacity: capacity)
        let order = history.indices.sorted { Transaction.newestFirst(history[$0], history[$1]) }.prefix(capacity)
        replayed.newest = order.map { history[$0].inBase(base) }
        replayed.total = history.count
        return replayed
    }

    public mutating func fold(_ transaction: Transaction) -> Bool {
        insert(transaction)
        return true
    }

    /// Each as the ledger holds it: the codec's own entry, read back by the codec.
    public func write(to writer: inout CheckpointWriter) {
        writer.write(base)
        writer.write(capacity)
        writer.write(total)
        writer.write(entries: newest.map { TransactionsLedgerCodec.entry(for: $0, updatedAt: $0.updatedAt.millisecondsSince1970) })
    }

    public func decoded(from reader: inout CheckpointReader) throws(CheckpointReader.Damaged) -> NewestTransactions? {
        guard try reader.readString() == base, try reader.readNonNegative() == capacity else { return nil }
        var decoded = NewestTransactions(base: base, capacity: capacity)
        decoded.total = try reader.readNonNegative()
        do {
            decoded.newest = try reader.readEntries().map { entry throws(LedgerDecodingError) in
                guard let transaction = try TransactionsLedgerCodec.record(from: entry) else { throw .invalidField(id: entry.id, kind: entry.kind, field: "kind") }
                return transaction
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
