import Ledger

/// The tally of every transaction on the ledger (see `TransactionsTally`): the Transactions
/// feature's port for what its rules and the cash balances need without the history.
public protocol TransactionsTallying {
    func tally() throws(TransactionsStoreError) -> TransactionsTally
}

/// What a change would make of the tally: the Transactions feature's port for checking the rules
/// of an edit, a delete, a back-dated add or an undo without reading the history.
public protocol TransactionChangeTallying {
    /// The tally with every transaction named replaced at once (a nil replacement: deleted), and
    /// the versions they replace; nil when only the history can tell (one of them is older than
    /// the recent ones a checkpoint can take back out, or the checkpoint is out of date).
    func tally(replacing changes: [TransactionReplacement]) throws(TransactionsStoreError) -> TallyAfterChange?
    /// The tally as it stands, when its checkpoint tells it without a replay; nil when only the
    /// history can tell.
    func tallyWithoutReplay() throws(TransactionsStoreError) -> TransactionsTally?
}

extension TransactionChangeTallying {
    /// The tally with the transaction `id` replaced by `replacement` (nil: deleted).
    public func tally(replacing id: String, with replacement: Transaction?) throws(TransactionsStoreError) -> TallyAfterChange? {
        try tally(replacing: [TransactionReplacement(id: id, replacement: replacement)])
    }
}

/// One transaction of a change: what replaces the live one with its id (nil: deleted).
public struct TransactionReplacement: Equatable {
    public let id: String
    public let replacement: Transaction?

    public init(id: String, replacement: Transaction?) {
        self.id = id
        self.replacement = replacement
    }
}

public struct TallyAfterChange: Equatable {
    /// The live transactions the change replaces, by id: none for an id it creates.
    public let replaced: [String: Transaction]
    public let tally: TransactionsTally

    public init(replaced: [String: Transaction], tally: TransactionsTally) {
        self.replaced = replaced
        self.tally = tally
    }

    /// A change of one transaction, replacing `earlier` (nil: it creates the transaction).
    public init(earlier: Transaction?, tally: TransactionsTally) {
        self.init(replaced: earlier.map { [$0.id: $0] } ?? [:], tally: tally)
    }

    /// The version a change of one transaction replaces; nil when there is none with its id.
    public var earlier: Transaction? { replaced.values.first }
}

/// The tally kept in a checkpoint of the ledger's log, brought up to date by the lines since.
public final class CheckpointedTransactionsTally: TransactionsTallying, TransactionChangeTallying {
    private let reader: CheckpointedProjectionReader<TransactionsTally>

    /// - Parameters:
    ///   - base: the base currency's code, which the tally counts as no currency.
    ///   - recentRecords: how many of the newest transactions, at least, a change can reach
    ///     without a replay (`CheckpointedProjectionReader`).
    ///   - companions: the other projections of the transactions a replay for the tally rebuilds.
    public init(log: CheckpointableLedger, base: String, recentRecords: Int = 2_048, companions: ReplayCompanions<Transaction>? = nil) {
        reader = CheckpointedProjectionReader(log: log, empty: TransactionsTally(base: base), recentRecords: recentRecords, companions: companions)
    }

    public func tally() throws(TransactionsStoreError) -> TransactionsTally {
        try reader.current()
    }

    public func tallyWithoutReplay() throws(TransactionsStoreError) -> TransactionsTally? {
        try reader.currentWithoutReplay()
    }

    public func tally(replacing changes: [TransactionReplacement]) throws(TransactionsStoreError) -> TallyAfterChange? {
        // A tombstone's kind doesn't matter to a fold: it removes whatever the id held.
        let lines = changes.map { change in
            change.replacement.map { TransactionsLedgerCodec.entry(for: $0) } ?? LedgerEntry.tombstone(id: change.id, kind: TransactionType.buy.rawValue, at: 0)
        }
        return try reader.projected(appending: lines).map { TallyAfterChange(replaced: $0.replaced, tally: $0.projection) }
    }
}
