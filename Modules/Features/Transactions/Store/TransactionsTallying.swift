import Ledger

/// The tally of every transaction on the ledger (see `TransactionsTally`): the Transactions
/// feature's port for what its rules and the cash balances need without the history.
public protocol TransactionsTallying {
    func tally() throws(TransactionsStoreError) -> TransactionsTally
}

/// What a change would make of the tally: the Transactions feature's port for checking the rules
/// of an edit, a delete or a back-dated add without reading the history.
public protocol TransactionChangeTallying {
    /// The tally with the transaction `id` replaced by `replacement` (nil: deleted), and the
    /// version it replaces; nil when only the history can tell (the transaction is older than
    /// the recent ones a checkpoint can take back out).
    func tally(replacing id: String, with replacement: Transaction?) throws(TransactionsStoreError) -> TallyAfterChange?
}

public struct TallyAfterChange: Equatable {
    /// The live transaction the change replaces; nil when there is none with that id.
    public let earlier: Transaction?
    public let tally: TransactionsTally

    public init(earlier: Transaction?, tally: TransactionsTally) {
        self.earlier = earlier
        self.tally = tally
    }
}

/// The tally kept in a checkpoint of the ledger's log, brought up to date by the lines since.
public final class CheckpointedTransactionsTally: TransactionsTallying, TransactionChangeTallying {
    private let reader: CheckpointedProjectionReader<TransactionsTally>

    /// - Parameters:
    ///   - base: the base currency's code, which the tally counts as no currency.
    ///   - recentRecords: how many of the newest transactions, at least, a change can reach
    ///     without a replay (`CheckpointedProjectionReader`).
    public init(log: CheckpointableLedger, base: String, recentRecords: Int = 2_048) {
        reader = CheckpointedProjectionReader(log: log, empty: TransactionsTally(base: base), recentRecords: recentRecords)
    }

    public func tally() throws(TransactionsStoreError) -> TransactionsTally {
        try reader.current()
    }

    public func tally(replacing id: String, with replacement: Transaction?) throws(TransactionsStoreError) -> TallyAfterChange? {
        // A tombstone's kind doesn't matter to a fold: it removes whatever the id held.
        let line = replacement.map { TransactionsLedgerCodec.entry(for: $0) } ?? LedgerEntry.tombstone(id: id, kind: TransactionType.buy.rawValue, at: 0)
        return try reader.projected(appending: [line]).map { TallyAfterChange(earlier: $0.replaced[id], tally: $0.projection) }
    }
}
