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
