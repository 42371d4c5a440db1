import Ledger

/// The tally of every transaction on the ledger (see `TransactionsTally`): the Transactions
/// feature's port for what its rules and the cash balances need without the history.
public protocol TransactionsTallying {
    func tally() throws(TransactionsStoreError) -> TransactionsTally
}

/// The tally kept in a checkpoint of the ledger's log, brought up to date by the lines since.
public final class CheckpointedTransactionsTally: TransactionsTallying {
    private let reader: CheckpointedProjectionReader<TransactionsTally>

    /// - Parameter base: the base currency's code, which the tally counts as no currency.
    public init(log: CheckpointableLedger, base: String) {
        reader = CheckpointedProjectionReader(log: log, empty: TransactionsTally(base: base))
    }

    public func tally() throws(TransactionsStoreError) -> TransactionsTally {
        try reader.current()
    }
}
